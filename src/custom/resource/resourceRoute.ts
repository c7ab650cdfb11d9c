import { createElement, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { routeNameOf, type Resource } from '../../domain/resource';
import { lazyPage } from '../lazyWithRetry';
import { asPage, RouteResolver } from '../Page';

const ResourceListPage = asPage(lazyPage(() => import('./ResourceList'), 'ResourceList'));
const ResourceCreatePage = asPage(lazyPage(() => import('./ResourcePages'), 'ResourceCreate'));
const ResourceEditPage = asPage(lazyPage(() => import('./ResourcePages'), 'ResourceEdit'));

/**
 * The react-admin `<Resource>` of a declared resource, for `<Resource {...resourceRoute(def)} />`:
 * mounted at its route (the spec's path), the list there, `register` and `edit/{id}` below it, each a
 * lazy, guarded page (the menu item's rule, `access.read`). `list` replaces the generic list (bespoke
 * cells). Any other path below the route resolves like a route outside any resource (channel items
 * such as /b2b/store/waiting, unknown paths): the list route would otherwise take it.
 */
export function resourceRoute(def: Resource, { list }: { list?: ComponentType } = {}) {
  const List = list ? asPage(list) : () => createElement(ResourceListPage, { def });
  return {
    name: routeNameOf(def),
    list: List,
    children: [
      createElement(Route, { key: 'register', path: 'register', element: createElement(ResourceCreatePage, { def }) }),
      createElement(Route, { key: 'edit', path: 'edit/:id', element: createElement(ResourceEditPage, { def }) }),
      createElement(Route, { key: 'other', path: ':other/*', element: createElement(RouteResolver) }),
    ],
  };
}
