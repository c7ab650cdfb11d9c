import type { Page } from 'playwright-core';
import { useBrowser, signIn } from './helpers';
import { EXCEL_MSG } from '../../src/domain/excel';
import { sheetFiles } from './sheets';

const b = useBrowser();
const { dataRows, fillForm, download } = sheetFiles('sheets');
const stamp = Date.now().toString(36).toUpperCase();

async function choose(page: Page, file: string) {
  await page.getByTestId('excel-file-input').setInputFiles(file);
}

const product = (n: number, overrides: Record<string, string> = {}) => ({
  상품명: `엑셀 토트백 ${stamp}-${n}`,
  모델번호: `XL-${stamp}-${n}`,
  가격: '129,000',
  카테고리: '가방',
  ...overrides,
});

describe('product bulk upload from a spreadsheet', () => {
  it('previews bad rows, exports them, registers the good ones, then the fixed ones', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/product/excel-upload');
    const form = await download(page, '양식 내려받기', 'form.xlsx');

    const sheet = fillForm(
      form,
      [product(1), product(2), product(3, { 상품명: '' }), product(4, { 가격: '12만원' }), product(5), product(6, { 카테고리: '우산' })],
      'first.xlsx',
    );
    await choose(page, sheet);
    await page.getByText('전체 6').first().waitFor();
    await page.getByText('정상 3').first().waitFor();
    await page.getByText('오류 3').first().waitFor();
    await page.getByText(EXCEL_MSG.missing(['상품명'])).first().waitFor();
    await page.getByText(EXCEL_MSG.format(['가격'])).first().waitFor();

    const errors = await download(page, '오류 행 내려받기', 'errors.xlsx');
    const errorRows = dataRows(errors);
    expect(errorRows).toHaveLength(4);
    expect(errorRows[0]).toContain('오류 내용');

    await page.getByRole('button', { name: '등록하기' }).click();
    await page.getByText('등록 3건').first().waitFor({ timeout: 20_000 });

    // The error export itself is refused; the fixed rows go back in through the original form.
    await page.getByRole('button', { name: '다른 파일 올리기' }).click();
    await choose(page, errors);
    await page.getByText(EXCEL_MSG.errorExport).first().waitFor();
    const fixed = fillForm(form, [product(3), product(4), product(6)], 'fixed.xlsx');
    await choose(page, fixed);
    await page.getByText('정상 3').first().waitFor();
    await page.getByRole('button', { name: '등록하기' }).click();
    await page.getByText('등록 3건').first().waitFor({ timeout: 20_000 });

    // All six are in the catalogue.
    await page.goto(`/b2b/product?searchType=code&searchText=XL-${stamp}`);
    await page.getByText('총 6건').first().waitFor();
  });

  it('refuses a sheet of 11,000 rows', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/product/excel-upload');
    const form = await download(page, '양식 내려받기', 'form-big.xlsx');
    const rows = Array.from({ length: 11_000 }, (_, i) => product(1000 + i));
    await choose(page, fillForm(form, rows, 'big.xlsx'));
    await page.getByText(EXCEL_MSG.maxRows).first().waitFor();
    expect(await page.getByRole('button', { name: '등록하기' }).count()).toBe(0);
  });
});
