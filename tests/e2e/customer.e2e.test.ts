import type { Page } from 'playwright-core';
import { baseUrl, signIn, useBrowser, apiToken, api } from './helpers';

const b = useBrowser();

const table = (page: Page) => page.getByRole('table', { name: '고객 목록' });
const panel = (page: Page) => page.getByRole('search', { name: '검색 조건' });
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
const highlighted = (page: Page) => nav(page).locator('a[aria-current="page"]');

/** A unique Korean mobile number per run and suffix: 010 + 4 digits of the run + 4 of the suffix. */
function phone(stamp: number, n: number): string {
  return `010${String(stamp % 10_000).padStart(4, '0')}${String(5000 + n).slice(-4)}`;
}

async function search(page: Page, target: '전체' | '이름' | '연락처' | '이메일', text: string) {
  await panel(page).getByRole('combobox', { name: '검색 유형' }).selectOption({ label: target });
  const field = panel(page).getByRole('textbox', { name: '검색어' });
  await field.fill(text);
  const before = page.url();
  await field.press('Enter');
  // The search lands in the URL; a click before it does (a row of the list shown until then) would be undone by it.
  await page.waitForURL((url) => url.href !== before && url.searchParams.has('searchKeyword'));
}

const names = (page: Page) => table(page).locator('tbody tr td:first-child a').allTextContents();

async function openList(page: Page) {
  await signIn(page, 'brand@demo.test');
  await page.waitForURL(/\/b2b\/home$/);
  await nav(page).getByRole('link', { name: '고객 리스트' }).click();
  await page.waitForURL(/\/b2b\/customer$/);
  await page.getByRole('heading', { name: '고객 리스트', level: 1 }).waitFor();
}

