import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { messageCampaigns, messageRecipients } from '../../db/schema';
import { campaignSenderOf, type CampaignMessage, type CampaignResult } from '../../providers/messaging';
import { creditDebits } from '../credit/debits';
import { ensureAccount } from '../credit/ledger';
import {
  adSendTime, channelOf, fillVariables, frameAd, inAdWindow, isAd, LINK_TOKEN_LENGTH, MESSAGE_MSG, trackedLink, UNIT_PRICE,
  type CampaignInput, type Channel, type MessageType, type PricedKind,
} from '../../../src/domain/message';
import { seoulDate, seoulDateTime } from '../../../src/domain/seoulDay';
import { rowsOf } from '../products/service';
import {
  approvedAlimTalk, channelOfTenant, extractAudience, pricingOf, senderOf, type CampaignRow, type ChannelRow, type Pricing,
} from './service';
import { releaseCapSlots, takeCapSlots } from './cap';
import type { Sender } from '../../../src/domain/message';
import { startPeriodicJob } from '../../jobs/periodic';
import { ApiError } from '../../http/errors';
import { finishAutoBatch } from './auto';
import { recordPolls } from './reports';

/**
 * The campaign send job (issue 25; docs/api/messages.md "Sending").
 *
 * 1. Claim: one UPDATE moves due SCHEDULED campaigns (and SENDING ones a crash left for 10 minutes)
 *    to SENDING, choosing them with FOR UPDATE SKIP LOCKED, so each is claimed by one process.
 * 2. An ad whose moment fell outside 08:00–20:50 goes back to SCHEDULED at the next 08:00 (held).
 * 3. The audience is extracted again now (consent, opt-outs, frequency cap as they are at send
 *    time) and written as PENDING recipients, one row per customer (never sent or charged twice).
 * 4. Batches (2,000): credit for the batch is reserved through the ledger's debit API (key stable per
 *    batch), the batch goes to the provider with each recipient's key, results are written, and the
 *    reservation is settled at the cost of what was delivered (failed recipients cost nothing and
 *    their share returns) once no recipient of it is PENDING. When the balance cannot cover a batch
 *    (after any auto top-up the reservation fired), as many as it covers go; the rest are UNSENT,
 *    counted and not charged, and the campaign's notice tells the brand.
 * 5. SENT once no recipient is PENDING (results arriving later, by the provider's delivery reports
 *    (./reports.ts) or the signed webhook, finish it there).
 */
export const BATCH = 2000;
export const STALE_SENDING_MS = 10 * 60_000;

/** What the message jobs use of the server (tests pass a Fastify app). */
export type App = Pick<FastifyInstance, 'db' | 'clock' | 'chargeCard' | 'messaging' | 'config'>;

/** A recipient's link token: 9 random bytes, base64url (12 characters). */
export const newLinkToken = () => randomBytes((LINK_TOKEN_LENGTH * 3) / 4).toString('base64url');

