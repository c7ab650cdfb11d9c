import { useBrowser, signIn, apiToken, api } from './helpers';

const b = useBrowser();

const n = (value: number) => value.toLocaleString('ko-KR');

describe('the home cards', () => {
  it('shows the real customer total and the waiting guarantees, and the to-do link opens the filtered history', async () => {
    const token = await apiToken('brand@demo.test');
    // One certificate waiting since today (a sheet row waits to be completed), so today's count is not empty.
    const stamp = Date.now();
    const bulk = await api(token, 'POST', '/v1/admin/nft/bulk', {
      batchKey: `e2e-home-${stamp}`,
      rows: [{ ordererName: '홈할일고객', ordererTel: `010${String(stamp % 10_000).padStart(4, '0')}7788`, productName: 'E2E 홈 할 일 상품', refOrderId: `H${stamp}` }],
    });
    expect(bulk.status).toBe(201);

    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);

    // 누적 고객 현황: the figures appear once the server has counted (the card polls while it counts).
    const customers = page.getByRole('region', { name: '누적 고객 현황' });
    const figures = customers.getByTestId('home-customer-figures');
    await figures.waitFor({ timeout: 30_000 });
    await customers.getByRole('status').waitFor({ state: 'detached' });
    const overview = (await api<{ totalCustomers: number; totalSignUps: number; updating: boolean }>(token, 'GET', '/customer/v1/overview')).data;
    expect(overview.updating).toBe(false);
    expect(overview.totalCustomers).toBeGreaterThan(0);
    expect(await figures.textContent()).toContain(`누적 고객${n(overview.totalCustomers)}명`);
    expect(await figures.textContent()).toContain(`회원 가입${n(overview.totalSignUps)}명`);
    expect(await customers.textContent()).not.toContain('아직 집계된 고객이 없어요');

    // 오늘의 할 일: the counts the API gives, each a link to the waiting certificates of its days.
    const counts = (await api<{ today: number; monthly: number }>(token, 'GET', '/v1/admin/nft/ready/today')).data;
    expect(counts.today).toBeGreaterThan(0);
    const todo = page.getByRole('region', { name: '오늘의 할 일' });
    await todo.getByRole('link', { name: `이번 달 발급 대기 보증서 ${n(counts.monthly)}건` }).waitFor();
    const today = todo.getByRole('link', { name: `오늘 발급 대기 보증서 ${n(counts.today)}건` });
    await today.click();
    await page.waitForURL(/\/b2b\/guarantee\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('nftStatus')).toBe('1');
    expect(url.searchParams.get('startDate')).toBe(url.searchParams.get('endDate'));
    await expect.poll(() => page.getByText(/^총 [\d,]+건$/).textContent()).toBe(`총 ${n(counts.today)}건`);
    await page.getByRole('table', { name: '보증서 목록' }).getByRole('row').filter({ hasText: 'E2E 홈 할 일 상품' }).waitFor();
  });

  it('greets a cooperator by its company, in the heading and the profile menu', async () => {
    const page = b.page;
    await signIn(page, 'coop@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('heading', { level: 1, name: '데모편집숍님, 안녕하세요' }).waitFor();
    expect(await page.getByRole('button', { name: '프로필 메뉴' }).textContent()).toContain('데모편집숍');
    expect(await page.getByText('노르딕레더').count()).toBe(0);
  });
});
