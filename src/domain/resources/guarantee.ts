import * as yup from 'yup';
import { field, yupOfField, yupSchemaOf, type InputOf, type Resource } from '../resource';
import {
  DEFAULT_COUNTRY_CODE, GUARANTEE_API_MSG, GUARANTEE_MSG, PHONE_INPUT_MAX, RESERVATION_DAYS_MAX, isBulkImageUrl, phoneError,
} from '../guarantee';
import { PRODUCT_CATEGORIES, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_TEXT_MAX } from '../product';

const textMax = { length: PRODUCT_TEXT_MAX, message: GUARANTEE_MSG.textTooLong };
const text = () => field.text({ max: textMax });
const day = () => field.date({ invalid: GUARANTEE_MSG.dateFormat });
const amount = () => field.number({ invalid: GUARANTEE_MSG.amountFormat, min: 0, max: { value: PRODUCT_PRICE_MAX, message: GUARANTEE_MSG.amountMax }, won: true });
/** The issue form's uploads (`<tenant>/<name>.<ext>`) or a jpg, jpeg, png or webp URL. */
const UPLOAD_PATH = /^\d+\/[\w-]+\.(jpe?g|png|webp)$/i;

/**
 * Guarantees (spec 2 sections 3, 5, 7 and 9): their one name, API path, console route, menu item
 * and access, and the fields of a certificate with their rules and Korean messages. Not a plain
 * resource (not in ./registry.ts): the status machine, issuing, the spreadsheet and the history
 * are bespoke (server/modules/guarantees, src/resources/guarantee). They read this declaration:
 * the issue form's schema and body (guaranteeSchema below, `guaranteeBody`), the server's POST
 * and PATCH validation and their OpenAPI bodies, the spreadsheet's columns and headers
 * (src/domain/guaranteeSheet.ts) and the history export's headers, whose labels are
 * `guarantee.fields.<source>` (src/i18n/resources/guarantee.ko.ts). The history menu item
 * (src/domain/routes.ts) and the API routes take its access rules: the GUARANTEE feature and a
 * subscription (issuing is gated by it); sub-accounts work on guarantees too.
 *
 * The product is picked from the catalogue (partnersProductIdx) or typed in (productName then
 * required); cooperator (multi-brand) accounts name the brand, and the category of a typed-in
 * product (validation context `requireBrand`).
 */
export const guaranteeResource = {
  name: 'guarantee',
  base: 'main',
  apiPath: '/v1/admin/nft',
  idField: 'idx',
  route: '/b2b/guarantee',
  menu: { key: 'guaranteeHistory', section: 'product' },
  access: {
    read: { feature: 'GUARANTEE' },
    write: { feature: 'GUARANTEE', write: true },
  },
  fields: {
    idx: field.key(),
    nftNumber: field.text({ readOnly: true }),
    nftStatus: { type: 'integer' as const, readOnly: true as const },
    requestRoute: field.text({ readOnly: true }),
    nftTemplateIdx: field.reference({ picker: 'nft-template', required: GUARANTEE_MSG.templateRequired }),
    ordererName: field.text({ required: GUARANTEE_MSG.ordererNameRequired, max: textMax }),
    ordererCountryCode: field.countryCode({ invalid: GUARANTEE_MSG.countryCodeInvalid, default: DEFAULT_COUNTRY_CODE }),
    ordererTel: field.phone({
      required: GUARANTEE_MSG.ordererTelRequired,
      max: { length: PHONE_INPUT_MAX, message: GUARANTEE_MSG.ordererTelInvalid },
      countryField: 'ordererCountryCode',
      check: (tel, countryCode) => phoneError(tel, countryCode || DEFAULT_COUNTRY_CODE),
    }),
    orderedAt: day(),
    refOrderId: text(),
    storeIdx: field.reference({ picker: 'store-list', required: GUARANTEE_API_MSG.storeInvalid }),
    /** The store's name: filled by the server from storeIdx, typed only by the API and the spreadsheet. */
    storeName: field.text({ max: textMax, input: false }),
    brandIdx: field.reference({ picker: 'brand-list', required: GUARANTEE_MSG.brandRequired, requiredIf: 'requireBrand' }),
    brandName: field.text({ readOnly: true }),
    partnersProductIdx: field.reference({ picker: 'product', required: GUARANTEE_MSG.productRequired }),
    productName: field.text({
      max: { length: PRODUCT_NAME_MAX, message: GUARANTEE_MSG.textTooLong },
      requiredWhen: { empty: 'partnersProductIdx', message: GUARANTEE_MSG.productNameRequired },
    }),
    warrantyDate: day(),
    price: amount(),
    paymentAmount: amount(),
    /** The catalogue's product code: filled by the server from the picked product, sent only by the API. */
    productCode: field.text({ max: textMax, input: false }),
    modelNumber: text(),
    productImage: field.imageUrl({ invalid: GUARANTEE_MSG.imageUrlInvalid, accepts: (v) => isBulkImageUrl(v) || UPLOAD_PATH.test(v) }),
    categoryCode: field.select({
      options: PRODUCT_CATEGORIES,
      invalid: GUARANTEE_MSG.categoryInvalid,
      requiredWhen: { flag: 'requireBrand', empty: 'partnersProductIdx', message: GUARANTEE_MSG.categoryRequired },
    }),
    categoryName: field.text({ readOnly: true }),
    material: text(),
    size: text(),
    weight: text(),
    issuedAt: field.datetime(),
    createdAt: field.createdAt(),
  },
} satisfies Pick<Resource, 'name' | 'base' | 'apiPath' | 'idField' | 'route' | 'menu' | 'access' | 'fields'>;

/**
 * What an issue carries beside the certificate's fields: its custom fields (a free object, no field
 * kind), a temporary save (11) instead of issuing now, or a reservation (7) n days after delivery
 * (deliveredAt; defaults to orderedAt, else today).
 */
const issueOptions = {
  customField: yup.object().nullable().optional(),
  temporary: yup.boolean().optional(),
  reservationDays: yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(GUARANTEE_MSG.reservationDaysInvalid)
    .integer(GUARANTEE_MSG.reservationDaysInvalid)
    .min(1, GUARANTEE_MSG.reservationDaysInvalid)
    .max(RESERVATION_DAYS_MAX, GUARANTEE_MSG.reservationDaysInvalid)
    .nullable()
    .optional(),
  deliveredAt: yupOfField(day()),
};

/**
 * One guarantee to issue or edit: the register form, a spreadsheet row and the server's POST and
 * PATCH body, derived from the definition plus the issue options. Context `{ requireBrand: true }`
 * for cooperator accounts.
 */
export const guaranteeSchema = yupSchemaOf(guaranteeResource).shape(issueOptions);

export type GuaranteeInput = InputOf<typeof guaranteeResource> & {
  customField?: Record<string, unknown> | null;
  temporary?: boolean;
  reservationDays?: number | null;
  deliveredAt?: string | null;
};
