import { inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';

export const DEMO_PASSWORD = 'demo1234!';
/** This worker's server (tests/e2e/globalSetup.ts): VITEST_POOL_ID numbers the workers from 1. */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

/** One browser per test file, a fresh context (empty storage) per test. */
export function useBrowser() {
  const state: { browser?: Browser; context?: BrowserContext; page?: Page } = {};
  beforeAll(async () => {
    state.browser = await launchChromium();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    state.context = await state.browser!.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: 1280, height: 860 } });
    // A ceiling for each wait on a condition, not a wait: with a second suite beside it, a search's
    // round trip to the e2e server once took over 10 s (guarantee.e2e's status filter).
    state.context.setDefaultTimeout(30_000);
    state.page = await state.context.newPage();
  });
  afterEach(async () => {
    await state.context?.close();
  });
  return {
    get page() {
      return state.page!;
    },
    get context() {
      return state.context!;
    },
  };
}

/** The accessible names of the sidebar's links. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: '사이드 메뉴' });
  // Every demo role has the dashboard; waiting for it means the identity has loaded.
  await nav.getByRole('link', { name: '대시보드', exact: true }).waitFor();
  const names = await nav.getByRole('link').evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()));
  return names;
}

/**
 * `page.goto`, again when a navigation the page began itself (its session just expired under a
 * moved clock, so it heads for the sign-in page) aborted or interrupted ours; at most three tries.
 * It waits for the document, not for every font and image (`load`): the caller waits for the
 * fields it uses, and on a busy machine `load` alone met the 30 s navigation limit.
 */
async function gotoPast(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return;
    } catch (error) {
      if (attempt === 3 || !/ERR_ABORTED|interrupted by another navigation/.test((error as Error).message)) throw error;
    }
  }
}

/**
 * Signs in on the e2e server, or on `origin` (a server a test started for itself), landing on
 * `returnTo` when given (the sign-in page's `url=`) instead of home.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = '', returnTo?: string) {
  await gotoPast(page, `${origin}/auth/login${returnTo ? `?url=${encodeURIComponent(returnTo)}` : ''}`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

/** The newest mail the local outbox holds for an address. */
export async function latestMail(to: string): Promise<{ subject: string; text: string; html: string | null }> {
  const res = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { data: { list: { subject: string; text: string; html: string | null }[] } };
  const mail = body.data.list[0];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

export function firstLink(text: string): string {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[0];
}

/** A bearer token of a demo account, for arranging and checking data through the API beside the browser. */
export async function apiToken(email = 'brand@demo.test', origin = baseUrl()): Promise<string> {
  const res = await fetch(`${origin}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** One call of the partner API (main base) with a token: the status, the data and the error code. */
export async function api<T>(token: string, method: string, path: string, body?: unknown, origin = baseUrl()): Promise<{ status: number; data: T; code?: string }> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; code?: string };
  return { status: res.status, data: json.data, code: json.code };
}

/** Types a card into the add-card dialog as a user does: each field's focus moves on by itself, Enter submits. */
export async function typeCard(page: Page, dialog: Locator, number: string, paymentEmail = 'pay@demo.test') {
  await dialog.getByLabel('카드 번호 1번째 4자리').click();
  await page.keyboard.type(number.replace(/\s/g, ''));
  await dialog.getByLabel('유효기간 월 (MM)').click();
  await page.keyboard.type('1230');
  await dialog.getByLabel('카드 비밀번호 앞 2자리').click();
  await page.keyboard.type('12900101');
  const email = dialog.getByLabel('결제 알림 이메일');
  if (await email.isVisible()) await email.fill(paymentEmail);
  await page.keyboard.press('Enter');
}
