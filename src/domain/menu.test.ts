import { MENU_SECTIONS, highlightMenuKey, homePathFor, routeAccess, visibleMenu, type MenuSection } from './menu';
import type { AccessRule } from './access';
import type { Partnership } from './identity';
import { ROUTES } from './routes';
import { checkAccess } from './access';
import { toAccessContext } from './identity';
import { FEATURES, type Feature } from './plans';
import { featureSettings, fixedConsole, partnership as partner, subscription } from './testing/partnerships';
import { RESOURCE_DEFINITIONS } from './resources';

const NOW = new Date('2025-06-15T03:00:00Z');
const LATER = '2026-06-15T00:00:00Z';
const EARLIER = '2025-06-01T00:00:00Z';

const subAccount = partner({ idx: 2, parentIdx: 1 });
const repairer = partner(fixedConsole('repairer'));
const launderer = partner(fixedConsole('launderer'));
const noSubscription = partner({ subscription: null, subscriptionState: null });
const trialFinished = partner({
  subscription: subscription({ startDate: EARLIER, endDate: '2025-06-10T00:00:00Z', isTrial: true }),
  subscriptionState: 'TRIAL_FINISHED',
});
const chargedFinished = partner({
  subscription: subscription({ planGroup: 'STANDARD', planName: 'Standard', startDate: EARLIER, endDate: '2025-06-10T00:00:00Z' }),
  subscriptionState: 'CHARGED_PLAN_FINISHED',
});
const enterprise = partner({
  subscription: subscription({ planGroup: 'ENTERPRISE', planName: 'Enterprise', startDate: EARLIER, endDate: EARLIER }),
  subscriptionState: 'ENTERPRISE',
});
const trial = partner({
  subscription: subscription({ startDate: EARLIER, endDate: '2025-06-20T00:00:00Z', isTrial: true }),
  subscriptionState: 'TRIAL',
});
const standard = partner({
  subscription: subscription({ planGroup: 'STANDARD', planName: 'Standard', startDate: EARLIER, endDate: LATER }),
  subscriptionState: 'CHARGED',
});
const withFeatures = (features: Feature[], over: Partial<Partnership> = {}) =>
  partner({ setting: featureSettings(features), ...over });

/** Flattened visible item keys, children included (parents listed before their children). */
const allKeys = (sections: MenuSection[]) => sections.flatMap((s) => s.items.flatMap((i) => [i.key, ...(i.children ?? []).map((c) => c.key)]));
/**
 * The declared resources' items (src/domain/resources) are checked against their own read rule
 * below, so a new resource needs no edit of the hand-written key lists, which leave them out.
 */
const RESOURCE_KEYS = RESOURCE_DEFINITIONS.map((def) => def.menu.key);
const keys = (sections: MenuSection[]) => allKeys(sections).filter((k) => !RESOURCE_KEYS.includes(k));
const sectionKeys = (sections: MenuSection[]) => sections.map((s) => s.key);

/**
 * Expectations derived from the route table, so a new item needs no edit here: the items whose rule
 * passes `keep`, a group kept when one of its children is. The spec's own lists (the fixed consoles,
 * the non-subscriber menu, the main-account items) stay written out below.
 */
const ALL_KEYS = keys(MENU_SECTIONS);
/** The kept keys, the declared resources' left out like `keys`. */
function keysWhere(keep: (rule: AccessRule) => boolean): string[] {
  const kept = MENU_SECTIONS.flatMap((s) =>
    s.items.flatMap((item) => {
      if (!item.children) return item.rule && keep(item.rule) ? [item.key] : [];
      const children = item.children.filter((c) => c.rule && keep(c.rule)).map((c) => c.key);
      return children.length ? [item.key, ...children] : [];
    }),
  );
  return kept.filter((k) => !RESOURCE_KEYS.includes(k));
}
const MAIN_ONLY_KEYS = ALL_KEYS.filter((k) => !keysWhere((r) => !r.mainOnly).includes(k));
/** The items gated by a feature, with a group all of whose children it gates. */
const gatedBy = (feature: Feature) => ALL_KEYS.filter((k) => !keysWhere((r) => r.feature !== feature).includes(k));

