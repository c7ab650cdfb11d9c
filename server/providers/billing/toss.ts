import { BillingError, type BillingProvider, type CardDetails, type ChargeResult, type IssuedBillingKey } from './index';

/**
 * Toss Payments' billing (자동결제) API (BILLING_PROVIDER=toss, TOSS_SECRET_KEY):
 *
 * - key-in issue: `POST /v1/billing/authorizations/card` with customerKey and the card fields;
 * - the billing-auth window flow: the browser's `requestBillingAuth` redirects back with an authKey,
 *   exchanged by `POST /v1/billing/authorizations/issue` { authKey, customerKey } (Toss no longer
 *   contracts key-in for new merchants);
 * - the charge: `POST /v1/billing/{billingKey}` with an `Idempotency-Key` header, answered with a
 *   Payment whose status is DONE;
 * - the refund: `POST /v1/payments/{paymentKey}/cancel` { cancelReason, cancelAmount } with an
 *   `Idempotency-Key`, answered with the Payment, status CANCELED (or PARTIAL_CANCELED).
 *
 * Authentication is HTTP Basic with the secret key as the user and an empty password. Errors come as
 * `{ code, message }`: the card and customer codes below are declines (their message is shown as
 * is); every other code, a 5xx, a timeout or an unreadable answer is a failure.
 */
export interface TossOptions {
  secretKey: string;
  /** https://api.tosspayments.com by default; a local fake in tests. */
  baseUrl?: string;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Toss error codes that mean the card or its holder was refused: a 400 with Toss's message. */
export const TOSS_DECLINE_CODES = new Set([
  'INVALID_CARD_NUMBER', 'INVALID_CARD_EXPIRATION', 'INVALID_STOPPED_CARD', 'INVALID_CARD_LOST_OR_STOLEN', 'INVALID_CARD_PASSWORD',
  'INVALID_BIRTH_DAY_FORMAT', 'INVALID_CARD_IDENTITY', 'INVALID_REJECT_CARD', 'INVALID_CARD_INSTALLMENT_PLAN', 'REJECT_CARD_COMPANY',
  'REJECT_CARD_PAYMENT', 'REJECT_ACCOUNT_PAYMENT', 'NOT_SUPPORTED_CARD_TYPE', 'NOT_REGISTERED_CARD_COMPANY', 'EXCEED_MAX_DAILY_PAYMENT_COUNT',
  'EXCEED_MAX_PAYMENT_AMOUNT', 'EXCEED_MAX_AMOUNT', 'EXCEED_MAX_CARD_INSTALLMENT_PLAN', 'BELOW_MINIMUM_AMOUNT', 'INVALID_EMAIL',
  'NOT_FOUND_BILLING', 'INVALID_AUTH_KEY', 'NOT_AVAILABLE_PAYMENT', 'INVALID_BILLING_AUTH',
]);

interface TossBilling {
  billingKey: string;
  cardCompany?: string | null;
  cardNumber?: string | null;
  card?: { number?: string | null; cardType?: string | null; issuerCode?: string | null } | null;
}
interface TossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  approvedAt: string;
}

export function tossBilling(options: TossOptions): BillingProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.tosspayments.com').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  async function post<T>(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      // Never the request (it holds the card) in the message: only what failed.
      throw new BillingError('FAILED', 'NETWORK_ERROR', 'Toss Payments could not be reached');
    }
    const answer = (await res.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
    if (res.ok && answer) return answer;
    const code = typeof answer?.code === 'string' ? answer.code : `HTTP_${res.status}`;
    const message = typeof answer?.message === 'string' && answer.message ? answer.message : code;
    const declined = res.status >= 400 && res.status < 500 && TOSS_DECLINE_CODES.has(code);
    throw new BillingError(declined ? 'DECLINED' : 'FAILED', code, message);
  }

  const issued = (b: TossBilling): IssuedBillingKey => {
    if (!b.billingKey) throw new BillingError('FAILED', 'NO_BILLING_KEY', 'Toss Payments answered without a billing key');
    return {
      billingKey: b.billingKey,
      providerMaskedNumber: b.card?.number ?? b.cardNumber ?? '',
      cardCompany: b.cardCompany ?? null,
      cardType: b.card?.cardType ?? null,
    };
  };

  return {
    name: 'toss',
    async issueBillingKey(customerKey, card: CardDetails) {
      return issued(await post<TossBilling>('/v1/billing/authorizations/card', {
        customerKey,
        cardNumber: card.cardNumber,
        cardExpirationYear: card.cardExpirationYear,
        cardExpirationMonth: card.cardExpirationMonth,
        cardPassword: card.cardPassword,
        customerIdentityNumber: card.customerIdentityNumber,
        ...(card.customerEmail ? { customerEmail: card.customerEmail } : {}),
      }));
    },
    async issueBillingKeyFromAuth(customerKey, authKey) {
      return issued(await post<TossBilling>('/v1/billing/authorizations/issue', { authKey, customerKey }));
    },
    async refund(request) {
      const payment = await post<TossPayment & { cancels?: { cancelAmount: number }[] | null }>(
        `/v1/payments/${encodeURIComponent(request.paymentKey)}/cancel`,
        { cancelReason: request.reason, cancelAmount: request.amount },
        { 'Idempotency-Key': request.idempotencyKey },
      );
      if (payment.status !== 'CANCELED' && payment.status !== 'PARTIAL_CANCELED') {
        throw new BillingError('FAILED', `STATUS_${payment.status}`, `Toss Payments answered the cancel with status ${payment.status}`);
      }
      return { paymentKey: payment.paymentKey, amount: payment.cancels?.at(-1)?.cancelAmount ?? request.amount };
    },
    async charge(request): Promise<ChargeResult> {
      const payment = await post<TossPayment>(`/v1/billing/${encodeURIComponent(request.billingKey)}`, {
        customerKey: request.customerKey,
        amount: request.amount,
        orderId: request.orderId,
        orderName: request.orderName,
        ...(request.customerEmail ? { customerEmail: request.customerEmail } : {}),
      }, { 'Idempotency-Key': request.idempotencyKey });
      if (payment.status !== 'DONE') throw new BillingError('FAILED', `STATUS_${payment.status}`, `Toss Payments answered the charge with status ${payment.status}`);
      return { status: 'DONE', paymentKey: payment.paymentKey, orderId: payment.orderId, amount: payment.totalAmount, approvedAt: payment.approvedAt };
    },
  };
}
