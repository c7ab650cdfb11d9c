/** The account paths of spec 1 section 7, inside the main API base. */
export const PARTNERSHIPS = '/v1/admin/partnerships';
/** Spec 2 section 7 (Products, Supporting), inside the main API base. */
export const PRODUCTS = '/v1/admin/partners-product';
export const STORES = '/v1/admin/store';
export const BRANDS = '/v1/admin/brand';
export const FILE_UPLOAD = '/v1/file/upload';
export const COMMON_FILE = '/v1/common/file';