describe('MENU_SECTIONS', () => {
  it('has the five sections in order with every item of spec 1 section 2.4, in its order', () => {
    expect(sectionKeys(MENU_SECTIONS)).toEqual(['main', 'customer', 'product', 'channel', 'additional']);
    const spec = [
      'home', 'dashboard', 'brandLounge', 'stamp', 'stampSetting', 'stampList',
      'customerList', 'customerGrade', 'membershipSetting', 'membershipPublish', 'membershipHistory',
      'marketingMessage', 'messageAuto', 'messageTemp', 'coupon',
      'guaranteeSetting', 'guaranteePublish', 'guaranteeHistory', 'product', 'afterServiceSetting',
      'repairHistory', 'laundryHistory', 'exam',
      'storeWaiting', 'storeReservation',
      'interwork', 'payment',
    ];
    expect(allKeys(MENU_SECTIONS).filter((k) => spec.includes(k))).toEqual(spec);
  });
  it('uses unique keys, links every item but a group to its first route under /b2b, and labels it', () => {
    expect(new Set(allKeys(MENU_SECTIONS)).size).toBe(allKeys(MENU_SECTIONS).length);
    const items = MENU_SECTIONS.flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])]));
    for (const item of items) {
      const resource = RESOURCE_DEFINITIONS.find((def) => def.menu.key === item.key);
      expect(item.labelKey).toBe(resource ? `${resource.name}.title` : `shell.menu.${item.key}`);
      if (item.children) expect(item.path).toBeUndefined();
      else expect(item.path?.startsWith('/b2b/'), item.key).toBe(true);
    }
  });
  it('flags a couple of items as NEW or with a red dot', () => {
    const flat = MENU_SECTIONS.flatMap((s) => s.items);
    expect(flat.find((i) => i.key === 'storeReservation')?.isNew).toBe(true);
    expect(flat.find((i) => i.key === 'stamp')?.dot).toBe(true);
  });
});

