import type { Page } from 'playwright-core';
import { useBrowser, signIn } from './helpers';

const b = useBrowser();
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
/** The list input (react-admin ArrayInput) labelled `label`. */
const listInput = (page: Page, label: string) => page.locator('.ra-input').filter({ has: page.getByText(label, { exact: true }) }).first();

describe('memberships and coupons', () => {
  it('creates a membership template with an attached coupon, then a coupon of that membership', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const stamp = Date.now().toString(36).toUpperCase();
    const card = `E2E 멤버십 ${stamp}`;

    await nav(page).getByRole('link', { name: '멤버십 리스트' }).click();
    await page.waitForURL(/\/b2b\/membership\/setting$/);
    await page.getByRole('table', { name: '멤버십 목록' }).getByRole('link', { name: '데모 VIP 멤버십' }).waitFor();
    await page.getByRole('link', { name: '멤버십 등록' }).click();
    await page.waitForURL(/\/b2b\/membership\/setting\/register$/);

    await page.getByLabel('카드 이름').fill(card);
    await page.getByLabel('유효기간(일)').fill('365');
    const coupons = listInput(page, '첨부 쿠폰');
    await coupons.getByRole('button', { name: '추가' }).click();
    // Neither number nor URL: refused on the page with the spec's rule.
    await coupons.getByLabel('쿠폰 이름').fill('웰컴 쿠폰');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('쿠폰 번호나 URL을 입력해 주세요').waitFor();
    await coupons.getByLabel('쿠폰 번호').fill('WELCOME10');
    await page.getByRole('button', { name: '저장' }).click();

    await page.waitForURL(/\/b2b\/membership\/setting\/\d+$/);
    await page.getByRole('heading', { name: card, level: 1 }).waitFor();
    await page.getByText('웰컴 쿠폰 · WELCOME10').waitFor();
    await page.getByText('발급일로부터 365일').waitFor();

    await nav(page).getByRole('link', { name: '쿠폰 리스트' }).click();
    await page.waitForURL(/\/b2b\/coupon$/);
    await page.getByRole('link', { name: '쿠폰 등록' }).click();
    await page.waitForURL(/\/b2b\/coupon\/new$/);
    const title = `E2E 쿠폰 ${stamp}`;
    await page.getByLabel('쿠폰 이름').fill(title);
    await page.getByRole('combobox', { name: /멤버십/ }).click();
    await page.getByRole('option', { name: card }).click();
    await page.getByLabel('유효기간(일)').fill('30');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/coupon\/\d+$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(card).waitFor();
    await page.getByText('30일').waitFor();
  });
});
