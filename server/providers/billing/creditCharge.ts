/**
 * The card payment a credit charge makes (issue 12 item 5). The billing providers (sandbox, Toss)
 * implement it with the tenant's registered billing key; the local default approves every charge.
 * `idempotencyKey` is stable across retries of one charge, so the provider charges it at most once.
 */
export interface CardChargeRequest {
  tenantIdx: number;
  /** What the card pays, VAT included, in won. */
  total: number;
  orderName: string;
  idempotencyKey: string;
}
export type CardChargeResult = { ok: true; paymentKey: string } | { ok: false; reason: string };
export interface ChargeCard {
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  /** Cancels a paid charge (a refund). */
  cancel(request: { tenantIdx: number; paymentKey: string; total: number; reason: string }): Promise<{ ok: boolean; reason?: string }>;
}

/** The local default: approves every charge and cancel, keyed by the idempotency key. */
export const localApprovingCard: ChargeCard = {
  async charge(request) {
    return { ok: true, paymentKey: `local-${request.idempotencyKey}` };
  },
  async cancel() {
    return { ok: true };
  },
};