describe('visibleMenu (spec 1 section 6)', () => {
  it('shows a subscribed brand admin with every feature the full menu', () => {
    expect(keys(visibleMenu(partner(), NOW))).toEqual(ALL_KEYS);
  });
  it('treats trial and enterprise as subscribed', () => {
    expect(keys(visibleMenu(trial, NOW))).toEqual(ALL_KEYS);
    expect(keys(visibleMenu(enterprise, NOW))).toEqual(ALL_KEYS);
  });
  it('hides brand lounge, stamp, messages, guarantee and A/S settings, integration and payment from sub-accounts', () => {
    expect(MAIN_ONLY_KEYS).toEqual([
      'brandLounge', 'stamp', 'stampSetting', 'stampList', 'marketingMessage', 'messageAuto', 'messageTemp',
      'guaranteeSetting', 'afterServiceSetting', 'interwork', 'payment',
    ]);
    const visible = keys(visibleMenu(subAccount, NOW));
    expect(visible).toEqual(ALL_KEYS.filter((k) => !MAIN_ONLY_KEYS.includes(k)));
    expect(sectionKeys(visibleMenu(subAccount, NOW))).toEqual(['main', 'customer', 'product', 'channel']);
  });
  it('tells a sub-account at a page of the main account why it goes home, and a repairer nothing (spec 1 section 6)', () => {
    expect(routeAccess(subAccount, '/b2b/payment/subscribe', NOW)).toBe('mainOnly');
    expect(routeAccess(subAccount, '/setting/brand', NOW)).toBe('mainOnly');
    expect(routeAccess(partner(), '/setting/brand', NOW)).toBe('ok');
    expect(routeAccess(repairer, '/setting/brand', NOW)).toBe('home');
  });
  it('gives a repairer only the dashboard and repair history', () => {
    expect(keys(visibleMenu(repairer, NOW))).toEqual(['dashboard', 'repairHistory']);
    expect(sectionKeys(visibleMenu(repairer, NOW))).toEqual(['main', 'product']);
  });
  it('gives a launderer only the dashboard and laundry history', () => {
    expect(keys(visibleMenu(launderer, NOW))).toEqual(['dashboard', 'laundryHistory']);
  });
  it.each([
    ['without a subscription', noSubscription],
    ['after the trial', trialFinished],
    ['after the paid plan', chargedFinished],
  ])('shows only home and payment %s', (_, who) => {
    expect(keys(visibleMenu(who, NOW))).toEqual(['home', 'payment']);
    expect(sectionKeys(visibleMenu(who, NOW))).toEqual(['main', 'additional']);
  });
  it('shows a non-subscribed sub-account only home', () => {
    expect(keys(visibleMenu(partner({ idx: 2, parentIdx: 1, subscription: null, subscriptionState: null }), NOW))).toEqual(['home']);
  });
  it('ignores features and subscriptions for repairer and launderer', () => {
    expect(keys(visibleMenu({ ...repairer, setting: [] }, NOW))).toEqual(['dashboard', 'repairHistory']);
  });

  it('gates the spec\'s items by their features', () => {
    expect(gatedBy('GUARANTEE')).toEqual(['guaranteeSetting', 'guaranteePublish', 'guaranteeHistory']);
    // Stamps and the lounge are membership setup too (src/domain/stamp.ts, issue 11 items 6 and 7).
    expect(gatedBy('MEMBERSHIP')).toEqual(['brandLounge', 'stamp', 'stampSetting', 'stampList', 'membershipSetting', 'membershipPublish', 'membershipHistory']);
    expect(gatedBy('REPAIR')).toEqual(['afterServiceSetting', 'repairHistory']);
  });
  it('blocks every membership item for the STANDARD plan: shown, marked blocked, its routes refused with the toast (spec 2 section 5)', () => {
    const items = visibleMenu(standard, NOW).flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])]));
    for (const key of ['membershipSetting', 'membershipPublish', 'membershipHistory', 'coupon']) expect(items.find((i) => i.key === key)?.blocked, key).toBe(true);
    expect(allKeys(visibleMenu(partner(), NOW))).toEqual(expect.arrayContaining(['membershipPublish', 'membershipHistory']));
    for (const path of ['/b2b/membership/publish', '/b2b/membership/guarantee', '/b2b/membership/guarantee/12', '/b2b/membership/guarantee/register', '/b2b/membership/guarantee/edit/12', '/b2b/membership/guarantee/excel-upload']) {
      expect(routeAccess(standard, path, NOW), path).toBe('blocked');
      expect(routeAccess(partner(), path, NOW), path).toBe('ok');
    }
  });
  it.each(FEATURES.map((f) => [f]))('hides the %s items without the feature', (feature) => {
    const without = keys(visibleMenu(withFeatures(FEATURES.filter((f) => f !== feature)), NOW));
    expect(without).toEqual(ALL_KEYS.filter((k) => !gatedBy(feature).includes(k)));
  });
  it('keeps the feature-free items when no feature is set and drops the emptied channel section', () => {
    const menu = visibleMenu(withFeatures([]), NOW);
    expect(keys(menu)).toEqual(keysWhere((r) => !r.feature));
    expect(keys(menu)).toEqual(expect.arrayContaining(['home', 'dashboard', 'interwork', 'payment']));
    expect(keys(menu)).not.toContain('stamp');
    expect(sectionKeys(menu)).toEqual(['main', 'customer', 'product', 'additional']);
  });
  it('drops a feature whose end date has passed, and keeps one still running', () => {
    const ended = partner({ setting: [{ name: 'WAITING', option: null, endAt: EARLIER }, { name: 'BOOKING', option: null, endAt: LATER }] });
    // Both are declared resources' items: read with them (keys() leaves them out).
    const visible = allKeys(visibleMenu(ended, NOW));
    expect(visible).not.toContain('storeWaiting');
    expect(visible).toContain('storeReservation');
  });
  it('hides the marketing messages by the environment switch', () => {
    const visible = keys(visibleMenu(partner(), NOW, { hideMarketingMessages: true }));
    expect(visible).toEqual(ALL_KEYS.filter((k) => !['marketingMessage', 'messageAuto', 'messageTemp'].includes(k)));
  });
  it('gives the same answer for a sub-account of each plan state', () => {
    const subTrial = { ...trial, idx: 2 };
    expect(keys(visibleMenu(subTrial, NOW))).toEqual(ALL_KEYS.filter((k) => !MAIN_ONLY_KEYS.includes(k)));
    expect(keys(visibleMenu({ ...trialFinished, idx: 2 }, NOW))).toEqual(['home']);
  });
});

