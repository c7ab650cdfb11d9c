import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageAutoBatches, messageCampaigns, messageRecipients } from '../../db/schema';
import { ApiError } from '../../http/errors';
import {
  adSendTime, autoRunSlot, birthdayMonthDays, channelOf, inAdWindow, isAd, isAutoClass, MESSAGE_MSG, PRODUCT_CLASSES, PURCHASE_CLASSES, repeatLimit,
  type AutoState, type CampaignInput, type MessageType, type RecipientFilter,
} from '../../../src/domain/message';
import { addDays, seoulDate, seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { rowsOf } from '../products/service';
import { startPeriodicJob } from '../../jobs/periodic';
import {
  approvedAlimTalk, channelOfTenant, channelRefusal, extractAudience, findCampaign, pricingOf, senderOf, type AudienceCondition, type CampaignRow,
} from './service';
import { deliverPending, newLinkToken, type App } from './sender';

/**
 * Automatic messages (spec 3 §2 /b2b/message/auto, §4, §5; issue 25 item 4; docs/api/messages.md
 * "Automatic messages"). An AUTO campaign is ON or OFF. While ON, the job makes the run it owes
 * (one a Seoul day at its send time; one an hour for IMMEDIATE) as a batch row, INSERT … ON CONFLICT
 * DO NOTHING on (campaign, run key), claims due batches with FOR UPDATE SKIP LOCKED (PENDING →
 * PROCESSING), extracts who qualifies now under the same consent, opt-out, cap and ad-window rules
 * as one-off campaigns, and sends them through the same path (credit reserved and settled by the
 * ledger, the "(광고)" and 080 frame). Each recipient row carries what it was sent for (its
 * occurrence: the birthday's year, the purchase's day), unique per campaign and customer unless
 * UNSENT, so a re-run never sends one twice; a customer who qualifies after the day's run is picked up
 * by the next day's.
 */
export const STALE_BATCH_MS = 10 * 60_000;


const inList = (values: readonly string[]) => (values.length ? sql.join(values.map((v) => sql`${v}`), sql`, `) : null);

/**
 * Who an automatic message's class picks on `today`, and what each is sent for (spec 3 §5):
 * birthday coupons from `day` days before the birthday to it; purchase coupons and surveys startDay to
 * endDay days after the latest purchase, with the purchase-count condition; mba and rfm-product who
 * bought one of the products and none of the others. With `run`, those already sent this occurrence
 * (or waiting for a result), and those who had the message as often as its repeat allows, are left out.
 */
export function autoCondition(talkClass: string, r: RecipientFilter, today: string, run?: { campaignIdx: number; limit: number }): AudienceCondition | null {
  if (!isAutoClass(talkClass)) return null;
  let where: SQL;
  let occurrence: SQL;
  if (talkClass === 'BIRTHDAY_COUPON') {
    const days = birthdayMonthDays(today, r.day ?? 0);
    where = sql`(c.birthday ~ '^[0-9]{8}$' and substr(c.birthday, 5, 4) in (${inList(days.map((d) => d.md))}))`;
    occurrence = sql`(case substr(c.birthday, 5, 4) ${sql.join(days.map((d) => sql`when ${d.md} then ${d.year}`), sql` `)} end)`;
  } else if (PURCHASE_CLASSES.includes(talkClass)) {
    const from = seoulDayStart(addDays(today, -(r.endDay ?? 0)));
    const to = seoulDayEnd(addDays(today, -(r.startDay ?? 0)));
    const parts = [sql`c.latest_ordered_at >= ${from}`, sql`c.latest_ordered_at < ${to}`];
    if (r.purchaseCount != null) {
      const op = r.operationType === 'gte' ? sql`>=` : r.operationType === 'eq' ? sql`=` : sql`<=`;
      parts.push(sql`c.total_order_count ${op} ${r.purchaseCount}`);
    }
    where = sql`(${sql.join(parts, sql` and `)})`;
    occurrence = sql`to_char(c.latest_ordered_at at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
  } else {
    const bought = inList((r.purchasedProducts ?? []).map((p) => String(p).trim()).filter(Boolean));
    const notBought = inList((r.unboughtProducts ?? []).map((p) => String(p).trim()).filter(Boolean));
    if (!bought || !PRODUCT_CLASSES.includes(talkClass)) return { where: sql`false`, occurrence: sql`null` };
    const orders = (names: SQL) => sql`from customer_orders co where co.tenant_idx = c.tenant_idx and co.customer_idx = c.idx and co.product_name in (${names})`;
    where = sql`(exists (select 1 ${orders(bought)}) ${notBought ? sql`and not exists (select 1 ${orders(notBought)})` : sql``})`;
    occurrence = sql`(select to_char(max(co.ordered_at) at time zone 'Asia/Seoul', 'YYYY-MM-DD') ${orders(bought)})`;
  }
  if (run) {
    const mine = sql`from message_recipients mr where mr.tenant_idx = c.tenant_idx and mr.campaign_idx = ${run.campaignIdx} and mr.customer_idx = c.idx and mr.status <> 'UNSENT'`;
    where = sql`${where} and not exists (select 1 ${mine} and (mr.occurrence = ${occurrence} or mr.status = 'PENDING'))
      and (select count(*) ${mine}) < ${run.limit}`;
  }
  return { where, occurrence };
}

// ---------------------------------------------------------------------------------------------
// The toggle and the batches

/** ON starts automatic sending (refused, as scheduling is, while the link lacks what the type needs); OFF stops it. */
export async function setAutoState(db: Db, tenantIdx: number, idx: number, state: AutoState): Promise<CampaignRow> {
  const campaign = await findCampaign(db, tenantIdx, idx);
  if (campaign.kind !== 'AUTO') throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.autoStateInvalid);
  if (state === 'ON') {
    const type = campaign.messageType as MessageType;
    const channel = await channelOfTenant(db, tenantIdx);
    const refusal = channelRefusal(type, channel, await senderOf(db, tenantIdx, channel));
    if (refusal) throw new ApiError(409, 'CONFLICT', refusal);
    if (type === 'ALIM_TALK') await approvedAlimTalk(db, tenantIdx, (campaign.payload as unknown as CampaignInput).templateIdx);
  }
  const [row] = await db.update(messageCampaigns).set({ autoState: state })
    .where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx))).returning();
  return row;
}

export type BatchRow = typeof messageAutoBatches.$inferSelect;

export const batchRecord = (b: BatchRow) => ({
  idx: b.idx, runKey: b.runKey, status: b.status, dueAt: b.dueAt.toISOString(), targetCount: b.targetCount, sendCount: b.sendCount,
  successCount: b.successCount, failCount: b.failCount, unsentCount: b.unsentCount, messageCost: b.messageCost, notice: b.notice,
  createdAt: b.createdAt.toISOString(), completedAt: b.completedAt ? b.completedAt.toISOString() : null,
});

export async function listBatches(db: Db, tenantIdx: number, idx: number, page: number, pageSize: number) {
  await findCampaign(db, tenantIdx, idx);
  const where = and(eq(messageAutoBatches.tenantIdx, tenantIdx), eq(messageAutoBatches.campaignIdx, idx));
  const rows = await db.select().from(messageAutoBatches).where(where).orderBy(desc(messageAutoBatches.idx)).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(messageAutoBatches).where(where);
  return { list: rows.map(batchRecord), total: Number(n) };
}

// ---------------------------------------------------------------------------------------------
// The job

/** Makes the run each ON campaign owes now (once per run key, whatever the number of processes). */
export async function planAutoRuns(app: App): Promise<void> {
  const now = app.clock.now();
  const on = await app.db.select({ tenantIdx: messageCampaigns.tenantIdx, idx: messageCampaigns.idx, messageType: messageCampaigns.messageType, payload: messageCampaigns.payload })
    .from(messageCampaigns).where(and(eq(messageCampaigns.autoState, 'ON'), eq(messageCampaigns.kind, 'AUTO')));
  for (const c of on) {
    const schedule = (c.payload as unknown as CampaignInput).schedule;
    const slot = schedule ? autoRunSlot(schedule, now, c.messageType as MessageType) : null;
    if (!slot) continue;
    await app.db.insert(messageAutoBatches).values({ tenantIdx: c.tenantIdx, campaignIdx: c.idx, runKey: slot.key, dueAt: slot.dueAt, createdAt: now }).onConflictDoNothing();
  }
}

/**
 * Claims due PENDING batches (and PROCESSING ones a crash left for 10 minutes) → PROCESSING, by one
 * UPDATE choosing them FOR UPDATE SKIP LOCKED, never two of one campaign at once.
 */
export async function claimAutoBatches(app: App, limit = 10): Promise<BatchRow[]> {
  const now = app.clock.now();
  const stale = new Date(now.getTime() - STALE_BATCH_MS);
  const rows = rowsOf<{ tenant_idx: number; idx: number }>(await app.db.execute(sql`
    update message_auto_batches set status = 'PROCESSING', claimed_at = ${now}
    where (tenant_idx, idx) in (
      select b.tenant_idx, b.idx from message_auto_batches b
      where ((b.status = 'PENDING' and b.due_at <= ${now}) or (b.status = 'PROCESSING' and b.claimed_at < ${stale}))
        and not exists (select 1 from message_auto_batches o where o.tenant_idx = b.tenant_idx and o.campaign_idx = b.campaign_idx
          and o.idx <> b.idx and o.status = 'PROCESSING' and o.claimed_at >= ${stale})
      order by b.due_at limit ${limit} for update skip locked)
    returning tenant_idx, idx`));
  const claimed: BatchRow[] = [];
  for (const r of rows) {
    const [row] = await app.db.select().from(messageAutoBatches).where(and(eq(messageAutoBatches.tenantIdx, r.tenant_idx), eq(messageAutoBatches.idx, r.idx)));
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Plans, claims and sends every due run; answers how many batches were worked on. */
export async function runAutoMessageJob(app: App): Promise<number> {
  await planAutoRuns(app);
  const claimed = await claimAutoBatches(app);
  for (const batch of claimed) await sendAutoBatch(app, batch);
  return claimed.length;
}

const keyOf = (b: BatchRow, customerIdx: number) => `a${b.tenantIdx}-${b.campaignIdx}-${b.idx}-${customerIdx}`;

export async function sendAutoBatch(app: App, batch: BatchRow): Promise<void> {
  const { db } = app;
  const now = app.clock.now();
  const bWhere = and(eq(messageAutoBatches.tenantIdx, batch.tenantIdx), eq(messageAutoBatches.idx, batch.idx));
  const complete = (notice: string) => db.update(messageAutoBatches).set({ status: 'COMPLETED', completedAt: now, notice }).where(bWhere);
  const campaign = await findCampaign(db, batch.tenantIdx, batch.campaignIdx).catch(() => null);
  if (!campaign || campaign.autoState !== 'ON') { await complete(MESSAGE_MSG.autoRunOff); return; }
  const type = campaign.messageType as MessageType;
  const payload = campaign.payload as unknown as CampaignInput;
  if (isAd(type) && !inAdWindow(now)) {
    await db.update(messageAutoBatches).set({ status: 'PENDING', dueAt: adSendTime(now).at }).where(bWhere);
    return;
  }
  const channelRow = await channelOfTenant(db, batch.tenantIdx);
  const sender = await senderOf(db, batch.tenantIdx, channelRow);
  const template = type === 'ALIM_TALK' ? await approvedAlimTalk(db, batch.tenantIdx, payload.templateIdx).catch(() => null) : null;
  if ((isAd(type) && !sender) || (type === 'ALIM_TALK' && !template)) {
    await complete(isAd(type) ? MESSAGE_MSG.channelMissingOptOut : MESSAGE_MSG.alimTalkNotApproved);
    return;
  }
  const condition = autoCondition(payload.templateTalkClass, payload.recipient, seoulDate(now), { campaignIdx: campaign.idx, limit: repeatLimit(payload.schedule) });
  if (!condition) { await complete(MESSAGE_MSG.autoClassRequired); return; }
  const audience = await extractAudience(db, batch.tenantIdx, type, payload.recipient, now, channelRow.frequencyCap, condition);
  for (let i = 0; i < audience.length; i += 2000) {
    // A customer another process took for this occurrence meanwhile is skipped (the partial unique index).
    await db.insert(messageRecipients).values(audience.slice(i, i + 2000).map((c) => ({
      tenantIdx: batch.tenantIdx, campaignIdx: campaign.idx, batchIdx: batch.idx, customerIdx: c.idx, occurrence: c.occurrence, name: c.name,
      countryCode: c.countryCode, phone: c.phone, channel: channelOf(type), ad: isAd(type), providerKey: keyOf(batch, c.idx), linkToken: newLinkToken(),
    }))).onConflictDoNothing();
  }
  const out = await deliverPending(app, campaign, batch.idx, { type, payload, pricing: pricingOf(type, payload, sender), sender, channel: channelRow, templateCode: template?.providerCode ?? null });
  if (out.ranOut) await db.update(messageAutoBatches).set({ notice: MESSAGE_MSG.creditRanOut(out.sent, out.unsent) }).where(bWhere);
  await finishAutoBatch(app, batch.tenantIdx, campaign.idx, batch.idx);
}

/** Counts a batch's recipients onto it (COMPLETED once none is PENDING) and the campaign's totals over its runs. */
export async function finishAutoBatch(app: App, tenantIdx: number, campaignIdx: number, batchIdx: number): Promise<void> {
  const now = app.clock.now();
  const counts = (filter: SQL) => app.db.execute(sql`
    select count(*)::int as total, count(*) filter (where status = 'SENT')::int as sent, count(*) filter (where status = 'FAILED')::int as failed,
      count(*) filter (where status = 'UNSENT')::int as unsent, count(*) filter (where status = 'PENDING')::int as pending,
      count(*) filter (where status = 'SENT' and fallback)::int as fallback, coalesce(sum(cost), 0) as cost
    from message_recipients where tenant_idx = ${tenantIdx} and campaign_idx = ${campaignIdx} and ${filter}`);
  type Agg = { total: number; sent: number; failed: number; unsent: number; pending: number; fallback: number; cost: string | number };
  const [b] = rowsOf<Agg>(await counts(sql`batch_idx = ${batchIdx}`));
  const done = Number(b.pending) === 0;
  await app.db.update(messageAutoBatches).set({
    targetCount: Number(b.total), sendCount: Number(b.total) - Number(b.unsent), successCount: Number(b.sent), failCount: Number(b.failed),
    unsentCount: Number(b.unsent), messageCost: Number(b.cost), ...(done ? { status: 'COMPLETED' as const, completedAt: now } : {}),
  }).where(and(eq(messageAutoBatches.tenantIdx, tenantIdx), eq(messageAutoBatches.idx, batchIdx), eq(messageAutoBatches.status, 'PROCESSING')));
  const [c] = rowsOf<Agg>(await counts(sql`batch_idx > 0`));
  await app.db.update(messageCampaigns).set({
    sendCount: Number(c.total) - Number(c.unsent), successCount: Number(c.sent), failCount: Number(c.failed), unsentCount: Number(c.unsent),
    replaceSendCount: Number(c.fallback), messageCost: Number(c.cost), ...(Number(b.total) ? { sentAt: now } : {}),
  }).where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, campaignIdx), eq(messageCampaigns.kind, 'AUTO')));
}

export function startAutoMessageJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'auto message job', () => runAutoMessageJob(app), (n) => { if (n) app.log.info({ batches: n }, 'auto message job ran batches'); });
}
