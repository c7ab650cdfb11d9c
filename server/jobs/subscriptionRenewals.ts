import type { FastifyInstance } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { startPeriodicJob } from './periodic';
import { bills, subscriptions } from '../db/schema';
import { RENEWAL_TRIES, RENEWAL_TRY_SPACING_MS, SUBSCRIBABLE_GROUPS, nextPeriodEnd } from '../../src/domain/subscription';
import { withVat } from '../../src/domain/vat';
import { seoulDate } from '../../src/domain/seoulDay';
import { chargeTenant, type Executor } from '../modules/payment/subscriptionBilling';
import { rowsOf } from '../modules/products/service';
import { mapConcurrent } from '../../src/domain/concurrency';

/** Subscriptions one pass claims; the job repeats passes until none is due. */
export const RENEWAL_BATCH = 500;

interface Due { tenantIdx: number; idx: number; endDate: Date; planId: string; name: string; price: number; tries: number }

/**
 * Due renewals (src/domain/subscription.ts, "Renewal"): each tenant's current subscription, paid
 * (not a trial, not Enterprise or Free), not cancelled, whose next attempt's time has come (attempt
 * k at end − (RENEWAL_TRIES − 1 − k) days) and whose last try is RENEWAL_TRY_SPACING_MS old (20 hours),
 * with tries left, and not ended more than RENEWAL_TRIES days ago (a subscription that ended before
 * renewals existed is not charged).
 *
 * Locked `skip locked` in the claim's transaction, so a second process claims the next batch instead
 * of the same one. "Current" is an index probe per candidate, and the tries are counted once per
 * candidate: the NOT EXISTS this replaced was planned as a nested loop over every subscription per
 * candidate (quadratic: 137 s for 10,000 renewals due on one day, bench/renewals.ts).
 */