/** A path of a route row: `:id` as a number, any other parameter as a word. */
const concrete = (pattern: string) => pattern.replace(/:id\b/g, '12').replace(/:[a-z]+/gi, 'abc');
const MENU_ROUTES = ROUTES.filter((r) => r.menu).map((r) => [concrete(r.path), r.menu!.key, r] as const);

describe.each(RESOURCE_DEFINITIONS.map((def) => [def.name, def] as const))('the menu item of the declared resource %s', (_, def) => {
  it.each([
    ['a subscribed main account', partner()],
    ['a sub-account', subAccount],
    ['an account without features', withFeatures([])],
    ['an account after its trial', trialFinished],
    ['a non-subscribed sub-account', partner({ idx: 2, parentIdx: 1, subscription: null, subscriptionState: null })],
    ['a repairer', repairer],
    ['a launderer', launderer],
    ['a Standard subscriber', standard],
  ])('is shown to %s exactly when its read rule admits it or only the plan blocks it', (__, who) => {
    const context = toAccessContext(who);
    const admitted = checkAccess(context, def.access.read, NOW) === null;
    const planBlocked = !admitted && checkAccess(context, { ...def.access.read, blockedPlans: undefined }, NOW) === null;
    const item = visibleMenu(who, NOW).flatMap((s) => s.items).find((i) => i.key === def.menu.key);
    expect(item !== undefined).toBe(admitted || planBlocked);
    expect(item?.blocked ?? false).toBe(planBlocked);
  });
});

describe('plan restrictions (spec 1 section 4, spec 2 section 5)', () => {
  it('keep the membership setup items in a Standard subscriber\'s menu, marked blocked, and route them home with the toast', () => {
    const items = visibleMenu(standard, NOW).flatMap((s) => s.items);
    const blocked = items.filter((i) => i.blocked).map((i) => i.key);
    expect(blocked).toEqual(expect.arrayContaining(['membershipSetting', 'coupon']));
    expect(items.find((i) => i.key === 'customerList')?.blocked).toBeUndefined();
    expect(routeAccess(standard, '/b2b/membership/setting', NOW)).toBe('blocked');
    expect(routeAccess(standard, '/b2b/coupon/new', NOW)).toBe('blocked');
    expect(routeAccess(partner(), '/b2b/membership/setting', NOW)).toBe('ok');
  });
  it('hide, rather than block, what a sub-account or a missing feature refuses as well', () => {
    const noMembership = withFeatures(FEATURES.filter((f) => f !== 'MEMBERSHIP'), { subscription: standard.subscription, subscriptionState: 'CHARGED' });
    expect(allKeys(visibleMenu(noMembership, NOW))).not.toContain('membershipSetting');
    expect(routeAccess(noMembership, '/b2b/membership/setting', NOW)).toBe('home');
  });
});

it('lists the stores right after the products', () => {
  const all = allKeys(MENU_SECTIONS);
  expect(all.indexOf('storeList')).toBe(all.indexOf('product') + 1);
});

