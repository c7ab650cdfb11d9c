import type { AccessRule } from '../access';
import type { Resource } from '../resource';

/**
 * Certificate templates (spec 2 sections 3 and 7): the part of a resource definition that fits them
 * today, their one name, API path and access rules, read by the server's routes
 * (server/modules/templates), the dataProvider entry, the guarantee settings route's resource
 * context and the console's API calls. Not in ./registry.ts: their fields (boolean and Y/N switches,
 * string choices, lists of name/value objects) are not field kinds yet, their API has no delete and
 * adds spec sub-routes, and their pages sit inside the guarantee settings page rather than a menu
 * item of their own; so the fields stay in templateSchema (src/domain/guarantee.ts) and the routes
 * stay bespoke.
 * Templates need the GUARANTEE feature and a subscription. Sub-accounts read them (the issue form
 * picks one); only the main account changes them (guarantee settings are hidden from sub-accounts).
 */
export const templateResource = {
  name: 'nft-template',
  base: 'main',
  apiPath: '/v1/admin/nft-template',
  access: {
    read: { feature: 'GUARANTEE' },
    write: { feature: 'GUARANTEE', mainOnly: true, write: true },
  },
} as const satisfies Pick<Resource, 'name' | 'base' | 'apiPath'> & { access: Record<'read' | 'write', AccessRule> };
