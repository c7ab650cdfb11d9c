import type { Locator, Page } from 'playwright-core';
import { useBrowser, signIn, apiToken, api } from './helpers';
import { seoulDate } from '../../src/domain/seoulDay';

const b = useBrowser();

const table = (page: Page) => page.getByRole('table', { name: '보증서 목록' });
const total = (page: Page) => page.getByText(/^총 [\d,]+건$/);
const panel = (page: Page) => page.getByRole('search', { name: '검색 조건' });
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });

/** A unique Korean mobile number per run and suffix. */
function phone(stamp: number, n: number): string {
  return `010${String((stamp + n) % 10_000).padStart(4, '0')}${String(1000 + n).slice(-4)}`;
}

async function search(page: Page, type: '전체' | '주문자명' | '연락처' | '상품명' | '보증서 번호' | '주문번호', text: string) {
  const p = panel(page);
  await p.getByRole('combobox', { name: '검색 유형' }).selectOption({ label: type });
  await p.getByRole('textbox', { name: '검색어' }).fill(text);
  await p.getByRole('button', { name: '검색', exact: true }).click();
}

const rowOf = (page: Page, text: string): Locator => table(page).getByRole('row').filter({ hasText: text });

async function expectTotal(page: Page, text: string) {
  await expect.poll(() => total(page).textContent()).toBe(text);
}

