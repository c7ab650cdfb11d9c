import type { Page } from 'playwright-core';
import { validBusinessNumber } from '../helpers/accounts';
import { baseUrl, latestMail, signIn, useBrowser } from './helpers';
import { axeFindings, withAxe } from './a11y/walk';

const b = useBrowser();

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

/** A new brand signed up and verified through the API, with its API token. */
async function newBrand(): Promise<{ email: string; password: string; token: string }> {
  const email = `onb-${Date.now().toString(36)}@brand.test`;
  const password = 'Welcome12!';
  const res = await fetch(`${baseUrl()}/api/v1/admin/partnerships/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email, password, passwordConfirm: password, businessNum: validBusinessNumber(), phoneNum: '01012345678', brandName: '첫걸음상회',
      isAgreeServiceUsage: true, isAgreePersonalInformation: true, isAgreePromotion: false, isAgreeMarketing: false,
    }),
  });
  expect(res.status).toBe(201);
  const link = /https?:\/\/[^/\s]+(\/api\/\S+email\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await latestMail(email)).text);
  if (!link) throw new Error('no verification link');
  expect((await fetch(`${baseUrl()}${link[1]}`, { redirect: 'manual' })).status).toBeLessThan(400);
  const signedIn = await fetch(`${baseUrl()}/api/v1/admin/partnerships/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return { email, password, token: ((await signedIn.json()) as { data: { token: string } }).data.token };
}

async function expectAxeClean(page: Page, at: string) {
  expect(await axeFindings(page, at)).toEqual([]);
}

describe('onboarding on home', () => {
  it('starts a new brand at 0%, completes items from the real setup, opens the dialog from ?type=, and narrows to two sections on Starter', async () => {
    const page = b.page;
    await withAxe(page);
    const { email, password, token } = await newBrand();
    await signIn(page, email, password);
    await page.waitForURL(/\/b2b\/home$/);

    // A brand that has not answered the marketing consents is asked once; 'Don't show again' records both as N.
    const consent = page.getByRole('dialog', { name: '마케팅 정보 수신에 동의해 주세요' });
    await consent.waitFor();
    await expectAxeClean(page, 'home consent modal 1280');
    await consent.getByRole('button', { name: '다시 보지 않기' }).click();
    await consent.waitFor({ state: 'hidden' });

    const checklist = page.getByRole('region', { name: '시작하기 체크리스트' });
    await checklist.getByTestId('onboarding-progress').filter({ hasText: '0% 완료' }).waitFor();
    expect(await checklist.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['기본 설정', '디지털 보증서', '프로모션 · 멤버십', '외부 데이터 연동']);
    await checklist.getByRole('button', { name: /^보증서 설정\s*,\s*미완료/ }).waitFor();
    await page.getByRole('region', { name: '공지사항' }).getByTestId('notice-list').waitFor();
    await expectAxeClean(page, 'home 1280');

    // The real setup, through the API the setting screens call: a guarantee template, a membership, the lounge. Nothing is ticked.
    expect((await call(token, 'POST', '/v1/admin/nft-template', { nftCardName: '첫 보증서' })).status).toBe(201);
    expect((await call(token, 'POST', '/v1/admin/membership-template', { nftCardName: '첫 멤버십', expireType: 'DAY', expireDays: 365 })).status).toBe(201);
    const lounge = { title: '첫걸음 라운지', subtitle: '', description: '', notice: '', themeColor: '#0F766E', logo: null, image: null, membershipIdxList: [], couponIdxList: [], showStamp: 'Y' };
    expect((await call(token, 'PUT', '/v1/admin/lounge', lounge)).status).toBe(200);
    await page.reload();
    await checklist.getByTestId('onboarding-progress').filter({ hasText: '17% 완료' }).waitFor();
    for (const name of [/^보증서 설정\s*,\s*완료/, /^멤버십 추가\s*,\s*완료/, /^브랜드 라운지 만들기\s*,\s*완료/]) {
      expect(await checklist.getByRole('button', { name }).getAttribute('data-completed')).toBe('true');
    }

    // The dialog opens from ?type=, its nav 241 wide within 740 x 740; a button item completes with its toast; closing clears the query.
    await page.goto('/b2b/home?type=guaranteeNotificationTalk');
    const dialog = page.getByTestId('onboarding-dialog');
    await page.getByRole('dialog', { name: '보증서 알림톡 설정' }).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(740);
    expect(box.height).toBeLessThanOrEqual(740);
    expect((await page.getByTestId('onboarding-dialog-nav').boundingBox())!.width).toBe(241);
    await expectAxeClean(page, 'onboarding dialog 1280');
    await page.getByRole('dialog').getByRole('button', { name: '완료했어요' }).click();
    await page.getByText('보증서 알림톡 설정을 완료했어요').first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 20_000 }).toBe('');
    await checklist.getByTestId('onboarding-progress').filter({ hasText: '22% 완료' }).waitFor();

    // 500 px: the checklist and the dialog stay axe-clean.
    await page.setViewportSize({ width: 500, height: 860 });
    await checklist.getByRole('button', { name: /^보증서 설정/ }).waitFor();
    await expectAxeClean(page, 'home 500');
    await checklist.getByRole('button', { name: /^쿠폰 추가/ }).click();
    await page.getByRole('dialog', { name: '쿠폰 추가' }).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('couponAddition');
    await expectAxeClean(page, 'onboarding dialog 500');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).search, { timeout: 20_000 }).toBe('');
    await page.setViewportSize({ width: 1280, height: 860 });

    // On Starter (the sandbox card, then the plan), two sections show, each wider.
    const card = { cardNumber1: '4242', cardNumber2: '4242', cardNumber3: '4242', cardNumber4: '4242', cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@brand.test' };
    expect((await call(token, 'POST', '/payment/v2/method/card', card)).status).toBe(201);
    const subscribed = await call(token, 'POST', '/payment/v2/subscription', { planId: 'STARTER_MONTHLY' });
    expect(subscribed.status).toBeLessThan(300);
    await page.reload();
    await checklist.getByTestId('onboarding-sections').and(page.locator('[data-columns="2"]')).waitFor();
    expect(await checklist.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['기본 설정', '디지털 보증서']);
    const [first, second] = await checklist.locator('[data-section]').all();
    const [w1, w2] = [(await first.boundingBox())!.width, (await second.boundingBox())!.width];
    expect(Math.abs(w1 - w2)).toBeLessThan(2);
  });
});
