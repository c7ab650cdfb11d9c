import type { AccessRule } from '../../../src/domain/access';

/** Stores and brands are b2b reference data: any subscribed b2b account, sub-accounts included. */
export const STORE_ACCESS = {
  read: {},
  write: { write: true },
} as const satisfies Record<string, AccessRule>;