async function lockDueRenewals(tx: Executor, now: Date): Promise<Due[]> {
  const groups = sql.join(SUBSCRIBABLE_GROUPS.map((g) => sql`${g}`), sql`, `);
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    select s.tenant_idx as "tenantIdx", s.idx, s.end_date as "endDate", p.plan_id as "planId", p.name, p.price, t.tries
    from subscriptions s
      join plans p on p.plan_id = s.plan_id
      cross join lateral (
        select count(*)::int as tries, max(b.created_at) as last_try from bills b
        where b.tenant_idx = s.tenant_idx and b.kind = 'RENEWAL' and b.subscription_idx = s.idx and b.period_end = s.end_date
      ) t
    where s.is_canceled = false and s.is_trial = false and p.group_id in (${groups})
      and s.end_date <= ${at} + make_interval(days => ${RENEWAL_TRIES - 1})
      and s.end_date > ${at} - make_interval(days => ${RENEWAL_TRIES})
      and s.idx = (select n.idx from subscriptions n where n.tenant_idx = s.tenant_idx order by n.start_date desc, n.idx desc limit 1)
      and t.tries < ${RENEWAL_TRIES} and s.end_date <= ${at} + make_interval(days => ${RENEWAL_TRIES - 1} - t.tries)
      and (t.last_try is null or t.last_try <= ${at} - make_interval(secs => ${RENEWAL_TRY_SPACING_MS / 1000}))
    order by s.end_date, s.tenant_idx
    limit ${RENEWAL_BATCH}
    for update of s skip locked`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    tenantIdx: Number(r.tenantIdx), idx: Number(r.idx), endDate: new Date(r.endDate as string | Date), planId: String(r.planId),
    name: String(r.name), price: Number(r.price), tries: Number(r.tries),
  }));
}

export interface RenewalResult { renewed: number; failed: number }

/** The bill of one attempt, in `request` until settled; its order id names the tenant, subscription, period end and attempt. */
function attemptBill(due: Due, now: Date) {
  const orderId = `renew_${due.tenantIdx}_${due.idx}_${seoulDate(due.endDate).replace(/-/g, '')}_${due.tries}`;
  const { vat, total } = withVat(due.price);
  const item = {
    itemType: 'PLAN' as const, itemName: due.name, itemUnit: '월', originPrice: due.price, discountPrice: 0, discountRate: 0,
    price: due.price, vat, totalAmount: total, count: 1, startDate: due.endDate.toISOString(), endDate: nextPeriodEnd(due.endDate).toISOString(),
  };
  return {
    tenantIdx: due.tenantIdx, kind: 'RENEWAL' as const, status: 'request' as const, planId: due.planId, subscriptionIdx: due.idx, itemList: [item],
    totalAmount: total, orderId, periodEnd: due.endDate, attempt: due.tries, createdAt: now,
  };
}

/**
 * Claims a batch of due attempts by inserting their bills, in one transaction that holds the
 * subscriptions' row locks: another process skips the locked rows and claims the next ones, and
 * once committed the claimed attempts count as tried. A process that read a row just before the
 * commit inserts the same order id, and the unique index keeps the first bill only.
 */
async function claimDueRenewals(app: FastifyInstance, now: Date): Promise<{ due: number; claimed: Claimed[] }> {
  return app.db.transaction(async (tx) => {
    const due = await lockDueRenewals(tx, now);
    if (!due.length) return { due: 0, claimed: [] };
    const rows = due.map((d) => attemptBill(d, now));
    const inserted = await tx.insert(bills).values(rows).onConflictDoNothing()
      .returning({ tenantIdx: bills.tenantIdx, idx: bills.idx, orderId: bills.orderId });
    const billOf = new Map(inserted.map((b) => [`${b.tenantIdx}:${b.orderId}`, b.idx]));
    const claimed = rows.flatMap((r, i) => {
      const billIdx = billOf.get(`${r.tenantIdx}:${r.orderId}`);
      return billIdx === undefined ? [] : [{
        tenantIdx: r.tenantIdx, subscriptionIdx: r.subscriptionIdx, periodEnd: r.periodEnd, planId: r.planId, name: due[i].name, billIdx, orderId: r.orderId, total: r.totalAmount,
      }];
    });
    return { due: due.length, claimed };
  });
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
    // The subscription before the bill: a claim that locked this row from a snapshot older than
    // our claim's commit waits for nothing of ours while it inserts (and drops) the same order id;
    // the other order deadlocked (the claim's unique check waited on our bill's update).
    await tx.update(subscriptions).set({ endDate: nextPeriodEnd(c.periodEnd) }).where(period);
    await tx.update(bills).set({ status: 'complete', paymentKey: charged.paymentKey, cardNumber: charged.cardNumber, payDate: now }).where(bill);
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
 * clock. Safe in several processes: attempts are claimed a batch at a time by inserting their bills
 * (the rows locked `skip locked`, so processes share the work), whose order ids (tenant,
 * subscription, period end, attempt) are unique, and the provider charges that order id's
 * idempotency key once. A failure waits a day for the next attempt; after RENEWAL_TRIES the
 * subscription is left to end, and its derived state becomes CHARGED_PLAN_FINISHED at its end.
 */
export async function runSubscriptionRenewalJob(app: FastifyInstance, concurrency = 8): Promise<RenewalResult> {
  const now = app.clock.now();
  const result = await finishStaleRenewals(app, now);
  let emptyPasses = 0;
  for (;;) {
    const { due, claimed } = await claimDueRenewals(app, now);
    if (!due) return result;
    await mapConcurrent(claimed, concurrency, async (c) => {
      const outcome = await settle(app, c, now);
      if (outcome === 'renewed') result.renewed += 1;
      if (outcome === 'failed') result.failed += 1;
    });
    // Nothing claimed: another process committed these rows while we read them, so the next pass
    // (a fresh snapshot) finds the rest. Twice in a row: what is left keeps conflicting (an order
    // id already used for another period end on the same Seoul day), so stop rather than spin.
    emptyPasses = claimed.length ? 0 : emptyPasses + 1;
    if (emptyPasses === 2) return result;
  }
}

export function startSubscriptionRenewalJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'subscription renewal job', () => runSubscriptionRenewalJob(app), (r) => {
    if (r.renewed || r.failed) app.log.info(r, 'subscription renewal job ran');
  });
}
