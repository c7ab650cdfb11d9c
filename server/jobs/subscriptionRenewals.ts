import type { FastifyInstance } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { startPeriodicJob } from './periodic';
import { bills, subscriptions } from '../db/schema';
import { RENEWAL_TRIES, SUBSCRIBABLE_GROUPS, nextPeriodEnd, withVat } from '../../src/domain/subscription';
import { seoulDate } from '../../src/domain/seoulDay';
import { chargeTenant } from '../modules/payment/subscriptionBilling';
import { rowsOf } from '../modules/products/service';

/** Subscriptions one pass looks at; the job repeats passes until none is due. */
export const RENEWAL_BATCH = 500;

interface Due { tenantIdx: number; idx: number; endDate: Date; planId: string; name: string; price: number; tries: number }

/**
 * Due renewals (src/domain/subscription.ts, "Renewal"): each tenant's current subscription, paid
 * (not a trial, not Enterprise or Free), not cancelled, whose next attempt's time has come (attempt
 * k at end − (RENEWAL_TRIES − 1 − k) days), with tries left, and not ended more than RENEWAL_TRIES
 * days ago (a subscription that ended before renewals existed is not charged).
 */
async function dueRenewals(app: FastifyInstance, now: Date): Promise<Due[]> {
  const groups = sql.join(SUBSCRIBABLE_GROUPS.map((g) => sql`${g}`), sql`, `);
  const result = await app.db.execute(sql`
    select * from (
      select s.tenant_idx as "tenantIdx", s.idx, s.end_date as "endDate", p.plan_id as "planId", p.name, p.price,
        (select count(*) from bills b where b.tenant_idx = s.tenant_idx and b.kind = 'RENEWAL' and b.subscription_idx = s.idx and b.period_end = s.end_date)::int as tries
      from subscriptions s join plans p on p.plan_id = s.plan_id
      where s.is_canceled = false and s.is_trial = false and p.group_id in (${groups})
        and s.end_date <= ${now.toISOString()}::timestamptz + make_interval(days => ${RENEWAL_TRIES - 1})
        and s.end_date > ${now.toISOString()}::timestamptz - make_interval(days => ${RENEWAL_TRIES})
        and not exists (select 1 from subscriptions n where n.tenant_idx = s.tenant_idx and (n.start_date > s.start_date or (n.start_date = s.start_date and n.idx > s.idx)))
    ) c
    where c.tries < ${RENEWAL_TRIES} and c."endDate" <= ${now.toISOString()}::timestamptz + make_interval(days => ${RENEWAL_TRIES - 1} - c.tries)
    order by c."endDate", c."tenantIdx"
    limit ${RENEWAL_BATCH}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    tenantIdx: Number(r.tenantIdx), idx: Number(r.idx), endDate: new Date(r.endDate as string | Date), planId: String(r.planId),
    name: String(r.name), price: Number(r.price), tries: Number(r.tries),
  }));
}

export interface RenewalResult { renewed: number; failed: number }

/** One attempt: claim it by inserting its bill (one process wins the unique order id), then settle it. */
async function renewOne(app: FastifyInstance, due: Due, now: Date): Promise<'renewed' | 'failed' | 'cancelled' | 'skipped'> {
  const orderId = `renew_${due.tenantIdx}_${due.idx}_${seoulDate(due.endDate).replace(/-/g, '')}_${due.tries}`;
  const newEnd = nextPeriodEnd(due.endDate);
  const { vat, total } = withVat(due.price);
  const item = {
    itemType: 'PLAN' as const, itemName: due.name, itemUnit: '월', originPrice: due.price, discountPrice: 0, discountRate: 0,
    price: due.price, vat, totalAmount: total, count: 1, startDate: due.endDate.toISOString(), endDate: newEnd.toISOString(),
  };
  const [claimed] = await app.db.insert(bills).values({
    tenantIdx: due.tenantIdx, kind: 'RENEWAL', status: 'request', planId: due.planId, subscriptionIdx: due.idx, itemList: [item],
    totalAmount: total, orderId, periodEnd: due.endDate, attempt: due.tries, createdAt: now,
  }).onConflictDoNothing().returning({ idx: bills.idx });
  if (!claimed) return 'skipped';

  return settle(app, { tenantIdx: due.tenantIdx, subscriptionIdx: due.idx, periodEnd: due.endDate, planId: due.planId, name: due.name, billIdx: claimed.idx, orderId, total }, now);
}

interface Claimed { tenantIdx: number; subscriptionIdx: number; periodEnd: Date; planId: string; name: string; billIdx: number; orderId: string; total: number }

/**
 * Charges a claimed attempt under the tenant's payment lock (as POST /v2/subscription), after
 * re-reading the subscription: one cancelled or changed since it was claimed gets a `cancel` bill and
 * no charge. The provider's idempotency key is the order id, so finishing an attempt again charges once.
 */
async function settle(app: FastifyInstance, c: Claimed, now: Date): Promise<'renewed' | 'failed' | 'cancelled'> {
  const bill = and(eq(bills.tenantIdx, c.tenantIdx), eq(bills.idx, c.billIdx));
  const period = and(eq(subscriptions.tenantIdx, c.tenantIdx), eq(subscriptions.idx, c.subscriptionIdx), eq(subscriptions.endDate, c.periodEnd));
  const outcome = await app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`subscription:${c.tenantIdx}`}))`);
    const [sub] = await tx.select({ isCanceled: subscriptions.isCanceled, planId: subscriptions.planId }).from(subscriptions).where(period);
    if (!sub || sub.isCanceled || sub.planId !== c.planId) {
      await tx.update(bills).set({ status: 'cancel' }).where(bill);
      return 'cancelled' as const;
    }
    const charged = await chargeTenant(app, c.tenantIdx, c.total, c.orderId, `${c.name} 구독 갱신`, c.orderId, tx);
    if (!charged.ok) {
      await tx.update(bills).set({ status: 'fail', failMessage: charged.message }).where(bill);
      return 'failed' as const;
    }
    await tx.update(bills).set({ status: 'complete', paymentKey: charged.paymentKey, payDate: now }).where(bill);
    await tx.update(subscriptions).set({ endDate: nextPeriodEnd(c.periodEnd) }).where(period);
    return 'renewed' as const;
  });
  if (outcome === 'renewed') app.principals.forgetTenant(c.tenantIdx);
  return outcome;
}

