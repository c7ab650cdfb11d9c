import type { Locator, Page } from 'playwright-core';
import { api, apiToken, baseUrl, signIn, useBrowser } from './helpers';

const b = useBrowser();

/** A real 1×1 PNG, the completion photo (the server checks images by their magic bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A mobile number of this run and test alone, so each test reads only its own messages. */
const phone = (stamp: number, n: number) => `010${String(stamp % 10_000).padStart(4, '0')}${String(8000 + n).slice(-4)}`;

/**
 * A fresh certificate of the demo brand and an A/S request on it through the API (the intake page is
 * afterServiceIntake.e2e's); the demo seed routes it to repair@demo.test or laundry@demo.test.
 */
async function arrangeRequest(token: string, repairType: 'repair' | 'laundry', ordererTel: string, productName: string) {
  const issued = await api<{ idx: number; nftNumber: string }>(token, 'POST', '/v1/admin/nft', { ordererName: '김워크', ordererTel, productName });
  expect(issued.status).toBe(201);
  const created = await api<{ idx: number }>(token, 'POST', '/v1/admin/repair', {
    repairType, nftIdx: issued.data.idx, requestMessage: '손잡이 실밥이 풀렸어요', receiverName: '김워크', receiverPhone: ordererTel,
    receiverZipCode: '04799', receiverAddress1: '서울 성동구 성수이로 1', receiverAddress2: '2층', images: [],
  });
  expect(created.status).toBe(201);
  return { nftIdx: issued.data.idx, nftNumber: issued.data.nftNumber, idx: created.data.idx };
}

/** The A/S 알림톡 the demo's outbox (GET /api/dev/messages) holds for a phone, newest first. */
async function asMessagesTo(to: string): Promise<{ templateCode: string; refType: string | null; refIdx: number | null }[]> {
  const res = await fetch(`${baseUrl()}/api/dev/messages?phone=${to}`);
  const list = ((await res.json()) as { data: { list: { templateCode: string; refType: string | null; refIdx: number | null }[] } }).data.list;
  return list.filter((m) => m.templateCode.startsWith('AS_'));
}

/** Opens a request from the side menu's history (수선 내역 or 세탁 내역) by its certificate number. */
async function openFromHistory(page: Page, menu: '수선 내역' | '세탁 내역', listLabel: string, nftNumber: string, idx: number) {
  await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: menu, exact: true }).click();
  await page.getByRole('table', { name: listLabel }).getByRole('link', { name: nftNumber }).click();
  await page.waitForURL(new RegExp(`/b2b/after-service/(repair|laundry)/${idx}$`));
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const actions = (page: Page) => section(page, '처리');
/** The request's stage: the chip beside the stage buttons. */
const stageIs = (page: Page, label: string) => actions(page).locator('.MuiChip-root').getByText(label, { exact: true }).waitFor();

/** Clicks a stage button of the detail, fills its dialog, submits it, and waits for the request's new stage. */
async function move(page: Page, action: string, reached: string, fill?: (dialog: Locator) => Promise<void>) {
  await actions(page).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await fill?.(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await stageIs(page, reached);
}

async function completeWithPhoto(page: Page, reached = '완료') {
  await move(page, '완료', reached, async (dialog) => {
    await dialog.getByLabel('완료 사진').setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: '사진 1' }).waitFor();
  });
}

