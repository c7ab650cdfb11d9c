import type { Locator, Page } from 'playwright-core';
import { signIn, typeCard, useBrowser } from './helpers';

const b = useBrowser();
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
const balanceBox = (page: Page) => nav(page).getByRole('group', { name: '충전금 잔액' });
const won = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Opens the add-card dialog from the balance box: directly without cards, through the list's add button with cards. */
async function openAddCard(page: Page): Promise<Locator> {
  await balanceBox(page).getByRole('button', { name: '결제 카드 설정' }).click();
  const add = page.getByRole('dialog', { name: '결제 카드 등록' });
  const list = page.getByRole('dialog', { name: '결제 카드', exact: true });
  await add.or(list).first().waitFor();
  if (await list.isVisible()) await list.getByRole('button', { name: '카드 추가' }).click();
  await add.waitFor();
  return add;
}

describe('payment cards and prepaid credit', () => {
  it('refuses a declined sandbox card with the card company\'s message, registers 4242 4242 4242 4242, and refuses it twice with ALREADY_REGISTERED_BILLING', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await balanceBox(page).waitFor();

    const declined = await openAddCard(page);
    await typeCard(page, declined, '4000 0000 0000 0002');
    await declined.getByRole('alert').filter({ hasText: '카드사에서 승인을 거절했어요. (샌드박스 거절 카드)' }).waitFor();
    await declined.getByRole('button', { name: '취소' }).click();
    await declined.waitFor({ state: 'hidden' });

    const dialog = await openAddCard(page);
    await typeCard(page, dialog, '4242 4242 4242 4242');
    await page.getByText('결제 카드가 등록되었어요').waitFor();

    // The card now exists: the settings button opens the list, which shows it masked.
    await page.getByRole('dialog', { name: '결제 카드 등록' }).waitFor({ state: 'hidden' });
    await balanceBox(page).getByRole('button', { name: '결제 카드 설정' }).click();
    const list = page.getByRole('dialog', { name: '결제 카드', exact: true });
    await list.getByText('**** **** **** 4242').waitFor();
    await list.getByRole('button', { name: '카드 추가' }).click();
    const again = page.getByRole('dialog', { name: '결제 카드 등록' });
    await again.waitFor();
    await typeCard(page, again, '4242 4242 4242 4242');
    await again.getByRole('alert').filter({ hasText: '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.' }).waitFor();
  });

  it('charges 100,000원 of credit plus VAT and the balance box updates; a threshold above the amount is refused', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const balance = balanceBox(page).getByTestId('credit-balance');
    await balance.waitFor();
    const before = won(await balance.textContent());

    await balanceBox(page).getByRole('link', { name: '충전하기' }).click();
    await page.waitForURL(/\/b2b\/payment\/subscribe\?mode=credit$/);
    await page.getByRole('radio', { name: '100,000원' }).check();
    expect(await page.getByTestId('charge-vat').textContent()).toBe('10,000원');
    expect(await page.getByTestId('charge-total').textContent()).toBe('110,000원');
    const charge = page.getByRole('button', { name: '충전하기' });
    await expect.poll(() => charge.isEnabled()).toBe(true);
    await charge.click();
    // One click charges nothing: the confirmation names the card payment first (issue 23 item 13).
    const ask = page.getByRole('dialog', { name: '충전할까요?' });
    await ask.getByText('100,000원을 충전하고, 등록된 결제 카드로 부가세를 포함한 110,000원을 결제해요.').waitFor();
    await ask.getByRole('button', { name: '결제하기' }).click();
    await page.getByText('충전이 완료되었어요').waitFor();
    await balanceBox(page).getByText(`${(before + 100_000).toLocaleString('en-US')}원`).waitFor();
    await page.getByRole('table', { name: '충전·사용 내역' }).getByRole('cell', { name: '100,000원' }).first().waitFor();

    // The new charge is unused and within 7 days: the server marks it refundable, and 환불 asks before refunding.
    const history = page.getByRole('table', { name: '충전·사용 내역' });
    const refund = history.getByRole('button', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 충전 100,000원 환불$/ }).first();
    await refund.click();
    const askRefund = page.getByRole('dialog', { name: '충전금을 환불할까요?' });
    await askRefund.getByText(/에 충전한 100,000원을 환불해요/).waitFor();
    await askRefund.getByRole('button', { name: '취소' }).click();
    await askRefund.waitFor({ state: 'hidden' });
    await balanceBox(page).getByText(`${(before + 100_000).toLocaleString('en-US')}원`).waitFor();
    await refund.click();
    await askRefund.getByRole('button', { name: '환불하기' }).click();
    await page.getByText('환불되었어요').first().waitFor();
    await balanceBox(page).getByText(`${before.toLocaleString('en-US')}원`).waitFor();
    await history.getByRole('row').filter({ hasText: '환불됨' }).first().waitFor();

    await page.getByRole('button', { name: '자동 충전 설정' }).click();
    const auto = page.getByRole('dialog', { name: '자동 충전 설정' });
    await auto.getByRole('combobox', { name: '충전 조건 (잔액이 이 금액 미만일 때)' }).click();
    await page.getByRole('option', { name: '1,000,000원' }).click();
    await auto.getByRole('combobox', { name: '자동 충전 금액' }).click();
    await page.getByRole('option', { name: '300,000원' }).click();
    await auto.getByRole('button', { name: '저장' }).click();
    await auto.getByText('충전 조건보다 큰 금액을 선택해주세요.').waitFor();

    await auto.getByRole('combobox', { name: '자동 충전 금액' }).click();
    await page.getByRole('option', { name: '5,000,000원' }).click();
    await auto.getByRole('button', { name: '저장' }).click();
    await page.getByText('자동 충전 설정이 저장되었어요').waitFor();
  });
});
