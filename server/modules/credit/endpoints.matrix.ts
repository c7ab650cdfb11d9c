import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: false } as const;
const C = '/api/credit';

/**
 * This area's rows of the security matrix (server/modules/security.api.test.ts): the credit base
 * is the brand's main account's (sub-accounts and service partners refused), with or without a
 * subscription. Each request changes nothing: empty bodies, an unknown charge.
 */
export const CREDIT_ENDPOINTS: Endpoint[] = [
  { name: 'GET credit v1/account', ...main, request: () => ({ method: 'GET', url: `${C}/v1/account` }) },
  { name: 'PUT credit account/config', ...main, request: () => ({ method: 'PUT', url: `${C}/account/config`, payload: {} }) },
  { name: 'POST credit account/charge', ...main, request: () => ({ method: 'POST', url: `${C}/account/charge`, payload: {} }) },
  { name: 'POST credit charge refund', ...main, request: () => ({ method: 'POST', url: `${C}/account/charge/${UNKNOWN_IDX}/refund` }) },
  { name: 'GET credit transaction/group', ...main, request: () => ({ method: 'GET', url: `${C}/transaction/group` }) },
];
