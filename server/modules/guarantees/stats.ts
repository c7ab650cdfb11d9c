import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, nfts, nftUses, partnerships } from '../../db/schema';
import { NFT_DASHBOARD_PERIODS, NFT_ISSUED_STATUSES, NFT_STATUS, type NftDashboardPeriod, type NftType } from '../../../src/domain/guarantee';
import { rowsOf } from '../products/service';
import { addDays, seoulDate, seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';

/** Summaries of a tenant's certificates: the dashboard, today's waiting count, customers and uses. */

const SEOUL_DAY = sql.raw(`'YYYY-MM-DD'`);

/** Change from last to current in percent, one decimal; null when there was nothing before. */
const rateOf = (current: number, last: number) => (last === 0 ? null : Math.round(((current - last) / last) * 1000) / 10);

const live = (tenantIdx: number, nftType: NftType) => and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftType, nftType), isNull(nfts.deletedAt))!;

/**
 * The guarantee dashboard (spec 1 "Guarantee dashboard response") over the last n days up to today
 * (Asia/Seoul), each figure with the n days before:
 * - issuedGraph: certificates issued per day (issued_at), current and last period, their total,
 *   change rate (%) and daily average;
 * - issueStatusCount: of the certificates created in the period, how many are now waiting (1),
 *   issued (3, with 4 and 5) and cancelled (9);
 * - totalPrice: the summed price of certificates issued in the period that are still issued;
 * - issuedFrom: certificates created in the period per issue route, the most used route now and before.
 */
export async function dashboard(db: Db, tenantIdx: number, nftType: NftType, period: NftDashboardPeriod, now: Date) {
  const days = NFT_DASHBOARD_PERIODS[period];
  const today = seoulDate(now);
  const currentStart = addDays(today, -(days - 1));
  const lastStart = addDays(currentStart, -days);
  const lastFrom = seoulDayStart(lastStart);
  const currentFrom = seoulDayStart(currentStart);
  const until = seoulDayEnd(today);
  const base = live(tenantIdx, nftType);
  const isCurrent = (column: typeof nfts.createdAt | typeof nfts.issuedAt) => sql<boolean>`${column} >= ${currentFrom}`;

  const [perDay, created, priced] = await Promise.all([
    db.select({ day: sql<string>`to_char(${nfts.issuedAt} AT TIME ZONE 'Asia/Seoul', ${SEOUL_DAY})`, n: count() }).from(nfts)
      .where(and(base, gte(nfts.issuedAt, lastFrom), lt(nfts.issuedAt, until)))
      .groupBy(sql`1`),
    db.select({ current: isCurrent(nfts.createdAt), status: nfts.nftStatus, route: nfts.requestRoute, n: count() }).from(nfts)
      .where(and(base, gte(nfts.createdAt, lastFrom), lt(nfts.createdAt, until)))
      .groupBy(sql`1`, nfts.nftStatus, nfts.requestRoute),
    db.select({ current: isCurrent(nfts.issuedAt), price: sql<string>`coalesce(sum(${nfts.price}), 0)` }).from(nfts)
      .where(and(base, inArray(nfts.nftStatus, [...NFT_ISSUED_STATUSES]), gte(nfts.issuedAt, lastFrom), lt(nfts.issuedAt, until)))
      .groupBy(sql`1`),
  ]);

  const current: Record<string, number> = {};
  const last: Record<string, number> = {};
  for (let i = 0; i < days; i++) {
    current[addDays(currentStart, i)] = 0;
    last[addDays(lastStart, i)] = 0;
  }
  for (const r of perDay) {
    if (r.day in current) current[r.day] = r.n;
    else if (r.day in last) last[r.day] = r.n;
  }
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const totalCount = sum(current);
  const lastTotal = sum(last);

  const statusGroup = (s: number) => (s === NFT_STATUS.ready ? 1 : (NFT_ISSUED_STATUSES as readonly number[]).includes(s) ? 3 : s === NFT_STATUS.cancel ? 9 : null);
  const statusCounts = { 1: { count: 0, lastCount: 0 }, 3: { count: 0, lastCount: 0 }, 9: { count: 0, lastCount: 0 } };
  const routes: Record<string, number> = {};
  const lastRoutes: Record<string, number> = {};
  for (const r of created) {
    const group = statusGroup(r.status);
    if (group) statusCounts[group][r.current ? 'count' : 'lastCount'] += r.n;
    const target = r.current ? routes : lastRoutes;
    target[r.route] = (target[r.route] ?? 0) + r.n;
  }
  const mostOf = (m: Record<string, number>) => Object.entries(m).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
  const price = Number(priced.find((p) => p.current)?.price ?? 0);
  const lastPrice = Number(priced.find((p) => !p.current)?.price ?? 0);

  return {
    period, from: currentStart, to: today,
    issuedGraph: { totalCount, rate: rateOf(totalCount, lastTotal), averageCount: Math.round((totalCount / days) * 10) / 10, current, last },
    issueStatusCount: Object.fromEntries(Object.entries(statusCounts).map(([k, v]) => [k, { ...v, rate: rateOf(v.count, v.lastCount) }])),
    totalPrice: { price, lastPrice, rate: rateOf(price, lastPrice) },
    issuedFrom: { counts: routes, most: mostOf(routes), lastMost: mostOf(lastRoutes) },
  };
}

