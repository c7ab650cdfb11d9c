import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: true } as const;
const A = '/api';
const C = `${A}/campaign/v1/campaign`;

/**
 * The messages area's rows of the security matrix (issue 25): the main account's only, subscribed
 * (spec 3 §6: sub-accounts are refused the whole area). Each request changes nothing (a refused
 * body or an unknown idx).
 */
export const MESSAGE_ENDPOINTS: Endpoint[] = [
  { name: 'GET message-integration', ...main, request: () => ({ method: 'GET', url: `${A}/v2/message-integration` }) },
  { name: 'PUT message-integration', ...main, request: () => ({ method: 'PUT', url: `${A}/v2/message-integration`, payload: { frequencyCap: 0 } }) },
  { name: 'GET message templates', ...main, request: () => ({ method: 'GET', url: `${A}/v1/template` }) },
  { name: 'POST message template', ...main, request: () => ({ method: 'POST', url: `${A}/v1/template`, payload: {} }) },
  { name: 'GET message template', ...main, request: () => ({ method: 'GET', url: `${A}/v1/template/${UNKNOWN_IDX}` }) },
  { name: 'PUT message template', ...main, request: () => ({ method: 'PUT', url: `${A}/v1/template/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'DELETE message template', ...main, request: () => ({ method: 'DELETE', url: `${A}/v1/template/${UNKNOWN_IDX}` }) },
  { name: 'POST campaign estimate', ...main, request: () => ({ method: 'POST', url: `${C}/estimate`, payload: {} }) },
  { name: 'GET campaigns', ...main, request: () => ({ method: 'GET', url: C }) },
  { name: 'POST campaign', ...main, request: () => ({ method: 'POST', url: C, payload: {} }) },
  { name: 'GET campaign', ...main, request: () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}` }) },
  { name: 'PUT campaign', ...main, request: () => ({ method: 'PUT', url: `${C}/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'DELETE campaign', ...main, request: () => ({ method: 'DELETE', url: `${C}/${UNKNOWN_IDX}` }) },
  { name: 'POST campaign schedule', ...main, request: () => ({ method: 'POST', url: `${C}/${UNKNOWN_IDX}/schedule` }) },
  { name: 'POST campaign cancel', ...main, request: () => ({ method: 'POST', url: `${C}/${UNKNOWN_IDX}/cancel` }) },
  { name: 'POST campaign test', ...main, request: () => ({ method: 'POST', url: `${C}/${UNKNOWN_IDX}/test` }) },
  { name: 'GET campaign recipients', ...main, request: () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}/recipients` }) },
  { name: 'PUT campaign auto-state', ...main, request: () => ({ method: 'PUT', url: `${C}/${UNKNOWN_IDX}/auto-state`, payload: { autoState: 'X' } }) },
  { name: 'GET campaign batches', ...main, request: () => ({ method: 'GET', url: `${C}/${UNKNOWN_IDX}/batches` }) },
];

/** The provider's webhooks: public, signed; without MESSAGING_WEBHOOK_SECRET they answer 404. */
export const MESSAGE_PUBLIC = [
  { name: 'POST webhooks/messaging/results', request: { method: 'POST' as const, url: `${A}/v1/webhooks/messaging/results`, payload: {} }, code: 'NOT_FOUND' },
  { name: 'POST webhooks/messaging/template-review', request: { method: 'POST' as const, url: `${A}/v1/webhooks/messaging/template-review`, payload: {} }, code: 'NOT_FOUND' },
  // The tracked links' redirect: public, its token the capability (an unknown one is a 404 page).
  { name: 'GET message link', request: { method: 'GET' as const, url: '/l/aaaaaaaaaaaa1' }, route: 'GET /l/{code}' },
  { name: 'POST webhooks/messaging/opt-out', request: { method: 'POST' as const, url: `${A}/v1/webhooks/messaging/opt-out`, payload: {} }, code: 'NOT_FOUND' },
];
