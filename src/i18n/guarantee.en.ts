import type { Shape } from './shape';
import type { guaranteeKo } from './guarantee.ko';

/** English texts of the Guarantees screens, same keys as guarantee.ko.ts. */
export const guaranteeEn: Shape<typeof guaranteeKo> = {
  guarantee: {
    title: 'Guarantees',
  },
};
