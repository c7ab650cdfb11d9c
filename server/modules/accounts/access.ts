import type { AccessRule, AdminType } from '../../../src/domain/access';

const EVERY_ADMIN_TYPE: readonly AdminType[] = ['b2b', 'repairer', 'launderer'];

/**
 * Who may call the account routes. None needs a subscription: a brand whose trial ended still
 * signs in, edits its profile and pays (spec 1 section 6: non-subscribers keep home and payment).
 */
export const ACCOUNT_ACCESS = {
  /** Any signed-in admin reading or changing their own account. */
  self: { adminTypes: EVERY_ADMIN_TYPE, subscribed: false },
  selfWrite: { adminTypes: EVERY_ADMIN_TYPE, subscribed: false, write: true },
  /** The brand's own settings: brand admins, not their sub-accounts. */
  brandMain: { mainOnly: true, subscribed: false },
  brandMainWrite: { mainOnly: true, subscribed: false, write: true },
  /** Leaving is the main account's decision, for every admin type. */
  mainAccountWrite: { adminTypes: EVERY_ADMIN_TYPE, mainOnly: true, subscribed: false, write: true },
} as const satisfies Record<string, AccessRule>;