/** Waiting certificates (status 1) created today and this month, Asia/Seoul. */
export async function readyToday(db: Db, tenantIdx: number, nftType: NftType, now: Date) {
  const today = seoulDate(now);
  const dayFrom = seoulDayStart(today);
  const monthFrom = seoulDayStart(`${today.slice(0, 8)}01`);
  const [row] = await db.select({
    today: sql<number>`count(*) FILTER (WHERE ${nfts.createdAt} >= ${dayFrom})::int`,
    monthly: sql<number>`count(*)::int`,
  }).from(nfts).where(and(live(tenantIdx, nftType), eq(nfts.nftStatus, NFT_STATUS.ready), gte(nfts.createdAt, monthFrom)));
  return { today: Number(row?.today ?? 0), monthly: Number(row?.monthly ?? 0) };
}

/** Customers holding certificates (of this type, not deleted), newest first; keyword on name or phone digits. */
export async function certificateHolders(db: Db, tenantIdx: number, nftType: NftType, q: { keyword?: string; page: number; pageSize: number }) {
  const parts: SQL[] = [sql`c.tenant_idx = ${tenantIdx}`];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const digits = keyword.replace(/\D/g, '');
    const pattern = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(digits ? sql`(c.name ILIKE ${pattern} OR c.phone LIKE ${`%${digits}%`})` : sql`c.name ILIKE ${pattern}`);
  }
  const where = sql.join(parts, sql` AND `);
  const holders = sql`
    SELECT c.idx AS "customerIdx", c.name, c.country_code AS "countryCode", c.phone, n.cnt AS "nftCount", n.last_at
    FROM ${customers} c
    JOIN (SELECT customer_idx, count(*)::int AS cnt, max(created_at) AS last_at FROM ${nfts}
          WHERE tenant_idx = ${tenantIdx} AND nft_type = ${nftType} AND deleted_at IS NULL AND customer_idx IS NOT NULL
          GROUP BY customer_idx) n ON n.customer_idx = c.idx
    WHERE ${where}`;
  const [list, total] = await Promise.all([
    db.execute(sql`${holders} ORDER BY n.last_at DESC, c.idx DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${holders}) h`),
  ]);
  type Holder = { customerIdx: number; name: string; countryCode: string; phone: string; nftCount: number };
  return {
    list: rowsOf<Holder & { last_at: unknown }>(list).map(({ customerIdx, name, countryCode, phone, nftCount }) => ({
      customerIdx: Number(customerIdx), name, countryCode, phone, nftCount: Number(nftCount),
    })),
    total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
  };
}

export async function customerExists(db: Db, tenantIdx: number, idx: number): Promise<boolean> {
  const rows = await db.select({ idx: customers.idx }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  return rows.length > 0;
}

type UseRow = { idx: number; usedAt: Date; memo: string | null; usedBy: number | null; usedByName: string | null };
const useOf = (r: UseRow) => ({ ...r, usedAt: r.usedAt.toISOString() });

/** A use with the name of the account that recorded it (처리자): a sub-account's contact name, else the company. */
const useColumns = { idx: nftUses.idx, usedAt: nftUses.usedAt, memo: nftUses.memo, usedBy: nftUses.usedBy, usedByName: partnerships.companyName };

export async function recordUse(db: Db, tenantIdx: number, nftIdx: number, memo: string | null, usedBy: number, now: Date) {
  const [{ idx }] = await db.insert(nftUses).values({ tenantIdx, nftIdx, memo, usedBy, usedAt: now }).returning({ idx: nftUses.idx });
  const [row] = await db.select(useColumns).from(nftUses).leftJoin(partnerships, eq(partnerships.idx, nftUses.usedBy))
    .where(and(eq(nftUses.tenantIdx, tenantIdx), eq(nftUses.idx, idx)));
  return useOf(row);
}

export async function usesOf(db: Db, tenantIdx: number, nftIdx: number) {
  const rows = await db.select(useColumns).from(nftUses).leftJoin(partnerships, eq(partnerships.idx, nftUses.usedBy))
    .where(and(eq(nftUses.tenantIdx, tenantIdx), eq(nftUses.nftIdx, nftIdx)))
    .orderBy(desc(nftUses.usedAt), desc(nftUses.idx));
  return { list: rows.map(useOf), total: rows.length };
}

/** Uses recorded in a period (YYYY-MM-DD, Asia/Seoul, inclusive). */
export async function useCount(db: Db, tenantIdx: number, from: string, to: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(nftUses).where(and(
    eq(nftUses.tenantIdx, tenantIdx), gte(nftUses.usedAt, seoulDayStart(from)), lt(nftUses.usedAt, seoulDayEnd(to)),
  ));
  return n;
}
