import type { Page } from 'playwright-core';
import { baseUrl, signIn, useBrowser, apiToken } from './helpers';
import { EXCEL_MSG } from '../../src/domain/excel';
import { sheetFiles } from './sheets';
import { GUARANTEE_MSG } from '../../src/domain/guarantee';
import { GUARANTEE_SHEET_MSG } from '../../src/domain/guaranteeSheet';

const b = useBrowser();
const { dataRows, fillForm, download } = sheetFiles('guarantee-sheets');
const stamp = `GX${Date.now().toString(36).toUpperCase()}`;

const orderId = (n: number) => `${stamp}-${String(n).padStart(3, '0')}`;
/**
 * The catalogue product and store the sheet names. This test makes its own: the e2e files share one
 * server, and others delete seeded products (product.e2e bulk-deletes the demo tote).
 */
const MODEL = `${stamp}-TOTE`;
const PRODUCT_NAME = `대량 토트백 ${stamp}`;
const STORE = `대량 매장 ${stamp}`;

/** Row n: a distinct customer; every fifth names a catalogue model with its catalogue name. */
const guarantee = (n: number, overrides: Record<string, string> = {}) => ({
  주문자명: `대량 고객 ${n}`,
  연락처: `010-7${String(n).padStart(3, '0')}-${String(4000 + n).slice(-4)}`,
  주문일: '2026-01-05',
  상품명: n % 5 === 0 ? PRODUCT_NAME : `대량 발급 상품 ${n}`,
  모델번호: n % 5 === 0 ? MODEL : '',
  카테고리: '가방',
  가격: '129,000',
  매장명: n % 2 ? STORE : '',
  주문번호: orderId(n),
  상품이미지URL: n % 3 ? '' : 'https://cdn.example.com/guarantee/tote.webp',
  ...overrides,
});

const BAD = { phone: 11, name: 22, image: 33, mismatch: 44 } as const;

async function post(token: string, path: string, body: object): Promise<void> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** The page's and the preview table's widths: the page must not scroll sideways, the table scrolls in its card. */
function widths(page: Page) {
  return page.getByRole('table', { name: '미리보기' }).evaluate((table) => {
    const container = table.parentElement!;
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      tableScroll: container.scrollWidth,
      tableClient: container.clientWidth,
      overflowX: getComputedStyle(container).overflowX,
    };
  });
}

async function expectTableScrollsInsideItsCard(page: Page, width: number) {
  await page.setViewportSize({ width, height: 860 });
  // The widths below are read after the window has its new size (reading them lays the page out).
  await page.waitForFunction((w) => window.innerWidth === w, width);
  const w = await widths(page);
  expect(w.page, `page at ${width} px`).toBeLessThanOrEqual(w.viewport);
  expect(w.overflowX).toBe('auto');
  expect(w.tableScroll, `table at ${width} px`).toBeGreaterThan(w.tableClient);
}

