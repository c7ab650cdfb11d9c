import { formatPrice, parsePrice } from './format';
import { FIELD_MSG } from './messages';

/**
 * Products' constants and messages (spec 2 sections 3, 5 and 9). The fields and their rules are the
 * definition in resources/product.ts (productSchema: the form, the spreadsheet rows and the server).
 */

export { formatPrice, parsePrice };

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

export { FIELD_MSG };

/** Image extensions accepted for product images (spec 2 section 5, Excel upload). */
export const PRODUCT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
/** The most image bytes one upload may carry. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows one bulk-create request may carry; a spreadsheet of 10,000 rows goes in 10 requests. */
export const PRODUCT_BULK_MAX_ROWS = 1000;
