import fs from 'node:fs';
import { inject } from 'vitest';
import { copyDataDir, startServer, type RunningServer } from '../support/server';
import { startFakeCafe24, type FakeCafe24 } from '../support/fakeCafe24';
import { startFakeNaver, type FakeNaver } from '../support/fakeNaver';
import { signLaunch } from '../../server/modules/integrations/cafe24';
import { api, apiToken, signIn, useBrowser } from './helpers';

/**
 * Shop integrations against the local fake of Cafe24 (issue 28): a server of this file's own, on a copy
 * of the demo's data, whose CAFE24_API_URL points at the fake. The mall's app is launched (the signed
 * launch URL), the brand connects it through the fake's OAuth consent, picks the product that gets a
 * warranty; an order reaches 배송완료 (N40) at the fake and its webhook arrives: the warranty is issued,
 * and the customer appears with the order in the console. With the point integration on, points given at
 * the mall come back to the customer, and a deduction made in the console shows at the mall.
 */
const b = useBrowser();
let own: RunningServer;
let fake: FakeCafe24;
let naver: FakeNaver;
const WEBHOOK_KEY = 'e2e-webhook-key';

beforeAll(async () => {
  fake = await startFakeCafe24();
  naver = await startFakeNaver();
  own = await startServer({
    dataDir: copyDataDir(inject('demoDataDir')),
    env: {
      CAFE24_CLIENT_ID: fake.clientId, CAFE24_CLIENT_SECRET: fake.clientSecret, CAFE24_API_URL: fake.apiUrl, CAFE24_WEBHOOK_KEY: WEBHOOK_KEY,
      NAVER_COMMERCE_API_URL: naver.url, SHOP_SYNC_INTERVAL_MS: '2000', SHOP_RETRY_BASE_MS: '50',
    },
  });
});
afterAll(async () => {
  await own.stop();
  await fake.close();
  await naver.close();
  fs.rmSync(own.dataDir, { recursive: true, force: true });
});

