import type { Locator, Page } from 'playwright-core';
import { api, apiToken, signIn, useBrowser } from './helpers';

/**
 * Issue 23 item 9: layout defects of the membership, coupon and stamp screens, measured in Chromium
 * (a component test has no layout): a header or label on one line, an error clear of the next
 * labels, the last column inside the table's box, every bulk button on screen, the picker under the title.
 */
const b = useBrowser();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, c: Box) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;

/** How many lines an element's text takes: the distinct tops of its text's boxes. */
const linesOf = (l: Locator) => l.evaluate((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
});

async function signedInAt(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, 'brand@demo.test');
  await page.waitForURL(/\/b2b\/home$/);
  await page.goto(path);
}

/** Two memberships issued through the API, of a card and at a store with names as long as real ones, so the history has full rows. */
async function issueMemberships() {
  const token = await apiToken();
  const tag = Date.now().toString(36).toUpperCase();
  const template = await api<{ idx: number }>(token, 'POST', '/v1/admin/membership-template', { nftCardName: `E2E 레이아웃 멤버십 ${tag}`, expireType: 'DAY', expireDays: 365 });
  const tail = String(Date.now() % 10_000).padStart(4, '0');
  const rows = ['1', '2'].map((n) => ({
    ordererName: `레이아웃 고객 ${n}`, ordererTel: `010-7${n}00-${tail}`, ordererCountryCode: '82', nftTemplateIdx: template.data.idx, storeName: '데모브랜드 성수 플래그십',
  }));
  const issued = await api<{ list: unknown[] }>(token, 'POST', '/v1/admin/membership-nft/bulk', { batchKey: crypto.randomUUID(), rows });
  expect(issued.data.list).toHaveLength(2);
}

describe('layout of the membership, coupon and stamp screens (issue 23 item 9)', () => {
  it('the stamp history at 500 px keeps each column header on one line', async () => {
    const page = b.page;
    await signedInAt(page, 500, '/b2b/stamp/list');
    const headers = page.getByRole('table', { name: '스탬프 적립 내역' }).locator('thead th');
    await headers.filter({ hasText: '적립 기준' }).waitFor();
    for (const th of await headers.all()) expect({ header: await th.textContent(), lines: await linesOf(th) }).toMatchObject({ lines: 1 });
  });

  it('the attached coupon\'s switches at 1280 px keep their labels on one line', async () => {
    const page = b.page;
    await signedInAt(page, 1280, '/b2b/membership/setting/register');
    const coupons = page.locator('.ra-input').filter({ has: page.getByText('첨부 쿠폰', { exact: true }) }).first();
    await coupons.getByRole('button', { name: '추가' }).click();
    for (const name of ['오프라인 쿠폰', '발급 가능']) {
      const label = coupons.locator('.MuiFormControlLabel-label', { hasText: name });
      expect({ name, lines: await linesOf(label) }).toEqual({ name, lines: 1 });
    }
  });

  it('the coupon form\'s field errors stay clear of the labels below them', async () => {
    const page = b.page;
    await signedInAt(page, 1280, '/b2b/coupon/new');
    // Typed and cleared: 저장 waits for a change.
    await page.getByLabel('쿠폰 이름').fill('쿠폰');
    await page.getByLabel('쿠폰 이름').fill('');
    await page.getByRole('button', { name: '저장' }).click();
    const errors = page.locator('.MuiFormHelperText-root.Mui-error');
    await errors.first().waitFor();
    const labels = await page.locator('form label').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent, x: r.x, y: r.y, width: r.width, height: r.height };
    }));
    for (const error of await errors.all()) {
      const box = (await error.boundingBox())!;
      const text = await error.textContent();
      expect({ error: text, overlaps: labels.filter((l) => intersects(box, l)).map((l) => l.text) }).toEqual({ error: text, overlaps: [] });
    }
  });

  it('the membership history at 1280 px shows 만료일 whole; at 500 px every bulk button is on screen', async () => {
    await issueMemberships();
    const page = b.page;
    // Only this test's rows: other files' memberships on the shared server would change the widths measured.
    await signedInAt(page, 1280, `/b2b/membership/guarantee?searchType=ordererName&searchText=${encodeURIComponent('레이아웃 고객')}`);
    const table = page.getByRole('table', { name: '멤버십 발급 목록' });
    await table.getByText('레이아웃 고객 1').first().waitFor();
    const fits = await table.evaluate((t) => {
      const wrapper = t.closest('.RaDataTable-tableWrapper')!;
      const header = [...t.querySelectorAll('thead th')].find((th) => th.textContent?.includes('만료일'))!;
      return { wrapperRight: wrapper.getBoundingClientRect().right, headerRight: header.getBoundingClientRect().right, scroll: wrapper.scrollWidth, client: wrapper.clientWidth };
    });
    expect(fits.headerRight).toBeLessThanOrEqual(fits.wrapperRight);
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);

    await page.setViewportSize({ width: 500, height: 900 });
    // Squeezed at 500 px, a wrapping cell still breaks between words only (one word a line at most).
    expect(await linesOf(table.getByRole('cell', { name: '데모브랜드 성수 플래그십' }).first())).toBeLessThanOrEqual(3);
    await table.getByRole('checkbox').nth(1).check();
    const bar = page.locator('.RaBulkActionsToolbar-toolbar');
    await bar.getByRole('button', { name: '삭제' }).waitFor();
    const buttons = await bar.locator('.RaBulkActionsToolbar-topToolbar button').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      // Both ends, not the middle: a card's overflow cut 삭제 at its edge with its middle still showing.
      const shows = (x: number) => {
        const hit = document.elementFromPoint(x, r.y + r.height / 2);
        return hit !== null && e.contains(hit);
      };
      return { text: e.textContent, inViewport: r.left >= 0 && r.right <= window.innerWidth, visible: shows(r.left + 1) && shows(r.right - 1) };
    }));
    expect(buttons.map((x) => x.text)).toContain('삭제');
    for (const button of buttons) expect(button).toEqual({ text: button.text, inViewport: true, visible: true });
  });

  it('the sheet upload\'s membership picker sits under the page title', async () => {
    const page = b.page;
    await signedInAt(page, 1280, '/b2b/membership/guarantee/excel-upload');
    const title = page.getByRole('heading', { level: 1, name: '멤버십 대량 발급' });
    const picker = page.getByRole('combobox', { name: '발급할 멤버십' });
    await picker.waitFor();
    const [t, p] = [(await title.boundingBox())!, (await picker.boundingBox())!];
    expect(p.y).toBeGreaterThan(t.y + t.height);
    expect(p.x).toBeGreaterThanOrEqual(t.x);
  });
});
