import { checkAccess, type AccessRule } from './access';
import { toAccessContext, type Partnership } from './identity';
import { MENU_TABLE, ROUTES } from './routes';
import { cleanPath, findRow, type MenuEntry, type MenuSectionKey, type RouteRow } from './routing';

export { PAYMENT_RULE } from './routes';
export type { MenuSectionKey } from './routing';

/**
 * The side menu model (spec 1 sections 2.3, 2.4 and 6; spec 2 and 3 section 2), read from the route
 * table (src/domain/routes.ts). Pure data and rules: the sidebar renders it, the route guard asks
 * `routeAccess`, and both go through `checkAccess`, so a menu entry and its pages can never disagree.
 */
export interface MenuItem {
  key: string;
  /** The link: the first route of the item; a group has none. */
  path?: string;
  labelKey: string;
  /** Who sees it; a group shows when one of its children does. */
  rule?: AccessRule;
  children?: MenuItem[];
  isNew?: boolean;
  dot?: boolean;
  /** Shown but refused: the plan blocks it, and a click shows the blocked-feature toast (spec 2 section 5). */
  blocked?: boolean;
}

export interface MenuSection {
  key: MenuSectionKey;
  labelKey: string;
  items: MenuItem[];
}

export interface MenuEnv {
  /** The environment switch that hides the marketing-message menu (spec 1 section 6). */
  hideMarketingMessages?: boolean;
}

function menuItemOf({ key, labelKey, rule, routes, children, isNew, dot }: MenuEntry): MenuItem {
  return {
    key,
    labelKey: labelKey ?? `shell.menu.${key}`,
    ...(routes?.length ? { path: routes[0].path } : {}),
    ...(rule ? { rule } : {}),
    ...(children ? { children: children.map(menuItemOf) } : {}),
    ...(isNew ? { isNew } : {}),
    ...(dot ? { dot } : {}),
  };
}

export const MENU_SECTIONS: MenuSection[] = MENU_TABLE.map((s) => ({ key: s.key, labelKey: `shell.section.${s.key}`, items: s.items.map(menuItemOf) }));

/** The suffixes stripped, one at a time, to find the parent item (spec 1 section 2.4). */
const STRIPPABLE_SUFFIXES = [/\/register\/offline$/, /\/register$/, /\/edit\/[^/]+$/, /\/excel-upload$/, /\/\d+$/];

/**
 * The row that owns a path: its own row, else the menu row left after stripping register,
 * register/offline, edit/{id}, excel-upload and numeric ids one at a time (spec 1 section 2.4).
 * `exact` tells which, because a route's own rule guards only the route itself.
 */
function findOwner(path: string): { row: RouteRow; exact: boolean } | null {
  const own = findRow(ROUTES, path);
  if (own) return { row: own, exact: true };
  const menuRows = ROUTES.filter((r) => r.menu);
  for (let current = path; ; ) {
    const suffix = STRIPPABLE_SUFFIXES.find((re) => re.test(current));
    if (!suffix) return null;
    current = current.replace(suffix, '');
    const row = findRow(menuRows, current);
    if (row) return { row, exact: false };
  }
}

/**
 * The menu item to highlight for a path: the item owning its row, else the path with register,
 * register/offline, edit/{id}, excel-upload and numeric ids stripped. Decision for
 * /b2b/membership/guarantee/edit/{id}: it highlights 멤버십 발급 내역 (membershipHistory), like
 * the detail page it is opened from; spec 2 names only register and excel-upload for 멤버십 발급.
 */
export function highlightMenuKey(pathname: string): string | null {
  return findOwner(cleanPath(pathname))?.row.menu?.key ?? null;
}

function isAllowed(identity: Partnership, rule: AccessRule, now: Date): boolean {
  return checkAccess(toAccessContext(identity), rule, now) === null;
}

/**
 * Whether only the plan stands in the way (spec 1 section 4, spec 2 section 5: "plan restrictions
 * block the clicks" and show a toast): such an item stays in the menu, unlike one the role,
 * sub-account or a feature not in use hides.
 */
function isPlanBlocked(identity: Partnership, rule: AccessRule, now: Date): boolean {
  return !!rule.blockedPlans && !isAllowed(identity, rule, now) && isAllowed(identity, { ...rule, blockedPlans: undefined }, now);
}

/** The items an environment switch hides, with their routes. */
function isHiddenByEnv(key: string | undefined, env: MenuEnv): boolean {
  return key === 'marketingMessage' && env.hideMarketingMessages === true;
}

function visibleItem(item: MenuItem, identity: Partnership, now: Date, env: MenuEnv): MenuItem | null {
  if (isHiddenByEnv(item.key, env)) return null;
  if (item.rule && !isAllowed(identity, item.rule, now)) return isPlanBlocked(identity, item.rule, now) ? { ...item, blocked: true } : null;
  if (!item.children) return item;
  const children = item.children.map((c) => visibleItem(c, identity, now, env)).filter((c): c is MenuItem => c !== null);
  return children.length > 0 ? { ...item, children } : null;
}

/**
 * The sections this account sees, filtered by role, sub-account and feature, with empty sections
 * dropped; items the plan blocks stay, marked `blocked`. Repairer and launderer rules admit only the dashboard and their history,
 * which gives them their fixed menu.
 */
export function visibleMenu(identity: Partnership, now: Date, env: MenuEnv = {}): MenuSection[] {
  return MENU_SECTIONS.map((section) => ({
    ...section,
    items: section.items.map((i) => visibleItem(i, identity, now, env)).filter((i): i is MenuItem => i !== null),
  })).filter((section) => section.items.length > 0);
}

/** Where "home" is: repairer and launderer have no home page and land on the dashboard. */
export function homePathFor(identity: Pick<Partnership, 'adminType'>): string {
  return identity.adminType === 'b2b' ? '/b2b/home' : '/b2b/dashboard';
}

/**
 * Whether this account may open a route: 'unknown' shows not-found, 'home' redirects home,
 * 'blocked' redirects home with the blocked-feature toast (the plan refuses it), and 'mainOnly'
 * redirects a sub-account home saying the page is the main account's (issue 23 #21).
 */
export function routeAccess(identity: Partnership, pathname: string, now: Date, env: MenuEnv = {}): 'ok' | 'home' | 'blocked' | 'mainOnly' | 'unknown' {
  const owner = findOwner(cleanPath(pathname));
  if (!owner || owner.row.app !== 'admin') return 'unknown';
  const { row, exact } = owner;
  if (row.home) return 'home';
  if (isHiddenByEnv(row.menu?.group, env) || isHiddenByEnv(row.menu?.key, env)) return 'home';
  const rule = (exact ? row.rule : undefined) ?? row.menu?.rule;
  if (!rule) return 'unknown';
  if (isAllowed(identity, rule, now)) return 'ok';
  if (isPlanBlocked(identity, rule, now)) return 'blocked';
  return rule.mainOnly && isAllowed(identity, { ...rule, mainOnly: false }, now) ? 'mainOnly' : 'home';
}
