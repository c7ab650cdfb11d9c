import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PAYMENT_CARD_MSG } from '../../domain/paymentCard';
import { BalanceBox } from '../../layout/BalanceBox';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';
import { ACCOUNT_URL, CARD_URL, account, card, methods } from './testing';

setupMsw();

beforeEach(() => {
  signIn(brandAccount());
  server.use(http.get(ACCOUNT_URL, () => json(account(120_000))));
});

/** Renders the balance box and opens its settings button. */
async function openFromBalanceBox() {
  const r = renderWithAdmin(<BalanceBox />);
  const box = await screen.findByRole('group', { name: '충전금 잔액' });
  await r.user.click(within(box).getByRole('button', { name: '결제 카드 설정' }));
  return r;
}

const field = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByLabelText(name);

async function fillCard(user: Awaited<ReturnType<typeof openFromBalanceBox>>['user'], dialog: HTMLElement, digits = ['4242', '4242', '4242', '4242']) {
  for (const [i, g] of digits.entries()) await enter(user, field(dialog, `카드 번호 ${i + 1}번째 4자리`), g);
  await enter(user, field(dialog, '유효기간 월 (MM)'), '12');
  await enter(user, field(dialog, '유효기간 연도 (YY)'), '30');
  await enter(user, field(dialog, '카드 비밀번호 앞 2자리'), '12');
  await enter(user, field(dialog, '생년월일 6자리 또는 사업자등록번호 10자리'), '900101');
}

describe('the balance box settings button', () => {
  it('opens the add-card dialog when no card is registered', async () => {
    server.use(methods([]));
    await openFromBalanceBox();
    expect(await screen.findByRole('dialog', { name: '결제 카드 등록' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '결제 카드' })).not.toBeInTheDocument();
  });

  it('opens the card list when cards exist, and deletes a card after confirmation', async () => {
    let cards = [card(1, '4242'), card(2, '1111')];
    const deleted: string[] = [];
    server.use(
      http.get('/api/payment/v2/method', () => json({ list: cards, total: cards.length, hasPaymentEmail: true })),
      http.delete('/api/payment/v2/method/:id', ({ params }) => {
        deleted.push(String(params.id));
        cards = cards.filter((c) => String(c.idx) !== params.id);
        return json({ idx: Number(params.id) });
      }),
    );
    const { user } = await openFromBalanceBox();
    const list = await screen.findByRole('dialog', { name: '결제 카드' });
    expect(within(list).getByText('**** **** **** 4242')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '결제 카드 등록' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: '**** **** **** 1111 삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '결제 카드 삭제' });
    expect(within(confirm).getByText('샌드박스카드 **** **** **** 1111 카드를 삭제할까요?')).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(within(list).queryByText('**** **** **** 1111')).not.toBeInTheDocument());
    expect(deleted).toEqual(['2']);
    expect(await screen.findByText(PAYMENT_CARD_MSG.deleted)).toBeInTheDocument();
  });

  it('opens the add-card dialog from the list\'s add button', async () => {
    server.use(methods([card(1)]));
    const { user } = await openFromBalanceBox();
    const list = await screen.findByRole('dialog', { name: '결제 카드' });
    await user.click(within(list).getByRole('button', { name: '카드 추가' }));
    expect(await screen.findByRole('dialog', { name: '결제 카드 등록' })).toBeInTheDocument();
  });
});

