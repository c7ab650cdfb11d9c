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
