import type { AccessRule } from './access';
import { PUBLIC_ROUTES } from './publicRoutes';
import { menuRows, placeResources, rowsOf, type MenuSectionEntry, type RouteRow } from './routing';
import { DECLARED_RESOURCES } from './resources';
import { templateResource } from './resources/template';
import { guaranteeResource } from './resources/guarantee';
import { STAMP_RULE } from './stamp';
import { membershipIssueResource } from './resources/membershipIssue';
import { AS_REQUEST_RESOURCES } from './resources/asRequest';

/**
 * The route table (spec 1 sections 2.2 to 2.4 and 6; spec 2 and 3 section 2): every console path
 * once, with its page, its app, who may open it and the menu item it highlights. The side menu, the
 * route guard, `canAccess`, entry.ts and both apps' routes are read from it (src/domain/menu.ts,
 * src/App.tsx, src/custom/auth/PublicApp.tsx). Every declared resource (src/domain/resources) adds
 * its item where its `menu` says, with its rows (`placeResources`). A path without a page only
 * redirects (home) or is not found.
 */

const ALL_ADMIN_TYPES = ['b2b', 'repairer', 'launderer'] as const;
const MAIN_ONLY: AccessRule = { mainOnly: true };
/**
 * Payment management: the main account's, reachable without a subscription (spec 1 section 6).
 * The payment API routes answer by the same rule (server/modules/payment/access.ts).
 */
export const PAYMENT_RULE: AccessRule = { mainOnly: true, subscribed: false };
/**
 * Issuing needs a subscription, enterprise or trial, "otherwise an upgrade or subscribe modal opens
 * and the action is blocked" (spec 1 section 6): the issue forms stay reachable by URL (the sidebar
 * still hides them) so that the page refuses with that modal at once (GuaranteeRegister) instead of
 * a silent redirect; the server's 403 stays the last word.
 */
const ISSUE_FORM: AccessRule = { feature: 'GUARANTEE', subscribed: false };

