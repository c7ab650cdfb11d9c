import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingProfiles, bills, paymentCards, plans, subscriptions, type BillItem } from '../../db/schema';
import type { PlanGroup } from '../../../src/domain/plans';
import type { PaidPeriod, PricedPlan, QuoteItem } from '../../../src/domain/subscription';
import { SUBSCRIPTION_MSG } from '../../../src/domain/subscription';
import { receiptCardNumber } from '../../../src/domain/paymentCard';
import { BillingError } from '../../providers/billing';

/**
 * What subscribing, changing plan and renewing share (docs/api/payment.md, "Subscription"): the
 * tenant's current subscription row, its card, one charge through `app.billing`, and bill rows.
 */

export type BillRow = typeof bills.$inferSelect;
/** The database or a transaction on it. */
export type Executor = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const planOf = (row: typeof plans.$inferSelect): PricedPlan =>
  ({ planId: row.planId, groupId: row.groupId as PlanGroup, name: row.name, price: row.price });

/** The tenant's current subscription (the latest, as the identity reads it) with its plan. */
export async function currentSubscription(db: Executor, tenantIdx: number): Promise<{ sub: SubscriptionRow; plan: PricedPlan } | null> {
  const [row] = await db.select({ sub: subscriptions, plan: plans }).from(subscriptions)
    .innerJoin(plans, eq(plans.planId, subscriptions.planId))
    .where(eq(subscriptions.tenantIdx, tenantIdx))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.idx))
    .limit(1);
  return row ? { sub: row.sub, plan: planOf(row.plan) } : null;
}

/** The running paid period of a subscription (not a trial, not Enterprise, not ended), or null. */
export function paidPeriodOf(current: { sub: SubscriptionRow; plan: PricedPlan } | null, now: Date): PaidPeriod | null {
  if (!current || current.sub.isTrial || current.plan.groupId === 'ENTERPRISE' || !current.sub.endDate) return null;
  if (current.sub.endDate.getTime() <= now.getTime()) return null;
  return { plan: current.plan, startDate: current.sub.startDate, endDate: current.sub.endDate };
}

/** The card charges go to: the tenant's latest registered card, with its provider customer key. */
export async function chargeableCard(db: Executor, tenantIdx: number) {
  const [row] = await db.select({
    billingKey: paymentCards.billingKey, maskedNumber: paymentCards.maskedNumber, customerKey: billingProfiles.customerKey, email: billingProfiles.email,
  })
    .from(paymentCards)
    .innerJoin(billingProfiles, eq(billingProfiles.tenantIdx, paymentCards.tenantIdx))
    .where(eq(paymentCards.tenantIdx, tenantIdx))
    .orderBy(desc(paymentCards.idx))
    .limit(1);
  return row ?? null;
}

export const billItems = (items: QuoteItem[]): BillItem[] => items.map((i) => ({
  itemType: i.itemType, itemName: i.itemName, itemUnit: '월', originPrice: i.originPrice, discountPrice: 0, discountRate: 0,
  price: i.price, vat: i.vat, totalAmount: i.totalAmount, count: i.count, startDate: i.startDate, endDate: i.endDate,
}));

/** An order id the providers accept (6–64 of [A-Za-z0-9_-]). */
export const newOrderId = (prefix: string, tenantIdx: number) => `${prefix}_${tenantIdx}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/** `cardNumber`: the card charged, as the bill's receipt shows it. */
export type ChargeOutcome = { ok: true; paymentKey: string; cardNumber: string } | { ok: false; kind: 'DECLINED' | 'FAILED' | 'NO_CARD'; message: string; providerCode?: string };

/**
 * Charges `amount` (VAT included) to the tenant's card once per `idempotencyKey`. A refusal is an
 * outcome, never a throw; its message is the provider's for a decline, the generic text otherwise.
 */
export async function chargeTenant(
  app: FastifyInstance, tenantIdx: number, amount: number, orderId: string, orderName: string, idempotencyKey: string, db: Executor = app.db,
): Promise<ChargeOutcome> {
  const card = await chargeableCard(db, tenantIdx);
  if (!card) return { ok: false, kind: 'NO_CARD', message: SUBSCRIPTION_MSG.cardRequired };
  try {
    const result = await app.billing.charge({
      billingKey: card.billingKey, customerKey: card.customerKey, amount, orderId, orderName, idempotencyKey,
      ...(card.email ? { customerEmail: card.email } : {}),
    });
    return { ok: true, paymentKey: result.paymentKey, cardNumber: receiptCardNumber(card.maskedNumber) };
  } catch (err) {
    if (err instanceof BillingError) {
      app.log.warn({ provider: app.billing.name, kind: err.kind, providerCode: err.providerCode }, 'subscription charge refused');
      return err.kind === 'DECLINED'
        ? { ok: false, kind: 'DECLINED', message: err.message || SUBSCRIPTION_MSG.chargeFailed, providerCode: err.providerCode }
        : { ok: false, kind: 'FAILED', message: SUBSCRIPTION_MSG.chargeFailed, providerCode: err.providerCode };
    }
    app.log.error({ provider: app.billing.name }, 'subscription charge threw');
    return { ok: false, kind: 'FAILED', message: SUBSCRIPTION_MSG.chargeFailed };
  }
}

export const billView = (b: BillRow) => ({
  idx: b.idx,
  kind: b.kind,
  status: b.status,
  planId: b.planId,
  totalAmount: b.totalAmount,
  itemList: b.itemList.map((i) => ({ ...i, payDate: b.payDate?.toISOString() ?? null })),
  payDate: b.payDate?.toISOString() ?? null,
  failMessage: b.failMessage,
  attempt: b.attempt,
  createdAt: b.createdAt.toISOString(),
});

export async function billByKey(db: Executor, tenantIdx: number, idempotencyKey: string): Promise<BillRow | null> {
  const [row] = await db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.idempotencyKey, idempotencyKey)));
  return row ?? null;
}
