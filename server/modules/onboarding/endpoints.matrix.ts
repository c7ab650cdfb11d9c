import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const S = '/api/statistics/v1/statistics/onboarding/status';

/**
 * Home's rows of the security matrix (server/modules/security.api.test.ts): the onboarding status is
 * the brand main account's (sub-accounts and the service partners refused), no subscription needed;
 * the notices and the consignment-notice acknowledgement are every signed-in admin's.
 */
export const HOME_ENDPOINTS: Endpoint[] = [
  { name: 'GET onboarding status', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: `${S}/${UNKNOWN_IDX}` }) },
  { name: 'PATCH onboarding status', who: 'b2bMain', subscribed: false, request: () => ({ method: 'PATCH', url: `${S}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'POST common/notion', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: '/api/v1/common/notion' }) },
  { name: 'POST consignment-notice/seen', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: '/api/v1/admin/partnerships/consignment-notice/seen' }) },
];
