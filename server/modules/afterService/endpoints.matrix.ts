import { AS_FEATURE, AS_TYPES, type AsType } from '../../../src/domain/afterService';
import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const A = '/api/v1/admin';

/**
 * The security-matrix rows of the request workflow and its memos (server/modules/security.api.test.ts):
 * each kind's routes admit the brand's accounts (sub-accounts too; subscribed, the kind's feature)
 * and the kind's own partner (repairer or launderer), never the other one. A memo's edit and removal
 * admit both partners (the memo's kind is checked once it is found).
 */
function kindEndpoints(type: AsType): Endpoint[] {
  const row = { who: 'b2b', subscribed: true, feature: AS_FEATURE[type], partners: [type] } as const;
  const patch = (name: string, path: string, payload: object = {}): Endpoint => ({
    name: `PATCH ${type}/${name}`, ...row, request: () => ({ method: 'PATCH', url: `${A}/${type}/${path}`, payload }),
  });
  return [
    { name: `GET ${type}`, ...row, request: () => ({ method: 'GET', url: `${A}/${type}?pageSize=10` }) },
    { name: `GET ${type}/:idx`, ...row, request: () => ({ method: 'GET', url: `${A}/${type}/${UNKNOWN_IDX}` }) },
    ...['preestimate', 'estimate', 'working', 'exchanged', 'shipping', 'memo'].map((action) => patch(`:idx/${action}`, `${UNKNOWN_IDX}/${action}`)),
    patch('complete/:idx', `complete/${UNKNOWN_IDX}`),
    patch('cancel/:idx', `cancel/${UNKNOWN_IDX}`),
    patch('complete/bulk', 'complete/bulk', { repairIdxList: [UNKNOWN_IDX] }),
    patch('cancel/bulk', 'cancel/bulk', { repairIdxList: [UNKNOWN_IDX], reason: '매트릭스' }),
    { name: `GET memo/${type}/:idx`, ...row, request: () => ({ method: 'GET', url: `${A}/memo/${type}/${UNKNOWN_IDX}` }) },
    { name: `POST memo/${type}/:idx`, ...row, request: () => ({ method: 'POST', url: `${A}/memo/${type}/${UNKNOWN_IDX}`, payload: {} }) },
  ];
}

export const AS_REQUEST_ENDPOINTS: Endpoint[] = [
  ...AS_TYPES.flatMap(kindEndpoints),
  { name: 'PATCH memo/:idx', who: 'b2b', subscribed: true, partners: ['repair', 'laundry'], request: () => ({ method: 'PATCH', url: `${A}/memo/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'DELETE memo/:idx', who: 'b2b', subscribed: true, partners: ['repair', 'laundry'], request: () => ({ method: 'DELETE', url: `${A}/memo/${UNKNOWN_IDX}` }) },
];
