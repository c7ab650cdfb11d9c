import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { insertNft, NFT_URL } from '../../../tests/helpers/guarantees';
import { newPublicToken } from '../certificates/url';
import { findAccountByEmail } from '../accounts/repository';
import type { Db } from '../../db/client';
import { coupons, customerCoupons, customers, nfts, nftTemplates, stampCards, stampHistory } from '../../db/schema';
import { accrueForIssued, applyStamps, stampCardOf, stampSettingOf } from './accrue';
import { cancelForCanceled } from './cancel';

/**
 * Taking back a stamp when the certificate that earned it is cancelled (issue 11 item 6; the rule is
 * src/domain/stamp.ts cancelStamps): on the current card the row becomes CANCELED and the count goes
 * down; a stamp a completed card consumed stays, and so does its reward.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const S = '/api/v1/admin/stamp';
type Call = ReturnType<typeof as>;

/** A fresh brand on its trial with a reward coupon, a customer, and its card on issued guarantees with this goal. */
async function brand(goal: number) {
  const account = await confirmedBrand(t, { email: uniqueEmail('stampcancel') });
  const tenantIdx = (await findAccountByEmail(t.database.db, account.email))!.idx;
  const call = as(t, account.token);
  const [membership] = await t.database.db.insert(nftTemplates).values({ tenantIdx, templateType: 'MEMBERSHIP', nftCardName: '단골 멤버십' }).returning();
  const [reward] = await t.database.db.insert(coupons).values({
    tenantIdx, title: '아메리카노 무료', membershipIdx: membership.idx, expireType: 1, expireDays: 30, usePlace: 1,
  }).returning();
  const customer = async (phone: string, name = '김단골') => (await t.database.db.insert(customers).values({ tenantIdx, phone, name }).returning())[0];
  const saved = await call({ method: 'PUT', url: S, payload: { goal, rewardCouponIdx: reward.idx, trigger: 'GUARANTEE', active: 'Y' } });
  expect(saved.statusCode, saved.body).toBe(200);
  /** A guarantee issued to the customer now (status 3), with its stamp accrued as the issue path does. */
  const issued = async (customerIdx: number) => {
    const nft = await insertNft(t, tenantIdx, 3, { customerIdx });
    await t.database.db.transaction((tx) => accrueForIssued(tx, tenantIdx, [nft.idx], t.clock.now()));
    return nft;
  };
  const card = async (customerIdx: number) => (await stampCardOf(t.database.db, tenantIdx, customerIdx))!;
  const rows = (customerIdx: number) => t.database.db.select().from(stampHistory)
    .where(and(eq(stampHistory.tenantIdx, tenantIdx), eq(stampHistory.customerIdx, customerIdx))).orderBy(stampHistory.idx);
  const stampOf = async (nftIdx: number) => (await t.database.db.select().from(stampHistory)
    .where(and(eq(stampHistory.tenantIdx, tenantIdx), eq(stampHistory.refIdx, nftIdx), eq(stampHistory.trigger, 'GUARANTEE'))));
  return { call, tenantIdx, reward, customer, issued, card, rows, stampOf };
}

const cancel = (call: Call, idx: number) => call({ method: 'PATCH', url: `${NFT_URL}/cancel/${idx}` });
const cancelBulk = (call: Call, nftIdxList: number[]) => call({ method: 'PATCH', url: `${NFT_URL}/cancel/bulk`, payload: { nftIdxList } });

/** A Db whose `execute` calls are counted: the set-based steps are raw statements. */
function counting(db: Db) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, counter };
}

