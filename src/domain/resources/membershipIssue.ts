import type { ResourceIdentity } from '../resource';
import { MEMBERSHIP_RULE, MEMBERSHIP_WRITE_RULE } from './membershipTemplate';

/**
 * Issued memberships (spec 2 sections 2 to 4, issue 11 item 2): certificates of type MEMBERSHIP,
 * issued, listed and edited on the guarantees' machinery (server/modules/memberships/issueRoutes.ts,
 * the console's guarantee history, detail, form and sheet parametrized by the kind,
 * src/resources/guarantee/kind.ts). The MEMBERSHIP feature gates them and the STANDARD plan blocks
 * them, like every membership item; sub-accounts issue them too. Their menu items are the route
 * table's membershipPublish and membershipHistory (src/domain/routes.ts).
 */
export const membershipIssueResource = {
  name: 'membership-nft',
  base: 'main',
  apiPath: '/v1/admin/membership-nft',
  idField: 'idx',
  route: '/b2b/membership/guarantee',
  access: { read: MEMBERSHIP_RULE, write: MEMBERSHIP_WRITE_RULE },
} satisfies Pick<ResourceIdentity, 'name' | 'base' | 'apiPath' | 'idField' | 'route' | 'access'>;
