import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf, uniqueEmail } from '../../../tests/helpers/accounts';
import { recordingMessaging } from '../../../tests/helpers/messaging';
import { coupons, customerCoupons, customers, featureSettings, messageOutbox, nftTemplates, nfts, staffPinFailures, staffPins, stores } from '../../db/schema';
import { LOUNGE_MSG, LOUNGE_STATUS, OTP_LIMITS, OTP_TTL_MS, STAFF_PIN_LIMITS } from '../../../src/domain/lounge';
import { buildApp } from '../../app';
import { grantCoupon } from '../coupons/wallet';
import { findAccountByEmail } from '../accounts/repository';
import { createSession } from '../accounts/sessions';
import { runOutboxSecretJob } from '../../jobs/outboxSecrets';
import { PUBLIC_LOUNGE, STAFF_PIN } from './routes';
import { createLoungeSession } from './session';

const L = `/api${PUBLIC_LOUNGE}`;
const PIN = `/api${STAFF_PIN}`;
const GAP = OTP_LIMITS.resendGapMs + 1000;

let t: TestApp;
const recorder = recordingMessaging();
let brand: Awaited<ReturnType<typeof sessionOf>>;
let loungeKey: string;
let phoneSeq = 0;
/** A fresh mobile number per call, so each test's sends start from zero. */
const newPhone = () => `0109${String(10000000 + ++phoneSeq).slice(1)}`;
let ipSeq = 0;
/** Each test's default client address (beforeEach), so the routes' per-IP minute limits do not carry across tests. */
let defaultIp = '10.0.0.1';
const newIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const lounge = (opts: InjectOptions & { token?: string; ip?: string; key?: string }) => {
  const { token, ip, key, ...rest } = opts;
  return t.app.inject({
    ...rest,
    url: `${L}/${key ?? loungeKey}${rest.url ?? ''}`,
    remoteAddress: ip ?? defaultIp,
    headers: { ...(rest.headers ?? {}), ...(token ? { 'x-lounge-token': token } : {}) },
  });
};

/** The newest code texted to the phone, as sent (on PostgreSQL the outbox row holds it masked). */
async function latestCode(phone: string): Promise<string> {
  const m = recorder.sent.filter((x) => x.phone === phone && x.templateCode === 'LOUNGE_OTP').at(-1);
  if (!m) throw new Error(`no code sent to ${phone}`);
  return m.variables.code;
}
const outboxRow = async (phone: string) =>
  (await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.phone, phone)).orderBy(desc(messageOutbox.idx)).limit(1))[0];

async function signIn(phone = newPhone(), key = loungeKey): Promise<{ token: string; phone: string; customerIdx: number; tenantIdx: number }> {
  const ip = newIp();
  const sent = await lounge({ method: 'POST', url: '/otp', payload: { phone }, ip, key });
  expect(sent.statusCode).toBe(200);
  const res = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code: await latestCode(phone) }, ip, key });
  expect(res.statusCode).toBe(200);
  const [c] = await t.database.db.select().from(customers).where(eq(customers.phone, phone)).orderBy(desc(customers.idx)).limit(1);
  return { token: res.json().data.token, phone, customerIdx: c.idx, tenantIdx: c.tenantIdx };
}

async function membershipOf(tenantIdx: number, extra: Partial<typeof nftTemplates.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(nftTemplates).values({
    tenantIdx, templateType: 'MEMBERSHIP', nftCardName: '라운지 테스트 멤버십', expireType: 'DAY', expireDays: 365, ...extra,
  }).returning({ idx: nftTemplates.idx });
  return row.idx;
}
async function couponOf(tenantIdx: number, membershipIdx: number, extra: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(coupons).values({
    tenantIdx, title: '매장 음료 쿠폰', membershipIdx, expireType: 1, expireDays: 7, usePlace: 2, ...extra,
  }).returning({ idx: coupons.idx });
  return row.idx;
}
async function walletCoupon(tenantIdx: number, customerIdx: number, extra: Partial<typeof coupons.$inferInsert> = {}) {
  const [m] = await t.database.db.select({ idx: nftTemplates.idx }).from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'))).limit(1);
  const couponIdx = await couponOf(tenantIdx, m.idx, extra);
  const granted = await t.database.db.transaction((tx) => grantCoupon(tx, { tenantIdx, couponIdx, customerIdx, source: 'MANUAL' }, t.clock.now()));
  if (!('idx' in granted)) throw new Error('not granted');
  return granted.idx;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true, messaging: recorder.messaging });
  brand = await sessionOf(t, 'brand@demo.test');
  const res = await brand.call({ method: 'GET', url: PIN });
  loungeKey = res.json().data.loungeKey;
});
afterAll(() => t.close());
beforeEach(() => {
  defaultIp = newIp();
});

