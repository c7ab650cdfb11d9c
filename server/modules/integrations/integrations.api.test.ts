import { Writable } from 'node:stream';
import { and, eq, like, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import { startFakeCafe24, type FakeCafe24 } from '../../../tests/support/fakeCafe24';
import { startFakeNaver, type FakeNaver } from '../../../tests/support/fakeNaver';
import { auditLog, customerOrders, customers, nfts, shopConnections, shopMembers, shopOrders, shopPointChanges, stampCards, stampHistory, stampSettings, subscriptions } from '../../db/schema';
import { MSG } from '../../../src/domain/messages';
import { INTERWORK_MSG, ORDER_CANCEL_REASON } from '../../../src/domain/integrations';
import { CUSTOMER_MSG } from '../../../src/domain/customer';
import { signLaunch } from './cafe24';
import { depsOf, runShopSync, syncSoon } from './sync';
import { CAFE24_APP_DELETED_EVENT } from './routes';

let t: TestApp;
/** Every log line of the file's app: no token or secret may ever be in one. */
const logLines: string[] = [];
const secretsSeen = new Set<string>();
let cafe24: FakeCafe24;
let naver: FakeNaver;
const WEBHOOK_KEY = 'test-webhook-key';
const C = '/api/cafe24/v1/interwork';
const N = '/api/naver-store/interwork';
/** Cafe24's bucket (40) drained faster than its 2 a second, so the file stays fast; the bench runs the real rate. */
const FAST_BUCKET = { capacity: 40, perSecond: 40 };
/** A stamp card whose reward coupon does not exist: its rewards fail, its stamps count (the goal is never reached here). */
const UNKNOWN_COUPON = 99_999_999;

beforeAll(async () => {
  // The fakes stamp their dates with the test's clock (set once the app exists).
  let now = () => new Date();
  cafe24 = await startFakeCafe24({ now: () => now(), bucket: FAST_BUCKET });
  naver = await startFakeNaver();
  const logStream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
  t = await createTestApp({
    demo: true, logStream,
    config: {
      shop: {
        cafe24: { clientId: cafe24.clientId, clientSecret: cafe24.clientSecret, apiUrl: cafe24.apiUrl, apiVersion: '2025-12-01', webhookKey: WEBHOOK_KEY, bucket: FAST_BUCKET },
        naver: { apiUrl: naver.url }, syncIntervalMs: 60_000, retryBaseMs: 2, maxAttempts: 6,
      },
    },
  });
  now = () => t.clock.now();
});
afterAll(async () => {
  await t.close();
  await cafe24.close();
  await naver.close();
});

const deps = () => depsOf(t.app);
const launchQuery = (mallId: string, at = t.clock.now(), extra = '') =>
  `mall_id=${mallId}&shop_no=1&timestamp=${Math.floor(at.getTime() / 1000)}&user_id=admin&user_type=P${extra}`;
const launch = (path: string, query: string) => t.app.inject({ method: 'GET', url: `${path}?${signLaunch(query, cafe24.clientSecret)}` });
const webhook = (mallId: string, orderId: string, event = 90023) => t.app.inject({
  method: 'POST', url: '/api/cafe24/v1/webhook', headers: { 'x-api-key': WEBHOOK_KEY }, payload: { event_no: event, resource: { mall_id: mallId, order_id: orderId } },
});

/** Launch, confirm as the brand, follow the fake's authorize redirect, finish the callback. */
async function connectCafe24(call: Awaited<ReturnType<typeof sessionOf>>['call'], mallId: string, path = '/cafe24/init') {
  t.clock.advance(1000);
  const started = await launch(path, launchQuery(mallId));
  expect(started.statusCode).toBe(302);
  const token = started.headers.location!.split('/').pop()!;
  const confirmed = await call({ method: 'POST', url: `${C}/confirm`, payload: { token } });
  if (confirmed.statusCode !== 200) return confirmed;
  const authorize = await fetch(confirmed.json().data.authorizeUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  expect(back.origin).toBe('http://console.test');
  const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(done.statusCode).toBe(302);
  expect(done.headers.location).toBe('/b2b/interwork/cafe24?connected=1');
  return confirmed;
}

const linesOf = (tenantIdx: number, orderIdPrefix: string) => t.database.db.select().from(shopOrders)
  .where(and(eq(shopOrders.tenantIdx, tenantIdx), like(shopOrders.orderId, `${orderIdPrefix}%`))).orderBy(shopOrders.idx);

async function due(tenantIdx: number, platform: 'cafe24' | 'naver') {
  const [c] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.platform, platform), eq(shopConnections.status, 'CONNECTED')));
  await syncSoon(t.database.db, tenantIdx, c.idx, t.clock.now());
  return c;
}

