import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage, lazyWithRetry } from '../../custom/lazyWithRetry';
import { asPage } from '../../custom/Page';

const ProductExcelUpload = lazyPage(() => import('../../custom/excel'), 'ProductExcelUpload');

/**
 * Products (spec 2 sections 2, 3, 5, 7, 8): react-admin mounts the resource at /b2b/product/*.
 * The spec's paths differ from react-admin's defaults (create/, :id/, :id/show/), so register, edit,
 * the Excel upload and the detail are the resource's own routes; each view is a lazy, guarded page.
 * The dataProvider resource is 'partners-product'.
 */
export const products = {
  name: 'b2b/product',
  list: asPage(lazyWithRetry(() => import('./ProductList'))),
  children: [
    createElement(Route, { key: 'register', path: 'register', element: createElement(asPage(lazyWithRetry(() => import('./ProductCreate')))) }),
    createElement(Route, { key: 'excel', path: 'excel-upload', element: createElement(asPage(ProductExcelUpload)) }),
    createElement(Route, { key: 'edit', path: 'edit/:id', element: createElement(asPage(lazyWithRetry(() => import('./ProductEdit')))) }),
    createElement(Route, { key: 'show', path: ':id', element: createElement(asPage(lazyWithRetry(() => import('./ProductShow')))) }),
  ],
};
