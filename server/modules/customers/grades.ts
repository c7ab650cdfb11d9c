import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Db } from '../../db/client';
import { customerGroups, customerSettings, customers } from '../../db/schema';
import { CUSTOMER_MSG, latestGradeSlot, type GradeListInput, type GradeSchedule } from '../../../src/domain/customer';
import { notFound, validationFailed } from '../../http/errors';
import { rowsOf } from '../products/service';
import { getSettings, lockSettings } from './settings';

/**
 * Customer grades: the list with member counts, the whole-list save, the preview and the run.
 * A customer holds the highest group_no whose minimum purchase amount and count it meets over the
 * last grade_period_months of orders (src/domain/customer.ts gradeFor); the SQL below is that rule,
 * set-based over the tenant's customers.
 */

export interface Grade { idx: number; name: string; groupNo: number; minPurchaseAmount: number; minPurchaseCount: number; customerCount: number }
type Criteria = { groupNo: number; name: string; minPurchaseAmount: number; minPurchaseCount: number; idx?: number | null };

export async function listGrades(db: Db, tenantIdx: number): Promise<Grade[]> {
  const result = await db.execute(sql`
    SELECT g.idx, g.name, g.group_no AS "groupNo", g.min_purchase_amount AS "minPurchaseAmount", g.min_purchase_count AS "minPurchaseCount",
      (SELECT count(*) FROM ${customers} c WHERE c.tenant_idx = g.tenant_idx AND c.group_idx = g.idx)::int AS "customerCount"
    FROM ${customerGroups} g WHERE g.tenant_idx = ${tenantIdx} ORDER BY g.group_no, g.idx`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    idx: Number(r.idx), name: String(r.name), groupNo: Number(r.groupNo), minPurchaseAmount: Number(r.minPurchaseAmount),
    minPurchaseCount: Number(r.minPurchaseCount), customerCount: Number(r.customerCount),
  }));
}

export async function getGrade(db: Db, tenantIdx: number, idx: number): Promise<Grade> {
  const grade = (await listGrades(db, tenantIdx)).find((g) => g.idx === idx);
  if (!grade) throw notFound(CUSTOMER_MSG.gradeNotFound);
  return grade;
}

/**
 * Saves the whole list at once (all-or-nothing): grades sent with an idx are updated, new ones
 * inserted, the tenant's others deleted (their customers lose the grade until the next run).
 * An idx that is not the tenant's is refused (400 list[i].idx).
 */
export async function saveGrades(db: Db, tenantIdx: number, input: GradeListInput, now: Date): Promise<Grade[]> {
  await db.transaction(async (tx) => {
    await lockSettings(tx, tenantIdx, now);
    const existing = await tx.select({ idx: customerGroups.idx }).from(customerGroups).where(eq(customerGroups.tenantIdx, tenantIdx));
    const own = new Set(existing.map((g) => g.idx));
    const errors: Record<string, string> = {};
    input.list.forEach((g, i) => { if (g.idx && !own.has(g.idx)) errors[`list[${i}].idx`] = CUSTOMER_MSG.gradeIdxUnknown; });
    if (Object.keys(errors).length) throw validationFailed(errors);
    const kept = input.list.map((g) => g.idx).filter((i): i is number => Boolean(i));
    const removed = [...own].filter((i) => !kept.includes(i));
    if (removed.length) {
      await tx.update(customers).set({ groupIdx: null }).where(and(eq(customers.tenantIdx, tenantIdx), inArray(customers.groupIdx, removed)));
      await tx.delete(customerGroups).where(and(eq(customerGroups.tenantIdx, tenantIdx), kept.length ? notInArray(customerGroups.idx, kept) : sql`true`));
    }
    for (const g of input.list) {
      const values = { name: g.name, groupNo: g.groupNo, minPurchaseAmount: g.minPurchaseAmount, minPurchaseCount: g.minPurchaseCount, updatedAt: now };
      if (g.idx) await tx.update(customerGroups).set(values).where(and(eq(customerGroups.tenantIdx, tenantIdx), eq(customerGroups.idx, g.idx)));
      else await tx.insert(customerGroups).values({ tenantIdx, ...values, createdAt: now });
    }
  });
  return listGrades(db, tenantIdx);
}

