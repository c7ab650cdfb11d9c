import type { Page } from 'playwright-core';
import { useBrowser, signIn } from './helpers';
import { addDays, seoulToday } from '../../src/domain/seoulDay';

const b = useBrowser();

const table = (page: Page) => page.getByRole('table', { name: '상품 목록' });
const total = (page: Page) => page.getByText(/^총 [\d,]+건$/);
const panel = (page: Page) => page.getByRole('search', { name: '검색 조건' });
const count = async (page: Page) => Number((await total(page).textContent())!.replace(/\D/g, ''));
/** For a cooperator the columns are: checkbox, image, name, code, barcode, category, brand, price, created. */
const column = (page: Page, n: number) => table(page).locator(`tbody tr td:nth-child(${n})`).allTextContents();
const brands = async (page: Page) => [...new Set(await column(page, 7))];
const days = async (page: Page) => column(page, 9);

/** Today's date in Asia/Seoul minus `n` days, YYYY-MM-DD (the API filters on Seoul days). */
const seoulDay = (n: number) => addDays(seoulToday(Date.now()), -n);

/**
 * coop@demo.test (데모편집숍) has 15 seeded products going round its three brands, registered 30, 28,
 * …, 2 days before the server started: 아뜰리에 더비 슈즈 10 days ago, 블루하버 더플백 8, 노르딕 레더
 * 카드 지갑 6, 블루하버 필드 워치 2, 노르딕 레더 토트 30 (server/seed/catalogue.ts).
 */
describe('product list filters (cooperator)', () => {
  it('narrows by date presets, by the date pickers and by brand, and keeps the filters in the URL across a reload', async () => {
    const page = b.page;
    await signIn(page, 'coop@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/product');
    await total(page).waitFor();
    await table(page).getByRole('link', { name: '노르딕 레더 토트' }).waitFor();
    const all = await count(page);
    expect(all).toBeGreaterThanOrEqual(15);
    expect((await brands(page)).sort()).toEqual(['노르딕레더', '블루하버', '아뜰리에서울']);

    // Preset 7일: the newest seeded product stays, the month-old one goes; the URL carries the range.
    await panel(page).getByRole('button', { name: '7일', exact: true }).click();
    expect(await panel(page).getByRole('button', { name: '7일', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/startDate=\d{4}-\d{2}-\d{2}.*endDate=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => count(page)).toBeLessThan(all);
    await table(page).getByRole('link', { name: '블루하버 필드 워치' }).waitFor();
    expect(await table(page).getByRole('link', { name: '노르딕 레더 토트' }).count()).toBe(0);
    const week = await count(page);

    // Preset 14일 shows more than 7일 and still fewer than everything.
    await panel(page).getByRole('button', { name: '14일', exact: true }).click();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expect.poll(() => count(page)).toBeGreaterThan(week);
    expect(await count(page)).toBeLessThan(all);

    // The pickers: 10 to 5 days ago holds exactly three seeded products, one of each brand.
    const from = seoulDay(10);
    const to = seoulDay(5);
    await panel(page).getByLabel('시작일').fill(from);
    await panel(page).getByLabel('종료일').fill(to);
    // No preset matches a hand-picked range.
    expect(await panel(page).getByRole('button', { name: '14일', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(new RegExp(`startDate=${from}.*endDate=${to}`));
    await expect.poll(() => count(page)).toBe(3);
    for (const name of ['아뜰리에 더비 슈즈', '블루하버 더플백', '노르딕 레더 카드 지갑']) await table(page).getByRole('link', { name }).waitFor();
    for (const day of await days(page)) expect(day >= from && day <= to, day).toBe(true);

    // Brand 아뜰리에서울 within that range: only its product.
    await panel(page).getByRole('combobox', { name: '브랜드' }).selectOption({ label: '아뜰리에서울' });
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/brandIdx=\d+/);
    await expect.poll(() => count(page)).toBe(1);
    await table(page).getByRole('link', { name: '아뜰리에 더비 슈즈' }).waitFor();
    const filtered = page.url();

    // A reload keeps every filter: the URL, the panel and the rows.
    await page.reload();
    await total(page).waitFor();
    expect(page.url()).toBe(filtered);
    await expect.poll(() => count(page)).toBe(1);
    await table(page).getByRole('link', { name: '아뜰리에 더비 슈즈' }).waitFor();
    expect(await panel(page).getByLabel('시작일').inputValue()).toBe(from);
    expect(await panel(page).getByLabel('종료일').inputValue()).toBe(to);
    const brandSelect = panel(page).getByRole('combobox', { name: '브랜드' });
    await expect.poll(() => brandSelect.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('아뜰리에서울');

    // The brand alone (all dates): only 아뜰리에서울's products, the five seeded ones at least.
    await panel(page).getByRole('button', { name: '전체', exact: true }).click();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('startDate') && url.searchParams.has('brandIdx'));
    await expect.poll(() => count(page)).toBeGreaterThanOrEqual(5);
    expect(await brands(page)).toEqual(['아뜰리에서울']);
    await table(page).getByRole('link', { name: '아뜰리에 린넨 셔츠' }).waitFor();
    expect(await table(page).getByRole('link', { name: '노르딕 레더 토트' }).count()).toBe(0);
  });
});
