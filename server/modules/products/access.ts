import type { AccessRule } from '../../../src/domain/access';

/** Products need the PRODUCT feature and a subscription; sub-accounts work on them too. */
export const PRODUCT_ACCESS = {
  read: { feature: 'PRODUCT' },
  write: { feature: 'PRODUCT', write: true },
} as const satisfies Record<string, AccessRule>;