export async function claimDueCampaigns(app: App, limit = 10): Promise<CampaignRow[]> {
  const now = app.clock.now();
  const stale = new Date(now.getTime() - STALE_SENDING_MS);
  const rows = rowsOf<{ tenant_idx: number; idx: number }>(await app.db.execute(sql`
    update message_campaigns set status = 'SENDING', claimed_at = ${now}
    where (tenant_idx, idx) in (
      select tenant_idx, idx from message_campaigns
      where (status = 'SCHEDULED' and send_at <= ${now}) or (status = 'SENDING' and claimed_at < ${stale})
      order by send_at limit ${limit} for update skip locked)
    returning tenant_idx, idx`));
  if (!rows.length) return [];
  const claimed: CampaignRow[] = [];
  for (const r of rows) {
    const [row] = await app.db.select().from(messageCampaigns).where(and(eq(messageCampaigns.tenantIdx, r.tenant_idx), eq(messageCampaigns.idx, r.idx)));
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Runs every due campaign; answers how many were worked on. */
export async function runMessageJob(app: App): Promise<number> {
  const claimed = await claimDueCampaigns(app);
  for (const campaign of claimed) await sendCampaign(app, campaign);
  return claimed.length;
}

const keyOf = (c: { tenantIdx: number; idx: number }, customerIdx: number) => `m${c.tenantIdx}-${c.idx}-${customerIdx}`;

export async function sendCampaign(app: App, campaign: CampaignRow): Promise<void> {
  const { db } = app;
  const now = app.clock.now();
  const type = campaign.messageType as MessageType;
  const payload = campaign.payload as unknown as CampaignInput;
  const where = and(eq(messageCampaigns.tenantIdx, campaign.tenantIdx), eq(messageCampaigns.idx, campaign.idx));
  if (isAd(type) && !inAdWindow(now)) {
    const held = adSendTime(now);
    await db.update(messageCampaigns).set({ status: 'SCHEDULED', sendAt: held.at, held: true, notice: MESSAGE_MSG.adHeld(seoulDateTime(held.at)) }).where(where);
    return;
  }
  const channelRow = await channelOfTenant(db, campaign.tenantIdx);
  const sender = await senderOf(db, campaign.tenantIdx, channelRow);
  const template = type === 'ALIM_TALK' ? await approvedAlimTalk(db, campaign.tenantIdx, payload.templateIdx).catch(() => null) : null;
  if ((isAd(type) && !sender) || (type === 'ALIM_TALK' && !template)) {
    await db.update(messageCampaigns).set({ status: 'SENT', sentAt: now, notice: isAd(type) ? MESSAGE_MSG.channelMissingOptOut : MESSAGE_MSG.alimTalkNotApproved }).where(where);
    return;
  }
  // The audience as it is now; a crash-resumed campaign keeps the rows it already has.
  {
    const audience = await extractAudience(db, campaign.tenantIdx, type, payload.recipient, now, channelRow.frequencyCap);
    for (let i = 0; i < audience.length; i += 2000) {
      await db.insert(messageRecipients).values(audience.slice(i, i + 2000).map((c) => ({
        tenantIdx: campaign.tenantIdx, campaignIdx: campaign.idx, customerIdx: c.idx, name: c.name, countryCode: c.countryCode, phone: c.phone,
        channel: channelOf(type), ad: isAd(type), providerKey: keyOf(campaign, c.idx), linkToken: newLinkToken(),
      }))).onConflictDoNothing();
    }
  }
  const pricing = pricingOf(type, payload, sender);
  const out = await deliverPending(app, campaign, 0, { type, payload, pricing, sender, channel: channelRow, templateCode: template?.providerCode ?? null });
  if (out.ranOut) await db.update(messageCampaigns).set({ notice: MESSAGE_MSG.creditRanOut(out.sent, out.unsent) }).where(where);
  await finishCampaign(app, campaign.tenantIdx, campaign.idx);
}

/** What a run sends and how: the message, its price, the brand's sender frame, channel and approved template. */
export interface Delivery {
  type: MessageType; payload: CampaignInput; pricing: Pricing; sender: Sender | null; channel: ChannelRow; templateCode: string | null;
}

/**
 * Sends a campaign's PENDING recipients of one run (`batchIdx`: 0 for a one-off campaign, the
 * automatic message's batch otherwise) in batches of BATCH: each batch's credit reserved through the
 * ledger (a key stable per batch, so a retry reserves once), sent, its results written and the
 * reservation settled at the delivered cost. When the balance cannot cover a batch, as many as it
 * covers go and the rest are UNSENT (counted, not charged); the answer says so.
 */
export async function deliverPending(app: App, campaign: CampaignRow, batchIdx: number, how: Delivery): Promise<{ ranOut: boolean; sent: number; unsent: number }> {
  const { pricing } = how;
  const { db } = app;
  const now = app.clock.now();
  const debits = creditDebits(app);
  const send = campaignSenderOf(app.messaging, db);
  const rWhere = and(eq(messageRecipients.tenantIdx, campaign.tenantIdx), eq(messageRecipients.campaignIdx, campaign.idx), eq(messageRecipients.batchIdx, batchIdx));
  const keyOfBatch = (first: number, n: number) => (batchIdx ? `msg:${campaign.idx}:b${batchIdx}:${first}:${n}` : `msg:${campaign.idx}:${first}:${n}`);
  let ranOut = false;
  for (;;) {
    const batch = await db.select().from(messageRecipients)
      .where(and(rWhere, eq(messageRecipients.status, 'PENDING'), isNull(messageRecipients.reservationIdx)))
      .orderBy(messageRecipients.customerIdx).limit(BATCH);
    if (!batch.length) break;
    let take = batch;
    let reserved = await debits.reserve(campaign.tenantIdx, take.length * pricing.perRecipient, { idempotencyKey: keyOfBatch(take[0].customerIdx, take.length), memo: `메시지 ${campaign.messageTitle}` });
    if (!reserved.ok) {
      const account = await ensureAccount(db, campaign.tenantIdx);
      const affordable = Math.floor(account.balance / pricing.perRecipient);
      if (affordable >= 1) {
        take = batch.slice(0, Math.min(affordable, batch.length));
        reserved = await debits.reserve(campaign.tenantIdx, take.length * pricing.perRecipient, { idempotencyKey: keyOfBatch(take[0].customerIdx, take.length), memo: `메시지 ${campaign.messageTitle}` });
      }
    }
    if (!reserved.ok) { ranOut = true; break; }
    const reservationIdx = reserved.reservation.reservationIdx;
    const ids = take.map((r) => r.customerIdx);
    await db.update(messageRecipients).set({ reservationIdx }).where(and(rWhere, inArray(messageRecipients.customerIdx, ids), isNull(messageRecipients.reservationIdx)));
    const going = isAd(how.type) ? await underCap(app, campaign, batchIdx, how.channel, take) : take;
    if (!going.length) {
      await debits.settle(campaign.tenantIdx, reservationIdx, 0);
      if (take.length < batch.length) { ranOut = true; break; }
      continue;
    }
    const messages = going.map((r) => messageFor(app.config.publicUrl, campaign, how, r));
    let results: CampaignResult[];
    try {
      results = await send(messages);
    } catch {
      // The provider did not answer: the batch stays PENDING under its reservation; the result webhook or a resend by key settles it.
      results = [];
    }
    await recordPolls(app, campaign.tenantIdx, campaign.idx, batchIdx, results);
    await applyResults(app, campaign.tenantIdx, results, pricing);
    if (take.length < batch.length) { ranOut = true; break; }
  }
  if (!ranOut) return { ranOut, sent: 0, unsent: 0 };
  const unsent = await db.update(messageRecipients).set({ status: 'UNSENT', resultAt: now })
    .where(and(rWhere, eq(messageRecipients.status, 'PENDING'), isNull(messageRecipients.reservationIdx))).returning({ c: messageRecipients.customerIdx });
  const [{ sent }] = rowsOf<{ sent: number }>(await db.execute(sql`select count(*)::int as sent from message_recipients
    where tenant_idx = ${campaign.tenantIdx} and campaign_idx = ${campaign.idx} and batch_idx = ${batchIdx} and status <> 'UNSENT'`));
  return { ranOut, sent: Number(sent), unsent: unsent.length };
}

/**
 * The frequency cap, held in the database: each ad recipient of the batch takes its slot of the day
 * (./cap.ts) in one transaction with marking its row, so a crash cannot take a slot twice; those the
 * cap refuses (another campaign took their slot since the audience was drawn, in this process or
 * another) are not recipients of this campaign and their rows go.
 */
async function underCap(app: App, campaign: CampaignRow, batchIdx: number, channel: ChannelRow, rows: (typeof messageRecipients.$inferSelect)[]) {
  const day = seoulDate(app.clock.now());
  const fresh = rows.filter((r) => !r.capDay);
  if (!fresh.length) return rows;
  const won = await app.db.transaction(async (tx) => {
    const got = await takeCapSlots(tx, campaign.tenantIdx, fresh[0].channel, day, channel.frequencyCap, fresh.map((r) => r.customerIdx));
    const where = and(eq(messageRecipients.tenantIdx, campaign.tenantIdx), eq(messageRecipients.campaignIdx, campaign.idx), eq(messageRecipients.batchIdx, batchIdx), eq(messageRecipients.status, 'PENDING'));
    if (got.size) await tx.update(messageRecipients).set({ capDay: day }).where(and(where, inArray(messageRecipients.customerIdx, [...got])));
    const lost = fresh.filter((r) => !got.has(r.customerIdx)).map((r) => r.customerIdx);
    if (lost.length) await tx.delete(messageRecipients).where(and(where, inArray(messageRecipients.customerIdx, lost)));
    return got;
  });
  return rows.filter((r) => r.capDay || won.has(r.customerIdx));
}

/** An image's address as the provider fetches it: one of our uploads (`/api/media/…`) under PUBLIC_URL. */
const absolute = (publicUrl: string, url: string | null | undefined) => (!url ? null : url.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${url}` : url);

function messageFor(
  publicUrl: string, campaign: CampaignRow, { type, payload, pricing, sender, channel, templateCode }: Delivery,
  r: Pick<typeof messageRecipients.$inferSelect, 'providerKey' | 'tenantIdx' | 'channel' | 'countryCode' | 'phone' | 'name' | 'linkToken'>,
): CampaignMessage {
  // A recipient's links go through our redirect (its own token, the button's number); a test send's as typed.
  const buttons = (payload.messageContent.buttons ?? []).map((b, i) => ({ name: b.name, url: r.linkToken ? trackedLink(publicUrl, r.linkToken, i + 1) : b.url }));
  const values = { name: r.name, links: buttons.map((b) => b.url) };
  const frame = (text: string) => (isAd(type) && sender ? frameAd(text, sender) : text);
  const text = frame(fillVariables(payload.messageContent.content, values));
  const fb = pricing.fallback ? { kind: pricing.fallback, text: frame(fillVariables(payload.smsFallback.content, values)), title: payload.smsFallback.title ?? null } : null;
  return {
    key: r.providerKey, tenantIdx: r.tenantIdx, channel: r.channel, kind: pricing.primary, countryCode: r.countryCode, phone: r.phone, text,
    title: payload.messageContent.title ?? null, imageUrl: absolute(publicUrl, payload.messageContent.imageUrl), buttons, templateCode, fallback: fb, refIdx: campaign.idx,
    from: channel.senderNumberState === 'REGISTERED' ? channel.senderNumber : null, senderKey: channel.kakaoState === 'APPROVED' ? channel.senderKey : null,
  };
}

/**
 * Writes results (only onto PENDING rows, so a result counts once), then settles each reservation
 * none of whose recipients is PENDING any more, at the cost of what was delivered. Rows are
 * updated in bulk: one UPDATE per campaign and outcome (delivered, delivered by SMS fallback,
 * failed for a reason), so a batch of 500 costs a few statements, not 500.
 */
export async function applyResults(app: App, tenantIdx: number | null, results: CampaignResult[], pricing?: Pricing): Promise<void> {
  const final = results.filter((r) => r.status !== 'PENDING');
  if (!final.length) return;
  const { db } = app;
  const now = app.clock.now();
  const day = seoulDate(now);
  const byKey = new Map(final.map((r) => [r.key, r]));
  const owners = await db.select({ key: messageRecipients.providerKey, tenantIdx: messageRecipients.tenantIdx, campaignIdx: messageRecipients.campaignIdx, batchIdx: messageRecipients.batchIdx })
    .from(messageRecipients).where(and(inArray(messageRecipients.providerKey, [...byKey.keys()]), eq(messageRecipients.status, 'PENDING')));
  const campaigns = new Map<string, { tenantIdx: number; campaignIdx: number; batchIdx: number; keys: string[] }>();
  for (const o of owners) {
    if (tenantIdx !== null && o.tenantIdx !== tenantIdx) continue;
    const id = `${o.tenantIdx}:${o.campaignIdx}:${o.batchIdx}`;
    if (!campaigns.has(id)) campaigns.set(id, { tenantIdx: o.tenantIdx, campaignIdx: o.campaignIdx, batchIdx: o.batchIdx, keys: [] });
    campaigns.get(id)!.keys.push(o.key);
  }
  const touched = new Set<string>();
  for (const c of campaigns.values()) {
    const p = pricing ?? await pricingOfCampaign(app, c.tenantIdx, c.campaignIdx);
    const groups = new Map<string, { keys: string[]; set: Partial<typeof messageRecipients.$inferInsert> }>();
    for (const key of c.keys) {
      const r = byKey.get(key)!;
      const kind: PricedKind | null = r.status === 'SENT' ? (r.fallback && p.fallback ? p.fallback : p.primary) : null;
      const reason = r.status === 'FAILED' ? (r.reason ?? '').slice(0, 100) || null : null;
      const id = `${r.status}:${kind ?? ''}:${r.fallback ? 1 : 0}:${reason ?? ''}`;
      if (!groups.has(id)) {
        groups.set(id, { keys: [], set: { status: r.status as 'SENT' | 'FAILED', sentKind: kind, fallback: Boolean(r.fallback && kind), cost: kind ? UNIT_PRICE[kind] : 0, failReason: reason, sentDay: kind ? day : null, resultAt: now } });
      }
      groups.get(id)!.keys.push(key);
    }
    for (const g of groups.values()) {
      const updated = await db.update(messageRecipients).set(g.set)
        .where(and(eq(messageRecipients.tenantIdx, c.tenantIdx), inArray(messageRecipients.providerKey, g.keys), eq(messageRecipients.status, 'PENDING')))
        .returning({ reservationIdx: messageRecipients.reservationIdx, customerIdx: messageRecipients.customerIdx, channel: messageRecipients.channel, capDay: messageRecipients.capDay });
      for (const u of updated) if (u.reservationIdx) touched.add(`${c.tenantIdx}:${u.reservationIdx}`);
      // A failed ad was not received: its slot of the day's cap is given back.
      if (g.set.status === 'FAILED') {
        await releaseCapSlots(db, c.tenantIdx, updated.flatMap((u) => (u.capDay ? [{ customerIdx: u.customerIdx, channel: u.channel as Channel, day: u.capDay }] : [])));
      }
    }
  }
  const debits = creditDebits(app);
  for (const t of touched) {
    const [tenant, reservationIdx] = t.split(':').map(Number);
    const [agg] = rowsOf<{ pending: number; cost: string | number }>(await db.execute(sql`select count(*) filter (where status = 'PENDING')::int as pending,
      coalesce(sum(cost), 0) as cost from message_recipients where tenant_idx = ${tenant} and reservation_idx = ${reservationIdx}`));
    if (Number(agg.pending) === 0) await debits.settle(tenant, reservationIdx, Number(agg.cost));
  }
  if (tenantIdx === null) {
    for (const c of campaigns.values()) {
      if (c.batchIdx) await finishAutoBatch(app, c.tenantIdx, c.campaignIdx, c.batchIdx);
      else await finishCampaign(app, c.tenantIdx, c.campaignIdx);
    }
  }
}

async function pricingOfCampaign(app: App, tenantIdx: number, idx: number): Promise<Pricing> {
  const [c] = await app.db.select().from(messageCampaigns).where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx)));
  return pricingOf(c.messageType as MessageType, c.payload as unknown as CampaignInput, await senderOf(app.db, tenantIdx));
}

/** Counts the recipients onto the campaign; SENT once none is PENDING. */
export async function finishCampaign(app: App, tenantIdx: number, idx: number): Promise<void> {
  const [agg] = rowsOf<{ total: number; sent: number; failed: number; unsent: number; pending: number; fallback: number; cost: string | number }>(await app.db.execute(sql`
    select count(*)::int as total, count(*) filter (where status = 'SENT')::int as sent, count(*) filter (where status = 'FAILED')::int as failed,
      count(*) filter (where status = 'UNSENT')::int as unsent, count(*) filter (where status = 'PENDING')::int as pending,
      count(*) filter (where status = 'SENT' and fallback)::int as fallback, coalesce(sum(cost), 0) as cost
    from message_recipients where tenant_idx = ${tenantIdx} and campaign_idx = ${idx} and batch_idx = 0`));
  const done = Number(agg.pending) === 0;
  const now = app.clock.now();
  await app.db.update(messageCampaigns).set({
    sendCount: Number(agg.total) - Number(agg.unsent), successCount: Number(agg.sent), failCount: Number(agg.failed), unsentCount: Number(agg.unsent),
    replaceSendCount: Number(agg.fallback), messageCost: Number(agg.cost),
    ...(done ? { status: 'SENT' as const, sentAt: now } : {}),
    ...(Number(agg.total) === 0 ? { notice: MESSAGE_MSG.noRecipients } : {}),
  }).where(and(eq(messageCampaigns.tenantIdx, tenantIdx), eq(messageCampaigns.idx, idx), eq(messageCampaigns.status, 'SENDING')));
}

export function startMessageJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'message job', () => runMessageJob(app), (n) => { if (n) app.log.info({ campaigns: n }, 'message job sent campaigns'); });
}

/**
 * A test send to the admin's own phone (spec 3 §7 "test"): the campaign's message as a customer
 * would get it, the name filled with the brand's, charged like any message (reserved, then settled
 * at the delivered cost). Not held by the ad window: it goes to the admin, not to a customer.
 */
export async function testSend(app: App, campaign: CampaignRow, phone: string, brandName: string): Promise<{ status: string; cost: number }> {
  const type = campaign.messageType as MessageType;
  const payload = campaign.payload as unknown as CampaignInput;
  const channelRow = await channelOfTenant(app.db, campaign.tenantIdx);
  const sender = await senderOf(app.db, campaign.tenantIdx, channelRow);
  const pricing = pricingOf(type, payload, sender);
  const template = type === 'ALIM_TALK' ? await approvedAlimTalk(app.db, campaign.tenantIdx, payload.templateIdx) : null;
  const debits = creditDebits(app);
  const reserved = await debits.reserve(campaign.tenantIdx, pricing.perRecipient, { memo: `테스트 발송 ${campaign.messageTitle}` });
  if (!reserved.ok) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.insufficientCredit);
  const fake = { tenantIdx: campaign.tenantIdx, name: brandName, countryCode: '82', phone, channel: channelOf(type),
    providerKey: `test-${campaign.tenantIdx}-${reserved.reservation.reservationIdx}`, linkToken: null };
  let result: CampaignResult | undefined;
  try {
    [result] = await campaignSenderOf(app.messaging, app.db)([messageFor(app.config.publicUrl, campaign, { type, payload, pricing, sender, channel: channelRow, templateCode: template?.providerCode ?? null }, fake)]);
  } catch { result = undefined; }
  const kind: PricedKind | null = result?.status === 'SENT' ? (result.fallback && pricing.fallback ? pricing.fallback : pricing.primary) : null;
  const cost = kind ? UNIT_PRICE[kind] : 0;
  await debits.settle(campaign.tenantIdx, reserved.reservation.reservationIdx, cost);
  return { status: result?.status === 'SENT' ? 'SENT' : 'FAILED', cost };
}