describe('the add-card dialog', () => {
  it('names the four card-number boxes for screen readers, with no visible label to cut off (issue 23 #15)', async () => {
    server.use(methods([]));
    await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    const group = within(dialog).getByRole('group', { name: '카드 번호' });
    expect(within(group).getAllByRole('textbox').map((box) => box.getAttribute('aria-label'))).toEqual([1, 2, 3, 4].map((n) => `카드 번호 ${n}번째 4자리`));
    expect(within(dialog).queryByText(/번째 4자리/)).not.toBeInTheDocument();
  });

  it('moves focus on its own: card groups after 4 digits, month to year after 2, password to identity after 2', async () => {
    server.use(methods([]));
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    const group1 = field(dialog, '카드 번호 1번째 4자리');
    await user.click(group1);
    await user.keyboard('123');
    expect(group1).toHaveFocus();
    await user.keyboard('4');
    expect(field(dialog, '카드 번호 2번째 4자리')).toHaveFocus();
    await user.keyboard('5678');
    expect(field(dialog, '카드 번호 3번째 4자리')).toHaveFocus();
    await user.keyboard('9012');
    expect(field(dialog, '카드 번호 4번째 4자리')).toHaveFocus();
    expect(group1).toHaveValue('1234');

    await user.click(field(dialog, '유효기간 월 (MM)'));
    await user.keyboard('1');
    expect(field(dialog, '유효기간 월 (MM)')).toHaveFocus();
    await user.keyboard('2');
    expect(field(dialog, '유효기간 연도 (YY)')).toHaveFocus();

    await user.click(field(dialog, '카드 비밀번호 앞 2자리'));
    await user.keyboard('12');
    expect(field(dialog, '생년월일 6자리 또는 사업자등록번호 10자리')).toHaveFocus();
  });

  it('spreads a whole pasted card number over the four groups and moves on to the expiry month', async () => {
    server.use(methods([]));
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await enter(user, field(dialog, '카드 번호 1번째 4자리'), '4242 4242 4242 1234');
    expect(field(dialog, '카드 번호 1번째 4자리')).toHaveValue('4242');
    expect(field(dialog, '카드 번호 4번째 4자리')).toHaveValue('1234');
    expect(field(dialog, '유효기간 월 (MM)')).toHaveFocus();
  });

  it('submits on Enter, sends the form fields (no e-mail when the account has one), closes and shows the card-registered toast', async () => {
    let body: Record<string, unknown> | undefined;
    let cards: ReturnType<typeof card>[] = [];
    server.use(
      http.get('/api/payment/v2/method', () => json({ list: cards, total: cards.length, hasPaymentEmail: true })),
      http.post(CARD_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        cards = [card(1)];
        return json(card(1), { status: 201 });
      }),
    );
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    expect(within(dialog).queryByLabelText('결제 알림 이메일')).not.toBeInTheDocument();
    await fillCard(user, dialog);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('결제 카드가 등록되었어요')).toBeInTheDocument();
    expect(body).toEqual({
      cardNumber1: '4242', cardNumber2: '4242', cardNumber3: '4242', cardNumber4: '4242',
      cardExpirationMonth: '12', cardExpirationYear: '30', cardPassword: '12', customerIdentityNumber: '900101',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '결제 카드 등록' })).not.toBeInTheDocument());
  });

  it('asks for the e-mail only while the account has none', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      methods([], false),
      http.post(CARD_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return json(card(1), { status: 201 });
      }),
    );
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '등록' }));
    expect(await within(dialog).findByText(PAYMENT_CARD_MSG.emailRequired)).toBeInTheDocument();
    expect(body).toBeUndefined();
    await enter(user, field(dialog, '결제 알림 이메일'), 'pay@demo.test');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(body?.customerEmail).toBe('pay@demo.test'));
  });

  it('refuses what the shared schema refuses before calling the server', async () => {
    let posted = false;
    server.use(methods([]), http.post(CARD_URL, () => { posted = true; return json(card(1), { status: 201 }); }));
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await fillCard(user, dialog, ['4242', '4242', '4242', '42']);
    await user.clear(field(dialog, '유효기간 월 (MM)'));
    await enter(user, field(dialog, '유효기간 월 (MM)'), '13');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(PAYMENT_CARD_MSG.cardNumberInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(PAYMENT_CARD_MSG.expirationMonthInvalid)).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it.each([
    ['ALREADY_REGISTERED_BILLING gets its exact text', 400, { code: 'ALREADY_REGISTERED_BILLING', message: '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.' }, '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.'],
    ['a 400 whose message is ALREADY_REGISTERED_BILLING gets the same text', 400, { code: 'BAD_REQUEST', message: 'ALREADY_REGISTERED_BILLING' }, '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.'],
    ['another 400 shows the returned message', 400, { code: 'PAYMENT_DECLINED', message: '[샌드박스] 카드사에서 거절한 카드예요' }, '[샌드박스] 카드사에서 거절한 카드예요'],
    ['a 502 gets the generic registration failure', 502, { code: 'PAYMENT_FAILED', message: '결제 카드 등록에 실패했습니다. 다시 시도해주세요.' }, '결제 카드 등록에 실패했습니다. 다시 시도해주세요.'],
    ['a 500 gets the generic registration failure', 500, { code: 'INTERNAL_ERROR', message: 'boom' }, '결제 카드 등록에 실패했습니다. 다시 시도해주세요.'],
    ['a 429 gets the generic registration failure', 429, { code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많아요' }, '결제 카드 등록에 실패했습니다. 다시 시도해주세요.'],
  ])('%s', async (_name, status, envelope, text) => {
    server.use(methods([]), http.post(CARD_URL, () => fail(status, envelope)));
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await fillCard(user, dialog);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('결제 카드가 등록되었어요')).not.toBeInTheDocument();
  });

  it('a network failure gets the generic registration failure', async () => {
    server.use(methods([]), http.post(CARD_URL, () => HttpResponse.error()));
    const { user } = await openFromBalanceBox();
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await fillCard(user, dialog);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAYMENT_CARD_MSG.registerFailed);
  });
});
