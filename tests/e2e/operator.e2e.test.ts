import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, apiToken, baseUrl, signIn, useBrowser } from './helpers';
import { axeFindings, withAxe, withoutMotion } from './a11y/walk';

const b = useBrowser();

async function opsSignIn(page: Page, email: string) {
  await page.goto('/ops/login', { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { name: '운영자 로그인', level: 1 }).waitFor();
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('heading', { name: '브랜드 찾기', level: 1 }).waitFor();
}

/** A call of the operator API from the page, with the operator's session the page holds. */
const opsCall = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(`/api/ops${path}`, {
      method,
      headers: { authorization: `Bearer ${sessionStorage.getItem('ops-token')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, code: ((await res.json()) as { code?: string }).code };
  }, { method, path, body });

describe('the operator console', () => {
  it('support finds a brand, opens a customer masked, reveals the phone with a reason, and the audit log shows it; it cannot write', async () => {
    const page = b.page;
    await withAxe(page);
    await withoutMotion(page);
    await opsSignIn(page, 'support@ops.demo.test');
    expect(await axeFindings(page, 'ops search @1280')).toEqual([]);

    await page.getByLabel('브랜드명 또는 회사명').fill('데모브');
    await page.getByRole('button', { name: '찾기' }).click();
    await page.getByRole('link', { name: '데모브랜드' }).click();
    await page.getByRole('heading', { name: /데모브랜드/, level: 1 }).waitFor();
    // Support sees no suspend button.
    expect(await page.getByRole('button', { name: '이용 정지' }).count()).toBe(0);
    await page.getByRole('tab', { name: '고객' }).click();
    const customers = page.getByRole('table', { name: '고객' });
    await customers.waitFor();
    expect(await axeFindings(page, 'ops brand customers @1280')).toEqual([]);
    const firstPhone = await customers.locator('tbody tr').first().locator('td').nth(2).textContent();
    expect(firstPhone).toMatch(/^\d{3}-\*{4}-\d{4}$/);

    await customers.getByRole('link', { name: /^상세 #/ }).first().click();
    await page.getByRole('heading', { name: /고객 상세/, level: 1 }).waitFor();
    const phone = page.getByTestId('customer-phone');
    expect(await phone.textContent()).toMatch(/\*{4}/);
    await page.getByRole('button', { name: '휴대폰 번호 열람' }).click();
    const dialog = page.getByRole('dialog', { name: '휴대폰 번호 열람' });
    await dialog.getByRole('button', { name: '열람하기' }).click();
    await dialog.getByText('열람 사유를 입력해 주세요').waitFor();
    expect(await axeFindings(page, 'ops reveal dialog @1280')).toEqual([]);
    await dialog.getByLabel('열람 사유').fill('고객센터 문의: 본인 확인');
    await dialog.getByRole('button', { name: '열람하기' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => phone.textContent()).toMatch(/^\d{10,11}$/);

    // The audit log shows that read, with its reason; at 500 px too.
    await page.setViewportSize({ width: 500, height: 860 });
    await page.getByRole('link', { name: '감사 로그' }).click();
    await page.getByRole('heading', { name: '감사 로그', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /^작업/ }).click();
    await page.getByRole('option', { name: '개인정보 열람' }).click();
    await page.getByRole('button', { name: '조회' }).click();
    const log = page.getByRole('table', { name: '감사 로그' });
    // The unfiltered page already shows that read, so wait for the filtered answer itself: one row.
    await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
    await log.getByText('고객센터 문의: 본인 확인').waitFor();
    await log.getByText('support@ops.demo.test (운영자)').waitFor();
    expect(await axeFindings(page, 'ops audit log @500')).toEqual([]);
    // Nothing wider than the screen but the table's own scroll region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(500);

    // Usage: page views and screen errors of the local analytics provider.
    await page.getByRole('link', { name: '사용 현황' }).click();
    await page.getByRole('heading', { name: '사용 현황', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '화면 오류 (최근 50건)', level: 2 }).waitFor();
    await expect.poll(() => page.getByText('불러오는 중이에요').count()).toBe(0);
    expect(await axeFindings(page, 'ops analytics @500')).toEqual([]);

    // Notices: the one write support has; every brand reads them on home.
    await page.getByRole('link', { name: '공지', exact: true }).click();
    await page.getByRole('heading', { name: '공지', level: 1 }).waitFor();
    await page.getByLabel('제목').fill('서버 점검 안내');
    await page.getByRole('button', { name: '게시' }).click();
    await page.getByText('서버 점검 안내 공지를 게시했어요').waitFor();
    await page.getByRole('cell', { name: '서버 점검 안내' }).waitFor();
    expect(await axeFindings(page, 'ops notices @500')).toEqual([]);

    // A support operator cannot write, even by calling the API itself.
    expect(await opsCall(page, 'POST', '/v1/brands/1/suspension', { reason: '시험' })).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    expect(await opsCall(page, 'POST', '/v1/operators', { email: 'x@ops.test', name: 'x', role: 'admin', password: 'Passw0rd!' })).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    expect(await page.getByRole('link', { name: '운영자 관리' }).count()).toBe(0);
    // Nor does its session open the brand console's writes.
    const brandWrite = await page.evaluate(async () => (await fetch('/api/v1/admin/partnerships/brand', {
      method: 'PATCH', headers: { authorization: `Bearer ${sessionStorage.getItem('ops-token')}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: '탈취' }),
    })).status);
    expect(brandWrite).toBe(401);
  });

  it('a brand account cannot reach the operator console', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/ops', { waitUntil: 'domcontentloaded' });
    // The console asks for an operator's sign-in: the brand's session opens nothing here.
    await page.getByRole('heading', { name: '운영자 로그인', level: 1 }).waitFor();
    await page.getByLabel('이메일').fill('brand@demo.test');
    await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByText('이메일 또는 비밀번호가 올바르지 않아요').or(page.getByRole('alert')).first().waitFor();
    expect(await page.getByRole('heading', { name: '브랜드 찾기' }).count()).toBe(0);
    const token = await apiToken();
    for (const path of ['/v1/operators/me', '/v1/brands?name=%EB%8D%B0%EB%AA%A8', '/v1/audit-log']) {
      const res = await fetch(`${baseUrl()}/api/ops${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(401);
    }
  });
});