const HAND_WRITTEN_MENU: MenuSectionEntry[] = [
  {
    key: 'main',
    items: [
      { key: 'home', rule: { subscribed: false }, routes: [{ path: '/b2b/home', page: 'home' }] },
      {
        key: 'dashboard',
        rule: { adminTypes: ALL_ADMIN_TYPES },
        // Dashboards show dimmed sample data to non-subscribers (spec 1 sections 2.6 and 6), so they stay
        // reachable by URL and by the narrow-screen menu although the sidebar hides them. Repairer and
        // launderer see only the product tab.
        routes: [
          { path: '/b2b/dashboard', page: 'productDashboard', rule: { adminTypes: ALL_ADMIN_TYPES, subscribed: false } },
          { path: '/b2b/dashboard/customer', page: 'customerDashboard', rule: { subscribed: false } },
          { path: '/b2b/dashboard/channel', page: 'channelDashboard', rule: { subscribed: false } },
        ],
      },
      // Stamps and the lounge: the main account's, gated like membership setup (src/domain/stamp.ts).
      // The lounge settings page has no header or sidebar (spec 3 section 2).
      { key: 'brandLounge', rule: STAMP_RULE, routes: [{ path: '/b2b/brand/setting', page: 'lounge.setting', layout: 'none' }] },
      {
        key: 'stamp',
        dot: true,
        children: [
          { key: 'stampSetting', rule: STAMP_RULE, routes: [{ path: '/b2b/stamp/setting', page: 'stamp.setting' }] },
          { key: 'stampList', rule: STAMP_RULE, routes: [{ path: '/b2b/stamp/list', page: 'stamp.list' }] },
        ],
      },
    ],
  },
  {
    key: 'customer',
    items: [
      // The customer list first: its definition places it (src/domain/resources/customer.ts).
      {
        key: 'customerGrade',
        rule: { feature: 'CUSTOMER' },
        routes: [
          { path: '/b2b/customer/grade', page: 'customer.grade', resource: 'customers-group' },
          { path: '/b2b/customer/grade/setting', page: 'customer.gradeSetting', resource: 'customers-group' },
        ],
      },
      // Membership templates, after the grades: their declaration places them (src/domain/resources/membershipTemplate.ts).
      {
        key: 'membershipPublish',
        // The membership rules (the MEMBERSHIP feature, STANDARD blocked), as the server's (src/domain/resources/membershipIssue.ts).
        rule: membershipIssueResource.access.read,
        // Starting a new issue belongs to "issue"; the edit of an issued membership stays with the
        // history it was opened from (the default edit/{id} stripping, src/domain/menu.ts).
        routes: [
          { path: '/b2b/membership/publish', page: 'membershipIssue.publish', resource: membershipIssueResource.name },
          { path: '/b2b/membership/guarantee/register', page: 'membershipIssue.register', resource: membershipIssueResource.name, rule: membershipIssueResource.access.write },
          { path: '/b2b/membership/guarantee/excel-upload', page: 'membershipIssue.excelUpload', resource: membershipIssueResource.name, rule: membershipIssueResource.access.write },
        ],
      },
      {
        key: 'membershipHistory',
        rule: membershipIssueResource.access.read,
        routes: [
          { path: membershipIssueResource.route, page: 'membershipIssue.list', resource: membershipIssueResource.name },
          { path: `${membershipIssueResource.route}/edit/:id`, page: 'membershipIssue.edit', resource: membershipIssueResource.name, rule: membershipIssueResource.access.write },
          { path: `${membershipIssueResource.route}/:id`, page: 'membershipIssue.show', resource: membershipIssueResource.name },
        ],
      },
      {
        key: 'marketingMessage',
        children: [
          {
            key: 'messageAuto',
            rule: MAIN_ONLY,
            routes: [
              // Issue 25 item 4: the automatic messages (ON/OFF), their register/edit and detail (runs).
              { path: '/b2b/message/auto', page: 'message.auto' }, { path: '/b2b/message/auto/new', page: 'message.autoCompose' },
              { path: '/b2b/message/auto/edit/:id', page: 'message.autoCompose' }, { path: '/b2b/message/auto/detail/:id', page: 'message.autoDetail' },
              { path: '/b2b/message/auto/template', page: 'message.templates' },
              { path: '/b2b/message/auto/template/register', page: 'message.templateForm' }, { path: '/b2b/message/auto/template/edit/:id', page: 'message.templateForm' },
              { path: '/b2b/message/auto/template/:id', page: 'message.templateDetail' },
            ],
          },
          {
            key: 'messageTemp',
            rule: MAIN_ONLY,
            // The customer-list "send a message" screen is a one-off marketing message, so it is
            // guarded like the message menu (hidden from sub-accounts, spec 3 section 6).
            routes: [
              { path: '/b2b/message/temp', page: 'message.temp' }, { path: '/b2b/message/temp/template', page: 'message.templates' }, { path: '/b2b/customer/marketing', page: 'message.compose' },
              { path: '/b2b/message/temp/template/register', page: 'message.templateForm' }, { path: '/b2b/message/temp/template/edit/:id', page: 'message.templateForm' },
              { path: '/b2b/message/temp/template/:id', page: 'message.templateDetail' },
              // Issue 25: the composer and a campaign's detail (results, test send, schedule, cancel).
              { path: '/b2b/message/temp/new', page: 'message.compose' }, { path: '/b2b/message/temp/detail/:id', page: 'message.detail' },
            ],
          },
        ],
      },
      // Coupons last: their definition places them (src/domain/resources/coupon.ts).
    ],
  },
  {
    key: 'product',
    items: [
      {
        key: 'guaranteeSetting',
        rule: { feature: 'GUARANTEE', mainOnly: true },
        routes: [{ path: '/b2b/guarantee/setting', page: 'guarantee.setting', resource: templateResource.name }],
      },
      {
        key: 'guaranteePublish',
        rule: guaranteeResource.access.read,
        routes: [
          { path: '/b2b/guarantee/publish', page: 'guarantee.publish', resource: guaranteeResource.name },
          { path: '/b2b/guarantee/register', page: 'guarantee.register', resource: guaranteeResource.name, rule: ISSUE_FORM },
          { path: '/b2b/guarantee/register/offline', page: 'guarantee.registerOffline', resource: guaranteeResource.name, rule: ISSUE_FORM },
          { path: '/b2b/guarantee/edit/:id', page: 'guarantee.edit', resource: guaranteeResource.name },
          { path: '/b2b/guarantee/excel-upload', page: 'guarantee.excelUpload', resource: guaranteeResource.name },
        ],
      },
      // The history: the guarantee definition's menu item, route and read rule (src/domain/resources/guarantee.ts).
      {
        key: guaranteeResource.menu.key,
        rule: guaranteeResource.access.read,
        routes: [
          { path: guaranteeResource.route, page: 'guarantee.list', resource: guaranteeResource.name },
          { path: `${guaranteeResource.route}/:id`, page: 'guarantee.show', resource: guaranteeResource.name },
        ],
      },
      // Products, then stores: their definitions place them here (/b2b/store/waiting and reservation
      // are the channel section's own items).
      { key: 'afterServiceSetting', rule: { feature: 'REPAIR', mainOnly: true }, routes: [{ path: '/b2b/after-service/setting', page: 'afterService.setting' }] },
      {
        key: 'repairHistory',
        rule: AS_REQUEST_RESOURCES.repair.access.read,
        // Repairers keep repair history but cannot use the admin A/S intake (spec 1 section 6).
        routes: [
          { path: AS_REQUEST_RESOURCES.repair.route, page: 'afterService.repairList', resource: AS_REQUEST_RESOURCES.repair.name },
          { path: '/b2b/after-service/request', page: 'afterService.request', rule: { feature: 'REPAIR' } },
          { path: `${AS_REQUEST_RESOURCES.repair.route}/:id`, page: 'afterService.repairDetail', resource: AS_REQUEST_RESOURCES.repair.name },
        ],
      },
      {
        key: 'laundryHistory',
        rule: AS_REQUEST_RESOURCES.laundry.access.read,
        routes: [
          { path: AS_REQUEST_RESOURCES.laundry.route, page: 'afterService.laundryList', resource: AS_REQUEST_RESOURCES.laundry.name },
          { path: `${AS_REQUEST_RESOURCES.laundry.route}/:id`, page: 'afterService.laundryDetail', resource: AS_REQUEST_RESOURCES.laundry.name },
        ],
      },
      // Inspections (/b2b/exam, /b2b/inspection) follow: their definition places them (src/domain/resources/exam.ts).
    ],
  },
  {
    key: 'channel',
    items: [
      // 웨이팅/입장 (/b2b/store/waiting) and 예약 (/b2b/store/reservation): their definitions place them
      // (src/domain/resources/waiting.ts, reservation.ts).
    ],
  },
  {
    key: 'additional',
    items: [
      {
        key: 'interwork',
        rule: MAIN_ONLY,
        routes: [
          { path: '/b2b/interwork', page: 'interwork.overview' },
          { path: '/b2b/interwork/message', page: 'message.channel' },
          { path: '/b2b/interwork/kakao', page: 'message.channel' },
          // Shop integrations (issue 28, src/domain/integrations.ts); the launch routes outside /b2b are server pages.
          { path: '/b2b/interwork/cafe24', page: 'interwork.cafe24' },
          { path: '/b2b/interwork/cafe24/:token', page: 'interwork.cafe24Launch' },
          { path: '/b2b/interwork/naver', page: 'interwork.naver' },
          { path: '/b2b/interwork/naver/detail', page: 'interwork.naverDetail' },
        ],
      },
      { key: 'payment', rule: PAYMENT_RULE, routes: [{ path: '/b2b/payment/subscribe', page: 'subscribe' }] },
    ],
  },
];

