import { and, eq, sql } from 'drizzle-orm';
import { accrueStamps, STAMP_MSG, type StampTrigger } from '../../../src/domain/stamp';
import type { Db } from '../../db/client';
import { coupons, stampCards, stampHistory, stampSettings } from '../../db/schema';
import { rowsOf } from '../products/service';
import { grantCoupon, type GrantRefusal } from '../coupons/wallet';

/**
 * Stamp accrual (issue 11 item 6), always inside the transaction of the event that earns it: a
 * certificate issued (`accrueForIssued`, set-based for a bulk chunk), an order recorded, a visit
 * confirmed. Each customer's card row is locked (FOR UPDATE, in customer order so concurrent batches
 * cannot deadlock) before its count is read, so two accruals at once never lose a stamp and a card
 * reaching its goal is rewarded once. Every stamp and every reward is a history row; a reward is the
 * card's coupon granted through the wallet (source STAMP), then a new card starts.
 */

export type StampSetting = typeof stampSettings.$inferSelect;

/** One stamp earned by a customer, with what earned it. */
export interface StampEvent { customerIdx: number; refIdx?: number | null }

export interface CardAfter { customerIdx: number; count: number; cardNo: number; goal: number; stamps: number; rewards: number; rewardsFailed: number }

const REFUSAL_REASON: Record<GrantRefusal, string> = {
  COUPON_SOLD_OUT: STAMP_MSG.rewardSoldOut,
  COUPON_NOT_FOUND: STAMP_MSG.rewardMissing,
  COUPON_ALREADY_GRANTED: STAMP_MSG.rewardAlreadyGranted,
};

export async function stampSettingOf(db: Db, tenantIdx: number): Promise<StampSetting | null> {
  const [row] = await db.select().from(stampSettings).where(eq(stampSettings.tenantIdx, tenantIdx)).limit(1);
  return row ?? null;
}

/** The setting that accrues for this trigger now, or null (none, off, another trigger). */
async function accruingSetting(db: Db, tenantIdx: number, trigger: StampTrigger): Promise<StampSetting | null> {
  const setting = await stampSettingOf(db, tenantIdx);
  return setting && setting.active === 'Y' && setting.trigger === trigger ? setting : null;
}

/**
 * Adds one stamp per event with the given setting (the caller checked it accrues): a handful of
 * statements whatever the number of events, plus one grant per completed card.
 */
export async function applyStamps(
  db: Db, setting: StampSetting, events: StampEvent[], now: Date, by: { createdBy?: number | null; memo?: string | null } = {},
): Promise<CardAfter[]> {
  if (!events.length) return [];
  const { tenantIdx, goal, trigger } = setting;
  const byCustomer = new Map<number, StampEvent[]>();
  for (const e of events) byCustomer.set(e.customerIdx, [...(byCustomer.get(e.customerIdx) ?? []), e]);
  const ids = JSON.stringify([...byCustomer.keys()].sort((a, b) => a - b));
  await db.execute(sql`INSERT INTO ${stampCards} (tenant_idx, customer_idx, updated_at)
    SELECT ${tenantIdx}, value::int, ${now.toISOString()}::timestamptz FROM json_array_elements_text(${ids}::json)
    ON CONFLICT (tenant_idx, customer_idx) DO NOTHING`);
  const locked = rowsOf<{ customer_idx: number; count: number; card_no: number }>(await db.execute(sql`SELECT customer_idx, count, card_no FROM ${stampCards}
    WHERE tenant_idx = ${tenantIdx} AND customer_idx IN (SELECT value::int FROM json_array_elements_text(${ids}::json))
    ORDER BY customer_idx FOR UPDATE`));
  const history: (typeof stampHistory.$inferInsert)[] = [];
  const cards: CardAfter[] = [];
  const [coupon] = await db.select({ idx: coupons.idx }).from(coupons)
    .where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.idx, setting.rewardCouponIdx))).limit(1);
  for (const row of locked) {
    const customerIdx = Number(row.customer_idx);
    const mine = byCustomer.get(customerIdx) ?? [];
    const after = accrueStamps({ count: Number(row.count), cardNo: Number(row.card_no) }, goal, mine.length);
    let rewards = 0;
    let rewardsFailed = 0;
    for (const [i, step] of after.steps.entries()) {
      const common = { tenantIdx, customerIdx, trigger, cardNo: step.cardNo, goal, createdBy: by.createdBy ?? null, createdAt: now };
      history.push({ ...common, status: 'ACCRUED', refIdx: mine[i].refIdx ?? null, countAfter: step.countAfter, memo: by.memo ?? null });
      if (!step.rewarded) continue;
      const granted = coupon
        ? await grantCoupon(db, { tenantIdx, couponIdx: coupon.idx, customerIdx, source: 'STAMP' }, now)
        : { refused: 'COUPON_NOT_FOUND' as const };
      if ('idx' in granted) rewards++;
      else rewardsFailed++;
      history.push({
        ...common, status: 'idx' in granted ? 'REWARDED' : 'REWARD_FAILED', countAfter: step.countAfter, couponIdx: setting.rewardCouponIdx,
        customerCouponIdx: 'idx' in granted ? granted.idx : null, failReason: 'refused' in granted ? REFUSAL_REASON[granted.refused] : null,
      });
    }
    cards.push({ customerIdx, count: after.count, cardNo: after.cardNo, goal, stamps: mine.length, rewards, rewardsFailed });
  }
  if (cards.length) {
    const values = JSON.stringify(cards.map((c) => ({ customer_idx: c.customerIdx, count: c.count, card_no: c.cardNo })));
    await db.execute(sql`UPDATE ${stampCards} AS s SET count = v.count, card_no = v.card_no, updated_at = ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${values}::json) AS v(customer_idx integer, count integer, card_no integer)
      WHERE s.tenant_idx = ${tenantIdx} AND s.customer_idx = v.customer_idx`);
  }
  for (let i = 0; i < history.length; i += 2000) await db.insert(stampHistory).values(history.slice(i, i + 2000));
  return cards;
}

