import { createElement, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { lazyWithRetry } from '../../custom/lazyWithRetry';
import { asPage, RouteResolver } from '../../custom/Page';

const child = (key: string, path: string, page: ComponentType) => createElement(Route, { key, path, element: createElement(asPage(page)) });

/**
 * Customers (spec 3 sections 2–9, issue 5): react-admin mounts the resource at /b2b/customer/*, the
 * list; the detail (detail/{customerIdx}), the grade list and the grade setting form are the
 * resource's own routes, each a lazy, guarded page (the menu rules of src/domain/menu.ts: the detail
 * highlights the customer list, the setting form the grade item). Any other path below
 * /b2b/customer (the marketing message screen, unknown paths) resolves like a route outside any
 * resource. The dataProvider resource is 'customers'.
 */
export const customers = {
  name: 'b2b/customer',
  list: asPage(lazyWithRetry(() => import('./CustomerList'))),
  children: [
    child('detail', 'detail/:id', lazyWithRetry(() => import('./CustomerShow'))),
    child('grade', 'grade', lazyWithRetry(() => import('./GradePage'))),
    child('gradeSetting', 'grade/setting', lazyWithRetry(() => import('./GradeSettingPage'))),
    createElement(Route, { key: 'other', path: ':other/*', element: createElement(RouteResolver) }),
  ],
};
