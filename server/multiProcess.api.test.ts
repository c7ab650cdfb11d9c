import fs from 'node:fs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase } from '../tests/helpers/testDb';
import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { P, PASSWORD, confirmedBrand, signUpBody } from '../tests/helpers/accounts';
import { startServer, type RunningServer } from '../tests/support/server';
import { startTossFake, type TossFake } from './providers/billing/tossFake';
import type { Database } from './db/client';
import {
  billingProfiles, bills, coupons, customers, mailOutbox, nftTemplates, partnerships, paymentCards, securityCounters, subscriptions,
} from './db/schema';
import { ensureReferenceData } from './seed/reference';
import { ensureLoungeKey } from './modules/lounge/service';
import { createLoungeSession } from './modules/lounge/session';
import { saveStaffPin } from './modules/lounge/staffPin';
import { grantCoupon } from './modules/coupons/wallet';
import { PUBLIC_LOUNGE } from './modules/lounge/routes';
import { BAD_UPLOAD_ADDRESSES_PER_IP } from './modules/uploads/limits';
import { FIELD_MSG } from '../src/domain/messages';
import { LOUNGE_MSG, STAFF_PIN_LIMITS } from '../src/domain/lounge';
import { nextPeriodEnd } from '../src/domain/subscription';

/**
 * Issue 20 B: several identical server processes on one PostgreSQL. Two real servers (server/main.ts,
 * as deployed) are started on one fresh database and driven over HTTP: every limit, lock and
 * session check is the database's, so it holds across both, and the renewal job running in both
 * charges each due subscription once. PGlite is one process's embedded database: there the same
 * rules are shown in one process.
 */
const onPostgres = process.env.API_TEST_DB === 'postgres';
const SIGN_IN_TRIES = 10;
/** Issue 20: a revoked session is refused by every process within one second. */
const REFUSED_WITHIN_MS = 1_000;

