import { checkAccess, type AccessRule } from './access';
import { toAccessContext, type Partnership } from './identity';
import { menuItemOf } from './resource';
import { storeResource } from './resources/store';

/**
 * The side menu model (spec 1 sections 2.3, 2.4 and 6; spec 2 and 3 section 2).
 * Pure data and rules: the sidebar renders it, the route guard asks `routeAccess`, and both
 * go through `checkAccess`, so a menu entry and its pages can never disagree.
 */
export interface MenuItem {
  key: string;
  path?: string;
  labelKey: string;
  rule: AccessRule;
  children?: MenuItem[];
  isNew?: boolean;
  dot?: boolean;
  /** extra routes owned by this item (for guards/highlight); `:id` is a numeric segment, other `:name` any segment */
  matches?: string[];
}

export type MenuSectionKey = 'main' | 'customer' | 'product' | 'channel' | 'additional';

export interface MenuSection {
  key: MenuSectionKey;
  labelKey: string;
  items: MenuItem[];
}

export interface MenuEnv {
  /** The environment switch that hides the marketing-message menu (spec 1 section 6). */
  hideMarketingMessages?: boolean;
}

const ALL_ADMIN_TYPES = ['b2b', 'repairer', 'launderer'] as const;
const MAIN_ONLY: AccessRule = { mainOnly: true };
const label = (key: string) => `shell.menu.${key}`;
/**
 * Payment management: the main account's, reachable without a subscription (spec 1 section 6).
 * The payment API routes answer by the same rule (server/modules/payment/access.ts).
 */
export const PAYMENT_RULE: AccessRule = { mainOnly: true, subscribed: false };

