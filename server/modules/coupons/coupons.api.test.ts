import { and, eq } from 'drizzle-orm';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession, as } from '../../../tests/helpers/accounts';
import { COUPON_MSG } from '../../../src/domain/coupon';
import { coupons, nftTemplates, stores } from '../../db/schema';

const URL = '/api/v1/admin/coupon';
const MEMBERSHIPS = '/api/v1/admin/membership-template';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
const sessionOf = (email: string) => demoSession(t, email);
const day = (days: number) => addDays(seoulToday(t.clock.now()), days);
async function membershipOf(call: Call): Promise<number> {
  const res = await call({ method: 'POST', url: MEMBERSHIPS, payload: { nftCardName: '쿠폰 멤버십', expireType: 'DAY', expireDays: 365 } });
  return res.json().data.idx;
}
const firstStore = async (tenantIdx: number) => (await t.database.db.select().from(stores).where(eq(stores.tenantIdx, tenantIdx)).limit(1))[0].idx;

describe(`coupons (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('the demo brand has its VIP membership with a birthday coupon of it', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const memberships = (await call({ method: 'GET', url: `${MEMBERSHIPS}/list` })).json().data.list;
    expect(memberships).toContainEqual(expect.objectContaining({ nftCardName: '데모 VIP 멤버십', isMain: true }));
    const list = (await call({ method: 'GET', url: `${URL}?searchText=생일 축하` })).json().data.list;
    expect(list).toEqual([expect.objectContaining({ title: '생일 축하 20% 쿠폰', membershipName: '데모 VIP 멤버십', birthdayDays: 7 })]);
  });

  it('creates a coupon of a membership at chosen stores, answers its membership name, lists, edits and deletes it', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const membershipIdx = await membershipOf(call);
    const storeIdx = await firstStore(tenantIdx);
    const body = {
      title: '생일 쿠폰', membershipIdx, expireType: 2, expireDate: day(10), usePlace: 3, storeIdxList: [storeIdx],
      useCountLimit: 'Y', countLimit: '1,000', code: 'BDAY2026', barcode: '880123', usePassword: 'Y', oncePerCustomer: 'Y', isBirthday: 'Y', birthdayDays: 7,
    };
    const res = await call({ method: 'POST', url: URL, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ ...body, countLimit: 1000, membershipName: '쿠폰 멤버십', image: null, useImage: 'N' });
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}` })).json().data).toEqual(created);
    const page = (await call({ method: 'GET', url: `${URL}?searchText=생일` })).json().data;
    expect(page.list.map((c: { idx: number }) => c.idx)).toContain(created.idx);

    // What the form hides after the switch (the stores, the date, the count, the birthday day) is saved as nothing, even when sent.
    const edited = await call({ method: 'PATCH', url: `${URL}/${created.idx}`, payload: { ...body, usePlace: 1, expireType: 1, expireDays: 30, useCountLimit: 'N', isBirthday: 'N' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ usePlace: 1, expireType: 1, expireDays: 30, storeIdxList: [], expireDate: null, countLimit: null, birthdayDays: null });
    expect((await call({ method: 'DELETE', url: `${URL}/${created.idx}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}` })).json().message).toBe(COUPON_MSG.notFound);
  });

  it('refuses each broken rule of the form with its Korean message', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const valid = { title: '쿠폰', membershipIdx: await membershipOf(call), expireType: 1, expireDays: 7, usePlace: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', '쿠폰 이름을 입력해 주세요'],
      [{ membershipIdx: null }, 'membershipIdx', COUPON_MSG.membershipRequired],
      [{ expireDays: 0 }, 'expireDays', COUPON_MSG.expireDaysInvalid],
      [{ expireType: 2, expireDate: day(0) }, 'expireDate', COUPON_MSG.expireDateFuture],
      [{ usePlace: null }, 'usePlace', COUPON_MSG.usePlaceRequired],
      [{ usePlace: 3 }, 'storeIdxList', COUPON_MSG.storesRequired],
      [{ useCountLimit: 'Y', countLimit: 0 }, 'countLimit', COUPON_MSG.countLimitInvalid],
      [{ code: 'A B' }, 'code', COUPON_MSG.codeInvalid],
      [{ code: 'A!' }, 'code', COUPON_MSG.codeInvalid],
      [{ barcode: '1'.repeat(21) }, 'barcode', COUPON_MSG.barcodeTooLong],
      [{ useImage: 'Y' }, 'image', COUPON_MSG.imageRequired],
      [{ useImage: 'Y', image: '1/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' }, 'image', COUPON_MSG.imageInvalid],
      [{ isBirthday: 'Y', birthdayDays: 31 }, 'birthdayDays', COUPON_MSG.birthdayDaysInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await call({ method: 'POST', url: URL, payload: { ...valid, ...change } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
  });

  it('refuses another tenant\'s membership, a guarantee template and another tenant\'s stores', async () => {
    const a = await sessionOf('brand@demo.test');
    const b = await sessionOf('other@demo.test');
    const bMembership = await membershipOf(b.call);
    const [guarantee] = await t.database.db.select().from(nftTemplates)
      .where(and(eq(nftTemplates.tenantIdx, a.tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE'))).limit(1);
    const valid = { title: '쿠폰', membershipIdx: await membershipOf(a.call), expireType: 1, expireDays: 7, usePlace: 1 };
    for (const membershipIdx of [bMembership, guarantee.idx]) {
      const res = await a.call({ method: 'POST', url: URL, payload: { ...valid, membershipIdx } });
      expect(res.json().errors).toEqual({ membershipIdx: COUPON_MSG.membershipInvalid });
    }
    const res = await a.call({ method: 'POST', url: URL, payload: { ...valid, usePlace: 3, storeIdxList: [await firstStore(b.tenantIdx)] } });
    expect(res.json().errors).toEqual({ storeIdxList: COUPON_MSG.storesInvalid });
  });

  it('does not find or change another tenant\'s coupon', async () => {
    const a = await sessionOf('brand@demo.test');
    const b = await sessionOf('other@demo.test');
    const bBody = { title: 'B 쿠폰', membershipIdx: await membershipOf(b.call), expireType: 1, expireDays: 7, usePlace: 2 };
    const bCoupon = (await b.call({ method: 'POST', url: URL, payload: bBody })).json().data;
    const row = () => t.database.db.select().from(coupons).where(and(eq(coupons.tenantIdx, b.tenantIdx), eq(coupons.idx, bCoupon.idx)));
    const before = await row();
    for (const request of [
      { method: 'GET' as const, url: `${URL}/${bCoupon.idx}` },
      { method: 'PATCH' as const, url: `${URL}/${bCoupon.idx}`, payload: { ...bBody, membershipIdx: await membershipOf(a.call) } },
      { method: 'DELETE' as const, url: `${URL}/${bCoupon.idx}` },
      { method: 'DELETE' as const, url: `${URL}/bulk`, payload: { idxList: [bCoupon.idx] } },
    ]) {
      const res = await a.call(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(await row()).toEqual(before);
    const aList = (await a.call({ method: 'GET', url: `${URL}?pageSize=500` })).json().data.list.map((c: { idx: number }) => c.idx);
    expect(aList).not.toContain(bCoupon.idx);
  });

  it('lets a sub-account write coupons and refuses the repairer and launderer', async () => {
    const staff = await sessionOf('staff@demo.test');
    const body = { title: '직원 쿠폰', membershipIdx: await membershipOf(staff.call), expireType: 1, expireDays: 7, usePlace: 2 };
    expect((await staff.call({ method: 'POST', url: URL, payload: body })).statusCode).toBe(201);
    for (const email of ['repair@demo.test', 'laundry@demo.test']) {
      const res = await (await sessionOf(email)).call({ method: 'GET', url: URL });
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
  });
});