if (onPostgres) {
  describe('two server processes on one PostgreSQL (postgres)', () => {
    let database: Database & { url?: string };
    let toss: TossFake;
    let servers: RunningServer[] = [];
    /** Server 0 and server 1 in turn, by try number. */
    const on = (i: number) => servers[i % 2].url;

    beforeAll(async () => {
      database = await createTestDatabase();
      await ensureReferenceData(database.db);
      toss = await startTossFake();
      servers = await Promise.all([0, 1].map(() => startServer({
        readyTimeoutMs: 150_000,
        env: {
          DATABASE_URL: database.url!, BILLING_PROVIDER: 'toss', TOSS_SECRET_KEY: toss.secretKey, TOSS_API_URL: toss.url,
          // Both processes run the renewal job 5 times a second, so their runs overlap.
          RENEWAL_JOB_INTERVAL_MS: '200',
        },
      })));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map(async (s) => {
        await s.stop();
        fs.rmSync(s.dataDir, { recursive: true, force: true });
      }));
      await toss?.close();
      await database?.close();
    });

    const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    /** A brand signed up on server 0 and confirmed through its mailed link on server 1. */
    async function confirmedAccount(): Promise<{ email: string; tenantIdx: number }> {
      const body = signUpBody();
      expect((await post(on(0), `${P}/sign-up`, body)).status).toBe(201);
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email)).orderBy(desc(mailOutbox.idx)).limit(1);
      const link = /https?:\/\/[^/\s]+(\/api\/\S+email\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1];
      expect((await fetch(`${on(1)}${link}`, { redirect: 'manual' })).status).toBe(302);
      const [account] = await database.db.select({ idx: partnerships.idx }).from(partnerships).where(eq(partnerships.email, body.email));
      return { email: body.email, tenantIdx: account.idx };
    }

    it(`locks a sign-in after ${SIGN_IN_TRIES} wrong tries spread across both processes, even sent at once`, async () => {
      const { email } = await confirmedAccount();
      const tries = await Promise.all(Array.from({ length: SIGN_IN_TRIES + 6 }, (_, i) => post(on(i), `${P}/sign-in`, { email, password: 'Wrong123!' })));
      expect(tries.filter((r) => r.status === 401)).toHaveLength(SIGN_IN_TRIES);
      expect(tries.filter((r) => r.status === 429)).toHaveLength(6);
      for (const i of [0, 1]) {
        const right = await post(on(i), `${P}/sign-in`, { email, password: PASSWORD });
        expect(right.status).toBe(429);
        expect(await right.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: FIELD_MSG.tooManyAttempts });
      }
    });

    it(`refuses a session signed out on one process on the other within ${REFUSED_WITHIN_MS} ms`, async () => {
      const { email } = await confirmedAccount();
      const signedIn = await post(on(0), `${P}/sign-in`, { email, password: PASSWORD });
      const auth = { authorization: `Bearer ${(await signedIn.json()).data.token}` };
      // The other process has the principal cached.
      expect((await fetch(`${on(1)}${P}`, { headers: auth })).status).toBe(200);
      expect((await post(on(0), `${P}/sign-out`, {}, auth)).status).toBe(200);
      const signedOutAt = Date.now();
      // Any request sent a second after the sign-out is refused; those before may still pass.
      for (;;) {
        const sentAfter = Date.now() - signedOutAt;
        const status = (await fetch(`${on(1)}${P}`, { headers: auth })).status;
        if (sentAfter >= REFUSED_WITHIN_MS) {
          expect(status).toBe(401);
          break;
        }
        if (status === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await fetch(`${on(0)}${P}`, { headers: auth })).status).toBe(401);
    });

    it(`answers 429 after ${BAD_UPLOAD_ADDRESSES_PER_IP} bad upload addresses spread across both processes`, async () => {
      const unsigned = `/api/media/upload/1/${'a'.repeat(32)}.png?expires=9999999999&signature=00`;
      const statuses: number[] = [];
      for (let i = 0; i <= BAD_UPLOAD_ADDRESSES_PER_IP; i++) {
        statuses.push((await fetch(`${on(i)}${unsigned}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' })).status);
      }
      expect(statuses).toEqual([...Array<number>(BAD_UPLOAD_ADDRESSES_PER_IP).fill(403), 429]);
    });

    it(`locks the staff PIN after ${STAFF_PIN_LIMITS.maxWrong} wrong PINs spread across both processes`, async () => {
      const { tenantIdx } = await confirmedAccount();
      await saveStaffPin(database.db, tenantIdx, tenantIdx, '2580', new Date());
      const lounge = `/api${PUBLIC_LOUNGE}/${await ensureLoungeKey(database.db, tenantIdx)}`;
      const phone = '01090001234';
      // A PostgreSQL deployment keeps no readable sign-in code (issue 20 A6): the customer's session is made as verifying it would.
      const [customer] = await database.db.insert(customers).values({ tenantIdx, phone, name: '', hasWallet: 'Y' }).returning({ idx: customers.idx });
      const headers = { 'x-lounge-token': (await createLoungeSession(database.db, tenantIdx, customer.idx, new Date())).token };
      const [template] = await database.db.insert(nftTemplates).values({ tenantIdx, templateType: 'MEMBERSHIP', nftCardName: '멤버십', expireType: 'DAY', expireDays: 365 })
        .returning({ idx: nftTemplates.idx });
      const [coupon] = await database.db.insert(coupons).values({ tenantIdx, title: 'PIN 쿠폰', membershipIdx: template.idx, expireType: 1, expireDays: 7, usePlace: 2, usePassword: 'Y' })
        .returning({ idx: coupons.idx });
      const granted = await database.db.transaction((tx) => grantCoupon(tx, { tenantIdx, couponIdx: coupon.idx, customerIdx: customer.idx, source: 'MANUAL' }, new Date()));
      if (!('idx' in granted)) throw new Error('coupon not granted');
      const redeem = (i: number, pin: string) => post(on(i), `${lounge}/coupons/${granted.idx}/redeem`, { pin }, headers);

      for (let i = 0; i < STAFF_PIN_LIMITS.maxWrong; i++) expect((await redeem(i, '0000')).status).toBe(400);
      for (const i of [0, 1]) {
        const locked = await redeem(i, '2580');
        expect(locked.status).toBe(429);
        expect((await locked.json()).message).toBe(LOUNGE_MSG.pinLocked);
      }
    });

    it('charges each due subscription once while the renewal job runs in both processes', async () => {
      const N = 12;
      const tenants = Array.from({ length: N }, (_, i) => 3_000_000 + i);
      const end = new Date(Date.now() + 60 * 60_000);
      const basic = { authorization: `Basic ${Buffer.from(`${toss.secretKey}:`).toString('base64')}` };
      const keys = await Promise.all(tenants.map(async (tenantIdx) => {
        const issued = await post(toss.url, '/v1/billing/authorizations/card', { customerKey: `cust_${tenantIdx}`, cardNumber: '4242424242424242' }, basic);
        return (await issued.json()).billingKey as string;
      }));
      // All due at once, in one transaction: both processes' next runs find the same rows.
      await database.db.transaction(async (tx) => {
        await tx.insert(billingProfiles).values(tenants.map((tenantIdx) => ({ tenantIdx, customerKey: `cust_${tenantIdx}` })));
        await tx.insert(paymentCards).values(tenants.map((tenantIdx, i) => ({
          tenantIdx, provider: 'toss' as const, billingKey: keys[i], cardKey: `card_${tenantIdx}`, maskedNumber: '**** **** **** 4242',
        })));
        await tx.insert(subscriptions).values(tenants.map((tenantIdx) => ({
          tenantIdx, planId: 'STANDARD_MONTHLY', startDate: new Date(end.getTime() - 30 * 86_400_000), endDate: end,
        })));
      });

      const renewed = and(inArray(bills.tenantIdx, tenants), eq(bills.kind, 'RENEWAL'), eq(bills.status, 'complete'));
      for (;;) {
        const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(bills).where(renewed);
        if (n >= N) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const charges = toss.seen.filter((s) => /^\/v1\/billing\/(?!authorizations)/.test(s.path));
      const perOrder = new Map<string, number>();
      for (const c of charges) perOrder.set(String(c.body.orderId), (perOrder.get(String(c.body.orderId)) ?? 0) + 1);
      expect(perOrder.size).toBe(N);
      expect([...perOrder.values()].every((count) => count === 1)).toBe(true);
      expect(toss.charged()).toBe(N);
      const rows = await database.db.select({ tenantIdx: bills.tenantIdx }).from(bills).where(and(inArray(bills.tenantIdx, tenants), eq(bills.kind, 'RENEWAL')));
      expect(rows).toHaveLength(N);
      const ends = await database.db.select({ endDate: subscriptions.endDate }).from(subscriptions).where(inArray(subscriptions.tenantIdx, tenants));
      expect(ends.map((s) => s.endDate?.getTime())).toEqual(Array(N).fill(nextPeriodEnd(end).getTime()));
    }, 120_000);
  });
} else {
  describe('one process on the embedded PGlite (pglite)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 180_000);
    afterAll(() => t.close());

    it(`keeps the sign-in lock in the database, atomic: of tries sent at once, ${SIGN_IN_TRIES} are let through`, async () => {
      const brand = await confirmedBrand(t);
      const tries = await Promise.all(Array.from({ length: SIGN_IN_TRIES + 6 }, () =>
        t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: 'Wrong123!' } })));
      expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(SIGN_IN_TRIES);
      expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(6);
      expect(await t.database.db.select().from(securityCounters).where(sql`${securityCounters.key} like 'sign-in:%'`)).toHaveLength(1);
    });
  });
}
