import type { InjectOptions } from 'fastify';
import type { Feature } from '../../src/domain/plans';
import type { AccessRule } from '../../src/domain/access';
import { API_BASES } from '../../src/config/apiBases';
import { bulkDeleteOf, type Resource } from '../../src/domain/resource';

/**
 * The security matrix's vocabulary (server/modules/security.api.test.ts). Each area lists its own
 * endpoints in `<area>/endpoints.matrix.ts`; expectations are written out rather than derived from
 * the route rules, so a rule changed by mistake fails the matrix.
 */
/** repairer / launderer: that partner kind's own routes (after-service), refused to every other role. */
export type Who = 'anyAdmin' | 'anyMain' | 'b2b' | 'b2bMain' | 'repairer' | 'launderer';
/** Whether a brand account can reach the endpoint at all (the partner kinds' own routes refuse it by role first). */
export const brandReachable = (e: Endpoint) => e.who !== 'repairer' && e.who !== 'launderer';
export interface Ids { bMemberIdx: number }
export interface Endpoint {
  name: string;
  who: Who;
  subscribed: boolean;
  /** A request an allowed caller can make without changing anything (invalid body, unknown idx). */
  request: (ids: Ids) => InjectOptions;
  /** Uses up the session (sign-out): each call gets a fresh one. */
  consumesSession?: boolean;
  /** The feature it needs: FEATURE_DISABLED without it. */
  feature?: Feature;
  /** The partner roles it admits besides `who` (after-service: the repairer on repair routes, the launderer on laundry ones). */
  partners?: readonly ('repair' | 'laundry')[];
  /** The documented route when its path has a parameter that is not a numeric idx (e.g. a file name). */
  route?: string;
}
export const UNKNOWN_IDX = 99_999_999;

/**
 * The matrix rows of a resource's generic routes (server/http/resourceRoutes.ts), from its
 * definition: who its read and write rules admit, and a request that changes nothing.
 */
export function resourceEndpoints(def: Resource): Endpoint[] {
  const url = `${API_BASES[def.base]}${def.apiPath}`;
  const row = (name: string, rule: AccessRule, request: () => InjectOptions): Endpoint => ({
    name: `${name} ${def.name}`,
    who: rule.mainOnly ? 'b2bMain' : 'b2b',
    subscribed: rule.subscribed ?? true,
    ...(rule.feature ? { feature: rule.feature } : {}),
    request,
  });
  const { read, write } = def.access;
  return [
    ...(def.api?.picker === false ? [] : [row('GET list', read, () => ({ method: 'GET', url: `${url}/list` }))]),
    row('GET page', read, () => ({ method: 'GET', url })),
    row('GET one', read, () => ({ method: 'GET', url: `${url}/${UNKNOWN_IDX}` })),
    row('POST', write, () => ({ method: 'POST', url, payload: {} })),
    row('PATCH', write, () => ({ method: 'PATCH', url: `${url}/${UNKNOWN_IDX}`, payload: {} })),
    ...(def.api?.updateIdInBody ? [row('PATCH (key in body)', write, () => ({ method: 'PATCH', url, payload: { [def.idField]: UNKNOWN_IDX } }))] : []),
    row('DELETE', write, () => ({ method: 'DELETE', url: `${url}/${UNKNOWN_IDX}` })),
    row('DELETE bulk', write, () => ({ method: 'DELETE', url: `${url}/bulk`, payload: { [bulkDeleteOf(def).key]: [UNKNOWN_IDX] } })),
  ];
}
