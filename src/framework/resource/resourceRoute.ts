import { createElement, type ComponentType } from 'react';
import type { Resource } from '../../domain/resource';
import { resourcePage, type ResourceView } from '../../domain/routing';
import { lazyPage, type Preloadable } from '../lazyWithRetry';

/** A page's component; a lazy one (src/framework/lazyWithRetry.ts) can be loaded before it mounts. */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown>; loaded?: () => boolean };

/** Page key (a route's `page` in src/domain/routes.ts) → the lazy component that renders it. */
export type PageMap = Record<string, PageComponent>;

const ResourceListPage = lazyPage(() => import('./ResourceList'), 'ResourceList');
const ResourceCreatePage = lazyPage(() => import('./ResourcePages'), 'ResourceCreate');
const ResourceEditPage = lazyPage(() => import('./ResourcePages'), 'ResourceEdit');

/**
 * A resource folder's bespoke pages: a replaced list or form (`list: StoreList` for bespoke cells),
 * and in `pages` the pages of the definition's own `views`, keyed by view (`excelUpload` for the
 * page `<name>.excelUpload`).
 */
export type ResourceViews = Partial<Record<ResourceView, PageComponent>> & { pages?: Record<string, PageComponent> };

/**
 * The pages of a declared resource, for the routes `resourceMenuEntry` gives it (list at its route,
 * `register` and `edit/{id}` below it, its own views): the generic list and forms, each a lazy
 * chunk, unless its folder replaces them (`own`, src/pages.ts). The app mounts each at its route,
 * guarded, in the resource's context (src/App.tsx).
 */
export function resourceRoute(def: Resource, own: ResourceViews = {}): PageMap {
  const generic = (Page: Preloadable<ComponentType<{ def: Resource }>>): PageComponent =>
    Object.assign(() => createElement(Page, { def }), { preload: Page.preload, loaded: Page.loaded });
  const views: Record<ResourceView, PageComponent> = {
    list: own.list ?? generic(ResourceListPage),
    register: own.register ?? generic(ResourceCreatePage),
    edit: own.edit ?? generic(ResourceEditPage),
  };
  return Object.fromEntries(Object.entries({ ...views, ...own.pages }).map(([view, page]) => [resourcePage(def, view), page]));
}
