import { MSG } from '../../src/domain/messages';
import { validBusinessNumber } from '../helpers/accounts';
import { baseUrl, latestMail, signIn, typeCard, useBrowser } from './helpers';

const b = useBrowser();

/** A new brand of its own (signed up and verified through the API), so this file changes no demo account's subscription. */
async function newBrand(): Promise<{ email: string; password: string }> {
  const email = `sub-${Date.now().toString(36)}@brand.test`;
  const password = 'Welcome12!';
  const res = await fetch(`${baseUrl()}/api/v1/admin/partnerships/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email, password, passwordConfirm: password, businessNum: validBusinessNumber(), phoneNum: '01012345678', brandName: '구독상회',
      isAgreeServiceUsage: true, isAgreePersonalInformation: true, isAgreePromotion: false, isAgreeMarketing: false,
    }),
  });
  expect(res.status).toBe(201);
  const link = /https?:\/\/[^/\s]+(\/api\/\S+email\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await latestMail(email)).text);
  if (!link) throw new Error('no verification link');
  const confirmed = await fetch(`${baseUrl()}${link[1]}`, { redirect: 'manual' });
  expect(confirmed.status).toBeLessThan(400);
  return { email, password };
}

describe('subscribing to a plan and cancelling', () => {
  it('registers the sandbox card, subscribes to Standard (the bill appears), upgrades to Pro with proration, and a cancellation keeps it to the period end', async () => {
    const page = b.page;
    const { email, password } = await newBrand();
    await signIn(page, email, password);
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByText(MSG.trialBannerDays(14)).first().waitFor();

    await page.goto('/b2b/payment/subscribe');
    // Without a card, 구독하기 opens the add-card dialog first.
    await page.getByRole('button', { name: 'Standard 구독하기' }).click();
    const add = page.getByRole('dialog', { name: '결제 카드 등록' });
    await add.waitFor();
    await typeCard(page, add, '4242 4242 4242 4242', 'pay@brand.test');
    await page.getByText('결제 카드가 등록되었어요').first().waitFor();
    await add.waitFor({ state: 'hidden' });

    // Once the card is registered, the confirmation opens with the calculator's amount: a new month of Standard, 99,000원 plus VAT.
    const confirm = page.getByRole('dialog', { name: 'Standard 요금제 결제' });
    await confirm.getByTestId('subscribe-total').filter({ hasText: '108,900원' }).waitFor();
    await confirm.getByRole('button', { name: '결제하기' }).click();
    await page.getByText('구독이 완료되었어요').first().waitFor();
    await confirm.waitFor({ state: 'hidden' });

    // The identity follows: the trial banner goes; the page shows the plan, the bill and 구독 해지.
    await page.getByText(MSG.trialBannerDays(14)).first().waitFor({ state: 'hidden' });
    const bills = page.getByRole('table', { name: '결제 내역' });
    const row = bills.getByRole('row').filter({ hasText: 'Standard · 구독' });
    await row.filter({ hasText: '108,900원' }).filter({ hasText: '결제 완료' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pro 변경하기' }).isVisible()).toBe(true);

    // The receipt opens and prints.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => { (window as unknown as { printed: number }).printed += 1; };
    });
    await row.getByRole('button', { name: /영수증 보기/ }).click();
    const receipt = page.getByRole('dialog', { name: '영수증' });
    await receipt.getByTestId('receipt-total').filter({ hasText: '108,900원' }).waitFor();
    // Printed, only the receipt shows: no sidebar, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: '사이드 메뉴' }).isVisible()).toBe(false);
    expect(await receipt.getByTestId('receipt-total').isVisible()).toBe(true);
    expect(await receipt.getByRole('button', { name: '인쇄' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await receipt.getByRole('button', { name: '인쇄' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await receipt.getByRole('button', { name: '닫기' }).click();
    await receipt.waitFor({ state: 'hidden' });

    // Upgrading to Pro on the period's first day: the calculator prorates over the whole period, (199,000 − 99,000)원 plus VAT.
    await page.getByRole('button', { name: 'Pro 변경하기' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Pro 요금제 결제' });
    await upgrade.getByText(/남은 \d+일에 대한 차액을 지금 결제해요/).waitFor();
    await upgrade.getByTestId('subscribe-total').filter({ hasText: '110,000원' }).waitFor();
    // The proration: Pro for the days left minus the unused Standard part (issue 23 item 12).
    await upgrade.getByTestId('proration-charge').filter({ hasText: /Pro 남은 \d+일/ }).waitFor();
    await upgrade.getByTestId('proration-credit').filter({ hasText: /Standard 쓰지 않은 \d+일/ }).waitFor();
    await upgrade.getByRole('button', { name: '결제하기' }).click();
    await page.getByText('구독이 완료되었어요').first().waitFor();
    await upgrade.waitFor({ state: 'hidden' });
    await bills.getByRole('row').filter({ hasText: 'Pro · 요금제 변경' }).filter({ hasText: '110,000원' }).waitFor();
    await page.getByRole('button', { name: 'Standard 변경하기' }).waitFor();

    // Downgrading back to Standard gives money back: the dialog says 변경 and 환불, never 결제 (issue 23 item 10).
    await page.getByRole('button', { name: 'Standard 변경하기' }).click();
    const downgrade = page.getByRole('dialog', { name: 'Standard 요금제로 변경' });
    await downgrade.getByTestId('subscribe-total').filter({ hasText: '110,000원' }).waitFor();
    await downgrade.getByText('환불 금액 (VAT 포함)').waitFor();
    await downgrade.getByText(/남은 \d+일에 대한 차액을 환불해 드려요/).waitFor();
    await downgrade.getByTestId('proration-credit').filter({ hasText: /Pro 쓰지 않은 \d+일/ }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Standard 요금제 결제' }).count()).toBe(0);
    expect(await downgrade.getByRole('button', { name: '결제하기' }).count()).toBe(0);
    expect(await downgrade.textContent()).not.toContain('결제');
    await downgrade.getByRole('button', { name: '변경하기' }).click();
    await page.getByText('요금제를 변경했어요. 환불 금액은 결제한 카드로 돌려드려요').first().waitFor();
    await downgrade.waitFor({ state: 'hidden' });
    await bills.getByRole('row').filter({ hasText: 'Standard · 요금제 변경' }).filter({ hasText: '환불 예정' }).waitFor();
    await page.getByRole('button', { name: 'Pro 변경하기' }).waitFor();

    // Cancelling keeps the subscription to the period's end.
    await page.getByRole('button', { name: '구독 해지' }).click();
    const cancel = page.getByRole('dialog', { name: '구독을 해지할까요?' });
    await cancel.getByRole('button', { name: '해지하기' }).click();
    await page.getByText('구독이 해지 예약되었어요').first().waitFor();
    await page.getByTestId('runs-to-end').filter({ hasText: '까지 이용할 수 있고, 이후 자동 결제되지 않아요.' }).waitFor();
    await page.getByTestId('subscription-status').filter({ hasText: '해지 예약됨' }).waitFor();
    expect(await page.getByRole('button', { name: '구독 해지' }).count()).toBe(0);

    // After a reload the server still answers an active (CHARGED) subscription, cancelled.
    await page.reload();
    await page.getByTestId('runs-to-end').waitFor();
    await page.getByText(MSG.trialBannerDays(14)).first().waitFor({ state: 'hidden' });
  });

  it("shows the card company's message when the charge is declined, keeps the trial, and lists the failed bill", async () => {
    const page = b.page;
    const { email, password } = await newBrand();
    await signIn(page, email, password);
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/payment/subscribe');
    await page.getByRole('button', { name: 'Standard 구독하기' }).click();
    const add = page.getByRole('dialog', { name: '결제 카드 등록' });
    await add.waitFor();
    // The sandbox card that registers but whose charges are declined (README).
    await typeCard(page, add, '4000 0000 0000 0341', 'pay@brand.test');
    const confirm = page.getByRole('dialog', { name: 'Standard 요금제 결제' });
    await confirm.getByTestId('subscribe-total').filter({ hasText: '108,900원' }).waitFor();
    await confirm.getByRole('button', { name: '결제하기' }).click();
    await confirm.getByText('카드사에서 승인을 거절했어요. (샌드박스 거절 카드)').waitFor();
    await confirm.getByRole('button', { name: '취소' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: '결제 내역' }).getByRole('row').filter({ hasText: 'Standard · 구독' }).filter({ hasText: '결제 실패' }).waitFor();
    await page.getByText(MSG.trialBannerDays(14)).first().waitFor();
    expect(await page.getByRole('button', { name: '구독 해지' }).count()).toBe(0);
  });
});
