import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/**
 * Products (spec 2 sections 2, 3, 5, 7, 8): the definition (src/domain/resources/product.ts) gives the
 * routes and the dataProvider name; register and edit are the generic pages with products' options
 * (ProductPages.tsx: the brand select and image upload in the form, the detail after saving), plus
 * the spreadsheet upload and the detail at `/b2b/product/{idx}`.
 */
export const productViews: ResourceViews = {
  list: lazyWithRetry(() => import('./ProductList')),
  register: lazyPage(() => import('./ProductPages'), 'ProductCreate'),
  edit: lazyPage(() => import('./ProductPages'), 'ProductEdit'),
  pages: {
    excelUpload: lazyPage(() => import('./ProductExcelUpload'), 'ProductExcelUpload'),
    show: lazyWithRetry(() => import('./ProductShow')),
  },
};
