import type { AccessRule } from './access';
import type { Resource, ResourceIdentity } from './resource';

/**
 * The vocabulary of the route table (src/domain/routes.ts): plain data, no React, so the menu, the
 * route guard, entry.ts, both apps, the server and the tests read the same rows.
 */

/** The bundle that serves a path (spec 1 sections 2.1 and 2.2): the light auth app for the public pages and /signedout. */
export type RouteApp = 'admin' | 'public' | 'signedOut';

/** One console path. In `path`, `:id` is a numeric segment and any other `:name` a non-empty one. */
export interface ConsoleRoute {
  path: string;
  /** The admin app unless said. */
  app?: RouteApp;
  /** The page that renders it, a key of the app's page map; none only redirects (home). */
  page?: string;
  /** The dataProvider resource its page works on, given as react-admin's resource context. */
  resource?: string;
  /** Who may open it, when that differs from the rule of the menu item it belongs to. */
  rule?: AccessRule;
  /** A path that only sends the user home (spec 1 section 2.2). */
  home?: true;
  /** 'none': the page fills the window, without the shell's header and sidebar (the brand lounge settings, spec 3 section 2). */
  layout?: 'none';
}

/** A side-menu item and the routes it owns: the first is its link, every one highlights it and is guarded by its rule. */
export interface MenuEntry {
  key: string;
  /** The label's i18n key; `shell.menu.<key>` unless the item is a declared resource's (`<name>.title`). */
  labelKey?: string;
  /** Who sees the item; a group has none and shows when one of its children does. */
  rule?: AccessRule;
  routes?: ConsoleRoute[];
  children?: MenuEntry[];
  isNew?: boolean;
  dot?: boolean;
}

export type MenuSectionKey = 'main' | 'customer' | 'product' | 'channel' | 'additional';

export interface MenuSectionEntry {
  key: MenuSectionKey;
  items: MenuEntry[];
}

/** A route as the guard and the apps read it: its app settled and the menu item it belongs to. */
export interface RouteRow extends ConsoleRoute {
  app: RouteApp;
  /** The owning item, its rule and (for a child) its group's key. */
  menu?: { key: string; rule: AccessRule; group?: string };
}

/** The derived views of a declared resource, and their page keys (`<name>.<view>`, its own views' too) in the app's page map. */
export type ResourceView = 'list' | 'register' | 'edit';
export const resourcePage = (def: Pick<Resource, 'name'>, view: string) => `${def.name}.${view}`;

/**
 * The menu item of a declared resource: the list at its route, `register` and `edit/{id}` below it
 * (none when its forms are dialogs of the list) guarded by the write rule (the one the server
 * applies to POST and PATCH), the item and the list by the read rule, then the resource's own
 * `views` (an upload, a detail page) under the read rule, then the register page's other paths.
 */
export function resourceMenuEntry(def: ResourceIdentity): MenuEntry {
  const route = (path: string, view: string, rule?: AccessRule): ConsoleRoute => ({
    path,
    page: resourcePage(def, view),
    resource: def.name,
    ...(rule ? { rule } : {}),
  });
  return {
    key: def.menu.key,
    labelKey: def.menu.label ?? `${def.name}.title`,
    rule: def.access.read,
    ...(def.menu.isNew ? { isNew: true } : {}),
    routes: [
      route(def.route, 'list'),
      ...(def.forms === 'dialog' ? [] : [
        route(`${def.route}/${def.registerPath ?? 'register'}`, 'register', def.access.write),
        route(`${def.route}/edit/:id`, 'edit', def.access.write),
      ]),
      ...(def.views ?? []).map((v) => route(`${def.route}/${v.path}`, v.view)),
      ...(def.forms === 'dialog' ? [] : (def.registerAliases ?? []).map((path) => route(path, 'register', def.access.write))),
    ],
  };
}

/**
 * The hand-written sections with every declared resource's item at its place (`menu.section`, after
 * `menu.after`). A resource may follow another one, whatever their order in the registry; a place
 * that names no item is an error at load, so a mistyped key fails every test that reads the table.
 */
export function placeResources(sections: readonly MenuSectionEntry[], defs: readonly ResourceIdentity[]): MenuSectionEntry[] {
  const placed = sections.map((s) => ({ ...s, items: [...s.items] }));
  let pending = [...defs];
  while (pending.length > 0) {
    const waiting = pending.filter((def) => {
      const items = placed.find((s) => s.key === def.menu.section)?.items;
      if (!items) throw new Error(`resource ${def.name}: no menu section ${def.menu.section}`);
      const at = def.menu.after === undefined ? 0 : items.findIndex((item) => item.key === def.menu.after) + 1;
      if (at === 0 && def.menu.after !== undefined) return true;
      items.splice(at, 0, resourceMenuEntry(def));
      return false;
    });
    if (waiting.length === pending.length) {
      throw new Error(`resource ${waiting[0].name}: no menu item ${waiting[0].menu.after} in section ${waiting[0].menu.section}`);
    }
    pending = waiting;
  }
  return placed;
}

/** The rows of the menu sections, each route once, with the item that owns it. */
export function menuRows(sections: MenuSectionEntry[]): RouteRow[] {
  const rowsOf = (item: MenuEntry, group?: string): RouteRow[] => [
    ...(item.routes ?? []).map((r) => ({ ...r, app: r.app ?? 'admin', menu: { key: item.key, rule: item.rule ?? {}, ...(group ? { group } : {}) } })),
    ...(item.children ?? []).flatMap((child) => rowsOf(child, item.key)),
  ];
  return sections.flatMap((s) => s.items.flatMap((item) => rowsOf(item)));
}

export const rowsOf = (routes: ConsoleRoute[]): RouteRow[] => routes.map((r) => ({ ...r, app: r.app ?? 'admin' }));

/** Drops the query, hash and trailing slashes. */
export function cleanPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((seg, i) => {
    if (seg === ':id') return /^\d+$/.test(got[i]);
    if (seg.startsWith(':')) return got[i] !== '';
    return seg === got[i];
  });
}

/** The row of a path (already normalized), if the table has one. */
export const findRow = (rows: readonly RouteRow[], path: string) => rows.find((r) => matchesPattern(r.path, path));
