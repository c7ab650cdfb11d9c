import type { Shape } from './shape';
import type { storeKo } from './store.ko';

/** English texts of the Stores screens, same keys as store.ko.ts. */
export const storeEn: Shape<typeof storeKo> = {
  store: {
    title: 'Stores',
  },
};
