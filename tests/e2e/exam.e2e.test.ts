import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seoulToday } from '../../src/domain/seoulDay';
import { useBrowser, signIn } from './helpers';

const b = useBrowser();

/** A real 1×1 PNG (the server checks images by their magic bytes). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function tinyPngs(count: number): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-e2e-'));
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `exam-${i + 1}.png`);
    fs.writeFileSync(file, PNG_1X1);
    return file;
  });
}

const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
const highlighted = (page: Page) => nav(page).locator('a[aria-current="page"]');
const detail = (page: Page) => page.locator('dl');
/** The register or edit form (the side menu has labels of its own, such as 등급 및 포인트). */
const form = (page: Page) => page.locator('form');

describe('inspections', () => {
  it('registers an inspection at /b2b/inspection, records its result with photos, and finds it in /b2b/exam and at /b2b/exam/{idx}', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);

    // The spec's /b2b/inspection is the register page, highlighting 검수 관리.
    await page.goto('/b2b/inspection');
    await page.getByRole('heading', { name: '검수 등록', level: 1 }).waitFor();
    await highlighted(page).filter({ hasText: '검수 관리' }).waitFor();
    const product = `E2E 토트백 ${Date.now().toString(36).toUpperCase()}`;
    await form(page).getByLabel('상품명').fill(product);
    await form(page).getByLabel('고객명').fill('김검수');
    await form(page).getByLabel('고객 전화번호').fill('010-1234-5678');
    await page.getByRole('combobox', { name: /검수 종류/ }).click();
    await page.getByRole('option', { name: '정품 감정' }).click();
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/exam\/\d+$/);
    await page.getByText('검수를 등록했어요').first().waitFor();
    const examUrl = new URL(page.url()).pathname;
    await detail(page).getByText('대기').waitFor();
    await detail(page).getByText(product).waitFor();

    // 결과 기록: 합격 needs its day; with it, the grade and a photo, the detail shows the result.
    await page.getByRole('link', { name: '결과 기록' }).click();
    await page.waitForURL(/\/b2b\/exam\/edit\/\d+$/);
    await page.getByRole('combobox', { name: /검수 결과/ }).click();
    await page.getByRole('option', { name: '합격', exact: true }).click();
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('합격 또는 불합격이면 검수일을 입력해 주세요').waitFor();
    const today = seoulToday(Date.now());
    await form(page).getByLabel('검수일').fill(today);
    await form(page).getByLabel('등급').fill('A');
    await form(page).getByLabel('검수자').fill('박감정');
    await page.getByTestId('exam-photos-input').setInputFiles(tinyPngs(2));
    await form(page).getByRole('img', { name: '사진 2' }).waitFor();
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(new RegExp(`${examUrl}$`));
    await page.getByText('검수를 수정했어요').first().waitFor();
    await detail(page).getByText('합격', { exact: true }).waitFor();
    await detail(page).getByText(today, { exact: true }).waitFor();
    await detail(page).getByText('박감정').waitFor();
    await detail(page).getByRole('img', { name: '사진 2' }).waitFor();

    // The list from the menu shows it 합격; its name opens the detail again.
    await nav(page).getByRole('link', { name: '검수 관리' }).click();
    await page.waitForURL(/\/b2b\/exam$/);
    const row = page.getByRole('table', { name: '검수 목록' }).getByRole('row').filter({ has: page.getByRole('link', { name: product }) });
    await row.getByText('합격', { exact: true }).waitFor();
    await row.getByRole('link', { name: product }).click();
    await page.waitForURL(new RegExp(`${examUrl}$`));
    await page.getByRole('heading', { name: '검수 상세', level: 1 }).waitFor();
    await highlighted(page).filter({ hasText: '검수 관리' }).waitFor();
  });
});