describe(`the customer lounge (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  describe('the staff PIN and the lounge link (console)', () => {
    it('gives the main account a stable lounge key and keeps the PIN hashed, never answered', async () => {
      const first = await brand.call({ method: 'GET', url: PIN });
      expect(first.json().data).toEqual({ pinSet: false, pausedUntil: null, loungeKey, loungePath: `/lounge/${loungeKey}` });
      expect(loungeKey).toMatch(/^[a-z0-9]{12}$/);
      const mismatch = await brand.call({ method: 'PUT', url: PIN, payload: { pin: '1234', pinConfirm: '1235' } });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors).toEqual({ pinConfirm: LOUNGE_MSG.pinMismatch });
      const short = await brand.call({ method: 'PUT', url: PIN, payload: { pin: '12a4', pinConfirm: '12a4' } });
      expect(short.json().errors.pin).toBe(LOUNGE_MSG.pinRequired);
      const saved = await brand.call({ method: 'PUT', url: PIN, payload: { pin: '2580', pinConfirm: '2580' } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({ pinSet: true, pausedUntil: null, loungeKey, loungePath: `/lounge/${loungeKey}` });
      expect(saved.body).not.toContain('2580');
      const [row] = await t.database.db.select().from(staffPins).where(eq(staffPins.tenantIdx, brand.tenantIdx));
      expect(row.pinHash).not.toContain('2580');
      expect(row.pinHash.startsWith('$argon2')).toBe(true);
    });

    it('refuses a sub-account', async () => {
      const staff = await sessionOf(t, 'staff@demo.test');
      expect((await staff.call({ method: 'GET', url: PIN })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
      expect((await staff.call({ method: 'PUT', url: PIN, payload: { pin: '0000', pinConfirm: '0000' } })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    });
  });

  describe('sign-in by one-time code', () => {
    it('shows the brand and its active memberships without a login; an unknown key is not found', async () => {
      const res = await lounge({ method: 'GET' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.brandName).toBeTruthy();
      expect(res.json().data.memberships.map((m: { name: string }) => m.name)).toContain('데모 VIP 멤버십');
      const unknown = await lounge({ method: 'GET', key: 'zzzzzzzzzzzz' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(LOUNGE_MSG.notFound);
      expect((await lounge({ method: 'GET', key: '../admin' })).statusCode).toBe(404);
    });

    it('sends a 6-digit code by SMS, stores it hashed, signs in with it once, finds or creates the customer and marks the wallet', async () => {
      const phone = newPhone();
      expect((await lounge({ method: 'POST', url: '/otp', payload: { phone: '02-123-4567' } })).json().errors.phone).toBe(LOUNGE_MSG.phoneInvalid);
      const sent = await lounge({ method: 'POST', url: '/otp', payload: { phone: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}` } });
      expect(sent.statusCode).toBe(200);
      const code = await latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      const [m] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.phone, phone));
      expect(m).toMatchObject({ channel: 'SMS', templateCode: 'LOUNGE_OTP', tenantIdx: brand.tenantIdx });
      const wrongCode = code === '000000' ? '000001' : '000000';
      const wrong = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code: wrongCode } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.code).toBe(LOUNGE_MSG.codeWrong(4));
      const ok = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.token).toMatch(/^lng_/);
      const again = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code } });
      expect(again.json().errors.code).toBe(LOUNGE_MSG.codeMissing);
      const [c] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, brand.tenantIdx), eq(customers.phone, phone)));
      expect(c).toMatchObject({ hasWallet: 'Y', name: LOUNGE_MSG.defaultCustomerName });
      const me = await lounge({ method: 'GET', url: '/me', token: ok.json().data.token });
      expect(me.json().data.customer).toEqual({ name: LOUNGE_MSG.defaultCustomerName, phoneMasked: `010-****-${phone.slice(-4)}` });
    });

    it('an existing customer keeps their record and gets the wallet mark', async () => {
      const phone = newPhone();
      const [existing] = await t.database.db.insert(customers).values({ tenantIdx: brand.tenantIdx, phone, name: '김단골' }).returning();
      const s = await signIn(phone);
      expect(s.customerIdx).toBe(existing.idx);
      const [c] = await t.database.db.select().from(customers).where(eq(customers.idx, existing.idx));
      expect(c).toMatchObject({ name: '김단골', hasWallet: 'Y' });
    });

    it('a code expires after 3 minutes (the app clock)', async () => {
      const phone = newPhone();
      await lounge({ method: 'POST', url: '/otp', payload: { phone } });
      const code = await latestCode(phone);
      t.clock.advance(OTP_TTL_MS);
      const res = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN', message: LOUNGE_MSG.codeExpired });
    });

    it('locks a code after 5 wrong tries, even when the right one comes next', async () => {
      const phone = newPhone();
      await lounge({ method: 'POST', url: '/otp', payload: { phone } });
      const code = await latestCode(phone);
      const wrong = code === '111111' ? '222222' : '111111';
      const tries = [];
      for (let i = 0; i < 5; i++) tries.push(await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code: wrong } }));
      expect(tries.slice(0, 4).map((r) => r.json().errors.code)).toEqual([4, 3, 2, 1].map((n) => LOUNGE_MSG.codeWrong(n)));
      expect(tries[4].statusCode).toBe(429);
      expect(tries[4].json().message).toBe(LOUNGE_MSG.codeLocked);
      const right = await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code } });
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(LOUNGE_MSG.codeLocked);
    });

    it('concurrent wrong tries never count past the lock', async () => {
      const phone = newPhone();
      await lounge({ method: 'POST', url: '/otp', payload: { phone } });
      const code = await latestCode(phone);
      const wrong = code === '333333' ? '444444' : '333333';
      const results = await Promise.all(Array.from({ length: 12 }, () => lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code: wrong } })));
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
      expect((await lounge({ method: 'POST', url: '/otp/verify', payload: { phone, code } })).statusCode).toBe(429);
    });

    it('keeps a code readable in the outbox only on the embedded database (the demo), and only until it is used, replaced, locked or expired', async () => {
      const readable = t.database.kind === 'pglite';
      const masked = '******';
      /** The outbox row of the phone's newest code: readable (the demo) or masked everywhere, code and text. */
      const expectRow = async (phone: string, code: string, state: 'readable' | 'masked') => {
        const m = await outboxRow(phone);
        if (state === 'readable') {
          expect(m.variables).toEqual({ code, text: expect.stringContaining(code) });
          expect(m.secretVariable).toBe('code');
          expect(m.secretExpiresAt?.getTime()).toBe(t.clock.now().getTime() + OTP_TTL_MS);
        } else {
          expect(JSON.stringify(m.variables)).not.toContain(code);
          expect(m.variables).toEqual({ code: masked, text: expect.stringContaining(masked) });
          expect(m).toMatchObject({ secretVariable: null, secretExpiresAt: null });
        }
      };
      const sendTo = async (phone: string) => {
        expect((await lounge({ method: 'POST', url: '/otp', payload: { phone } })).statusCode).toBe(200);
        return latestCode(phone);
      };

      const used = newPhone();
      const usedCode = await sendTo(used);
      await expectRow(used, usedCode, readable ? 'readable' : 'masked');
      expect((await lounge({ method: 'POST', url: '/otp/verify', payload: { phone: used, code: usedCode } })).statusCode).toBe(200);
      await expectRow(used, usedCode, 'masked');

      const expiring = newPhone();
      const expiringCode = await sendTo(expiring);
      await runOutboxSecretJob(t.app);
      await expectRow(expiring, expiringCode, readable ? 'readable' : 'masked');
      t.clock.advance(OTP_TTL_MS);
      await runOutboxSecretJob(t.app);
      await expectRow(expiring, expiringCode, 'masked');

      const replaced = newPhone();
      const firstCode = await sendTo(replaced);
      t.clock.advance(GAP);
      const secondCode = await sendTo(replaced);
      const rows = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.phone, replaced)).orderBy(messageOutbox.idx);
      expect(JSON.stringify(rows[0].variables)).not.toContain(firstCode);
      expect(rows[1].variables.code).toBe(readable ? secondCode : masked);

      const locked = newPhone();
      const lockedCode = await sendTo(locked);
      const wrong = lockedCode === '555555' ? '666666' : '555555';
      for (let i = 0; i < 5; i++) await lounge({ method: 'POST', url: '/otp/verify', payload: { phone: locked, code: wrong } });
      await expectRow(locked, lockedCode, 'masked');
    });

    it('limits sends per phone: one per 30 seconds, 5 an hour', async () => {
      const phone = newPhone();
      const send = () => lounge({ method: 'POST', url: '/otp', payload: { phone }, ip: newIp() });
      expect((await send()).statusCode).toBe(200);
      const gap = await send();
      expect(gap.statusCode).toBe(429);
      expect(gap.json().message).toBe(LOUNGE_MSG.sendGap);
      for (let i = 0; i < 4; i++) {
        t.clock.advance(GAP);
        expect((await send()).statusCode).toBe(200);
      }
      t.clock.advance(GAP);
      const sixth = await send();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(LOUNGE_MSG.sendPhoneLimit);
      t.clock.advance(OTP_LIMITS.windowMs);
      expect((await send()).statusCode).toBe(200);
    });

    it('limits sends per client IP: 20 an hour', async () => {
      const ip = '10.9.9.9';
      for (let i = 0; i < OTP_LIMITS.perIp; i++) {
        expect((await lounge({ method: 'POST', url: '/otp', payload: { phone: newPhone() }, ip })).statusCode).toBe(200);
      }
      const refused = await lounge({ method: 'POST', url: '/otp', payload: { phone: newPhone() }, ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(LOUNGE_MSG.sendIpLimit);
      expect((await lounge({ method: 'POST', url: '/otp', payload: { phone: newPhone() }, ip: '10.9.9.10' })).statusCode).toBe(200);
    });

    it('concurrent sends cannot slip past the limits', async () => {
      const phone = newPhone();
      const same = await Promise.all(Array.from({ length: 8 }, () => lounge({ method: 'POST', url: '/otp', payload: { phone }, ip: newIp() })));
      expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const ip = '10.8.8.8';
      const many = await Promise.all(Array.from({ length: OTP_LIMITS.perIp + 6 }, () => lounge({ method: 'POST', url: '/otp', payload: { phone: newPhone() }, ip })));
      expect(many.filter((r) => r.statusCode === 200)).toHaveLength(OTP_LIMITS.perIp);
    });

    it('never logs codes, tokens or phones', async () => {
      let log = '';
      const logStream = new Writable({ write(chunk, _enc, done) { log += String(chunk); done(); } });
      const sentThere = recordingMessaging();
      const logged = await createTestApp({ demo: true, logStream, messaging: sentThere.messaging });
      try {
        const key = (await (await sessionOf(logged, 'brand@demo.test')).call({ method: 'GET', url: PIN })).json().data.loungeKey;
        const phone = '01077776666';
        await logged.app.inject({ method: 'POST', url: `${L}/${key}/otp`, payload: { phone } });
        const m = sentThere.sent.at(-1)!;
        await logged.app.inject({ method: 'POST', url: `${L}/${key}/otp/verify`, payload: { phone, code: m.variables.code === '000000' ? '000001' : '000000' } });
        const ok = await logged.app.inject({ method: 'POST', url: `${L}/${key}/otp/verify`, payload: { phone, code: m.variables.code } });
        const token = ok.json().data.token;
        await logged.app.inject({ method: 'GET', url: `${L}/${key}/me`, headers: { 'x-lounge-token': token } });
        expect(log).toContain(`${L}/${key}/otp/verify`);
        for (const secret of [phone, m.variables.code, token]) expect(log).not.toContain(secret);
      } finally {
        await logged.close();
      }
    });
  });

  describe('sessions are separate', () => {
    it('a customer token never opens a partner route, a partner token never opens the lounge', async () => {
      const s = await signIn();
      for (const headers of [{ authorization: `Bearer ${s.token}` }, { 'x-auth-token': s.token }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/customers', headers });
        expect(res.statusCode).toBe(401);
      }
      expect((await t.app.inject({ method: 'GET', url: PIN, headers: { authorization: `Bearer ${s.token}` } })).statusCode).toBe(401);
      const account = await findAccountByEmail(t.database.db, 'brand@demo.test');
      const partnerToken = (await createSession(t.database.db, account!, t.clock.now())).token;
      expect((await t.app.inject({ method: 'GET', url: PIN, headers: { authorization: `Bearer ${partnerToken}` } })).statusCode).toBe(200);
      expect((await lounge({ method: 'GET', url: '/me', token: partnerToken })).statusCode).toBe(401);
      expect((await lounge({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${partnerToken}` } })).statusCode).toBe(401);
      expect((await lounge({ method: 'GET', url: '/me' })).json().message).toBe(LOUNGE_MSG.signInRequired);
    });

    it('signs out', async () => {
      const s = await signIn();
      expect((await lounge({ method: 'POST', url: '/sign-out', token: s.token })).statusCode).toBe(200);
      expect((await lounge({ method: 'GET', url: '/me', token: s.token })).statusCode).toBe(401);
    });
  });

  describe('memberships', () => {
    it('joins a membership at once: issued by user application, with its coupons in the wallet and a barcode', async () => {
      const templateIdx = await membershipOf(brand.tenantIdx);
      const couponIdx = await couponOf(brand.tenantIdx, templateIdx, { usePassword: 'Y', oncePerCustomer: 'Y' });
      const s = await signIn();
      const joined = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data).toMatchObject({ status: 3, statusLabel: LOUNGE_STATUS.issued });
      const [nft] = await t.database.db.select().from(nfts).where(eq(nfts.idx, joined.json().data.idx));
      expect(nft).toMatchObject({ nftType: 'MEMBERSHIP', requestRoute: 'user', nftStatus: 3, customerIdx: s.customerIdx, nftTemplateIdx: templateIdx });
      const me = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data;
      expect(me.memberships).toEqual([expect.objectContaining({ templateIdx, name: '라운지 테스트 멤버십', statusLabel: LOUNGE_STATUS.issued })]);
      expect(me.coupons).toEqual([expect.objectContaining({ title: '매장 음료 쿠폰', state: 'usable', usePassword: true, barcode: expect.stringMatching(/^\d{12}$/) })]);
      const held = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.couponIdx, couponIdx), eq(customerCoupons.customerIdx, s.customerIdx)));
      expect(held).toHaveLength(1);
      const again = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(LOUNGE_MSG.membershipAlreadyJoined);
    });

    it('the joined card shows its benefits, links and coupons; the template\'s attached coupons are in the wallet, online with its code (issue 23)', async () => {
      const templateIdx = await membershipOf(brand.tenantIdx, {
        nftCardName: '첨부 멤버십',
        benefits: [{ title: '무료 배송', contents: '모든 주문' }],
        nftCustomLinks: [{ name: '공식몰', url: 'https://shop.example' }, { name: '스크립트', url: 'javascript:alert(1)' }],
        partnersCoupon: [
          { title: '웰컴 쿠폰', offline: 'N', couponNumber: 'WELCOME10', couponUrl: 'https://shop.example/welcome', endDate: '', isIssuable: 'Y' },
          { title: '매장 음료', offline: 'Y', couponNumber: '', couponUrl: '', endDate: '', isIssuable: 'Y' },
        ],
      });
      const s = await signIn();
      const joined = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(joined.statusCode, joined.body).toBe(200);
      const me = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data;
      const [card] = me.memberships;
      expect(card).toMatchObject({
        templateIdx, benefits: [{ title: '무료 배송', contents: '모든 주문' }], links: [{ name: '공식몰', url: 'https://shop.example' }],
      });
      const online = { title: '웰컴 쿠폰', online: true, code: 'WELCOME10', url: 'https://shop.example/welcome', usePassword: false, state: 'usable', membershipIdx: joined.json().data.idx };
      const offline = { title: '매장 음료', online: false, code: null, url: null, usePassword: true, state: 'usable' };
      expect(card.coupons).toEqual(expect.arrayContaining([expect.objectContaining(online), expect.objectContaining(offline)]));
      expect(card.coupons).toHaveLength(2);
      expect(me.coupons).toEqual(expect.arrayContaining([expect.objectContaining(online), expect.objectContaining(offline)]));
      // Joined once: each once in the wallet.
      expect(await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, s.tenantIdx), eq(customerCoupons.customerIdx, s.customerIdx)))).toHaveLength(2);
      // The online coupon is used without the staff PIN (the page asks the customer to confirm first).
      const onlineIdx = card.coupons.find((c: { title: string }) => c.title === '웰컴 쿠폰').idx;
      const used = await lounge({ method: 'POST', url: `/coupons/${onlineIdx}/redeem`, token: s.token, payload: {} });
      expect(used.statusCode, used.body).toBe(200);
    });

    it('two joins at once make one membership', async () => {
      const templateIdx = await membershipOf(brand.tenantIdx);
      const s = await signIn();
      const results = await Promise.all(Array.from({ length: 5 }, () => lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const rows = await t.database.db.select().from(nfts).where(and(eq(nfts.customerIdx, s.customerIdx), eq(nfts.nftTemplateIdx, templateIdx)));
      expect(rows).toHaveLength(1);
    });

    it('waits for approval when the template asks for it (status 1, user application)', async () => {
      const templateIdx = await membershipOf(brand.tenantIdx, { useUserMinting: 'Y', nftCardName: '승인제 멤버십' });
      const s = await signIn();
      const joined = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(joined.json().data).toMatchObject({ status: 1, statusLabel: LOUNGE_STATUS.waiting });
      const me = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data;
      expect(me.memberships[0]).toMatchObject({ name: '승인제 멤버십', statusLabel: LOUNGE_STATUS.waiting });
      expect(me.coupons).toEqual([]);
      const [nft] = await t.database.db.select().from(nfts).where(eq(nfts.idx, joined.json().data.idx));
      expect(nft).toMatchObject({ nftType: 'MEMBERSHIP', requestRoute: 'user', nftStatus: 1, issuedAt: null, customerIdx: s.customerIdx });
      // Waiting past the end its days would have had: not issued, so not expired; it still holds the membership.
      await t.database.db.update(nfts).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(nfts.idx, nft.idx));
      const again = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(again.statusCode, again.body).toBe(409);
    });

    it('a membership past its days shows as expired and stays on the customer, who may join it again', async () => {
      const templateIdx = await membershipOf(brand.tenantIdx, { expireType: 'DAY', expireDays: 1, nftCardName: '하루 멤버십' });
      const s = await signIn();
      const first = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(first.statusCode).toBe(200);
      const today = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data.memberships[0];
      expect(today).toMatchObject({ name: '하루 멤버십', statusLabel: LOUNGE_STATUS.issued });
      expect((await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token })).statusCode).toBe(409);
      t.clock.advance(2 * 24 * 60 * 60 * 1000);
      const later = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data.memberships[0];
      expect(later).toMatchObject({ name: '하루 멤버십', statusLabel: LOUNGE_STATUS.expired, endDay: today.endDay });
      // Joining again issues a new one (server/modules/memberships/held.ts); the expired one stays, still expired.
      const again = await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.idx).not.toBe(first.json().data.idx);
      const both = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data.memberships;
      expect(both).toEqual([
        expect.objectContaining({ idx: again.json().data.idx, statusLabel: LOUNGE_STATUS.issued }),
        expect.objectContaining({ idx: first.json().data.idx, statusLabel: LOUNGE_STATUS.expired, endDay: today.endDay }),
      ]);
      expect((await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token })).statusCode).toBe(409);
    });

    it('refuses a stopped template, a guarantee template and another tenant\'s membership', async () => {
      const stopped = await membershipOf(brand.tenantIdx, { status: 'STOP' });
      const [guarantee] = await t.database.db.select({ idx: nftTemplates.idx }).from(nftTemplates)
        .where(and(eq(nftTemplates.tenantIdx, brand.tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE'))).limit(1);
      const coop = await sessionOf(t, 'coop@demo.test');
      const foreign = await membershipOf(coop.tenantIdx);
      const s = await signIn();
      for (const idx of [stopped, guarantee.idx, foreign, 99999999]) {
        const res = await lounge({ method: 'POST', url: `/memberships/${idx}/join`, token: s.token });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(LOUNGE_MSG.membershipNotFound);
      }
    });
  });

  describe('redemption', () => {
    it('needs the staff PIN when the coupon asks for it; records the time and store; the counts change', async () => {
      const s = await signIn();
      // A console session made now: earlier tests moved the clock past the first one's life.
      const partner = await sessionOf(t, 'brand@demo.test');
      const walletIdx = await walletCoupon(brand.tenantIdx, s.customerIdx, { usePassword: 'Y' });
      const before = (await partner.call({ method: 'GET', url: `/api/v1/admin/customers/${s.customerIdx}` })).json().data;
      expect(before).toMatchObject({ couponRemainCount: 1, couponUsedCount: 0, hasWallet: 'Y' });
      const none = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors.pin).toBe(LOUNGE_MSG.pinRequired);
      const wrong = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '0000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: LOUNGE_MSG.pinWrong, errors: { pin: LOUNGE_MSG.pinWrong } });
      const [store] = await partner.call({ method: 'GET', url: '/api/v1/admin/store/list' }).then((r) => r.json().data.list ?? r.json().data);
      const ok = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '2580', storeIdx: store?.idx ?? null } });
      expect(ok.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(customerCoupons).where(eq(customerCoupons.idx, walletIdx));
      expect(row).toMatchObject({ status: 'USED', usedStoreIdx: store?.idx ?? null });
      expect(row.usedAt?.getTime()).toBe(t.clock.now().getTime());
      const twice = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '2580' } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(LOUNGE_MSG.couponUsed);
      const after = (await partner.call({ method: 'GET', url: `/api/v1/admin/customers/${s.customerIdx}` })).json().data;
      expect(after).toMatchObject({ couponRemainCount: 0, couponUsedCount: 1 });
      const listed = (await partner.call({ method: 'GET', url: `/api/v1/admin/customers?searchKeyword=${s.phone}` })).json().data.list;
      expect(listed).toEqual([expect.objectContaining({ customerIdx: s.customerIdx, couponRemainCount: 0, couponUsedCount: 1 })]);
    });

    it('a coupon for specific stores is redeemed at one of them, recorded with the store', async () => {
      const [here, there] = await t.database.db.insert(stores).values([
        { tenantIdx: brand.tenantIdx, name: '성수점' }, { tenantIdx: brand.tenantIdx, name: '잠실점' },
      ]).returning({ idx: stores.idx });
      const s = await signIn();
      const walletIdx = await walletCoupon(brand.tenantIdx, s.customerIdx, { usePlace: 3, storeIdxList: [here.idx] });
      const me = (await lounge({ method: 'GET', url: '/me', token: s.token })).json().data;
      expect(me.coupons[0]).toMatchObject({ storeRequired: true, stores: [{ idx: here.idx, name: '성수점' }] });
      const none = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: {} });
      expect(none.json().errors).toEqual({ storeIdx: LOUNGE_MSG.storeRequired });
      const wrong = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { storeIdx: there.idx } });
      expect(wrong.json().errors).toEqual({ storeIdx: LOUNGE_MSG.storeInvalid });
      const ok = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { storeIdx: here.idx } });
      expect(ok.json().data).toMatchObject({ storeIdx: here.idx });
      const [row] = await t.database.db.select().from(customerCoupons).where(eq(customerCoupons.idx, walletIdx));
      expect(row).toMatchObject({ status: 'USED', usedStoreIdx: here.idx });
    });

    it('limits wrong PINs per customer: 5 in 10 minutes', async () => {
      const s = await signIn();
      const walletIdx = await walletCoupon(brand.tenantIdx, s.customerIdx, { usePassword: 'Y' });
      for (let i = 0; i < 5; i++) {
        expect((await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '1111' } })).statusCode).toBe(400);
      }
      const locked = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '2580' } });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(LOUNGE_MSG.pinLocked);
      t.clock.advance(10 * 60 * 1000 + 1);
      expect((await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: { pin: '2580' } })).statusCode).toBe(200);
    });

    describe('the staff PIN limits hold however concurrent, across server processes (issue 20)', () => {
      const PIN_RIGHT = '4321';
      const PIN_WRONG = '0000';
      /** A brand of its own (its budget is spent here) with a PIN, a membership and customers holding a PIN coupon. */
      async function pinBrand() {
        const account = await confirmedBrand(t, { email: uniqueEmail('pin') });
        const tenantIdx = (await findAccountByEmail(t.database.db, account.email))!.idx;
        const consoleCall = async () => (await sessionOf(t, account.email)).call;
        const key = (await (await consoleCall())({ method: 'GET', url: PIN })).json().data.loungeKey;
        const savePin = async (pin: string) => (await consoleCall())({ method: 'PUT', url: PIN, payload: { pin, pinConfirm: pin } });
        expect((await savePin(PIN_RIGHT)).statusCode).toBe(200);
        await membershipOf(tenantIdx);
        // A customer with the session verifying a code would give (sign-in is tested above): these
        // tests seat 30 and more, and two requests each would be most of their time on a busy machine.
        const customer = async () => {
          const [row] = await t.database.db.insert(customers).values({ tenantIdx, phone: newPhone(), name: '', hasWallet: 'Y' }).returning({ idx: customers.idx });
          const { token } = await createLoungeSession(t.database.db, tenantIdx, row.idx, t.clock.now());
          return { token, walletIdx: await walletCoupon(tenantIdx, row.idx, { usePassword: 'Y' }) };
        };
        const redeem = (c: { token: string; walletIdx: number }, pin: string, app = t.app) => app.inject({
          method: 'POST', url: `${L}/${key}/coupons/${c.walletIdx}/redeem`, payload: { pin },
          remoteAddress: newIp(), headers: { 'x-lounge-token': c.token },
        });
        const pinState = async () => (await (await consoleCall())({ method: 'GET', url: PIN })).json().data;
        return { tenantIdx, customer, redeem, savePin, pinState };
      }
      const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();
      const messages = (results: { statusCode: number; json: () => { message: string } }[], status: number) =>
        [...new Set(results.filter((r) => r.statusCode === status).map((r) => r.json().message))];

      it('50 concurrent wrong PINs from one customer, through two server instances on one database: exactly 5 are checked', async () => {
        const b = await pinBrand();
        const c = await b.customer();
        const second = await buildApp({ database: t.database, clock: t.clock, config: { clientDir: '/nonexistent', publicUrl: 'http://console.test', dataDir: t.dataDir } });
        try {
          await second.ready();
          const results = await Promise.all(Array.from({ length: 50 }, (_, i) => b.redeem(c, PIN_WRONG, i % 2 ? second : t.app)));
          // 400 (매장 PIN이 맞지 않아요) only after the PIN was compared; the rest were refused before.
          expect(statuses(results)).toEqual([...Array(5).fill(400), ...Array(45).fill(429)]);
          expect(messages(results, 400)).toEqual([LOUNGE_MSG.pinWrong]);
          expect(messages(results, 429)).toEqual([LOUNGE_MSG.pinLocked]);
        } finally {
          await second.close();
        }
        const tries = await t.database.db.select().from(staffPinFailures).where(eq(staffPinFailures.tenantIdx, b.tenantIdx));
        expect(tries).toHaveLength(STAFF_PIN_LIMITS.maxWrong);
        expect((await b.redeem(c, PIN_RIGHT)).json().message).toBe(LOUNGE_MSG.pinLocked);
        expect((await b.pinState()).pausedUntil).toBeNull();
      });

      it(`30 customers × 5 wrong PINs at once: the brand's budget stops them at ${STAFF_PIN_LIMITS.brandMaxWrong}, a right PIN is refused too, the console shows until when; the hour passing or a new PIN resumes`, async () => {
        const b = await pinBrand();
        const crowd = [];
        for (let i = 0; i < 30; i++) crowd.push(await b.customer());
        const results = await Promise.all(crowd.flatMap((c) => Array.from({ length: 5 }, () => b.redeem(c, PIN_WRONG))));
        const budget = STAFF_PIN_LIMITS.brandMaxWrong;
        expect(statuses(results)).toEqual([...Array(budget).fill(400), ...Array(150 - budget).fill(429)]);
        expect(messages(results, 429)).toContain(LOUNGE_MSG.pinPaused);
        const spentAt = t.clock.now().getTime();

        const honest = await b.customer();
        const refused = await b.redeem(honest, PIN_RIGHT);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(LOUNGE_MSG.pinPaused);
        expect((await t.database.db.select().from(customerCoupons).where(eq(customerCoupons.idx, honest.walletIdx)))[0].status).toBe('ISSUED');
        expect(await b.pinState()).toMatchObject({ pinSet: true, pausedUntil: new Date(spentAt + STAFF_PIN_LIMITS.brandWindowMs).toISOString() });

        t.clock.advance(STAFF_PIN_LIMITS.brandWindowMs - 1);
        expect((await b.redeem(honest, PIN_RIGHT)).json().message).toBe(LOUNGE_MSG.pinPaused);
        t.clock.advance(1);
        expect((await b.pinState()).pausedUntil).toBeNull();
        expect((await b.redeem(honest, PIN_RIGHT)).statusCode).toBe(200);

        // Spent again; saving a new PIN ends the pause at once (the guesses were at the old one).
        const two = [await b.customer(), await b.customer()];
        for (const c of two) for (let i = 0; i < 5; i++) expect((await b.redeem(c, PIN_WRONG)).statusCode).toBe(400);
        const next = await b.customer();
        expect((await b.redeem(next, PIN_RIGHT)).json().message).toBe(LOUNGE_MSG.pinPaused);
        expect((await b.savePin('9876')).json().data.pausedUntil).toBeNull();
        expect((await b.redeem(next, PIN_RIGHT)).json().message).toBe(LOUNGE_MSG.pinWrong);
        expect((await b.redeem(next, '9876')).statusCode).toBe(200);
      });
    });

    it('refuses an expired coupon and another customer\'s coupon', async () => {
      const a = await signIn();
      const b = await signIn();
      const expiring = await walletCoupon(brand.tenantIdx, a.customerIdx, { expireDays: 1 });
      const others = await walletCoupon(brand.tenantIdx, b.customerIdx);
      const foreign = await lounge({ method: 'POST', url: `/coupons/${others}/redeem`, token: a.token, payload: {} });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(LOUNGE_MSG.couponNotFound);
      t.clock.advance(2 * 24 * 60 * 60 * 1000);
      const expired = await lounge({ method: 'POST', url: `/coupons/${expiring}/redeem`, token: a.token, payload: {} });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe(LOUNGE_MSG.couponExpired);
      const me = (await lounge({ method: 'GET', url: '/me', token: a.token })).json().data;
      expect(me.coupons.find((c: { idx: number }) => c.idx === expiring)).toMatchObject({ state: 'expired' });
      const [row] = await t.database.db.select().from(customerCoupons).where(eq(customerCoupons.idx, others));
      expect(row.status).toBe('ISSUED');
    });

    it('50 concurrent redemptions of a once-only coupon: exactly 1 succeeds', async () => {
      const s = await signIn();
      const walletIdx = await walletCoupon(brand.tenantIdx, s.customerIdx, { oncePerCustomer: 'Y' });
      // Each from its own address: the route's per-IP limit is not what is tested here.
      const results = await Promise.all(Array.from({ length: 50 }, () =>
        lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, payload: {}, ip: newIp() })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
      const [row] = await t.database.db.select().from(customerCoupons).where(eq(customerCoupons.idx, walletIdx));
      expect(row.status).toBe('USED');
    });
  });

  describe('tenants', () => {
    it('a customer token of one brand does not open another brand\'s lounge; nothing crosses tenants', async () => {
      const coop = await sessionOf(t, 'coop@demo.test');
      const coopKey = (await coop.call({ method: 'GET', url: PIN })).json().data.loungeKey;
      expect(coopKey).not.toBe(loungeKey);
      const s = await signIn();
      const walletIdx = await walletCoupon(brand.tenantIdx, s.customerIdx);
      const templateIdx = await membershipOf(brand.tenantIdx);
      expect((await lounge({ method: 'GET', url: '/me', token: s.token, key: coopKey })).statusCode).toBe(401);
      expect((await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: s.token, key: coopKey, payload: {} })).statusCode).toBe(401);
      expect((await lounge({ method: 'POST', url: `/memberships/${templateIdx}/join`, token: s.token, key: coopKey })).statusCode).toBe(401);
      expect((await lounge({ method: 'POST', url: '/sign-out', token: s.token, key: coopKey })).statusCode).toBe(401);
      // The same phone signs in to the other brand as that brand's own customer.
      const other = await signIn(s.phone, coopKey);
      expect(other.customerIdx).not.toBe(s.customerIdx);
      expect(other.tenantIdx).toBe(coop.tenantIdx);
      const foreign = await lounge({ method: 'POST', url: `/coupons/${walletIdx}/redeem`, token: other.token, key: coopKey, payload: {} });
      expect(foreign.statusCode).toBe(404);
      expect((await lounge({ method: 'GET', url: '/me', token: other.token, key: coopKey })).json().data.coupons).toEqual([]);
      // Brand's PIN is its own: the other brand's coupon with a password is refused with no PIN set there.
      await membershipOf(coop.tenantIdx);
      const coopCoupon = await walletCoupon(coop.tenantIdx, other.customerIdx, { usePassword: 'Y' });
      const noPin = await lounge({ method: 'POST', url: `/coupons/${coopCoupon}/redeem`, token: other.token, key: coopKey, payload: { pin: '2580' } });
      expect(noPin.statusCode).toBe(409);
      expect(noPin.json().message).toBe(LOUNGE_MSG.pinNotSet);
    });
  });

  describe('the brand lounge front (lounge settings and stamps wired in)', () => {
    it('is closed while the brand may not run memberships, and opens again with the feature', async () => {
      const held = await t.database.db.delete(featureSettings)
        .where(and(eq(featureSettings.tenantIdx, brand.tenantIdx), eq(featureSettings.name, 'MEMBERSHIP'))).returning();
      try {
        const closed = await lounge({ method: 'GET' });
        expect(closed.statusCode).toBe(404);
        expect(closed.json().message).toBe(LOUNGE_MSG.closed);
        expect((await lounge({ method: 'POST', url: '/otp', payload: { phone: newPhone() } })).statusCode).toBe(404);
      } finally {
        await t.database.db.insert(featureSettings).values(held);
      }
      expect((await lounge({ method: 'GET' })).statusCode).toBe(200);
    });

    it('shows the saved lounge texts and only the memberships the settings list, in their order', async () => {
      // Earlier tests moved the app clock past the demo session's life: a fresh one.
      brand = await sessionOf(t, 'brand@demo.test');
      const first = await membershipOf(brand.tenantIdx, { nftCardName: '라운지 첫째' });
      const second = await membershipOf(brand.tenantIdx, { nftCardName: '라운지 둘째' });
      const couponIdx = await couponOf(brand.tenantIdx, first, { title: '라운지에 보이는 쿠폰' });
      const saved = await brand.call({ method: 'PUT', url: '/api/v1/admin/lounge', payload: {
        title: '데모 라운지', subtitle: '단골의 공간', description: '', notice: '', themeColor: '#3366FF', logo: null, image: null,
        membershipIdxList: [second, first], couponIdxList: [couponIdx], showStamp: 'Y',
      } });
      expect(saved.statusCode, saved.body).toBe(200);
      const front = (await lounge({ method: 'GET' })).json().data;
      expect(front.lounge).toMatchObject({ title: '데모 라운지', subtitle: '단골의 공간', themeColor: '#3366FF', showStamp: true, coupons: [{ idx: couponIdx, title: '라운지에 보이는 쿠폰' }] });
      expect(front.memberships.map((m: { name: string }) => m.name)).toEqual(['라운지 둘째', '라운지 첫째']);
    });

    it('shows the customer\'s stamp card while stamps accrue, with the visits staff confirmed', async () => {
      brand = await sessionOf(t, 'brand@demo.test');
      const { token, customerIdx } = await signIn();
      const [m] = await t.database.db.select({ idx: nftTemplates.idx }).from(nftTemplates)
        .where(and(eq(nftTemplates.tenantIdx, brand.tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'))).limit(1);
      const reward = await couponOf(brand.tenantIdx, m.idx, { title: '스탬프 보상 쿠폰' });
      const setUp = await brand.call({ method: 'PUT', url: '/api/v1/admin/stamp', payload: { goal: 3, trigger: 'VISIT', active: 'Y', rewardCouponIdx: reward } });
      expect(setUp.statusCode, setUp.body).toBe(200);
      expect((await brand.call({ method: 'POST', url: '/api/v1/admin/stamps', payload: { customerIdx } })).statusCode).toBeLessThan(300);
      const wallet = (await lounge({ method: 'GET', url: '/me', token })).json().data;
      expect(wallet.stampCard).toMatchObject({ count: 1, goal: 3, rewardCouponTitle: '스탬프 보상 쿠폰' });
      await brand.call({ method: 'PATCH', url: '/api/v1/admin/stamp/active', payload: { active: 'N' } });
      expect((await lounge({ method: 'GET', url: '/me', token })).json().data.stampCard).toBeNull();
    });
  });
});