export const MENU_SECTIONS: MenuSection[] = [
  {
    key: 'main',
    labelKey: 'shell.section.main',
    items: [
      { key: 'home', path: '/b2b/home', labelKey: label('home'), rule: { subscribed: false } },
      {
        key: 'dashboard',
        path: '/b2b/dashboard',
        labelKey: label('dashboard'),
        rule: { adminTypes: ALL_ADMIN_TYPES },
        matches: ['/b2b/dashboard/customer', '/b2b/dashboard/channel'],
      },
      { key: 'brandLounge', path: '/b2b/brand/setting', labelKey: label('brandLounge'), rule: MAIN_ONLY },
      {
        key: 'stamp',
        labelKey: label('stamp'),
        rule: MAIN_ONLY,
        dot: true,
        children: [
          { key: 'stampSetting', path: '/b2b/stamp/setting', labelKey: label('stampSetting'), rule: MAIN_ONLY },
          { key: 'stampList', path: '/b2b/stamp/list', labelKey: label('stampList'), rule: MAIN_ONLY },
        ],
      },
    ],
  },
  {
    key: 'customer',
    labelKey: 'shell.section.customer',
    items: [
      {
        key: 'customerList',
        path: '/b2b/customer',
        labelKey: label('customerList'),
        rule: { feature: 'CUSTOMER' },
        matches: ['/b2b/customer/detail/:id'],
      },
      {
        key: 'customerGrade',
        path: '/b2b/customer/grade',
        labelKey: label('customerGrade'),
        rule: { feature: 'CUSTOMER' },
        matches: ['/b2b/customer/grade/setting'],
      },
      { key: 'membershipSetting', path: '/b2b/membership/setting', labelKey: label('membershipSetting'), rule: { feature: 'MEMBERSHIP' } },
      {
        key: 'membershipPublish',
        path: '/b2b/membership/publish',
        labelKey: label('membershipPublish'),
        rule: { feature: 'MEMBERSHIP' },
        // Starting a new issue belongs to "issue"; the edit of an issued membership stays with
        // the history it was opened from (the default edit/{id} stripping), see highlightMenuKey.
        matches: ['/b2b/membership/guarantee/register', '/b2b/membership/guarantee/excel-upload'],
      },
      { key: 'membershipHistory', path: '/b2b/membership/guarantee', labelKey: label('membershipHistory'), rule: { feature: 'MEMBERSHIP' } },
      {
        key: 'marketingMessage',
        labelKey: label('marketingMessage'),
        rule: MAIN_ONLY,
        children: [
          {
            key: 'messageAuto',
            path: '/b2b/message/auto',
            labelKey: label('messageAuto'),
            rule: MAIN_ONLY,
            matches: ['/b2b/message/auto/template'],
          },
          {
            key: 'messageTemp',
            path: '/b2b/message/temp',
            labelKey: label('messageTemp'),
            rule: MAIN_ONLY,
            // The customer-list "send a message" screen is a one-off marketing message, so it is
            // guarded like the message menu (hidden from sub-accounts, spec 3 section 6).
            matches: ['/b2b/message/temp/template', '/b2b/customer/marketing'],
          },
        ],
      },
      { key: 'coupon', path: '/b2b/coupon', labelKey: label('coupon'), rule: { feature: 'MEMBERSHIP' }, matches: ['/b2b/coupon/new'] },
    ],
  },
  {
    key: 'product',
    labelKey: 'shell.section.product',
    items: [
      { key: 'guaranteeSetting', path: '/b2b/guarantee/setting', labelKey: label('guaranteeSetting'), rule: { feature: 'GUARANTEE', mainOnly: true } },
      {
        key: 'guaranteePublish',
        path: '/b2b/guarantee/publish',
        labelKey: label('guaranteePublish'),
        rule: { feature: 'GUARANTEE' },
        matches: [
          '/b2b/guarantee/register',
          '/b2b/guarantee/register/offline',
          '/b2b/guarantee/edit/:param',
          '/b2b/guarantee/excel-upload',
        ],
      },
      { key: 'guaranteeHistory', path: '/b2b/guarantee', labelKey: label('guaranteeHistory'), rule: { feature: 'GUARANTEE' } },
      { key: 'product', path: '/b2b/product', labelKey: label('product'), rule: { feature: 'PRODUCT' } },
      // Stores: the item and its rule come from the definition (src/domain/resources/store.ts), like
      // the API's; /b2b/store/waiting and reservation are their own items.
      menuItemOf(storeResource),
      { key: 'afterServiceSetting', path: '/b2b/after-service/setting', labelKey: label('afterServiceSetting'), rule: { feature: 'REPAIR', mainOnly: true } },
      {
        key: 'repairHistory',
        path: '/b2b/after-service/repair',
        labelKey: label('repairHistory'),
        rule: { feature: 'REPAIR', adminTypes: ['b2b', 'repairer'] },
        matches: ['/b2b/after-service/request'],
      },
      {
        key: 'laundryHistory',
        path: '/b2b/after-service/laundry',
        labelKey: label('laundryHistory'),
        rule: { feature: 'LAUNDRY', adminTypes: ['b2b', 'launderer'] },
      },
      { key: 'exam', path: '/b2b/exam', labelKey: label('exam'), rule: { feature: 'EXAM' }, matches: ['/b2b/inspection'] },
    ],
  },
  {
    key: 'channel',
    labelKey: 'shell.section.channel',
    items: [
      { key: 'storeWaiting', path: '/b2b/store/waiting', labelKey: label('storeWaiting'), rule: { feature: 'WAITING' } },
      { key: 'storeReservation', path: '/b2b/store/reservation', labelKey: label('storeReservation'), rule: { feature: 'BOOKING' }, isNew: true },
    ],
  },
  {
    key: 'additional',
    labelKey: 'shell.section.additional',
    items: [
      {
        key: 'interwork',
        path: '/b2b/interwork',
        labelKey: label('interwork'),
        rule: MAIN_ONLY,
        matches: [
          '/b2b/interwork/message',
          '/b2b/interwork/kakao',
          '/b2b/interwork/cafe24',
          '/b2b/interwork/cafe24/:param',
          '/b2b/interwork/naver',
          '/b2b/interwork/naver/detail',
        ],
      },
      { key: 'payment', path: '/b2b/payment/subscribe', labelKey: label('payment'), rule: PAYMENT_RULE },
    ],
  },
];

/**
 * Routes owned by a menu item but guarded by a rule of their own, because their audience
 * differs from the item's.
 */
const ROUTE_RULES: { pattern: string; rule: AccessRule }[] = [
  // Repairers keep repair history but cannot use the admin A/S intake (spec 1 section 6).
  { pattern: '/b2b/after-service/request', rule: { feature: 'REPAIR' } },
  // Dashboards show dimmed sample data to non-subscribers (spec 1 sections 2.6 and 6), so they
  // stay reachable by URL and by the narrow-screen menu although the sidebar hides them.
  // Repairer and launderer see only the product tab.
  { pattern: '/b2b/dashboard', rule: { adminTypes: ALL_ADMIN_TYPES, subscribed: false } },
  { pattern: '/b2b/dashboard/customer', rule: { subscribed: false } },
  { pattern: '/b2b/dashboard/channel', rule: { subscribed: false } },
  // Issuing needs a subscription, enterprise or trial, "otherwise an upgrade or subscribe modal opens
  // and the action is blocked" (spec 1 section 6): the issue forms stay reachable by URL (the sidebar
  // still hides them) so that the page refuses with that modal at once (GuaranteeRegister) instead of
  // a silent redirect; the server's 403 stays the last word.
  { pattern: '/b2b/guarantee/register', rule: { feature: 'GUARANTEE', subscribed: false } },
  { pattern: '/b2b/guarantee/register/offline', rule: { feature: 'GUARANTEE', subscribed: false } },
];

