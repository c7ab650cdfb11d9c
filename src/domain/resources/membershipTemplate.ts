import type { AccessRule } from '../access';
import type { ResourceIdentity } from '../resource';

/**
 * Membership setup (spec 1 section 4 and spec 2 section 5, plan restrictions): the MEMBERSHIP
 * feature gates it and the STANDARD plan blocks every membership setup item (the blocked-feature
 * toast in the menu, FEATURE_DISABLED on the server). Sub-accounts use it (spec 1 section 6 hides
 * only lounge, stamp, messages and the settings from them).
 */
export const MEMBERSHIP_RULE: AccessRule = { feature: 'MEMBERSHIP', blockedPlans: ['STANDARD'] };
export const MEMBERSHIP_WRITE_RULE: AccessRule = { ...MEMBERSHIP_RULE, write: true };

/**
 * Membership templates (spec 2 sections 2, 3 and 5; issue 11 item 1): certificate templates of type
 * MEMBERSHIP (nft_templates) with their expiry, benefits and attached coupons. Declared by identity
 * like customers: their body (lists of links, benefits and coupons; an expiry by date or by days)
 * is `membershipTemplateSchema` (src/domain/membership.ts), which the field kinds cannot say, so the
 * server keeps its own routes (server/modules/memberships) and the console its own pages
 * (src/resources/membership-template); the menu item, its routes and the dataProvider entry come
 * from here. No delete: a template is stopped.
 */
export const membershipTemplateResource: ResourceIdentity = {
  name: 'membership-template',
  base: 'main',
  apiPath: '/v1/admin/membership-template',
  idField: 'idx',
  route: '/b2b/membership/setting',
  menu: { key: 'membershipSetting', section: 'customer', after: 'customerGrade', label: 'shell.menu.membershipSetting' },
  views: [{ path: ':id', view: 'show' }],
  access: { read: MEMBERSHIP_RULE, write: MEMBERSHIP_WRITE_RULE },
  api: { delete: false },
};
