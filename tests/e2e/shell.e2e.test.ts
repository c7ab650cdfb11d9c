import type { Page } from 'playwright-core';
import { useBrowser, signIn, sidebarLinks, baseUrl } from './helpers';
import { MSG } from '../../src/domain/messages';

const b = useBrowser();

/**
 * How the page draws `text` once its fonts have settled: the Pretendard faces the CSS declares, those
 * loaded, whether the text's characters are covered by loaded faces, and the font files fetched.
 */
async function pretendardDrawing(page: Page, text: string) {
  return page.evaluate(async (sample) => {
    await document.fonts.ready;
    const faces = [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Pretendard Variable');
    return {
      declared: faces.length,
      loaded: faces.filter((f) => f.status === 'loaded').length,
      covered: document.fonts.check('16px "Pretendard Variable"', sample),
      bodyFont: getComputedStyle(document.body).fontFamily,
      files: performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.endsWith('.woff2')),
    };
  }, text);
}

const SUB_ACCOUNT_HIDDEN = ['브랜드 라운지', '스탬프', '마케팅 메시지', '보증서 설정', 'A/S 설정', '서비스 연동', '결제 및 구독'];

describe('the shell for each demo role', () => {
  it('shows the brand admin every section, the guide links and the balance box', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const nav = page.getByRole('navigation', { name: '사이드 메뉴' });
    for (const section of ['메인', '고객', '상품', '채널', '부가 서비스']) await nav.getByText(section, { exact: true }).first().waitFor();
    const links = await sidebarLinks(page);
    for (const label of ['홈', '대시보드', '고객 리스트', '보증서 발급', '보증서 발급 내역', '상품 리스트', '웨이팅/입장', '예약', '서비스 연동', '결제 및 구독']) {
      expect(links.some((l) => l.includes(label)), `${label} in ${links.join(', ')}`).toBe(true);
    }
    await nav.getByText(/125,000원/).first().waitFor();
    await nav.getByRole('link', { name: '충전하기' }).waitFor();

    // Menu highlighting follows the route.
    await nav.getByRole('link', { name: '상품 리스트' }).click();
    await page.waitForURL(/\/b2b\/product$/);
    await nav.locator('a[aria-current="page"]').filter({ hasText: '상품 리스트' }).waitFor();
    expect(await nav.locator('a[aria-current="page"]').count()).toBe(1);
  });

  it('hides the main-account items from a sub-account', async () => {
    const page = b.page;
    await signIn(page, 'staff@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const links = await sidebarLinks(page);
    expect(links.some((l) => l.includes('고객 리스트'))).toBe(true);
    for (const hidden of SUB_ACCOUNT_HIDDEN) expect(links.some((l) => l.includes(hidden)), hidden).toBe(false);
    // A hidden page opened by its address sends the sub-account home.
    await page.goto('/b2b/payment/subscribe');
    await page.waitForURL(/\/b2b\/home$/);
  });

  it('gives the repairer only the dashboard and repair history, and sends other routes home', async () => {
    const page = b.page;
    await signIn(page, 'repair@demo.test');
    await page.waitForURL(/\/b2b\/dashboard$/);
    const links = await sidebarLinks(page);
    expect(links.filter((l) => l.length > 0).sort()).toEqual(['대시보드', '수선 내역'].sort());
    expect(await page.getByText(/무료 체험|구독 기간/).count()).toBe(0);
    for (const path of ['/b2b/customer', '/b2b/home', '/b2b/guarantee', '/setting/brand']) {
      await page.goto(path);
      await page.waitForURL(/\/b2b\/dashboard$/);
    }
  });

  it('gives the launderer only the dashboard and laundry history', async () => {
    const page = b.page;
    await signIn(page, 'laundry@demo.test');
    await page.waitForURL(/\/b2b\/dashboard$/);
    const links = await sidebarLinks(page);
    expect(links.filter((l) => l.length > 0).sort()).toEqual(['대시보드', '세탁 내역'].sort());
  });

  it('shows a not-found page for an unknown path', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/there-is-no-such-page');
    await page.getByRole('heading', { name: MSG.notFoundTitle }).waitFor();
  });

  it('logs out from the profile menu and guards the pages again', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('button', { name: '프로필 메뉴' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.waitForURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/b2b/customer');
    await page.waitForURL(/\/auth\/login\?url=%2Fb2b%2Fcustomer$/);
  });

  it('switches to English from the profile menu and back to Korean', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const nav = page.getByRole('navigation', { name: '사이드 메뉴' });
    await nav.getByRole('link', { name: '홈', exact: true }).waitFor();
    await page.getByRole('button', { name: '프로필 메뉴' }).click();
    await page.getByRole('menuitem', { name: 'English로 보기' }).click();
    await page.getByRole('link', { name: 'Home', exact: true }).first().waitFor();
    // The choice survives a reload.
    await page.reload();
    await page.getByRole('link', { name: 'Home', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: '한국어로 보기' }).click();
    await nav.getByRole('link', { name: '홈', exact: true }).waitFor();
  });

  it('draws Korean in the bundled Pretendard, fetching only the subsets on screen, and nothing from another origin', async () => {
    // This machine's Chromium has no Korean system font (fc-list :lang=ko is empty): without the bundled
    // font every Korean glyph would be a box.
    const page = b.page;
    const origin = new URL(baseUrl()).origin;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/auth/login');
    await page.getByRole('button', { name: '로그인' }).waitFor();
    const login = await pretendardDrawing(page, '로그인');
    expect(login.covered).toBe(true);
    expect(login.loaded).toBeGreaterThan(0);
    // Lazily: of the ~90 subset files the CSS declares, only those of the characters on screen.
    expect(login.loaded).toBeLessThan(login.declared / 2);
    expect(login.files.length).toBe(login.loaded);

    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const nav = page.getByRole('navigation', { name: '사이드 메뉴' });
    await nav.getByRole('link', { name: '상품 리스트' }).waitFor();
    const shell = await pretendardDrawing(page, '상품 리스트 고객 대시보드');
    expect(shell.covered).toBe(true);
    expect(shell.bodyFont).toMatch(/^"Pretendard Variable"/);
    for (const file of [...login.files, ...shell.files]) {
      expect(new URL(file).origin).toBe(origin);
      expect(new URL(file).pathname).toMatch(/^\/assets\/PretendardVariable\.subset\.\d+-[\w-]+\.woff2$/);
    }
    const font = await page.request.get(shell.files[0]);
    expect(font.headers()['content-type']).toBe('font/woff2');
    expect(font.headers()['cache-control']).toContain('immutable');

    expect(requested.filter((url) => new URL(url).origin !== origin && !/^(data|blob):/.test(url))).toEqual([]);
  });

  it('keeps the console usable at 500 px: the sidebar hides and the narrow menu appears', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 480, height: 860 });
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    expect(await page.getByRole('navigation', { name: '사이드 메뉴' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: '고객 대시보드' }).click();
    await page.waitForURL(/\/b2b\/dashboard\/customer$/);
  });
});
