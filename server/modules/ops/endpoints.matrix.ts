import type { InjectOptions } from 'fastify';
import { API_BASES } from '../../../src/config/apiBases';
import type { OperatorRole } from '../../../src/domain/operators';
import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

/**
 * The operator console's routes in the security matrix (server/modules/security.api.test.ts): no token
 * and every brand role's token answer 401 (a partner session is unknown there), each operator role
 * not named answers 403 FORBIDDEN_ROLE. Requests change nothing (unknown brand, invalid body).
 */
export interface OpsEndpoint {
  name: string;
  roles: readonly OperatorRole[];
  request: () => InjectOptions;
  consumesSession?: boolean;
}
const O = `${API_BASES.ops}/v1`;
const B = `${O}/brands/${UNKNOWN_IDX}`;
export const OPS_ENDPOINTS: OpsEndpoint[] = [
  { name: 'ops POST sign-out', roles: ['support', 'admin'], request: () => ({ method: 'POST', url: `${O}/operators/sign-out` }), consumesSession: true },
  { name: 'ops GET me', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/operators/me` }) },
  { name: 'ops GET operators', roles: ['admin'], request: () => ({ method: 'GET', url: `${O}/operators` }) },
  { name: 'ops POST operators', roles: ['admin'], request: () => ({ method: 'POST', url: `${O}/operators`, payload: {} }) },
  { name: 'ops GET brands', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/brands?name=zz-none` }) },
  { name: 'ops GET brand', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: B }) },
  { name: 'ops GET accounts', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/accounts` }) },
  { name: 'ops GET subscriptions', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/subscriptions` }) },
  { name: 'ops GET guarantees', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/guarantees` }) },
  { name: 'ops GET customers', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/customers` }) },
  {
    name: 'ops GET customer', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/customers/${UNKNOWN_IDX}` }),
  },
  {
    name: 'ops POST customer reveal', roles: ['support', 'admin'], request: () => ({ method: 'POST', url: `${B}/customers/${UNKNOWN_IDX}/reveal`, payload: {} }),
  },
  { name: 'ops GET as-requests', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/as-requests` }) },
  { name: 'ops GET messages', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/messages` }) },
  { name: 'ops GET credit', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${B}/credit` }) },
  { name: 'ops GET audit-log', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/audit-log?action=nope` }) },
  { name: 'ops GET analytics pageviews', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/analytics/pageviews` }) },
  { name: 'ops GET analytics errors', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/analytics/errors` }) },
  { name: 'ops GET notices', roles: ['support', 'admin'], request: () => ({ method: 'GET', url: `${O}/notices` }) },
  { name: 'ops POST notices', roles: ['support', 'admin'], request: () => ({ method: 'POST', url: `${O}/notices`, payload: {} }) },
  { name: 'ops POST suspension', roles: ['admin'], request: () => ({ method: 'POST', url: `${B}/suspension`, payload: {} }) },
  { name: 'ops DELETE suspension', roles: ['admin'], request: () => ({ method: 'DELETE', url: `${B}/suspension` }) },
];

/** The brand's own audit log (a partner route). */
export const BRAND_AUDIT_ENDPOINTS: Endpoint[] = [
  { name: 'GET audit-log', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: '/api/v1/admin/audit-log' }) },
  { name: 'POST analytics events', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: '/api/v1/analytics/events', payload: {} }) },
  { name: 'POST analytics errors', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: '/api/v1/analytics/errors', payload: {} }) },
];
