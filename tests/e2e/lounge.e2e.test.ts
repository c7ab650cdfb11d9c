import type { Page } from 'playwright-core';
import { baseUrl, signIn, useBrowser, apiToken, api } from './helpers';
import { decodeCode128 } from '../../src/domain/code128';
import { josa } from '../../src/domain/josa';
import { axeFindings, withAxe, withoutMotion } from './a11y/walk';

const b = useBrowser();

/** The newest lounge code texted to the phone, read from the demo's outbox (GET /api/dev/messages). */
async function latestCode(phone: string): Promise<string | null> {
  const res = await fetch(`${baseUrl()}/api/dev/messages?phone=${phone}`);
  const body = (await res.json()) as { data: { list: { templateCode: string; variables: Record<string, string> }[] } };
  return body.data.list.find((m) => m.templateCode === 'LOUNGE_OTP')?.variables.code ?? null;
}

const customerTable = (page: Page) => page.getByRole('table', { name: '고객 목록' });

/** The console's customer list (1280 px) searched by the phone, with the coupon and membership columns shown. */
async function customerRow(page: Page, phone: string) {
  await page.goto(`/b2b/customer?searchTarget=phone&searchKeyword=${phone}`);
  await customerTable(page).waitFor();
  const chooserButton = page.getByRole('button', { name: '항목 설정' });
  if ((await customerTable(page).getByRole('columnheader', { name: '사용 쿠폰' }).count()) === 0) {
    await chooserButton.click();
    const chooser = page.getByRole('dialog', { name: '표시할 항목' });
    for (const name of ['최근 멤버십', '보유 쿠폰', '사용 쿠폰']) await chooser.getByRole('checkbox', { name }).check();
    await chooser.getByRole('button', { name: '닫기' }).click();
  }
  await customerTable(page).getByRole('columnheader', { name: '사용 쿠폰' }).waitFor();
  return customerTable(page).locator('tbody tr').filter({ hasText: '라운지 회원' });
}

async function cellOf(page: Page, phone: string, column: string): Promise<string> {
  // The row first: it loads the list and shows the columns; headers read before it were the page before's.
  const row = await customerRow(page, phone);
  const headers = await customerTable(page).locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === column);
  if (index < 0) throw new Error(`no column ${column} in ${headers.join(', ')}`);
  return ((await row.locator(':scope > th, :scope > td').nth(index).textContent()) ?? '').trim();
}

