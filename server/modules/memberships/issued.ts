import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, customerCoupons, nfts } from '../../db/schema';
import {
  CUSTOMER_MEMBERSHIP_LABELS, MEMBERSHIP_STATE_LABELS, customerMembershipStatusOf, membershipStateOf,
} from '../../../src/domain/membershipIssue';
import { NFT_ISSUED_STATUSES } from '../../../src/domain/guarantee';
import { notFound } from '../../http/errors';
import { MEMBERSHIP_ISSUE_MSG } from '../../../src/domain/membershipIssue';
import type { Guarantee } from '../guarantees/rows';

/**
 * Issued memberships as the API shows them: the certificate row (server/modules/guarantees/rows.ts)
 * with the membership's end, stop, points and its two statuses (console and customer-facing).
 */

type Extra = { idx: number; expiresAt: Date | null; stoppedAt: Date | null; pointAmount: number | null };

export async function membershipExtras(db: Db, tenantIdx: number, idx: number[]): Promise<Map<number, Extra>> {
  if (!idx.length) return new Map();
  const rows = await db.select({ idx: nfts.idx, expiresAt: nfts.expiresAt, stoppedAt: nfts.stoppedAt, pointAmount: nfts.pointAmount }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx)));
  return new Map(rows.map((r) => [r.idx, r]));
}

export function withMembership<T extends Pick<Guarantee, 'idx' | 'nftStatus'>>(g: T, extra: Extra | undefined, now: Date) {
  const timing = { nftStatus: g.nftStatus, expiresAt: extra?.expiresAt ?? null, stoppedAt: extra?.stoppedAt ?? null };
  const state = membershipStateOf(timing, now);
  const customerStatus = customerMembershipStatusOf(timing, now);
  return {
    ...g,
    expiresAt: extra?.expiresAt?.toISOString() ?? null,
    stoppedAt: extra?.stoppedAt?.toISOString() ?? null,
    pointAmount: extra?.pointAmount ?? null,
    membershipStatus: state,
    membershipStatusName: MEMBERSHIP_STATE_LABELS[state],
    customerStatus,
    customerStatusName: CUSTOMER_MEMBERSHIP_LABELS[customerStatus],
  };
}

export async function withMemberships<T extends Pick<Guarantee, 'idx' | 'nftStatus'>>(db: Db, tenantIdx: number, list: T[], now: Date) {
  const extras = await membershipExtras(db, tenantIdx, list.map((g) => g.idx));
  return list.map((g) => withMembership(g, extras.get(g.idx), now));
}

/** The coupons a membership gave (the customer's wallet rows with its idx). */
export async function couponsOfMembership(db: Db, tenantIdx: number, nftIdx: number) {
  const rows = await db.select({
    idx: customerCoupons.idx, couponIdx: customerCoupons.couponIdx, title: coupons.title, status: customerCoupons.status,
    barcode: customerCoupons.barcode, expiresAt: customerCoupons.expiresAt, usedAt: customerCoupons.usedAt,
  }).from(customerCoupons)
    .leftJoin(coupons, and(eq(coupons.tenantIdx, customerCoupons.tenantIdx), eq(coupons.idx, customerCoupons.couponIdx)))
    .where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.nftIdx, nftIdx)))
    .orderBy(customerCoupons.idx);
  return rows.map((r) => ({ ...r, title: r.title ?? '', expiresAt: r.expiresAt.toISOString(), usedAt: r.usedAt?.toISOString() ?? null }));
}

/** Every listed idx must be one of the tenant's memberships (a guarantee's idx is not found here): else 404. */
export async function requireMemberships(db: Db, tenantIdx: number, idx: number[]): Promise<void> {
  const wanted = [...new Set(idx)];
  const rows = await db.select({ idx: nfts.idx }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, wanted), eq(nfts.nftType, 'MEMBERSHIP'), isNull(nfts.deletedAt)));
  if (rows.length !== wanted.length) throw notFound(MEMBERSHIP_ISSUE_MSG.notFound);
}

/**
 * Stops issued memberships (all or nothing): each must be issued (3, 4, 5) and not stopped yet, else
 * 409 naming it. Their coupons stay with the customer, valid to their own end.
 */
export async function stopMemberships(db: Db, tenantIdx: number, idx: number[], now: Date): Promise<{ refused: number[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ idx: nfts.idx, nftStatus: nfts.nftStatus, stoppedAt: nfts.stoppedAt }).from(nfts)
      .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx), eq(nfts.nftType, 'MEMBERSHIP'), isNull(nfts.deletedAt)))
      .orderBy(nfts.idx).for('update');
    const refused = rows.filter((r) => r.stoppedAt !== null || !(NFT_ISSUED_STATUSES as readonly number[]).includes(r.nftStatus)).map((r) => r.idx);
    if (refused.length) return { refused };
    await tx.update(nfts).set({ stoppedAt: now, updatedAt: now }).where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx), sql`${nfts.stoppedAt} IS NULL`));
    return { refused: [] };
  });
}
