import * as yup from 'yup';
import { formatNumber } from './format';
import { FIELD_MSG } from './messages';

/** Products (spec 2 sections 3, 5 and 9): one set of rules for the form, the spreadsheet rows and the server. */

export const PRODUCT_CATEGORIES = {
  1: '가방',
  2: '지갑',
  3: '시계',
  4: '의류',
  5: '신발',
  6: '액세서리',
  7: '잡화',
} as const;
export type ProductCategoryCode = keyof typeof PRODUCT_CATEGORIES;
export const PRODUCT_CATEGORY_CODES = Object.keys(PRODUCT_CATEGORIES).map(Number) as ProductCategoryCode[];

export const PRODUCT_PRICE_MAX = 100_000_000;
/** The price input's max length, commas included ("100,000,000" is 11). */
export const PRODUCT_PRICE_INPUT_MAX_LENGTH = 11;
export const PRODUCT_WARRANTY_MAX = 2000;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_TEXT_MAX = 100;
export const PRODUCT_IMAGE_MAX = 1;
export const PRODUCT_EXPORT_PAGE_SIZE = 1000;

export const PRODUCT_MSG = {
  nameRequired: '상품명을 입력해 주세요',
  nameTooLong: `상품명은 ${PRODUCT_NAME_MAX}자까지 입력할 수 있어요`,
  brandRequired: '브랜드를 선택해 주세요',
  priceFormat: '가격은 0 이상의 숫자로 입력해 주세요',
  priceMax: '가격은 100,000,000원 이하로 입력해 주세요',
  warrantyMax: `보증 내용은 ${PRODUCT_WARRANTY_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있어요`,
  categoryInvalid: '카테고리는 1~7 중에서 선택해 주세요',
  textTooLong: `${PRODUCT_TEXT_MAX}자까지 입력할 수 있어요`,
  notFound: '존재하지 않는 상품이에요',
  imageMax: (n: number) => `최대 ${n}장만 업로드할 수 있습니다`,
} as const;

/** "1,234,000" → 1234000; '' → null; anything else that is not a whole number → NaN. */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return input;
  const raw = input.replace(/,/g, '').trim();
  if (raw === '') return null;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** 1234000 → "1,234,000" while typing; non-digits are dropped. */
export function formatPrice(input: string | number | null | undefined): string {
  const digits = String(input ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits ? formatNumber(Number(digits)) : '';
}

const priceRule = yup
  .number()
  .transform((_value, original) => {
    const parsed = parsePrice(original as string | number | null | undefined);
    return parsed === null ? undefined : parsed;
  })
  .typeError(PRODUCT_MSG.priceFormat)
  .integer(PRODUCT_MSG.priceFormat)
  .min(0, PRODUCT_MSG.priceFormat)
  .max(PRODUCT_PRICE_MAX, PRODUCT_MSG.priceMax)
  .nullable()
  .optional();

const optionalText = yup.string().trim().max(PRODUCT_TEXT_MAX, PRODUCT_MSG.textTooLong).nullable().optional();

/**
 * A product form or spreadsheet row. Context `{ requireBrand: true }` for multi-brand (cooperator)
 * accounts, whose products must name a brand; brand-type accounts get their own brand preselected.
 */
export const productSchema = yup.object({
  name: yup.string().trim().required(PRODUCT_MSG.nameRequired).max(PRODUCT_NAME_MAX, PRODUCT_MSG.nameTooLong),
  brandIdx: yup
    .number()
    .integer()
    .positive(PRODUCT_MSG.brandRequired)
    .nullable()
    .optional()
    .when('$requireBrand', { is: true, then: (s) => s.required(PRODUCT_MSG.brandRequired).typeError(PRODUCT_MSG.brandRequired) }),
  code: optionalText,
  barcode: optionalText,
  modelNum: optionalText,
  price: priceRule,
  paymentAmount: priceRule,
  warranty: yup.string().max(PRODUCT_WARRANTY_MAX, PRODUCT_MSG.warrantyMax).nullable().optional(),
  categoryCode: yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(PRODUCT_MSG.categoryInvalid)
    .oneOf([...PRODUCT_CATEGORY_CODES, undefined], PRODUCT_MSG.categoryInvalid)
    .nullable()
    .optional(),
  material: optionalText,
  size: optionalText,
  weight: optionalText,
  /** Path of an uploaded image (from the upload endpoints), at most one. */
  productImage: yup.string().trim().max(500).nullable().optional(),
});
export type ProductInput = yup.InferType<typeof productSchema>;

export { FIELD_MSG };

/** Image extensions accepted for product images (spec 2 section 5, Excel upload). */
export const PRODUCT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
/** The most image bytes one upload may carry. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows one bulk-create request may carry; a spreadsheet of 10,000 rows goes in 10 requests. */
export const PRODUCT_BULK_MAX_ROWS = 1000;
/** The list search types of the products list. */
export const PRODUCT_SEARCH_TYPES = ['all', 'name', 'code', 'barcode'] as const;
export type ProductSearchType = (typeof PRODUCT_SEARCH_TYPES)[number];
/** Sortable product list fields (`sort=field,ASC|DESC`, default createdAt,DESC). */
export const PRODUCT_SORT_FIELDS = ['createdAt', 'name', 'price'] as const;

