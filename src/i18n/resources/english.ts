import { merged } from './index';

/** The declared resources' English labels (`<name>.en.ts`), loaded with the English catalogue only. */
export const declaredResourcesEn = merged(import.meta.glob<object>('./*.en.ts', { eager: true, import: 'default' }));