describe(`stamps taken back on a cancelled certificate (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('takes back the stamp of a cancelled guarantee in the cancel\'s transaction: CANCELED row, one stamp fewer; a second cancel changes nothing', async () => {
    const { call, tenantIdx, customer, card, stampOf } = await brand(10);
    const c = await customer('01090001111');
    const issued: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call({ method: 'POST', url: NFT_URL, payload: { ordererName: '김단골', ordererTel: '010-9000-1111', productName: `머그컵 ${i}` } });
      expect(res.statusCode, res.body).toBe(201);
      issued.push(res.json().data.idx);
    }
    expect(await card(c.idx)).toMatchObject({ count: 3, cardNo: 1 });

    const res = await cancel(call, issued[1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.nftStatus).toBe(9);
    expect((await stampOf(issued[1])).map((r) => r.status)).toEqual(['CANCELED']);
    expect((await stampOf(issued[0])).map((r) => r.status)).toEqual(['ACCRUED']);
    expect(await card(c.idx)).toMatchObject({ count: 2, cardNo: 1 });
    const list = (await call({ method: 'GET', url: `${S}/list?stampStatus=CANCELED` })).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ stampStatus: 'CANCELED', refIdx: issued[1], customerIdx: c.idx, trigger: 'GUARANTEE' });
    expect((await call({ method: 'GET', url: `${S}/list` })).json().data.total).toBe(3);

    // Cancelled again: the transition refuses it, and taking back again finds nothing.
    expect((await cancel(call, issued[1])).json().code).toBe('ILLEGAL_TRANSITION');
    expect(await t.database.db.transaction((tx) => cancelForCanceled(tx, tenantIdx, [issued[1]], t.clock.now()))).toBe(0);
    expect((await stampOf(issued[1])).map((r) => r.status)).toEqual(['CANCELED']);
    expect(await card(c.idx)).toMatchObject({ count: 2, cardNo: 1 });
  });

  it('changes nothing for a certificate that earned no stamp: issued before the card, without a customer, or whose ref is an order', async () => {
    const { call, tenantIdx, customer, card, rows, issued } = await brand(10);
    const c = await customer('01090002222');
    const before = await insertNft(t, tenantIdx, 3, { customerIdx: c.idx });
    const nobody = await insertNft(t, tenantIdx, 3);
    const stamped = await issued(c.idx);
    // An order's stamp whose ref happens to be the certificate's idx: not the certificate's stamp.
    const setting = (await stampSettingOf(t.database.db, tenantIdx))!;
    await t.database.db.transaction((tx) => applyStamps(tx, { ...setting, trigger: 'ORDER' }, [{ customerIdx: c.idx, refIdx: before.idx }], t.clock.now()));
    expect(await card(c.idx)).toMatchObject({ count: 2 });

    expect((await cancelBulk(call, [before.idx, nobody.idx])).statusCode).toBe(200);
    expect(await card(c.idx)).toMatchObject({ count: 2 });
    expect((await rows(c.idx)).map((r) => [r.trigger, r.refIdx, r.status])).toEqual([['GUARANTEE', stamped.idx, 'ACCRUED'], ['ORDER', before.idx, 'ACCRUED']]);
  });

  it('keeps a stamp its completed card consumed, and the reward coupon; only a stamp on the current card is taken back', async () => {
    const { call, tenantIdx, customer, card, rows, stampOf, issued } = await brand(3);
    const c = await customer('01090003333');
    const first = [await issued(c.idx), await issued(c.idx), await issued(c.idx)];
    const current = await issued(c.idx);
    expect(await card(c.idx)).toMatchObject({ count: 1, cardNo: 2 });
    const granted = () => t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.customerIdx, c.idx)));
    expect((await granted()).map((g) => g.status)).toEqual(['ISSUED']);

    // The first card's stamps (its completing one too): the card stays done, the coupon stays given.
    expect((await cancelBulk(call, [first[0].idx, first[2].idx])).statusCode).toBe(200);
    expect((await stampOf(first[0].idx)).map((r) => r.status)).toEqual(['ACCRUED']);
    expect((await stampOf(first[2].idx)).map((r) => r.status)).toEqual(['ACCRUED']);
    expect(await card(c.idx)).toMatchObject({ count: 1, cardNo: 2 });
    expect((await granted()).map((g) => g.status)).toEqual(['ISSUED']);
    expect((await rows(c.idx)).filter((r) => r.status === 'REWARDED')).toHaveLength(1);

    // The current card's stamp is taken back.
    expect((await cancel(call, current.idx)).statusCode).toBe(200);
    expect((await stampOf(current.idx)).map((r) => r.status)).toEqual(['CANCELED']);
    expect(await card(c.idx)).toMatchObject({ count: 0, cardNo: 2 });
    expect((await rows(c.idx)).map((r) => r.status)).toEqual(['ACCRUED', 'ACCRUED', 'ACCRUED', 'REWARDED', 'CANCELED']);
  });

  it('takes back on a pending certificate cancelled with a reason, from the customer who got the stamp, and never below zero', async () => {
    const { call, tenantIdx, customer, card, stampOf, issued } = await brand(10);
    const [a, b] = [await customer('01090004444', '가'), await customer('01090005555', '나')];
    const moved = await issued(a.idx);
    const pending = await issued(a.idx);
    await t.database.db.update(nfts).set({ customerIdx: b.idx }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, moved.idx)));
    await t.database.db.update(nfts).set({ nftStatus: 5 }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, pending.idx)));
    await issued(b.idx);

    expect((await cancel(call, moved.idx)).statusCode).toBe(200);
    expect(await card(a.idx)).toMatchObject({ count: 1 });
    expect(await card(b.idx)).toMatchObject({ count: 1 });

    // A card whose count was somehow already 0: the row is taken back, the count stays 0.
    await t.database.db.update(stampCards).set({ count: 0 }).where(and(eq(stampCards.tenantIdx, tenantIdx), eq(stampCards.customerIdx, a.idx)));
    const res = await call({ method: 'POST', url: `${NFT_URL}/pending/cancel-reason`, payload: { nftIdxList: [pending.idx], reason: '고객 요청' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stampOf(pending.idx)).map((r) => r.status)).toEqual(['CANCELED']);
    expect(await card(a.idx)).toMatchObject({ count: 0 });
  });

  it('takes back a bulk cancel set-based: the same four statements for 1 certificate as for 60 over 6 customers', async () => {
    const { tenantIdx, customer, card, issued } = await brand(30);
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await customer(`0109100000${i}`, `고객${i}`));
    const bulk: number[] = [];
    for (const p of people) {
      const rows = await t.database.db.insert(nfts).values(Array.from({ length: 12 }, (_, i) => ({
        tenantIdx, nftNumber: `SC-${p.idx}-${i}-${Math.random().toString(36).slice(2, 8)}`, nftStatus: 3, ordererName: p.name, ordererTel: p.phone,
        productName: '상품', publicToken: newPublicToken(), customerIdx: p.idx, createdAt: t.clock.now(), updatedAt: t.clock.now(),
      }))).returning({ idx: nfts.idx });
      await t.database.db.transaction((tx) => accrueForIssued(tx, tenantIdx, rows.map((r) => r.idx), t.clock.now()));
      bulk.push(...rows.slice(0, 10).map((r) => r.idx));
    }
    const one = await issued(people[0].idx);
    for (const p of people) expect(await card(p.idx)).toMatchObject({ count: p === people[0] ? 13 : 12 });

    const run = (idxList: number[]) => t.database.db.transaction(async (tx) => {
      const c = counting(tx);
      const taken = await cancelForCanceled(c.db, tenantIdx, idxList, t.clock.now());
      return { taken, statements: c.counter.statements };
    });
    expect(await run([one.idx])).toEqual({ taken: 1, statements: 4 });
    expect(await run(bulk)).toEqual({ taken: 60, statements: 4 });
    for (const p of people) expect(await card(p.idx)).toMatchObject({ count: 2 });
    // Nothing left to take back: the lock finds no card and that is all.
    expect(await run(bulk)).toEqual({ taken: 0, statements: 1 });
  });

  it('keeps every stamp right when cancels and issues for the same customer run at once', async () => {
    const { call, tenantIdx, customer, card, issued } = await brand(30);
    const c = await customer('01090006666');
    const old = [await issued(c.idx), await issued(c.idx), await issued(c.idx), await issued(c.idx)];
    const results = await Promise.all([
      ...old.map((n) => cancel(call, n.idx)),
      ...Array.from({ length: 4 }, (_, i) => call({ method: 'POST', url: NFT_URL, payload: { ordererName: '김단골', ordererTel: '010-9000-6666', productName: `컵 ${i}` } })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    expect(await card(c.idx)).toMatchObject({ count: 4, cardNo: 1 });
    const rows = await t.database.db.select().from(stampHistory).where(and(eq(stampHistory.tenantIdx, tenantIdx), eq(stampHistory.customerIdx, c.idx)));
    expect(rows.filter((r) => r.status === 'CANCELED').map((r) => r.refIdx).sort()).toEqual(old.map((n) => n.idx).sort());
    expect(rows.filter((r) => r.status === 'ACCRUED')).toHaveLength(4);
  });
});