describe(`shop integrations (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('refuses the launch URL when tampered, stale, unsigned or replayed, and checks every launch route', async () => {
    const q = launchQuery('tampermall');
    const signed = signLaunch(q, cafe24.clientSecret);
    const good = await t.app.inject({ method: 'GET', url: `/cafe24/init?${signed}` });
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toMatch(/^\/b2b\/interwork\/cafe24\/[\w-]{20,}$/);
    // The same launch again: the replay guard (a row in the database).
    const replay = await t.app.inject({ method: 'GET', url: `/cafe24/init?${signed}` });
    expect(replay.statusCode).toBe(403);
    expect(replay.body).toContain(INTERWORK_MSG.launchRefused);
    // Tampered: another mall under the first signature.
    const tampered = await t.app.inject({ method: 'GET', url: `/cafe24/init?${signed.replace('tampermall', 'othermall')}` });
    expect(tampered.statusCode).toBe(403);
    // Signed with another secret.
    expect((await t.app.inject({ method: 'GET', url: `/cafe24/init?${signLaunch(launchQuery('tampermall', t.clock.now(), '&x=1'), 'wrong')}` })).statusCode).toBe(403);
    // Stale: six minutes old, and six minutes ahead.
    expect((await launch('/cafe24/init', launchQuery('tampermall', new Date(t.clock.now().getTime() - 6 * 60_000)))).statusCode).toBe(403);
    expect((await launch('/cafe24/init', launchQuery('tampermall', new Date(t.clock.now().getTime() + 6 * 60_000)))).statusCode).toBe(403);
    // Four minutes old is inside the window.
    expect((await launch('/cafe24/init', launchQuery('tampermall', new Date(t.clock.now().getTime() - 4 * 60_000)))).statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: `/cafe24/init?${q}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/cafe24/init' })).statusCode).toBe(403);
    for (const path of ['/cafe24-customer/init', '/cafe24/membership/init', '/cafe24/interwork', '/cafe24-customer/interwork', '/cafe24/membership/interwork']) {
      t.clock.advance(1000);
      const res = await launch(path, launchQuery('tampermall'));
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toMatch(path.endsWith('/init') ? /^\/b2b\/interwork\/cafe24\/.+/ : /^\/b2b\/interwork\/cafe24$/);
      expect((await t.app.inject({ method: 'GET', url: `${path}?${launchQuery('tampermall')}&hmac=AAAA` })).statusCode, path).toBe(403);
    }
    // The OAuth callback with a state nobody took.
    expect((await t.app.inject({ method: 'GET', url: '/cafe24/oauth?code=x&state=nobody' })).statusCode).toBe(400);
  });

  it('connects a mall by OAuth per mall_id, shows no token, refuses sub-accounts and other tenants the launch, and the state once', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const staff = await sessionOf(t, 'staff@demo.test');
    const coop = await sessionOf(t, 'coop@demo.test');
    t.clock.advance(1000);
    const started = await launch('/cafe24/init', launchQuery('demomall'));
    const token = started.headers.location!.split('/').pop()!;
    expect((await staff.call({ method: 'POST', url: `${C}/confirm`, payload: { token } })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect((await staff.call({ method: 'GET', url: C })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect((await brand.call({ method: 'POST', url: `${C}/confirm`, payload: { token: 'forged' } })).json().errors).toEqual({ token: INTERWORK_MSG.tokenInvalid });
    const first = await brand.call({ method: 'POST', url: `${C}/confirm`, payload: { token } });
    expect(first.statusCode).toBe(200);
    // Taken by the brand: another tenant cannot take it.
    expect((await coop.call({ method: 'POST', url: `${C}/confirm`, payload: { token } })).statusCode).toBe(400);
    const authorize = await fetch(first.json().data.authorizeUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    expect(back.pathname).toBe('/cafe24/oauth');
    expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).headers.location).toBe('/b2b/interwork/cafe24?connected=1');
    expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).statusCode).toBe(400);

    const state = (await brand.call({ method: 'GET', url: C })).json().data;
    expect(state).toMatchObject({ connected: true, mallId: 'demomall', status: 'CONNECTED', interworkTypes: ['ORDER'] });
    expect(JSON.stringify(state)).not.toMatch(/token|secret/i);
    const [row] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, brand.tenantIdx), eq(shopConnections.mallId, 'demomall')));
    expect(row.accessToken).toBeTruthy();
    expect(row.refreshToken).toBeTruthy();
    secretsSeen.add(row.accessToken!).add(row.refreshToken!).add(back.searchParams.get('code')!).add(token);
    // Another tenant cannot connect the same mall.
    t.clock.advance(1000);
    const again = await launch('/cafe24/init', launchQuery('demomall'));
    const coopConfirm = await coop.call({ method: 'POST', url: `${C}/confirm`, payload: { token: again.headers.location!.split('/').pop() } });
    const coopAuth = await fetch(coopConfirm.json().data.authorizeUrl, { redirect: 'manual' });
    const coopBack = new URL(coopAuth.headers.get('location')!);
    const refused = await t.app.inject({ method: 'GET', url: `${coopBack.pathname}${coopBack.search}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(INTERWORK_MSG.alreadyConnected);
    expect((await coop.call({ method: 'GET', url: C })).json().data).toMatchObject({ connected: false });
    // The products to choose from, read from the mall.
    expect((await brand.call({ method: 'GET', url: `${C}/product-info` })).json().data.list).toEqual([
      { productNo: '11', productName: '가죽 토트백' }, { productNo: '12', productName: '울 코트' },
    ]);
  });

  it('the same order delivered 5 times by webhook and poll in parallel makes one order and one warranty, at 배송완료', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const saved = await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueMode: 'DELIVERED', productNos: ['11'] } });
    expect(saved.json().data).toMatchObject({ issueMode: 'DELIVERED', productNos: ['11'] });
    expect((await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueMode: 'SOMETIMES', issueDays: 0 } })).json().errors)
      .toEqual({ issueMode: INTERWORK_MSG.issueModeInvalid, issueDays: INTERWORK_MSG.issueDaysInvalid });
    cafe24.addOrder('demomall', { order_id: 'P1-0001', buyer: { name: '박병렬', cellphone: '010-4545-1212', member_id: 'park' } });
    // Paid, not delivered: the line is kept, nothing issued yet.
    expect((await webhook('demomall', 'P1-0001')).json().data).toEqual({ accepted: true });
    expect((await linesOf(brand.tenantIdx, 'P1-'))[0]).toMatchObject({ status: 'ORDERED', warrantyState: 'NONE', customerOrderIdx: null });
    t.clock.advance(60_000);
    cafe24.setStatus('demomall', 'P1-0001', 'N40');
    await due(brand.tenantIdx, 'cafe24');
    const results = await Promise.all([
      webhook('demomall', 'P1-0001'), runShopSync(deps()), webhook('demomall', 'P1-0001'), runShopSync(deps()), webhook('demomall', 'P1-0001'),
    ]);
    for (const r of results) if ('statusCode' in r) expect(r.statusCode).toBe(200);
    const lines = await linesOf(brand.tenantIdx, 'P1-');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 'DELIVERED', platformStatus: 'N40', warrantyState: 'ISSUED' });
    const issued = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.refOrderId, 'P1-0001')));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ idx: lines[0].warrantyNftIdx, requestRoute: 'cafe24', productName: '가죽 토트백', ordererName: '박병렬', nftStatus: 3 });
    const orders = await t.database.db.select().from(customerOrders).where(and(eq(customerOrders.tenantIdx, brand.tenantIdx), eq(customerOrders.idx, lines[0].customerOrderIdx!)));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ channel: 'ownMall', paymentAmount: 120000, customerIdx: lines[0].customerIdx });
    const [customer] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, brand.tenantIdx), eq(customers.idx, lines[0].customerIdx!)));
    expect(customer).toMatchObject({ name: '박병렬', phone: '01045451212', hasCafe24Interwork: 'Y', totalOrderCount: 1 });
    // Twice more by either path: nothing new.
    await webhook('demomall', 'P1-0001');
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    expect(await t.database.db.$count(nfts, and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.refOrderId, 'P1-0001')))).toBe(1);
    expect(await t.database.db.$count(customerOrders, and(eq(customerOrders.tenantIdx, brand.tenantIdx), eq(customerOrders.customerIdx, customer.idx)))).toBe(1);
    // The console's customer shows the order.
    const detailOrders = await brand.call({ method: 'GET', url: `/api/v1/admin/customers/${customer.idx}/orders?page=1&pageSize=10` });
    if (detailOrders.statusCode === 200) expect(JSON.stringify(detailOrders.json())).toContain('가죽 토트백');
    const listed = (await brand.call({ method: 'GET', url: `${C}/orders?page=1&pageSize=10` })).json().data;
    expect(listed.list.find((l: { orderId: string }) => l.orderId === 'P1-0001')).toMatchObject({ warrantyState: 'ISSUED', status: 'DELIVERED' });
  });

  it('a platform answering 429 and 5xx for a while: everything arrives once, in order, resuming from the cursor', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(1000);
      cafe24.addOrder('demomall', { order_id: `P2-000${i}`, buyer: { name: `구매자${i}`, cellphone: `010-7000-000${i}` } });
      cafe24.setStatus('demomall', `P2-000${i}`, 'N40');
    }
    // 429s then 503s within the retries: the run succeeds.
    cafe24.failNext(4, 429);
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    let lines = await linesOf(brand.tenantIdx, 'P2-');
    expect(lines.map((l) => l.orderId)).toEqual(['P2-0001', 'P2-0002', 'P2-0003', 'P2-0004', 'P2-0005', 'P2-0006']);
    expect(lines.every((l) => l.warrantyState === 'ISSUED')).toBe(true);
    // Down past the retries: the run stops, keeps its cursor and backs off; the next one resumes.
    for (let i = 7; i <= 9; i++) {
      t.clock.advance(1000);
      cafe24.addOrder('demomall', { order_id: `P2-000${i}`, buyer: { name: `구매자${i}`, cellphone: `010-7000-000${i}` } });
      cafe24.setStatus('demomall', `P2-000${i}`, 'N40');
    }
    cafe24.failNext(6, 503);
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    const [down] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, brand.tenantIdx), eq(shopConnections.mallId, 'demomall')));
    expect(down).toMatchObject({ lastError: 'PLATFORM_UNAVAILABLE', failures: 1, status: 'CONNECTED' });
    expect(down.nextSyncAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await brand.call({ method: 'GET', url: C })).json().data.lastError).toBe('PLATFORM_UNAVAILABLE');
    t.clock.set(down.nextSyncAt);
    cafe24.failNext(3, 500);
    await runShopSync(deps());
    lines = await linesOf(brand.tenantIdx, 'P2-');
    expect(lines.map((l) => l.orderId)).toEqual(['P2-0001', 'P2-0002', 'P2-0003', 'P2-0004', 'P2-0005', 'P2-0006', 'P2-0007', 'P2-0008', 'P2-0009']);
    expect(await t.database.db.$count(nfts, and(eq(nfts.tenantIdx, brand.tenantIdx), like(nfts.refOrderId, 'P2-%')))).toBe(9);
    const [up] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, brand.tenantIdx), eq(shopConnections.mallId, 'demomall')));
    expect(up).toMatchObject({ lastError: null, failures: 0 });
  });

  it('issues N days after delivery, by hand, or not at all for products not selected; stamps and the customer order at delivery', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const order = (id: string, productNo: number) => {
      t.clock.advance(1000);
      cafe24.addOrder('demomall', {
        order_id: id, buyer: { name: '최선택', cellphone: '010-3131-4141' },
        items: [{ order_item_code: `${id}-01`, product_no: productNo, product_name: productNo === 11 ? '가죽 토트백' : '울 코트', order_status: 'N10', payment_amount: 50000 }],
      });
      cafe24.setStatus('demomall', id, 'N40');
    };
    await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueMode: 'DAYS_AFTER', issueDays: 3 } });
    order('P3-0001', 11);
    order('P3-0002', 12);
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    const [later, notSelected] = await linesOf(brand.tenantIdx, 'P3-');
    expect(later.warrantyState).toBe('ISSUED');
    const [reserved] = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.idx, later.warrantyNftIdx!)));
    expect(reserved.nftStatus).toBe(7);
    expect(reserved.issueAt!.getTime()).toBeGreaterThan(t.clock.now().getTime() + 2 * 86_400_000);
    expect(notSelected).toMatchObject({ warrantyState: 'NOT_SELECTED', warrantyNftIdx: null });
    expect(notSelected.customerOrderIdx).not.toBeNull();

    await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueMode: 'MANUAL' } });
    order('P3-0003', 11);
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    const [, , manual] = await linesOf(brand.tenantIdx, 'P3-');
    expect(manual.warrantyState).toBe('MANUAL');
    const byHand = await Promise.all([1, 2].map(() => brand.call({ method: 'POST', url: `${C}/order/confirm`, payload: { orderIdx: manual.idx } })));
    expect(byHand.map((r) => r.json().data.warrantyState)).toEqual(['ISSUED', 'ISSUED']);
    expect(byHand[0].json().data.warrantyNftIdx).toBe(byHand[1].json().data.warrantyNftIdx);
    expect(await t.database.db.$count(nfts, and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.refOrderId, 'P3-0003')))).toBe(1);
    // Another tenant's line is not found; a bad idx is the field's 400.
    const coop = await sessionOf(t, 'coop@demo.test');
    expect((await coop.call({ method: 'POST', url: `${C}/order/confirm`, payload: { orderIdx: manual.idx } })).statusCode).toBe(404);
    expect((await brand.call({ method: 'POST', url: `${C}/order/confirm`, payload: { orderIdx: 'x' } })).json().errors).toEqual({ orderIdx: INTERWORK_MSG.orderNotFound });
    await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueMode: 'DELIVERED' } });
  });

  it('refreshes the access token with the refresh token, asks for a reconnect when refused, and loses nothing meanwhile', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const before = cafe24.stats.tokenRefreshes;
    t.clock.advance(3 * 3600_000);
    cafe24.addOrder('demomall', { order_id: 'P4-0001' });
    cafe24.setStatus('demomall', 'P4-0001', 'N40');
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    expect(cafe24.stats.tokenRefreshes).toBe(before + 1);
    expect(await linesOf(brand.tenantIdx, 'P4-')).toHaveLength(1);
    // Revoked at the platform: RECONNECT shown, orders wait at the platform.
    cafe24.revokeAll();
    t.clock.advance(1000);
    cafe24.addOrder('demomall', { order_id: 'P4-0002' });
    cafe24.setStatus('demomall', 'P4-0002', 'N40');
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    expect((await brand.call({ method: 'GET', url: C })).json().data).toMatchObject({ connected: true, status: 'RECONNECT' });
    expect(await linesOf(brand.tenantIdx, 'P4-')).toHaveLength(1);
    // Reconnected: the cursor is kept, the order that waited arrives.
    await connectCafe24(brand.call, 'demomall');
    expect((await brand.call({ method: 'GET', url: C })).json().data).toMatchObject({ status: 'CONNECTED' });
    await runShopSync(deps());
    expect((await linesOf(brand.tenantIdx, 'P4-')).map((l) => [l.orderId, l.warrantyState])).toEqual([['P4-0001', 'ISSUED'], ['P4-0002', 'ISSUED']]);
  });

  it('plan restrictions: STARTER blocks the customer and point integration, STANDARD also the membership one (the blocked-feature toast)', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const setPlan = async (planId: string) => {
      await t.database.db.update(subscriptions).set({ planId, isTrial: false }).where(eq(subscriptions.tenantIdx, brand.tenantIdx));
      t.app.principals.forgetTenant(brand.tenantIdx);
    };
    const confirmOf = async (path: string) => {
      t.clock.advance(1000);
      const started = await launch(path, launchQuery('demomall'));
      return brand.call({ method: 'POST', url: `${C}/confirm`, payload: { token: started.headers.location!.split('/').pop() } });
    };
    try {
      for (const plan of ['STARTER_MONTHLY', 'STANDARD_MONTHLY']) {
        await setPlan(plan);
        for (const res of [
          await confirmOf('/cafe24-customer/init'), await confirmOf('/cafe24/membership/init'),
          await brand.call({ method: 'POST', url: `${C}/customer/confirm` }),
          await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { pointSync: true } }),
        ]) expect(res.json(), plan).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
        // Orders stay open to every plan.
        expect((await confirmOf('/cafe24/init')).statusCode, plan).toBe(200);
        expect((await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { issueDays: 5 } })).statusCode).toBe(200);
      }
      await setPlan('PRO_MONTHLY');
      expect((await confirmOf('/cafe24-customer/init')).statusCode).toBe(200);
      expect((await brand.call({ method: 'POST', url: `${C}/customer/confirm` })).json().data).toMatchObject({ customerSync: true, pointSync: true });
    } finally {
      await setPlan('PRO_MONTHLY');
    }
  });

  it('points both ways: a console deduction reaches the mall once through 429, 5xx and a lost answer; a mall change comes back once; Starter stops both', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const P = (customerIdx: number) => `/api/v1/admin/customers/${customerIdx}/points`;
    // The plan test left the point integration on (PRO, customer/confirm). 박병렬 is mall member park (P1-0001).
    expect((await brand.call({ method: 'GET', url: C })).json().data.settings.pointSync).toBe(true);
    const park = (await linesOf(brand.tenantIdx, 'P1-'))[0].customerIdx!;
    const customerOf = async (idx: number) => (await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, brand.tenantIdx), eq(customers.idx, idx))))[0];
    const ledgerOf = async (idx: number) => (await brand.call({ method: 'GET', url: `${P(idx)}?page=1&pageSize=50` })).json().data.list as { amount: number; reason: string; balance: number; mallSync: string | null }[];
    const sync = async () => { t.clock.advance(61_000); await due(brand.tenantIdx, 'cafe24'); await runShopSync(deps()); };
    const before = (await customerOf(park)).pointBalance;

    // At the mall: its admin gives park 5,000. The poll brings it back once, however often it reads it.
    t.clock.advance(1000);
    cafe24.changePoints('demomall', 'park', 5000, '가입 축하');
    await sync();
    await sync();
    expect(await customerOf(park)).toMatchObject({ pointBalance: before + 5000, interworkPoint: 5000 });
    expect((await ledgerOf(park))[0]).toMatchObject({ amount: 5000, reason: `${CUSTOMER_MSG.pointReasonMall} · 가입 축하`, mallSync: null });

    // In the console: a deduction. Refused beyond the balance, for 0, without a reason; sub-accounts and other tenants refused.
    expect((await brand.call({ method: 'POST', url: P(park), payload: { amount: -(before + 5001), reason: '과다' } })).json().errors).toEqual({ amount: CUSTOMER_MSG.pointNotEnough });
    expect((await brand.call({ method: 'POST', url: P(park), payload: { amount: 0, reason: ' ' } })).json().errors)
      .toEqual({ amount: CUSTOMER_MSG.pointAmountInvalid, reason: CUSTOMER_MSG.pointReasonRequired });
    expect((await (await sessionOf(t, 'staff@demo.test')).call({ method: 'POST', url: P(park), payload: { amount: -1, reason: 'x' } })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect((await (await sessionOf(t, 'coop@demo.test')).call({ method: 'POST', url: P(park), payload: { amount: -1, reason: 'x' } })).statusCode).toBe(404);
    const key = { 'idempotency-key': 'points-deduct-1' };
    const deducted = await brand.call({ method: 'POST', url: P(park), headers: key, payload: { amount: -1200, reason: '사은품 교환' } });
    expect(deducted.statusCode).toBe(201);
    expect(deducted.json().data).toMatchObject({ amount: -1200, balance: before + 3800, mallSync: 'PENDING' });
    // The same request again (a retry): the first answer, nothing new.
    const retried = await brand.call({ method: 'POST', url: P(park), headers: key, payload: { amount: -1200, reason: '사은품 교환' } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.idx).toBe(deducted.json().data.idx);
    await runShopSync(deps());
    expect(cafe24.pointsOf('demomall', 'park')).toBe(3800);

    // The mall rate-limiting (429, retried in the call), down (503: not applied), then applying one but losing its answer (500).
    const give = await brand.call({ method: 'POST', url: P(park), payload: { amount: 300, reason: '리뷰 적립' } });
    cafe24.failNext(3, 429);
    await runShopSync(deps());
    expect(cafe24.pointsOf('demomall', 'park')).toBe(4100);
    const take = await brand.call({ method: 'POST', url: P(park), payload: { amount: -500, reason: '교환 차감' } });
    cafe24.failNext(1, 503);
    await runShopSync(deps());
    expect(cafe24.pointsOf('demomall', 'park')).toBe(4100);
    const [pending] = await t.database.db.select().from(shopPointChanges).where(and(eq(shopPointChanges.tenantIdx, brand.tenantIdx), eq(shopPointChanges.ledgerIdx, take.json().data.idx)));
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, maybeSent: true, lastError: 'PLATFORM_UNAVAILABLE' });
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    cafe24.applyThenFail(1, 500);
    t.clock.set(pending.nextAttemptAt);
    await runShopSync(deps());
    expect(cafe24.pointsOf('demomall', 'park')).toBe(3600);
    t.clock.advance(10 * 60_000);
    await runShopSync(deps());
    // Found in the mall's history by its key: not sent again.
    expect(cafe24.pointsOf('demomall', 'park')).toBe(3600);
    const marked = (cafe24.pointHistory.get('demomall') ?? []).filter((p) => p.member_id === 'park' && /\(#[\w-]{12}\)$/.test(p.reason));
    expect(marked.map((p) => [p.available_points_increase, p.available_points_decrease])).toEqual([['0.00', '1200.00'], ['300.00', '0.00'], ['0.00', '500.00']]);
    // Our own changes read back from the mall are not counted twice; the mall balance follows.
    await sync();
    expect(await customerOf(park)).toMatchObject({ pointBalance: before + 3600, interworkPoint: 3600 });
    expect((await ledgerOf(park)).slice(0, 3).map((l) => [l.amount, l.mallSync])).toEqual([[-500, 'SENT'], [300, 'SENT'], [-1200, 'SENT']]);
    expect(give.json().data.mallSync).toBe('PENDING');

    // A member the mall does not know: refused there (FAILED), kept here.
    const kim = (await linesOf(brand.tenantIdx, 'P4-'))[0].customerIdx!;
    const unknown = await brand.call({ method: 'POST', url: P(kim), payload: { amount: 100, reason: '보상' } });
    await runShopSync(deps());
    expect((await ledgerOf(kim)).find((l) => l.reason === '보상')).toMatchObject({ amount: 100, mallSync: 'FAILED' });
    expect(unknown.statusCode).toBe(201);

    // STARTER: the point integration stops both ways even with the setting left on (spec 3 section 6).
    await t.database.db.update(subscriptions).set({ planId: 'STARTER_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, brand.tenantIdx));
    t.app.principals.forgetTenant(brand.tenantIdx);
    try {
      const starter = await brand.call({ method: 'POST', url: P(park), payload: { amount: -100, reason: '스타터' } });
      expect(starter.json().data).toMatchObject({ amount: -100, mallSync: null });
      cafe24.changePoints('demomall', 'park', 700, '이벤트');
      await sync();
      expect(cafe24.pointsOf('demomall', 'park')).toBe(4300);
      expect(await customerOf(park)).toMatchObject({ pointBalance: before + 3500, interworkPoint: 3600 });
      expect((await brand.call({ method: 'PUT', url: `${C}/setting`, payload: { pointSync: true } })).json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    } finally {
      await t.database.db.update(subscriptions).set({ planId: 'PRO_MONTHLY' }).where(eq(subscriptions.tenantIdx, brand.tenantIdx));
      t.app.principals.forgetTenant(brand.tenantIdx);
    }
    // Each adjustment is in the brand's audit log once (the retry answered from the first is not logged again).
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.tenantIdx, brand.tenantIdx), eq(auditLog.action, 'customer.points'), eq(auditLog.outcome, 'ok'))).orderBy(auditLog.idx);
    expect(audited.map((a) => a.detail?.amount)).toEqual([-1200, 300, -500, 100, -100]);
  });

  it('customers from the mall: the member list by cursor, once per member id and phone, with the mall\'s consents; one count of order points; a refused point change sent again by hand', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const db = t.database.db;
    const sync = async () => { t.clock.advance(61_000); await due(brand.tenantIdx, 'cafe24'); await runShopSync(deps()); };
    const byPhone = (phone: string) => db.select().from(customers).where(and(eq(customers.tenantIdx, brand.tenantIdx), eq(customers.phone, phone)));
    const setPlan = async (planId: string) => {
      await db.update(subscriptions).set({ planId, isTrial: false }).where(eq(subscriptions.tenantIdx, brand.tenantIdx));
      t.app.principals.forgetTenant(brand.tenantIdx);
    };
    // The plan test left the customer integration on (PRO, customer/confirm). 박병렬 (P1-0001) is member park already.
    const park = (await linesOf(brand.tenantIdx, 'P1-'))[0].customerIdx!;
    await db.insert(customers).values({ tenantIdx: brand.tenantIdx, countryCode: '82', phone: '01077778888', name: '이매장', agreeSms: 'Y', createdAt: t.clock.now(), updatedAt: t.clock.now() });
    const sameSecond = new Date(t.clock.now().getTime() + 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    cafe24.addMember('demomall', { member_id: 'park', name: '박병렬', cellphone: '010-9999-0000', sms: 'T', news_mail: 'F', email: 'park@mall.test', created_date: sameSecond });
    cafe24.addMember('demomall', { member_id: 'lee', name: '이회원', cellphone: '010-7777-8888', sms: 'F', news_mail: 'T', created_date: sameSecond });
    cafe24.addMember('demomall', { member_id: 'nophone', name: '번호없음', cellphone: '', created_date: sameSecond });
    await sync();
    await sync();
    // park: the linked customer gets the mall's consents; lee: the customer with that phone is linked, not made again.
    const parkDetail = (await brand.call({ method: 'GET', url: `/api/v1/admin/customers/${park}` })).json().data;
    expect(parkDetail).toMatchObject({ isInterworkAgreeSendSMS: 'Y', isInterworkAgreeSendEmail: 'N', interworkEmail: 'park@mall.test', hasCafe24Interwork: 'Y' });
    const [lee] = await byPhone('01077778888');
    expect(await db.$count(customers, and(eq(customers.tenantIdx, brand.tenantIdx), eq(customers.phone, '01077778888')))).toBe(1);
    expect(lee).toMatchObject({ name: '이매장', agreeSms: 'Y', interworkAgreeSms: 'N', interworkAgreeEmail: 'Y', hasCafe24Interwork: 'Y' });
    expect(await db.$count(shopMembers, and(eq(shopMembers.tenantIdx, brand.tenantIdx), eq(shopMembers.memberId, 'lee'), eq(shopMembers.customerIdx, lee.idx)))).toBe(1);
    expect(await db.$count(shopMembers, and(eq(shopMembers.tenantIdx, brand.tenantIdx), eq(shopMembers.memberId, 'nophone')))).toBe(0);
    // A member of the same second reported late, and a new one: read from the cursor, each once.
    cafe24.addMember('demomall', { member_id: 'late', name: '늦은회원', cellphone: '010-6666-1111', sms: 'T', news_mail: 'T', created_date: sameSecond });
    t.clock.advance(1000);
    cafe24.addMember('demomall', { member_id: 'new1', name: '신규회원', cellphone: '010-6666-2222' });
    await sync();
    await sync();
    for (const [phone, memberId] of [['01066661111', 'late'], ['01066662222', 'new1']]) {
      const found = await byPhone(phone);
      expect(found.map((c) => c.hasCafe24Interwork), memberId).toEqual(['Y']);
      expect(await db.$count(shopMembers, and(eq(shopMembers.tenantIdx, brand.tenantIdx), eq(shopMembers.memberId, memberId))), memberId).toBe(1);
    }
    // STARTER: the customer integration stops (spec 3 section 6), and the retry below is refused.
    await setPlan('STARTER_MONTHLY');
    try {
      cafe24.addMember('demomall', { member_id: 'starter1', cellphone: '010-6666-3333' });
      await sync();
      expect(await byPhone('01066663333')).toEqual([]);
    } finally {
      await setPlan('PRO_MONTHLY');
    }

    // One count of order points: with the point integration on, a member's order earns the mall's order mileage only.
    const deliver = async (id: string, buyer: { name: string; cellphone: string; member_id?: string }) => {
      t.clock.advance(1000);
      cafe24.addOrder('demomall', { order_id: id, buyer, items: [{ order_item_code: `${id}-01`, product_no: 99, product_name: '양말', order_status: 'N10', payment_amount: 100000 }] });
      cafe24.setStatus('demomall', id, 'N40');
      await webhook('demomall', id);
      const [order] = await db.select().from(customerOrders).where(eq(customerOrders.idx, (await linesOf(brand.tenantIdx, id))[0].customerOrderIdx!));
      return order;
    };
    const [new1] = await byPhone('01066662222');
    expect(Number((await deliver('P6-0001', { name: '신규회원', cellphone: '010-6666-2222', member_id: 'new1' })).pointAmount)).toBe(0);
    cafe24.changePoints('demomall', 'new1', 1200, '구매 적립', 'B', 'P6-0001');
    await sync();
    await sync();
    const [after] = await byPhone('01066662222');
    expect(after.pointBalance - new1.pointBalance).toBe(1200);
    // A guest's order earns the brand's own rate.
    expect(Number((await deliver('P6-0002', { name: '비회원', cellphone: '010-6666-4444' })).pointAmount)).toBeGreaterThan(0);

    // A change the mall refused (kim, unknown there: FAILED) sent again by hand, once it knows the member.
    const kimLine = (await linesOf(brand.tenantIdx, 'P4-'))[0];
    const [failed] = await db.select().from(shopPointChanges).where(and(eq(shopPointChanges.tenantIdx, brand.tenantIdx), eq(shopPointChanges.status, 'FAILED')));
    expect(failed).toMatchObject({ customerIdx: kimLine.customerIdx, amount: 100 });
    const R = `${C}/points/${failed.ledgerIdx}/retry`;
    expect((await (await sessionOf(t, 'staff@demo.test')).call({ method: 'POST', url: R })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect((await (await sessionOf(t, 'coop@demo.test')).call({ method: 'POST', url: R })).statusCode).toBe(404);
    expect((await brand.call({ method: 'POST', url: `${C}/points/999999999/retry` })).json().message).toBe(CUSTOMER_MSG.pointChangeNotFound);
    await setPlan('STANDARD_MONTHLY');
    try {
      expect((await brand.call({ method: 'POST', url: R })).json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    } finally {
      await setPlan('PRO_MONTHLY');
    }
    cafe24.changePoints('demomall', failed.memberId, 0, '회원 등록');
    const before = cafe24.pointsOf('demomall', failed.memberId);
    for (let i = 0; i < 2; i++) expect((await brand.call({ method: 'POST', url: R })).json().data).toEqual({ pointIdx: failed.ledgerIdx, mallSync: 'PENDING' });
    await runShopSync(deps());
    await runShopSync(deps());
    expect(cafe24.pointsOf('demomall', failed.memberId)).toBe(before + 100);
    expect((await brand.call({ method: 'POST', url: R })).json().data.mallSync).toBe('SENT');
    expect((cafe24.pointHistory.get('demomall') ?? []).filter((p) => p.reason.endsWith(`(#${failed.changeKey})`))).toHaveLength(1);
    expect(await db.$count(auditLog, and(eq(auditLog.tenantIdx, brand.tenantIdx), eq(auditLog.action, 'customer.points.retry'), eq(auditLog.outcome, 'ok')))).toBe(3);
  });

  it('an order cancelled or returned at the mall cancels its warranty and takes back its stamps, once, however often it arrives', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const card = async (customerIdx: number) => (await t.database.db.select().from(stampCards).where(and(eq(stampCards.tenantIdx, brand.tenantIdx), eq(stampCards.customerIdx, customerIdx))))[0]?.count ?? 0;
    const stampOn = async (trigger: 'ORDER' | 'GUARANTEE') => {
      await t.database.db.insert(stampSettings).values({ tenantIdx: brand.tenantIdx, goal: 10, rewardCouponIdx: UNKNOWN_COUPON, trigger, active: 'Y' })
        .onConflictDoUpdate({ target: stampSettings.tenantIdx, set: { trigger, active: 'Y', goal: 10 } });
    };
    const deliver = async (id: string) => {
      t.clock.advance(1000);
      cafe24.addOrder('demomall', { order_id: id, buyer: { name: '최취소', cellphone: '010-5858-6969' } });
      cafe24.setStatus('demomall', id, 'N40');
      expect((await webhook('demomall', id)).statusCode).toBe(200);
    };
    await stampOn('ORDER');
    await deliver('P5-0001');
    await stampOn('GUARANTEE');
    await deliver('P5-0002');
    const [first, second] = await linesOf(brand.tenantIdx, 'P5-');
    expect([first.warrantyState, second.warrantyState]).toEqual(['ISSUED', 'ISSUED']);
    const customerIdx = first.customerIdx!;
    expect(await card(customerIdx)).toBe(2);

    // Returned (R40) and cancelled (C40) at the mall; each told twice by webhook and once by the poll, at once.
    t.clock.advance(1000);
    cafe24.setStatus('demomall', 'P5-0001', 'R40');
    cafe24.setStatus('demomall', 'P5-0002', 'C40');
    await due(brand.tenantIdx, 'cafe24');
    await Promise.all([webhook('demomall', 'P5-0001'), webhook('demomall', 'P5-0002'), runShopSync(deps()), webhook('demomall', 'P5-0001'), webhook('demomall', 'P5-0002')]);
    const check = async () => {
      const lines = await linesOf(brand.tenantIdx, 'P5-');
      expect(lines.map((l) => [l.status, l.warrantyState])).toEqual([['CANCELED', 'CANCELED'], ['CANCELED', 'CANCELED']]);
      const certs = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, brand.tenantIdx), like(nfts.refOrderId, 'P5-%'))).orderBy(nfts.idx);
      expect(certs.map((n) => [n.nftStatus, n.cancelReason])).toEqual([[9, ORDER_CANCEL_REASON], [9, ORDER_CANCEL_REASON]]);
      expect(await card(customerIdx)).toBe(0);
      const history = await t.database.db.select().from(stampHistory).where(and(eq(stampHistory.tenantIdx, brand.tenantIdx), eq(stampHistory.customerIdx, customerIdx)));
      expect(history.map((h) => [h.trigger, h.status]).sort()).toEqual([['GUARANTEE', 'CANCELED'], ['ORDER', 'CANCELED']]);
      return lines.map((l) => l.reversedAt!.getTime());
    };
    const reversedAt = await check();
    // Again later, by either path: nothing moves.
    t.clock.advance(1000);
    await webhook('demomall', 'P5-0001');
    await due(brand.tenantIdx, 'cafe24');
    await runShopSync(deps());
    expect(await check()).toEqual(reversedAt);
    // Not issued by hand afterwards either.
    expect((await brand.call({ method: 'POST', url: `${C}/order/confirm`, payload: { orderIdx: first.idx } })).json().data.warrantyState).toBe('CANCELED');
    await t.database.db.update(stampSettings).set({ active: 'N' }).where(eq(stampSettings.tenantIdx, brand.tenantIdx));
  });

  it('Naver Commerce: the signed secret, windows of at most 24 hours, pages of 300 with moreSequence, de-duplicated; PURCHASE_DECIDED and DISPATCHED + N days issue', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    expect((await brand.call({ method: 'POST', url: `${N}/subscribe`, payload: { clientId: naver.clientId, clientSecret: 'not-a-salt' } })).json().errors)
      .toEqual({ clientSecret: INTERWORK_MSG.credentialsRejected });
    expect((await brand.call({ method: 'POST', url: `${N}/subscribe`, payload: { clientId: naver.clientId, clientSecret: '$2a$04$abcdefghijklmnopqrstuu' } })).json().errors)
      .toEqual({ clientSecret: INTERWORK_MSG.credentialsRejected });
    const subscribed = await brand.call({ method: 'POST', url: `${N}/subscribe`, payload: { clientId: naver.clientId, clientSecret: naver.clientSecret } });
    expect(subscribed.json().data).toMatchObject({ connected: true, mallId: naver.clientId, status: 'CONNECTED' });
    expect(JSON.stringify(subscribed.json())).not.toContain(naver.clientSecret);
    await brand.call({ method: 'PUT', url: `${N}/setting`, payload: { productNos: ['501'], deliveredBy: 'PURCHASE_DECIDED' } });
    // 305 changes within one instant three days ago (so several windows and pages), then the same ones again.
    const start = t.clock.now();
    const threeDaysAgo = new Date(start.getTime() - 3 * 86_400_000);
    for (let i = 0; i < 305; i++) naver.add({ productOrderId: `N${String(i).padStart(4, '0')}`, ordererTel: `010-5${String(i).padStart(3, '0')}-1000` }, threeDaysAgo);
    naver.setStatus('N0001', 'PURCHASE_DECIDED', threeDaysAgo);
    naver.setStatus('N0002', 'DISPATCHED', threeDaysAgo);
    naver.failNext(3, 429);
    await due(brand.tenantIdx, 'naver');
    await runShopSync(deps());
    expect(naver.stats.windowsRefused).toBe(0);
    const lines = await t.database.db.select().from(shopOrders).where(and(eq(shopOrders.tenantIdx, brand.tenantIdx), eq(shopOrders.platform, 'naver'))).orderBy(shopOrders.itemId);
    expect(lines).toHaveLength(305);
    expect(new Set(lines.map((l) => l.itemId)).size).toBe(305);
    expect(lines.find((l) => l.itemId === 'N0001')).toMatchObject({ status: 'PURCHASE_DECIDED', warrantyState: 'ISSUED' });
    expect(lines.find((l) => l.itemId === 'N0002')).toMatchObject({ status: 'DISPATCHED', warrantyState: 'NONE' });
    const [decided] = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.idx, lines.find((l) => l.itemId === 'N0001')!.warrantyNftIdx!)));
    expect(decided.requestRoute).toBe('naver');
    // DISPATCHED + N days stands for delivery when the brand chooses it.
    await brand.call({ method: 'PUT', url: `${N}/setting`, payload: { deliveredBy: 'DISPATCHED_PLUS_DAYS', dispatchDays: 2 } });
    await due(brand.tenantIdx, 'naver');
    await runShopSync(deps());
    const [dispatched] = await t.database.db.select().from(shopOrders).where(and(eq(shopOrders.tenantIdx, brand.tenantIdx), eq(shopOrders.itemId, 'N0002')));
    expect(dispatched.warrantyState).toBe('ISSUED');
    expect(await t.database.db.$count(nfts, and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.requestRoute, 'naver')))).toBe(2);
    // Returned at Naver (RETURNED): its warranty is cancelled.
    naver.setStatus('N0001', 'RETURNED', t.clock.now());
    await due(brand.tenantIdx, 'naver');
    await runShopSync(deps());
    const [returned] = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, brand.tenantIdx), eq(nfts.idx, decided.idx)));
    expect(returned).toMatchObject({ nftStatus: 9, cancelReason: ORDER_CANCEL_REASON });
    // Leave with a reason: the secret is deleted.
    expect((await brand.call({ method: 'POST', url: `${N}/delete`, payload: { reason: ' ' } })).json().errors).toEqual({ reason: INTERWORK_MSG.reasonRequired });
    expect((await brand.call({ method: 'POST', url: `${N}/delete`, payload: { reason: '다른 솔루션을 써요' } })).statusCode).toBe(200);
    expect((await brand.call({ method: 'GET', url: N })).json().data).toEqual({ connected: false, leaveReason: '다른 솔루션을 써요', disconnectedAt: t.clock.now().toISOString() });
    const [gone] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, brand.tenantIdx), eq(shopConnections.platform, 'naver')));
    expect(gone).toMatchObject({ status: 'DISCONNECTED', clientSecret: null, accessToken: null });
  });

  it('the app removed from the mall disconnects cleanly; the webhook needs its key', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/cafe24/v1/webhook', payload: { event_no: CAFE24_APP_DELETED_EVENT, resource: { mall_id: 'demomall' } } });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cafe24/v1/webhook', headers: { 'x-api-key': WEBHOOK_KEY }, payload: { event_no: 'x' } })).statusCode).toBe(400);
    expect((await webhook('demomall', '', CAFE24_APP_DELETED_EVENT)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, brand.tenantIdx), eq(shopConnections.mallId, 'demomall')));
    expect(row).toMatchObject({ status: 'DISCONNECTED', leaveReason: 'APP_REMOVED', accessToken: null, refreshToken: null });
    expect((await brand.call({ method: 'GET', url: C })).json().data).toMatchObject({ connected: false, leaveReason: 'APP_REMOVED' });
    // Synced orders and warranties stay; nothing polls the mall any more.
    expect((await linesOf(brand.tenantIdx, 'P1-'))[0].warrantyState).toBe('ISSUED');
    expect(await t.database.db.$count(shopConnections, sql`status = 'CONNECTED' AND mall_id = 'demomall'`)).toBe(0);
    // Leave reason on a connected mall, then nothing to leave.
    await connectCafe24(brand.call, 'demomall');
    expect((await brand.call({ method: 'POST', url: `${C}/leave-reason`, payload: { reason: '잠시 쉬어요' } })).statusCode).toBe(200);
    expect((await brand.call({ method: 'POST', url: `${C}/leave-reason`, payload: { reason: '잠시 쉬어요' } })).statusCode).toBe(404);
  });

  it('never logs a token, a code, a launch signature or a secret', () => {
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [...secretsSeen, naver.clientSecret, cafe24.clientSecret, WEBHOOK_KEY]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/hmac=|access_token|refresh_token|client_secret_sign/);
  });
});
