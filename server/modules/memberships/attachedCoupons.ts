import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EXPIRE_BY_DATE, EXPIRE_BY_DAYS } from '../../../src/domain/coupon';
import { isYmd } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { coupons, membershipAttachedCoupons, nftTemplates } from '../../db/schema';

/**
 * The coupons a membership template attaches (`partnersCoupon`: 웰컴 쿠폰 · WELCOME10, issue 23 item 2)
 * reach the customer's wallet like the membership's coupon records: each issuable one (isIssuable Y)
 * gets a coupon record of the template the first time a membership of it is issued, linked by
 * `membership_attached_coupons`, and that record is granted (server/modules/memberships/grants.ts).
 * A changed attached coupon (title, offline, number, URL or end) is a new record; one the template no
 * longer attaches is no longer granted (the record path skips linked records: `notAttachedCoupon`).
 *
 * The record: use place offline (2, any store, with the staff PIN) or online (1) with the number as its
 * code; its end is the attached end, else the membership's own (its date, or its days from the issue).
 */

/** Use places of src/domain/coupon.ts COUPON_USE_PLACES. */
const ONLINE = 1;
const OFFLINE = 2;
/** The days an attached coupon without an end lasts when the membership has none either. */
const DEFAULT_DAYS = 365;

type Attached = (typeof nftTemplates.$inferSelect)['partnersCoupon'][number];
type Template = Pick<typeof nftTemplates.$inferSelect, 'idx' | 'partnersCoupon' | 'expireType' | 'expireDate' | 'expireDays'>;

export const attachedKeyOf = (c: Attached) =>
  createHash('sha256').update(JSON.stringify([c.title, c.offline, c.couponNumber ?? '', c.couponUrl ?? '', c.endDate ?? ''])).digest('hex').slice(0, 32);

/** Coupon records that are not a template's attached coupon: the membership's own coupon records. */
export const notAttachedCoupon = sql`NOT EXISTS (SELECT 1 FROM ${membershipAttachedCoupons} a WHERE a.tenant_idx = ${coupons.tenantIdx} AND a.coupon_idx = ${coupons.idx})`;

function recordOf(tenantIdx: number, t: Template, c: Attached, now: Date): typeof coupons.$inferInsert {
  const offline = c.offline === 'Y';
  const end = c.endDate && isYmd(c.endDate) ? c.endDate : t.expireType === 'DATE' && t.expireDate ? t.expireDate.slice(0, 10) : null;
  return {
    tenantIdx, title: c.title, membershipIdx: t.idx,
    ...(end ? { expireType: EXPIRE_BY_DATE, expireDate: end } : { expireType: EXPIRE_BY_DAYS, expireDays: t.expireType === 'DAY' && t.expireDays ? t.expireDays : DEFAULT_DAYS }),
    usePlace: offline ? OFFLINE : ONLINE, code: offline ? null : c.couponNumber || null,
    usePassword: offline ? 'Y' : 'N', createdAt: now,
  } as typeof coupons.$inferInsert;
}

/**
 * The coupon records of the templates' issuable attached coupons, made where missing, inside the
 * issuing transaction. Making them locks the templates' rows, so concurrent first issues make one record each.
 */
export async function attachedCouponRecords(tx: Db, tenantIdx: number, templateIds: number[], now: Date): Promise<{ idx: number; membershipIdx: number }[]> {
  if (!templateIds.length) return [];
  const read = () => tx.select({
    idx: nftTemplates.idx, partnersCoupon: nftTemplates.partnersCoupon, expireType: nftTemplates.expireType,
    expireDate: nftTemplates.expireDate, expireDays: nftTemplates.expireDays,
  }).from(nftTemplates).where(and(eq(nftTemplates.tenantIdx, tenantIdx), inArray(nftTemplates.idx, templateIds), eq(nftTemplates.templateType, 'MEMBERSHIP')))
    .orderBy(asc(nftTemplates.idx));
  const wanted = (list: Template[]) => list.flatMap((t) => t.partnersCoupon.filter((c) => c.isIssuable !== 'N' && c.title)
    .map((c) => ({ template: t, attached: c, key: attachedKeyOf(c) })));
  const linksOf = (ids: number[]) => tx.select().from(membershipAttachedCoupons)
    .where(and(eq(membershipAttachedCoupons.tenantIdx, tenantIdx), inArray(membershipAttachedCoupons.templateIdx, ids)));
  let want = wanted(await read());
  if (!want.length) return [];
  const ids = [...new Set(want.map((w) => w.template.idx))];
  let links = await linksOf(ids);
  const missing = () => want.filter((w) => !links.some((l) => l.templateIdx === w.template.idx && l.attachedKey === w.key));
  if (missing().length) {
    // Locked, then read again: a concurrent first issue of the same template may have made them meanwhile.
    want = wanted(await read().for('update'));
    links = await linksOf(ids);
    for (const w of missing()) {
      const [record] = await tx.insert(coupons).values(recordOf(tenantIdx, w.template, w.attached, now)).returning({ idx: coupons.idx });
      const link = { tenantIdx, templateIdx: w.template.idx, attachedKey: w.key, couponIdx: record.idx, couponUrl: w.attached.couponUrl ?? '', createdAt: now };
      await tx.insert(membershipAttachedCoupons).values(link);
      links.push(link);
    }
  }
  const out = new Map<number, number>();
  for (const w of want) {
    const link = links.find((l) => l.templateIdx === w.template.idx && l.attachedKey === w.key);
    if (link) out.set(link.couponIdx, w.template.idx);
  }
  return [...out].map(([idx, membershipIdx]) => ({ idx, membershipIdx })).sort((a, b) => a.idx - b.idx);
}
