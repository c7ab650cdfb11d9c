import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, as, confirmedBrand, sessionOf, uniqueEmail } from '../../../tests/helpers/accounts';
import { featureSettings, onboardingCompletions, platformNotices, subscriptions } from '../../db/schema';
import { startFakeCafe24, type FakeCafe24 } from '../../../tests/support/fakeCafe24';
import { startFakeNaver, type FakeNaver } from '../../../tests/support/fakeNaver';
import { signLaunch } from '../integrations/cafe24';
import { depsOf, runShopSync, syncSoon } from '../integrations/sync';
import { findAccountByEmail } from '../accounts/repository';
import { flagConsignmentNotice } from '../accounts/consignmentNoticeRoutes';
import { createNotice } from '../notices/service';
import { ONBOARDING_ITEM_KEYS } from '../../../src/domain/onboarding';
import { MSG } from '../../../src/domain/messages';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';

const S = '/api/statistics/v1/statistics/onboarding/status';
type Call = ReturnType<typeof as>;
type Status = {
  adminIdx: number; planGroup: string; progress: { completed: number; total: number; percent: number };
  sections: { key: string; width: number; items: { key: string; isCompleted: boolean; blocked: boolean; prerequisiteMet: boolean }[] }[];
  statuses: Record<string, Record<string, boolean>>;
};

