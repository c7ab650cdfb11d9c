import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MEMBERSHIP_DASHBOARD_PERIODS, type MembershipDashboardPeriod } from '../../../src/domain/membershipIssue';
import { addDays, seoulDate, seoulDayStart } from '../../../src/domain/seoulDay';
import { rowsOf } from '../products/service';

/**
 * The membership dashboards (spec 1: GET /v1/admin/nft/dashboard/membership/issued, /summary and
 * /coupon, dateType optional, omitted for ALL), each over the tenant's memberships not deleted:
 * - issued: memberships issued per Seoul day in the period (ALL: since the first), with the total;
 * - summary: how many are issuing, expired and stopped now, and per template, of those issued in the period;
 * - coupon: the coupons memberships gave in the period, how many were used, and per coupon.
 */

const periodStart = (period: MembershipDashboardPeriod, now: Date): Date | null => {
  const days = MEMBERSHIP_DASHBOARD_PERIODS[period];
  return days === null ? null : seoulDayStart(addDays(seoulDate(now), -(days - 1)));
};
const since = (column: string, from: Date | null) => (from ? sql`AND ${sql.raw(column)} >= ${from.toISOString()}::timestamptz` : sql``);

export async function membershipIssued(db: Db, tenantIdx: number, period: MembershipDashboardPeriod, now: Date) {
  const from = periodStart(period, now);
  const result = await db.execute(sql`SELECT to_char(issued_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM nfts WHERE tenant_idx = ${tenantIdx} AND nft_type = 'MEMBERSHIP' AND deleted_at IS NULL AND issued_at IS NOT NULL ${since('issued_at', from)}
    GROUP BY 1 ORDER BY 1`);
  const graph = rowsOf<{ day: string; n: number }>(result).map((r) => ({ date: r.day, count: Number(r.n) }));
  return { dateType: period, from: from ? seoulDate(from) : null, to: seoulDate(now), totalCount: graph.reduce((a, b) => a + b.count, 0), graph };
}

export async function membershipSummary(db: Db, tenantIdx: number, period: MembershipDashboardPeriod, now: Date) {
  const from = periodStart(period, now);
  const at = now.toISOString();
  const state = sql`CASE WHEN n.stopped_at IS NOT NULL OR n.nft_status IN (9, 10) THEN 'stop'
    WHEN n.expires_at IS NOT NULL AND n.expires_at <= ${at}::timestamptz THEN 'expired' ELSE 'issuing' END`;
  const result = await db.execute(sql`SELECT n.nft_template_idx AS "templateIdx", t.nft_card_name AS "name", ${state} AS state, count(*)::int AS n
    FROM nfts n LEFT JOIN nft_templates t ON t.tenant_idx = n.tenant_idx AND t.idx = n.nft_template_idx
    WHERE n.tenant_idx = ${tenantIdx} AND n.nft_type = 'MEMBERSHIP' AND n.deleted_at IS NULL AND n.issued_at IS NOT NULL ${since('n.issued_at', from)}
    GROUP BY 1, 2, 3 ORDER BY 1`);
  const totals = { issuing: 0, expired: 0, stop: 0 };
  const byTemplate = new Map<number, { templateIdx: number; name: string; issuing: number; expired: number; stop: number; total: number }>();
  for (const r of rowsOf<{ templateIdx: number | null; name: string | null; state: keyof typeof totals; n: number }>(result)) {
    const n = Number(r.n);
    totals[r.state] += n;
    if (r.templateIdx === null) continue;
    const key = Number(r.templateIdx);
    const t = byTemplate.get(key) ?? { templateIdx: key, name: r.name ?? '', issuing: 0, expired: 0, stop: 0, total: 0 };
    t[r.state] += n;
    t.total += n;
    byTemplate.set(key, t);
  }
  return { dateType: period, totalCount: totals.issuing + totals.expired + totals.stop, ...totals, templates: [...byTemplate.values()] };
}

export async function membershipCoupons(db: Db, tenantIdx: number, period: MembershipDashboardPeriod, now: Date) {
  const from = periodStart(period, now);
  const result = await db.execute(sql`SELECT w.coupon_idx AS "couponIdx", c.title, count(*)::int AS issued, count(*) FILTER (WHERE w.status = 'USED')::int AS used
    FROM customer_coupons w LEFT JOIN coupons c ON c.tenant_idx = w.tenant_idx AND c.idx = w.coupon_idx
    WHERE w.tenant_idx = ${tenantIdx} AND w.source = 'MEMBERSHIP' ${since('w.created_at', from)}
    GROUP BY 1, 2 ORDER BY 1`);
  const list = rowsOf<{ couponIdx: number; title: string | null; issued: number; used: number }>(result)
    .map((r) => ({ couponIdx: Number(r.couponIdx), title: r.title ?? '', issuedCount: Number(r.issued), usedCount: Number(r.used) }));
  const issuedCount = list.reduce((a, b) => a + b.issuedCount, 0);
  const usedCount = list.reduce((a, b) => a + b.usedCount, 0);
  return { dateType: period, issuedCount, usedCount, usedRate: issuedCount ? Math.round((usedCount / issuedCount) * 1000) / 10 : null, list };
}
