import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, customerCoupons, nfts } from '../../db/schema';
import { MEMBERSHIP_ISSUE_CODES, MEMBERSHIP_ISSUE_MSG } from '../../../src/domain/membershipIssue';
import { NFT_STATUS } from '../../../src/domain/guarantee';
import { ApiError, isUniqueViolationOf } from '../../http/errors';
import { couponExpiry, grantCoupon } from '../coupons/wallet';
import { attachedCouponRecords, notAttachedCoupon } from './attachedCoupons';

/**
 * What issuing a membership gives, in the issuing transaction (server/modules/guarantees/write.ts
 * insertIssues): the coupons of that membership (coupon records whose membershipIdx is the template,
 * birthday coupons excepted, and the coupons the template attaches, ./attachedCoupons.ts) to the customer, source MEMBERSHIP with the membership's idx, and the
 * point variant's points on the customer's point ledger. Expired or stopped memberships keep their
 * coupons, valid to their own end.
 */

/** The unique-index violation of a second held membership (a race the pre-check could not see), as the spec's 409. */
export function membershipHeldViolation(err: unknown): ApiError | null {
  if (!isUniqueViolationOf(err, 'nfts_membership_held')) return null;
  return new ApiError(409, MEMBERSHIP_ISSUE_CODES.alreadyExists, MEMBERSHIP_ISSUE_MSG.alreadyExists, { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists });
}

/** A barcode unique in the tenant for a coupon given with a membership: one per (membership, coupon). */
const membershipBarcode = (nftIdx: number, couponIdx: number) => `M${nftIdx}C${couponIdx}`;

export async function afterMembershipsIssued(tx: Db, tenantIdx: number, issuedIdx: number[], now: Date): Promise<void> {
  if (!issuedIdx.length) return;
  const issued = await tx.select({ idx: nfts.idx, customerIdx: nfts.customerIdx, templateIdx: nfts.nftTemplateIdx }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, issuedIdx), eq(nfts.nftType, 'MEMBERSHIP'), eq(nfts.nftStatus, NFT_STATUS.complete)))
    .orderBy(asc(nfts.idx));
  if (!issued.length) return;
  await creditPoints(tx, tenantIdx, issued.map((r) => r.idx), now);
  const templateIds = [...new Set(issued.map((r) => r.templateIdx).filter((t): t is number => t !== null))];
  if (!templateIds.length) return;
  const [records, attached] = [
    await tx.select({ idx: coupons.idx, membershipIdx: coupons.membershipIdx }).from(coupons)
      .where(and(eq(coupons.tenantIdx, tenantIdx), inArray(coupons.membershipIdx, templateIds), ne(coupons.isBirthday, 'Y'), notAttachedCoupon))
      .orderBy(asc(coupons.idx)),
    // The template's attached coupons (웰컴 쿠폰 · WELCOME10), through their coupon records.
    await attachedCouponRecords(tx, tenantIdx, templateIds, now),
  ];
  const couponRows = [...records, ...attached].sort((a, b) => a.idx - b.idx);
  if (!couponRows.length) return;
  if (issued.length === 1) {
    // One membership (the single issue, the lounge's self-join, a grade's newcomer): the wallet's own grant.
    const [m] = issued;
    if (m.customerIdx === null) return;
    for (const c of couponRows.filter((c) => c.membershipIdx === m.templateIdx)) {
      await grantCoupon(tx, { tenantIdx, couponIdx: c.idx, customerIdx: m.customerIdx, source: 'MEMBERSHIP', nftIdx: m.idx }, now);
    }
    return;
  }
  await grantSetBased(tx, tenantIdx, issued, couponRows, now);
}

/**
 * The bulk grant in three statements whatever the row count: the coupons locked (as grantCoupon
 * locks one), their granted counts, then one INSERT of every (membership, coupon) pair within each
 * coupon's remaining count limit, in membership order. A once-per-customer coupon the customer
 * already holds is skipped by its partial unique index (ON CONFLICT DO NOTHING).
 */
async function grantSetBased(
  tx: Db, tenantIdx: number, issued: { idx: number; customerIdx: number | null; templateIdx: number | null }[],
  couponRows: { idx: number; membershipIdx: number | null }[], now: Date,
): Promise<void> {
  const templateOf = new Map(couponRows.map((c) => [c.idx, c.membershipIdx]));
  const locked = await tx.select().from(coupons).where(and(eq(coupons.tenantIdx, tenantIdx), inArray(coupons.idx, [...templateOf.keys()])))
    .orderBy(asc(coupons.idx)).for('update');
  const limited = locked.filter((c) => c.useCountLimit === 'Y' && c.countLimit != null).map((c) => c.idx);
  const granted = limited.length
    ? await tx.select({ couponIdx: customerCoupons.couponIdx, n: count() }).from(customerCoupons)
      .where(and(eq(customerCoupons.tenantIdx, tenantIdx), inArray(customerCoupons.couponIdx, limited))).groupBy(customerCoupons.couponIdx)
    : [];
  const remaining = new Map(locked.filter((c) => limited.includes(c.idx)).map((c) => [c.idx, c.countLimit! - (granted.find((g) => g.couponIdx === c.idx)?.n ?? 0)]));
  const rows: Record<string, unknown>[] = [];
  for (const m of issued) {
    if (m.customerIdx === null) continue;
    for (const c of locked.filter((c) => templateOf.get(c.idx) === m.templateIdx)) {
      const left = remaining.get(c.idx);
      if (left !== undefined) {
        if (left <= 0) continue;
        remaining.set(c.idx, left - 1);
      }
      rows.push({
        coupon_idx: c.idx, customer_idx: m.customerIdx, nft_idx: m.idx, once: c.oncePerCustomer === 'Y',
        barcode: membershipBarcode(m.idx, c.idx), expires_at: couponExpiry(c, now).toISOString(),
      });
    }
  }
  if (!rows.length) return;
  await tx.execute(sql`INSERT INTO ${customerCoupons} (tenant_idx, coupon_idx, customer_idx, nft_idx, source, once, barcode, expires_at, created_at)
    SELECT ${tenantIdx}, r.coupon_idx, r.customer_idx, r.nft_idx, 'MEMBERSHIP', r.once, r.barcode, r.expires_at, ${now.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(coupon_idx integer, customer_idx integer, nft_idx integer, once boolean, barcode text, expires_at timestamptz)
    ON CONFLICT DO NOTHING`);
}

/** The point variant: each customer's points (summed over this batch) on the balance, with one ledger row each. */
async function creditPoints(tx: Db, tenantIdx: number, idx: number[], now: Date): Promise<void> {
  const list = sql.join(idx.map((i) => sql`${i}`), sql`, `);
  await tx.execute(sql`WITH p AS (
      SELECT customer_idx, sum(point_amount)::bigint AS amount FROM nfts
      WHERE tenant_idx = ${tenantIdx} AND idx IN (${list}) AND point_amount > 0 AND customer_idx IS NOT NULL GROUP BY customer_idx
    ), u AS (
      UPDATE customers c SET point_balance = c.point_balance + p.amount, updated_at = ${now.toISOString()}::timestamptz
      FROM p WHERE c.tenant_idx = ${tenantIdx} AND c.idx = p.customer_idx
      RETURNING c.idx, c.point_balance, p.amount
    )
    INSERT INTO customer_point_ledger (tenant_idx, customer_idx, amount, reason, balance, created_at)
    SELECT ${tenantIdx}, u.idx, u.amount, ${MEMBERSHIP_ISSUE_MSG.pointReason}, u.point_balance, ${now.toISOString()}::timestamptz FROM u ORDER BY u.idx`);
}
