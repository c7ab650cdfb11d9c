import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const M = '/api/v1/admin/membership-template';
const membership = { who: 'b2b', subscribed: true, feature: 'MEMBERSHIP' } as const;

/** This area's rows of the security matrix (server/modules/security.api.test.ts): sub-accounts included, STANDARD refused (memberships.api.test.ts). */
export const MEMBERSHIP_ENDPOINTS: Endpoint[] = [
  { name: 'GET membership-template/list', ...membership, request: () => ({ method: 'GET', url: `${M}/list` }) },
  { name: 'GET membership-templates', ...membership, request: () => ({ method: 'GET', url: M }) },
  { name: 'POST membership-template', ...membership, request: () => ({ method: 'POST', url: M, payload: {} }) },
  { name: 'GET membership-template', ...membership, request: () => ({ method: 'GET', url: `${M}/${UNKNOWN_IDX}` }) },
  { name: 'PATCH membership-template', ...membership, request: () => ({ method: 'PATCH', url: `${M}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'PATCH membership-template stop', ...membership, request: () => ({ method: 'PATCH', url: `${M}/${UNKNOWN_IDX}/stop` }) },
];
