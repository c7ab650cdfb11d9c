import type { InjectOptions } from 'fastify';
import type { Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: true } as const;
const C = '/api/cafe24/v1/interwork';
const N = '/api/naver-store/interwork';

/**
 * This area's rows of the security matrix (server/modules/security.api.test.ts): the shop integrations
 * are the main account's (sub-accounts refused), subscribed; the plan refusals (STARTER, STANDARD) are
 * in integrations.api.test.ts. Each request changes nothing for an allowed caller (no body, or no mall).
 */
export const INTEGRATION_ENDPOINTS: Endpoint[] = [
  ...(['cafe24', 'naver'] as const).flatMap((platform) => {
    const base = platform === 'cafe24' ? C : N;
    return [
      { name: `GET ${platform} interwork`, ...main, request: () => ({ method: 'GET', url: base }) },
      { name: `GET ${platform} setting`, ...main, request: () => ({ method: 'GET', url: `${base}/setting` }) },
      { name: `PUT ${platform} setting`, ...main, request: () => ({ method: 'PUT', url: `${base}/setting`, payload: { issueMode: 'x' } }) },
      { name: `GET ${platform} orders`, ...main, request: () => ({ method: 'GET', url: `${base}/orders?pageSize=10` }) },
      { name: `POST ${platform} order/confirm`, ...main, request: () => ({ method: 'POST', url: `${base}/order/confirm`, payload: {} }) },
      { name: `POST ${platform} sync`, ...main, request: () => ({ method: 'POST', url: `${base}/sync` }) },
    ] satisfies Endpoint[];
  }),
  { name: 'POST cafe24 confirm', ...main, request: () => ({ method: 'POST', url: `${C}/confirm`, payload: {} }) },
  { name: 'POST cafe24 customer/confirm', ...main, request: () => ({ method: 'POST', url: `${C}/customer/confirm` }) },
  { name: 'POST cafe24 points retry', ...main, request: () => ({ method: 'POST', url: `${C}/points/999999999/retry` }) },
  { name: 'GET cafe24 product-info', ...main, request: () => ({ method: 'GET', url: `${C}/product-info` }) },
  { name: 'POST cafe24 leave-reason', ...main, request: () => ({ method: 'POST', url: `${C}/leave-reason`, payload: {} }) },
  { name: 'POST naver subscribe', ...main, request: () => ({ method: 'POST', url: `${N}/subscribe`, payload: {} }) },
  { name: 'POST naver delete', ...main, request: () => ({ method: 'POST', url: `${N}/delete`, payload: {} }) },
];

/** The webhook: public, its own check is the key it carries (refused with INVALID_TOKEN, never UNAUTHORIZED). */
export const INTEGRATION_PUBLIC: { name: string; request: InjectOptions; code?: string }[] = [
  { name: 'POST cafe24 webhook', request: { method: 'POST', url: '/api/cafe24/v1/webhook', payload: { event_no: 1, resource: { mall_id: 'nomall' } } }, code: 'INVALID_TOKEN' },
];
