import { createElement, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage, lazyWithRetry } from '../../custom/lazyWithRetry';
import { asPage } from '../../custom/Page';

const GuaranteeExcelUpload = lazyPage(() => import('../../custom/excel'), 'GuaranteeExcelUpload');
const GuaranteeSettingPage = lazyWithRetry(() => import('../../custom/guaranteeSetting/GuaranteeSettingPage'));

const child = (key: string, path: string, page: ComponentType) => createElement(Route, { key, path, element: createElement(asPage(page)) });

/**
 * Guarantees (spec 2 sections 2 to 8): react-admin mounts the resource at /b2b/guarantee/*, the issue
 * history. The spec's paths are the resource's own routes; each view is a lazy, guarded page.
 * The dataProvider resource is 'nft'.
 */
export const guarantees = {
  name: 'b2b/guarantee',
  list: asPage(lazyWithRetry(() => import('./GuaranteeList'))),
  children: [
    child('publish', 'publish', lazyWithRetry(() => import('./GuaranteePublish'))),
    child('register', 'register', lazyWithRetry(() => import('./GuaranteeCreate'))),
    child('offline', 'register/offline', lazyWithRetry(() => import('./GuaranteeOfflineCreate'))),
    child('excel', 'excel-upload', GuaranteeExcelUpload),
    child('setting', 'setting', GuaranteeSettingPage),
    child('edit', 'edit/:id', lazyWithRetry(() => import('./GuaranteeEdit'))),
    child('show', ':id', lazyWithRetry(() => import('./GuaranteeShow'))),
  ],
};