/** A `request` bill older than this was left by a process that died between its claim and its charge. */
export const STALE_RENEWAL_MS = 10 * 60_000;

/**
 * Finishes attempts a crashed process left in `request`: each is re-claimed by a conditional UPDATE
 * of its claim time (one process wins) and settled with its own order id, so a charge the provider
 * already made is not made again.
 */
async function finishStaleRenewals(app: FastifyInstance, now: Date): Promise<RenewalResult> {
  const result: RenewalResult = { renewed: 0, failed: 0 };
  const stale = await app.db.select().from(bills)
    .where(and(eq(bills.kind, 'RENEWAL'), eq(bills.status, 'request'), lt(bills.createdAt, new Date(now.getTime() - STALE_RENEWAL_MS))))
    .limit(RENEWAL_BATCH);
  for (const b of stale) {
    if (b.subscriptionIdx === null || b.periodEnd === null || b.planId === null) continue;
    const [claimed] = await app.db.update(bills).set({ createdAt: now })
      .where(and(eq(bills.tenantIdx, b.tenantIdx), eq(bills.idx, b.idx), eq(bills.status, 'request'), eq(bills.createdAt, b.createdAt)))
      .returning({ idx: bills.idx });
    if (!claimed) continue;
    const outcome = await settle(app, {
      tenantIdx: b.tenantIdx, subscriptionIdx: b.subscriptionIdx, periodEnd: b.periodEnd, planId: b.planId, name: b.itemList[0]?.itemName ?? b.planId,
      billIdx: b.idx, orderId: b.orderId, total: b.totalAmount,
    }, now);
    if (outcome === 'renewed') result.renewed += 1;
    if (outcome === 'failed') result.failed += 1;
  }
  return result;
}

/**
 * The renewal job (issue 12 item 4): charges the card of every due subscription with the app's
 * clock. Safe in several processes: an attempt is claimed by inserting its bill, whose order id
 * (tenant, subscription, period end, attempt) is unique, and the provider charges that order id's
 * idempotency key once. A failure waits a day for the next attempt; after RENEWAL_TRIES the
 * subscription is left to end, and its derived state becomes CHARGED_PLAN_FINISHED at its end.
 */
export async function runSubscriptionRenewalJob(app: FastifyInstance, concurrency = 8): Promise<RenewalResult> {
  const now = app.clock.now();
  const result = await finishStaleRenewals(app, now);
  for (;;) {
    const due = await dueRenewals(app, now);
    if (!due.length) return result;
    let progressed = false;
    for (let i = 0; i < due.length; i += concurrency) {
      const outcomes = await Promise.all(due.slice(i, i + concurrency).map((d) => renewOne(app, d, now)));
      for (const o of outcomes) {
        if (o === 'renewed') result.renewed += 1;
        if (o === 'failed') result.failed += 1;
        if (o !== 'skipped') progressed = true;
      }
    }
    // Every row of this pass was claimed by another process, which finishes it.
    if (!progressed) return result;
  }
}

export function startSubscriptionRenewalJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'subscription renewal job', () => runSubscriptionRenewalJob(app), (r) => {
    if (r.renewed || r.failed) app.log.info(r, 'subscription renewal job ran');
  });
}