describe('guarantee bulk issue from a spreadsheet', () => {
  it('previews the bad rows, the catalogue mismatch among them, and issues every good row at once; the preview scrolls inside its card', async () => {
    const setupToken = await apiToken();
    await post(setupToken, '/v1/admin/partners-product', { name: PRODUCT_NAME, code: MODEL, categoryCode: 1, price: 129000 });
    await post(setupToken, '/v1/admin/store', { name: STORE, pinned: 'N' });
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/guarantee/excel-upload');
    await page.getByRole('heading', { level: 1, name: '보증서 대량 발급' }).waitFor();
    const form = await download(page, '양식 내려받기', 'form.xlsx');
    expect(dataRows(form)[0].slice(0, 6)).toEqual(['주문자명*', '연락처*', '국가번호', '주문일', '브랜드', '상품명*']);

    const rows = Array.from({ length: 200 }, (_, i) => {
      const n = i + 1;
      if (n === BAD.phone) return guarantee(n, { 연락처: '050-1234-5678' });
      if (n === BAD.name) return guarantee(n, { 주문자명: '' });
      if (n === BAD.image) return guarantee(n, { 상품이미지URL: 'https://cdn.example.com/guarantee/tote.gif' });
      if (n === BAD.mismatch) return guarantee(n, { 모델번호: MODEL, 상품명: '카탈로그와 다른 이름' });
      return guarantee(n);
    });
    const bulkAnswers: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/admin/nft/bulk') bulkAnswers.push(res.status());
    });
    await page.getByTestId('excel-file-input').setInputFiles(fillForm(form, rows, 'sheet.xlsx'));
    await page.getByText('전체 200').first().waitFor();
    await page.getByText('정상 196').first().waitFor();
    await page.getByText('오류 4').first().waitFor();
    const status = (n: number) => page.locator(`tr[data-line="${n + 1}"]`).getByTestId('row-status');

    // The 19-column preview scrolls sideways inside its card; the page itself does not, at 1280 and 500 px.
    await expectTableScrollsInsideItsCard(page, 1280);
    await expectTableScrollsInsideItsCard(page, 500);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Only the errors, on one page.
    await page.getByRole('switch', { name: '오류 행만 보기' }).check();
    expect(await status(BAD.phone).textContent()).toBe(EXCEL_MSG.format(['연락처']));
    expect(await page.locator(`tr[data-line="${BAD.phone + 1}"] td[data-error="format"]`).getAttribute('title')).toBe(GUARANTEE_MSG.safeNumberRejected);
    expect(await status(BAD.name).textContent()).toBe(EXCEL_MSG.missing(['주문자명']));
    expect(await status(BAD.image).textContent()).toBe(EXCEL_MSG.format(['상품 이미지 URL']));
    // matching-fail: the model number's catalogue product has another name; the row says which.
    const mismatch = GUARANTEE_SHEET_MSG.productMismatch(PRODUCT_NAME);
    expect(await status(BAD.mismatch).textContent()).toBe(mismatch);
    expect(await page.locator(`tr[data-line="${BAD.mismatch + 1}"] td[data-error="mismatch"]`).textContent()).toBe('카탈로그와 다른 이름');
    await page.getByRole('switch', { name: '오류 행만 보기' }).uncheck();

    // The 196 good rows are one chunk, issued at once: nothing refused, nothing to retry.
    await page.getByRole('button', { name: '등록하기' }).click();
    await page.getByText('등록 196건 · 실패 0건').first().waitFor({ timeout: 20_000 });
    await page.getByText('정상 행을 모두 등록했어요').waitFor();
    expect(bulkAnswers).toEqual([201]);
    expect(await page.getByRole('button', { name: '실패한 행 다시 등록하기' }).count()).toBe(0);
    expect(await status(1).textContent()).toMatch(/^등록됨 · \S+/);
    expect(await status(99).textContent()).toMatch(/^등록됨 · \S+/);
    expect(await status(BAD.mismatch).textContent()).toBe(mismatch);

    // The error export lists the four bad rows with their reasons.
    const errors = dataRows(await download(page, '오류 행 내려받기', 'errors.xlsx'));
    expect(errors).toHaveLength(5);
    expect(errors[0]).toContain('오류 내용');
    const reasons = errors.slice(1).map((r) => r[r.length - 1]);
    expect(reasons).toEqual([EXCEL_MSG.format(['연락처']), EXCEL_MSG.missing(['주문자명']), EXCEL_MSG.format(['상품 이미지 URL']), mismatch]);

    // Exactly the good rows exist, waiting (status 1) as bulk issues.
    const token = await apiToken();
    const res = await fetch(`${baseUrl()}/api/v1/admin/nft?requestRoute=excel&search=refOrderId&keyword=${stamp}&pageSize=500`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const { list, total } = ((await res.json()) as { data: { list: { refOrderId: string; nftStatus: number; requestRoute: string; ordererName: string; productName: string; storeIdx: number | null; partnersProductIdx: number | null }[]; total: number } }).data;
    const bad = new Set<number>(Object.values(BAD));
    const expected = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => !bad.has(n)).map(orderId);
    expect(total).toBe(196);
    expect(list.map((r) => r.refOrderId).sort()).toEqual(expected);
    expect(new Set(list.map((r) => r.nftStatus))).toEqual(new Set([1]));
    expect(new Set(list.map((r) => r.requestRoute))).toEqual(new Set(['excel']));
    // Matched on the way: the store by name, the catalogue product by model number.
    const row5 = list.find((r) => r.refOrderId === orderId(5))!;
    expect(row5.storeIdx).toEqual(expect.any(Number));
    expect(row5.partnersProductIdx).toEqual(expect.any(Number));
    expect(list.find((r) => r.refOrderId === orderId(2))!.storeIdx).toBeNull();
  }, 90_000);
});