describe('highlightMenuKey (spec 1 section 2.4, spec 2 and 3 section 2)', () => {
  it.each(MENU_ROUTES.map(([path, key]) => [path, key]))('%s highlights %s, with or without a trailing slash', (path, key) => {
    expect(highlightMenuKey(path)).toBe(key);
    expect(highlightMenuKey(`${path}/`)).toBe(key);
  });

  it.each([
    // the spec's item paths
    ['/b2b/guarantee', 'guaranteeHistory'],
    ['/b2b/guarantee/setting', 'guaranteeSetting'],
    ['/b2b/dashboard/customer', 'dashboard'],
    ['/b2b/customer/grade/setting', 'customerGrade'],
    ['/b2b/store/reservation', 'storeReservation'],
    // guarantee register, edit and excel-upload highlight guarantee issue
    ['/b2b/guarantee/register', 'guaranteePublish'],
    ['/b2b/guarantee/register/', 'guaranteePublish'],
    ['/b2b/guarantee/register/offline', 'guaranteePublish'],
    ['/b2b/guarantee/edit/12', 'guaranteePublish'],
    ['/b2b/guarantee/edit/12/', 'guaranteePublish'],
    ['/b2b/guarantee/excel-upload', 'guaranteePublish'],
    // a guarantee detail strips its id to the history
    ['/b2b/guarantee/12', 'guaranteeHistory'],
    // membership guarantee register and excel-upload highlight membership issue
    ['/b2b/membership/guarantee/register', 'membershipPublish'],
    ['/b2b/membership/guarantee/excel-upload', 'membershipPublish'],
    // its detail and (decision) its edit stay with the history
    ['/b2b/membership/guarantee/7', 'membershipHistory'],
    ['/b2b/membership/guarantee/edit/7', 'membershipHistory'],
    // a numeric customer id highlights the customer list
    ['/b2b/customer/detail/42', 'customerList'],
    ['/b2b/customer/detail/42/', 'customerList'],
    // the after-service request highlights repair history
    ['/b2b/after-service/request', 'repairHistory'],
    ['/b2b/after-service/repair/5', 'repairHistory'],
    ['/b2b/after-service/laundry/5', 'laundryHistory'],
    // register, edit, excel-upload and ids elsewhere
    ['/b2b/product/register', 'product'],
    ['/b2b/product/edit/3', 'product'],
    ['/b2b/product/excel-upload', 'product'],
    ['/b2b/product/3', 'product'],
    // the stores screen: register and edit/{idx} highlight 매장 관리; waiting and reservation keep their own items
    ['/b2b/store/register', 'storeList'],
    ['/b2b/store/edit/7', 'storeList'],
    ['/b2b/store/edit/7/', 'storeList'],
    ['/b2b/coupon/new', 'coupon'],
    ['/b2b/coupon/edit/3', 'coupon'],
    ['/b2b/coupon/3', 'coupon'],
    ['/b2b/membership/setting/register', 'membershipSetting'],
    ['/b2b/membership/setting/edit/3', 'membershipSetting'],
    ['/b2b/membership/setting/3', 'membershipSetting'],
    ['/b2b/store/waiting/register', 'storeWaiting'],
    ['/b2b/store/waiting/edit/9', 'storeWaiting'],
    ['/b2b/store/waiting/9', 'storeWaiting'],
    ['/b2b/store/reservation/register', 'storeReservation'],
    ['/b2b/store/reservation/edit/9', 'storeReservation'],
    ['/b2b/store/reservation/9', 'storeReservation'],
    ['/b2b/message/auto/template', 'messageAuto'],
    ['/b2b/message/auto/new', 'messageAuto'],
    ['/b2b/message/auto/detail/3', 'messageAuto'],
    ['/b2b/message/auto/edit/3', 'messageAuto'],
    ['/b2b/message/auto/template/register', 'messageAuto'],
    ['/b2b/message/auto/template/edit/4', 'messageAuto'],
    ['/b2b/message/temp/template/register', 'messageTemp'],
    ['/b2b/message/temp/template/edit/4', 'messageTemp'],
    ['/b2b/message/temp/template/4', 'messageTemp'],
    ['/b2b/customer/marketing', 'messageTemp'],
    ['/b2b/exam/8', 'exam'],
    ['/b2b/inspection', 'exam'],
    ['/b2b/interwork/cafe24', 'interwork'],
    ['/b2b/interwork/cafe24/abc-token', 'interwork'],
    ['/b2b/interwork/naver', 'interwork'],
    ['/b2b/interwork/naver/detail', 'interwork'],
    ['/b2b/interwork/message', 'interwork'],
    ['/b2b/interwork/kakao', 'interwork'],
    // the query and hash do not matter
    ['/b2b/store/waiting/9?status=entered', 'storeWaiting'],
    ['/b2b/payment/subscribe?mode=credit', 'payment'],
  ])('%s highlights %s', (path, key) => {
    expect(highlightMenuKey(path)).toBe(key);
  });

  it.each([
    '/', '/b2b', '/b2b/stamp', '/b2b/customer/detail/abc', '/b2b/customer/detail', '/b2b/nope', '/setting/profile', '/b2b/guarantee/edit',
  ])('%s highlights nothing', (path) => {
    expect(highlightMenuKey(path)).toBeNull();
  });
});

