import type { AccessRule } from '../../../src/domain/access';

/** The balance box belongs to the brand's main account; charging must stay possible without a subscription. */
export const CREDIT_ACCESS = {
  read: { mainOnly: true, subscribed: false },
  write: { mainOnly: true, subscribed: false, write: true },
} as const satisfies Record<string, AccessRule>;
