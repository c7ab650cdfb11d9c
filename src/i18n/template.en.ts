import type { Shape } from './shape';
import type { templateKo } from './template.ko';

/** English texts of the Guarantee settings screens, same keys as template.ko.ts. */
export const templateEn: Shape<typeof templateKo> = {
  template: {
    title: 'Guarantee settings',
  },
};