/** Account pages outside the menu (spec 1 section 2.2). */
const ACCOUNT_ROUTES: { pattern: string; rule: AccessRule }[] = [
  { pattern: '/setting/profile', rule: { adminTypes: ALL_ADMIN_TYPES, subscribed: false } },
  { pattern: '/auth/profile', rule: { adminTypes: ALL_ADMIN_TYPES, subscribed: false } },
  { pattern: '/auth/logout', rule: { adminTypes: ALL_ADMIN_TYPES, subscribed: false } },
  { pattern: '/setting/brand', rule: { mainOnly: true, subscribed: false } },
  { pattern: '/setting/signout', rule: { mainOnly: true, subscribed: false } },
];

/** Paths that only send the user home (spec 1 section 2.2: the root redirects to home). */
const HOME_REDIRECTS = ['/', '/b2b'];

function allItems(sections: MenuSection[] = MENU_SECTIONS): MenuItem[] {
  return sections.flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])]));
}

/** Drops the query, hash and trailing slashes. */
function normalize(pathname: string): string {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((seg, i) => {
    if (seg === ':id') return /^\d+$/.test(got[i]);
    if (seg.startsWith(':')) return got[i] !== '';
    return seg === got[i];
  });
}

/** The suffixes stripped, one at a time, to find the parent item (spec 1 section 2.4). */
const STRIPPABLE_SUFFIXES = [/\/register\/offline$/, /\/register$/, /\/edit\/[^/]+$/, /\/excel-upload$/, /\/\d+$/];

function ownPatterns(item: MenuItem): string[] {
  return [...(item.path ? [item.path] : []), ...(item.matches ?? [])];
}

function findOwner(path: string): MenuItem | null {
  const items = allItems();
  for (let current = path; ; ) {
    const owner = items.find((item) => ownPatterns(item).some((p) => matchesPattern(p, current)));
    if (owner) return owner;
    const suffix = STRIPPABLE_SUFFIXES.find((re) => re.test(current));
    if (!suffix) return null;
    current = current.replace(suffix, '');
  }
}

/**
 * The menu item to highlight for a path: explicit item routes first, then the path with
 * register, register/offline, edit/{id}, excel-upload and numeric ids stripped. Decision for
 * /b2b/membership/guarantee/edit/{id}: it highlights 멤버십 발급 내역 (membershipHistory), like
 * the detail page it is opened from; spec 2 names only register and excel-upload for 멤버십 발급.
 */
export function highlightMenuKey(pathname: string): string | null {
  return findOwner(normalize(pathname))?.key ?? null;
}

function isAllowed(identity: Partnership, rule: AccessRule, now: Date): boolean {
  return checkAccess(toAccessContext(identity), rule, now) === null;
}

function isHiddenByEnv(item: MenuItem, env: MenuEnv): boolean {
  return item.key === 'marketingMessage' && env.hideMarketingMessages === true;
}

function visibleItem(item: MenuItem, identity: Partnership, now: Date, env: MenuEnv): MenuItem | null {
  if (isHiddenByEnv(item, env) || !isAllowed(identity, item.rule, now)) return null;
  if (!item.children) return item;
  const children = item.children.filter((c) => isAllowed(identity, c.rule, now));
  return children.length > 0 ? { ...item, children } : null;
}

/**
 * The sections this account sees, filtered by role, sub-account, feature and plan, with empty
 * sections dropped. Repairer and launderer rules admit only the dashboard and their history,
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

/** Whether this account may open a route: 'unknown' shows not-found, 'home' redirects home. */
export function routeAccess(identity: Partnership, pathname: string, now: Date, env: MenuEnv = {}): 'ok' | 'home' | 'unknown' {
  const path = normalize(pathname);
  if (HOME_REDIRECTS.includes(path)) return 'home';
  const verdict = (rule: AccessRule) => (isAllowed(identity, rule, now) ? 'ok' : 'home');

  const account = ACCOUNT_ROUTES.find((r) => matchesPattern(r.pattern, path));
  if (account) return verdict(account.rule);

  const owner = findOwner(path);
  if (!owner) return 'unknown';
  const own = ROUTE_RULES.find((r) => matchesPattern(r.pattern, path));
  if (own) return verdict(own.rule);
  const parent = MENU_SECTIONS.flatMap((s) => s.items).find((i) => i.children?.includes(owner));
  if ((parent && isHiddenByEnv(parent, env)) || isHiddenByEnv(owner, env)) return 'home';
  return verdict(owner.rule);
}
