import type { Page } from 'playwright-core';
import { asPhoneText } from '../../src/domain/afterService';
import { api, apiToken, baseUrl, signIn, useBrowser } from './helpers';

const b = useBrowser();

/** A real 1×1 PNG, the intake's photos. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `photo${i}.png`, mimeType: 'image/png', buffer: PNG }));

/** A unique mobile number per run and suffix. */
const phone = (stamp: number, n: number) => `010${String(stamp % 10_000).padStart(4, '0')}${String(7000 + n).slice(-4)}`;

/** The local provider's messages to a phone (the demo's outbox, GET /api/dev/messages), newest first. */
async function messagesTo(to: string): Promise<{ templateCode: string; refType: string | null; refIdx: number | null }[]> {
  const res = await fetch(`${baseUrl()}/api/dev/messages?phone=${to}`);
  return ((await res.json()) as { data: { list: { templateCode: string; refType: string | null; refIdx: number | null }[] } }).data.list;
}

async function fillRequest(page: Page, content: string) {
  await page.getByLabel('첨부할 사진 파일').setInputFiles(photos(2));
  await page.getByText('2 / 6').waitFor();
  await page.getByLabel('요청 내용').fill(content);
  await page.getByLabel('우편번호', { exact: true }).fill('04799');
  await page.getByLabel('주소', { exact: true }).fill('서울 성동구 성수이로 1');
  await page.getByLabel('상세 주소').fill('2층');
}

async function submit(page: Page) {
  await page.getByRole('button', { name: '접수 완료' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
  await page.getByText('A/S 접수 완료되었어요').waitFor();
  await page.waitForURL(/\/b2b\/after-service\/repair$/);
}

describe('the admin A/S intake', () => {
  it('takes a request from a certificate\'s detail page, and one without a certificate, each with photos and a typed address', async () => {
    const page = b.page;
    const token = await apiToken();
    const stamp = Date.now();
    const withPhone = phone(stamp, 1);
    const issued = await api<{ idx: number; nftNumber: string }>(token, 'POST', '/v1/admin/nft', { ordererName: '김수선', ordererTel: withPhone, productName: `A/S 가방 ${stamp}` });
    expect(issued.status).toBe(201);

    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto(`/b2b/guarantee/${issued.data.idx}`);
    await page.getByRole('link', { name: 'A/S 접수' }).click();
    await page.waitForURL((url) => url.pathname === '/b2b/after-service/request' && url.searchParams.get('guaranteeIdx') === String(issued.data.idx));
    await page.getByLabel('선택한 보증서').filter({ hasText: issued.data.nftNumber }).waitFor();
    // The orderer is the default receiver, the phone in its display form.
    await expect.poll(() => page.getByLabel('받는 분 연락처').inputValue()).toBe(asPhoneText(withPhone));
    await fillRequest(page, '손잡이가 떨어졌어요');
    await submit(page);
    // The repair history is another slice's page: the request is checked by its 알림톡 to the orderer.
    await expect.poll(async () => (await messagesTo(withPhone)).map((m) => m.templateCode)).toEqual(['AS_RECEIVED', 'GUARANTEE_ISSUED']);

    const withoutPhone = phone(stamp, 2);
    await page.goto('/b2b/after-service/request');
    // A request with changes not saved asks before the page is left (issue 23 #16).
    await page.getByLabel('요청 내용').fill('임시 메모');
    await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '홈', exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '작업을 중단하고 다른 페이지로 이동할까요?' });
    await ask.getByRole('button', { name: '아니요' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/b2b/after-service/request');
    await page.getByLabel('디지털 보증서 없음').check();
    await page.getByLabel('주문자명').fill('박무보증');
    await page.getByLabel('주문자 연락처').fill(withoutPhone);
    await page.getByRole('button', { name: '직접 입력' }).click();
    await page.getByLabel('상품명').fill(`보증서 없는 가방 ${stamp}`);
    await page.getByLabel('받는 분 이름').fill('박무보증');
    await page.getByLabel('받는 분 연락처').fill('(010)1234-5678');
    await fillRequest(page, '지퍼 교체');
    await submit(page);
    // The certificate made for it waits as an issue request (1) and told the customer nothing; the request did.
    await expect.poll(async () => (await messagesTo(withoutPhone)).map((m) => m.templateCode)).toEqual(['AS_RECEIVED']);
    const holders = await api<{ list: { nftStatus: number; productName: string }[] }>(token, 'GET', `/v1/admin/nft?search=all&keyword=${withoutPhone}&nftStatus=1`);
    expect(holders.data.list).toEqual([expect.objectContaining({ nftStatus: 1, productName: `보증서 없는 가방 ${stamp}` })]);
  });
});
