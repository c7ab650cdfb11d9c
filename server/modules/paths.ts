import { customerResource } from '../../src/domain/resources/customer';
import { guaranteeResource } from '../../src/domain/resources/guarantee';

/** The account paths of spec 1 section 7, inside the main API base. */
export const PARTNERSHIPS = '/v1/admin/partnerships';
/** Spec 2 section 7 (Products, Supporting), inside the main API base. */
export const PRODUCTS = '/v1/admin/partners-product';
export const STORES = '/v1/admin/store';
export const BRANDS = '/v1/admin/brand';
export const FILE_UPLOAD = '/v1/file/upload';
export const COMMON_FILE = '/v1/common/file';
/** Spec 2 section 7 (Guarantees), inside the main API base: their definition's; templates': templateResource (src/domain/resources/template.ts). */
export const NFT = guaranteeResource.apiPath;
/** The public certificate (no login): the JSON under the main base, the page at the site root. */
export const PUBLIC_CERTIFICATE = '/v1/public/certificate';
export const CERTIFICATE_PAGE = '/certificate';
/** Spec 3 section 7 (Customers), inside the main API base; the customers' own path is their definition's. */
export const CUSTOMERS = customerResource.apiPath;
export const CUSTOMERS_GROUP = '/v1/admin/customers-group';
export const CUSTOMER_OVERVIEW = '/customer/v1/overview';
export const CUSTOMERS_DASHBOARD = '/v2/admin/customers/dashboard';
