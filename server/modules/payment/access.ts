import type { AccessRule } from '../../../src/domain/access';
import { PAYMENT_RULE } from '../../../src/domain/menu';

/**
 * Plans and the current subscription are what a non-subscriber needs in order to subscribe, and
 * they are the payment menu's: the main account's only, as the menu shows it (spec 1 section 6).
 * The header banner needs neither: it reads the subscription from the signed-in identity.
 */
export const PAYMENT_ACCESS = {
  read: PAYMENT_RULE,
  /** Registering and removing payment cards: the main account's, never a read-only principal's. */
  write: { ...PAYMENT_RULE, write: true },
} as const satisfies Record<string, AccessRule>;
