import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const NFT = '/api/v1/admin/nft';
const g = (name: string, request: Endpoint['request']): Endpoint => ({ name, who: 'b2b', subscribed: true, feature: 'GUARANTEE', request });

/** This area's rows of the security matrix (server/modules/security.api.test.ts): b2b, subscribed, feature GUARANTEE, sub-accounts allowed. */
export const GUARANTEE_ENDPOINTS: Endpoint[] = [
  g('GET nft', () => ({ method: 'GET', url: `${NFT}?pageSize=10` })),
  g('POST nft', () => ({ method: 'POST', url: NFT, payload: {} })),
  g('POST nft/bulk', () => ({ method: 'POST', url: `${NFT}/bulk`, payload: {} })),
  g('POST nft/bulk/catalogue', () => ({ method: 'POST', url: `${NFT}/bulk/catalogue`, payload: {} })),
  g('PATCH nft/complete/bulk', () => ({ method: 'PATCH', url: `${NFT}/complete/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } })),
  g('PATCH nft/cancel/bulk', () => ({ method: 'PATCH', url: `${NFT}/cancel/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } })),
  g('DELETE nft/bulk', () => ({ method: 'DELETE', url: `${NFT}/bulk`, payload: { nftIdxList: [UNKNOWN_IDX] } })),
  g('PATCH nft/cancel/:idx', () => ({ method: 'PATCH', url: `${NFT}/cancel/${UNKNOWN_IDX}` })),
  g('POST nft/pending/cancel-reason', () => ({ method: 'POST', url: `${NFT}/pending/cancel-reason`, payload: {} })),
  g('POST nft/used', () => ({ method: 'POST', url: `${NFT}/used`, payload: {} })),
  g('GET nft/users', () => ({ method: 'GET', url: `${NFT}/users` })),
  g('GET nft/user/:idx/nfts', () => ({ method: 'GET', url: `${NFT}/user/${UNKNOWN_IDX}/nfts` })),
  g('GET nft/ready/today', () => ({ method: 'GET', url: `${NFT}/ready/today` })),
  g('GET nft/dashboard', () => ({ method: 'GET', url: `${NFT}/dashboard?dateType=7d&nftType=GUARANTEE` })),
  g('GET nft/:idx', () => ({ method: 'GET', url: `${NFT}/${UNKNOWN_IDX}` })),
  g('PATCH nft/:idx', () => ({ method: 'PATCH', url: `${NFT}/${UNKNOWN_IDX}`, payload: {} })),
  g('DELETE nft/:idx', () => ({ method: 'DELETE', url: `${NFT}/${UNKNOWN_IDX}` })),
  g('GET nft/:idx/used', () => ({ method: 'GET', url: `${NFT}/${UNKNOWN_IDX}/used` })),
  g('GET nft/:idx/qrs', () => ({ method: 'GET', url: `${NFT}/${UNKNOWN_IDX}/qrs` })),
  g('GET partners-product/:idx/nft', () => ({ method: 'GET', url: `/api/v1/admin/partners-product/${UNKNOWN_IDX}/nft` })),
];
