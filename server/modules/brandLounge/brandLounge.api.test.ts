import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, sessionOf, uniqueEmail } from '../../../tests/helpers/accounts';
import { TINY_IMAGES, multipartFile, uploadImage } from '../../../tests/helpers/uploads';
import { MSG } from '../../../src/domain/messages';
import { LOUNGE_MSG } from '../../../src/domain/brandLounge';
import { findAccountByEmail } from '../accounts/repository';
import { brands, coupons, featureSettings, nftTemplates, subscriptions } from '../../db/schema';
import { loungeSettingsOf } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const L = '/api/v1/admin/lounge';
type Call = ReturnType<typeof as>;

async function brand() {
  const account = await confirmedBrand(t, { email: uniqueEmail('lounge') });
  const tenantIdx = (await findAccountByEmail(t.database.db, account.email))!.idx;
  const membership = async (name: string, status: 'ACTIVE' | 'STOP' = 'ACTIVE') =>
    (await t.database.db.insert(nftTemplates).values({ tenantIdx, templateType: 'MEMBERSHIP', nftCardName: name, status }).returning())[0];
  const coupon = async (title: string, membershipIdx: number) =>
    (await t.database.db.insert(coupons).values({ tenantIdx, title, membershipIdx, expireType: 1, expireDays: 30, usePlace: 1 }).returning())[0];
  return { call: as(t, account.token), tenantIdx, membership, coupon };
}
const upload = (call: Call, content: Buffer = TINY_IMAGES.png) => {
  const { payload, headers } = multipartFile('logo.png', content);
  return call({ method: 'POST', url: `${L}/image`, payload, headers });
};
const body = (extra: Record<string, unknown> = {}) => ({
  title: '데모 라운지', subtitle: '단골을 위한 공간', description: '멤버십과 쿠폰을 한곳에서', notice: '매장에서 휴대폰 번호를 알려 주세요',
  themeColor: '#0F766E', logo: null, image: null, membershipIdxList: [], couponIdxList: [], showStamp: 'Y', ...extra,
});

describe(`the brand lounge settings (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('answers defaults (the brand name as the title) before anything is saved', async () => {
    const { call, tenantIdx } = await brand();
    const [own] = await t.database.db.select().from(brands).where(eq(brands.tenantIdx, tenantIdx));
    expect((await call({ method: 'GET', url: L })).json().data).toEqual({
      title: own.name, subtitle: '', description: '', notice: '', themeColor: '#1F2937', logo: null, logoUrl: null, image: null, imageUrl: null,
      membershipIdxList: [], couponIdxList: [], showStamp: 'Y', saved: false, updatedAt: null,
    });
  });

  it('saves the texts, images, memberships and coupons, and the public read gives them in the brand\'s order', async () => {
    const { call, tenantIdx, membership, coupon } = await brand();
    const gold = await membership('골드');
    const stopped = await membership('중지됨', 'STOP');
    const silver = await membership('실버');
    const [c1, c2] = [await coupon('첫 방문 쿠폰', gold.idx), await coupon('생일 쿠폰', silver.idx)];
    const logo = await upload(call);
    expect(logo.statusCode, logo.body).toBe(200);
    const image = (await upload(call, TINY_IMAGES.webp)).json().data;
    const res = await call({ method: 'PUT', url: L, payload: body({
      logo: logo.json().data.path, image: image.path, membershipIdxList: [silver.idx, stopped.idx, gold.idx], couponIdxList: [c2.idx, c1.idx], showStamp: 'N',
    }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: '데모 라운지', themeColor: '#0F766E', logoUrl: logo.json().data.url, imageUrl: image.url, saved: true, showStamp: 'N' });
    expect((await call({ method: 'GET', url: L })).json().data).toEqual(res.json().data);

    const pub = await loungeSettingsOf(t.database.db, tenantIdx);
    expect(pub).toMatchObject({ title: '데모 라운지', subtitle: '단골을 위한 공간', logoUrl: logo.json().data.url, showStamp: false });
    expect(pub.memberships.map((m) => m.nftCardName)).toEqual(['실버', '골드']);
    expect(pub.coupons.map((c) => c.title)).toEqual(['생일 쿠폰', '첫 방문 쿠폰']);
  });

  it('checks every field: texts, colour, lists, and images and rows of this tenant only', async () => {
    const { call } = await brand();
    const other = await brand();
    const theirMembership = await other.membership('남의 멤버십');
    const theirCoupon = await other.coupon('남의 쿠폰', theirMembership.idx);
    const theirLogo = (await uploadImage(other.call)).json().data.path;
    let res = await call({ method: 'PUT', url: L, payload: body({ title: ' ', subtitle: 'x'.repeat(61), description: 'x'.repeat(501), notice: 'x'.repeat(201), themeColor: 'red', membershipIdxList: [1, 1], couponIdxList: ['a'], showStamp: 'maybe' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: LOUNGE_MSG.titleRequired, subtitle: LOUNGE_MSG.subtitleTooLong, description: LOUNGE_MSG.descriptionTooLong, notice: LOUNGE_MSG.noticeTooLong,
      themeColor: LOUNGE_MSG.colorInvalid, membershipIdxList: LOUNGE_MSG.membershipsInvalid, couponIdxList: LOUNGE_MSG.couponsInvalid, showStamp: LOUNGE_MSG.choiceInvalid,
    });
    res = await call({ method: 'PUT', url: L, payload: body({ title: 'x'.repeat(31) }) });
    expect(res.json().errors).toEqual({ title: LOUNGE_MSG.titleTooLong });
    res = await call({ method: 'PUT', url: L, payload: body({ logo: theirLogo, image: '1/not-a-key.png', membershipIdxList: [theirMembership.idx], couponIdxList: [theirCoupon.idx] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      logo: LOUNGE_MSG.imageInvalid, image: LOUNGE_MSG.imageInvalid, membershipIdxList: LOUNGE_MSG.membershipsInvalid, couponIdxList: LOUNGE_MSG.couponsInvalid,
    });
    expect((await call({ method: 'GET', url: L })).json().data.saved).toBe(false);
    expect((await other.call({ method: 'GET', url: L })).json().data.saved).toBe(false);
  });

  it('refuses an upload that is not an image, or not multipart', async () => {
    const { call } = await brand();
    let res = await upload(call, Buffer.from('not an image'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: MSG.imageUploadError });
    res = await call({ method: 'POST', url: `${L}/image`, payload: { file: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses sub-accounts, repairers, accounts without the MEMBERSHIP feature and the STANDARD plan on every lounge route', async () => {
    const routes = [{ method: 'GET' as const, url: L }, { method: 'PUT' as const, url: L, payload: body() }, { method: 'POST' as const, url: `${L}/image`, payload: {} }];
    const staff = await sessionOf(t, 'staff@demo.test');
    const repair = await sessionOf(t, 'repair@demo.test');
    for (const r of routes) {
      expect((await staff.call(r)).json().code, r.url).toBe('SUB_ACCOUNT_FORBIDDEN');
      expect((await repair.call(r)).json().code, r.url).toBe('FORBIDDEN_ROLE');
    }
    const { call, tenantIdx } = await brand();
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, tenantIdx), eq(featureSettings.name, 'MEMBERSHIP')));
    t.app.principals.forgetTenant(tenantIdx);
    for (const r of routes) expect((await call(r)).json(), r.url).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    await t.database.db.insert(featureSettings).values({ tenantIdx, name: 'MEMBERSHIP', option: null, endAt: null });
    await t.database.db.update(subscriptions).set({ planId: 'STANDARD_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    for (const r of routes) expect((await call(r)).json(), r.url).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
  });
});
