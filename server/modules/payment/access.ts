import type { AccessRule } from '../../../src/domain/access';

/** Plans and the current subscription are what a non-subscriber needs in order to subscribe. */
export const PAYMENT_ACCESS = {
  read: { subscribed: false },
} as const satisfies Record<string, AccessRule>;
