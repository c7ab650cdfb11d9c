import { field, yupSchemaOf, type InputOf, type Resource } from '../resource';
import { CUSTOMER_MSG, CUSTOMER_NAME_MAX, GENDERS } from '../customer';
import { DEFAULT_COUNTRY_CODE, GUARANTEE_MSG, PHONE_INPUT_MAX, phoneError } from '../guarantee';

const consent = () => field.flag({ invalid: CUSTOMER_MSG.ynInvalid, default: 'N' });
const readFlag = () => field.flag({ invalid: CUSTOMER_MSG.ynInvalid, default: 'N', readOnly: true });
const count = () => field.integer();
/** YYYYMMDD (Asia/Seoul) or null, set by the server. */
const readText = () => field.text({ readOnly: true });

/**
 * Customers (spec 3, issue 5): their one name, API path, console route, menu item and access, and
 * the fields of a customer record with their rules and Korean messages. Not a plain resource (not
 * in ./registry.ts: no derived table, CRUD routes or generic pages): the list's search, filters and
 * order, grades, points, the overview and the export are bespoke (server/modules/customers,
 * src/resources/customer). They read this declaration: the register/edit body's schema
 * (customerFormSchema below: the console dialog and the server's POST and PATCH validation), the
 * OpenAPI record and body, and the dialog's inputs and labels (`customer.fields.<source>`,
 * src/i18n/resources/customer.ko.ts). The phone is checked against the country code with the
 * guarantee form's rules (050/070 refused for 82); the birthday is typed YYYY-MM-DD or YYYYMMDD.
 *
 * Derived from it: the menu item `customerList` first in the customer section with its routes (the
 * list, and the detail at `detail/{id}`; register and edit are dialogs of the list), the
 * dataProvider entry `customer` (the spec's orderBy and orderDirection for the sort), the API path.
 * Sub-accounts read and add/edit customers; the main-account-only operations (grades, settings,
 * downloads) are server/modules/customers/access.ts's.
 */
export const customerResource = {
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
  fields: {
    customerIdx: field.key(),
    customerName: field.text({ required: CUSTOMER_MSG.nameRequired, max: { length: CUSTOMER_NAME_MAX, message: CUSTOMER_MSG.nameTooLong } }),
    /** Korean numbers are stored as national digits (leading 0). */
    customerPhone: field.phone({
      required: GUARANTEE_MSG.ordererTelRequired,
      max: { length: PHONE_INPUT_MAX, message: GUARANTEE_MSG.ordererTelInvalid },
      countryField: 'countryCode',
      check: (tel, countryCode) => phoneError(tel, countryCode || DEFAULT_COUNTRY_CODE),
    }),
    /** Checked by the phone's rule (GUARANTEE_MSG.countryCodeInvalid on customerPhone); an empty one is 82. */
    countryCode: field.countryCode({ default: DEFAULT_COUNTRY_CODE }),
    hasWallet: readFlag(),
    hasCafe24Interwork: readFlag(),
    customerGroupIdx: field.integer({ nullable: true }),
    customerGroupName: readText(),
    interworkCustomerGroupName: readText(),
    nftTotalGuaranteeAmount: count(),
    totalOrderPrice: count(),
    totalOrderCount: count(),
    platformOrderCount: count(),
    ownMallOrderCount: count(),
    offlineOrderCount: count(),
    latestOrderedAt: readText(),
    customerPoint: count(),
    interworkPoint: count(),
    latestIssuedMembershipName: readText(),
    couponRemainCount: count(),
    couponUsedCount: count(),
    isInterworkAgreeSendSMS: readFlag(),
    isInterworkAgreeSendEmail: readFlag(),
    interworkEmail: readText(),
    userGender: field.choice({ options: GENDERS, invalid: CUSTOMER_MSG.genderInvalid }),
    /** Answered as YYYYMMDD. */
    birthday: field.date({ invalid: CUSTOMER_MSG.birthdayInvalid, compact: true }),
    email: field.email({ invalid: CUSTOMER_MSG.emailFormat }),
    isAgreeMarketing: consent(),
    isAgreeSMS: consent(),
    isAgreeEmail: consent(),
    registeredAt: readText(),
    createdAt: field.createdAt(),
  },
} satisfies Pick<Resource, 'name' | 'base' | 'apiPath' | 'idField' | 'route' | 'menu' | 'views' | 'forms' | 'access' | 'api' | 'fields'>;

/**
 * The register/edit body (POST and PATCH /v1/admin/customers, the console's dialog), derived from
 * the definition's input fields.
 */
export const customerFormSchema = yupSchemaOf(customerResource);
export type CustomerForm = InputOf<typeof customerResource>;
