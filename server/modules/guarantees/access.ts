import type { AccessRule } from '../../../src/domain/access';

/** Guarantees need the GUARANTEE feature and a subscription (issuing is gated by it); sub-accounts work on them too. */
export const GUARANTEE_ACCESS = {
  read: { feature: 'GUARANTEE' },
  write: { feature: 'GUARANTEE', write: true },
} as const satisfies Record<string, AccessRule>;
