import type { FastifyInstance } from 'fastify';
import { CREDIT_MSG } from '../../../src/domain/credit';
import type { ChargeCard } from '../../providers/billing/creditCharge';
import { chargeTenant } from '../payment/subscriptionBilling';

/**
 * The app's default credit card payment (docs/api/credit.md, "Charges and refunds"): a credit
 * charge or auto top-up is charged to the tenant's latest registered card (`payment_cards`, its
 * billing key) through `app.billing`, with the ledger's stable key (`credit-{tenant}-{chargeIdx}`)
 * as both the order id and the provider's idempotency key, so a retried charge is charged once.
 *
 * No card → refused with `CREDIT_MSG.cardRequired`; a decline → the provider's message; any other
 * failure → `CREDIT_MSG.chargeDeclined`. Never throws for a refusal.
 *
 * Cancel (a refund): the providers have no cancel call yet. On the sandbox no money moves, so the
 * cancel is approved; on a real provider it is refused, so the refund puts the credit back and
 * answers 409 rather than keep money the brand was told it got back.
 */
export function billingChargeCard(app: FastifyInstance): ChargeCard {
  return {
    async charge(r) {
      const outcome = await chargeTenant(app, r.tenantIdx, r.total, r.idempotencyKey, r.orderName, r.idempotencyKey);
      if (outcome.ok) return { ok: true, paymentKey: outcome.paymentKey };
      if (outcome.kind === 'NO_CARD') return { ok: false, reason: 'NO_CARD', message: CREDIT_MSG.cardRequired };
      if (outcome.kind === 'DECLINED') return { ok: false, reason: outcome.providerCode ?? 'DECLINED', message: outcome.message };
      return { ok: false, reason: outcome.providerCode ?? 'FAILED' };
    },
    async cancel() {
      return app.billing.name === 'sandbox' ? { ok: true } : { ok: false, reason: 'CANCEL_UNSUPPORTED' };
    },
  };
}
