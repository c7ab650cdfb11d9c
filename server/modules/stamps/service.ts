import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { STAMP_MSG, type StampSettingInput, type StampStatusFilter } from '../../../src/domain/stamp';
import { normalizePhone } from '../../../src/domain/guarantee';
import type { Db } from '../../db/client';
import { coupons, customers, stampHistory, stampSettings } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import type { Paging } from '../../http/params';
import { stampSettingOf, type StampSetting } from './accrue';

/** The setting as the API answers it (with the reward coupon's title), or null before the brand sets one up. */
export async function settingRecord(db: Db, tenantIdx: number) {
  const setting = await stampSettingOf(db, tenantIdx);
  return setting ? toRecord(db, setting) : null;
}

async function toRecord(db: Db, s: StampSetting) {
  const [coupon] = await db.select({ title: coupons.title }).from(coupons)
    .where(and(eq(coupons.tenantIdx, s.tenantIdx), eq(coupons.idx, s.rewardCouponIdx))).limit(1);
  return {
    goal: s.goal, rewardCouponIdx: s.rewardCouponIdx, rewardCouponTitle: coupon?.title ?? null, trigger: s.trigger,
    active: s.active, description: s.description, updatedAt: s.updatedAt.toISOString(),
  };
}

/** Saves the card: the reward coupon must be the tenant's and not once-per-customer (a second card could not be rewarded). */
export async function saveSetting(db: Db, tenantIdx: number, input: StampSettingInput, now: Date) {
  const [coupon] = await db.select({ once: coupons.oncePerCustomer }).from(coupons)
    .where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.idx, input.rewardCouponIdx))).limit(1);
  if (!coupon) throw validationFailed({ rewardCouponIdx: STAMP_MSG.rewardCouponNotFound });
  if (coupon.once === 'Y') throw validationFailed({ rewardCouponIdx: STAMP_MSG.rewardCouponOnce });
  const values = { goal: input.goal, rewardCouponIdx: input.rewardCouponIdx, trigger: input.trigger, active: input.active, description: input.description, updatedAt: now };
  const [row] = await db.insert(stampSettings).values({ tenantIdx, ...values, createdAt: now })
    .onConflictDoUpdate({ target: stampSettings.tenantIdx, set: values }).returning();
  return toRecord(db, row);
}

export async function setActive(db: Db, tenantIdx: number, active: 'Y' | 'N', now: Date) {
  const [row] = await db.update(stampSettings).set({ active, updatedAt: now }).where(eq(stampSettings.tenantIdx, tenantIdx)).returning();
  if (!row) throw notFound(STAMP_MSG.notSetUp);
  return toRecord(db, row);
}

/** The customer a visit is for: by idx or by phone, in the tenant; 404 otherwise. */
export async function findCustomer(db: Db, tenantIdx: number, by: { customerIdx?: number | null; phone?: string | null }) {
  const where = by.customerIdx
    ? and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, by.customerIdx))
    : and(eq(customers.tenantIdx, tenantIdx), eq(customers.countryCode, '82'), eq(customers.phone, normalizePhone(by.phone ?? '')));
  const [row] = await db.select({ idx: customers.idx, name: customers.name, phone: customers.phone }).from(customers).where(where).limit(1);
  if (!row) throw notFound(STAMP_MSG.customerNotFound);
  return row;
}

export interface HistoryQuery extends Paging { stampStatus: StampStatusFilter; searchText: string }

/** The accrual history, newest first: status filter (ALL by default) and a customer name or phone search. */
export async function listHistory(db: Db, tenantIdx: number, q: HistoryQuery) {
  const conditions: SQL[] = [eq(stampHistory.tenantIdx, tenantIdx)];
  if (q.stampStatus !== 'ALL') conditions.push(eq(stampHistory.status, q.stampStatus));
  if (q.searchText) {
    const like = `%${q.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.searchText.replace(/\D/g, '');
    conditions.push(sql`${stampHistory.customerIdx} IN (SELECT idx FROM ${customers} WHERE tenant_idx = ${tenantIdx}
      AND (name ILIKE ${like}${digits.length >= 3 ? sql` OR phone LIKE ${`%${digits}%`}` : sql``}))`);
  }
  const where = and(...conditions);
  const [rows, [{ n }]] = await Promise.all([
    db.select({
      idx: stampHistory.idx, createdAt: stampHistory.createdAt, customerIdx: stampHistory.customerIdx, customerName: customers.name, customerPhone: customers.phone,
      stampStatus: stampHistory.status, trigger: stampHistory.trigger, refIdx: stampHistory.refIdx, cardNo: stampHistory.cardNo,
      countAfter: stampHistory.countAfter, goal: stampHistory.goal, couponIdx: stampHistory.couponIdx, couponTitle: coupons.title,
      failReason: stampHistory.failReason, memo: stampHistory.memo,
    }).from(stampHistory)
      .leftJoin(customers, and(eq(customers.tenantIdx, stampHistory.tenantIdx), eq(customers.idx, stampHistory.customerIdx)))
      .leftJoin(coupons, and(eq(coupons.tenantIdx, stampHistory.tenantIdx), eq(coupons.idx, stampHistory.couponIdx)))
      .where(where).orderBy(desc(stampHistory.idx)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(stampHistory).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: n };
}
