import type { ResourceIdentity } from '../resource';

/**
 * Customers (spec 3, issue 5): who they are to the console and the API, declared once. Their fields
 * are not declared yet: the register/edit body keeps its own yup schema (src/domain/customer.ts
 * `customerFormSchema`: the phone checked against the country code, the birthday as YYYY-MM-DD or
 * YYYYMMDD), which the field kinds of ../resource.ts cannot say. So they stay out of the registry
 * (no derived table, CRUD routes or generic pages); the server keeps its own routes
 * (server/modules/customers), whose access rules are these.
 *
 * Derived from it: the menu item `customerList` first in the customer section with its routes (the
 * list, and the detail at `detail/{id}`; register and edit are dialogs of the list), the
 * dataProvider entry `customer` (the spec's orderBy and orderDirection for the sort), the API path.
 * Sub-accounts read and add/edit customers; the main-account-only operations (grades, settings,
 * downloads) are server/modules/customers/access.ts's.
 */
export const customerResource: ResourceIdentity = {
  name: 'customer',
  base: 'main',
  apiPath: '/v1/admin/customers',
  idField: 'customerIdx',
  route: '/b2b/customer',
  menu: { key: 'customerList', section: 'customer', label: 'shell.menu.customerList' },
  views: [{ path: 'detail/:id', view: 'detail' }],
  forms: 'dialog',
  access: { read: { feature: 'CUSTOMER' }, write: { feature: 'CUSTOMER', write: true } },
  api: { sortParams: { field: 'orderBy', order: 'orderDirection' }, delete: false },
};