describe('customers', () => {
  it('finds customers by a partial phone and by several comma-separated names; the column choice survives a reload', async () => {
    const page = b.page;
    const token = await apiToken();
    const stamp = Date.now();
    const tag = stamp.toString(36).toUpperCase();
    const people = [`가E2E${tag}`, `나E2E${tag}`, `다E2E${tag}`];
    for (const [i, customerName] of people.entries()) {
      const created = await api<{ customerIdx: number }>(token, 'POST', '/v1/admin/customers', { customerName, customerPhone: phone(stamp, i), userGender: i === 0 ? 'M' : null });
      expect(created.status).toBe(201);
    }
    // The same phone again is refused (409).
    expect((await api(token, 'POST', '/v1/admin/customers', { customerName: '중복', customerPhone: phone(stamp, 0) })).status).toBe(409);

    await openList(page);
    await highlighted(page).filter({ hasText: '고객 리스트' }).waitFor();

    // A partial phone: the last six digits of the first customer's number (the others differ in the last one).
    const partial = phone(stamp, 0).slice(-6);
    await search(page, '연락처', partial);
    await page.waitForURL((url) => url.searchParams.get('searchTarget') === 'phone' && url.searchParams.get('searchKeyword') === partial);
    await table(page).getByRole('link', { name: people[0], exact: true }).waitFor();
    await expect.poll(() => names(page)).toEqual([people[0]]);
    const row = table(page).getByRole('row').filter({ has: page.getByRole('link', { name: people[0], exact: true }) });
    await row.getByText('남성').waitFor();
    await row.getByText(`${phone(stamp, 0).slice(0, 3)}-${phone(stamp, 0).slice(3, 7)}-${phone(stamp, 0).slice(7)}`).waitFor();

    // Several names at once, comma separated.
    await search(page, '이름', `${people[0]}, ${people[2]}`);
    await page.waitForURL((url) => url.searchParams.get('searchKeyword') === `${people[0]},${people[2]}`);
    await expect.poll(async () => (await names(page)).sort()).toEqual([people[0], people[2]].sort());

    // Sort by name ascending through the header: the URL keeps orderBy/orderDirection.
    await table(page).getByRole('columnheader', { name: '이름' }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('orderBy') === 'customerName');

    // The column chooser: hide 연락처, show 보증서 총액; a reload keeps the choice (and the search).
    await page.getByRole('button', { name: '항목 설정' }).click();
    const chooser = page.getByRole('dialog', { name: '표시할 항목' });
    await chooser.getByRole('checkbox', { name: '연락처' }).uncheck();
    await chooser.getByRole('checkbox', { name: '보증서 총액' }).check();
    await chooser.getByRole('button', { name: '닫기' }).click();
    await table(page).getByRole('columnheader', { name: '보증서 총액' }).waitFor();
    expect(await table(page).getByRole('columnheader', { name: '연락처' }).count()).toBe(0);
    await page.reload();
    await table(page).getByRole('columnheader', { name: '보증서 총액' }).waitFor();
    expect(await table(page).getByRole('columnheader', { name: '연락처' }).count()).toBe(0);
    await expect.poll(async () => (await names(page)).sort()).toEqual([people[0], people[2]].sort());

    // Add a customer by hand: a 070 number is refused on the field, then saved; the duplicate shows on the phone field.
    await page.getByRole('button', { name: '고객 추가' }).click();
    const dialog = page.getByRole('dialog', { name: '고객 추가' });
    await dialog.getByLabel(/^이름/).fill(`라E2E${tag}`);
    await dialog.getByLabel(/^연락처/).fill('07012345678');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.getByText('050, 070', { exact: false }).first().waitFor();
    await dialog.getByLabel(/^연락처/).fill(phone(stamp, 1));
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.getByText('이미 등록된 연락처예요').waitFor();
    await dialog.getByLabel(/^연락처/).fill(phone(stamp, 3));
    await dialog.getByRole('button', { name: '저장' }).click();
    await page.getByText('고객을 추가했어요').first().waitFor();
    await search(page, '이름', `라E2E${tag}`);
    await table(page).getByRole('link', { name: `라E2E${tag}`, exact: true }).waitFor();
  });

  it('opens the detail of the customer a guarantee was issued to and shows that guarantee', async () => {
    const page = b.page;
    const token = await apiToken();
    const stamp = Date.now() + 7;
    const tel = phone(stamp, 9);
    const name = `보증E2E${stamp.toString(36).toUpperCase()}`;
    const issued = await api<{ idx: number; nftNumber: string | null }>(token, 'POST', '/v1/admin/nft', { ordererName: name, ordererTel: tel, productName: `E2E 고객 상품 ${stamp}` });
    expect(issued.status).toBe(201);

    await openList(page);
    await search(page, '연락처', tel);
    // The new customer heads the unfiltered list too: click once the searched list has replaced it,
    // or the row may be re-rendered under the click.
    await expect.poll(() => names(page)).toEqual([name]);
    await table(page).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(/\/b2b\/customer\/detail\/\d+$/);
    await highlighted(page).filter({ hasText: '고객 리스트' }).waitFor();
    await page.getByRole('heading', { name: `고객 상세 · ${name}`, level: 1 }).waitFor();
    const nfts = page.getByRole('region', { name: '보증서' });
    await nfts.getByText(`E2E 고객 상품 ${stamp}`).waitFor();
    await nfts.getByRole('link', { name: issued.data.nftNumber || String(issued.data.idx) }).waitFor();
    await page.getByRole('region', { name: '멤버십' }).getByText('발급된 멤버십이 없어요').waitFor();
    await page.getByRole('region', { name: '쿠폰' }).getByText('보유한 쿠폰이 없어요').waitFor();
  });

  it('sets the grades (with a preview), runs the grade job and shows the grades on the list', async () => {
    const page = b.page;
    const token = await apiToken();
    const stamp = Date.now() + 13;
    const tag = stamp.toString(36).toUpperCase();
    const base = `기본${tag}`;
    const vip = `VIP${tag}`;
    const rich = `부자E2E${tag}`;
    const created = await api<{ customerIdx: number }>(token, 'POST', '/v1/admin/customers', { customerName: rich, customerPhone: phone(stamp, 21) });
    expect(created.status).toBe(201);
    const order = await api(token, 'POST', `/v1/admin/customers/${created.data.customerIdx}/orders`, {
      orderedAt: new Date().toISOString(),
      channel: 'offline',
      productName: 'E2E 주문',
      paymentAmount: 9_000_000,
    });
    expect(order.status).toBe(201);

    await openList(page);
    await nav(page).getByRole('link', { name: '등급 및 포인트' }).click();
    await page.waitForURL(/\/b2b\/customer\/grade$/);
    await page.getByRole('link', { name: '등급 설정' }).click();
    await page.waitForURL(/\/b2b\/customer\/grade\/setting$/);
    await highlighted(page).filter({ hasText: '등급 및 포인트' }).waitFor();

    // Replace whatever grades exist with two: 기본 (everyone) and VIP (5,000,000 won or more).
    const rows = page.getByRole('group', { name: /번째 등급$/ });
    await rows.first().waitFor();
    while ((await rows.count()) > 0) await rows.first().getByRole('button', { name: /등급 삭제$/ }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByRole('button', { name: '등급 추가' }).click();
    await page.getByRole('button', { name: '등급 추가' }).click();
    const first = page.getByRole('group', { name: '1번째 등급' });
    const second = page.getByRole('group', { name: '2번째 등급' });
    await first.getByLabel('등급명').fill(base);
    await second.getByLabel('등급명').fill(vip);
    await second.getByLabel('최소 구매 금액').fill('5000000');
    await page.getByLabel('적립률').fill('1.5');

    await page.getByRole('button', { name: '미리보기' }).click();
    const preview = page.getByRole('table', { name: '등급별 예상 고객 수' });
    await preview.getByRole('row').filter({ hasText: vip }).waitFor();
    expect(Number((await preview.getByRole('row').filter({ hasText: vip }).getByRole('cell').nth(1).textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/customer\/grade$/);
    await page.getByText('등급과 포인트 설정을 저장했어요').first().waitFor();
    const grades = page.getByRole('table', { name: '고객 등급' });
    await grades.getByRole('row').filter({ hasText: base }).waitFor();
    await grades.getByRole('row').filter({ hasText: vip }).getByText('5,000,000원').waitFor();
    await page.getByTestId('setting-pointRate').getByText('1.5%').waitFor();

    await page.getByRole('link', { name: '등급 설정' }).click();
    await page.getByRole('button', { name: '지금 실행' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '지금 실행' }).click();
    await page.getByText(/등급을 다시 산정했어요/).first().waitFor();

    await nav(page).getByRole('link', { name: '고객 리스트' }).click();
    await page.waitForURL(/\/b2b\/customer$/);
    await search(page, '이름', rich);
    const row = table(page).getByRole('row').filter({ has: page.getByRole('link', { name: rich, exact: true }) });
    await row.getByText(vip, { exact: true }).waitFor();
    await row.getByText('9,000,000원').waitFor();
  });

  it('requests a customer download: the file is mailed to the address given', async () => {
    const page = b.page;
    const email = `e2e-download-${Date.now().toString(36)}@example.test`;
    await openList(page);
    // The overview recount: 집계 중 while it runs, then the figures again.
    const card = page.getByRole('region', { name: '누적 고객 현황' });
    await card.getByRole('button', { name: '새로 집계' }).click();
    await expect.poll(async () => card.getByRole('button', { name: '새로 집계' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: '고객 다운로드' }).click();
    const dialog = page.getByRole('dialog', { name: '고객 정보 다운로드 요청' });
    await dialog.getByLabel(/받을 이메일/).fill(email);
    await dialog.getByLabel(/파일 비밀번호/).fill('abc123');
    await dialog.getByLabel(/다운로드 사유/).fill('E2E 점검');
    await dialog.getByRole('button', { name: '요청하기' }).click();
    await dialog.getByText('영문, 숫자, 특수문자를 포함해 6자 이상 입력해 주세요').waitFor();
    await dialog.getByLabel(/파일 비밀번호/).fill('abc12!');
    await dialog.getByRole('button', { name: '요청하기' }).click();
    await page.getByText(`고객 정보 파일을 ${email} 주소로 보냈어요`).first().waitFor();

    const mails = async () => {
      const res = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
      return ((await res.json()) as { data: { list: { subject: string }[] } }).data.list;
    };
    await expect.poll(async () => (await mails()).length).toBeGreaterThanOrEqual(1);
    expect((await mails())[0]!.subject).toBe('[고객 목록] 요청하신 고객 목록 파일이에요');
  });
});
