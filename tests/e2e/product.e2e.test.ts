import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser, signIn } from './helpers';

const b = useBrowser();

/** A real 1×1 PNG (the server checks images by their magic bytes). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function tinyPng(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-e2e-'));
  const file = path.join(dir, 'product.png');
  fs.writeFileSync(file, PNG_1X1);
  return file;
}

const table = (page: Page) => page.getByRole('table', { name: '상품 목록' });
const total = (page: Page) => page.getByText(/^총 [\d,]+건$/);

async function search(page: Page, type: '전체' | '상품명' | '모델번호' | '바코드', text: string) {
  const panel = page.getByRole('search', { name: '검색 조건' });
  await panel.getByRole('combobox', { name: '검색 유형' }).selectOption({ label: type });
  await panel.getByRole('textbox', { name: '검색어' }).fill(text);
  await panel.getByRole('button', { name: '검색', exact: true }).click();
}

async function openList(page: Page) {
  await page.goto('/b2b/product');
  await total(page).waitFor();
}

describe('products', () => {
  it('registers a product with an image, finds it by name, model number and category, edits its price and deletes it', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await openList(page);

    await page.getByRole('link', { name: '상품 등록' }).click();
    await page.waitForURL(/\/b2b\/product\/register$/);
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `E2E 검증 토트백 ${stamp}`;
    const code = `E2E-${stamp}`;
    await page.getByRole('textbox', { name: '상품명', exact: true }).fill(name);
    // A brand account's own brand is preselected and fixed.
    await page.getByRole('combobox', { name: '브랜드' }).getByText('데모브랜드').waitFor();
    await page.getByLabel('모델번호').fill(code);
    await page.getByLabel('바코드').fill(`880${stamp}`);
    const price = page.getByLabel('가격');
    await price.pressSequentially('1234000');
    expect(await price.inputValue()).toBe('1,234,000');
    await page.getByRole('combobox', { name: '카테고리' }).click();
    await page.getByRole('option', { name: '시계' }).click();
    const warranty = '구매일로부터 2년 무상 보증';
    await page.getByLabel('보증 내용').fill(warranty);
    await page.getByText(`${warranty.length} / 2,000`).waitFor();
    await page.getByTestId('product-image-input').setInputFiles(tinyPng());
    const preview = page.getByRole('img', { name: '상품 이미지' });
    await preview.waitFor();
    await page.getByRole('button', { name: '저장' }).click();

    await page.waitForURL(/\/b2b\/product\/\d+$/);
    const idx = page.url().split('/').pop()!;
    await page.getByText('상품을 등록했어요').first().waitFor();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('1,234,000원').waitFor();
    await page.getByText(code).waitFor();
    // The uploaded image is served and decodes.
    const image = page.getByRole('img', { name: '상품 이미지' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // Found by name, by model number, and by category.
    await openList(page);
    await search(page, '상품명', name);
    await expect.poll(() => total(page).textContent()).toBe('총 1건');
    await table(page).getByRole('link', { name }).waitFor();
    await search(page, '모델번호', code.toLowerCase());
    await expect.poll(() => total(page).textContent()).toBe('총 1건');
    await table(page).getByText(code).waitFor();
    // A box checked while the reset lands stays checked (the panel's draft).
    await page.getByRole('button', { name: '초기화' }).click();
    const watches = page.getByRole('checkbox', { name: '시계' });
    await watches.check();
    expect(await watches.isChecked()).toBe(true);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/categoryCode=3/);
    await table(page).getByRole('link', { name }).waitFor();
    // Only watches once the filtered page has replaced the previous one.
    await expect.poll(async () => [...new Set(await table(page).locator('tbody tr td:nth-child(6)').allTextContents())]).toEqual(['시계']);

    // Edit its price.
    await table(page).getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`/b2b/product/${idx}$`));
    await page.getByRole('link', { name: '수정' }).click();
    await page.waitForURL(new RegExp(`/b2b/product/edit/${idx}$`));
    const editPrice = page.getByLabel('가격');
    expect(await editPrice.inputValue()).toBe('1,234,000');
    await editPrice.fill('');
    await editPrice.pressSequentially('990000');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(new RegExp(`/b2b/product/${idx}$`));
    await page.getByText('상품을 저장했어요').first().waitFor();
    await page.getByText('990,000원').waitFor();

    // Delete it: confirmed, back on the list, and gone.
    await page.getByRole('button', { name: '삭제' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('이 상품을 삭제할까요?').waitFor();
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.waitForURL(/\/b2b\/product$/);
    await page.getByText('상품을 삭제했어요').first().waitFor();
    await search(page, '상품명', name);
    await page.getByText('조회된 내역이 없어요').waitFor();
    expect(await table(page).getByRole('link', { name }).count()).toBe(0);

    // Its detail is now "not found", and 확인 goes back.
    await page.goto(`/b2b/product/${idx}`);
    const notFound = page.getByRole('dialog');
    await notFound.getByText('존재하지 않는 상품이에요').waitFor();
    await notFound.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/b2b\/product$/);
  });

  it('bulk-deletes two demo products after confirmation', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await openList(page);
    await search(page, '모델번호', 'DB-BAG-00');
    await table(page).getByRole('link', { name: '시그니처 레더 토트백' }).waitFor();
    const before = Number((await total(page).textContent())!.replace(/\D/g, ''));
    expect(before).toBeGreaterThanOrEqual(2);

    const row = (name: string) => table(page).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row('시그니처 레더 토트백').getByRole('checkbox').check();
    await row('미니 크로스백 블랙').getByRole('checkbox').check();
    await page.getByRole('button', { name: '삭제' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('선택한 2개 상품을 삭제할까요?').waitFor();
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.getByText('상품을 삭제했어요').first().waitFor();
    await expect.poll(async () => Number((await total(page).textContent())!.replace(/\D/g, ''))).toBe(before - 2);
    expect(await table(page).getByRole('link', { name: '시그니처 레더 토트백', exact: true }).count()).toBe(0);
    expect(await table(page).getByRole('link', { name: '미니 크로스백 블랙', exact: true }).count()).toBe(0);
  });
});

describe('the demo catalogue', () => {
  it('shows every product with a picture of its own, served by the console', async () => {
    const page = b.page;
    // coop@demo.test: no other test changes its 15 products.
    await signIn(page, 'coop@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await openList(page);
    await table(page).getByRole('link', { name: '노르딕 레더 토트', exact: true }).waitFor();
    const list = await table(page).elementHandle();
    // MUI's Avatar drops its <img> for the "-" placeholder when a picture fails, so 15 drawn <img> are 15 pictures.
    await page.waitForFunction(
      (el) => {
        const imgs = [...el!.querySelectorAll('img')];
        return imgs.length === 15 && imgs.every((img) => img.complete && img.naturalWidth > 0);
      },
      list,
    );
    const pictures = await table(page).getByRole('img').evaluateAll((imgs) => imgs.map((img) => ({
      alt: img.getAttribute('alt'), src: new URL((img as HTMLImageElement).src).pathname, width: (img as HTMLImageElement).naturalWidth,
    })));
    expect(new Set(pictures.map((p) => p.src)).size).toBe(15);
    for (const p of pictures) {
      expect(p.src).toMatch(/^\/api\/media\/files\/\d+\/[\w-]+\.png$/);
      expect(p.width).toBe(320);
    }
    expect(pictures.map((p) => p.alt)).toContain('노르딕 레더 토트');
  });
});
