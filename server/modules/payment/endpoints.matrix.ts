import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const main = { who: 'b2bMain', subscribed: false } as const;
const M = '/api/payment/v2/method';
const S = '/api/payment/v2/subscription';
const B = '/api/payment/v2/bill';

/**
 * The payment cards', subscription writes' and bills' rows of the security matrix (server/modules/security.api.test.ts): the main
 * account's only, like the payment menu, and open to a non-subscriber (a card comes before the
 * subscription). Plans and the subscription read are listed in the matrix itself.
 */
export const PAYMENT_CARD_ENDPOINTS: Endpoint[] = [
  { name: 'GET method', ...main, request: () => ({ method: 'GET', url: M }) },
  { name: 'POST method/card', ...main, request: () => ({ method: 'POST', url: `${M}/card`, payload: {} }) },
  { name: 'POST method/card/auth', ...main, request: () => ({ method: 'POST', url: `${M}/card/auth`, payload: {} }) },
  { name: 'DELETE method/:idx', ...main, request: () => ({ method: 'DELETE', url: `${M}/${UNKNOWN_IDX}` }) },
  // Subscription writes and bills (./subscription.ts, ./bills.ts): the same rule; a non-subscriber subscribes here.
  { name: 'POST subscription', ...main, request: () => ({ method: 'POST', url: S, payload: {} }) },
  { name: 'POST subscription/calculator', ...main, request: () => ({ method: 'POST', url: `${S}/calculator`, payload: {} }) },
  // Cancelling keeps the subscription active to its end: no gate of another row changes.
  { name: 'DELETE subscription', ...main, request: () => ({ method: 'DELETE', url: S }) },
  { name: 'GET bill', ...main, request: () => ({ method: 'GET', url: B }) },
  { name: 'GET bill/nft/monthly', ...main, request: () => ({ method: 'GET', url: `${B}/nft/monthly` }) },
  { name: 'GET bill/:idx', ...main, request: () => ({ method: 'GET', url: `${B}/${UNKNOWN_IDX}` }) },
];
