import { AS_FEATURE, AS_PARTNER_ADMIN_TYPE, AS_TYPES } from '../../../src/domain/afterService';
import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const A = '/api/v1/admin';

/**
 * The security-matrix rows of the partner links and the A/S dashboards (server/modules/security.api.test.ts):
 * the links are the brand main account's (sub-accounts and partners refused), the invitations (listed,
 * accepted, declined) and the partner dashboard the partner of the kind's only, the brand's counts every brand account's.
 */
export const AS_PARTNER_ENDPOINTS: Endpoint[] = AS_TYPES.flatMap((type): Endpoint[] => {
  const main = { who: 'b2bMain', subscribed: true, feature: AS_FEATURE[type] } as const;
  const partner = { who: AS_PARTNER_ADMIN_TYPE[type], subscribed: false } as const;
  return [
    { name: `GET ${type}/partner`, ...main, request: () => ({ method: 'GET', url: `${A}/${type}/partner` }) },
    { name: `POST ${type}/partner`, ...main, request: () => ({ method: 'POST', url: `${A}/${type}/partner`, payload: {} }) },
    { name: `DELETE ${type}/partner/:idx`, ...main, request: () => ({ method: 'DELETE', url: `${A}/${type}/partner/${UNKNOWN_IDX}` }) },
    { name: `GET ${type}/dashboard`, who: 'b2b', subscribed: true, feature: AS_FEATURE[type], request: () => ({ method: 'GET', url: `${A}/${type}/dashboard` }) },
    { name: `GET ${type}/invitation`, ...partner, request: () => ({ method: 'GET', url: `${A}/${type}/invitation` }) },
    { name: `PATCH ${type}/partner/:idx/accept`, ...partner, request: () => ({ method: 'PATCH', url: `${A}/${type}/partner/${UNKNOWN_IDX}/accept` }) },
    { name: `PATCH ${type}/partner/:idx/decline`, ...partner, request: () => ({ method: 'PATCH', url: `${A}/${type}/partner/${UNKNOWN_IDX}/decline` }) },
    { name: `GET ${type}/request/dashboard`, ...partner, request: () => ({ method: 'GET', url: `${A}/${type}/request/dashboard` }) },
  ];
});
