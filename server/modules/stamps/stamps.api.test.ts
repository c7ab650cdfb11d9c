import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, sessionOf, uniqueEmail } from '../../../tests/helpers/accounts';
import { NFT_URL } from '../../../tests/helpers/guarantees';
import { MSG } from '../../../src/domain/messages';
import { STAMP_MSG } from '../../../src/domain/stamp';
import { findAccountByEmail } from '../accounts/repository';
import { coupons, customerCoupons, customers, featureSettings, nftTemplates, stampHistory, subscriptions } from '../../db/schema';
import { accrueForIssued, applyStamps, stampCardOf, stampSettingOf } from './accrue';
import { insertNft } from '../../../tests/helpers/guarantees';
import { applyTransition, issueDueReservations } from '../guarantees/transitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const S = '/api/v1/admin/stamp';
type Call = ReturnType<typeof as>;

/** A fresh brand on its trial (MEMBERSHIP in use) with a membership, a reward coupon and a customer. */
async function brand() {
  const account = await confirmedBrand(t, { email: uniqueEmail('stamp') });
  const tenantIdx = (await findAccountByEmail(t.database.db, account.email))!.idx;
  const [membership] = await t.database.db.insert(nftTemplates).values({ tenantIdx, templateType: 'MEMBERSHIP', nftCardName: '단골 멤버십' }).returning();
  const coupon = async (extra: Partial<typeof coupons.$inferInsert> = {}) => (await t.database.db.insert(coupons).values({
    tenantIdx, title: '아메리카노 무료', membershipIdx: membership.idx, expireType: 1, expireDays: 30, usePlace: 1, ...extra,
  }).returning())[0];
  const customer = async (phone: string, name = '김단골') =>
    (await t.database.db.insert(customers).values({ tenantIdx, phone, name }).returning())[0];
  return { call: as(t, account.token), tenantIdx, coupon, customer, membership };
}

const setUp = (call: Call, body: Record<string, unknown>) => call({ method: 'PUT', url: S, payload: { goal: 3, trigger: 'VISIT', active: 'Y', ...body } });
const visit = (call: Call, body: Record<string, unknown>) => call({ method: 'POST', url: '/api/v1/admin/stamps', payload: body });
const history = async (call: Call, query = '') => (await call({ method: 'GET', url: `${S}/list?pageSize=100${query}` })).json().data as {
  list: { stampStatus: string; countAfter: number; cardNo: number; couponTitle: string | null; customerName: string; trigger: string; refIdx: number | null }[]; total: number;
};

