import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { copyDataDir, startServer, type RunningServer } from '../support/server';
import { MSG } from '../../src/domain/messages';
import { daysLeft } from '../../src/domain/plans';
import { api, apiToken, signIn, useBrowser } from './helpers';

/**
 * What the renewal job and messages' debits do, seen in the console. A server of this file's own
 * (on a copy of the demo's data), because its clock is moved (PUT /api/dev/clock) and jobs run on demand
 * (POST /api/dev/jobs/…, /api/dev/credit/debit): the demo's controls, loopback only.
 */
const b = useBrowser();
let own: RunningServer;
beforeAll(async () => {
  own = await startServer({ dataDir: copyDataDir(inject('demoDataDir')) });
});
// The server's clock back to the real time, whatever a test left.
afterEach(() => dev('PUT', '/clock', { at: null }));
afterAll(async () => {
  await own.stop();
  fs.rmSync(own.dataDir, { recursive: true, force: true });
});

const DAY_MS = 24 * 60 * 60 * 1000;
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
const card = (n: string) => ({
  cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16),
  cardExpirationMonth: '12', cardExpirationYear: '39', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@demo.test',
});

async function dev<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${own.url}/api/dev${path}`, {
    method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Moves the server's clock and the page's to `at`, then runs the renewal job there. */
async function renewAt(page: Page, at: Date) {
  await dev('PUT', '/clock', { at: at.toISOString() });
  await page.clock.setFixedTime(at);
  return dev<{ renewed: number; failed: number }>('POST', '/jobs/subscription-renewals');
}

describe('renewals and auto top-up, driven by the demo controls', () => {
  it('a renewal that keeps failing moves the account to the finished state: the banner changes and issuing opens the subscription modal', async () => {
    const page = b.page;
    const token = await apiToken('brand@demo.test', own.url);
    // The demo brand's Pro, a year long, now on the sandbox card whose every charge is declined (README).
    expect((await api(token, 'POST', '/payment/v2/method/card', card('4000000000000341'), own.url)).status).toBe(201);
    const sub = await api<{ endDate: string; state: string }>(token, 'GET', '/payment/v2/subscription', undefined, own.url);
    expect(sub.data.state).toBe('CHARGED');
    const end = new Date(sub.data.endDate).getTime();

    // Attempts 2 days and 1 day before the end are declined; the account is still CHARGED, with the last week's banner.
    for (const offset of [-2 * DAY_MS, -DAY_MS]) expect((await renewAt(page, new Date(end + offset + 60_000))).failed).toBeGreaterThanOrEqual(1);
    const dayBefore = new Date(end - DAY_MS + 60_000);
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    const left = daysLeft(sub.data.endDate, dayBefore)!;
    const banner = page.getByTestId('subscription-banner');
    await banner.filter({ hasText: left === 0 ? MSG.subscriptionBannerTomorrow : MSG.subscriptionBannerDays(left) }).waitFor();

    // The last attempt at the end is declined too: the subscription ends (CHARGED_PLAN_FINISHED).
    expect((await renewAt(page, new Date(end + 60_000))).failed).toBeGreaterThanOrEqual(1);
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await banner.filter({ hasText: MSG.subscriptionFinishedBanner }).waitFor();
    await page.goto(`${own.url}/b2b/guarantee/register`);
    await page.getByRole('dialog', { name: MSG.noSubscription }).waitFor();
    expect(await page.getByRole('button', { name: '발급하기' }).count()).toBe(0);
    // A session of the moved clock's time (the first one expired on the way).
    const later = await apiToken('brand@demo.test', own.url);
    const bills = await api<{ list: { kind: string; status: string }[] }>(later, 'GET', '/payment/v2/bill?sort=ASC&page=1&pageSize=10', undefined, own.url);
    expect(bills.data.list.filter((x) => x.kind === 'RENEWAL').map((x) => x.status)).toEqual(['fail', 'fail', 'fail']);
  });

  it('auto top-up fires once debits cross the threshold, and the balance box shows the topped-up balance', async () => {
    const page = b.page;
    const email = 'other@demo.test';
    const token = await apiToken(email, own.url);
    expect((await api(token, 'POST', '/payment/v2/method/card', card('4242424242424242'), own.url)).status).toBe(201);
    const account = await api<{ accountIdx: number; balance: number }>(token, 'GET', '/credit/account', undefined, own.url);
    expect((await api(token, 'POST', '/credit/account/charge', { amount: 100_000 }, own.url)).status).toBe(201);
    const charged = account.data.balance + 100_000;
    const config = { accountIdx: account.data.accountIdx, rechargeThreshold: 100_000, rechargeAmount: 300_000, autoRechargeActivated: true };
    expect((await api(token, 'PUT', '/credit/account/config', config, own.url)).status).toBe(200);

    const balance = nav(page).getByTestId('credit-balance');
    const shows = (won: number) => balance.filter({ hasText: `${won.toLocaleString('en-US')}원` }).waitFor();
    // A debit that stays above the threshold: no top-up.
    const first = charged - 110_000;
    await dev('POST', '/credit/debit', { email, amount: first });
    await signIn(page, email, undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    // This brand has not answered the marketing consents: home asks once, as a modal over the menu.
    const consent = page.getByRole('dialog', { name: '마케팅 정보 수신에 동의해 주세요' });
    await consent.getByRole('button', { name: '다시 보지 않기' }).click();
    await consent.waitFor({ state: 'hidden' });
    await shows(110_000);

    // The next one crosses it (110,000 − 20,000 < 100,000): 300,000 more, charged to the card.
    await dev('POST', '/credit/debit', { email, amount: 20_000 });
    await page.reload();
    await shows(390_000);
    const after = await api<{ balance: number; config: { autoRechargeActivated: boolean } }>(token, 'GET', '/credit/account', undefined, own.url);
    expect(after.data).toMatchObject({ balance: 390_000, config: { autoRechargeActivated: true } });
  });
});
