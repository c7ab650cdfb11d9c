import { createHash } from 'node:crypto';
import { BillingError, type BillingProvider, type CardDetails, type ChargeResult, type IssuedBillingKey, type RefundResult } from './index';

/**
 * The local sandbox (the default provider): no network, deterministic. Test cards (README,
 * "Configuration"):
 *
 * - `4242 4242 4242 4242` and any other number not below: approved.
 * - `4000 0000 0000 0002`: declined by the card company (a 400 with its message).
 * - `4000 0000 0000 0119`: the provider fails (the generic registration failure).
 * - `4000 0000 0000 0341`: registers, but every charge on it is declined (a renewal that fails).
 *
 * The billing-auth window flow takes `sandbox_auth_<16 digits>` as the authKey: the card the window
 * would have collected, with the same behaviours.
 *
 * The billing key carries its behaviour (`sandbox_bk_<approve|decline>_…`), so it survives a
 * restart. The same idempotency key charges once (per process). A refund of any `sandbox_pay_…`
 * payment is approved, once per idempotency key.
 */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  fail: '4000000000000119',
  chargeDeclines: '4000000000000341',
} as const;

export const SANDBOX_DECLINE_MESSAGE = '카드사에서 승인을 거절했어요. (샌드박스 거절 카드)';
export const SANDBOX_FAIL_MESSAGE = '결제 대행사 응답이 없어요. (샌드박스 실패 카드)';


export function sandboxBilling(): BillingProvider & { readonly charges: ReadonlyMap<string, ChargeResult>; readonly refunds: ReadonlyMap<string, RefundResult> } {
  const charges = new Map<string, ChargeResult>();
  const refunds = new Map<string, RefundResult>();
  let counter = 0;

  const issue = (customerKey: string, seed: string, behaviour: 'approve' | 'decline', last4: string, first8: string): IssuedBillingKey => {
    const billingKey = `sandbox_bk_${behaviour}_${createHash('sha256').update(`${customerKey}:${seed}:${Date.now()}:${++counter}`).digest('hex').slice(0, 24)}`;
    return { billingKey, providerMaskedNumber: `${first8}****${last4.slice(0, 3)}*`, cardCompany: '샌드박스', cardType: '신용' };
  };

  const issueFromCard = async (customerKey: string, card: CardDetails): Promise<IssuedBillingKey> => {
    if (card.cardNumber === SANDBOX_CARDS.decline) throw new BillingError('DECLINED', 'REJECT_CARD_COMPANY', SANDBOX_DECLINE_MESSAGE);
    if (card.cardNumber === SANDBOX_CARDS.fail) throw new BillingError('FAILED', 'PROVIDER_ERROR', SANDBOX_FAIL_MESSAGE);
    const chargeBehaviour = card.cardNumber === SANDBOX_CARDS.chargeDeclines ? 'decline' : 'approve';
    return issue(customerKey, card.cardNumber.slice(-4), chargeBehaviour, card.cardNumber.slice(-4), card.cardNumber.slice(0, 8));
  };

  return {
    name: 'sandbox',
    charges,
    refunds,
    issueBillingKey: issueFromCard,
    async issueBillingKeyFromAuth(customerKey, authKey) {
      const cardNumber = /^sandbox_auth_(\d{16})$/.exec(authKey)?.[1];
      if (!cardNumber) throw new BillingError('DECLINED', 'INVALID_AUTH_KEY', '카드 인증 정보가 올바르지 않아요');
      return issueFromCard(customerKey, { cardNumber, cardExpirationMonth: '12', cardExpirationYear: '99', cardPassword: '00', customerIdentityNumber: '000101' });
    },
    async charge(request) {
      const done = charges.get(request.idempotencyKey);
      if (done) return done;
      const behaviour = /^sandbox_bk_(approve|decline)_/.exec(request.billingKey)?.[1];
      if (!behaviour) throw new BillingError('DECLINED', 'NOT_FOUND_BILLING_KEY', '등록되지 않은 결제 카드예요');
      if (behaviour === 'decline') throw new BillingError('DECLINED', 'REJECT_CARD_COMPANY', SANDBOX_DECLINE_MESSAGE);
      const result: ChargeResult = {
        status: 'DONE', paymentKey: `sandbox_pay_${charges.size + 1}`, orderId: request.orderId, amount: request.amount, approvedAt: new Date().toISOString(),
      };
      charges.set(request.idempotencyKey, result);
      return result;
    },
    async refund(request) {
      const done = refunds.get(request.idempotencyKey);
      if (done) return done;
      if (!/^sandbox_pay_\d+$/.test(request.paymentKey)) throw new BillingError('DECLINED', 'NOT_FOUND_PAYMENT', '결제 내역을 찾을 수 없어요');
      const result: RefundResult = { paymentKey: request.paymentKey, amount: request.amount };
      refunds.set(request.idempotencyKey, result);
      return result;
    },
  };
}