describe(`stamps (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('answers null before the card is set up, and checks every field of the card', async () => {
    const { call, coupon } = await brand();
    expect((await call({ method: 'GET', url: S })).json()).toEqual({ data: null });
    const bad = await call({ method: 'PUT', url: S, payload: { goal: 1, rewardCouponIdx: 'x', trigger: 'SIGNUP', active: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      goal: STAMP_MSG.goalInvalid, rewardCouponIdx: STAMP_MSG.rewardCouponRequired, trigger: STAMP_MSG.triggerInvalid, active: STAMP_MSG.choiceInvalid,
    });
    expect((await setUp(call, { goal: 31, rewardCouponIdx: (await coupon()).idx })).json().errors).toEqual({ goal: STAMP_MSG.goalInvalid });
    const once = await coupon({ oncePerCustomer: 'Y' });
    expect((await setUp(call, { rewardCouponIdx: once.idx })).json().errors).toEqual({ rewardCouponIdx: STAMP_MSG.rewardCouponOnce });
    const other = await brand();
    const theirs = await other.coupon();
    expect((await setUp(call, { rewardCouponIdx: theirs.idx })).json().errors).toEqual({ rewardCouponIdx: STAMP_MSG.rewardCouponNotFound });

    const mine = await coupon();
    const saved = await setUp(call, { rewardCouponIdx: mine.idx, description: '방문할 때마다 스탬프 하나' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ goal: 3, rewardCouponIdx: mine.idx, rewardCouponTitle: '아메리카노 무료', trigger: 'VISIT', active: 'Y', description: '방문할 때마다 스탬프 하나' });
    expect((await call({ method: 'GET', url: S })).json().data).toEqual(saved.json().data);
  });

  it('confirms visits by phone: the third completes the card, grants the reward coupon and starts a new card, each a history row', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon();
    const c = await customer('01011112222');
    await setUp(call, { rewardCouponIdx: reward.idx });
    const results = [];
    for (let i = 0; i < 4; i++) {
      const res = await visit(call, { phone: '010-1111-2222', memo: `방문 ${i + 1}` });
      expect(res.statusCode, res.body).toBe(201);
      results.push(res.json().data);
    }
    expect(results.map((r) => [r.count, r.cardNo, r.rewarded])).toEqual([[1, 1, false], [2, 1, false], [0, 2, true], [1, 2, false]]);
    expect(results[0]).toMatchObject({ customerIdx: c.idx, customerName: '김단골', goal: 3 });
    const granted = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.customerIdx, c.idx)));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ couponIdx: reward.idx, source: 'STAMP', status: 'ISSUED' });

    const all = await history(call);
    expect(all.total).toBe(5);
    expect(all.list.map((h) => [h.stampStatus, h.countAfter, h.cardNo])).toEqual([
      ['ACCRUED', 1, 2], ['REWARDED', 3, 1], ['ACCRUED', 3, 1], ['ACCRUED', 2, 1], ['ACCRUED', 1, 1],
    ]);
    expect(all.list[1]).toMatchObject({ couponTitle: '아메리카노 무료', customerName: '김단골', trigger: 'VISIT' });
    expect((await history(call, '&stampStatus=REWARDED')).total).toBe(1);
    expect((await history(call, '&stampStatus=ALL&searchText=김단')).total).toBe(5);
    expect((await history(call, '&searchText=1111')).total).toBe(5);
    expect((await history(call, '&searchText=없는사람')).total).toBe(0);
    const bad = await call({ method: 'GET', url: `${S}/list?stampStatus=DONE&pageSize=7` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['pageSize', 'stampStatus']);

    expect((await call({ method: 'GET', url: `/api/v1/admin/stamps/${c.idx}` })).json().data)
      .toMatchObject({ count: 1, goal: 3, cardNo: 2, rewardCouponTitle: '아메리카노 무료', trigger: 'VISIT', active: true });
    expect(await stampCardOf(t.database.db, tenantIdx, c.idx)).toMatchObject({ count: 1, goal: 3, rewardCouponTitle: '아메리카노 무료' });
  });

  it('refuses a visit for an unknown customer, a bad body, a card not on visits, and while accrual is off', async () => {
    const { call, coupon, customer } = await brand();
    const c = await customer('01022223333');
    expect((await visit(call, { customerIdx: c.idx })).json()).toMatchObject({ code: 'CONFLICT', message: STAMP_MSG.notSetUp });
    const reward = await coupon();
    await setUp(call, { rewardCouponIdx: reward.idx, trigger: 'ORDER' });
    expect((await visit(call, { customerIdx: c.idx })).json()).toMatchObject({ code: 'CONFLICT', message: STAMP_MSG.notVisitTrigger });
    await setUp(call, { rewardCouponIdx: reward.idx });
    const off = await call({ method: 'PATCH', url: `${S}/active`, payload: { active: 'N' } });
    expect(off.json().data.active).toBe('N');
    expect((await visit(call, { customerIdx: c.idx })).statusCode).toBe(409);
    await call({ method: 'PATCH', url: `${S}/active`, payload: { active: 'Y' } });
    expect((await call({ method: 'PATCH', url: `${S}/active`, payload: { active: 'yes' } })).json().errors).toEqual({ active: STAMP_MSG.choiceInvalid });

    expect((await visit(call, {})).json().errors).toEqual({ phone: STAMP_MSG.customerRequired });
    expect((await visit(call, { phone: '12345' })).json().errors).toEqual({ phone: STAMP_MSG.phoneInvalid });
    expect((await visit(call, { phone: '010-9999-0000' })).json()).toMatchObject({ code: 'NOT_FOUND', message: STAMP_MSG.customerNotFound });
    expect((await visit(call, { customerIdx: c.idx, memo: 'x'.repeat(101) })).json().errors).toEqual({ memo: STAMP_MSG.memoTooLong });
    expect((await visit(call, { customerIdx: c.idx })).statusCode).toBe(201);
  });

  it('accrues on a recorded purchase and on an issued guarantee, in their transactions, when the card says so', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon();
    const c = await customer('01033334444');
    await setUp(call, { rewardCouponIdx: reward.idx, trigger: 'ORDER', goal: 2 });
    const order = () => call({ method: 'POST', url: `/api/v1/admin/customers/${c.idx}/orders`, payload: { orderedAt: '2026-11-20T05:00:00Z', channel: 'offline', productName: '커피', paymentAmount: 4500 } });
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(201);
    const orders = await history(call);
    expect(orders.list.map((h) => [h.stampStatus, h.trigger])).toEqual([['REWARDED', 'ORDER'], ['ACCRUED', 'ORDER'], ['ACCRUED', 'ORDER']]);
    expect(orders.list[2].refIdx).toEqual(expect.any(Number));

    await setUp(call, { rewardCouponIdx: reward.idx, trigger: 'GUARANTEE', goal: 5 });
    const issued = await call({ method: 'POST', url: NFT_URL, payload: { ordererName: '김단골', ordererTel: '010-3333-4444', productName: '머그컵' } });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = await stampCardOf(t.database.db, tenantIdx, c.idx);
    expect(card).toMatchObject({ count: 1, cardNo: 2, goal: 5 });
    const [latest] = (await history(call)).list;
    expect(latest).toMatchObject({ stampStatus: 'ACCRUED', trigger: 'GUARANTEE', refIdx: issued.json().data.idx });
    // An order no longer accrues once the card is on guarantees.
    await order();
    expect((await history(call)).total).toBe(4);
  });

  it('never loses a stamp nor rewards a card twice when visits are confirmed at the same time', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon();
    const c = await customer('01044445555');
    await setUp(call, { rewardCouponIdx: reward.idx, goal: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => visit(call, { customerIdx: c.idx })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(results.filter((r) => r.json().data.rewarded)).toHaveLength(3);
    const rows = await t.database.db.select().from(stampHistory).where(and(eq(stampHistory.tenantIdx, tenantIdx), eq(stampHistory.customerIdx, c.idx)));
    expect(rows.filter((r) => r.status === 'ACCRUED')).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'REWARDED').map((r) => r.cardNo).sort()).toEqual([1, 2, 3]);
    expect(await stampCardOf(t.database.db, tenantIdx, c.idx)).toMatchObject({ count: 1, cardNo: 4 });
    const granted = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.customerIdx, c.idx)));
    expect(granted).toHaveLength(3);
  });

  it('accrues a bulk chunk of issued certificates set-based: one stamp per guarantee of a customer, memberships left out', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon();
    const [a, b] = [await customer('01077770001', '가'), await customer('01077770002', '나')];
    await setUp(call, { rewardCouponIdx: reward.idx, trigger: 'GUARANTEE', goal: 2 });
    const nfts = [
      await insertNft(t, tenantIdx, 3, { customerIdx: a.idx }), await insertNft(t, tenantIdx, 3, { customerIdx: a.idx }),
      await insertNft(t, tenantIdx, 3, { customerIdx: a.idx }), await insertNft(t, tenantIdx, 3, { customerIdx: b.idx }),
      await insertNft(t, tenantIdx, 3, { customerIdx: b.idx, nftType: 'MEMBERSHIP' }),
    ];
    await t.database.db.transaction((tx) => accrueForIssued(tx, tenantIdx, nfts.map((n) => n.idx), t.clock.now()));
    expect(await stampCardOf(t.database.db, tenantIdx, a.idx)).toMatchObject({ count: 1, cardNo: 2 });
    expect(await stampCardOf(t.database.db, tenantIdx, b.idx)).toMatchObject({ count: 1, cardNo: 1 });
    const rows = (await history(call)).list;
    expect(rows.filter((r) => r.stampStatus === 'ACCRUED').map((r) => r.refIdx).sort()).toEqual(nfts.slice(0, 4).map((n) => n.idx).sort());
    expect(rows.filter((r) => r.stampStatus === 'REWARDED')).toHaveLength(1);
  });

  it('accrues when a waiting guarantee is confirmed and when the reservation job issues a reserved one', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const c = await customer('01077770003');
    await setUp(call, { rewardCouponIdx: (await coupon()).idx, trigger: 'GUARANTEE', goal: 5 });
    const deps = { messaging: t.app.messaging, publicUrl: 'http://localhost' };
    const waiting = await insertNft(t, tenantIdx, 1, { customerIdx: c.idx });
    await applyTransition(t.database.db, deps, tenantIdx, [waiting.idx], 'complete', t.clock.now());
    expect(await stampCardOf(t.database.db, tenantIdx, c.idx)).toMatchObject({ count: 1 });
    const reserved = await insertNft(t, tenantIdx, 7, { customerIdx: c.idx, issueAt: new Date(t.clock.now().getTime() - 1000) });
    await issueDueReservations(t.database.db, deps, t.clock.now());
    expect(await stampCardOf(t.database.db, tenantIdx, c.idx)).toMatchObject({ count: 2 });
    expect((await history(call)).list.map((h) => h.refIdx)).toEqual([reserved.idx, waiting.idx]);
  });

  it('keeps every stamp when two batches over the same customers run at once, in opposite orders', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon();
    const people = [await customer('01088880001'), await customer('01088880002'), await customer('01088880003')];
    await setUp(call, { rewardCouponIdx: reward.idx, goal: 4 });
    const setting = (await stampSettingOf(t.database.db, tenantIdx))!;
    const batch = (order: typeof people) => t.database.db.transaction((tx) =>
      applyStamps(tx, setting, [...order, ...order].map((p) => ({ customerIdx: p.idx })), t.clock.now()));
    await Promise.all([batch(people), batch([...people].reverse()), batch(people), batch([...people].reverse())]);
    for (const p of people) expect(await stampCardOf(t.database.db, tenantIdx, p.idx)).toMatchObject({ count: 0, cardNo: 3 });
    const rows = await t.database.db.select().from(stampHistory).where(eq(stampHistory.tenantIdx, tenantIdx));
    expect(rows.filter((r) => r.status === 'ACCRUED')).toHaveLength(24);
    expect(rows.filter((r) => r.status === 'REWARDED')).toHaveLength(6);
  });

  it('records a reward its coupon refuses (sold out) and still starts a new card', async () => {
    const { call, tenantIdx, coupon, customer } = await brand();
    const reward = await coupon({ useCountLimit: 'Y', countLimit: 1 });
    const [a, b] = [await customer('01055556666', '가'), await customer('01055557777', '나')];
    await setUp(call, { rewardCouponIdx: reward.idx, goal: 2 });
    for (const who of [a, a, b, b]) await visit(call, { customerIdx: who.idx });
    const rows = (await history(call, '&stampStatus=REWARD_FAILED')).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customerName: '나', couponTitle: '아메리카노 무료' });
    expect((await call({ method: 'GET', url: `${S}/list?stampStatus=REWARD_FAILED` })).json().data.list[0].failReason).toBe(STAMP_MSG.rewardSoldOut);
    expect(await stampCardOf(t.database.db, tenantIdx, b.idx)).toMatchObject({ count: 0, cardNo: 2 });
  });

  it('keeps tenants apart: another tenant\'s customer is not found and its history never shows', async () => {
    const a = await brand();
    const b = await brand();
    const bCustomer = await b.customer('01066667777');
    await setUp(a.call, { rewardCouponIdx: (await a.coupon()).idx });
    await setUp(b.call, { rewardCouponIdx: (await b.coupon()).idx });
    expect((await visit(b.call, { customerIdx: bCustomer.idx })).statusCode).toBe(201);
    expect((await visit(a.call, { customerIdx: bCustomer.idx })).statusCode).toBe(404);
    expect((await visit(a.call, { phone: '010-6666-7777' })).statusCode).toBe(404);
    expect((await a.call({ method: 'GET', url: `/api/v1/admin/stamps/${bCustomer.idx}` })).statusCode).toBe(404);
    expect((await history(a.call)).total).toBe(0);
    expect((await history(b.call)).total).toBe(1);
  });

  it('refuses sub-accounts, repairers, accounts without the MEMBERSHIP feature and the STANDARD plan on every stamp route', async () => {
    const routes = [
      { method: 'GET' as const, url: S }, { method: 'PUT' as const, url: S, payload: {} }, { method: 'PATCH' as const, url: `${S}/active`, payload: {} },
      { method: 'GET' as const, url: `${S}/list` }, { method: 'POST' as const, url: '/api/v1/admin/stamps', payload: {} },
      { method: 'GET' as const, url: '/api/v1/admin/stamps/1' },
    ];
    const staff = await sessionOf(t, 'staff@demo.test');
    const repair = await sessionOf(t, 'repair@demo.test');
    const { call, tenantIdx } = await brand();
    for (const r of routes) {
      expect((await staff.call(r)).json().code, r.url).toBe('SUB_ACCOUNT_FORBIDDEN');
      expect((await repair.call(r)).json().code, r.url).toBe('FORBIDDEN_ROLE');
    }
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, tenantIdx), eq(featureSettings.name, 'MEMBERSHIP')));
    t.app.principals.forgetTenant(tenantIdx);
    for (const r of routes) expect((await call(r)).json(), r.url).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    await t.database.db.insert(featureSettings).values({ tenantIdx, name: 'MEMBERSHIP', option: null, endAt: null });
    await t.database.db.update(subscriptions).set({ planId: 'STANDARD_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    for (const r of routes) expect((await call(r)).json(), r.url).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
  });
});
