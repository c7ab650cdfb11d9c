import { defineResource, field, searchTypesOf, yupSchemaOf, type InputOf } from '../resource';
import { FIELD_MSG } from '../messages';
import {
  PRODUCT_BULK_MAX_ROWS, PRODUCT_CATEGORIES, PRODUCT_MSG, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_TEXT_MAX, PRODUCT_WARRANTY_MAX,
} from '../product';

const textMax = { length: PRODUCT_TEXT_MAX, message: PRODUCT_MSG.textTooLong };
const price = () => field.number({ invalid: PRODUCT_MSG.priceFormat, min: 0, max: { value: PRODUCT_PRICE_MAX, message: PRODUCT_MSG.priceMax }, won: true });

/**
 * Products (spec 2 sections 3, 5 and 9): the catalogue of a tenant with the PRODUCT feature,
 * sub-accounts included. Cooperator (multi-brand) accounts must name one of their brands
 * (validation context `requireBrand`); a brand-type account's products take its own brand.
 * The list searches name, code and barcode (several terms, contains), filters by brand, category
 * and registration day, and sorts by registration, name or price (server/modules/products). Its own
 * pages: the spreadsheet upload and the detail at `/b2b/product/{idx}` (src/resources/product).
 */
export const productResource = defineResource({
  name: 'product',
  base: 'main',
  apiPath: '/v1/admin/partners-product',
  idField: 'idx',
  route: '/b2b/product',
  menu: { key: 'product', section: 'product', after: 'guaranteeHistory' },
  views: [{ path: 'excel-upload', view: 'excelUpload' }, { path: ':id', view: 'show' }],
  access: { read: { feature: 'PRODUCT' }, write: { feature: 'PRODUCT', write: true } },
  fields: {
    idx: field.key(),
    name: field.text({ required: PRODUCT_MSG.nameRequired, max: { length: PRODUCT_NAME_MAX, message: PRODUCT_MSG.nameTooLong }, searchable: true, span: 6 }),
    brandIdx: field.reference({ picker: 'brand-list', required: PRODUCT_MSG.brandRequired, requiredIf: 'requireBrand', span: 6 }),
    brandName: field.text({ readOnly: true }),
    code: field.text({ max: textMax, searchable: true, span: 6 }),
    barcode: field.text({ max: textMax, searchable: true, span: 6 }),
    modelNum: field.text({ max: textMax, input: false }),
    price: { ...price(), span: 6 },
    paymentAmount: { ...price(), input: false },
    categoryCode: field.select({ options: PRODUCT_CATEGORIES, invalid: PRODUCT_MSG.categoryInvalid, span: 6 }),
    categoryName: field.text({ readOnly: true }),
    material: field.text({ max: textMax, span: 4 }),
    size: field.text({ max: textMax, span: 4 }),
    weight: field.text({ max: textMax, span: 4 }),
    warranty: field.text({ multiline: true, max: { length: PRODUCT_WARRANTY_MAX, message: PRODUCT_MSG.warrantyMax } }),
    productImage: field.image({ maxPathLength: 500, invalid: FIELD_MSG.productImageInvalid }),
    createdAt: field.createdAt(),
    updatedAt: field.datetime(),
  },
  list: {
    order: [{ field: 'createdAt', dir: 'desc' }, { field: 'idx', dir: 'desc' }],
    linkColumn: 'name',
    columns: ['productImage', 'name', 'code', 'barcode', 'categoryCode', 'brandName', 'price', 'createdAt'],
    searchAll: true,
    sortable: ['createdAt', 'name', 'price'],
    filters: ['brandIdx', 'categoryCode'],
    dateRange: 'createdAt',
  },
  api: {
    bulkDelete: { key: 'productIdxList', max: PRODUCT_BULK_MAX_ROWS, required: FIELD_MSG.productIdxListRequired },
    picker: false,
    partialUpdate: true,
    notFound: PRODUCT_MSG.notFound,
  },
});

/**
 * A product form or spreadsheet row, derived from the definition. Context `{ requireBrand: true }`
 * for cooperator accounts, whose products must name a brand.
 */
export const productSchema = yupSchemaOf(productResource);
export type ProductInput = InputOf<typeof productResource>;

/** The list's search types (`all`, then the searchable fields) and sortable fields. */
export const PRODUCT_SEARCH_TYPES = searchTypesOf(productResource) as readonly ProductSearchType[];
export type ProductSearchType = 'all' | 'name' | 'code' | 'barcode';
export type ProductSortField = 'createdAt' | 'name' | 'price';
export const PRODUCT_SORT_FIELDS = productResource.list.sortable as readonly ProductSortField[];
