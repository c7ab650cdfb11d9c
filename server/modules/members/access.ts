import type { AccessRule } from '../../../src/domain/access';

/**
 * Sub-accounts are managed by the brand's main account only, and like the rest of the console
 * they need an active subscription (non-subscribers keep only home and payment).
 */
export const MEMBER_ACCESS = {
  read: { mainOnly: true },
  write: { mainOnly: true, write: true },
} as const satisfies Record<string, AccessRule>;
