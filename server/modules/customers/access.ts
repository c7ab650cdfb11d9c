import type { AccessRule } from '../../../src/domain/access';

/**
 * Customers need the CUSTOMER feature and a subscription (b2b only: repairers and launderers get
 * FORBIDDEN_ROLE). Sub-accounts see the customer list and the grade page (src/domain/menu.ts
 * customerList, customerGrade), so they read everything and add/edit customers; changing the
 * grade list, the point settings, running grades and requesting or reading the download audit are
 * the main account's (SUB_ACCOUNT_FORBIDDEN): the grade page is read-only for a sub-account.
 */
export const CUSTOMER_ACCESS = {
  read: { feature: 'CUSTOMER' },
  write: { feature: 'CUSTOMER', write: true },
  mainRead: { feature: 'CUSTOMER', mainOnly: true },
  mainWrite: { feature: 'CUSTOMER', mainOnly: true, write: true },
} as const satisfies Record<string, AccessRule>;