let t: TestApp;
/** The shop platforms' local fakes (as integrations.api.test.ts uses them): the integration items are computed from real connections. */
let cafe24: FakeCafe24;
let naver: FakeNaver;
const FAST_BUCKET = { capacity: 40, perSecond: 40 };
beforeAll(async () => {
  let now = () => new Date();
  cafe24 = await startFakeCafe24({ now: () => now(), bucket: FAST_BUCKET });
  naver = await startFakeNaver();
  t = await createTestApp({
    demo: true,
    config: {
      shop: {
        cafe24: { clientId: cafe24.clientId, clientSecret: cafe24.clientSecret, apiUrl: cafe24.apiUrl, apiVersion: '2025-12-01', webhookKey: 'onb-webhook-key', bucket: FAST_BUCKET },
        naver: { apiUrl: naver.url }, syncIntervalMs: 60_000, retryBaseMs: 2, maxAttempts: 2,
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

async function newBrand() {
  const brand = await confirmedBrand(t, { email: uniqueEmail('onb') });
  const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
  return { call: as(t, brand.token), tenantIdx, email: brand.email };
}
const read = async (call: Call, idx: number): Promise<Status> => {
  const res = await call({ method: 'GET', url: `${S}/${idx}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const press = (call: Call, idx: number, parentKey: string, key: string) => call({ method: 'PATCH', url: `${S}/${idx}`, payload: { parentKey, key } });
const flat = (s: Status) => Object.assign({}, ...Object.values(s.statuses)) as Record<string, boolean>;
async function setPlan(tenantIdx: number, planId: string, features?: string[]) {
  await t.database.db.update(subscriptions).set({ planId }).where(eq(subscriptions.tenantIdx, tenantIdx));
  if (features) {
    await t.database.db.delete(featureSettings).where(eq(featureSettings.tenantIdx, tenantIdx));
    await t.database.db.insert(featureSettings).values(features.map((name) => ({ tenantIdx, name })));
  }
  t.app.principals.forgetTenant(tenantIdx);
}

describe(`onboarding status (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('starts a new brand at 0% with every item open, all four sections at 25%', async () => {
    const { call, tenantIdx } = await newBrand();
    const s = await read(call, tenantIdx);
    expect(s.adminIdx).toBe(tenantIdx);
    expect(s.progress).toEqual({ completed: 0, total: 18, percent: 0 });
    expect(s.sections.map((x) => [x.key, x.width])).toEqual([['basicSettings', 25], ['guarantee', 25], ['promotionMembership', 25], ['externalDataInterwork', 25]]);
    expect(Object.keys(flat(s)).sort()).toEqual([...ONBOARDING_ITEM_KEYS].sort());
    expect(Object.values(flat(s)).every((v) => v === false)).toBe(true);
  });

  it('completes items from the real settings, with no tick: a guarantee template, purchase applications, a membership, the lounge, a store', async () => {
    const { call, tenantIdx } = await newBrand();
    const template = await call({ method: 'POST', url: '/api/v1/admin/nft-template', payload: { nftCardName: '기본 보증서' } });
    expect(template.statusCode, template.body).toBe(201);
    let s = flat(await read(call, tenantIdx));
    expect(s.guaranteeSettings).toBe(true);
    expect(s.purchaseVerificationSettings).toBe(false);

    const setting = await call({ method: 'PATCH', url: `/api/v1/admin/nft-template/${template.json().data.idx}/setting`, payload: { useUserMinting: 'Y', userMintingField: ['ordererName'], filteringStores: [], useAllPlaceSearch: 'Y' } });
    expect(setting.statusCode, setting.body).toBe(200);
    const membership = await call({ method: 'POST', url: '/api/v1/admin/membership-template', payload: { nftCardName: 'VIP', expireType: 'DAY', expireDays: 365 } });
    expect(membership.statusCode, membership.body).toBe(201);
    const lounge = await call({ method: 'PUT', url: '/api/v1/admin/lounge', payload: { title: '라운지', subtitle: '', description: '', notice: '', themeColor: '#0F766E', logo: null, image: null, membershipIdxList: [], couponIdxList: [], showStamp: 'Y' } });
    expect(lounge.statusCode, lounge.body).toBe(200);
    const store = await call({ method: 'POST', url: '/api/v1/admin/store', payload: { name: '본점', pinned: 'N' } });
    expect(store.statusCode, store.body).toBe(201);

    const answer = await read(call, tenantIdx);
    s = flat(answer);
    expect(s).toMatchObject({ guaranteeSettings: true, purchaseVerificationSettings: true, membershipAddition: true, lounge: true, sellerManagement: true });
    expect(s).toMatchObject({ profileSetting: false, couponAddition: false, kakaoChatMenu: false, kakaoChannelInterwork: false, cafe24PointInterwork: false });
    expect(answer.progress).toEqual({ completed: 5, total: 18, percent: 28 });
    // The prerequisites follow the settings: coupons may now follow the membership.
    expect(answer.sections[2].items.find((i) => i.key === 'couponAddition')!.prerequisiteMet).toBe(true);
    // No button item was stored.
    expect(await t.database.db.select().from(onboardingCompletions).where(eq(onboardingCompletions.tenantIdx, tenantIdx))).toEqual([]);

    // The membership talk: an automatic message to the membership's holders, once it is ON.
    expect((await call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } })).statusCode).toBe(200);
    const auto = await call({ method: 'POST', url: '/api/campaign/v1/campaign?kind=AUTO', payload: {
      basicInfo: { messageTitle: '회원 생일 쿠폰', messageType: 'SMS' }, templateTalkClass: 'BIRTHDAY_COUPON',
      recipient: { marketing: true, membershipType: 'EXIST', membershipId: membership.json().data.idx, day: 7 },
      messageContent: { content: '#{고객명}님 생일 축하해요', couponTitle: '1000원 할인 쿠폰' }, schedule: { sendType: 'TIME', sendTime: '11:00' },
    } });
    expect(auto.statusCode, auto.body).toBe(201);
    expect(flat(await read(call, tenantIdx)).membershipNotificationTalk).toBe(false);
    expect((await call({ method: 'PUT', url: `/api/campaign/v1/campaign/${auto.json().data.idx}/auto-state`, payload: { autoState: 'ON' } })).statusCode).toBe(200);
    expect(flat(await read(call, tenantIdx)).membershipNotificationTalk).toBe(true);
  });

  it('completes the Kakao channel and the four shop items only when really linked: the channel approved, a mall connected, its customer and point sync on, a Naver seller', async () => {
    const { call, tenantIdx } = await newBrand();
    const C = '/api/cafe24/v1/interwork';
    const linked = async () => {
      const s = flat(await read(call, tenantIdx));
      return [s.kakaoChannelInterwork, s.cafe24OrderInterwork, s.cafe24CustomerInterwork, s.cafe24PointInterwork, s.naverOrderInterwork];
    };
    expect(await linked()).toEqual([false, false, false, false, false]);

    // The messaging channel: saved without a sender key is not linked; with one (the provider approves it) it is.
    let res = await call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderNumber: '0212345678', contact: '02-1234-5678' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linked()).toEqual([false, false, false, false, false]);
    res = await call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderKey: 'sk-onboarding', senderNumber: '0212345678', contact: '02-1234-5678' } });
    expect(res.json().data.kakaoState).toBe('APPROVED');
    expect(await linked()).toEqual([true, false, false, false, false]);

    // A Cafe24 mall: the launch URL signed by the platform, the brand confirms, the mall's OAuth consent at the fake.
    t.clock.advance(1000);
    const query = `mall_id=onbmall&shop_no=1&timestamp=${Math.floor(t.clock.now().getTime() / 1000)}&user_id=admin&user_type=P`;
    const started = await t.app.inject({ method: 'GET', url: `/cafe24/init?${signLaunch(query, cafe24.clientSecret)}` });
    expect(started.statusCode).toBe(302);
    const confirmed = await call({ method: 'POST', url: `${C}/confirm`, payload: { token: started.headers.location!.split('/').pop() } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Launched and confirmed, the consent not given yet: not connected.
    expect(await linked()).toEqual([true, false, false, false, false]);
    const back = new URL((await fetch(confirmed.json().data.authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
    expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).headers.location).toBe('/b2b/interwork/cafe24?connected=1');
    expect(await linked()).toEqual([true, true, false, false, false]);

    // The customer integration, then the point integration, each its own setting.
    res = await call({ method: 'PUT', url: `${C}/setting`, payload: { customerSync: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linked()).toEqual([true, true, true, false, false]);
    res = await call({ method: 'PUT', url: `${C}/setting`, payload: { pointSync: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linked()).toEqual([true, true, true, true, false]);
    res = await call({ method: 'PUT', url: `${C}/setting`, payload: { customerSync: false } });
    expect(await linked()).toEqual([true, true, false, true, false]);

    // A Naver Commerce seller, connected with its application id and secret (the fake checks the signed secret).
    res = await call({ method: 'POST', url: '/api/naver-store/interwork/subscribe', payload: { clientId: naver.clientId, clientSecret: naver.clientSecret } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = await read(call, tenantIdx);
    expect(flat(answer)).toMatchObject({ kakaoChannelInterwork: true, cafe24OrderInterwork: true, cafe24CustomerInterwork: false, cafe24PointInterwork: true, naverOrderInterwork: true });
    expect(answer.progress).toEqual({ completed: 4, total: 18, percent: 22 });

    // The mall refuses the tokens (revoked there): the connection asks for a reconnect and no longer counts.
    cafe24.revokeAll();
    t.clock.advance(3 * 3600_000);
    const conn = (await call({ method: 'GET', url: C })).json().data;
    await syncSoon(t.database.db, tenantIdx, conn.idx, t.clock.now());
    await runShopSync(depsOf(t.app));
    expect((await call({ method: 'GET', url: C })).json().data.status).toBe('RECONNECT');
    expect(await linked()).toEqual([true, false, false, false, true]);

    // Disconnected with a leave reason: Naver no longer counts either.
    res = await call({ method: 'POST', url: '/api/naver-store/interwork/delete', payload: { reason: '사용하지 않아요' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linked()).toEqual([true, false, false, false, false]);
  });

  it('stores the three button items once, refuses computed items and an unmet prerequisite', async () => {
    const { call, tenantIdx } = await newBrand();
    let res = await press(call, tenantIdx, 'basicSettings', 'kakaoChatMenu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.statuses.basicSettings.kakaoChatMenu).toBe(true);
    expect((await press(call, tenantIdx, 'basicSettings', 'kakaoChatMenu')).statusCode).toBe(200);
    expect((await press(call, tenantIdx, 'basicSettings', 'personalInfoDelegation')).json().data.progress).toEqual({ completed: 2, total: 18, percent: 11 });

    res = await press(call, tenantIdx, 'guarantee', 'guaranteeNotificationTalk');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: '먼저 보증서를 설정해 주세요' });
    await call({ method: 'POST', url: '/api/v1/admin/nft-template', payload: { nftCardName: '기본' } });
    expect((await press(call, tenantIdx, 'guarantee', 'guaranteeNotificationTalk')).json().data.statuses.guarantee.guaranteeNotificationTalk).toBe(true);

    res = await press(call, tenantIdx, 'basicSettings', 'lounge');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ key: '이 항목은 설정을 마치면 자동으로 완료돼요' });
    res = await press(call, tenantIdx, 'guarantee', 'kakaoChatMenu');
    expect(res.json().errors).toEqual({ key: '온보딩 항목과 분류가 맞지 않아요' });
    res = await call({ method: 'PATCH', url: `${S}/${tenantIdx}`, payload: { parentKey: 'x', key: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ parentKey: '온보딩 항목을 다시 확인해 주세요', key: '온보딩 항목을 다시 확인해 주세요' });
    expect((await t.database.db.select().from(onboardingCompletions).where(eq(onboardingCompletions.tenantIdx, tenantIdx))).map((r) => r.itemKey).sort())
      .toEqual(['guaranteeNotificationTalk', 'kakaoChatMenu', 'personalInfoDelegation']);
  });

  it("keeps each brand's onboarding its own: another brand's idx is 404, its statuses untouched", async () => {
    const a = await newBrand();
    const b = await newBrand();
    await press(b.call, b.tenantIdx, 'basicSettings', 'kakaoChatMenu');
    for (const res of [await a.call({ method: 'GET', url: `${S}/${b.tenantIdx}` }), await press(a.call, b.tenantIdx, 'basicSettings', 'personalInfoDelegation')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: '온보딩 정보를 찾을 수 없어요' });
    }
    expect(flat(await read(b.call, b.tenantIdx))).toMatchObject({ kakaoChatMenu: true, personalInfoDelegation: false });
    expect(flat(await read(a.call, a.tenantIdx)).kakaoChatMenu).toBe(false);
    // The demo brand's real settings do not leak into a new brand and vice versa.
    const demo = await sessionOf(t, 'brand@demo.test');
    expect(flat(await read(demo.call, demo.tenantIdx)).guaranteeSettings).toBe(true);
  });

  it('is the main account\'s: a sub-account and the service partners are refused', async () => {
    const demo = await sessionOf(t, 'brand@demo.test');
    const cases = [['staff@demo.test', 'SUB_ACCOUNT_FORBIDDEN', MSG.subAccountRefused], ['repair@demo.test', 'FORBIDDEN_ROLE', MSG.roleRefused], ['laundry@demo.test', 'FORBIDDEN_ROLE', MSG.roleRefused]] as const;
    for (const [email, code, message] of cases) {
      const { call } = await sessionOf(t, email);
      for (const res of [await call({ method: 'GET', url: `${S}/${demo.tenantIdx}` }), await press(call, demo.tenantIdx, 'basicSettings', 'kakaoChatMenu')]) {
        expect(res.statusCode, email).toBe(403);
        expect(res.json()).toMatchObject({ code, message });
      }
    }
  });

  it('Starter hides two sections and widens the rest; Standard blocks the membership items; Enterprise without guarantees blocks them', async () => {
    const { call, tenantIdx } = await newBrand();
    await setPlan(tenantIdx, 'STARTER_MONTHLY');
    let s = await read(call, tenantIdx);
    expect(s.planGroup).toBe('STARTER');
    expect(s.sections.map((x) => [x.key, x.width])).toEqual([['basicSettings', 50], ['guarantee', 50]]);
    expect(s.progress.total).toBe(10);

    await setPlan(tenantIdx, 'STANDARD_MONTHLY');
    s = await read(call, tenantIdx);
    expect(s.sections.find((x) => x.key === 'promotionMembership')!.items.every((i) => i.blocked)).toBe(true);
    expect(s.sections.find((x) => x.key === 'guarantee')!.items.some((i) => i.blocked)).toBe(false);
    expect(s.progress.total).toBe(12);

    await setPlan(tenantIdx, 'ENTERPRISE', ['MEMBERSHIP', 'CUSTOMER']);
    await call({ method: 'POST', url: '/api/v1/admin/membership-template', payload: { nftCardName: 'VIP', expireType: 'DAY', expireDays: 30 } });
    const res = await press(call, tenantIdx, 'guarantee', 'guaranteeNotificationTalk');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', message: '이용할 수 없는 기능이에요. 고객센터에 문의해 주세요' });
  });

  it('is read by a brand whose trial ended (home is for everyone)', async () => {
    const { call, tenantIdx } = await sessionOf(t, 'expired@demo.test');
    expect((await read(call, tenantIdx)).progress.total).toBe(18);
  });
});

describe(`platform notices (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  const notion = (call: Call) => call({ method: 'POST', url: '/api/v1/common/notion' });

  it('answers the demo notices newest first, the same to every brand and partner', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const res = await notion(brand.call);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as { no: number; title: string; date: string; link: string | null }[];
    expect(list.length).toBe(9);
    expect(list.map((n) => n.date)).toEqual([...list.map((n) => n.date)].sort().reverse());
    expect(list[0]).toMatchObject({ title: '12월 정기 점검 안내 (12/3 02:00~04:00)', date: addDays(seoulToday(t.clock.now()), -1) });
    for (const email of ['other@demo.test', 'repair@demo.test', 'staff@demo.test', 'expired@demo.test']) {
      expect((await notion((await sessionOf(t, email)).call)).json().data.list).toEqual(list);
    }
  });

  it('lists a notice an operator writes with createNotice, and refuses a bad one naming the field', async () => {
    const created = await createNotice(t.database.db, { title: '  새 기능 안내 ', link: '', date: seoulToday(t.clock.now()) }, { operatorIdx: 7 }, t.clock.now());
    expect(created).toMatchObject({ title: '새 기능 안내', link: null });
    const [row] = await t.database.db.select().from(platformNotices).where(eq(platformNotices.idx, created.no));
    expect(row.createdBy).toBe(7);
    const list = (await notion((await sessionOf(t, 'other@demo.test')).call)).json().data.list;
    expect(list[0]).toEqual(created);
    await expect(createNotice(t.database.db, { title: '', link: 'ftp://x', date: 'x' }, { operatorIdx: 7 }, t.clock.now())).rejects.toMatchObject({
      status: 400, errors: { title: '공지 제목을 입력해 주세요', link: '공지 링크는 http:// 또는 https://로 시작하는 주소여야 해요', date: '게시일은 YYYY-MM-DD 형식이어야 해요' },
    });
  });
});

describe(`the consignment-notice flag (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('shows in the identity of the flagged account only, until it has been sent once', async () => {
    const { call, tenantIdx, email } = await newBrand();
    const other = await newBrand();
    const account = (await findAccountByEmail(t.database.db, email))!;
    expect((await call({ method: 'GET', url: P })).json().data.consignmentNotice).toBe(false);
    await flagConsignmentNotice(t.database.db, { tenantIdx, adminIdx: account.idx }, t.clock.now());
    expect((await call({ method: 'GET', url: P })).json().data.consignmentNotice).toBe(true);
    expect((await other.call({ method: 'GET', url: P })).json().data.consignmentNotice).toBe(false);
    // Another account's acknowledgement does not clear it.
    await other.call({ method: 'POST', url: `${P}/consignment-notice/seen` });
    expect((await call({ method: 'GET', url: P })).json().data.consignmentNotice).toBe(true);
    const seen = await call({ method: 'POST', url: `${P}/consignment-notice/seen` });
    expect(seen.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: P })).json().data.consignmentNotice).toBe(false);
  });
});

