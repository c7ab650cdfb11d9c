/**
 * Billing (issue 12 item 3): a card becomes a provider's billing key, and a billing key is charged.
 * The card details pass through `issueBillingKey` to the provider and are never kept or logged by
 * us: the caller stores the returned billing key and the masked number only.
 *
 * Implementations: the local sandbox (`./sandbox.ts`, the default, with documented test cards) and
 * Toss Payments (`./toss.ts`, BILLING_PROVIDER=toss). Every failure is a `BillingError` whose kind
 * the routes map to our error codes: DECLINED → 400 PAYMENT_DECLINED with the provider's message,
 * FAILED → 502 PAYMENT_FAILED with the generic text.
 */

export interface CardDetails {
  /** 16 digits, no separators. */
  cardNumber: string;
  /** MM */
  cardExpirationMonth: string;
  /** YY */
  cardExpirationYear: string;
  /** The password's first 2 digits. */
  cardPassword: string;
  /** YYMMDD birth date or 10-digit business number. */
  customerIdentityNumber: string;
  customerEmail?: string;
}

/** What the provider hands back for a card: never the card number, only its key and a masked form. */
export interface IssuedBillingKey {
  billingKey: string;
  /** The provider's masked card number, as it shows it (e.g. '42424242****424*'). */
  providerMaskedNumber: string;
  cardCompany: string | null;
  /** 신용 | 체크 | 기프트, when the provider says. */
  cardType: string | null;
}

export interface ChargeRequest {
  billingKey: string;
  /** The provider's customer of the billing key (Toss: customerKey). */
  customerKey: string;
  /** Won, VAT included. */
  amount: number;
  /** Our unique order id (6–64 of [A-Za-z0-9_-]). */
  orderId: string;
  orderName: string;
  /** The same key charges once, however often the request is retried. */
  idempotencyKey: string;
  customerEmail?: string;
}

export type ChargeStatus = 'DONE';

export interface ChargeResult {
  status: ChargeStatus;
  /** The provider's payment id (Toss: paymentKey). */
  paymentKey: string;
  orderId: string;
  amount: number;
  approvedAt: string;
}

/** DECLINED: the card or its company refused (the message may be shown as is). FAILED: anything else. */
export type BillingErrorKind = 'DECLINED' | 'FAILED';

export class BillingError extends Error {
  constructor(
    readonly kind: BillingErrorKind,
    /** The provider's own code (Toss: REJECT_CARD_COMPANY, INVALID_CARD_NUMBER, …). */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

/** A refund (Toss: a payment cancel) of a charge, in full or in part. */
export interface RefundRequest {
  /** The charge's payment id (ChargeResult.paymentKey). */
  paymentKey: string;
  /** Won to give back; the whole charge when it equals it. */
  amount: number;
  reason: string;
  /** The same key refunds once, however often the request is retried. */
  idempotencyKey: string;
}
export interface RefundResult {
  paymentKey: string;
  /** Won given back by this refund. */
  amount: number;
}

export interface BillingProvider {
  readonly name: 'sandbox' | 'toss';
  /** The key-in call: card details to a billing key. */
  issueBillingKey(customerKey: string, card: CardDetails): Promise<IssuedBillingKey>;
  /**
   * The billing-auth window flow: the provider's window collected the card and redirected back with
   * an authKey, which is exchanged for the billing key.
   */
  issueBillingKeyFromAuth(customerKey: string, authKey: string): Promise<IssuedBillingKey>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge's money back (reservation deposits, docs/api/reservations.md). */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export { sandboxBilling, SANDBOX_CARDS } from './sandbox';
export { tossBilling, type TossOptions } from './toss';
