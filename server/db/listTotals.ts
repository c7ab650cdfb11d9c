import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Totals of a list without an exact count(*) over a huge tenant (products, guarantees, customers,
 * after-service requests). First the planner's row estimate for the filter (EXPLAIN: planning only,
 * no scan). Above TOTAL_CAP the estimate is the answer, with `totalIsEstimate: true`, and nothing is
 * counted. Otherwise the rows are counted with a LIMIT of TOTAL_CAP + 1 inside the count, so even a
 * wrong estimate costs at most that many rows; past the cap the answer is again an estimate (at
 * least TOTAL_CAP + 1). Narrow lists (every small tenant, most searches) get an exact total.
 */
export const TOTAL_CAP = 10_000;

export interface ListTotal {
  total: number;
  totalIsEstimate: boolean;
}

type Reader = Pick<Db, 'execute' | 'select'>;

/** The planner's estimate of the rows of `table` matching `where` (planning only, no scan). */
export async function estimateRows(db: Reader, table: PgTable, where: SQL): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`);
  // node-postgres and PGlite both answer { rows }.
  const rows = ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as Record<string, unknown>[]));
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The list's total from the estimate: exact up to TOTAL_CAP, else estimated. */
export async function totalOf(db: Reader, table: PgTable, where: SQL, estimate: number): Promise<ListTotal> {
  if (estimate > TOTAL_CAP) return { total: estimate, totalIsEstimate: true };
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(TOTAL_CAP + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= TOTAL_CAP) return { total: n, totalIsEstimate: false };
  return { total: Math.max(estimate, TOTAL_CAP + 1), totalIsEstimate: true };
}