describe('the customer lounge', () => {
  it('a customer signs in by the texted code at 390 px, joins a membership whose card shows its benefits, links and coupons, shows a coupon\'s barcode, staff redeem it with the PIN, an online coupon shows its code and asks before it is used; the console\'s counts change', async () => {
    const console1280 = b.page;
    const stamp = Date.now();
    const phone = `0107${String(stamp % 10_000_000).padStart(7, '0')}`;
    const cardName = `라운지 E2E ${stamp.toString(36)}`;
    const couponTitle = `E2E 음료 쿠폰 ${stamp.toString(36)}`;
    const onlineTitle = `E2E 웰컴 쿠폰 ${stamp.toString(36)}`;
    const onlineCode = `WELCOME${stamp % 1000}`;

    // Arranged through the API: a membership with an attached coupon that asks for the staff PIN.
    const token = await apiToken();
    const membership = await api<{ idx: number }>(token, 'POST', '/v1/admin/membership-template', {
      nftCardName: cardName, isMain: false, expireType: 'DAY', expireDays: 365,
      benefits: [{ title: '음료 1잔 무료', contents: '' }], nftCustomFields: [], nftCustomLinks: [{ name: '공식몰', url: 'https://shop.example' }],
      // The template's attached online coupon (issue 23 item 2): given on joining, shown with its code (item 3).
      partnersCoupon: [{ title: onlineTitle, offline: 'N', couponNumber: onlineCode, couponUrl: '', endDate: '', isIssuable: 'Y' }],
    });
    expect(membership.status).toBe(201);
    const coupon = await api(token, 'POST', '/v1/admin/coupon', {
      title: couponTitle, membershipIdx: membership.data.idx, expireType: 1, expireDays: 30, usePlace: 2, storeIdxList: [],
      useCountLimit: 'N', useImage: 'N', usePassword: 'Y', oncePerCustomer: 'Y', isBirthday: 'N',
    });
    expect(coupon.status).toBe(201);
    // The brand lounge shows the memberships its settings list once saved (another flow may have saved them): list this one too.
    const settings = await api<Record<string, unknown> & { membershipIdxList: number[]; saved: boolean }>(token, 'GET', '/v1/admin/lounge');
    if (settings.data.saved) {
      const { title, subtitle, description, notice, themeColor, logo, image, couponIdxList, showStamp } = settings.data;
      const listed = await api(token, 'PUT', '/v1/admin/lounge', {
        title, subtitle, description, notice, themeColor, logo, image, couponIdxList, showStamp,
        membershipIdxList: [...settings.data.membershipIdxList, membership.data.idx],
      });
      expect(listed.status).toBe(200);
    }

    // The console (1280 px): the main account sets the staff PIN on the coupon list and reads the lounge link.
    await signIn(console1280, 'brand@demo.test');
    await console1280.waitForURL(/\/b2b\/home$/);
    await console1280.goto('/b2b/coupon');
    await console1280.getByRole('button', { name: '매장 PIN 설정' }).click();
    const pinDialog = console1280.getByRole('dialog', { name: '매장 PIN 설정' });
    const loungeUrl = await pinDialog.getByTestId('lounge-link').getAttribute('href');
    expect(loungeUrl).toMatch(/\/lounge\/[a-z0-9]{12}$/);
    await pinDialog.getByLabel(/새 PIN/).fill('2580');
    await pinDialog.getByLabel(/PIN 확인/).fill('2580');
    await pinDialog.getByRole('button', { name: '저장' }).click();
    await console1280.getByText('매장 PIN을 저장했어요').waitFor();

    // The lounge on a phone (390 px), no console session.
    const phoneContext = await b.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phoneContext.setDefaultTimeout(30_000);
    try {
      const lounge = await phoneContext.newPage();
      // Each state the customer sees is checked by axe too (issue 22 B: customer pages at 390 px).
      await withAxe(lounge);
      await withoutMotion(lounge);
      await lounge.goto(new URL(loungeUrl!).pathname);
      await lounge.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeFindings(lounge, 'lounge sign-in @390px')).toEqual([]);
      await lounge.getByLabel('휴대폰 번호').fill(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
      await lounge.getByRole('button', { name: '인증번호 받기' }).click();
      await lounge.getByText('인증번호를 보냈어요. 3분 안에 입력해 주세요').waitFor();
      await expect.poll(() => latestCode(phone)).toMatch(/^\d{6}$/);
      await lounge.getByLabel('인증번호 6자리').fill((await latestCode(phone))!);
      await lounge.getByRole('button', { name: '확인' }).click();
      await lounge.getByText('라운지 회원님, 반가워요').waitFor();

      // Join the membership: issued at once, its coupon lands in the wallet.
      await lounge.getByRole('button', { name: `${cardName} 가입하기` }).click();
      const card = lounge.getByLabel(cardName, { exact: true });
      await card.getByText('발급', { exact: true }).waitFor();
      // The card shows what the brand put on it: the benefit, the link and both coupons.
      await card.getByText('음료 1잔 무료').waitFor();
      expect(await card.getByRole('link', { name: '공식몰 (새 창)' }).getAttribute('href')).toBe('https://shop.example');
      await card.getByRole('button', { name: new RegExp(`^${onlineTitle}`) }).waitFor();
      await card.getByRole('button', { name: new RegExp(`^${couponTitle}`) }).waitFor();
      const wallet = lounge.getByRole('region', { name: '쿠폰', exact: true });
      const couponButton = wallet.getByRole('button', { name: new RegExp(`^${couponTitle}`) });
      await couponButton.waitFor();
      expect(await axeFindings(lounge, 'lounge wallet @390px')).toEqual([]);
      // Nothing wider than the phone's screen.
      expect(await lounge.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The console sees the customer holding one coupon, none used, and the membership.
      await expect.poll(() => cellOf(console1280, phone, '보유 쿠폰')).toBe('2');
      expect(await cellOf(console1280, phone, '사용 쿠폰')).toBe('0');
      expect(await cellOf(console1280, phone, '최근 멤버십')).toBe(cardName);

      // Open the coupon: a Code 128 barcode of its code.
      await couponButton.click();
      const dialog = lounge.getByRole('dialog', { name: couponTitle });
      const barcode = dialog.getByTestId('coupon-barcode');
      await barcode.waitFor();
      const modules = (await barcode.getAttribute('data-modules'))!;
      const printed = ((await dialog.locator('figcaption').textContent()) ?? '').trim();
      expect(decodeCode128(modules)).toBe(printed);
      expect(await barcode.locator('rect').count()).toBe(modules.match(/1+/g)!.length);
      const box = (await barcode.boundingBox())!;
      expect(box.width).toBeGreaterThan(150);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await axeFindings(lounge, 'lounge coupon @390px')).toEqual([]);

      // Staff confirm on the customer's phone: a wrong PIN is refused, the right one redeems.
      await dialog.getByLabel('매장 PIN 4자리').fill('1111');
      await dialog.getByRole('button', { name: '사용 처리' }).click();
      await dialog.getByText('매장 PIN이 맞지 않아요').waitFor();
      await dialog.getByLabel('매장 PIN 4자리').fill('2580');
      await dialog.getByRole('button', { name: '사용 처리' }).click();
      await lounge.getByText('쿠폰을 사용했어요').waitFor();
      await couponButton.getByText('사용 완료').waitFor();

      // The online coupon: its code with a copy button, no barcode or staff PIN; one tap on 사용 처리 only asks.
      const onlineButton = wallet.getByRole('button', { name: new RegExp(`^${onlineTitle}`) });
      await onlineButton.click();
      const online = lounge.getByRole('dialog', { name: onlineTitle });
      await online.getByTestId('coupon-code').getByText(onlineCode, { exact: true }).waitFor();
      await online.getByRole('button', { name: '코드 복사' }).waitFor();
      expect(await online.getByTestId('coupon-barcode').count()).toBe(0);
      expect(await online.getByLabel('매장 PIN 4자리').count()).toBe(0);
      expect(await axeFindings(lounge, 'lounge online coupon @390px')).toEqual([]);
      await online.getByRole('button', { name: '사용 처리', exact: true }).click();
      await online.getByRole('group', { name: `${josa(onlineTitle, '을/를')} 사용 처리할까요?` }).waitFor();
      // Not used yet: the coupon still shows as usable (the wallet behind the dialog is hidden from roles while it is open).
      expect(await online.getByText('사용 가능', { exact: true }).count()).toBe(1);
      expect(await axeFindings(lounge, 'lounge online coupon confirmation @390px')).toEqual([]);
      await online.getByRole('button', { name: '사용 처리할게요' }).click();
      await lounge.getByText('쿠폰을 사용했어요').waitFor();
      await onlineButton.getByText('사용 완료').waitFor();
    } finally {
      await phoneContext.close();
    }

    // The console's customer list: the counts changed.
    await expect.poll(() => cellOf(console1280, phone, '사용 쿠폰')).toBe('2');
    expect(await cellOf(console1280, phone, '보유 쿠폰')).toBe('0');
  });
});