describe('homePathFor', () => {
  it('sends brand admins and sub-accounts to home, repairer and launderer to the dashboard', () => {
    expect(homePathFor(partner())).toBe('/b2b/home');
    expect(homePathFor(subAccount)).toBe('/b2b/home');
    expect(homePathFor(noSubscription)).toBe('/b2b/home');
    expect(homePathFor(repairer)).toBe('/b2b/dashboard');
    expect(homePathFor(launderer)).toBe('/b2b/dashboard');
  });
});

describe('routeAccess', () => {
  const access = (who: Partnership, path: string) => routeAccess(who, path, NOW);

  it.each([
    ['a brand admin', partner()],
    ['a sub-account', subAccount],
    ['a repairer', repairer],
    ['a non-subscriber', noSubscription],
    ['an account without features', withFeatures([])],
  ])('answers every menu route by its own rule, else its item\'s, for %s', (_, who) => {
    for (const [path, , row] of MENU_ROUTES) {
      const code = checkAccess(toAccessContext(who), row.rule ?? row.menu!.rule, NOW);
      expect(access(who, path), path).toBe(code === null ? 'ok' : code === 'SUB_ACCOUNT_FORBIDDEN' ? 'mainOnly' : 'home');
    }
  });

  it('lets a subscribed main account open every menu route and its sub-routes', () => {
    for (const path of ['/b2b/home', '/b2b/guarantee/edit/3', '/b2b/guarantee/3', '/b2b/customer/detail/1', '/b2b/after-service/request', '/b2b/interwork/naver/detail', '/b2b/stamp/list/']) {
      expect(access(partner(), path)).toBe('ok');
    }
  });
  it('answers unknown for paths outside the known set', () => {
    for (const path of ['/b2b/nope', '/b2b/stamp', '/b2b/customer/detail/abc', '/nope', '/b2b/guarantee/edit']) {
      expect(access(partner(), path)).toBe('unknown');
    }
  });
  it('sends the root and the bare prefix home', () => {
    expect(access(partner(), '/')).toBe('home');
    expect(access(partner(), '/b2b/')).toBe('home');
  });
  it('guards a sub-route by the rule of the item that owns it', () => {
    const noGuarantee = withFeatures(FEATURES.filter((f) => f !== 'GUARANTEE'));
    expect(access(noGuarantee, '/b2b/guarantee/edit/3')).toBe('home');
    expect(access(noGuarantee, '/b2b/guarantee/3')).toBe('home');
    expect(access(noGuarantee, '/b2b/guarantee/register/offline')).toBe('home');
    expect(access(noGuarantee, '/b2b/product/3')).toBe('ok');
  });
  it('opens the stores screen to any subscribed b2b account without a feature, sub-accounts included, and nobody else', () => {
    for (const path of ['/b2b/store', '/b2b/store/register', '/b2b/store/edit/3']) {
      expect(access(withFeatures([]), path)).toBe('ok');
      expect(access(subAccount, path)).toBe('ok');
      expect(access(trialFinished, path)).toBe('home');
      expect(access(repairer, path)).toBe('home');
    }
    expect(access(partner(), '/b2b/store/nope')).toBe('unknown');
    // the channel items under /b2b/store keep their own feature rules
    expect(access(withFeatures(FEATURES.filter((f) => f !== 'WAITING')), '/b2b/store/waiting/register')).toBe('home');
  });
  it('redirects sub-accounts away from main-account pages', () => {
    for (const path of ['/b2b/brand/setting', '/b2b/stamp/setting', '/b2b/message/auto/template/4', '/b2b/customer/marketing', '/b2b/guarantee/setting', '/b2b/after-service/setting', '/b2b/interwork/cafe24', '/b2b/payment/subscribe', '/setting/brand', '/setting/signout']) {
      expect(access(subAccount, path)).toBe('mainOnly');
    }
    for (const path of ['/b2b/guarantee/register', '/b2b/customer', '/setting/profile', '/auth/profile', '/b2b/home']) {
      expect(access(subAccount, path)).toBe('ok');
    }
  });
  it('gives a repairer the dashboard, repair history and profile only', () => {
    expect(access(repairer, '/b2b/dashboard')).toBe('ok');
    expect(access(repairer, '/b2b/after-service/repair')).toBe('ok');
    expect(access(repairer, '/b2b/after-service/repair/5')).toBe('ok');
    expect(access(repairer, '/setting/profile')).toBe('ok');
    expect(access(repairer, '/auth/profile')).toBe('ok');
    for (const path of ['/b2b/home', '/b2b/after-service/request', '/b2b/after-service/laundry', '/b2b/dashboard/customer', '/b2b/dashboard/channel', '/b2b/guarantee', '/b2b/payment/subscribe', '/setting/brand', '/setting/signout']) {
      expect(access(repairer, path)).toBe('home');
    }
  });
  it('gives a launderer the dashboard and laundry history only', () => {
    expect(access(launderer, '/b2b/dashboard')).toBe('ok');
    expect(access(launderer, '/b2b/after-service/laundry/2')).toBe('ok');
    for (const path of ['/b2b/home', '/b2b/after-service/repair', '/b2b/after-service/request', '/b2b/dashboard/channel']) {
      expect(access(launderer, path)).toBe('home');
    }
  });
  it('keeps non-subscribers on home, payment, account pages and the sample-data dashboards', () => {
    for (const who of [noSubscription, trialFinished, chargedFinished]) {
      for (const path of ['/b2b/home', '/b2b/payment/subscribe', '/setting/profile', '/setting/brand', '/b2b/dashboard', '/b2b/dashboard/customer', '/b2b/dashboard/channel']) {
        expect(access(who, path)).toBe('ok');
      }
      for (const path of ['/b2b/guarantee', '/b2b/customer', '/b2b/store/waiting', '/b2b/interwork', '/b2b/brand/setting']) {
        expect(access(who, path)).toBe('home');
      }
    }
  });
  it('lets non-subscribers with the guarantee feature open the issue forms (the issue is refused with the modal)', () => {
    for (const who of [noSubscription, trialFinished, chargedFinished]) {
      expect(access(who, '/b2b/guarantee/register')).toBe('ok');
      expect(access(who, '/b2b/guarantee/register/offline')).toBe('ok');
      expect(access(who, '/b2b/guarantee/publish')).toBe('home');
      expect(access(who, '/b2b/guarantee/edit/3')).toBe('home');
      expect(access({ ...who, setting: [] }, '/b2b/guarantee/register')).toBe('home');
    }
    expect(access(repairer, '/b2b/guarantee/register')).toBe('home');
  });
  it('redirects the marketing-message routes home when the environment hides them', () => {
    const env = { hideMarketingMessages: true };
    expect(routeAccess(partner(), '/b2b/message/auto', NOW, env)).toBe('home');
    expect(routeAccess(partner(), '/b2b/message/temp/template/3', NOW, env)).toBe('home');
    expect(routeAccess(partner(), '/b2b/customer', NOW, env)).toBe('ok');
  });
});
