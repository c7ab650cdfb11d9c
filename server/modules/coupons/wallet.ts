import { randomInt } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { EXPIRE_BY_DATE } from '../../../src/domain/coupon';
import { addDays, seoulDayEnd, seoulToday } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { coupons, customerCoupons } from '../../db/schema';

export type CouponSource = (typeof customerCoupons.$inferInsert)['source'];
export type GrantRefusal = 'COUPON_NOT_FOUND' | 'COUPON_ALREADY_GRANTED' | 'COUPON_SOLD_OUT';

export interface GrantRequest {
  tenantIdx: number;
  couponIdx: number;
  customerIdx: number;
  source: CouponSource;
  /** The membership it comes with. */
  nftIdx?: number | null;
}

/** The end (exclusive instant) of a coupon granted today: N days from the Seoul day, or its fixed date's end. */
export function couponExpiry(coupon: { expireType: number | null; expireDays: number | null; expireDate: string | null }, now: Date): Date {
  const today = seoulToday(now);
  if (coupon.expireType === EXPIRE_BY_DATE && coupon.expireDate) return new Date(seoulDayEnd(coupon.expireDate).getTime() - 1000);
  return new Date(seoulDayEnd(addDays(today, Math.max(1, coupon.expireDays ?? 1) - 1)).getTime() - 1000);
}

/** A 12-digit code for the barcode when the coupon has none of its own. */
const generatedBarcode = () => String(randomInt(1e5, 1e6)) + String(randomInt(0, 1e6)).padStart(6, '0');

/**
 * Gives one coupon to one customer, inside the caller's transaction (`db` may be a transaction).
 * The coupon row is locked while its count limit is checked, so concurrent grants never exceed it;
 * a once-per-customer coupon is held by the partial unique index `customer_coupons_once`, so a
 * retry or a race answers COUPON_ALREADY_GRANTED instead of a second coupon.
 */
export async function grantCoupon(db: Db, req: GrantRequest, now: Date): Promise<{ idx: number } | { refused: GrantRefusal }> {
  const [coupon] = await db.select().from(coupons)
    .where(and(eq(coupons.tenantIdx, req.tenantIdx), eq(coupons.idx, req.couponIdx))).for('update');
  if (!coupon) return { refused: 'COUPON_NOT_FOUND' };
  if (coupon.useCountLimit === 'Y' && coupon.countLimit != null) {
    const [granted] = await db.select({ n: count() }).from(customerCoupons)
      .where(and(eq(customerCoupons.tenantIdx, req.tenantIdx), eq(customerCoupons.couponIdx, req.couponIdx)));
    if (granted.n >= coupon.countLimit) return { refused: 'COUPON_SOLD_OUT' };
  }
  const once = coupon.oncePerCustomer === 'Y';
  for (let attempt = 0; ; attempt++) {
    const barcode = coupon.barcode && attempt === 0 ? `${coupon.barcode}-${req.customerIdx}` : generatedBarcode();
    const inserted = await db.insert(customerCoupons).values({
      tenantIdx: req.tenantIdx, couponIdx: req.couponIdx, customerIdx: req.customerIdx, nftIdx: req.nftIdx ?? null,
      source: req.source, once, barcode, expiresAt: couponExpiry(coupon, now),
    }).onConflictDoNothing().returning({ idx: customerCoupons.idx });
    if (inserted.length) return inserted[0];
    if (once) {
      const [held] = await db.select({ idx: customerCoupons.idx }).from(customerCoupons).where(and(
        eq(customerCoupons.tenantIdx, req.tenantIdx), eq(customerCoupons.couponIdx, req.couponIdx),
        eq(customerCoupons.customerIdx, req.customerIdx), sql`${customerCoupons.once}`));
      if (held) return { refused: 'COUPON_ALREADY_GRANTED' };
    }
    if (attempt >= 5) throw new Error('could not draw a unique coupon barcode');
  }
}
