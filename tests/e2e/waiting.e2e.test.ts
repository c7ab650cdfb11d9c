import type { Browser, Page } from 'playwright-core';
import { api, apiToken, baseUrl, signIn, useBrowser } from './helpers';
import { axeFindings, withAxe, withoutMotion } from './a11y/walk';
import { addDays, seoulToday } from '../../src/domain/seoulDay';
import { CALL_CONFIRM_MS } from '../../src/domain/waiting';

/**
 * Waiting (issue 26): an event; three guests register on their phones (390 px) from its QR link;
 * staff at the counter (768 px) call and seat two; the third does not confirm and is cancelled by the
 * no-show job once the demo clock has moved past 3 minutes, with the 알림톡 in the outbox; the
 * channel dashboard's numbers move.
 */
const b = useBrowser();
// The server's clock back to the real time, whatever the test left (this worker's files run one at a time).
afterEach(() => dev('PUT', '/clock', { at: null }));

async function dev<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/dev${path}`, {
    method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
async function messagesTo(phone: string): Promise<{ templateCode: string; channel: string; variables: Record<string, string> }[]> {
  const res = await fetch(`${baseUrl()}/api/dev/messages?phone=${phone}`);
  return ((await res.json()) as { data: { list: { templateCode: string; channel: string; variables: Record<string, string> }[] } }).data.list;
}
async function waitingApi<T>(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api/waiting${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

/** A guest on a phone: signs in by the texted code, picks the party size, agrees, registers; answers the page. */
async function registerGuest(browser: Browser, link: string, phone: string, party: number, checkAxe: boolean): Promise<Page> {
  // Each guest on a phone of their own (their own storage, so their own session).
  const phoneContext = await browser.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  phoneContext.setDefaultTimeout(30_000);
  const page = await phoneContext.newPage();
  if (checkAxe) {
    await withAxe(page);
    await withoutMotion(page);
  }
  await page.goto(link);
  await page.getByRole('heading', { name: /E2E 웨이팅/ }).waitFor();
  if (checkAxe) expect(await axeFindings(page, 'waiting sign-in @390px')).toEqual([]);
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  let code: string | undefined;
  await expect.poll(async () => (code = (await messagesTo(phone)).find((m) => m.templateCode === 'LOUNGE_OTP')?.variables.code), { timeout: 20_000 }).toBeTruthy();
  await page.getByLabel('인증번호 6자리').fill(code!);
  await page.getByRole('button', { name: '확인' }).click();
  await page.getByRole('heading', { name: '웨이팅 등록' }).waitFor();
  for (let n = 2; n < party; n++) await page.getByRole('button', { name: '인원 늘리기' }).click();
  await expect.poll(() => page.getByTestId('party-size').textContent()).toBe(`${party}명`);
  if (checkAxe) expect(await axeFindings(page, 'waiting register @390px')).toEqual([]);
  // The privacy consent is required: the page says so before anything is sent.
  await page.getByRole('button', { name: '웨이팅 등록하기' }).click();
  await page.getByRole('alert').filter({ hasText: '개인정보 수집·이용에 동의해 주세요' }).waitFor();
  await page.getByRole('checkbox', { name: /\[필수\]/ }).check();
  await page.getByRole('checkbox', { name: /\[선택\]/ }).check();
  await page.getByRole('button', { name: '웨이팅 등록하기' }).click();
  await page.getByTestId('ticket-no').waitFor();
  if (checkAxe) expect(await axeFindings(page, 'waiting place @390px')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return page;
}

describe('waiting', () => {
  it('three guests register at 390 px, staff call and seat two at 768 px, the third is cancelled after the timeout and told; the dashboard moves', async () => {
    const token = await apiToken();
    const stamp = Date.now();
    const today = seoulToday(new Date());
    const event = await waitingApi<{ idx: number; status: string }>(token, 'POST', '/v1/waiting', {
      name: `E2E 웨이팅 ${stamp.toString(36)}`, startAt: addDays(today, -1), endAt: addDays(today, 1), address: '서울 성동구 연무장길 1',
      mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', startTime: 0, endTime: 1440, maxGuests: 4,
    });
    expect(event.status).toBe(201);
    expect(event.data.status).toBe('progress');
    const before = await api<{ accumulation: { visitor: number } }>(token, 'GET', '/statistics/v1/statistics');

    // The console at the counter (768 px): the event is listed in progress; its queue screen gives the QR link.
    const staff = b.page;
    await staff.setViewportSize({ width: 768, height: 1024 });
    await signIn(staff, 'brand@demo.test');
    await staff.waitForURL(/\/b2b\/home$/);
    await staff.goto('/b2b/store/waiting');
    const row = staff.locator('tbody tr').filter({ hasText: `E2E 웨이팅 ${stamp.toString(36)}` });
    await row.getByText('진행 중').waitFor();
    await row.getByRole('link', { name: '방문 유도하기' }).waitFor();
    await staff.goto(`/b2b/store/waiting/${event.data.idx}`);
    await staff.getByText('대기 중인 손님이 없어요').waitFor();
    const link = (await staff.getByTestId('guest-link').textContent())!.trim();
    expect(link).toMatch(/\/waiting\/[a-z0-9]{12}\/\d+$/);
    await staff.getByRole('img', { name: '손님 등록 QR 코드' }).waitFor();

    const guests: Page[] = [];
    try {
      const phones = [0, 1, 2].map((i) => `0106${String((stamp + i) % 10_000_000).padStart(7, '0')}`);
      for (const [i, phone] of phones.entries()) guests.push(await registerGuest(b.context.browser()!, new URL(link).pathname, phone, i + 2, i === 0));
      await expect.poll(() => guests[2].getByTestId('my-position').textContent()).toBe('3번째');

      // Staff see the three in order (the screen refreshes by itself) and work the list with its large buttons.
      const entries = staff.getByTestId('waiting-entry');
      await expect.poll(() => entries.count(), { timeout: 20_000 }).toBe(3);
      const callButton = entries.nth(0).getByRole('button', { name: /호출$/ });
      expect((await callButton.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

      // Guest 1: called, confirms on the phone, seated.
      await callButton.click();
      await guests[0].getByText('입장 순서예요!').waitFor();
      await guests[0].getByRole('button', { name: '확인했어요, 갈게요' }).click();
      await guests[0].getByText('확인했어요. 매장으로 와 주세요').waitFor();
      await entries.nth(0).getByText('손님 확인').waitFor();
      await entries.nth(0).getByRole('button', { name: /입장$/ }).click();
      await guests[0].getByText('입장했어요. 즐거운 시간 보내세요').waitFor();
      await expect.poll(() => guests[2].getByTestId('my-position').textContent(), { timeout: 20_000 }).toBe('2번째');

      // Guest 2: called and seated.
      await expect.poll(() => entries.count()).toBe(2);
      await entries.nth(0).getByRole('button', { name: /호출$/ }).click();
      await guests[1].getByText('입장 순서예요!').waitFor();
      await entries.nth(0).getByRole('button', { name: /입장$/ }).click();
      await guests[1].getByText('입장했어요. 즐거운 시간 보내세요').waitFor();

      // Guest 3: called, never confirms; past 3 minutes (the demo clock), the no-show job cancels and tells them.
      await expect.poll(() => entries.count()).toBe(1);
      await entries.nth(0).getByRole('button', { name: /호출$/ }).click();
      await guests[2].getByText('입장 순서예요!').waitFor();
      expect((await messagesTo(phones[2])).map((m) => m.templateCode)).toContain('WAITING_CALLED');
      const now = (await dev<{ now: string }>('PUT', '/clock', { at: new Date(Date.now() + CALL_CONFIRM_MS + 60_000).toISOString() })).now;
      expect(now).toBeTruthy();
      expect((await dev<{ cancelled: number }>('POST', '/jobs/waiting-no-shows')).cancelled).toBeGreaterThanOrEqual(1);
      await guests[2].getByText('호출 후 확인이나 입장이 없어 웨이팅이 취소되었어요').waitFor();
      const told = (await messagesTo(phones[2])).find((m) => m.templateCode === 'WAITING_NO_SHOW');
      expect(told).toMatchObject({ channel: 'ALIMTALK' });
      expect(told!.variables.text).toContain('취소되었어요');
      await staff.getByText('대기 중인 손님이 없어요').waitFor();
      await staff.getByRole('tab', { name: /취소 1/ }).click();
      await staff.getByText('미입장 자동 취소').waitFor();
      await staff.getByRole('tab', { name: /입장 완료 2/ }).click();
      await expect.poll(() => staff.url()).toContain('status=entered');
      await expect.poll(() => entries.count()).toBe(2);
    } finally {
      for (const g of guests) await g.context().close();
    }

    // The channel dashboard: two more visitors, this event's figures.
    await staff.setViewportSize({ width: 1280, height: 860 });
    await staff.goto('/b2b/dashboard/channel');
    const visitors = staff.getByRole('region', { name: '누적 방문자' });
    await expect.poll(() => visitors.textContent()).toContain(`${(before.data.accumulation.visitor + 2).toLocaleString('ko-KR')}명`);
    const stats = staff.getByRole('region', { name: '입장 통계' });
    await stats.getByRole('combobox').click();
    await staff.getByRole('option', { name: `E2E 웨이팅 ${stamp.toString(36)}` }).click();
    await expect.poll(() => stats.textContent()).toMatch(/입장\s*2명/);
  }, 180_000);
});
