import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const C = '/api/v1/admin/customers';
const G = '/api/v1/admin/customers-group';
const O = '/api/customer/v1/overview';
const c = (name: string, who: Endpoint['who'], request: Endpoint['request']): Endpoint => ({ name, who, subscribed: true, feature: 'CUSTOMER', request });

/**
 * This area's rows of the security matrix: b2b, subscribed, feature CUSTOMER. Sub-accounts read and
 * edit customers; grade/point setting writes, point adjustments, the grade run and the download
 * (request and audit) are the main account's (b2bMain).
 */
export const CUSTOMER_ENDPOINTS: Endpoint[] = [
  c('GET customers', 'b2b', () => ({ method: 'GET', url: `${C}?pageSize=10` })),
  c('POST customers', 'b2b', () => ({ method: 'POST', url: C, payload: {} })),
  c('GET customers/setting', 'b2b', () => ({ method: 'GET', url: `${C}/setting` })),
  c('PATCH customers/setting', 'b2bMain', () => ({ method: 'PATCH', url: `${C}/setting`, payload: { pointRate: -1 } })),
  c('GET customers/:idx', 'b2b', () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}` })),
  c('PATCH customers/:idx', 'b2b', () => ({ method: 'PATCH', url: `${C}/${UNKNOWN_IDX}`, payload: {} })),
  c('GET customers/:idx/nfts', 'b2b', () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}/nfts` })),
  c('GET customers/:idx/orders', 'b2b', () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}/orders` })),
  c('POST customers/:idx/orders', 'b2b', () => ({ method: 'POST', url: `${C}/${UNKNOWN_IDX}/orders`, payload: {} })),
  c('GET customers/:idx/points', 'b2b', () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}/points` })),
  c('POST customers/:idx/points', 'b2bMain', () => ({ method: 'POST', url: `${C}/${UNKNOWN_IDX}/points`, payload: { amount: 10, reason: '조정' } })),
  c('GET customers-group/list', 'b2b', () => ({ method: 'GET', url: `${G}/list` })),
  c('GET customers-group/:idx', 'b2b', () => ({ method: 'GET', url: `${G}/${UNKNOWN_IDX}` })),
  c('POST customers-group/direct', 'b2bMain', () => ({ method: 'POST', url: `${G}/direct`, payload: { list: [] } })),
  c('POST customers-group/preview', 'b2b', () => ({ method: 'POST', url: `${G}/preview`, payload: { list: [] } })),
  // Runs the saved grades (idempotent: the demo tenant's grades are recomputed, nothing else changes).
  c('POST customers-group/run', 'b2bMain', () => ({ method: 'POST', url: `${G}/run` })),
  c('GET customer/v1/overview', 'b2b', () => ({ method: 'GET', url: O })),
  // Starts a background recompute (idempotent while one runs).
  c('POST customer/v1/overview/refresh', 'b2b', () => ({ method: 'POST', url: `${O}/refresh` })),
  c('POST customer/v1/overview/download', 'b2bMain', () => ({ method: 'POST', url: `${O}/download`, payload: {} })),
  c('GET customer/v1/overview/download', 'b2bMain', () => ({ method: 'GET', url: `${O}/download` })),
  c('GET customers/dashboard', 'b2b', () => ({ method: 'GET', url: '/api/v2/admin/customers/dashboard' })),
];