describe('Cafe24 orders become customers and warranties', () => {
  it('connects the mall, and an order delivered at the fake issues its warranty and shows the customer with the order; points go both ways', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home/);

    // The mall admin launches the app: the signed launch URL lands on the console's confirmation.
    const query = `mall_id=e2emall&shop_no=1&timestamp=${Math.floor(Date.now() / 1000)}&user_id=owner&user_type=P`;
    await page.goto(`${own.url}/cafe24/init?${signLaunch(query, fake.clientSecret)}`);
    await page.waitForURL(/\/b2b\/interwork\/cafe24\/[\w-]+$/);
    await page.getByRole('button', { name: '연동하기' }).click();
    // The fake's consent answers at once; back through /cafe24/oauth to the connection page.
    await page.waitForURL(/\/b2b\/interwork\/cafe24\?connected=1$/);
    await expect.poll(() => page.getByText('e2emall').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // The product that gets a warranty, read from the mall.
    await page.getByLabel('가죽 토트백 (11)').check();
    // The point integration (Pro): the mall's mileage and the customers' points both ways.
    await page.getByLabel('적립금 연동').check();
    await page.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => page.getByText('저장되었어요').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // An order paid and delivered at the fake (N40 배송완료); Cafe24 sends its webhook.
    fake.addOrder('e2emall', { order_id: 'E2E-0001', buyer: { name: '연동고객', cellphone: '010-8282-9393', member_id: 'e2e' } });
    fake.setStatus('e2emall', 'E2E-0001', 'N40');
    const hook = await fetch(`${own.url}/api/cafe24/v1/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_KEY },
      body: JSON.stringify({ event_no: 90023, resource: { mall_id: 'e2emall', order_id: 'E2E-0001' } }),
    });
    expect(hook.status).toBe(200);

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'E2E-0001' });
    await expect.poll(() => row.getByText('발급됨').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row.getByText('배송완료').count()).toBe(1);

    // The warranty: its certificate page in the console.
    await row.getByText('발급됨').click();
    await page.waitForURL(/\/b2b\/guarantee\/\d+$/);
    await expect.poll(() => page.getByText('가죽 토트백').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('연동고객').count()).toBeGreaterThan(0);

    // The customer, with the order.
    await page.goBack();
    await page.getByRole('row').filter({ hasText: 'E2E-0001' }).getByRole('link', { name: '연동고객' }).click();
    await page.waitForURL(/\/b2b\/customer\/detail\/\d+$/);
    const orders = page.getByRole('region', { name: '구매 내역' });
    await expect.poll(() => orders.getByText('가죽 토트백').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // Points both ways: 5,000 given at the mall come back (the poll, every 2 s here) ...
    fake.changePoints('e2emall', 'e2e', 5000, '가입 축하');
    const token = await apiToken('brand@demo.test', own.url);
    const history = () => api<{ list: { reason: string }[] }>(token, 'GET', `/v1/admin/customers/${page.url().split('/').pop()}/points?page=1&pageSize=10`, undefined, own.url);
    await expect.poll(async () => (await history()).data.list.filter((l) => l.reason === '쇼핑몰 적립금 · 가입 축하').length, { timeout: 30_000 }).toBe(1);
    await page.reload();
    const points = page.getByRole('region', { name: '포인트 내역' });
    await expect.poll(() => points.getByText('쇼핑몰 적립금 · 가입 축하').count(), { timeout: 20_000 }).toBe(1);
    // ... and a deduction made in the console shows at the mall.
    await page.getByRole('button', { name: '포인트 조정' }).click();
    const dialog = page.getByRole('dialog', { name: '포인트 조정' });
    await dialog.getByRole('radio', { name: '차감' }).check();
    await dialog.getByRole('textbox', { name: '포인트' }).fill('1200');
    await dialog.getByRole('textbox', { name: '사유' }).fill('사은품 교환');
    await dialog.getByRole('button', { name: '조정하기' }).click();
    await page.getByRole('button', { name: '조정', exact: true }).click();
    await expect.poll(() => page.getByText('포인트를 조정했어요. 쇼핑몰 적립금에도 곧 반영돼요').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => fake.pointsOf('e2emall', 'e2e'), { timeout: 30_000 }).toBe(3800);
  });

  it('connects Naver Commerce with the application id and secret; a PURCHASE_DECIDED order issues its warranty', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home/);
    await page.goto(`${own.url}/b2b/interwork/naver`);
    await page.getByLabel('애플리케이션 ID').fill(naver.clientId);
    await page.getByLabel('애플리케이션 시크릿').fill(naver.clientSecret);
    await page.getByRole('button', { name: '연동하기' }).click();
    await page.getByRole('link', { name: '관리하기' }).click();
    await page.waitForURL(/\/b2b\/interwork\/naver\/detail$/);
    await page.getByLabel('보증서를 발급할 상품 번호').fill('501');
    await page.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => page.getByText('저장되었어요').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // Bought, then purchase decided (Naver's stand-in for delivery) at the fake; the poll reads it.
    naver.add({ productOrderId: 'NE2E0001', ordererName: '네이버고객', ordererTel: '010-6060-7070' }, new Date());
    naver.setStatus('NE2E0001', 'PURCHASE_DECIDED', new Date());
    await page.getByRole('button', { name: '지금 동기화' }).click();
    // The job reads it within a tick or two (SHOP_SYNC_INTERVAL_MS 2 s): its line is listed once it is issued.
    const token = await apiToken('brand@demo.test', own.url);
    await expect.poll(async () => (await api<{ list: { orderId: string; warrantyState: string }[] }>(token, 'GET', '/naver-store/interwork/orders?page=1&pageSize=10', undefined, own.url))
      .data.list.find((l) => l.orderId === 'ONE2E0001')?.warrantyState, { timeout: 30_000 }).toBe('ISSUED');
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'ONE2E0001' });
    await expect.poll(() => row.getByText('발급됨').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row.getByText('구매확정').count()).toBe(1);
  });
});
