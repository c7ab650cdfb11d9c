import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, messageAutoBatches, messageCampaigns, messageChannels, messageTemplates, partnerships } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import {
  adSendTime, channelOf, checkSms, frameAd, isAd, MESSAGE_MSG, parseSendTime, primaryKind, reservePerRecipient, underFrequencyCap, mayAdvertise,
  RECENT_PURCHASE_MONTHS, type CampaignInput, type MessageTemplateInput, type MessageType, type RecipientFilter, type Sender, type SmsKind,
  type Channel, type PricedKind, ATTRIBUTION_DAYS, clickRate,
} from '../../../src/domain/message';
import { addMonths, seoulDate, seoulDateTime, seoulDayStart } from '../../../src/domain/seoulDay';
import { digitsOnly } from '../../../src/domain/patterns';
import { rowsOf } from '../products/service';

/**
 * The messages area's service (issue 25, docs/api/messages.md): the channel link, templates, the
 * audience and the campaigns up to SCHEDULED. Sending is ./sender.ts, the webhooks ./webhooks.ts.
 */

// ---------------------------------------------------------------------------------------------
// The channel link (/v2/message-integration)

export type ChannelRow = typeof messageChannels.$inferSelect;

export async function channelOfTenant(db: Db, tenantIdx: number): Promise<ChannelRow> {
  const [row] = await db.select().from(messageChannels).where(eq(messageChannels.tenantIdx, tenantIdx)).limit(1);
  return row ?? {
    tenantIdx, senderKey: null, kakaoState: 'NONE', senderNumber: null, senderNumberState: 'NONE', optOutNumber: null, contact: null, frequencyCap: 1, updatedAt: new Date(0),
  };
}

export interface ChannelInput { senderKey?: string | null; senderNumber?: string | null; optOutNumber?: string | null; contact?: string | null; frequencyCap: number }

/**
 * Saves the link. A new sender key or sender number starts its registration (REQUESTED); the local
 * provider approves it at once (a real provider answers by its own review).
 */
export async function saveChannel(db: Db, tenantIdx: number, input: ChannelInput, now: Date): Promise<ChannelRow> {
  const before = await channelOfTenant(db, tenantIdx);
  const senderKey = input.senderKey?.trim() || null;
  const senderNumber = input.senderNumber ? digitsOnly(input.senderNumber) : null;
  const values = {
    senderKey,
    kakaoState: senderKey ? (senderKey === before.senderKey && before.kakaoState !== 'NONE' ? before.kakaoState : 'APPROVED') : 'NONE',
    senderNumber,
    senderNumberState: senderNumber ? (senderNumber === before.senderNumber && before.senderNumberState !== 'NONE' ? before.senderNumberState : 'REGISTERED') : 'NONE',
    optOutNumber: input.optOutNumber?.trim() || null,
    contact: input.contact?.trim() || null,
    frequencyCap: input.frequencyCap,
    updatedAt: now,
  } as const;
  const [row] = await db.insert(messageChannels).values({ tenantIdx, ...values })
    .onConflictDoUpdate({ target: messageChannels.tenantIdx, set: values }).returning();
  return row;
}

export const channelRecord = (c: ChannelRow) => ({
  senderKey: c.senderKey, kakaoState: c.kakaoState, senderNumber: c.senderNumber, senderNumberState: c.senderNumberState,
  optOutNumber: c.optOutNumber, contact: c.contact, frequencyCap: c.frequencyCap,
});

/** Who an ad names: the brand, its contact and its 080 number; null while the link lacks them. */
export async function senderOf(db: Db, tenantIdx: number, channel?: ChannelRow): Promise<Sender | null> {
  const c = channel ?? await channelOfTenant(db, tenantIdx);
  const [account] = await db.select({ companyName: partnerships.companyName }).from(partnerships).where(eq(partnerships.idx, tenantIdx)).limit(1);
  if (!c.optOutNumber || !c.contact || !account) return null;
  return { name: account.companyName, contact: c.contact, optOut: c.optOutNumber };
}

