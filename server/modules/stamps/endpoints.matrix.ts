import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: true, feature: 'MEMBERSHIP' } as const;
const A = '/api/v1/admin';

/**
 * This area's rows of the security matrix (server/modules/security.api.test.ts): stamps and the
 * brand lounge are the main account's (sub-accounts refused), subscribed, feature MEMBERSHIP; the
 * STANDARD plan's refusal is in stamps.api.test.ts and lounge.api.test.ts.
 */
export const STAMP_LOUNGE_ENDPOINTS: Endpoint[] = [
  { name: 'GET stamp', ...main, request: () => ({ method: 'GET', url: `${A}/stamp` }) },
  { name: 'PUT stamp', ...main, request: () => ({ method: 'PUT', url: `${A}/stamp`, payload: {} }) },
  { name: 'PATCH stamp/active', ...main, request: () => ({ method: 'PATCH', url: `${A}/stamp/active`, payload: {} }) },
  { name: 'GET stamp/list', ...main, request: () => ({ method: 'GET', url: `${A}/stamp/list?pageSize=10` }) },
  { name: 'POST stamps', ...main, request: () => ({ method: 'POST', url: `${A}/stamps`, payload: {} }) },
  { name: 'GET stamps/:idx', ...main, request: () => ({ method: 'GET', url: `${A}/stamps/${UNKNOWN_IDX}` }) },
  { name: 'GET lounge', ...main, request: () => ({ method: 'GET', url: `${A}/lounge` }) },
  { name: 'PUT lounge', ...main, request: () => ({ method: 'PUT', url: `${A}/lounge`, payload: {} }) },
  { name: 'POST lounge/image', ...main, request: () => ({ method: 'POST', url: `${A}/lounge/image`, payload: {} }) },
];