describe('guarantees', () => {
  it('issues one guarantee from the register form and opens its public certificate from the detail', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);

    await nav(page).getByRole('link', { name: '보증서 발급', exact: true }).click();
    await page.waitForURL(/\/b2b\/guarantee\/publish$/);
    await page.getByRole('link', { name: /개별 발급/ }).click();
    await page.waitForURL(/\/b2b\/guarantee\/register$/);

    const stamp = Date.now();
    const productName = `E2E 보증 토트백 ${stamp.toString(36).toUpperCase()}`;
    await page.getByLabel('주문자명').fill('김보증');
    const tel = page.getByLabel('연락처');
    await tel.pressSequentially(phone(stamp, 1));
    expect(await tel.inputValue()).toMatch(/^010-\d{4}-\d{4}$/);
    await page.getByRole('textbox', { name: '상품명', exact: true }).fill(productName);
    const price = page.getByLabel('판매가');
    await price.pressSequentially('890000');
    expect(await price.inputValue()).toBe('890,000');
    await page.getByLabel('주문번호').fill(`E2E-${stamp}`);
    await page.getByRole('button', { name: '발급하기' }).click();

    await page.waitForURL(/\/b2b\/guarantee\/\d+$/);
    await page.getByText('보증서를 발급했어요').first().waitFor();
    await page.getByText(productName).waitFor();
    await page.getByText('890,000원').waitFor();
    await page.getByText('발급 완료').first().waitFor();
    // The QR code decodes as an image.
    const qr = page.getByRole('img', { name: '보증서 QR 코드' });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const link = page.getByRole('link', { name: '보증서 보기 (새 창)' });
    expect(await link.textContent()).toBe('보증서 보기');
    expect(await link.getAttribute('target')).toBe('_blank');
    const [certificate] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await certificate.waitForLoadState();
    expect(new URL(certificate.url()).pathname).toMatch(/^\/certificate\/[\w-]+$/);
    await certificate.getByText(productName).first().waitFor();
    await certificate.getByText('발급', { exact: true }).first().waitFor();

    await certificate.close();

    // A use is recorded and listed; then the orderer's name is edited.
    await page.getByRole('button', { name: '사용 처리' }).click();
    const useDialog = page.getByRole('dialog', { name: '보증서 사용 처리' });
    await useDialog.getByLabel('메모').fill('매장 수선 접수');
    await useDialog.getByRole('button', { name: '사용 처리' }).click();
    await page.getByText('사용 처리했어요').first().waitFor();
    await page.getByRole('cell', { name: '매장 수선 접수' }).waitFor();
    await page.getByRole('link', { name: '수정' }).click();
    await page.waitForURL(/\/b2b\/guarantee\/edit\/\d+$/);
    const name = page.getByLabel('주문자명');
    expect(await name.inputValue()).toBe('김보증');
    expect(await page.getByLabel('연락처').inputValue()).toMatch(/^010-\d{4}-\d{4}$/);
    await name.fill('김수정');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/guarantee\/\d+$/);
    await page.getByText('보증서를 저장했어요').first().waitFor();
    await page.getByText('김수정').waitFor();

    // The new certificate is in the history (the list refreshes when shown).
    await page.goto('/b2b/guarantee');
    await search(page, '주문번호', `E2E-${stamp}`);
    await expectTotal(page, '총 1건');
    await rowOf(page, productName).getByText('개별 발급').waitFor();
  });

  it('filters the history by phone, status, store, issue type and date range', async () => {
    const token = await apiToken();
    const stamp = Date.now();
    const order = `F${stamp}`;
    const stores = (await api<{ list: { idx: number; name: string }[] }>(token, 'GET', '/v1/admin/store/list')).data.list;
    expect(stores.length).toBeGreaterThanOrEqual(2);
    const [s1, s2] = stores as [{ idx: number; name: string }, { idx: number; name: string }];
    const p1 = phone(stamp, 11);
    const issue = (n: number, tel: string, storeIdx: number) =>
      api<{ idx: number; createdAt: string }>(token, 'POST', '/v1/admin/nft', { ordererName: `필터고객${n}`, ordererTel: tel, productName: `E2E 필터 상품 ${n}`, refOrderId: `${order}-${n}`, storeIdx });
    const a = await issue(1, p1, s1.idx);
    const c = await issue(2, p1, s1.idx);
    expect([a.status, c.status]).toEqual([201, 201]);
    const bulk = await api<{ list: { idx: number }[] }>(token, 'POST', '/v1/admin/nft/bulk', {
      batchKey: `e2e-filter-${stamp}`,
      rows: [{ ordererName: '필터고객3', ordererTel: phone(stamp, 13), productName: 'E2E 필터 상품 3', refOrderId: `${order}-3`, storeIdx: s2.idx }],
    });
    expect(bulk.status).toBe(201);
    expect((await api(token, 'PATCH', `/v1/admin/nft/cancel/${c.data.idx}`, {})).status).toBe(200);

    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await nav(page).getByRole('link', { name: '보증서 발급 내역' }).click();
    await page.waitForURL(/\/b2b\/guarantee$/);
    await total(page).waitFor();

    // The demo data (server/seed/guarantees.ts): a seeded customer by phone, and "발급 완료" also lists
    // the certificates being transferred (이전 중).
    await search(page, '연락처', '010-2345-6701');
    await rowOf(page, '김민준').first().waitFor();
    // Only the header row lacks the name once the search has landed.
    await expect.poll(() => table(page).getByRole('row').filter({ hasNotText: '김민준' }).count()).toBe(1);
    // A status chosen while the cleared search lands stays chosen (the panel's draft).
    await search(page, '전체', '');
    const issued = panel(page).getByRole('radio', { name: '발급 완료', exact: true });
    await issued.check();
    await expect.poll(() => issued.isChecked()).toBe(true);
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/nftStatus=3/);
    await table(page).getByText('이전 중').first().waitFor();
    await expect.poll(() => table(page).getByText('발급 대기').count()).toBe(0);
    const chips = await table(page).locator('tbody tr td:nth-child(3)').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.every((c) => c === '발급 완료' || c === '이전 중')).toBe(true);
    await panel(page).getByRole('radio', { name: '전체', exact: true }).check();

    // By phone (typed with dashes).
    await search(page, '연락처', `${p1.slice(0, 3)}-${p1.slice(3, 7)}-${p1.slice(7)}`);
    await expectTotal(page, '총 2건');
    expect(new URL(page.url()).searchParams.get('searchType')).toBe('ordererTel');
    await rowOf(page, 'E2E 필터 상품 1').waitFor();

    // The three of this run by order number, then each status.
    await search(page, '주문번호', order);
    await expectTotal(page, '총 3건');
    const status = async (label: string) => {
      await panel(page).getByRole('radio', { name: label, exact: true }).check();
      await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    };
    await status('발급 완료');
    await expectTotal(page, '총 1건');
    expect(new URL(page.url()).searchParams.get('nftStatus')).toBe('3');
    await rowOf(page, 'E2E 필터 상품 1').waitFor();
    await status('발급 취소');
    await expectTotal(page, '총 1건');
    await rowOf(page, 'E2E 필터 상품 2').waitFor();
    await status('발급 대기');
    await expectTotal(page, '총 1건');
    await rowOf(page, 'E2E 필터 상품 3').waitFor();
    await status('전체');
    await expectTotal(page, '총 3건');

    // By store.
    await panel(page).getByRole('combobox', { name: '매장' }).selectOption({ label: s2.name });
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expectTotal(page, '총 1건');
    await rowOf(page, 'E2E 필터 상품 3').getByText(s2.name).waitFor();
    await panel(page).getByRole('combobox', { name: '매장' }).selectOption({ label: '전체' });

    // By issue type.
    await panel(page).getByRole('checkbox', { name: '대량 발급' }).check();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expectTotal(page, '총 1건');
    expect(new URL(page.url()).searchParams.get('requestRoute')).toBe('excel');
    await panel(page).getByRole('checkbox', { name: '개별 발급' }).check();
    await panel(page).getByRole('checkbox', { name: '대량 발급' }).uncheck();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expectTotal(page, '총 2건');
    await panel(page).getByRole('checkbox', { name: '개별 발급' }).uncheck();

    // By date: today has them, a past month has none.
    await panel(page).getByRole('button', { name: '오늘' }).click();
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expectTotal(page, '총 3건');
    // Today is the Seoul day of the guarantees just issued, whatever this browser's zone (issue 9 B16).
    expect(new URL(page.url()).searchParams.get('startDate')).toBe(seoulDate(a.data.createdAt));
    await panel(page).getByLabel('시작일').fill('2020-01-01');
    await panel(page).getByLabel('종료일').fill('2020-01-31');
    await panel(page).getByRole('button', { name: '검색', exact: true }).click();
    await expectTotal(page, '총 0건');
    expect(new URL(page.url()).searchParams.get('endDate')).toBe('2020-01-31');

    // 초기화 drops every filter.
    await panel(page).getByRole('button', { name: '초기화' }).click();
    await page.waitForURL(/\/b2b\/guarantee$/);
  });

  it('completes, refuses, cancels and deletes selected certificates after the confirmations', async () => {
    const token = await apiToken();
    const stamp = Date.now();
    const order = `B${stamp}`;
    const bulk = await api<{ list: { idx: number }[] }>(token, 'POST', '/v1/admin/nft/bulk', {
      batchKey: `e2e-bulk-${stamp}`,
      rows: [1, 2, 3].map((n) => ({ ordererName: `일괄고객${n}`, ordererTel: phone(stamp, 20 + n), productName: `E2E 일괄 상품 ${n}`, refOrderId: `${order}-${n}` })),
    });
    expect(bulk.status).toBe(201);

    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/guarantee');
    await search(page, '주문번호', order);
    await expectTotal(page, '총 3건');
    const select = async (...names: string[]) => {
      for (const n of names) await rowOf(page, n).getByRole('checkbox').check();
    };
    const confirm = async (button: string, expected: string) => {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(expected).waitFor();
      await dialog.getByRole('button', { name: button, exact: true }).click();
    };

    // Complete two waiting ones.
    await select('E2E 일괄 상품 1', 'E2E 일괄 상품 2');
    await confirm('발급 완료', '선택한 2개 보증서를 발급할까요?');
    await page.getByText('보증서를 발급했어요').first().waitFor();
    await rowOf(page, 'E2E 일괄 상품 1').getByText('발급 완료').waitFor();
    await rowOf(page, 'E2E 일괄 상품 2').getByText('발급 완료').waitFor();
    await rowOf(page, 'E2E 일괄 상품 3').getByText('발급 대기').waitFor();

    // Deleting an issued one with a waiting one is refused as a whole: the dialog names it, nothing changes.
    await select('E2E 일괄 상품 1', 'E2E 일괄 상품 3');
    await confirm('삭제', '선택한 2개 보증서를 삭제할까요?');
    const refused = page.getByRole('dialog', { name: '처리할 수 없는 보증서가 있어요' });
    await refused.getByText(/발급 완료 상태에서는 처리할 수 없어요/).waitFor();
    await refused.getByRole('button', { name: '확인' }).click();
    await expectTotal(page, '총 3건');
    await rowOf(page, 'E2E 일괄 상품 3').getByText('발급 대기').waitFor();
    await rowOf(page, 'E2E 일괄 상품 3').getByRole('checkbox').uncheck();

    // Cancel the issued one still selected and the other issued one.
    await select('E2E 일괄 상품 2');
    await confirm('발급 취소', '선택한 2개 보증서의 발급을 취소할까요?');
    await page.getByText('보증서 발급을 취소했어요').first().waitFor();
    await rowOf(page, 'E2E 일괄 상품 1').getByText('발급 취소').waitFor();
    await rowOf(page, 'E2E 일괄 상품 2').getByText('발급 취소').waitFor();

    // Delete all three (cancelled ones are removed, the waiting one becomes "deleted while waiting").
    await select('E2E 일괄 상품 1', 'E2E 일괄 상품 2', 'E2E 일괄 상품 3');
    await confirm('삭제', '선택한 3개 보증서를 삭제할까요?');
    await page.getByText('보증서를 삭제했어요').first().waitFor();
    await expectTotal(page, '총 1건');
    await rowOf(page, 'E2E 일괄 상품 3').getByText('대기 취소').waitFor();
  });

  it('refuses issuing on a finished trial at the route, with the trial-finished modal and no form', async () => {
    const token = await apiToken('expired@demo.test');
    const refused = await api(token, 'POST', '/v1/admin/nft', { ordererName: '김체험', ordererTel: '01012341234', productName: '체험 데일리 백' });
    expect([refused.status, refused.code]).toEqual([403, 'TRIAL_FINISHED']);

    const page = b.page;
    await signIn(page, 'expired@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/guarantee/register');
    const modal = page.getByRole('dialog', { name: '체험 기간이 종료되어 서비스 이용이 제한돼요' });
    await modal.waitFor();
    expect(new URL(page.url()).pathname).toBe('/b2b/guarantee/register');
    expect(await page.getByLabel('주문자명').count()).toBe(0);
    expect(await page.getByRole('button', { name: '발급하기' }).count()).toBe(0);
    await modal.getByRole('button', { name: '요금제 업그레이드' }).click();
    await page.waitForURL(/\/b2b\/payment\/subscribe$/);
  });
});