/** What a type needs of the link before it may go: 409 naming what is missing. */
export function channelRefusal(type: MessageType, c: ChannelRow, sender: Sender | null): string | null {
  if (isAd(type) && !sender) return MESSAGE_MSG.channelMissingOptOut;
  const ch = channelOf(type);
  if (ch === 'SMS' && c.senderNumberState !== 'REGISTERED') return MESSAGE_MSG.channelMissingSenderNumber;
  if (ch !== 'SMS' && c.kakaoState !== 'APPROVED') return MESSAGE_MSG.channelMissingSenderKey;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Templates

export type TemplateRow = typeof messageTemplates.$inferSelect;

export const templateRecord = (t: TemplateRow) => ({
  idx: t.idx, scope: t.scope, messageTitle: t.messageTitle, messageType: t.messageType, templateTalkClass: t.templateTalkClass, content: t.content,
  title: t.title, imageUrl: t.imageUrl, wide: t.wide, buttons: t.buttons, couponTitle: t.couponTitle, couponDay: t.couponDay,
  reviewState: t.reviewState, reviewComment: t.reviewComment, providerCode: t.providerCode, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
});

const templateValues = (v: MessageTemplateInput) => ({
  messageTitle: v.messageTitle, messageType: v.messageType as MessageType, templateTalkClass: v.templateTalkClass, content: v.content, title: v.title ?? null,
  imageUrl: v.imageUrl ?? null, wide: Boolean(v.wide), buttons: (v.buttons ?? []).map((b) => ({ name: b.name.trim(), url: b.url.trim() })),
  couponTitle: v.couponTitle?.trim() || null, couponDay: v.couponDay ?? null,
});

export async function listTemplates(db: Db, tenantIdx: number, scope: 'temp' | 'auto' | undefined) {
  const rows = await db.select().from(messageTemplates)
    .where(scope ? and(eq(messageTemplates.tenantIdx, tenantIdx), eq(messageTemplates.scope, scope)) : eq(messageTemplates.tenantIdx, tenantIdx))
    .orderBy(desc(messageTemplates.idx)).limit(500);
  return rows.map(templateRecord);
}

export async function findTemplate(db: Db, tenantIdx: number, idx: number): Promise<TemplateRow> {
  const [row] = await db.select().from(messageTemplates).where(and(eq(messageTemplates.tenantIdx, tenantIdx), eq(messageTemplates.idx, idx))).limit(1);
  if (!row) throw notFound(MESSAGE_MSG.templateNotFound);
  return row;
}

/** A new 알림톡 template is sent for review (REQUESTED) under a provider code unique across tenants. */
export async function createTemplate(db: Db, tenantIdx: number, scope: 'temp' | 'auto', v: MessageTemplateInput, now: Date) {
  const values = templateValues(v);
  const alim = values.messageType === 'ALIM_TALK';
  const [row] = await db.insert(messageTemplates).values({ tenantIdx, scope, ...values, reviewState: alim ? 'REQUESTED' : null, createdAt: now, updatedAt: now }).returning();
  if (!alim) return row;
  const [coded] = await db.update(messageTemplates).set({ providerCode: `t${tenantIdx}-${row.idx}` })
    .where(and(eq(messageTemplates.tenantIdx, tenantIdx), eq(messageTemplates.idx, row.idx))).returning();
  return coded;
}

/** An edit of a 알림톡 template sends it for review again (its approval was of the old text). */
export async function updateTemplate(db: Db, tenantIdx: number, idx: number, v: MessageTemplateInput, now: Date) {
  const before = await findTemplate(db, tenantIdx, idx);
  const values = templateValues(v);
  const alim = values.messageType === 'ALIM_TALK';
  const [row] = await db.update(messageTemplates).set({
    ...values, updatedAt: now, reviewState: alim ? 'REQUESTED' : null, reviewComment: null,
    providerCode: alim ? (before.providerCode ?? `t${tenantIdx}-${idx}`) : null,
  }).where(and(eq(messageTemplates.tenantIdx, tenantIdx), eq(messageTemplates.idx, idx))).returning();
  return row;
}

export async function deleteTemplate(db: Db, tenantIdx: number, idx: number) {
  const rows = await db.delete(messageTemplates).where(and(eq(messageTemplates.tenantIdx, tenantIdx), eq(messageTemplates.idx, idx))).returning({ idx: messageTemplates.idx });
  if (!rows.length) throw notFound(MESSAGE_MSG.templateNotFound);
}

// ---------------------------------------------------------------------------------------------
// The audience

export interface AudienceMember {
  idx: number; name: string; countryCode: string; phone: string;
  /** What an automatic message sends it for (null for a one-off campaign). */
  occurrence: string | null;
}

/**
 * The customers a message may go to now: the recipient filter (spec 3 §3: marketing, cafe24 and
 * recentPurchase OR'ed; a membership held), consent for the channel at this moment (src/domain
 * `mayAdvertise`: SMS by marketing or SMS consent or a purchase within 6 months, Brand Message by
 * KakaoTalk consent only, every ad stopped by an opt-out) and, for ads, the brand's frequency cap
 * for the Seoul day. The SQL selects; each row is checked again by the domain rule.
 */
function audienceWhere(tenantIdx: number, type: MessageType, r: RecipientFilter, now: Date, cap: number, extra?: SQL) {
  const channel = channelOf(type);
  const ad = isAd(type);
  const recentSince = seoulDayStart(addMonths(seoulDate(now), -RECENT_PURCHASE_MONTHS));
  const conditions = [
    r.marketing ? sql`c.agree_marketing = 'Y'` : null,
    r.cafe24 ? sql`(c.has_cafe24_interwork = 'Y' and c.interwork_agree_sms = 'Y')` : null,
    r.recentPurchase ? sql`c.latest_ordered_at >= ${recentSince}` : null,
  ].filter((x) => x !== null);
  const parts = [sql`c.tenant_idx = ${tenantIdx}`];
  if (conditions.length) parts.push(sql`(${sql.join(conditions, sql` or `)})`);
  if (ad) parts.push(sql`o.phone is null`);
  if (channel === 'BRAND') parts.push(sql`k.agreed = 'Y'`);
  if (channel === 'SMS') parts.push(sql`(c.agree_marketing = 'Y' or c.agree_sms = 'Y' or c.latest_ordered_at >= ${recentSince})`);
  if (r.membershipType === 'EXIST' && r.membershipId) {
    parts.push(sql`exists (select 1 from nfts n where n.tenant_idx = c.tenant_idx and n.customer_idx = c.idx and n.nft_type = 'MEMBERSHIP'
      and n.nft_template_idx = ${r.membershipId} and n.stopped_at is null and n.deleted_at is null and n.superseded_at is null and n.nft_status not in (9, 10))`);
  }
  if (ad) parts.push(sql`coalesce(s.n, 0) < ${cap}`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

/**
 * The customers with their KakaoTalk consent, their opt-out and today's ads on the channel: the
 * slots of the day's frequency cap they hold (message_daily_caps, ./cap.ts: taken as an ad goes,
 * given back when it fails), one row per customer joined by its key.
 */
const fromAudience = (tenantIdx: number, type: MessageType, now: Date) => sql`from customers c
  left join customer_kakao_consents k on k.tenant_idx = c.tenant_idx and k.customer_idx = c.idx
  left join message_opt_outs o on o.tenant_idx = c.tenant_idx and o.phone = c.phone
  left join message_daily_caps s on s.tenant_idx = ${tenantIdx} and s.customer_idx = c.idx and s.channel = ${channelOf(type)} and s.day = ${seoulDate(now)}::date`;

/** An automatic message's condition (./auto.ts autoCondition): who qualifies, and what each is sent for. */
export interface AudienceCondition { where: SQL; occurrence: SQL }

export async function countAudience(db: Db, tenantIdx: number, type: MessageType, r: RecipientFilter, now: Date, cap: number, extra?: AudienceCondition): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n ${fromAudience(tenantIdx, type, now)} where ${audienceWhere(tenantIdx, type, r, now, cap, extra?.where)}`));
  return Number(row?.n ?? 0);
}

export async function extractAudience(db: Db, tenantIdx: number, type: MessageType, r: RecipientFilter, now: Date, cap: number, extra?: AudienceCondition): Promise<AudienceMember[]> {
  const rows = rowsOf<{
    idx: number; name: string; country_code: string; phone: string; agree_marketing: 'Y' | 'N'; agree_sms: 'Y' | 'N'; agree_kakao: 'Y' | 'N' | null;
    latest_ordered_at: string | Date | null; opted_out_at: string | Date | null; sent_today: string | number; occurrence: string | null;
  }>(await db.execute(sql`select c.idx, c.name, c.country_code, c.phone, c.agree_marketing, c.agree_sms, k.agreed as agree_kakao, c.latest_ordered_at,
      o.created_at as opted_out_at, coalesce(s.n, 0) as sent_today, ${extra ? extra.occurrence : sql`null`}::text as occurrence
    ${fromAudience(tenantIdx, type, now)} where ${audienceWhere(tenantIdx, type, r, now, cap, extra?.where)} order by c.idx`));
  const ad = isAd(type);
  return rows.filter((c) => mayAdvertise(channelOf(type), {
    agreeMarketing: c.agree_marketing, agreeSms: c.agree_sms, agreeKakao: c.agree_kakao ?? 'N',
    latestOrderedAt: c.latest_ordered_at ? new Date(c.latest_ordered_at) : null, optedOutAt: c.opted_out_at ? new Date(c.opted_out_at) : null,
  }, now) && (!ad || underFrequencyCap(Number(c.sent_today), cap)))
    .map((c) => ({ idx: c.idx, name: c.name, countryCode: c.country_code, phone: c.phone, occurrence: c.occurrence }));
}

// ---------------------------------------------------------------------------------------------
// Pricing

export interface Pricing { primary: PricedKind; fallback: SmsKind | null; perRecipient: number }

/** What a campaign's message goes as and what to reserve per recipient (the framed text counts for SMS). */
export function pricingOf(type: MessageType, payload: Pick<CampaignInput, 'messageContent' | 'smsFallback'>, sender: Sender | null): Pricing {
  const content = payload.messageContent?.content ?? '';
  const framed = isAd(type) && sender ? frameAd(content, sender) : content;
  const primary = primaryKind(type, framed, payload.messageContent?.imageUrl);
  const fb = type !== 'SMS' && payload.smsFallback?.activate ? checkSms(isAd(type) && sender ? frameAd(payload.smsFallback.content, sender) : payload.smsFallback.content).kind : null;
  return { primary, fallback: fb, perRecipient: reservePerRecipient(primary, fb) };
}

// ---------------------------------------------------------------------------------------------
// Campaigns

export type CampaignRow = typeof messageCampaigns.$inferSelect;

/** A campaign's clicks and the orders attributed to it (./stats: campaignStats). */
export interface CampaignStats { clickers: number; clicks: number; attributedOrders: number; attributedRevenue: number }
const NO_STATS: CampaignStats = { clickers: 0, clicks: 0, attributedOrders: 0, attributedRevenue: 0 };

export const campaignRecord = (c: CampaignRow, stats: CampaignStats = NO_STATS) => ({
  idx: c.idx, kind: c.kind, basicMessageTitle: c.messageTitle, basicMessageStatus: c.status, messageType: c.messageType,
  messageTypeDescription: TYPE_DESCRIPTIONS[c.messageType], createdAt: c.createdAt.toISOString(), sendDate: c.sendAt ? c.sendAt.toISOString() : null,
  sendCount: c.sendCount, successCount: c.successCount, failCount: c.failCount, replaceSendCount: c.replaceSendCount, unsentCount: c.unsentCount,
  messageCost: c.messageCost, clickRate: clickRate(stats.clickers, c.successCount), clickCount: stats.clickers,
  attributedOrders: stats.attributedOrders, attributedRevenue: stats.attributedRevenue, attributionDays: ATTRIBUTION_DAYS, repeatType: (c.payload.schedule as { repeatType?: string } | undefined)?.repeatType ?? 'ONCE',
  held: c.held, notice: c.notice, sentAt: c.sentAt ? c.sentAt.toISOString() : null, payload: c.payload,
  templateTalkClass: (c.payload.templateTalkClass as string | undefined) ?? 'GENERAL', autoState: c.autoState,
});

export const TYPE_DESCRIPTIONS: Record<MessageType, string> = { TEXT: '브랜드 메시지 (텍스트)', IMAGE: '브랜드 메시지 (이미지)', SMS: '문자 (SMS/LMS)', ALIM_TALK: '알림톡' };

export async function findCampaign(db: Db, tenantIdx: number, idx: number): Promise<CampaignRow> {
  const [row] = await db.select().from(messageCampaigns).where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx))).limit(1);
  if (!row) throw notFound(MESSAGE_MSG.campaignNotFound);
  return row;
}

export async function listCampaigns(db: Db, tenantIdx: number, kind: 'TEMP' | 'AUTO', page: number, pageSize: number) {
  const where = and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.kind, kind));
  const rows = await db.select().from(messageCampaigns).where(where).orderBy(desc(messageCampaigns.idx)).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(messageCampaigns).where(where);
  const stats = await campaignStats(db, tenantIdx, rows.map((r) => r.idx));
  return { list: rows.map((r) => campaignRecord(r, stats.get(r.idx))), total: Number(n) };
}

/**
 * Clicks and attributed orders of these campaigns (docs/api/messages.md "Links, clicks and orders"):
 * the recipients who clicked any tracked link, and the orders (customer_orders, from the shop
 * integrations and the console) each delivered recipient placed within ATTRIBUTION_DAYS of delivery,
 * an order going to the latest campaign delivered to that customer before it (so no order counts for two).
 */
export async function campaignStats(db: Db, tenantIdx: number, idxList: number[]): Promise<Map<number, CampaignStats>> {
  const out = new Map<number, CampaignStats>();
  if (!idxList.length) return out;
  const list = sql.join(idxList.map((i) => sql`${i}::int`), sql`, `);
  const clicks = rowsOf<{ campaign_idx: number; clickers: number; clicks: number }>(await db.execute(sql`
    select campaign_idx, count(distinct customer_idx)::int as clickers, coalesce(sum(clicks), 0)::int as clicks
    from message_clicks where tenant_idx = ${tenantIdx} and campaign_idx in (${list}) group by campaign_idx`));
  const orders = rowsOf<{ campaign_idx: number; orders: number; revenue: string | number }>(await db.execute(sql`
    select r.campaign_idx, count(o.idx)::int as orders, coalesce(sum(o.payment_amount), 0) as revenue
    from message_recipients r
    join customer_orders o on o.tenant_idx = r.tenant_idx and o.customer_idx = r.customer_idx
      and o.ordered_at >= r.result_at and o.ordered_at < r.result_at + ${ATTRIBUTION_DAYS} * interval '1 day'
    where r.tenant_idx = ${tenantIdx} and r.campaign_idx in (${list}) and r.status = 'SENT'
      and not exists (select 1 from message_recipients later where later.tenant_idx = r.tenant_idx and later.customer_idx = r.customer_idx
        and later.status = 'SENT' and later.result_at > r.result_at and later.result_at <= o.ordered_at)
    group by r.campaign_idx`));
  for (const idx of idxList) out.set(idx, { ...NO_STATS });
  for (const c of clicks) Object.assign(out.get(Number(c.campaign_idx))!, { clickers: Number(c.clickers), clicks: Number(c.clicks) });
  for (const o of orders) Object.assign(out.get(Number(o.campaign_idx))!, { attributedOrders: Number(o.orders), attributedRevenue: Number(o.revenue) });
  return out;
}

/** A campaign's record with its clicks and attributed orders (the detail). */
export async function campaignWithStats(db: Db, tenantIdx: number, idx: number) {
  const row = await findCampaign(db, tenantIdx, idx);
  return campaignRecord(row, (await campaignStats(db, tenantIdx, [idx])).get(idx));
}

const payloadOf = (v: CampaignInput) => v as unknown as Record<string, unknown>;

export async function createCampaign(db: Db, tenantIdx: number, kind: 'TEMP' | 'AUTO', v: CampaignInput, now: Date) {
  const [row] = await db.insert(messageCampaigns).values({
    tenantIdx, kind, messageTitle: v.basicInfo.messageTitle, messageType: v.basicInfo.messageType as MessageType, payload: payloadOf(v), createdAt: now,
    autoState: kind === 'AUTO' ? 'OFF' : null,
  }).returning();
  return row;
}

/**
 * A one-off campaign is edited only as a DRAFT; an automatic one (which stays DRAFT, its toggle saying
 * whether it runs) at any time, its next run taking the new content. The kind must be the campaign's.
 */
export async function updateCampaign(db: Db, tenantIdx: number, idx: number, v: CampaignInput, kind: 'TEMP' | 'AUTO' = 'TEMP') {
  const before = await findCampaign(db, tenantIdx, idx);
  if (before.kind !== kind) throw notFound(MESSAGE_MSG.campaignNotFound);
  const [row] = await db.update(messageCampaigns).set({ messageTitle: v.basicInfo.messageTitle, messageType: v.basicInfo.messageType as MessageType, payload: payloadOf(v) })
    .where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx), eq(messageCampaigns.status, 'DRAFT'))).returning();
  if (!row) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.notDraft);
  return row;
}

export async function deleteCampaign(db: Db, tenantIdx: number, idx: number) {
  const before = await findCampaign(db, tenantIdx, idx);
  if (before.kind === 'AUTO') {
    if (before.autoState === 'ON') throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.autoDeleteOn);
    const [ran] = await db.select({ idx: messageAutoBatches.idx }).from(messageAutoBatches)
      .where(and(eq(messageAutoBatches.tenantIdx, tenantIdx), eq(messageAutoBatches.campaignIdx, idx))).limit(1);
    if (ran) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.autoDeleteSent);
  }
  const rows = await db.delete(messageCampaigns)
    .where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx), eq(messageCampaigns.status, 'DRAFT'))).returning({ idx: messageCampaigns.idx });
  if (!rows.length) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.notDraft);
}

/** The approved 알림톡 template a campaign names, or the 409 saying it is not approved. */
export async function approvedAlimTalk(db: Db, tenantIdx: number, templateIdx: number | null | undefined): Promise<TemplateRow> {
  const template = templateIdx ? await findTemplate(db, tenantIdx, templateIdx).catch(() => null) : null;
  if (!template || template.messageType !== 'ALIM_TALK' || template.reviewState !== 'APPROVED') {
    throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.alimTalkNotApproved, { templateIdx: MESSAGE_MSG.alimTalkNotApproved });
  }
  return template;
}

/**
 * DRAFT → SCHEDULED. The send time is now (IMMEDIATE) or the chosen Seoul time; an ad outside
 * 08:00–20:50 is held to the next 08:00 and the answer says so (`notice`). Refused while the
 * channel lacks what the type needs, or when nobody may receive it now.
 */
export async function scheduleCampaign(db: Db, tenantIdx: number, idx: number, now: Date) {
  const campaign = await findCampaign(db, tenantIdx, idx);
  if (campaign.kind === 'AUTO') throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.autoOnly);
  if (campaign.status !== 'DRAFT') throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.notDraft);
  const payload = campaign.payload as unknown as CampaignInput;
  const type = campaign.messageType as MessageType;
  const channel = await channelOfTenant(db, tenantIdx);
  const sender = await senderOf(db, tenantIdx, channel);
  const refusal = channelRefusal(type, channel, sender);
  if (refusal) throw new ApiError(409, 'CONFLICT', refusal);
  if (type === 'ALIM_TALK') await approvedAlimTalk(db, tenantIdx, payload.templateIdx);
  let at = now;
  if (payload.schedule.sendType === 'TIME') {
    const chosen = parseSendTime(payload.schedule.sendTime);
    if (!chosen) throw validationFailed({ 'schedule.sendTime': MESSAGE_MSG.sendTimeInvalid });
    if (chosen.getTime() < now.getTime()) throw validationFailed({ 'schedule.sendTime': MESSAGE_MSG.sendTimePast });
    at = chosen;
  }
  const held = isAd(type) ? adSendTime(at) : { at, held: false };
  const count = await countAudience(db, tenantIdx, type, payload.recipient, held.at, channel.frequencyCap);
  if (count === 0) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.noRecipients);
  const notice = held.held ? MESSAGE_MSG.adHeld(seoulDateTime(held.at)) : null;
  const [row] = await db.update(messageCampaigns).set({ status: 'SCHEDULED', sendAt: held.at, held: held.held, notice })
    .where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx), eq(messageCampaigns.status, 'DRAFT'))).returning();
  if (!row) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.notDraft);
  return { campaign: row, estimatedCustomerCount: count };
}

/** SCHEDULED → CANCELED, only while the job has not claimed it. */
export async function cancelCampaign(db: Db, tenantIdx: number, idx: number) {
  if ((await findCampaign(db, tenantIdx, idx)).kind === 'AUTO') throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.autoOnly);
  const [row] = await db.update(messageCampaigns).set({ status: 'CANCELED' })
    .where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx), eq(messageCampaigns.status, 'SCHEDULED'))).returning();
  if (!row) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.notScheduled);
  return row;
}

export type { Channel };
export { customers as customersTable };