describe('the after-service workflow', () => {
  it('the repairer takes a request through every stage with the detail\'s dialogs and a memo; the brand sees it, the customer got each 알림톡, the certificate lists the repair', async () => {
    const page = b.page;
    const stamp = Date.now();
    const customer = phone(stamp, 1);
    const product = `워크플로 가방 ${stamp}`;
    const brandToken = await apiToken();
    const r = await arrangeRequest(brandToken, 'repair', customer, product);

    await signIn(page, 'repair@demo.test');
    await page.waitForURL(/\/b2b\//);
    await openFromHistory(page, '수선 내역', '수선 요청 목록', r.nftNumber, r.idx);
    await stageIs(page, '접수');

    await move(page, '1차 견적', '1차 견적', async (d) => {
      await d.getByLabel('견적 금액 (원)').fill('30000');
      await d.getByLabel('견적 메모').fill('실밥 보강');
    });
    await move(page, '최종 견적', '최종 견적', async (d) => {
      await d.getByLabel('견적 금액 (원)').fill('45000');
    });
    await move(page, '작업 시작', '수선 중');
    await completeWithPhoto(page);
    await move(page, '발송', '발송', async (d) => {
      // The couriers are offered: typing narrows them, a click picks one.
      await d.getByLabel('택배사').fill('대한');
      await page.getByRole('option', { name: 'CJ대한통운' }).click();
      await d.getByLabel('송장 번호').fill('612345678901');
    });
    await actions(page).getByText('지금 할 수 있는 처리가 없어요').waitFor();

    const memo = `포장 두 겹으로 보냈어요 ${stamp}`;
    const panel = page.getByRole('complementary', { name: '메모' });
    await panel.getByLabel('메모 추가').fill(memo);
    await panel.getByRole('button', { name: '메모 추가' }).click();
    await panel.getByRole('list', { name: '메모 목록' }).getByText(memo).waitFor();

    // The brand, in a browser of its own, sees the stage, each step of the timeline and the memo.
    const brandContext = await b.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: 1280, height: 860 } });
    try {
      const brand = await brandContext.newPage();
      await signIn(brand, 'brand@demo.test');
      await brand.waitForURL(/\/b2b\/home$/);
      await openFromHistory(brand, '수선 내역', '수선 요청 목록', r.nftNumber, r.idx);
      await stageIs(brand, '발송');
      const timeline = section(brand, '진행 기록').getByRole('listitem');
      await expect.poll(() => timeline.allInnerTexts()).toHaveLength(6);
      const steps = await timeline.allInnerTexts();
      expect(steps.map((s) => s.split('\n')[0])).toEqual(['접수', '1차 견적', '최종 견적', '수선 중', '완료', '발송']);
      expect(steps[1]).toContain('30,000원');
      expect(steps[5]).toContain('CJ대한통운 · 612345678901');
      await section(brand, '견적').getByRole('img', { name: '사진 1' }).waitFor();
      await brand.getByRole('complementary', { name: '메모' }).getByText(memo).waitFor();
    } finally {
      await brandContext.close();
    }

    // The customer was told of the intake and of each stage, all under the request.
    const told = await asMessagesTo(customer);
    expect(told.map((m) => m.templateCode)).toEqual(['AS_SHIPPING', 'AS_COMPLETE', 'AS_WORKING', 'AS_ESTIMATE', 'AS_PREESTIMATE', 'AS_RECEIVED']);
    expect(told.every((m) => m.refType === 'as_request' && m.refIdx === r.idx)).toBe(true);

    // The public certificate lists the repair by the partner's name.
    const detail = await api<{ certificateUrl: string }>(brandToken, 'GET', `/v1/admin/nft/${r.nftIdx}`);
    await page.goto(new URL(detail.data.certificateUrl).pathname);
    await page.getByText(product).first().waitFor();
    await page.getByRole('listitem').filter({ hasText: '수선 · 데모수선' }).waitFor();
  });

  it('refuses a move the request\'s stage no longer allows, in the dialog and through the API', async () => {
    const page = b.page;
    const stamp = Date.now();
    const brandToken = await apiToken();
    const r = await arrangeRequest(brandToken, 'repair', phone(stamp, 2), `취소될 가방 ${stamp}`);

    await signIn(page, 'repair@demo.test');
    await page.waitForURL(/\/b2b\//);
    await page.goto(`/b2b/after-service/repair/${r.idx}`);
    await actions(page).getByRole('button', { name: '작업 시작', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '작업 시작' });
    await dialog.getByText('작업을 시작할까요?', { exact: false }).waitFor();
    // Meanwhile the brand cancels the request (it may while the request is open).
    const canceled = await api(brandToken, 'PATCH', `/v1/admin/repair/cancel/${r.idx}`, { reason: '고객이 취소했어요' });
    expect(canceled.status).toBe(200);
    await dialog.getByRole('button', { name: '작업 시작', exact: true }).click();
    await dialog.getByRole('alert').getByText('취소 상태에서는 처리할 수 없어요').waitFor();
    await dialog.getByRole('button', { name: '취소', exact: true }).click();

    // Reopened, the request offers nothing; the API refuses the move with 409 and the Korean message.
    await page.reload();
    await actions(page).getByText('지금 할 수 있는 처리가 없어요').waitFor();
    const res = await fetch(`${baseUrl()}/api/v1/admin/repair/${r.idx}/working`, { method: 'PATCH', headers: { authorization: `Bearer ${await apiToken('repair@demo.test')}` } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: '취소 상태에서는 처리할 수 없어요' });
  });

  it('the launderer washes a laundry request and completes it with a photo', async () => {
    const page = b.page;
    const stamp = Date.now();
    const brandToken = await apiToken();
    const r = await arrangeRequest(brandToken, 'laundry', phone(stamp, 3), `세탁 코트 ${stamp}`);

    await signIn(page, 'laundry@demo.test');
    await page.waitForURL(/\/b2b\//);
    await openFromHistory(page, '세탁 내역', '세탁 요청 목록', r.nftNumber, r.idx);
    await move(page, '작업 시작', '세탁 중');
    await completeWithPhoto(page);
    await section(page, '견적').getByRole('img', { name: '사진 1' }).waitFor();
    await expect.poll(async () => (await asMessagesTo(phone(stamp, 3))).map((m) => m.templateCode)).toEqual(['AS_COMPLETE', 'AS_WASHING', 'AS_RECEIVED']);
  });
});
