import { highlightMenuKey, MENU_SECTIONS } from '../menu';
import { ROUTES } from '../routes';
import { inputFields } from '../resource';
import { customerResource } from './customer';

describe('the customers declaration', () => {
  it('takes the register/edit form\'s fields as its input, the rest of the record read-only', () => {
    expect(inputFields(customerResource).map(([source]) => source)).toEqual([
      'customerName', 'customerPhone', 'countryCode', 'userGender', 'birthday', 'email', 'isAgreeMarketing', 'isAgreeSMS', 'isAgreeEmail',
    ]);
  });

  it('places the customer list first in the customer section, labelled by the shell menu', () => {
    const items = MENU_SECTIONS.find((s) => s.key === 'customer')!.items;
    expect(items[0]).toMatchObject({ key: 'customerList', labelKey: 'shell.menu.customerList', path: '/b2b/customer', rule: { feature: 'CUSTOMER' } });
  });

  it('gives the list and the detail page, no register or edit page: those are dialogs of the list', () => {
    const rows = ROUTES.filter((r) => r.resource === customerResource.name);
    expect(rows.map((r) => [r.path, r.page, r.menu?.rule])).toEqual([
      ['/b2b/customer', 'customer.list', customerResource.access.read],
      ['/b2b/customer/detail/:id', 'customer.detail', customerResource.access.read],
    ]);
    expect(highlightMenuKey('/b2b/customer/detail/42')).toBe('customerList');
    expect(ROUTES.some((r) => r.path === '/b2b/customer/register' || r.path === '/b2b/customer/edit/:id')).toBe(false);
  });
});
