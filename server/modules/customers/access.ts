import type { AccessRule } from '../../../src/domain/access';
import { customerResource } from '../../../src/domain/resources/customer';

/**
 * Customers need the CUSTOMER feature and a subscription (b2b only: repairers and launderers get
 * FORBIDDEN_ROLE). Sub-accounts see the customer list and the grade page (src/domain/menu.ts
 * customerList, customerGrade), so they read everything and add/edit customers; changing the
 * grade list, the point settings, running grades and requesting or reading the download audit are
 * the main account's (SUB_ACCOUNT_FORBIDDEN): the grade page is read-only for a sub-account.
 * Read and write are the definition's (src/domain/resources/customer.ts), which the menu item and
 * its pages are guarded by too.
 */
export const CUSTOMER_ACCESS = {
  read: customerResource.access.read,
  write: customerResource.access.write,
  mainRead: { feature: 'CUSTOMER', mainOnly: true },
  mainWrite: { feature: 'CUSTOMER', mainOnly: true, write: true },
} as const satisfies Record<string, AccessRule>;
