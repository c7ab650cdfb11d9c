import type { Page } from 'playwright-core';
import { api, apiToken, signIn, useBrowser } from './helpers';

const b = useBrowser();
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });

describe('stamps and the brand lounge', () => {
  it('sets up a visit stamp card of 3 to a reward coupon, confirms visits until the coupon is granted, then edits the lounge with its preview', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await apiToken();
    const tag = Date.now().toString(36).toUpperCase();
    // Arranged through the API: a reward coupon and a customer of the demo brand.
    const memberships = await api<{ list: { idx: number; nftCardName: string }[] }>(token, 'GET', '/v1/admin/membership-template/list');
    const couponTitle = `E2E 스탬프 리워드 ${tag}`;
    const coupon = await api<{ idx: number }>(token, 'POST', '/v1/admin/coupon', {
      title: couponTitle, membershipIdx: memberships.data.list[0].idx, expireType: 1, expireDays: 30, usePlace: 1,
      useCountLimit: 'N', useImage: 'N', usePassword: 'N', oncePerCustomer: 'N', isBirthday: 'N',
    });
    expect(coupon.status).toBe(201);
    const phone = `010${String(Date.now()).slice(-8)}`;
    const customerName = `스탬프고객${tag.slice(-4)}`;
    const customer = await api<{ customerIdx: number }>(token, 'POST', '/v1/admin/customers', { customerName, customerPhone: phone });
    expect(customer.status).toBe(201);

    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await nav(page).getByRole('link', { name: '스탬프 설정' }).click();
    await page.waitForURL(/\/b2b\/stamp\/setting$/);
    await page.getByRole('heading', { name: '스탬프 설정', level: 1 }).waitFor();

    const goal = page.getByLabel('리워드까지 필요한 스탬프 수');
    await goal.fill('3');
    await page.getByRole('combobox', { name: /리워드 쿠폰/ }).click();
    await page.getByRole('option', { name: couponTitle }).click();
    await page.getByRole('radio', { name: '방문 확인' }).check();
    const preview = page.getByLabel('미리보기');
    await preview.getByText(`3개를 모으면 ${couponTitle}`).waitFor();
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('스탬프 카드를 저장했어요').waitFor();

    await nav(page).getByRole('link', { name: '스탬프 적립 내역' }).click();
    await page.waitForURL(/\/b2b\/stamp\/list$/);
    const table = page.getByRole('table', { name: '스탬프 적립 내역' });
    const confirmVisit = async (done: string) => {
      await page.getByRole('button', { name: '방문 확인' }).click();
      const dialog = page.getByRole('dialog', { name: '방문 확인' });
      await dialog.getByLabel('고객 휴대폰 번호').fill(phone);
      await dialog.getByRole('button', { name: '적립하기' }).click();
      await page.getByText(done).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };
    await confirmVisit(`${customerName}님에게 스탬프를 적립했어요 (1/3)`);
    await confirmVisit(`${customerName}님에게 스탬프를 적립했어요 (2/3)`);
    await confirmVisit(`${customerName}님이 카드를 완성해 리워드 쿠폰을 받았어요`);
    const rewardRow = table.getByRole('row').filter({ hasText: customerName }).filter({ hasText: '리워드 지급' });
    await rewardRow.getByText(couponTitle).waitFor();
    await rewardRow.getByText('1번째 카드 · 3/3').waitFor();

    // Only rewards, kept in the query string.
    await page.getByLabel('적립 상태').click();
    await page.getByRole('option', { name: '리워드 지급' }).click();
    await page.waitForURL(/stampStatus=REWARDED/);
    await table.getByRole('row').filter({ hasText: customerName }).filter({ hasText: '1번째 카드 · 2/3' }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').filter({ hasText: customerName }).count()).toBe(1);

    // The customer's detail shows the card started over.
    await page.goto(`/b2b/customer/detail/${customer.data.customerIdx}`);
    const stamps = page.getByRole('region', { name: '스탬프 카드' });
    await stamps.getByText('2번째 카드 · 스탬프 0/3').waitFor();
    await stamps.getByText(`3개를 모으면 ${couponTitle}`).waitFor();
    const card = await api<{ count: number; cardNo: number; rewardCouponTitle: string }>(token, 'GET', `/v1/admin/stamps/${customer.data.customerIdx}`);
    expect(card.data).toMatchObject({ count: 0, cardNo: 2, rewardCouponTitle: couponTitle });

    // The lounge settings: a page without the console's header and sidebar, its preview following the form.
    await page.goto('/b2b/brand/setting');
    await page.getByRole('heading', { name: '브랜드 라운지 설정', level: 1 }).waitFor();
    expect(await nav(page).count()).toBe(0);
    const phoneView = page.getByRole('region', { name: '고객 화면 미리보기' });
    expect((await phoneView.boundingBox())!.width).toBeGreaterThanOrEqual(390);
    const loungeTitle = `E2E 라운지 ${tag}`;
    await page.getByLabel('라운지 이름').fill(loungeTitle);
    await phoneView.getByText(loungeTitle).waitFor();
    await page.getByLabel('한 줄 소개').fill('단골을 위한 공간');
    await phoneView.getByText('단골을 위한 공간').waitFor();
    await page.getByRole('checkbox', { name: couponTitle }).check();
    await phoneView.getByRole('region', { name: '브랜드 쿠폰' }).getByText(couponTitle).waitFor();
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('브랜드 라운지를 저장했어요').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('라운지 이름').inputValue()).toBe(loungeTitle);
    await phoneView.getByRole('region', { name: '브랜드 쿠폰' }).getByText(couponTitle).waitFor();
  });
});

