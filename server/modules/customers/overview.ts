import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { customerOverview, customers } from '../../db/schema';
import { CUSTOMER_DISTRIBUTION, CUSTOMER_TOP_LIST_SIZE, marketableSince, round2, signUpRateOf, type Bucket } from '../../../src/domain/customer';
import { rowsOf } from '../products/service';
import { seoulDate } from '../../../src/domain/seoulDay';

/**
 * The customer overview (spec 1 Customer metrics) and the customer dashboard. The overview is
 * recomputed in the background: POST refresh claims the tenant's row (updating = true, one
 * conditional UPDATE, so concurrent refreshes start one computation), one set-based statement
 * computes today's and last week's figures, and the row is written back with updating = false.
 */

export interface OverviewFigures { totalCustomers: number; totalSignUps: number; signUpRate: number; totalMarketableCustomers: number }
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A computation older than this is taken as lost (a crashed process) and may be started again. */
export const OVERVIEW_STALE_MS = 10 * 60 * 1000;

/**
 * Today's figures and last week's (as of now − 7 days), in one pass over the tenant's customers and
 * one over its orders of the last 6 months + 1 week. Marketable: marketing or SMS consent (given by
 * then), or an order at or after marketableSince(then) and not after then.
 */
export async function computeOverview(db: Db, tenantIdx: number, now: Date): Promise<{ metrics: OverviewFigures; lastWeek: OverviewFigures }> {
  const lastWeekAt = new Date(now.getTime() - WEEK_MS);
  const sinceNow = marketableSince(now).toISOString();
  const sinceLw = marketableSince(lastWeekAt).toISOString();
  const n = now.toISOString();
  const lw = lastWeekAt.toISOString();
  const result = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE c.created_at <= ${n}::timestamptz)::int AS total,
      count(*) FILTER (WHERE c.created_at <= ${n}::timestamptz AND c.has_wallet = 'Y')::int AS signups,
      count(*) FILTER (WHERE c.created_at <= ${n}::timestamptz AND (c.agree_marketing = 'Y' OR c.agree_sms = 'Y' OR o.recent_now))::int AS marketable,
      count(*) FILTER (WHERE c.created_at <= ${lw}::timestamptz)::int AS lw_total,
      count(*) FILTER (WHERE c.created_at <= ${lw}::timestamptz AND c.has_wallet = 'Y')::int AS lw_signups,
      count(*) FILTER (WHERE c.created_at <= ${lw}::timestamptz AND (
        (c.agree_marketing = 'Y' AND coalesce(c.agree_marketing_at, c.created_at) <= ${lw}::timestamptz)
        OR (c.agree_sms = 'Y' AND coalesce(c.agree_sms_at, c.created_at) <= ${lw}::timestamptz)
        OR o.recent_lw))::int AS lw_marketable
    FROM ${customers} c
    LEFT JOIN (
      SELECT customer_idx,
        bool_or(ordered_at >= ${sinceNow}::timestamptz AND ordered_at <= ${n}::timestamptz) AS recent_now,
        bool_or(ordered_at >= ${sinceLw}::timestamptz AND ordered_at <= ${lw}::timestamptz) AS recent_lw
      FROM customer_orders WHERE tenant_idx = ${tenantIdx} AND ordered_at >= ${sinceLw}::timestamptz AND ordered_at <= ${n}::timestamptz
      GROUP BY customer_idx
    ) o ON o.customer_idx = c.idx
    WHERE c.tenant_idx = ${tenantIdx}`);
  const [r] = rowsOf<Record<string, number>>(result);
  const fig = (total: number, signUps: number, marketable: number): OverviewFigures => ({
    totalCustomers: round2(Number(total)), totalSignUps: round2(Number(signUps)), signUpRate: signUpRateOf(Number(signUps), Number(total)),
    totalMarketableCustomers: round2(Number(marketable)),
  });
  return { metrics: fig(r.total, r.signups, r.marketable), lastWeek: fig(r.lw_total, r.lw_signups, r.lw_marketable) };
}

const ZERO: OverviewFigures = { totalCustomers: 0, totalSignUps: 0, signUpRate: 0, totalMarketableCustomers: 0 };

export async function readOverview(db: Db, tenantIdx: number) {
  const [row] = await db.select().from(customerOverview).where(eq(customerOverview.tenantIdx, tenantIdx)).limit(1);
  const metrics = (row?.metrics ?? ZERO) as unknown as OverviewFigures;
  return {
    ...ZERO, ...metrics, lastWeek: { ...ZERO, ...((row?.lastWeek ?? {}) as Partial<OverviewFigures>) },
    updating: row?.updating ?? false, updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** Computations started by this process, per database, so tests (and shutdown) can wait for them. */
const runningByDb = new WeakMap<Db, Map<number, Promise<void>>>();
const runningOf = (db: Db) => {
  let m = runningByDb.get(db);
  if (!m) { m = new Map(); runningByDb.set(db, m); }
  return m;
};
export const overviewRun = (db: Db, tenantIdx: number): Promise<void> | undefined => runningOf(db).get(tenantIdx);
export const overviewRuns = (db: Db): Promise<void>[] => [...runningOf(db).values()];

/**
 * Starts a background recompute unless one is under way (idempotent): answers whether this call
 * started it. The claim is one statement, so only one of several concurrent callers wins.
 */
export async function startOverviewRefresh(db: Db, tenantIdx: number, now: () => Date, log: FastifyBaseLogger): Promise<boolean> {
  const at = now();
  const stale = new Date(at.getTime() - OVERVIEW_STALE_MS).toISOString();
  await db.insert(customerOverview).values({ tenantIdx }).onConflictDoNothing();
  const claimed = await db.execute(sql`UPDATE ${customerOverview} SET updating = true, updating_since = ${at.toISOString()}::timestamptz
    WHERE tenant_idx = ${tenantIdx} AND (NOT updating OR updating_since < ${stale}::timestamptz) RETURNING tenant_idx`);
  if (!rowsOf(claimed).length) return false;
  const running = runningOf(db);
  const job = (async () => {
    try {
      const figures = await computeOverview(db, tenantIdx, at);
      await db.update(customerOverview).set({ metrics: { ...figures.metrics }, lastWeek: { ...figures.lastWeek }, updating: false, updatingSince: null, updatedAt: now() })
        .where(eq(customerOverview.tenantIdx, tenantIdx));
    } catch (err) {
      log.error({ err, tenantIdx }, 'customer overview recompute failed');
      await db.update(customerOverview).set({ updating: false, updatingSince: null }).where(eq(customerOverview.tenantIdx, tenantIdx)).catch(() => undefined);
    } finally {
      running.delete(tenantIdx);
    }
  })();
  running.set(tenantIdx, job);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Dashboard

function bucketSql(column: SQLText, buckets: Bucket[]) {
  return sql.raw(`CASE ${buckets.map((b, i) => `WHEN ${column} >= ${b.min}${b.max === null ? '' : ` AND ${column} < ${b.max}`} THEN ${i}`).join(' ')} END`);
}
type SQLText = string;

/** Distribution (sales amount, order count, average price) and the top 25 by total order price. */
export async function customerDashboard(db: Db, tenantIdx: number) {
  const avg = 'CASE WHEN total_order_count > 0 THEN total_order_price / total_order_count END';
  const d = CUSTOMER_DISTRIBUTION;
  const result = await db.execute(sql`
    SELECT ${bucketSql('total_order_price', d.salesAmount)} AS sales, ${bucketSql('total_order_count', d.count)} AS cnt,
      ${bucketSql(avg, d.price)} AS price, count(*)::int AS n
    FROM ${customers} WHERE tenant_idx = ${tenantIdx} GROUP BY 1, 2, 3`);
  const distribution = {
    salesAmount: Object.fromEntries(d.salesAmount.map((b) => [b.label, 0])) as Record<string, number>,
    count: Object.fromEntries(d.count.map((b) => [b.label, 0])) as Record<string, number>,
    price: Object.fromEntries(d.price.map((b) => [b.label, 0])) as Record<string, number>,
  };
  for (const r of rowsOf<{ sales: number | null; cnt: number | null; price: number | null; n: number }>(result)) {
    if (r.sales !== null) distribution.salesAmount[d.salesAmount[Number(r.sales)].label] += Number(r.n);
    if (r.cnt !== null) distribution.count[d.count[Number(r.cnt)].label] += Number(r.n);
    if (r.price !== null) distribution.price[d.price[Number(r.price)].label] += Number(r.n);
  }
  const top = await db.execute(sql`
    SELECT idx, name, total_order_price, latest_ordered_at FROM ${customers}
    WHERE tenant_idx = ${tenantIdx} ORDER BY total_order_price DESC, idx DESC LIMIT ${CUSTOMER_TOP_LIST_SIZE}`);
  const ymd8 = (v: Date | string | null) => seoulDate(v).replace(/-/g, '') || null;
  return {
    distribution,
    topList: rowsOf<{ idx: number; name: string; total_order_price: string | number; latest_ordered_at: Date | string | null }>(top).map((r) => ({
      userIdx: Number(r.idx), userName: r.name, totalPayAmount: Number(r.total_order_price), lastOrderedAt: ymd8(r.latest_ordered_at),
      // No coupon area yet (issue 5 scope).
      couponRemainCount: 0,
    })),
  };
}
