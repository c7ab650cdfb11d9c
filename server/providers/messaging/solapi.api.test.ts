import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { startFakeSolapi, type FakeSolapi } from '../../../tests/support/fakeSolapi';
import { creditReservations, customers, messageOutbox, messageRecipients, messageResultPolls } from '../../db/schema';
import type { CardChargeRequest, ChargeCard } from '../billing/creditCharge';
import { charge, ensureAccount } from '../../modules/credit/ledger';
import { runResultPoll } from '../../modules/messages/reports';
import { runMessageJob } from '../../modules/messages/sender';
import { signBody, SIGNATURE_HEADER } from '../../modules/messages/webhooks';
import { SolapiError, solapiMessaging } from './solapi';
import type { CampaignMessage } from './index';

/**
 * The Solapi adapter (MESSAGE_PROVIDER=solapi) against the local fake of Solapi's contract
 * (tests/support/fakeSolapi.ts, which checks every request's HMAC signature): the batch call and its
 * per-recipient answers, retries of 429/5xx, the campaign job and the platform's own messages through
 * the app, and logs that never hold the key, the secret or a phone number.
 */
const SECRET = 'test-messaging-secret';
const card: ChargeCard = {
  async charge(r: CardChargeRequest) { return { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` }; },
  async cancel() { return { ok: true }; },
};
let fake: FakeSolapi;
let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  fake = await startFakeSolapi();
  t = await createTestApp({
    chargeCard: card,
    logStream: new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } }),
    config: {
      messagingWebhookSecret: SECRET, messageProvider: 'solapi',
      solapi: { apiKey: fake.apiKey, apiSecret: fake.apiSecret, baseUrl: fake.url, senderNumber: '0299998888', pfId: 'KA01PFPLATFORM', templateIds: { GUARANTEE_ISSUED: 'KA01TPGUARANTEE' } },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.messages.length = 0;
  fake.calls.length = 0;
  fake.failPhones.clear();
  fake.deliverAtOnce = false;
});

const adapter = (over: Partial<Parameters<typeof solapiMessaging>[1]> = {}) =>
  solapiMessaging(t.database.db, { apiKey: fake.apiKey, apiSecret: fake.apiSecret, baseUrl: fake.url, senderNumber: '0299998888', backoffMs: 1, ...over });
const msg = (key: string, phone: string, over: Partial<CampaignMessage> = {}): CampaignMessage => ({
  key, tenantIdx: 1, channel: 'SMS', kind: 'SMS', countryCode: '82', phone, text: '(광고) 세일', from: '0212345678', ...over,
});

describe(`Solapi adapter against a local fake (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('signs each call with HMAC-SHA256; a wrong secret is refused and sends nothing', async () => {
    const wrong = adapter({ apiSecret: 'not-the-secret' });
    const err = await wrong.send([msg('k0', '01000000001')]).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(SolapiError);
    expect(err).toMatchObject({ status: 401, code: 'SignatureDoesNotMatch' });
    expect(String((err as Error).message)).not.toContain('01000000001');
    expect(fake.messages).toHaveLength(0);
  });

  it('sends a batch in one call (SMS, LMS, 알림톡, Brand Message text and image with buttons and SMS fallback) and maps each answer to its recipient', async () => {
    fake.failPhones.add('01000000004');
    const brand = { channel: 'BRAND' as const, from: '0212345678', senderKey: 'KA01PFBRAND', buttons: [{ name: '보러 가기', url: 'http://console.test/l/abcdefghijkl1' }] };
    const fallback = { kind: 'LMS' as const, text: '(광고) 문자로 대신', title: '안내' };
    const results = await adapter({ bmsTargeting: 'M' }).send([
      msg('k1', '01000000001'),
      msg('k2', '01000000002', { kind: 'LMS', title: '가을 세일', countryCode: '1' }),
      msg('k3', '01000000003', { channel: 'ALIMTALK', kind: 'ALIMTALK', templateCode: 'KA01TP123', senderKey: 'KA01PFBRAND', text: '주문이 출발했어요' }),
      msg('k4', '01000000004', { ...brand, kind: 'BRAND_TEXT', fallback }),
      msg('k5', '01000000005', { ...brand, kind: 'BRAND_IMAGE', imageUrl: `${fake.url}/image.png` }),
      msg('k6', '01000000006', { ...brand, kind: 'BRAND_IMAGE', imageUrl: `${fake.url}/image.png` }),
    ]);
    expect(fake.calls.filter((c) => c.path === '/messages/v4/send-many/detail')).toHaveLength(1);
    expect(fake.files).toEqual([{ type: 'BMS', name: 'image.png', bytes: 8 }]); // one upload for both
    const [sms, lms, ata, bmsText, bmsImage] = fake.messages;
    expect(sms).toMatchObject({ to: '01000000001', from: '0212345678', type: 'SMS', text: '(광고) 세일', customFields: { key: 'k1' } });
    expect(sms).not.toHaveProperty('country');
    expect(lms).toMatchObject({ type: 'LMS', subject: '가을 세일', country: '1' });
    expect(ata).toMatchObject({ type: 'ATA', kakaoOptions: { pfId: 'KA01PFBRAND', templateId: 'KA01TP123', disableSms: true } });
    expect(bmsText).toMatchObject({
      type: 'BMS_FREE',
      kakaoOptions: { pfId: 'KA01PFBRAND', disableSms: false, bms: { targeting: 'M', chatBubbleType: 'TEXT', buttons: [{ name: '보러 가기', linkType: 'WL', linkMobile: 'http://console.test/l/abcdefghijkl1' }] } },
      replacements: [{ to: '01000000004', from: '0212345678', type: 'LMS', text: '(광고) 문자로 대신', subject: '안내' }],
    });
    expect(bmsImage).toMatchObject({ kakaoOptions: { bms: { chatBubbleType: 'IMAGE', imageId: 'ST01FZ000001' } } });
    const group = results[0].ref;
    expect(group).toMatch(/^G4V/);
    expect(results).toEqual([
      { key: 'k1', status: 'PENDING', ref: group }, { key: 'k2', status: 'PENDING', ref: group }, { key: 'k3', status: 'PENDING', ref: group },
      { key: 'k4', status: 'FAILED', reason: 'SOLAPI_1062' }, { key: 'k5', status: 'PENDING', ref: group }, { key: 'k6', status: 'PENDING', ref: group },
    ]);
    fake.deliverAtOnce = true;
    expect(await adapter().send([msg('k7', '01000000007')])).toEqual([{ key: 'k7', status: 'SENT' }]);
  });

  it('retries 429 and 5xx with backoff, then gives up with the status (the batch stays PENDING for the job)', async () => {
    fake.failNext(429, 1);
    expect(await adapter().send([msg('r1', '01000000011')])).toMatchObject([{ key: 'r1', status: 'PENDING' }]);
    fake.failNext(503, 2);
    expect(await adapter().send([msg('r2', '01000000012')])).toMatchObject([{ key: 'r2', status: 'PENDING' }]);
    expect(fake.calls.map((c) => c.status)).toEqual([429, 200, 503, 503, 200]);
    expect(fake.messages).toHaveLength(2); // each message accepted once
    fake.failNext(500, 10);
    await expect(adapter({ retries: 2 }).send([msg('r3', '01000000013')])).rejects.toMatchObject({ status: 500, code: 'HTTP_500' });
    fake.failNext(0, 0);
  });

  it('sends a campaign from the job with the brand’s number, finishes it by the result webhook, sends the platform’s own messages, and logs no key, secret or phone', async () => {
    t.clock.set(new Date('2026-11-24T11:00:00+09:00'));
    const b = await sessionOf(t, (await confirmedBrand(t)).email);
    await b.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderKey: 'KA01PFBRAND', senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } });
    await charge(t.database.db, card, { tenantIdx: b.tenantIdx, amount: 10_000 }, t.clock.now());
    const phones = ['01077770001', '01077770002', '01077770003'];
    for (const [i, phone] of phones.entries()) await t.database.db.insert(customers).values({ tenantIdx: b.tenantIdx, name: `고객${i}`, phone, agreeMarketing: 'Y' });
    fake.failPhones.add(phones[2]);
    const C = '/api/campaign/v1/campaign';
    const idx = (await b.call({ method: 'POST', url: C, payload: {
      basicInfo: { messageTitle: '세일', messageType: 'SMS' }, recipient: { marketing: true }, messageContent: { content: '#{고객명}님 세일' }, schedule: { sendType: 'IMMEDIATE' },
    } })).json().data.idx;
    expect((await b.call({ method: 'POST', url: `${C}/${idx}/schedule` })).statusCode).toBe(200);
    await runMessageJob(t.app);
    expect(fake.messages.map((m) => [m.to, m.from, m.type])).toEqual(phones.map((p) => [p, '0212345678', 'SMS']));
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ basicMessageStatus: 'SENDING', failCount: 1 });
    const pending = await t.database.db.select().from(messageRecipients).where(and(eq(messageRecipients.tenantIdx, b.tenantIdx), eq(messageRecipients.status, 'PENDING')));
    const body = JSON.stringify({ results: pending.map((r) => ({ key: r.providerKey, status: 'SENT' })) });
    await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/messaging/results', payload: body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, body) } });
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ basicMessageStatus: 'SENT', successCount: 2, failCount: 1 });
    // Nothing of a campaign goes to the local outbox with a real provider.
    expect(await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.tenantIdx, b.tenantIdx))).toEqual([]);

    // The platform's messages (queue): a sign-in code by SMS from the brand's number, a 알림톡 on the platform's channel; recorded with the code masked.
    fake.messages.length = 0;
    await t.app.messaging.queue([
      { tenantIdx: b.tenantIdx, channel: 'SMS', templateCode: 'LOUNGE_OTP', countryCode: '82', phone: phones[0], variables: { code: '482913', text: '[브랜드] 인증번호 482913' }, refType: 'lounge_otp', refIdx: 1, secret: { variable: 'code', expiresAt: t.clock.now() } },
      { tenantIdx: b.tenantIdx, channel: 'ALIMTALK', templateCode: 'GUARANTEE_ISSUED', countryCode: '82', phone: phones[1], variables: { brandName: '브랜드', productName: '코트' }, refType: 'nft', refIdx: 2 },
    ]);
    expect(fake.messages[0]).toMatchObject({ type: 'SMS', from: '0212345678', text: '[브랜드] 인증번호 482913' });
    expect(fake.messages[1]).toMatchObject({ type: 'ATA', kakaoOptions: { pfId: 'KA01PFPLATFORM', templateId: 'KA01TPGUARANTEE', variables: { '#{brandName}': '브랜드', '#{productName}': '코트' } } });
    const outbox = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.tenantIdx, b.tenantIdx)).orderBy(messageOutbox.idx);
    expect(outbox.map((o) => [o.status, o.variables.code ?? null])).toEqual([['sent', '******'], ['sent', null]]);
    // Solapi down: the caller's work stands, the message is recorded as failed and the failure reported.
    fake.failNext(400, 1);
    await t.app.messaging.queue([{ tenantIdx: b.tenantIdx, channel: 'SMS', templateCode: 'LOUNGE_OTP', countryCode: '82', phone: phones[1], variables: { text: 'x' } }]);
    expect((await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.tenantIdx, b.tenantIdx)).orderBy(messageOutbox.idx)).at(-1)!.status).toBe('failed');
    const all = logs.join('');
    expect(all).toContain('messages could not be sent');
    for (const secret of [fake.apiKey, fake.apiSecret, ...phones, '482913']) expect(all).not.toContain(secret);
  });

  it('reads Solapi’s delivery reports into results: the campaign reaches SENT, credit settles at the delivered cost, a failed recipient refunded; claimed once', async () => {
    t.clock.set(new Date('2026-11-25T11:00:00+09:00'));
    await t.database.db.update(messageResultPolls).set({ doneAt: t.clock.now() }); // the earlier test's group
    const b = await sessionOf(t, (await confirmedBrand(t)).email);
    await b.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } });
    await charge(t.database.db, card, { tenantIdx: b.tenantIdx, amount: 10_000 }, t.clock.now());
    const before = (await ensureAccount(t.database.db, b.tenantIdx)).balance;
    const phones = ['01066660001', '01066660002', '01066660003'];
    for (const [i, phone] of phones.entries()) await t.database.db.insert(customers).values({ tenantIdx: b.tenantIdx, name: `고객${i}`, phone, agreeMarketing: 'Y' });
    const C = '/api/campaign/v1/campaign';
    const idx = (await b.call({ method: 'POST', url: C, payload: {
      basicInfo: { messageTitle: '리포트', messageType: 'SMS' }, recipient: { marketing: true }, messageContent: { content: '#{고객명}님 세일' }, schedule: { sendType: 'IMMEDIATE' },
    } })).json().data.idx;
    await b.call({ method: 'POST', url: `${C}/${idx}/schedule` });
    await runMessageJob(t.app);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data.basicMessageStatus).toBe('SENDING');
    const polls = await t.database.db.select().from(messageResultPolls).where(eq(messageResultPolls.tenantIdx, b.tenantIdx));
    expect(polls).toHaveLength(1);

    // Not due before 30 s; then two pollers at once: the group is claimed by one (one list call).
    expect(await runResultPoll(t.app)).toBe(0);
    fake.report(phones[0], '4000');
    fake.report(phones[1], '3059'); // the carrier refused it after acceptance
    fake.report(phones[2], '3000'); // still on its way
    t.clock.set(new Date(t.clock.now().getTime() + 31_000));
    expect((await Promise.all([runResultPoll(t.app), runResultPoll(t.app)])).sort()).toEqual([0, 1]);
    expect(fake.listQueries.map((q) => [q.get('criteria'), q.get('cond'), q.get('value')])).toEqual([['groupId', 'eq', polls[0].ref]]);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ basicMessageStatus: 'SENDING', successCount: 1, failCount: 1 });
    // Leased: not polled again until its backoff has run.
    expect(await runResultPoll(t.app)).toBe(0);

    fake.report(phones[2], '4000');
    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    expect(await runResultPoll(t.app)).toBe(1);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ basicMessageStatus: 'SENT', successCount: 2, failCount: 1, messageCost: 40 });
    expect((await b.call({ method: 'GET', url: `${C}/${idx}/recipients` })).json().data.list.map((r: Record<string, unknown>) => [r.phone, r.status, r.sentKind, r.cost, r.failReason])).toEqual([
      [phones[0], 'SENT', 'SMS', 20, null], [phones[1], 'FAILED', null, 0, 'SOLAPI_3059'], [phones[2], 'SENT', 'SMS', 20, null],
    ]);
    const [reservation] = await t.database.db.select().from(creditReservations).where(eq(creditReservations.tenantIdx, b.tenantIdx));
    expect(reservation).toMatchObject({ amount: 60, settledAmount: 40, status: 'SETTLED' });
    expect((await ensureAccount(t.database.db, b.tenantIdx)).balance).toBe(before - 40);
    // Done: never polled again, and a late signed webhook of the same results changes nothing.
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_000));
    expect(await runResultPoll(t.app)).toBe(0);
    const late = JSON.stringify({ results: (await t.database.db.select().from(messageRecipients).where(eq(messageRecipients.tenantIdx, b.tenantIdx))).map((r) => ({ key: r.providerKey, status: 'SENT' })) });
    await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/messaging/results', payload: late, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, late) } });
    expect((await ensureAccount(t.database.db, b.tenantIdx)).balance).toBe(before - 40);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ successCount: 2, failCount: 1 });

    // A Kakao message delivered by its SMS fallback (Solapi's replacement message) is SENT by fallback.
    const [sent] = await adapter().send([msg('f1', '01066660009', { channel: 'BRAND', kind: 'BRAND_TEXT', senderKey: 'KA01PFBRAND', fallback: { kind: 'SMS', text: '(광고) 대신' } })]);
    fake.report('01066660009', '4000', true);
    expect(await adapter().results(sent.ref!)).toEqual({ results: [{ key: 'f1', status: 'SENT', fallback: true }], pending: 0 });
  });

  it('sends a text message with an image as Solapi MMS (the image uploaded as an MMS file), estimated and charged at the MMS price', async () => {
    t.clock.set(new Date('2026-11-26T11:00:00+09:00'));
    const b = await sessionOf(t, (await confirmedBrand(t)).email);
    await b.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } });
    await charge(t.database.db, card, { tenantIdx: b.tenantIdx, amount: 10_000 }, t.clock.now());
    const before = (await ensureAccount(t.database.db, b.tenantIdx)).balance;
    await t.database.db.insert(customers).values({ tenantIdx: b.tenantIdx, name: '고객', phone: '01055550001', agreeMarketing: 'Y' });
    const C = '/api/campaign/v1/campaign';
    const content = { content: '#{고객명}님 신상품', title: '신상품 안내', imageUrl: `${fake.url}/image.png` };
    const estimate = (await b.call({ method: 'POST', url: `${C}/estimate`, payload: { messageType: 'SMS', recipient: { marketing: true }, content: content.content, imageUrl: content.imageUrl, smsFallback: { activate: false } } })).json().data;
    expect(estimate).toMatchObject({ estimatedCustomerCount: 1, unitCost: 100, estimatedCost: 100, kind: 'MMS' });
    const idx = (await b.call({ method: 'POST', url: C, payload: {
      basicInfo: { messageTitle: 'MMS', messageType: 'SMS' }, recipient: { marketing: true }, messageContent: content, schedule: { sendType: 'IMMEDIATE' },
    } })).json().data.idx;
    await b.call({ method: 'POST', url: `${C}/${idx}/schedule` });
    fake.deliverAtOnce = true;
    const files = fake.files.length;
    await runMessageJob(t.app);
    expect(fake.files.slice(files)).toEqual([{ type: 'MMS', name: 'image.png', bytes: 8 }]);
    expect(fake.messages).toEqual([expect.objectContaining({ type: 'MMS', to: '01055550001', subject: '신상품 안내', imageId: `ST01FZ${String(files + 1).padStart(6, '0')}` })]);
    expect((await b.call({ method: 'GET', url: `${C}/${idx}` })).json().data).toMatchObject({ basicMessageStatus: 'SENT', successCount: 1, messageCost: 100 });
    expect((await b.call({ method: 'GET', url: `${C}/${idx}/recipients` })).json().data.list[0]).toMatchObject({ status: 'SENT', sentKind: 'MMS', cost: 100 });
    expect((await ensureAccount(t.database.db, b.tenantIdx)).balance).toBe(before - 100);
  });
});
