import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { creditAccounts, customerKakaoConsents, customerOrders, customers, messageCampaigns, messageDailyCaps, messageOutbox, messageRecipients } from '../../db/schema';
import { localOutboxMessaging, type CampaignMessage, type CampaignResult, type MessagingProvider } from '../../providers/messaging';
import type { CardChargeRequest, ChargeCard } from '../../providers/billing/creditCharge';
import { charge } from '../credit/ledger';
import { creditDebits } from '../credit/debits';
import { rowsOf } from '../products/service';
import { MESSAGE_MSG } from '../../../src/domain/message';
import { MSG } from '../../../src/domain/messages';
import { claimDueCampaigns, runMessageJob, sendCampaign } from './sender';
import { takeCapSlots } from './cap';
import { runAutoMessageJob } from './auto';
import { CONSENT_NOTICE_TEMPLATE, runConsentNoticeJob } from './consentNotices';
import { consentNotices, messageAutoBatches } from '../../db/schema';
import { signBody, SIGNATURE_HEADER } from './webhooks';

const SECRET = 'test-messaging-secret';
const FAILS = '01055550000';
const card: ChargeCard = {
  async charge(r: CardChargeRequest) { return { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` }; },
  async cancel() { return { ok: true }; },
};
/** The local provider, steerable: `pending` answers every message PENDING (results come by webhook). */
const steer = { pending: false };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    demo: true, chargeCard: card, config: { messagingWebhookSecret: SECRET },
    messaging: (database): MessagingProvider => {
      const local = localOutboxMessaging(database.db, { keepSecrets: false, failPhones: new Set([FAILS]) });
      return {
        name: 'test', queue: local.queue,
        async send(messages: CampaignMessage[]): Promise<CampaignResult[]> {
          if (steer.pending) return messages.map((m) => ({ key: m.key, status: 'PENDING' as const }));
          return local.send(messages);
        },
      };
    },
  });
});
afterAll(() => t.close());
beforeEach(() => { steer.pending = false; });

const kst = (s: string) => new Date(`${s}+09:00`);
const C = '/api/campaign/v1/campaign';
const hook = (path: string, body: unknown, secret = SECRET) => {
  const payload = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: `/api/v1/webhooks/messaging/${path}`, payload, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, payload) } });
};

async function balanceOf(tenantIdx: number) {
  const [a] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
  const [{ sum }] = rowsOf<{ sum: string | number }>(await t.database.db.execute(sql`select coalesce(sum(amount), 0) as sum from credit_ledger where tenant_idx = ${tenantIdx}`));
  expect(Number(sum)).toBe(a.balance);
  return a.balance;
}

let seq = 0;
/** A brand with its channel linked, 100,000 won of credit and the customers given. */
async function brandWith(people: { name: string; marketing?: boolean; sms?: boolean; kakao?: boolean; orderedMonthsAgo?: number; phone?: string; birthday?: string; orderedAt?: Date; agreedAt?: Date }[]) {
  const brand = await confirmedBrand(t);
  const s = await sessionOf(t, brand.email);
  expect((await s.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderKey: 'sk-test', senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } })).statusCode).toBe(200);
  await charge(t.database.db, card, { tenantIdx: s.tenantIdx, amount: 100_000 }, t.clock.now());
  const ids: Record<string, number> = {};
  for (const p of people) {
    seq += 1;
    const [row] = await t.database.db.insert(customers).values({
      tenantIdx: s.tenantIdx, name: p.name, phone: p.phone ?? `0107${String(seq).padStart(7, '0')}`,
      agreeMarketing: p.marketing ? 'Y' : 'N', agreeSms: p.sms ? 'Y' : 'N', agreeMarketingAt: p.marketing ? (p.agreedAt ?? t.clock.now()) : null,
      birthday: p.birthday ?? null, totalOrderCount: p.orderedAt || p.orderedMonthsAgo != null ? 1 : 0,
      latestOrderedAt: p.orderedAt ?? (p.orderedMonthsAgo == null ? null : new Date(t.clock.now().getTime() - p.orderedMonthsAgo * 30 * 86_400_000)),
    }).returning();
    if (p.kakao) await t.database.db.insert(customerKakaoConsents).values({ tenantIdx: s.tenantIdx, customerIdx: row.idx, agreed: 'Y', agreedAt: t.clock.now() });
    ids[p.name] = row.idx;
  }
  return { ...s, ids, email: brand.email };
}

const smsCampaign = (sendTime: string, extra: Record<string, unknown> = {}) => ({
  basicInfo: { messageTitle: '가을 세일', messageType: 'SMS' },
  recipient: { marketing: true, recentPurchase: true },
  messageContent: { content: '#{고객명}님, 가을 세일 20%' },
  schedule: { sendType: 'TIME', sendTime },
  ...extra,
});

describe(`messages (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it("validates templates with spec 3 §5's texts and the EUC-KR rule", async () => {
    const b = await brandWith([]);
    const bad = await b.call({ method: 'POST', url: '/api/v1/template', payload: { messageTitle: '', messageType: 'IMAGE', content: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ messageTitle: '메시지명을 입력해주세요', imageUrl: '이미지를 업로드해주세요', content: '필수 입력 항목입니다.' });
    const emoji = await b.call({ method: 'POST', url: '/api/v1/template', payload: { messageTitle: '이모지', messageType: 'SMS', content: '세일 😀' } });
    expect(emoji.json().errors).toEqual({ content: MESSAGE_MSG.notEucKr('😀') });
    const unknown = await b.call({ method: 'POST', url: '/api/v1/template', payload: { messageTitle: '변수', messageType: 'TEXT', content: '#{이름}님' } });
    expect(unknown.json().errors).toEqual({ content: MESSAGE_MSG.variableUnknown('#{이름}') });
    const ok = await b.call({ method: 'POST', url: '/api/v1/template?scope=temp', payload: { messageTitle: '안내', messageType: 'TEXT', content: '#{고객명}님 #{링크1}', buttons: [{ name: '보러 가기', url: 'https://shop.test' }] } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ scope: 'temp', messageType: 'TEXT', reviewState: null });
  });

  it('moves a 알림톡 template through review by the signed webhook', async () => {
    const b = await brandWith([]);
    const created = (await b.call({ method: 'POST', url: '/api/v1/template', payload: { messageTitle: '배송 안내', messageType: 'ALIM_TALK', content: '#{고객명}님 주문이 출발했어요' } })).json().data;
    expect(created.reviewState).toBe('REQUESTED');
    expect((await hook('template-review', { templateCode: created.providerCode, state: 'APPROVED' }, 'wrong')).statusCode).toBe(401);
    expect((await hook('template-review', { templateCode: created.providerCode, state: 'IN_REVIEW' })).json().data.updated).toBe(1);
    await hook('template-review', { templateCode: created.providerCode, state: 'REJECTED', comment: '변수 설명이 필요해요' });
    expect((await b.call({ method: 'GET', url: `/api/v1/template/${created.idx}` })).json().data).toMatchObject({ reviewState: 'REJECTED', reviewComment: '변수 설명이 필요해요' });
    await hook('template-review', { templateCode: created.providerCode, state: 'APPROVED' });
    expect((await b.call({ method: 'GET', url: `/api/v1/template/${created.idx}` })).json().data).toMatchObject({ reviewState: 'APPROVED', reviewComment: null });
  });

  it('estimates, test-sends, holds a 22:00 ad to 08:00, drops an 080 opt-out, sends once and settles the credit', async () => {
    t.clock.set(kst('2026-11-23T10:00:00'));
    const b = await brandWith([
      { name: '김동의', marketing: true }, { name: '이구매', orderedMonthsAgo: 1 }, { name: '박없음' }, { name: '최실패', marketing: true, phone: FAILS },
      { name: '정거부', marketing: true }, { name: '오오래', orderedMonthsAgo: 8 },
    ]);
    const estimate = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', recipient: { marketing: true, recentPurchase: true }, content: '#{고객명}님, 가을 세일 20%' } })).json().data;
    expect(estimate.estimatedCustomerCount).toBe(4);
    expect(estimate.estimatedCost).toBe(4 * estimate.unitCost);

    const draft = await b.call({ method: 'POST', url: C, payload: smsCampaign('2026-11-23 22:00') });
    expect(draft.statusCode).toBe(201);
    const idx = draft.json().data.idx;
    const before = await balanceOf(b.tenantIdx);

    const test = await b.call({ method: 'POST', url: `${C}/${idx}/test` });
    expect(test.json().data).toMatchObject({ status: 'SENT', phone: '010-****-5678' });
    expect(await balanceOf(b.tenantIdx)).toBe(before - test.json().data.cost);
    const [testRow] = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.phone, '01012345678')));
    expect(testRow.variables.text).toMatch(/^\(광고\) 테스트브랜드\n테스트브랜드님, 가을 세일 20%\n\n문의 02-1234-5678\n무료수신거부 080-123-4567$/);

    const scheduled = await b.call({ method: 'POST', url: `${C}/${idx}/schedule` });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data.campaign).toMatchObject({ basicMessageStatus: 'SCHEDULED', held: true, notice: MESSAGE_MSG.adHeld('2026-11-24 08:00'), sendDate: kst('2026-11-24T08:00:00').toISOString() });

    // The customer calls the 080 number in the night: gone before the send.
    const [optOut] = await t.database.db.select().from(customers).where(eq(customers.idx, b.ids['정거부']));
    expect((await hook('opt-out', { optOutNumber: '0801234567', phone: optOut.phone })).json().data.brands).toBeGreaterThanOrEqual(1);
    const [withdrawn] = await t.database.db.select().from(customers).where(eq(customers.idx, b.ids['정거부']));
    expect(withdrawn.agreeMarketing).toBe('N');

    t.clock.set(kst('2026-11-24T07:59:00'));
    expect(await runMessageJob(t.app)).toBe(0);
    const mid = await balanceOf(b.tenantIdx);
    t.clock.set(kst('2026-11-24T08:00:00'));
    // Two runs at once (two processes): the campaign is claimed once.
    const runs = await Promise.all([runMessageJob(t.app), runMessageJob(t.app)]);
    expect(runs.reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(1);
    b.call = (await sessionOf(t, b.email)).call; // a session of the new day

    const sent = (await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data;
    expect(sent).toMatchObject({ basicMessageStatus: 'SENT', sendCount: 3, successCount: 2, failCount: 1, unsentCount: 0 });
    const recipients = (await b.call({ method: 'GET', url: `${C}/${idx}/recipients` })).json().data;
    expect(recipients.list.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([['김동의', 'SENT'], ['이구매', 'SENT'], ['최실패', 'FAILED']]);
    const unit = recipients.list[0].cost;
    expect(unit).toBeGreaterThan(0);
    expect(sent.messageCost).toBe(2 * unit);
    // Charged what was delivered; the failed one's share returned.
    expect(await balanceOf(b.tenantIdx)).toBe(mid - 2 * unit);
    const outbox = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.refType, 'campaign'), eq(messageOutbox.refIdx, idx)));
    // The test send to the admin's phone, then one message to each customer delivered.
    expect(outbox.map((o) => o.phone).filter((p) => p !== '01012345678')).toHaveLength(2);

    // The frequency cap (one ad a day): the same audience today is only those not sent to yet.
    const again = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', recipient: { marketing: true, recentPurchase: true }, content: 'x' } })).json().data;
    expect(again.estimatedCustomerCount).toBe(1);
  });

  it('stops cleanly when credit runs out: what went is charged, the rest is counted and not charged, the brand is told', async () => {
    t.clock.set(kst('2026-11-25T11:00:00'));
    const b = await brandWith([{ name: 'a', marketing: true }, { name: 'b', marketing: true }, { name: 'c', marketing: true }]);
    const idx = (await b.call({ method: 'POST', url: C, payload: smsCampaign('', { schedule: { sendType: 'IMMEDIATE' } }) })).json().data.idx;
    const unit = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', recipient: { marketing: true }, content: '#{고객명}님, 가을 세일 20%' } })).json().data.unitCost;
    // Spend all but one message's worth.
    const hold = await creditDebits(t.app).reserve(b.tenantIdx, 100_000 - unit);
    expect(hold.ok).toBe(true);
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/schedule` })).json().data.campaign.basicMessageStatus).toBe('SCHEDULED');
    await runMessageJob(t.app);
    const done = (await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data;
    expect(done).toMatchObject({ basicMessageStatus: 'SENT', successCount: 1, unsentCount: 2, notice: MESSAGE_MSG.creditRanOut(1, 2) });
    expect(await balanceOf(b.tenantIdx)).toBe(100_000 - (100_000 - unit) - done.messageCost);
  });

  it('settles a batch whose results come by the result webhook, each result once', async () => {
    t.clock.set(kst('2026-11-26T11:00:00'));
    const b = await brandWith([{ name: 'a', marketing: true }, { name: 'b', marketing: true }]);
    const idx = (await b.call({ method: 'POST', url: C, payload: smsCampaign('', { schedule: { sendType: 'IMMEDIATE' } }) })).json().data.idx;
    await b.call({ method: 'POST', url: `${C}/${idx}/schedule` });
    const start = await balanceOf(b.tenantIdx);
    steer.pending = true;
    await runMessageJob(t.app);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data.basicMessageStatus).toBe('SENDING');
    const rows = await t.database.db.select().from(messageRecipients).where(and(eq(messageRecipients.tenantIdx, b.tenantIdx), eq(messageRecipients.campaignIdx, idx)));
    const unitReserved = start - await balanceOf(b.tenantIdx);
    expect(unitReserved).toBeGreaterThan(0);
    const results = [{ key: rows[0].providerKey, status: 'SENT' }, { key: rows[1].providerKey, status: 'FAILED', reason: 'NO_PHONE' }];
    expect((await hook('results', { results: results.slice(0, 1) })).statusCode).toBe(200);
    expect((await hook('results', { results })).statusCode).toBe(200);
    expect((await hook('results', { results })).statusCode).toBe(200); // a retry changes nothing
    const done = (await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data;
    expect(done).toMatchObject({ basicMessageStatus: 'SENT', successCount: 1, failCount: 1 });
    expect(await balanceOf(b.tenantIdx)).toBe(start - done.messageCost);
  });

  it('cancels a scheduled campaign, refuses an empty audience and keeps tenants apart', async () => {
    t.clock.set(kst('2026-11-26T11:00:00'));
    const b = await brandWith([{ name: 'a', marketing: true }]);
    const other = await brandWith([]);
    const idx = (await b.call({ method: 'POST', url: C, payload: smsCampaign('2026-11-27 11:00') })).json().data.idx;
    expect((await other.call({ method: 'GET', url: `${C}/${idx}` })).statusCode).toBe(404);
    expect((await other.call({ method: 'POST', url: `${C}/${idx}/schedule` })).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/schedule` })).statusCode).toBe(200);
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/cancel` })).json().data.basicMessageStatus).toBe('CANCELED');
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/cancel` })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.notScheduled });
    const empty = (await other.call({ method: 'POST', url: C, payload: smsCampaign('2026-11-27 11:00') })).json().data.idx;
    expect((await other.call({ method: 'POST', url: `${C}/${empty}/schedule` })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.noRecipients });
  });

  it("refuses Brand Message to customers without KakaoTalk consent, and sub-accounts the whole area", async () => {
    const b = await brandWith([{ name: 'sms만', marketing: true, sms: true, orderedMonthsAgo: 1 }, { name: '카카오', marketing: true, kakao: true }]);
    const est = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'TEXT', recipient: { marketing: true }, content: 'x' } })).json().data;
    expect(est.estimatedCustomerCount).toBe(1);
    const staff = await sessionOf(t, 'staff@demo.test');
    for (const url of ['/api/v2/message-integration', '/api/v1/template', C]) {
      const res = await staff.call({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SUB_ACCOUNT_FORBIDDEN', message: MSG.subAccountRefused });
    }
  });

  it('sends button links through our redirect: clicks counted per recipient, orders within 7 days attributed to the latest campaign', async () => {
    t.clock.set(kst('2026-12-01T10:00:00'));
    const b = await brandWith([{ name: '가', marketing: true, kakao: true }, { name: '나', marketing: true, kakao: true }, { name: '다', marketing: true, kakao: true }, { name: '라' }]);
    const textCampaign = (title: string) => ({
      basicInfo: { messageTitle: title, messageType: 'TEXT' }, recipient: { marketing: true },
      messageContent: { content: '#{고객명}님 신상품 보기 #{링크1}', buttons: [{ name: '보러 가기', url: 'https://shop.test/new?ref=msg' }] },
      schedule: { sendType: 'IMMEDIATE' },
    });
    const first = (await b.call({ method: 'POST', url: C, payload: textCampaign('신상품') })).json().data.idx;
    await b.call({ method: 'POST', url: `${C}/${first}/schedule` });
    await runMessageJob(t.app);
    const sent = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.refIdx, first)));
    expect(sent).toHaveLength(3);
    // Each recipient's own short link; nothing personal in it.
    const linkOf = (name: string) => {
      const row = sent.find((o) => o.variables.text.includes(`${name}님`))!;
      const link = /http:\/\/console\.test(\/l\/[A-Za-z0-9_-]{12}1)/.exec(row.variables.text)![1];
      expect(link).not.toContain(row.phone);
      return link;
    };
    const [ga, na] = [linkOf('가'), linkOf('나')];
    expect(ga).not.toBe(na);
    for (const link of [ga, ga, na]) {
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://shop.test/new?ref=msg');
    }
    expect((await t.app.inject({ method: 'GET', url: `${ga.slice(0, -1)}2` })).statusCode).toBe(404); // no second button
    expect((await t.app.inject({ method: 'GET', url: '/l/AAAAAAAAAAAA1' })).statusCode).toBe(404);

    // Orders: 가 on day 3 (counted), 나 on day 8 (outside 7 days), 라 (not a recipient) today.
    const order = (name: string, at: string, amount: number) => t.database.db.insert(customerOrders).values({
      tenantIdx: b.tenantIdx, customerIdx: b.ids[name], orderedAt: kst(at), channel: 'ownMall', productName: '코트', paymentAmount: amount,
    });
    await order('가', '2026-12-03T12:00:00', 120_000);
    await order('나', '2026-12-08T11:00:00', 50_000);
    await order('라', '2026-12-01T12:00:00', 70_000);
    let detail = (await b.call({ method: 'GET', url: `${C}/${first}` })).json().data;
    expect(detail).toMatchObject({ successCount: 3, clickCount: 2, clickRate: 66.67, attributedOrders: 1, attributedRevenue: 120_000, attributionDays: 7 });
    expect((await b.call({ method: 'GET', url: C })).json().data.list.find((c: { idx: number }) => c.idx === first).clickRate).toBe(66.67);

    // A later campaign delivered to 가 takes 가's next order: no order counts for two campaigns.
    t.clock.set(kst('2026-12-04T10:00:00'));
    b.call = (await sessionOf(t, b.email)).call;
    const second = (await b.call({ method: 'POST', url: C, payload: textCampaign('재입고') })).json().data.idx;
    await b.call({ method: 'POST', url: `${C}/${second}/schedule` });
    await runMessageJob(t.app);
    await order('가', '2026-12-05T12:00:00', 30_000);
    detail = (await b.call({ method: 'GET', url: `${C}/${first}` })).json().data;
    expect(detail).toMatchObject({ attributedOrders: 1, attributedRevenue: 120_000 });
    // The second has 가's new order and 나's of day 8 (within its own 7 days).
    expect((await b.call({ method: 'GET', url: `${C}/${second}` })).json().data).toMatchObject({ attributedOrders: 2, attributedRevenue: 80_000, clickRate: 0 });
  });

  it('holds the frequency cap in the database when two campaigns send at once, and gives a failed ad its slot back', async () => {
    t.clock.set(kst('2026-12-10T10:00:00'));
    const people = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, marketing: true }));
    const b = await brandWith([...people, { name: 'fail', marketing: true, phone: FAILS }]);
    const ids = Object.values(b.ids);
    // The slot itself: two concurrent takes of the same customers under a cap of one never both win.
    const [x, y] = await Promise.all([
      takeCapSlots(t.database.db, b.tenantIdx, 'BRAND', '2026-12-09', 1, ids),
      takeCapSlots(t.database.db, b.tenantIdx, 'BRAND', '2026-12-09', 1, [...ids].reverse()),
    ]);
    expect(x.size + y.size).toBe(ids.length);
    expect([...x].filter((c) => y.has(c))).toEqual([]);

    // Two campaigns to the same audience, claimed and sent at once (as two processes would).
    const campaigns: number[] = [];
    for (const title of ['첫째', '둘째']) {
      const idx = (await b.call({ method: 'POST', url: C, payload: smsCampaign('', { basicInfo: { messageTitle: title, messageType: 'SMS' }, schedule: { sendType: 'IMMEDIATE' } }) })).json().data.idx;
      expect((await b.call({ method: 'POST', url: `${C}/${idx}/schedule` })).statusCode).toBe(200);
      campaigns.push(idx);
    }
    const claimed = (await claimDueCampaigns(t.app)).filter((c) => c.tenantIdx === b.tenantIdx);
    expect(claimed.map((c) => c.idx).sort()).toEqual([...campaigns].sort());
    await Promise.all(claimed.map((c) => sendCampaign(t.app, c)));

    const delivered = rowsOf<{ customer_idx: number; n: number }>(await t.database.db.execute(sql`select customer_idx, count(*)::int as n from message_recipients
      where tenant_idx = ${b.tenantIdx} and campaign_idx in (${campaigns[0]}, ${campaigns[1]}) and status = 'SENT' group by customer_idx`));
    expect(delivered.map((d) => Number(d.n))).toEqual([1, 1, 1, 1, 1]);
    const phones = await t.database.db.select({ phone: messageOutbox.phone }).from(messageOutbox)
      .where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.refType, 'campaign')));
    expect(new Set(phones.map((p) => p.phone)).size).toBe(phones.length);
    const slots = await t.database.db.select().from(messageDailyCaps).where(and(eq(messageDailyCaps.tenantIdx, b.tenantIdx), eq(messageDailyCaps.day, '2026-12-10')));
    // Each delivered customer holds one slot; the failed one's was given back.
    expect(slots.filter((s) => s.n > 0).map((s) => s.customerIdx).sort()).toEqual(delivered.map((d) => Number(d.customer_idx)).sort());
    expect(slots.find((s) => s.customerIdx === b.ids.fail)?.n ?? 0).toBe(0);
    for (const idx of campaigns) expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data.basicMessageStatus).toBe('SENT');
    await balanceOf(b.tenantIdx);
  });

  // Automatic messages (issue 25 item 4) ----------------------------------------------------------
  const auto = (talkClass: string, recipient: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    basicInfo: { messageTitle: `자동 ${talkClass}`, messageType: 'SMS' }, templateTalkClass: talkClass, recipient: { marketing: true, ...recipient },
    messageContent: { content: '#{고객명}님, 쿠폰을 드려요', couponTitle: '1000원 할인 쿠폰', couponDay: 7 }, schedule: { sendType: 'TIME', sendTime: '11:00' }, ...extra,
  });
  const outboxOf = async (tenantIdx: number, campaignIdx: number) => (await t.database.db.select().from(messageOutbox)
    .where(and(eq(messageOutbox.tenantIdx, tenantIdx), eq(messageOutbox.refType, 'campaign'), eq(messageOutbox.refIdx, campaignIdx)))).map((o) => o.phone).sort();
  const phoneOf = async (idx: number) => (await t.database.db.select().from(customers).where(eq(customers.idx, idx)))[0].phone;

  it('validates automatic messages with the spec texts, toggles them, and keeps them apart from one-off sending and other tenants', async () => {
    t.clock.set(kst('2026-12-01T10:00:00'));
    const b = await brandWith([{ name: 'a', marketing: true }]);
    const bad = await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 31 }, { schedule: { sendType: 'TIME', sendTime: '11:00', repeatType: 'REPEAT', repeatCount: 4 } }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'recipient.day': MESSAGE_MSG.birthdayDayMax, 'schedule.repeatCount': MESSAGE_MSG.autoRepeatMax });
    expect((await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('MBA', {}) })).json().errors)
      .toEqual({ 'recipient.purchasedProducts': '상품을 추가해주세요.', 'recipient.unboughtProducts': '상품을 추가해주세요.' });
    expect((await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('PURCHASE_COUPON', { startDay: 3, endDay: 1 }) })).json().errors)
      .toEqual({ 'recipient.startDay': MESSAGE_MSG.startBeforeEnd });
    expect((await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('GENERAL', {}) })).json().errors).toEqual({ templateTalkClass: MESSAGE_MSG.autoClassRequired });
    expect((await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 7 }, { schedule: { sendType: 'TIME', sendTime: '21:00' } }) })).json().errors)
      .toEqual({ 'schedule.sendTime': MESSAGE_MSG.autoSendTimeWindow });

    const created = await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 7 }) });
    expect(created.statusCode).toBe(201);
    const idx = created.json().data.idx;
    expect(created.json().data).toMatchObject({ kind: 'AUTO', autoState: 'OFF', templateTalkClass: 'BIRTHDAY_COUPON' });
    expect((await b.call({ method: 'GET', url: `${C}?kind=AUTO` })).json().data.list.map((c: { idx: number }) => c.idx)).toEqual([idx]);
    expect((await b.call({ method: 'GET', url: C })).json().data.list).toEqual([]);
    // Edited at any time; not through the one-off path.
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 3 }) })).json().data.payload.recipient.day).toBe(3);
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}?kind=TEMP`, payload: smsCampaign('2026-12-02 11:00') })).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/schedule` })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.autoOnly });
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'MAYBE' } })).json().errors).toEqual({ autoState: MESSAGE_MSG.autoStateInvalid });
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'ON' } })).json().data.autoState).toBe('ON');
    expect((await b.call({ method: 'DELETE', url: `${C}/${idx}` })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.autoDeleteOn });
    // Another tenant sees none of it; a one-off campaign has no toggle.
    const other = await brandWith([]);
    expect((await other.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'OFF' } })).statusCode).toBe(404);
    expect((await other.call({ method: 'GET', url: `${C}/${idx}/batches` })).statusCode).toBe(404);
    const temp = (await b.call({ method: 'POST', url: C, payload: smsCampaign('2026-12-02 11:00') })).json().data.idx;
    expect((await b.call({ method: 'PUT', url: `${C}/${temp}/auto-state`, payload: { autoState: 'ON' } })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.autoStateInvalid });
    // A brand without its channel link cannot turn one on.
    const bare = await confirmedBrand(t);
    const bs = await sessionOf(t, bare.email);
    const bareIdx = (await bs.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 7 }) })).json().data.idx;
    expect((await bs.call({ method: 'PUT', url: `${C}/${bareIdx}/auto-state`, payload: { autoState: 'ON' } })).json()).toMatchObject({ code: 'CONFLICT', message: MESSAGE_MSG.channelMissingOptOut });
    const staff = await sessionOf(t, 'staff@demo.test');
    expect((await staff.call({ method: 'GET', url: `${C}/${idx}/batches` })).json()).toMatchObject({ code: 'SUB_ACCOUNT_FORBIDDEN' });
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'OFF' } })).json().data.autoState).toBe('OFF');
    expect((await b.call({ method: 'DELETE', url: `${C}/${idx}` })).statusCode).toBe(200);
  });

  it('runs a purchase coupon once a day at its time: framed, paid through the ledger, never twice, and a purchase after the run goes the next day', async () => {
    t.clock.set(kst('2026-12-01T10:00:00'));
    const b = await brandWith([
      { name: '오늘구매', marketing: true, orderedAt: kst('2026-12-01T09:00:00') }, { name: '나중구매', marketing: true },
      { name: '미동의', orderedAt: kst('2026-12-01T09:30:00') }, { name: '오래전', marketing: true, orderedAt: kst('2026-11-25T12:00:00') },
    ]);
    const idx = (await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('PURCHASE_COUPON', { startDay: 0, endDay: 3 }) })).json().data.idx;
    const est = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', templateTalkClass: 'PURCHASE_COUPON', recipient: { marketing: true, startDay: 0, endDay: 3 }, content: 'x' } })).json().data;
    expect(est.estimatedCustomerCount).toBe(1);
    expect((await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'ON' } })).statusCode).toBe(200);
    const start = await balanceOf(b.tenantIdx);
    const batches = async () => t.database.db.select().from(messageAutoBatches).where(and(eq(messageAutoBatches.tenantIdx, b.tenantIdx), eq(messageAutoBatches.campaignIdx, idx))).orderBy(messageAutoBatches.idx);

    t.clock.set(kst('2026-12-01T10:59:00'));
    await runAutoMessageJob(t.app);
    expect(await batches()).toEqual([]);
    t.clock.set(kst('2026-12-01T11:00:00'));
    // Two processes at once: the day's run is made and claimed once.
    await Promise.all([runAutoMessageJob(t.app), runAutoMessageJob(t.app)]);
    expect((await batches()).map((x) => [x.runKey, x.status, x.sendCount, x.successCount])).toEqual([['2026-12-01', 'COMPLETED', 1, 1]]);
    expect(await outboxOf(b.tenantIdx, idx)).toEqual([await phoneOf(b.ids['오늘구매'])]);
    const [sent] = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.refIdx, idx)));
    expect(sent.variables.text).toMatch(/^\(광고\) 테스트브랜드\n오늘구매님, 쿠폰을 드려요\n\n문의 02-1234-5678\n무료수신거부 080-123-4567$/);
    const afterFirst = await balanceOf(b.tenantIdx);
    expect(afterFirst).toBeLessThan(start);

    // A re-run of the same day sends nothing; nor does a crashed run taken up again.
    t.clock.set(kst('2026-12-01T11:05:00'));
    await runAutoMessageJob(t.app);
    await t.database.db.update(messageAutoBatches).set({ status: 'PROCESSING', claimedAt: kst('2026-12-01T10:00:00') }).where(eq(messageAutoBatches.campaignIdx, idx));
    t.clock.set(kst('2026-12-01T11:30:00'));
    await runAutoMessageJob(t.app);
    expect((await batches()).map((x) => [x.status, x.sendCount])).toEqual([['COMPLETED', 1]]);
    expect(await outboxOf(b.tenantIdx, idx)).toHaveLength(1);
    expect(await balanceOf(b.tenantIdx)).toBe(afterFirst);

    // 나중구매 buys at 15:00, after the run: nothing today, the next day's run sends it (and not 오늘구매 again).
    t.clock.set(kst('2026-12-01T15:00:00'));
    await t.database.db.update(customers).set({ latestOrderedAt: t.clock.now(), totalOrderCount: 1 }).where(eq(customers.idx, b.ids['나중구매']));
    t.clock.set(kst('2026-12-01T15:30:00'));
    await runAutoMessageJob(t.app);
    expect(await batches()).toHaveLength(1);
    t.clock.set(kst('2026-12-02T11:00:00'));
    await runAutoMessageJob(t.app);
    expect((await batches()).map((x) => [x.runKey, x.status, x.sendCount])).toEqual([['2026-12-01', 'COMPLETED', 1], ['2026-12-02', 'COMPLETED', 1]]);
    expect(await outboxOf(b.tenantIdx, idx)).toEqual([await phoneOf(b.ids['나중구매']), await phoneOf(b.ids['오늘구매'])].sort());
    // ONCE: a second purchase does not send it again.
    await t.database.db.update(customers).set({ latestOrderedAt: t.clock.now(), totalOrderCount: 2 }).where(eq(customers.idx, b.ids['오늘구매']));
    t.clock.set(kst('2026-12-03T11:00:00'));
    await runAutoMessageJob(t.app);
    expect(await outboxOf(b.tenantIdx, idx)).toHaveLength(2);
    b.call = (await sessionOf(t, b.email)).call;
    const shown = (await b.call({ method: 'GET', url: `${C}/${idx}/batches` })).json().data;
    expect(shown.list.map((x: { runKey: string; status: string; sendCount: number }) => [x.runKey, x.status, x.sendCount]))
      .toEqual([['2026-12-03', 'COMPLETED', 0], ['2026-12-02', 'COMPLETED', 1], ['2026-12-01', 'COMPLETED', 1]]);
    const campaign = (await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data;
    expect(campaign).toMatchObject({ sendCount: 2, successCount: 2 });
    expect(await balanceOf(b.tenantIdx)).toBe(start - campaign.messageCost);
    await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'OFF' } });
  });

  it('sends a birthday coupon up to its birthday once a year (REPEAT), and holds a late ad run to 08:00', async () => {
    t.clock.set(kst('2026-12-10T19:00:00'));
    const b = await brandWith([
      { name: '사흘뒤', marketing: true, birthday: '19901213' }, { name: '열흘뒤', marketing: true, birthday: '19901220' },
      { name: '어제', marketing: true, birthday: '19901209' }, { name: '생일없음', marketing: true },
    ]);
    const idx = (await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('BIRTHDAY_COUPON', { day: 7 }, { schedule: { sendType: 'TIME', sendTime: '20:40', repeatType: 'REPEAT', repeatCount: 2 } }) })).json().data.idx;
    await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'ON' } });
    // The job ran late (21:00): the ad is held to 08:00 the next day, then sent.
    t.clock.set(kst('2026-12-10T21:00:00'));
    await runAutoMessageJob(t.app);
    const [held] = await t.database.db.select().from(messageAutoBatches).where(eq(messageAutoBatches.campaignIdx, idx));
    expect(held).toMatchObject({ status: 'PENDING', dueAt: kst('2026-12-11T08:00:00') });
    expect(await outboxOf(b.tenantIdx, idx)).toEqual([]);
    t.clock.set(kst('2026-12-11T08:00:00'));
    await runAutoMessageJob(t.app);
    expect(await outboxOf(b.tenantIdx, idx)).toEqual([await phoneOf(b.ids['사흘뒤'])]);
    // The next year's birthday sends it again (REPEAT 2), the third year does not.
    for (const [day, n] of [['2027-12-11', 2], ['2028-12-11', 2]] as const) {
      t.clock.set(kst(`${day}T20:40:00`));
      await runAutoMessageJob(t.app);
      expect(await outboxOf(b.tenantIdx, idx)).toHaveLength(n);
    }
    await t.database.db.update(messageCampaigns).set({ autoState: 'OFF' }).where(eq(messageCampaigns.idx, idx));
  });

  it('sends an mba recommendation to who bought one product and not the other', async () => {
    t.clock.set(kst('2026-12-05T10:00:00'));
    const b = await brandWith([{ name: '지갑만', marketing: true }, { name: '둘다', marketing: true }, { name: '없음', marketing: true }]);
    const order = (name: string, productName: string, at: string) => t.database.db.insert(customerOrders).values({
      tenantIdx: b.tenantIdx, customerIdx: b.ids[name], orderedAt: kst(at), channel: 'offline', productName, paymentAmount: 50_000,
    });
    await order('지갑만', '가죽 지갑', '2026-12-01T12:00:00');
    await order('둘다', '가죽 지갑', '2026-11-01T12:00:00');
    await order('둘다', '가죽 벨트', '2026-11-02T12:00:00');
    const recipient = { purchasedProducts: ['가죽 지갑'], unboughtProducts: ['가죽 벨트'] };
    expect((await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', templateTalkClass: 'MBA', recipient: { marketing: true, ...recipient }, content: 'x' } })).json().data.estimatedCustomerCount).toBe(1);
    const idx = (await b.call({ method: 'POST', url: `${C}?kind=AUTO`, payload: auto('MBA', recipient, { messageContent: { content: '#{고객명}님, 가죽 벨트도 보세요' } }) })).json().data.idx;
    await b.call({ method: 'PUT', url: `${C}/${idx}/auto-state`, payload: { autoState: 'ON' } });
    t.clock.set(kst('2026-12-05T11:00:00'));
    await runAutoMessageJob(t.app);
    expect(await outboxOf(b.tenantIdx, idx)).toEqual([await phoneOf(b.ids['지갑만'])]);
    const [row] = await t.database.db.select().from(messageRecipients).where(and(eq(messageRecipients.tenantIdx, b.tenantIdx), eq(messageRecipients.campaignIdx, idx)));
    expect(row).toMatchObject({ status: 'SENT', occurrence: '2026-12-01' });
    await t.database.db.update(messageCampaigns).set({ autoState: 'OFF' }).where(eq(messageCampaigns.idx, idx));
  });

  it('tells each consenting customer of their consent every 2 years, once, claimed in the database', async () => {
    t.clock.set(kst('2029-01-10T10:00:00'));
    // Every consent older than 2 years anywhere is told now; then the test's own brand.
    await runConsentNoticeJob(t.app);
    const b = await brandWith([
      { name: '오래된동의', marketing: true, agreedAt: kst('2027-01-09T09:00:00') }, { name: '새동의', marketing: true, agreedAt: kst('2028-06-01T09:00:00') },
      { name: '미동의' },
    ]);
    const noticesOf = async () => (await t.database.db.select().from(messageOutbox)
      .where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.templateCode, CONSENT_NOTICE_TEMPLATE)))).map((o) => [o.phone, o.variables.agreedOn]);
    const [n1, n2] = await Promise.all([runConsentNoticeJob(t.app), runConsentNoticeJob(t.app)]);
    expect(n1 + n2).toBe(1);
    expect(await noticesOf()).toEqual([[await phoneOf(b.ids['오래된동의']), '2027-01-09']]);
    const [row] = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, b.tenantIdx), eq(messageOutbox.templateCode, CONSENT_NOTICE_TEMPLATE)));
    expect(row).toMatchObject({ channel: 'ALIMTALK', refType: 'consentNotice' });
    expect(row.variables.text).toContain('무료수신거부 080-123-4567');
    expect(await runConsentNoticeJob(t.app)).toBe(0);
    // Two years after that notice (and after the other's consent), both are told again.
    t.clock.set(kst('2031-01-10T10:00:00'));
    await runConsentNoticeJob(t.app);
    expect((await noticesOf()).map(([phone]) => phone).sort()).toEqual([await phoneOf(b.ids['오래된동의']), await phoneOf(b.ids['오래된동의']), await phoneOf(b.ids['새동의'])].sort());
    const rows = await t.database.db.select().from(consentNotices).where(eq(consentNotices.tenantIdx, b.tenantIdx));
    expect(rows.map((r) => r.sinceDay).sort()).toEqual(['2027-01-09', '2028-06-01', '2029-01-10']);
    expect(await runConsentNoticeJob(t.app)).toBe(0);
  });
});
