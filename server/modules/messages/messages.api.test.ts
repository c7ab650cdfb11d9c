import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { creditAccounts, customerKakaoConsents, customerOrders, customers, messageDailyCaps, messageOutbox, messageRecipients } from '../../db/schema';
import { localOutboxMessaging, type CampaignMessage, type CampaignResult, type MessagingProvider } from '../../providers/messaging';
import type { CardChargeRequest, ChargeCard } from '../../providers/billing/creditCharge';
import { charge } from '../credit/ledger';
import { creditDebits } from '../credit/debits';
import { rowsOf } from '../products/service';
import { MESSAGE_MSG } from '../../../src/domain/message';
import { MSG } from '../../../src/domain/messages';
import { claimDueCampaigns, runMessageJob, sendCampaign } from './sender';
import { takeCapSlots } from './cap';
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
async function brandWith(people: { name: string; marketing?: boolean; sms?: boolean; kakao?: boolean; orderedMonthsAgo?: number; phone?: string }[]) {
  const brand = await confirmedBrand(t);
  const s = await sessionOf(t, brand.email);
  expect((await s.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderKey: 'sk-test', senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } })).statusCode).toBe(200);
  await charge(t.database.db, card, { tenantIdx: s.tenantIdx, amount: 100_000 }, t.clock.now());
  const ids: Record<string, number> = {};
  for (const p of people) {
    seq += 1;
    const [row] = await t.database.db.insert(customers).values({
      tenantIdx: s.tenantIdx, name: p.name, phone: p.phone ?? `0107${String(seq).padStart(7, '0')}`,
      agreeMarketing: p.marketing ? 'Y' : 'N', agreeSms: p.sms ? 'Y' : 'N',
      latestOrderedAt: p.orderedMonthsAgo == null ? null : new Date(t.clock.now().getTime() - p.orderedMonthsAgo * 30 * 86_400_000),
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
});
