import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const M = '/api/v1/admin/membership-template';
const N = '/api/v1/admin/membership-nft';
const D = '/api/v1/admin/nft/dashboard/membership';
const membership = { who: 'b2b', subscribed: true, feature: 'MEMBERSHIP' } as const;

/** This area's rows of the security matrix (server/modules/security.api.test.ts): sub-accounts included, STANDARD refused (memberships.api.test.ts). */
export const MEMBERSHIP_ENDPOINTS: Endpoint[] = [
  { name: 'GET membership-template/list', ...membership, request: () => ({ method: 'GET', url: `${M}/list` }) },
  { name: 'GET membership-templates', ...membership, request: () => ({ method: 'GET', url: M }) },
  { name: 'POST membership-template', ...membership, request: () => ({ method: 'POST', url: M, payload: {} }) },
  { name: 'GET membership-template', ...membership, request: () => ({ method: 'GET', url: `${M}/${UNKNOWN_IDX}` }) },
  { name: 'PATCH membership-template', ...membership, request: () => ({ method: 'PATCH', url: `${M}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'PATCH membership-template stop', ...membership, request: () => ({ method: 'PATCH', url: `${M}/${UNKNOWN_IDX}/stop` }) },
  // Issued memberships (./issueRoutes.ts) and the membership dashboards.
  { name: 'GET membership-nft', ...membership, request: () => ({ method: 'GET', url: `${N}?pageSize=10` }) },
  { name: 'POST membership-nft', ...membership, request: () => ({ method: 'POST', url: N, payload: {} }) },
  { name: 'POST membership-nft/bulk', ...membership, request: () => ({ method: 'POST', url: `${N}/bulk`, payload: {} }) },
  { name: 'PATCH membership-nft/complete/bulk', ...membership, request: () => ({ method: 'PATCH', url: `${N}/complete/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } }) },
  { name: 'PATCH membership-nft/cancel/bulk', ...membership, request: () => ({ method: 'PATCH', url: `${N}/cancel/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } }) },
  { name: 'DELETE membership-nft/bulk', ...membership, request: () => ({ method: 'DELETE', url: `${N}/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } }) },
  { name: 'PATCH membership-nft/stop/bulk', ...membership, request: () => ({ method: 'PATCH', url: `${N}/stop/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } }) },
  { name: 'GET membership-nft/:idx', ...membership, request: () => ({ method: 'GET', url: `${N}/${UNKNOWN_IDX}` }) },
  { name: 'PATCH membership-nft/:idx', ...membership, request: () => ({ method: 'PATCH', url: `${N}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'DELETE membership-nft/:idx', ...membership, request: () => ({ method: 'DELETE', url: `${N}/${UNKNOWN_IDX}` }) },
  { name: 'GET nft/dashboard/membership/issued', ...membership, request: () => ({ method: 'GET', url: `${D}/issued` }) },
  { name: 'GET nft/dashboard/membership/summary', ...membership, request: () => ({ method: 'GET', url: `${D}/summary?dateType=7d` }) },
  { name: 'GET nft/dashboard/membership/coupon', ...membership, request: () => ({ method: 'GET', url: `${D}/coupon?dateType=1m` }) },
];
