import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { copyDataDir, startServer, type RunningServer } from '../support/server';
import { MESSAGE_MSG } from '../../src/domain/message';
import { seoulToday } from '../../src/domain/seoulDay';
import { api, apiToken, signIn, useBrowser } from './helpers';

/**
 * A one-off message as a new user sends it (issue 25): compose an SMS ad to the customers who
 * accepted marketing, watch the counter turn LMS past 90 bytes and refuse an emoji, test-send it to
 * the admin's phone, send it, and see it SENT with each recipient's result and the balance box
 * take the cost. A server of its own (a copy of the demo's data): its clock is set inside the ad
 * window (PUT /api/dev/clock), whatever the hour the suite runs at; the message job runs every 10 s.
 */
const SECRET = 'e2e-messaging-secret';
const b = useBrowser();
let own: RunningServer;
beforeAll(async () => {
  own = await startServer({ dataDir: copyDataDir(inject('demoDataDir')), env: { MESSAGING_WEBHOOK_SECRET: SECRET } });
  const res = await fetch(`${own.url}/api/dev/clock`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ at: `${seoulToday(Date.now())}T11:00:00+09:00` }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await own.stop();
  fs.rmSync(own.dataDir, { recursive: true, force: true });
});

/** The provider's signed webhook, as it would call it. */
async function webhook(path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const res = await fetch(`${own.url}/api/v1/webhooks/messaging/${path}`, {
    method: 'POST', body: payload,
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}` },
  });
  expect(res.status).toBe(200);
}

const balance = async (page: Page) => Number((await page.getByTestId('credit-balance').innerText()).replace(/\D/g, ''));

describe('one-off messages', () => {
  it('composes an SMS ad to a segment, counts bytes, test-sends, sends, and shows the results and the balance', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '단건 메시지' }).click();
    await page.waitForURL(/\/b2b\/message\/temp$/);
    await page.getByRole('link', { name: '새 메시지 작성' }).click();
    await page.waitForURL(/\/b2b\/message\/temp\/new$/);

    const tag = Date.now().toString(36);
    await page.getByLabel('메시지명').fill(`가을 세일 ${tag}`);
    await page.getByRole('radio', { name: '문자 (SMS/LMS)' }).check();
    const counter = page.getByTestId('message-counter');
    const body = page.getByRole('textbox', { name: '본문', exact: true });
    await body.fill('#{고객명}님 세일');
    await counter.getByText(/바이트 · SMS$/).waitFor();
    // The ad frame counts: a longer body passes 90 bytes and becomes an LMS.
    await body.fill(`#{고객명}님, 가을 세일이 시작됐어요. 전 품목 20% 할인!`);
    await counter.getByText(/ \/ 2000 바이트 · LMS$/).waitFor();
    await body.fill('#{고객명}님 세일 😀');
    await counter.getByRole('alert').getByText(MESSAGE_MSG.notEucKr('😀')).waitFor();
    await body.fill('#{고객명}님, 가을 세일이 시작됐어요.');
    await expect.poll(() => counter.getByRole('alert').count()).toBe(0);
    // The phone preview shows the framed ad with the sample name.
    await page.getByTestId('message-preview-text').getByText(/^\(광고\) 주식회사 데모\n홍길동님, 가을 세일이 시작됐어요\./).waitFor();

    // The segment: customers who accepted marketing (checked by default); the estimate counts them.
    const estimate = page.getByTestId('message-estimate');
    await estimate.getByText(/예상 수신자 [1-9][\d,]*명/).waitFor();
    await page.getByRole('radio', { name: '바로 보내기' }).check();
    await page.getByRole('button', { name: '저장하고 계속' }).click();
    await page.waitForURL(/\/b2b\/message\/temp\/detail\/\d+$/);
    await page.getByTestId('message-status').getByText('작성 중').waitFor();

    const start = await balance(page);
    await page.getByRole('button', { name: '내 휴대폰으로 테스트 발송' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '내 휴대폰으로 테스트 발송' }).click();
    await page.getByText(/010-\*\*\*\*-5678.*테스트 메시지를 보냈어요/).waitFor();
    await expect.poll(() => balance(page)).toBeLessThan(start);
    const afterTest = await balance(page);

    await page.getByRole('button', { name: '발송 예약' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '발송 예약' }).click();
    await page.getByText('발송을 예약했어요').waitFor();
    // The job (every 10 s) sends it; the page asks again every 3 s.
    await expect.poll(() => page.getByTestId('message-status').innerText(), { timeout: 40_000 }).toBe('발송 완료');
    const rows = page.getByTestId('message-recipient');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await rows.first().getByText('성공').waitFor();
    await expect.poll(() => balance(page)).toBeLessThan(afterTest);
  });
  it('registers a 알림톡 template approved by the provider\'s webhook, and holds an ad scheduled at 22:00 to 08:00, telling the admin', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto(`${own.url}/b2b/message/temp/template`);
    await page.getByRole('link', { name: '템플릿 등록' }).click();
    await page.waitForURL(/\/template\/register$/);
    const tag = Date.now().toString(36);
    await page.getByLabel('메시지명').fill(`배송 안내 ${tag}`);
    await page.getByRole('radio', { name: '알림톡' }).check();
    await page.getByRole('textbox', { name: '본문', exact: true }).fill('#{고객명}님, 주문하신 상품이 출발했어요.');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/message\/temp\/template\/\d+$/);
    await page.getByText('검수 요청됨').waitFor();
    const idx = Number(page.url().split('/').pop());
    const template = await api<{ providerCode: string }>(await apiToken('brand@demo.test', own.url), 'GET', `/v1/template/${idx}`, undefined, own.url);
    const code = template.data.providerCode;
    expect(code).toMatch(/^t\d+-\d+$/);
    await webhook('template-review', { templateCode: code, state: 'APPROVED' });
    await page.reload();
    await page.getByText('승인됨').waitFor();
    await page.getByRole('link', { name: '이 템플릿으로 작성' }).waitFor();

    // An SMS ad at 22:00 (the server's clock is 11:00): held to 08:00 the next day, and the page says so.
    await page.goto(`${own.url}/b2b/message/temp/new`);
    await page.getByLabel('메시지명').fill(`밤 광고 ${tag}`);
    await page.getByRole('radio', { name: '문자 (SMS/LMS)' }).check();
    await page.getByRole('textbox', { name: '본문', exact: true }).fill('#{고객명}님 오늘 밤 특가');
    await page.getByLabel('발송 시각', { exact: true }).fill(`${seoulToday(Date.now())}T22:00`);
    await page.getByRole('button', { name: '저장하고 계속' }).click();
    await page.waitForURL(/\/detail\/\d+$/);
    await page.getByRole('button', { name: '발송 예약' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '발송 예약' }).click();
    await page.getByTestId('message-notice').getByText(/광고 메시지는 08:00~20:50에만 보낼 수 있어서 .* 08:00에 보내요/).waitFor();
    await page.getByTestId('message-status').getByText('예약됨').waitFor();
  });

  it('registers an automatic birthday coupon, turns it on after confirming, and shows its day\'s run on the detail', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '자동 메시지' }).click();
    await page.waitForURL(/\/b2b\/message\/auto$/);
    await page.getByRole('link', { name: '자동 메시지 등록' }).click();
    await page.waitForURL(/\/b2b\/message\/auto\/new$/);
    const title = `생일 쿠폰 ${Date.now().toString(36)}`;
    await page.getByLabel('메시지명').fill(title);
    await page.getByRole('radio', { name: '문자 (SMS/LMS)' }).check();
    await page.getByRole('textbox', { name: '본문', exact: true }).fill('#{고객명}님, 생일 축하 쿠폰을 드려요.');
    // The class's rule (spec 3 §5: at most 30 days before the birthday), on the form.
    const day = page.getByLabel('생일 며칠 전에 보낼까요 (0~30일)');
    await day.fill('31');
    await page.getByLabel('쿠폰 제목').fill('1000원 할인 쿠폰');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MESSAGE_MSG.birthdayDayMax).first().waitFor();
    await day.fill('7');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/message\/auto\/detail\/\d+$/);
    await page.getByText('자동 메시지를 저장했어요').waitFor();

    // Turning it on is paid, so it asks first; the day's run (send time 11:00, the server's clock past it) is made by the job.
    await page.getByRole('switch', { name: `${title} 자동 발송` }).click();
    await page.getByRole('dialog').getByText(/켜면 매일 11:00 그날 조건에 맞는 고객에게 보내고/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '켜기' }).click();
    await page.getByText('자동 발송을 켰어요').waitFor();
    const runs = page.getByTestId('auto-batch');
    await expect.poll(() => runs.count(), { timeout: 40_000 }).toBe(1);
    await runs.first().getByText('완료').waitFor({ timeout: 20_000 });
  });

  it('an 080 opt-out (the provider\'s webhook) takes the customer out of the estimate and of the next send', async () => {
    const page = b.page;
    const token = await apiToken('brand@demo.test', own.url);
    // The earlier sends of this file took today's one ad a day of every marketable customer: the cap goes to 10.
    const channel = (await api<{ senderKey: string | null; senderNumber: string | null; optOutNumber: string; contact: string | null }>(token, 'GET', '/v2/message-integration', undefined, own.url)).data;
    const { senderKey, senderNumber, optOutNumber, contact } = channel;
    expect((await api(token, 'PUT', '/v2/message-integration', { senderKey, senderNumber, optOutNumber, contact, frequencyCap: 10 }, own.url)).status).toBe(200);
    const phone = `0107${String(Date.now()).slice(-7)}`;
    expect((await api(token, 'POST', '/v1/admin/customers', { customerName: '수신거부고객', customerPhone: phone, isAgreeMarketing: 'Y' }, own.url)).status).toBe(201);

    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto(`${own.url}/b2b/message/temp/new`);
    await page.getByLabel('메시지명').fill(`수신거부 확인 ${Date.now().toString(36)}`);
    await page.getByRole('radio', { name: '문자 (SMS/LMS)' }).check();
    await page.getByRole('textbox', { name: '본문', exact: true }).fill('#{고객명}님, 주말 특가예요.');
    const estimate = page.getByTestId('message-estimate');
    const shown = async () => Number(/예상 수신자 ([\d,]+)명/.exec(await estimate.innerText())?.[1].replace(/,/g, '') ?? NaN);
    await expect.poll(shown).toBeGreaterThan(0);
    const before = await shown();

    // The customer calls the brand's 080 line; the provider tells us. The estimate asked again counts one fewer.
    await webhook('opt-out', { optOutNumber, phone });
    await page.getByRole('radio', { name: '브랜드 메시지 (텍스트)' }).check();
    await page.getByRole('radio', { name: '문자 (SMS/LMS)' }).check();
    await expect.poll(shown).toBe(before - 1);

    await page.getByRole('radio', { name: '바로 보내기' }).check();
    await page.getByRole('button', { name: '저장하고 계속' }).click();
    await page.waitForURL(/\/b2b\/message\/temp\/detail\/\d+$/);
    const idx = Number(page.url().split('/').pop());
    await page.getByRole('button', { name: '발송 예약' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '발송 예약' }).click();
    await expect.poll(() => page.getByTestId('message-status').innerText(), { timeout: 40_000 }).toBe('발송 완료');
    const recipients = async (n: number) => (await api<{ total: number; list: { phone: string }[] }>(token, 'GET', `/campaign/v1/campaign/${idx}/recipients?page=${n}&pageSize=100`, undefined, own.url)).data;
    const { total } = await recipients(1);
    expect(total).toBe(before - 1);
    // Rows go by customer, and the new customer is the newest: the last page is where it would be.
    expect((await recipients(Math.ceil(total / 100))).list.map((r) => r.phone)).not.toContain(phone);
  });

  it('sends a Brand Message to the holders of one membership who consented to KakaoTalk: test send, SENT, results and the balance', async () => {
    const page = b.page;
    const token = await apiToken('brand@demo.test', own.url);
    const channel = (await api<{ senderKey: string | null; senderNumber: string | null; optOutNumber: string; contact: string | null }>(token, 'GET', '/v2/message-integration', undefined, own.url)).data;
    expect((await api(token, 'PUT', '/v2/message-integration', { ...channel, frequencyCap: 10 }, own.url)).status).toBe(200);
    // A membership held by two customers who accepted marketing (the demo's KakaoTalk consents are theirs).
    const name = `뉴스레터 멤버십 ${Date.now().toString(36)}`;
    const template = await api<{ idx: number }>(token, 'POST', '/v1/admin/membership-template', { nftCardName: name, expireType: 'DAY', expireDays: 365 }, own.url);
    expect(template.status).toBe(201);
    const filter = encodeURIComponent(JSON.stringify({ isAgreeMarketing: 'Y' }));
    const marketable = (await api<{ list: { customerName: string; customerPhone: string }[] }>(token, 'GET', `/v1/admin/customers?page=1&pageSize=10&filterOptions=${filter}`, undefined, own.url)).data.list;
    for (const c of marketable.slice(0, 2)) {
      const issued = await api(token, 'POST', '/v1/admin/membership-nft', { nftTemplateIdx: template.data.idx, ordererName: c.customerName, ordererTel: c.customerPhone }, own.url);
      expect(issued.status).toBe(201);
    }

    await signIn(page, 'brand@demo.test', undefined, own.url);
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto(`${own.url}/b2b/message/temp/new`);
    await page.getByLabel('메시지명').fill(`멤버 소식 ${Date.now().toString(36)}`);
    await page.getByRole('radio', { name: '브랜드 메시지 (텍스트)' }).check();
    await page.getByRole('textbox', { name: '본문', exact: true }).fill('#{고객명}님, 멤버 전용 소식이에요.');
    await page.getByRole('combobox', { name: '멤버십' }).click();
    await page.getByRole('option', { name: '멤버십 보유 고객' }).click();
    await page.getByRole('combobox', { name: '보유한 멤버십' }).click();
    await page.getByRole('option', { name }).click();
    await page.getByTestId('message-estimate').getByText(/예상 수신자 2명/).waitFor();
    await page.getByRole('radio', { name: '바로 보내기' }).check();
    await page.getByRole('button', { name: '저장하고 계속' }).click();
    await page.waitForURL(/\/b2b\/message\/temp\/detail\/\d+$/);

    const start = await balance(page);
    await page.getByRole('button', { name: '내 휴대폰으로 테스트 발송' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '내 휴대폰으로 테스트 발송' }).click();
    await page.getByText(/테스트 메시지를 보냈어요/).waitFor();
    await expect.poll(() => balance(page)).toBeLessThan(start);
    const afterTest = await balance(page);
    await page.getByRole('button', { name: '발송 예약' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '발송 예약' }).click();
    await expect.poll(() => page.getByTestId('message-status').innerText(), { timeout: 40_000 }).toBe('발송 완료');
    const rows = page.getByTestId('message-recipient');
    await expect.poll(() => rows.count()).toBe(2);
    for (const row of await rows.all()) await row.getByText('성공').waitFor();
    await expect.poll(() => balance(page)).toBeLessThan(afterTest);
  });
});
