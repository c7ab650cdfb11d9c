import { http, HttpResponse } from 'msw';
import type { PaymentCard } from './paymentApi';

/** msw handlers of the payment and credit APIs for the payment component tests. */
export const METHOD_URL = '/api/payment/v2/method';
export const CARD_URL = '/api/payment/v2/method/card';
export const ACCOUNT_URL = '/api/credit/account';
export const CONFIG_URL = '/api/credit/account/config';
export const CHARGE_URL = '/api/credit/account/charge';
export const GROUPS_URL = '/api/credit/transaction/group';

export const card = (idx: number, last4 = '4242'): PaymentCard => ({
  idx, methodType: 'CARD', maskedNumber: `**** **** **** ${last4}`, cardCompany: '샌드박스카드', cardType: '신용', provider: 'sandbox', createdAt: '2026-11-01T00:00:00Z',
});

export const methods = (list: PaymentCard[], hasPaymentEmail = true) =>
  http.get(METHOD_URL, () => HttpResponse.json({ data: { list, total: list.length, hasPaymentEmail, customerKey: 'ck' } }));

export const account = (balance: number, config = { rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: false }) =>
  ({ accountIdx: 7, balance, config, notice: null });
