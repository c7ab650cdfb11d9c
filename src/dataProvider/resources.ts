import type { ApiBase } from '../config/apiBases';
import { bulkDeleteOf, type ResourceIdentity } from '../domain/resource';
import { DECLARED_RESOURCES } from '../domain/resources';
import { templateResource } from '../domain/resources/template';
import { guaranteeResource } from '../domain/resources/guarantee';
import { membershipIssueResource } from '../domain/resources/membershipIssue';
import { AS_REQUEST_RESOURCES } from '../domain/resources/asRequest';
import { AS_TYPES } from '../domain/afterService';

/**
 * The resource → endpoint map (docs/architecture.md rule 3), one key per resource: the name the pages,
 * their routes' resource context (src/domain/routes.ts), the i18n keys and the server share. A
 * resource names its API base, the path under it (the spec's paths, verbatim), how records are
 * identified, and the menu path whose access rule guards it, so `canAccess({ resource })` and the
 * route guard agree.
 */
export interface ResourceEndpoint {
  base: ApiBase;
  path: string;
  /** The record key in the API answers; react-admin needs `id`. */
  idField?: string;
  /** The menu route guarding this resource (see src/domain/menu.ts). */
  menuPath: string;
  /** A single record without an id (GET/PATCH on `path` itself). */
  singleton?: boolean;
  /** Update method; PATCH by default. */
  updateMethod?: 'PATCH' | 'PUT';
  /**
   * One request for deleteMany: `DELETE <path>` with body `{ [bodyKey]: ids }` (all-or-nothing on the
   * server). Without it deleteMany sends one DELETE per id.
   */
  bulkDelete?: { path: string; bodyKey: string };
  /**
   * Query names of getList that differ from the list machinery's (searchType, searchText, startDate,
   * endDate): e.g. the guarantee history's URL keeps the spec's route names while its API takes
   * search, keyword, from and to.
   */
  listParams?: Record<string, string>;
  /** getList's sort as two parameters (`orderBy=name&orderDirection=ASC`) instead of `sort=name,ASC`. */
  sortParams?: { field: string; order: string };
  /**
   * Update is `PATCH <path>` itself with the record key (`idField`) in the body, not `<path>/{id}`:
   * the stores API (spec 3, PATCH /v1/admin/store).
   */
  updateIdInBody?: boolean;
  /**
   * No `GET <path>/{id}`: getOne and getMany read this unpaged list (`{ list }`) and pick the record
   * by its key; a record not in it is a 404 NOT_FOUND, as the API answers for another tenant's idx.
   */
  oneFromList?: string;
}

/** The entry of a declared resource (src/domain/resource.ts), under its name. */
export function declaredEndpoint(def: ResourceIdentity): Record<string, ResourceEndpoint> {
  const endpoint: ResourceEndpoint = {
    base: def.base,
    path: def.apiPath,
    idField: def.idField,
    menuPath: def.route,
    ...(def.api?.delete === false ? {} : { bulkDelete: { path: `${def.apiPath}/bulk`, bodyKey: bulkDeleteOf(def).key } }),
    ...(def.api?.updateIdInBody ? { updateIdInBody: true } : {}),
    ...(def.api?.sortParams ? { sortParams: def.api.sortParams } : {}),
    ...(def.api?.oneFromList ? { oneFromList: `${def.apiPath}/list` } : {}),
  };
  return { [def.name]: endpoint };
}

export const RESOURCES: Record<string, ResourceEndpoint> = {
  partnerships: { base: 'main', path: '/v1/admin/partnerships', idField: 'idx', menuPath: '/setting/profile', singleton: true },
  brand: { base: 'main', path: '/v1/admin/partnerships/brand', idField: 'idx', menuPath: '/setting/brand', singleton: true },
  'service-terms': { base: 'main', path: '/v1/admin/partnerships/service-terms', menuPath: '/setting/brand', singleton: true, updateMethod: 'PUT' },
  members: { base: 'main', path: '/v1/admin/partnerships/members', idField: 'idx', menuPath: '/setting/brand' },
  plans: { base: 'payment', path: '/v2/plan', idField: 'planId', menuPath: '/b2b/payment/subscribe' },
  subscription: { base: 'payment', path: '/v2/subscription', menuPath: '/b2b/payment/subscribe', singleton: true },
  'credit-account': { base: 'credit', path: '/account', idField: 'accountIdx', menuPath: '/b2b/payment/subscribe', singleton: true },
  /** Guarantees (spec 2 section 7, Guarantees (nft)); the list's query names are the API's (search, keyword, from, to). */
  [guaranteeResource.name]: {
    base: guaranteeResource.base,
    path: guaranteeResource.apiPath,
    idField: guaranteeResource.idField,
    menuPath: guaranteeResource.route,
    bulkDelete: { path: `${guaranteeResource.apiPath}/bulk`, bodyKey: 'nftIdxList' },
    listParams: { searchType: 'search', searchText: 'keyword', startDate: 'from', endDate: 'to' },
  },
  /** Issued memberships (issue 11 item 2): the guarantee history's query names on the membership API. */
  [membershipIssueResource.name]: {
    base: membershipIssueResource.base,
    path: membershipIssueResource.apiPath,
    idField: membershipIssueResource.idField,
    menuPath: membershipIssueResource.route,
    bulkDelete: { path: `${membershipIssueResource.apiPath}/bulk`, bodyKey: 'nftIdxList' },
    listParams: { searchType: 'search', searchText: 'keyword', startDate: 'from', endDate: 'to' },
  },
  /** Certificate templates (paged list, /list for pickers), edited on the guarantee settings page. */
  [templateResource.name]: { base: templateResource.base, path: templateResource.apiPath, idField: 'idx', menuPath: '/b2b/guarantee/setting' },
  /** The tenant's brands (GET /v1/admin/brand/list → { list }); `brand` above is the account's own brand settings. */
  'brand-list': { base: 'main', path: '/v1/admin/brand/list', idField: 'idx', menuPath: '/b2b/product' },
  /**
   * The declared resources (src/domain/resources): stores, products, and customers (spec 3: GET paged
   * with the spec's names, searchTarget, searchKeyword and filterOptions from the list's options, the
   * sort as orderBy and orderDirection; POST, GET/PATCH /{customerIdx}).
   */
  ...Object.assign({}, ...DECLARED_RESOURCES.map(declaredEndpoint)),
  /** Repair and laundry requests (docs/api/afterService.md): their declarations' entries; the list's query names are the API's (search, keyword, from, to). */
  ...Object.fromEntries(AS_TYPES.map((type) => {
    const def = AS_REQUEST_RESOURCES[type];
    return [def.name, { ...declaredEndpoint(def)[def.name], listParams: { searchType: 'search', searchText: 'keyword', startDate: 'from', endDate: 'to' } }];
  })),
  /** Customer grades: GET /list (unpaged, by groupNo), GET /{idx}; saved all at once through POST /direct. */
  'customers-group': { base: 'main', path: '/v1/admin/customers-group', idField: 'idx', menuPath: '/b2b/customer/grade' },
};

export function endpointOf(resource: string): ResourceEndpoint {
  const endpoint = RESOURCES[resource];
  if (!endpoint) throw new Error(`Unknown resource: ${resource}`);
  return endpoint;
}

export function menuPathOfResource(resource: string): string | undefined {
  return RESOURCES[resource]?.menuPath;
}