export const MENU_TABLE = placeResources(HAND_WRITTEN_MENU, DECLARED_RESOURCES);

const ACCOUNT: AccessRule = { adminTypes: ALL_ADMIN_TYPES, subscribed: false };

/** The account pages outside the menu (spec 1 section 2.2), and the paths that only send the user home. */
const OTHER_ADMIN_ROUTES = rowsOf([
  { path: '/setting/profile', page: 'profile', rule: ACCOUNT },
  { path: '/auth/profile', page: 'profile', rule: ACCOUNT },
  { path: '/auth/logout', page: 'logout', rule: ACCOUNT },
  { path: '/setting/brand', page: 'brandSettings', rule: { mainOnly: true, subscribed: false } },
  { path: '/setting/signout', page: 'signout', rule: { mainOnly: true, subscribed: false } },
  // The brand's own audit log (issue 27): the main account's, as GET /v1/admin/audit-log answers.
  { path: '/setting/audit-log', page: 'auditLog', rule: { mainOnly: true, subscribed: false } },
  { path: '/', home: true },
  { path: '/b2b', home: true },
]);

/** Every console path, once. */
export const ROUTES: readonly RouteRow[] = [...PUBLIC_ROUTES, ...OTHER_ADMIN_ROUTES, ...menuRows(MENU_TABLE)];

/** The admin app's pages: the rows it mounts (the others redirect home or are not found). */
export const adminPages = () => ROUTES.filter((r): r is RouteRow & { page: string } => r.app === 'admin' && r.page !== undefined);
