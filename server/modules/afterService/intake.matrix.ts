import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const REPAIR = '/api/v1/admin/repair';
const row = (name: string, who: Endpoint['who'], feature: Endpoint['feature'], request: Endpoint['request'], route?: string): Endpoint =>
  ({ name, who, subscribed: true, ...(feature ? { feature } : {}), request, ...(route ? { route } : {}) });
/** The A/S photos: the brand and the partners (b2b rules for the brand; each target checked in the handler). */
const anyAdmin = (name: string, request: Endpoint['request']): Endpoint => ({ name, who: 'anyAdmin', subscribed: true, request });

/**
 * The intake's and the A/S settings' rows of the security matrix (server/modules/security.api.test.ts):
 * the intake is the brand's (sub-accounts too) with REPAIR; the settings are the main account's, per
 * kind's feature; the categories are read by every brand account (the intake's select).
 */
export const AS_INTAKE_ENDPOINTS: Endpoint[] = [
  row('POST repair (intake)', 'b2b', 'REPAIR', () => ({ method: 'POST', url: REPAIR, payload: {} })),
  row('PATCH repair/:idx (intake)', 'b2b', 'REPAIR', () => ({ method: 'PATCH', url: `${REPAIR}/${UNKNOWN_IDX}`, payload: {} })),
  anyAdmin('POST repair/image', () => ({ method: 'POST', url: `${REPAIR}/image`, payload: {} })),
  anyAdmin('POST repair/image/confirm', () => ({ method: 'POST', url: `${REPAIR}/image/confirm`, payload: {} })),
  row('DELETE repair/image/:name', 'b2b', 'REPAIR', () => ({ method: 'DELETE', url: `${REPAIR}/image/${'a'.repeat(32)}.png` }), 'DELETE /api/v1/admin/repair/image/{name}'),
  row('GET repair/info', 'b2bMain', 'REPAIR', () => ({ method: 'GET', url: `${REPAIR}/info` })),
  row('POST repair/info', 'b2bMain', 'REPAIR', () => ({ method: 'POST', url: `${REPAIR}/info`, payload: { receiveZipCode: 'x' } })),
  row('GET laundry/info', 'b2bMain', 'LAUNDRY', () => ({ method: 'GET', url: '/api/v1/admin/laundry/info' })),
  row('POST laundry/info', 'b2bMain', 'LAUNDRY', () => ({ method: 'POST', url: '/api/v1/admin/laundry/info', payload: { receiveZipCode: 'x' } })),
  row('GET repair/category', 'b2b', 'REPAIR', () => ({ method: 'GET', url: `${REPAIR}/category` })),
  row('POST repair/category', 'b2bMain', 'REPAIR', () => ({ method: 'POST', url: `${REPAIR}/category`, payload: { list: [{ name: '' }] } })),
];