/** A stamp per event for this trigger when the brand's card accrues on it; nothing otherwise. */
export async function accrueOn(db: Db, tenantIdx: number, trigger: StampTrigger, events: StampEvent[], now: Date): Promise<CardAfter[]> {
  if (!events.length) return [];
  const setting = await accruingSetting(db, tenantIdx, trigger);
  return setting ? applyStamps(db, setting, events, now) : [];
}

/**
 * The issue path's one call (server/modules/guarantees/write.ts): the certificates just issued,
 * inside their transaction. Only guarantees with a customer count (memberships do not), one stamp
 * per certificate; a bulk chunk is read in one statement.
 */
export async function accrueForIssued(db: Db, tenantIdx: number, nftIdxList: number[], now: Date): Promise<void> {
  if (!nftIdxList.length) return;
  const setting = await accruingSetting(db, tenantIdx, 'GUARANTEE');
  if (!setting) return;
  const rows = rowsOf<{ idx: number; customer_idx: number }>(await db.execute(sql`SELECT idx, customer_idx FROM nfts
    WHERE tenant_idx = ${tenantIdx} AND nft_type = 'GUARANTEE' AND customer_idx IS NOT NULL
      AND idx IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(nftIdxList)}::json))
    ORDER BY idx`));
  await applyStamps(db, setting, rows.map((r) => ({ customerIdx: Number(r.customer_idx), refIdx: Number(r.idx) })), now);
}

/** A customer's current card for the lounge page: stamps on it, the goal and the reward coupon's title; null without a card set up. */
export async function stampCardOf(db: Db, tenantIdx: number, customerIdx: number): Promise<{
  count: number; goal: number; cardNo: number; rewardCouponIdx: number; rewardCouponTitle: string | null; trigger: StampTrigger; active: boolean; description: string;
} | null> {
  const setting = await stampSettingOf(db, tenantIdx);
  if (!setting) return null;
  const [[card], [coupon]] = await Promise.all([
    db.select().from(stampCards).where(and(eq(stampCards.tenantIdx, tenantIdx), eq(stampCards.customerIdx, customerIdx))).limit(1),
    db.select({ title: coupons.title }).from(coupons).where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.idx, setting.rewardCouponIdx))).limit(1),
  ]);
  return {
    count: Math.min(card?.count ?? 0, setting.goal), goal: setting.goal, cardNo: card?.cardNo ?? 1, rewardCouponIdx: setting.rewardCouponIdx,
    rewardCouponTitle: coupon?.title ?? null, trigger: setting.trigger, active: setting.active === 'Y', description: setting.description,
  };
}
