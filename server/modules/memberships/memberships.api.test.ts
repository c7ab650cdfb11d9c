import { and, eq } from 'drizzle-orm';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession, as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { MEMBERSHIP_MSG } from '../../../src/domain/membership';
import { MSG } from '../../../src/domain/messages';
import { featureSettings, nftTemplates, subscriptions } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';

const URL = '/api/v1/admin/membership-template';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
const sessionOf = (email: string) => demoSession(t, email);
/** The Seoul day of the test clock, shifted by `days`. */
const day = (days: number) => addDays(seoulToday(t.clock.now()), days);
const card = () => ({
  nftCardName: 'VIP 멤버십', expireType: 'DATE', expireDate: day(30),
  nftCustomFields: [{ name: '등급', value: 'VIP' }], nftCustomLinks: [{ name: '홈페이지', url: 'https://brand.example' }],
  benefits: [{ title: '5% 할인', contents: '모든 상품' }],
  partnersCoupon: [{ title: '웰컴 쿠폰', couponNumber: 'WELCOME10', endDate: day(0) }, { title: '매장 음료', offline: 'Y' }],
});
const post = (call: Call, payload: Record<string, unknown>) => call({ method: 'POST', url: URL, payload });

describe(`membership templates (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('creates one with 23:59:59 appended to its expiry date, lists, reads, edits and stops it', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const res = await post(call, card());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      templateType: 'MEMBERSHIP', nftCardName: 'VIP 멤버십', expireType: 'DATE', expireDate: `${day(30)} 23:59:59`, expireDays: null,
      benefits: [{ title: '5% 할인', contents: '모든 상품' }], status: 'ACTIVE',
      partnersCoupon: [
        { title: '웰컴 쿠폰', offline: 'N', couponNumber: 'WELCOME10', couponUrl: '', endDate: day(0), isIssuable: 'Y' },
        { title: '매장 음료', offline: 'Y', couponNumber: '', couponUrl: '', endDate: '', isIssuable: 'Y' },
      ],
    });
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}` })).json().data).toEqual(created);
    const page = (await call({ method: 'GET', url: `${URL}?pageSize=100` })).json().data;
    expect(page.list.map((m: { idx: number }) => m.idx)).toContain(created.idx);
    expect(page.list.every((m: { templateType: string }) => m.templateType === 'MEMBERSHIP')).toBe(true);
    expect((await call({ method: 'GET', url: `${URL}/list` })).json().data.list.map((m: { idx: number }) => m.idx)).toContain(created.idx);

    const edited = await call({ method: 'PATCH', url: `${URL}/${created.idx}`, payload: { ...card(), expireType: 'DAY', expireDays: 365, isMain: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ expireType: 'DAY', expireDays: 365, expireDate: null, isMain: true });
    const stopped = (await call({ method: 'PATCH', url: `${URL}/${created.idx}/stop` })).json().data;
    expect(stopped).toMatchObject({ status: 'STOP', isMain: false });
    const [row] = await t.database.db.select().from(nftTemplates).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, created.idx)));
    expect(row).toMatchObject({ status: 'STOP', expireDays: 365, templateType: 'MEMBERSHIP' });
  });

  it('refuses each broken rule with its Korean message', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nftCardName: '' }, 'nftCardName', MEMBERSHIP_MSG.cardNameRequired],
      [{ expireDate: day(-1) }, 'expireDate', MEMBERSHIP_MSG.expireDatePast],
      [{ expireDate: '2026-02-30' }, 'expireDate', MEMBERSHIP_MSG.expireDateInvalid],
      [{ expireType: 'DAY', expireDays: null }, 'expireDays', MEMBERSHIP_MSG.expireDaysRequired],
      [{ nftCustomLinks: [{ name: '블로그', url: '' }] }, 'nftCustomLinks[0].url', '링크 이름과 URL을 모두 입력해 주세요'],
      [{ benefits: [{ title: ' ' }] }, 'benefits[0].title', MEMBERSHIP_MSG.benefitTitleRequired],
      [{ partnersCoupon: [{ title: '' , offline: 'Y' }] }, 'partnersCoupon[0].title', MEMBERSHIP_MSG.couponTitleRequired],
      [{ partnersCoupon: [{ title: '쿠폰' }] }, 'partnersCoupon[0].couponNumber', MEMBERSHIP_MSG.couponNumberOrUrlRequired],
      [{ partnersCoupon: [{ title: '쿠폰', couponUrl: 'https://x.test', endDate: day(-1) }] }, 'partnersCoupon[0].endDate', MEMBERSHIP_MSG.couponEndPast],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(call, { ...card(), ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
  });

  it('does not find another tenant\'s membership or a guarantee template, and changes neither', async () => {
    const a = await sessionOf('brand@demo.test');
    const b = await sessionOf('other@demo.test');
    const bMembership = (await post(b.call, card())).json().data;
    const [guarantee] = await t.database.db.select().from(nftTemplates)
      .where(and(eq(nftTemplates.tenantIdx, a.tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE'))).limit(1);
    for (const idx of [bMembership.idx, guarantee.idx]) {
      for (const request of [
        { method: 'GET' as const, url: `${URL}/${idx}` },
        { method: 'PATCH' as const, url: `${URL}/${idx}`, payload: card() },
        { method: 'PATCH' as const, url: `${URL}/${idx}/stop` },
      ]) {
        const res = await a.call(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json().message).toBe(MEMBERSHIP_MSG.notFound);
      }
    }
    expect((await b.call({ method: 'GET', url: `${URL}/${bMembership.idx}` })).json().data).toEqual(bMembership);
    const aList = (await a.call({ method: 'GET', url: `${URL}/list` })).json().data.list.map((m: { idx: number }) => m.idx);
    expect(aList).not.toContain(bMembership.idx);
  });

  it('lets a sub-account use it, and refuses repairers, accounts without the MEMBERSHIP feature and the STANDARD plan', async () => {
    const staff = await sessionOf('staff@demo.test');
    expect((await post(staff.call, card())).statusCode).toBe(201);
    const repair = await sessionOf('repair@demo.test');
    expect((await repair.call({ method: 'GET', url: URL })).json().code).toBe('FORBIDDEN_ROLE');

    const brand = await confirmedBrand(t, { email: uniqueEmail('mem') });
    const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
    const call = as(t, brand.token);
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, tenantIdx), eq(featureSettings.name, 'MEMBERSHIP')));
    let res = await call({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });

    await t.database.db.insert(featureSettings).values({ tenantIdx, name: 'MEMBERSHIP', option: null, endAt: null });
    // Written past the server's own writes: its principal cache is told, as a feature change would tell it.
    t.app.principals.forgetTenant(tenantIdx);
    res = await call({ method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.update(subscriptions).set({ planId: 'STANDARD_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    for (const request of [{ method: 'GET' as const, url: URL }, { method: 'POST' as const, url: URL, payload: card() }]) {
      res = await call(request);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    }
  });
});
