/**
 * The card payment a credit charge makes (issue 12 item 5). The app's default
 * (`billingChargeCard`, server/modules/credit/billingCard.ts) charges the tenant's latest
 * registered card through `app.billing`; tests may pass their own (`buildApp({ chargeCard })`).
 * `idempotencyKey` is stable across retries of one charge, so the provider charges it at most once.
 */
export interface CardChargeRequest {
  tenantIdx: number;
  /** What the card pays, VAT included, in won. */
  total: number;
  orderName: string;
  idempotencyKey: string;
}
/**
 * A refusal: `reason` is kept on the charge (a code, never card data); `message` is what the brand
 * is shown (the provider's decline message, or that no card is registered), else the generic text.
 */
export type CardChargeResult = { ok: true; paymentKey: string } | { ok: false; reason: string; message?: string };
export interface ChargeCard {
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  /** Cancels a paid charge (a refund). */
  cancel(request: { tenantIdx: number; paymentKey: string; total: number; reason: string }): Promise<{ ok: boolean; reason?: string }>;
}

/** A card that approves every charge and cancel, keyed by the idempotency key (for tests and local tools). */
export const localApprovingCard: ChargeCard = {
  async charge(request) {
    return { ok: true, paymentKey: `local-${request.idempotencyKey}` };
  },
  async cancel() {
    return { ok: true };
  },
};
