import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const T = '/api/v1/admin/nft-template';

/** This area's rows of the security matrix (server/modules/security.api.test.ts). */
export const TEMPLATE_ENDPOINTS: Endpoint[] = [
  { name: 'GET nft-template/list', who: 'b2b', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'GET', url: `${T}/list` }) },
  { name: 'GET nft-templates', who: 'b2b', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'GET', url: T }) },
  { name: 'POST nft-template', who: 'b2bMain', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'POST', url: T, payload: {} }) },
  { name: 'GET nft-template', who: 'b2b', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'GET', url: `${T}/${UNKNOWN_IDX}` }) },
  { name: 'PATCH nft-template', who: 'b2bMain', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'PATCH', url: `${T}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'PATCH nft-template setting', who: 'b2bMain', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'PATCH', url: `${T}/${UNKNOWN_IDX}/setting`, payload: {} }) },
  { name: 'GET nft-template nft/field', who: 'b2b', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'GET', url: `${T}/${UNKNOWN_IDX}/nft/field` }) },
  { name: 'PATCH nft-template nft/field', who: 'b2bMain', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'PATCH', url: `${T}/${UNKNOWN_IDX}/nft/field`, payload: {} }) },
  { name: 'PATCH nft-template stop', who: 'b2bMain', subscribed: true, feature: 'GUARANTEE', request: () => ({ method: 'PATCH', url: `${T}/${UNKNOWN_IDX}/stop` }) },
];
