import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: false } as const;
const M = '/api/payment/v2/method';

/**
 * The payment cards' rows of the security matrix (server/modules/security.api.test.ts): the main
 * account's only, like the payment menu, and open to a non-subscriber (a card comes before the
 * subscription). Plans and the subscription read are listed in the matrix itself.
 */
export const PAYMENT_CARD_ENDPOINTS: Endpoint[] = [
  { name: 'GET method', ...main, request: () => ({ method: 'GET', url: M }) },
  { name: 'POST method/card', ...main, request: () => ({ method: 'POST', url: `${M}/card`, payload: {} }) },
  { name: 'POST method/card/auth', ...main, request: () => ({ method: 'POST', url: `${M}/card/auth`, payload: {} }) },
  { name: 'DELETE method/:idx', ...main, request: () => ({ method: 'DELETE', url: `${M}/${UNKNOWN_IDX}` }) },
];
