import type { Page, Route } from 'playwright-core';
import { signIn, useBrowser } from './helpers';

const b = useBrowser();

/** A history row and its detail as docs/api/afterService.md answers them (stubbed: this checks the console's layout only). */
const row = (i: number) => ({
  idx: i, type: 'repair', status: 'request', nftIdx: 10 + i, nftNumber: `G-2026-${String(i).padStart(5, '0')}`, productName: `아주 긴 이름의 수선 상품 ${i}`,
  customerName: `고객${i}`, receiverName: `고객${i}`, receiverPhone: '010-1234-5678', categoryName: '가방', optionName: '손잡이', partnerName: '데모수선',
  preEstimateAmount: 30000, estimateAmount: 50000, createdAt: '2026-11-02T01:00:00.000Z', updatedAt: '2026-11-02T01:00:00.000Z',
});
const detail = {
  ...row(5), requestMessage: '손잡이가 끊어졌어요. '.repeat(20), receiverZipCode: '06236', receiverAddress1: '서울 강남구 테헤란로 1', receiverAddress2: '2층',
  images: [], imageUrls: [], completeImages: [], completeImageUrls: [], estimateComment: null, cancelReason: null, courier: null, trackingNumber: null, partnersMemo: '',
  events: [{ action: 'create', fromStatus: null, toStatus: 'request', actorName: '브랜드 관리자', actorType: 'b2b', detail: null, createdAt: '2026-11-02T01:00:00.000Z' }],
  actions: ['preestimate', 'estimate', 'working', 'cancel', 'exchanged'],
};

async function stubAfterService(page: Page) {
  const answer = (route: Route, data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  await page.route(/\/api\/v1\/admin\/repair(\?.*)?$/, (route) => answer(route, { list: Array.from({ length: 5 }, (_, i) => row(i + 1)), total: 5 }));
  await page.route(/\/api\/v1\/admin\/repair\/5$/, (route) => answer(route, detail));
  await page.route(/\/api\/v1\/admin\/memo\/repair\/5$/, (route) => answer(route, { list: [] }));
}

const overflow = (page: Page) => page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));

describe('after-service pages at 500 px', () => {
  it('the repair history and a request’s detail fit the width; the table scrolls inside its container', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 500, height: 900 });
    await stubAfterService(page);
    await signIn(page, 'repair@demo.test');
    await page.waitForURL(/\/b2b\//);
    await page.goto('/b2b/after-service/repair');
    const table = page.getByRole('table', { name: '수선 요청 목록' });
    await table.getByText('아주 긴 이름의 수선 상품 1').waitFor();
    const w = await overflow(page);
    expect(w.page).toBeLessThanOrEqual(w.viewport);
    const scroll = await table.evaluate((t) => {
      const wrapper = t.closest('.RaDataTable-tableWrapper')!;
      return { scroll: wrapper.scrollWidth, client: wrapper.clientWidth, overflowX: getComputedStyle(wrapper).overflowX };
    });
    expect(scroll.overflowX).toBe('auto');
    expect(scroll.scroll).toBeGreaterThan(scroll.client);

    await page.goto('/b2b/after-service/repair/5');
    await page.getByRole('button', { name: '1차 견적' }).waitFor();
    await page.getByText('아직 메모가 없어요').waitFor();
    const d = await overflow(page);
    expect(d.page).toBeLessThanOrEqual(d.viewport);
  });
});

/** Long names, as a brand may give them: the category editor's rows. */
const categories = [
  { idx: 1, name: '가죽 가방과 지갑 (명품 라인 전용 수선 카테고리)', options: [{ idx: 11, name: '손잡이 교체와 가죽 보강 작업' }, { idx: 12, name: '지퍼' }] },
  { idx: 2, name: '신발', options: [] },
];

/**
 * Pairs of the category editor's labels, input boxes and buttons whose boxes overlap by more than a
 * pixel either way; a label over its own input (the outlined field's notch) is the field's design.
 */
const overlapsIn = (page: Page) => page.evaluate(() => {
  const section = document.querySelector('section[aria-labelledby="as-category"]')!;
  const boxes = [...section.querySelectorAll('label, .MuiInputBase-root, button')].map((el) => ({
    el, field: el.closest('.MuiFormControl-root'), name: `${el.tagName.toLowerCase()} ${el.textContent ?? ''}`.trim(), r: el.getBoundingClientRect(),
  }));
  const found: string[] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.el.contains(b.el) || b.el.contains(a.el) || (a.field && a.field === b.field)) return;
    const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (x > 1 && y > 1) found.push(`${a.name} × ${b.name}`);
  }));
  return found;
});

describe('the repair category editor (issue 23 #20)', () => {
  it('at 1280 and 500 px its fields and buttons never overlap, and every button says what it does', async () => {
    const page = b.page;
    await page.route(/\/api\/v1\/admin\/repair\/category$/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { list: categories } }) }) : route.continue());
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\//);
    await page.goto('/b2b/after-service/setting');
    const bag = page.getByRole('group', { name: '카테고리 1' });
    await bag.getByRole('button', { name: '카테고리 삭제' }).waitFor();
    for (const width of [1280, 500]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overlapsIn(page), `${width} px`).toEqual([]);
      const w = await overflow(page);
      expect(w.page, `${width} px`).toBeLessThanOrEqual(w.viewport);
    }
    const named = await page.locator('section[aria-labelledby="as-category"] button').evaluateAll((buttons) => buttons.map((el) => (el.textContent ?? '').trim()));
    expect(named.filter((t) => t === '')).toEqual([]);
  });
});
