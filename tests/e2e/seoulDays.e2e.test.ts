import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { baseUrl, DEMO_PASSWORD, signIn } from './helpers';
import { seoulDate, seoulDayStart, seoulToday } from '../../src/domain/seoulDay';

/**
 * Issue 9 B16: days are the brand's days in Asia/Seoul whatever the browser's zone. The same guarantee
 * list, with the 오늘 preset, in a UTC browser and in an Asia/Seoul browser whose clock reads one
 * minute after midnight KST: the same Seoul day in the fields and the URL, the same rows. The browser
 * locale is en-US, whose native date inputs would read mm/dd/yyyy (B11).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page) => page.getByRole('search', { name: '검색 조건' });
const total = (page: Page) => page.getByText(/^총 [\d,]+건$/);

async function issueGuarantee(order: string): Promise<{ createdAt: string; productName: string }> {
  const signInRes = await fetch(`${baseUrl()}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'brand@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await signInRes.json()) as { data: { token: string } }).data.token;
  const productName = `E2E 서울 오늘 ${order}`;
  const res = await fetch(`${baseUrl()}/api/v1/admin/nft`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ordererName: '서울고객', ordererTel: `010${String(Date.now()).slice(-8)}`, productName, refOrderId: order }),
  });
  expect(res.status).toBe(201);
  return { createdAt: ((await res.json()) as { data: { createdAt: string } }).data.createdAt, productName };
}

/** The list under 오늘 in a browser of the given zone whose clock is fixed at `at`. */
async function todayInBrowser(timezoneId: string, at: Date, order: string, productName: string) {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', timezoneId, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(10_000);
  try {
    const page = await context.newPage();
    await page.clock.setFixedTime(at);
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/guarantee');
    await total(page).waitFor(); // the list has loaded and settled its URL before the panel is filled
    await panel(page).getByRole('combobox', { name: '검색 유형' }).selectOption({ label: '주문번호' });
    await panel(page).getByRole('textbox', { name: '검색어' }).fill(order);
    await panel(page).getByRole('button', { name: '오늘' }).click();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('searchText') === order && u.searchParams.has('startDate'));
    await expect.poll(() => total(page).textContent()).toBe('총 1건');
    const row = page.getByRole('table', { name: '보증서 목록' }).getByRole('row').filter({ hasText: productName });
    const start = panel(page).getByLabel('시작일');
    const url = new URL(page.url()).searchParams;
    return {
      browserDay: await page.evaluate(() => new Date().toDateString()),
      fields: [await start.getAttribute('type'), await start.inputValue(), await panel(page).getByLabel('종료일').inputValue()],
      url: [url.get('startDate'), url.get('endDate')],
      rowText: await row.textContent(),
    };
  } finally {
    await context.close();
  }
}

describe('Seoul days in any browser zone', () => {
  it('shows the same Seoul day and rows under 오늘 in a UTC and an Asia/Seoul browser just after midnight KST', async () => {
    const order = `SEOUL-${Date.now()}`;
    const { createdAt, productName } = await issueGuarantee(order);
    // The browser clocks read 00:01 KST of the day the server counted the guarantee in, whatever the hour now.
    const day = seoulDate(createdAt);
    const justAfterMidnight = new Date(seoulDayStart(day).getTime() + 60_000);
    expect(seoulToday(justAfterMidnight)).toBe(day);

    const utc = await todayInBrowser('UTC', justAfterMidnight, order, productName);
    const seoul = await todayInBrowser('Asia/Seoul', justAfterMidnight, order, productName);

    // The UTC browser's own calendar is still on the day before: the case that sent yesterday.
    expect(utc.browserDay).not.toBe(seoul.browserDay);
    for (const seen of [utc, seoul]) {
      expect(seen.fields).toEqual(['text', day, day]);
      expect(seen.url).toEqual([day, day]);
      expect(seen.rowText).toContain(day);
    }
  });
});