/** The grade each customer of the tenant would hold under `grades` (a derived table: idx, group_no). */
function assignments(tenantIdx: number, grades: Criteria[], since: Date) {
  const json = JSON.stringify(grades.map((g) => ({ group_no: g.groupNo, min_amount: g.minPurchaseAmount, min_count: g.minPurchaseCount })));
  return sql`
    SELECT c.idx, (SELECT g.group_no FROM jsonb_to_recordset(${json}::jsonb) AS g(group_no int, min_amount bigint, min_count int)
                   WHERE coalesce(o.amount, 0) >= g.min_amount AND coalesce(o.cnt, 0) >= g.min_count
                   ORDER BY g.group_no DESC LIMIT 1) AS group_no
    FROM customers c
    LEFT JOIN (SELECT customer_idx, sum(payment_amount) AS amount, count(*) AS cnt FROM customer_orders
               WHERE tenant_idx = ${tenantIdx} AND ordered_at >= ${since.toISOString()}::timestamptz GROUP BY customer_idx) o
      ON o.customer_idx = c.idx
    WHERE c.tenant_idx = ${tenantIdx}`;
}

const periodStart = (now: Date, months: number) => dayjs(now).subtract(months, 'month').toDate();

/** How many customers each grade would hold (nothing saved); customers meeting none are left out. */
export async function previewGrades(db: Db, tenantIdx: number, input: GradeListInput, now: Date) {
  const settings = await getSettings(db, tenantIdx);
  const result = await db.execute(sql`SELECT a.group_no AS "groupNo", count(*)::int AS n FROM (${assignments(tenantIdx, input.list, periodStart(now, settings.gradePeriodMonths))}) a GROUP BY a.group_no`);
  const counts = new Map(rowsOf<{ groupNo: number | null; n: number }>(result).map((r) => [r.groupNo === null ? null : Number(r.groupNo), Number(r.n)]));
  return input.list.map((g) => ({ groupNo: g.groupNo, name: g.name, customerCount: counts.get(g.groupNo) ?? 0 }));
}

/** Applies the saved grades to every customer of the tenant (one UPDATE); answers how many changed. */
export async function runGrades(db: Db, tenantIdx: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSettings(tx, tenantIdx, now);
    const settings = await getSettings(tx, tenantIdx);
    const grades = await tx.select().from(customerGroups).where(eq(customerGroups.tenantIdx, tenantIdx)).orderBy(asc(customerGroups.groupNo));
    const since = periodStart(now, settings.gradePeriodMonths);
    const result = await tx.execute(sql`
      UPDATE ${customers} c SET group_idx = gm.idx
      FROM (${assignments(tenantIdx, grades, since)}) a
      LEFT JOIN (SELECT idx, group_no FROM customer_groups WHERE tenant_idx = ${tenantIdx}) gm ON gm.group_no = a.group_no
      WHERE c.tenant_idx = ${tenantIdx} AND c.idx = a.idx AND c.group_idx IS DISTINCT FROM gm.idx
      RETURNING c.idx`);
    await tx.update(customerSettings).set({ lastGradeRunAt: now }).where(eq(customerSettings.tenantIdx, tenantIdx));
    return rowsOf(result).length;
  });
}

/**
 * The scheduled grade run (spec 3: 03:00 daily, monthly, quarterly, half-yearly or yearly): every
 * tenant with grades whose last run is older than its schedule's latest slot. Each tenant is claimed
 * with one conditional UPDATE first, so two processes never run the same tenant's slot twice.
 */
export async function runDueGrades(db: Db, now: Date): Promise<{ tenantIdx: number; updated: number }[]> {
  const tenants = await db.execute(sql`
    SELECT s.tenant_idx AS "tenantIdx", s.grade_schedule AS schedule, s.last_grade_run_at AS "lastRunAt" FROM ${customerSettings} s
    WHERE EXISTS (SELECT 1 FROM ${customerGroups} g WHERE g.tenant_idx = s.tenant_idx)`);
  const done: { tenantIdx: number; updated: number }[] = [];
  for (const t of rowsOf<{ tenantIdx: number; schedule: GradeSchedule; lastRunAt: Date | string | null }>(tenants)) {
    const slot = latestGradeSlot(t.schedule, now);
    const last = t.lastRunAt ? new Date(t.lastRunAt) : null;
    if (last && last.getTime() >= slot.getTime()) continue;
    const claimed = await db.execute(sql`UPDATE ${customerSettings} SET last_grade_run_at = ${now.toISOString()}::timestamptz
      WHERE tenant_idx = ${t.tenantIdx} AND (last_grade_run_at IS NULL OR last_grade_run_at < ${slot.toISOString()}::timestamptz) RETURNING tenant_idx`);
    if (!rowsOf(claimed).length) continue;
    done.push({ tenantIdx: Number(t.tenantIdx), updated: await runGrades(db, Number(t.tenantIdx), now) });
  }
  return done;
}
