import { createElement, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { lazyWithRetry } from '../../custom/lazyWithRetry';
import { asPage, RouteResolver } from '../../custom/Page';

const child = (key: string, path: string, page: ComponentType) => createElement(Route, { key, path, element: createElement(asPage(page)) });

/**
 * Stores (spec 2 section 3, spec 3 "Stores"): react-admin mounts the resource at /b2b/store/*, the
 * list; register and edit/{idx} are the resource's own routes (the spec's paths), each a lazy,
 * guarded page. The dataProvider resource is 'store'. Any other path below /b2b/store (the channel
 * items /b2b/store/waiting and /b2b/store/reservation, unknown paths) resolves like a route outside
 * any resource: the resource's list route would otherwise take it.
 */
export const stores = {
  name: 'b2b/store',
  list: asPage(lazyWithRetry(() => import('./StoreList'))),
  children: [
    child('register', 'register', lazyWithRetry(() => import('./StoreCreate'))),
    child('edit', 'edit/:id', lazyWithRetry(() => import('./StoreEdit'))),
    createElement(Route, { key: 'other', path: ':other/*', element: createElement(RouteResolver) }),
  ],
};
