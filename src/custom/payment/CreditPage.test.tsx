import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { CREDIT_MSG } from '../../domain/credit';
import { BalanceBox } from '../../layout/BalanceBox';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderAppAt, renderWithAdmin } from '../../testing/render';
import { brandAccount } from '../../testing/fixtures';
import { CreditPage } from './CreditPage';
import { SubscribePage } from './SubscribePage';
import { ACCOUNT_URL, CHARGE_URL, CONFIG_URL, GROUPS_URL, account, card, methods } from './testing';

setupMsw();

const groups = {
  list: [
    { groupKey: 'charge:2', type: 'CHARGE', status: 'PAID', startedAt: '2026-11-20T01:00:00Z', endedAt: '2026-11-20T01:00:00Z', amount: 300_000, refundable: true, refundRefusal: null, entries: [] },
    { groupKey: 'debit:5', type: 'DEBIT', status: 'SETTLED', startedAt: '2026-11-19T01:00:00Z', endedAt: '2026-11-19T02:00:00Z', amount: -1_500, entries: [] },
    // Paid but used since (the server says so): no 환불.
    { groupKey: 'charge:1', type: 'CHARGE', status: 'PAID', startedAt: '2026-11-18T03:44:00Z', endedAt: '2026-11-18T03:44:00Z', amount: 100_000, refundable: false, refundRefusal: CREDIT_MSG.refundUsed, entries: [] },
  ],
  total: 3,
};

let groupQueries: URLSearchParams[] = [];

beforeEach(() => {
  signIn(brandAccount());
  groupQueries = [];
  server.use(
    methods([card(1)]),
    http.get(GROUPS_URL, ({ request }) => {
      groupQueries.push(new URL(request.url).searchParams);
      return json(groups);
    }),
  );
});

/** The charge's confirmation: its text, then 결제하기. */
async function confirmCharge(user: ReturnType<typeof renderWithAdmin>['user'], text?: string) {
  const dialog = await screen.findByRole('dialog', { name: '충전할까요?' });
  if (text) expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: '결제하기' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '충전할까요?' })).not.toBeInTheDocument());
}

describe('/b2b/payment/subscribe?mode=credit', () => {
  it('shows the credit page for mode=credit', async () => {
    server.use(
      http.get(ACCOUNT_URL, () => json(account(5_000))),
      http.get('/api/payment/v2/plan', () => json({ list: [] })),
      http.get('/api/payment/v2/subscription', () => json(null)),
      http.get('/api/payment/v2/bill', () => json({ list: [], total: 0 })),
    );
    renderAppAt('/b2b/payment/subscribe?mode=credit', <Routes><Route path="*" element={<SubscribePage />} /></Routes>);
    expect(await screen.findByRole('heading', { name: '충전금 충전' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '요금제' })).not.toBeInTheDocument();
  });

  it('opens the card list from the plans page', async () => {
    server.use(
      http.get(ACCOUNT_URL, () => json(account(5_000))),
      http.get('/api/payment/v2/plan', () => json({ list: [] })),
      http.get('/api/payment/v2/subscription', () => json(null)),
      http.get('/api/payment/v2/bill', () => json({ list: [], total: 0 })),
    );
    const { user } = renderAppAt('/b2b/payment/subscribe', <Routes><Route path="*" element={<SubscribePage />} /></Routes>);
    await user.click(await screen.findByRole('button', { name: '결제 카드 관리' }));
    const list = await screen.findByRole('dialog', { name: '결제 카드' });
    expect(within(list).getByText('**** **** **** 4242')).toBeInTheDocument();
  });

  it('shows the amount, VAT 10% and the total of the chosen option', async () => {
    server.use(http.get(ACCOUNT_URL, () => json(account(5_000))));
    const { user } = renderWithAdmin(<CreditPage />);
    await screen.findByRole('heading', { name: '충전금 충전' });
    expect(await screen.findByTestId('charge-amount')).toHaveTextContent('100,000원');
    expect(screen.getByTestId('charge-vat')).toHaveTextContent('10,000원');
    expect(screen.getByTestId('charge-total')).toHaveTextContent('110,000원');
    await user.click(screen.getByRole('radio', { name: '5,000,000원' }));
    expect(screen.getByTestId('charge-vat')).toHaveTextContent('500,000원');
    expect(screen.getByTestId('charge-total')).toHaveTextContent('5,500,000원');
  });

  it('charges with a new Idempotency-Key per attempt, and the balance box updates', async () => {
    let balance = 5_000;
    const calls: { key: string | null; body: unknown }[] = [];
    server.use(
      http.get(ACCOUNT_URL, () => json(account(balance))),
      http.post(CHARGE_URL, async ({ request }) => {
        const body = (await request.json()) as { amount: number };
        calls.push({ key: request.headers.get('Idempotency-Key'), body });
        balance += body.amount;
        return json({ chargeIdx: calls.length, amount: body.amount, vat: body.amount / 10, total: body.amount * 1.1, status: 'PAID', auto: false }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<><BalanceBox /><CreditPage /></>);
    const box = await screen.findByRole('group', { name: '충전금 잔액' });
    expect(within(box).getByText('5,000원')).toBeInTheDocument();
    const chargeButton = await screen.findByRole('button', { name: '충전하기' });
    await waitFor(() => expect(chargeButton).toBeEnabled());
    await user.click(chargeButton);
    await confirmCharge(user, '100,000원을 충전하고, 등록된 결제 카드로 부가세를 포함한 110,000원을 결제해요.');
    expect(await within(box).findByText('105,000원')).toBeInTheDocument();
    expect(await screen.findByText(CREDIT_MSG.charged)).toBeInTheDocument();
    expect(screen.getByTestId('credit-page-balance')).toHaveTextContent('105,000원');

    await user.click(screen.getByRole('radio', { name: '300,000원' }));
    await user.click(chargeButton);
    await confirmCharge(user, '300,000원을 충전하고, 등록된 결제 카드로 부가세를 포함한 330,000원을 결제해요.');
    expect(await within(box).findByText('405,000원')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ amount: 100_000 }, { amount: 300_000 }]);
    expect(calls[0].key).toBeTruthy();
    expect(calls[1].key).toBeTruthy();
    expect(calls[0].key).not.toBe(calls[1].key);
  });

  it('charges nothing on one click: the confirmation asks first, and 취소 sends nothing (issue 23 item 13)', async () => {
    let posts = 0;
    server.use(
      http.get(ACCOUNT_URL, () => json(account(5_000))),
      http.post(CHARGE_URL, () => { posts += 1; return json({ chargeIdx: 1, status: 'PAID' }, { status: 201 }); }),
    );
    const { user } = renderWithAdmin(<CreditPage />);
    const chargeButton = await screen.findByRole('button', { name: '충전하기' });
    await waitFor(() => expect(chargeButton).toBeEnabled());
    await user.click(chargeButton);
    const dialog = await screen.findByRole('dialog', { name: '충전할까요?' });
    expect(dialog).toHaveTextContent('110,000원');
    expect(posts).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toBe(0);
    expect(screen.getByTestId('credit-page-balance')).toHaveTextContent('5,000원');
  });

  it('shows a declined charge\'s message and keeps the balance', async () => {
    server.use(
      http.get(ACCOUNT_URL, () => json(account(5_000))),
      http.post(CHARGE_URL, () => fail(409, { code: 'CONFLICT', message: CREDIT_MSG.chargeDeclined })),
    );
    const { user } = renderWithAdmin(<CreditPage />);
    const chargeButton = await screen.findByRole('button', { name: '충전하기' });
    await waitFor(() => expect(chargeButton).toBeEnabled());
    await user.click(chargeButton);
    await confirmCharge(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDIT_MSG.chargeDeclined);
    expect(screen.getByTestId('credit-page-balance')).toHaveTextContent('5,000원');
  });

  it('asks for a card before charging when none is registered', async () => {
    server.use(http.get(ACCOUNT_URL, () => json(account(0))), methods([]));
    renderWithAdmin(<CreditPage />);
    expect(await screen.findByText('충전하려면 결제 카드를 먼저 등록해 주세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '충전하기' })).toBeDisabled();
  });
});

describe('the auto top-up dialog', () => {
  async function openAuto() {
    const r = renderWithAdmin(<CreditPage />);
    const button = await screen.findByRole('button', { name: '자동 충전 설정' });
    await waitFor(() => expect(button).toBeEnabled());
    await r.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: '자동 충전 설정' });
    return { ...r, dialog };
  }

  async function choose(user: ReturnType<typeof renderWithAdmin>['user'], dialog: HTMLElement, label: string, option: string) {
    await user.click(within(dialog).getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it('refuses a threshold above the amount with the spec\'s message and sends nothing', async () => {
    let puts = 0;
    server.use(http.get(ACCOUNT_URL, () => json(account(5_000))), http.put(CONFIG_URL, () => { puts += 1; return json(account(5_000)); }));
    const { user, dialog } = await openAuto();
    await choose(user, dialog, '충전 조건 (잔액이 이 금액 미만일 때)', '500,000원');
    await choose(user, dialog, '자동 충전 금액', '300,000원');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('충전 조건보다 큰 금액을 선택해주세요.')).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it('saves with PUT /account/config and shows the saved toast', async () => {
    let body: unknown;
    const config = { rechargeThreshold: 100_000, rechargeAmount: 500_000, autoRechargeActivated: true };
    server.use(
      http.get(ACCOUNT_URL, () => json(body ? account(5_000, config) : account(5_000))),
      http.put(CONFIG_URL, async ({ request }) => { body = await request.json(); return json(account(5_000, config)); }),
    );
    const { user, dialog } = await openAuto();
    await user.click(within(dialog).getByRole('switch', { name: '자동 충전 사용' }));
    await choose(user, dialog, '충전 조건 (잔액이 이 금액 미만일 때)', '100,000원');
    await choose(user, dialog, '자동 충전 금액', '500,000원');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText(CREDIT_MSG.configSaved)).toBeInTheDocument();
    expect(body).toEqual({ accountIdx: 7, ...config });
    expect(await screen.findByText('자동 충전 사용 중: 잔액이 100,000원 미만이면 500,000원 충전')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '자동 충전 설정' })).not.toBeInTheDocument());
  });

  it('shows the generic error toast when saving fails', async () => {
    server.use(http.get(ACCOUNT_URL, () => json(account(5_000))), http.put(CONFIG_URL, () => fail(500, { code: 'INTERNAL_ERROR', message: 'x' })));
    const { user, dialog } = await openAuto();
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('일시적인 오류가 발생했어요.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '자동 충전 설정' })).toBeInTheDocument();
  });
});

describe('the transactions list', () => {
  it('lists the groups as the API answers them, for the chosen range', async () => {
    server.use(http.get(ACCOUNT_URL, () => json(account(5_000))));
    renderWithAdmin(<CreditPage />);
    const table = await screen.findByRole('table', { name: '충전·사용 내역' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('충전');
    expect(rows[1]).toHaveTextContent('결제 완료');
    expect(rows[1]).toHaveTextContent('300,000원');
    expect(rows[2]).toHaveTextContent('사용');
    expect(rows[2]).toHaveTextContent('-1,500원');
    // One date format (issue 23 item 13): 2026-11-20 10:00, Seoul time, as on the bills.
    expect(rows[1]).toHaveTextContent('2026-11-20 10:00');
    expect(rows[3]).toHaveTextContent('2026-11-18 12:44');
    expect(table).not.toHaveTextContent(/오전|오후|\d{4}\. \d/);
    expect(groupQueries[0].get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(groupQueries[0].get('end')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(groupQueries[0].get('sort')).toBe('startedAt,desc');
  });

  it('offers 환불 only on a charge the server says is refundable, and asks before refunding (issue 23 item 13)', async () => {
    let refunds = 0;
    server.use(
      http.get(ACCOUNT_URL, () => json(account(305_000))),
      http.post('/api/credit/account/charge/:idx/refund', () => { refunds += 1; return json({ chargeIdx: 2, status: 'REFUNDED' }); }),
    );
    const { user } = renderWithAdmin(<CreditPage />);
    const table = await screen.findByRole('table', { name: '충전·사용 내역' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[3]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /환불/ })).toHaveLength(1);
    await user.click(within(rows[1]).getByRole('button', { name: '2026-11-20 10:00 충전 300,000원 환불' }));
    const dialog = await screen.findByRole('dialog', { name: '충전금을 환불할까요?' });
    expect(dialog).toHaveTextContent('2026-11-20 10:00에 충전한 300,000원을 환불해요');
    expect(dialog).toHaveTextContent('330,000원');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refunds).toBe(0);
    await user.click(within(rows[1]).getByRole('button', { name: /환불/ }));
    await user.click(within(await screen.findByRole('dialog', { name: '충전금을 환불할까요?' })).getByRole('button', { name: '환불하기' }));
    expect(await screen.findByText('환불되었어요')).toBeInTheDocument();
    expect(refunds).toBe(1);
  });

  it('refunds a paid charge and refreshes the balance, or shows why not', async () => {
    let balance = 305_000;
    let refunds = 0;
    server.use(
      http.get(ACCOUNT_URL, () => json(account(balance))),
      http.post('/api/credit/account/charge/:idx/refund', ({ params }) => {
        refunds += 1;
        if (refunds > 1) return fail(409, { code: 'CONFLICT', message: CREDIT_MSG.refundUsed });
        expect(params.idx).toBe('2');
        balance -= 300_000;
        return json({ chargeIdx: 2, status: 'REFUNDED' });
      }),
    );
    const { user } = renderWithAdmin(<><BalanceBox /><CreditPage /></>);
    const box = await screen.findByRole('group', { name: '충전금 잔액' });
    await screen.findByRole('table', { name: '충전·사용 내역' });
    const refundOnce = async () => {
      // Once the previous confirmation has closed (the page is no longer hidden behind it).
      await user.click(await within(await screen.findByRole('table', { name: '충전·사용 내역' })).findByRole('button', { name: /환불/ }));
      await user.click(within(await screen.findByRole('dialog', { name: '충전금을 환불할까요?' })).getByRole('button', { name: '환불하기' }));
    };
    await refundOnce();
    expect(await within(box).findByText('5,000원')).toBeInTheDocument();
    // The server still refuses (the charge was used meanwhile): its message shows.
    await refundOnce();
    expect(await screen.findByText(CREDIT_MSG.refundUsed)).toBeInTheDocument();
  });

  it('skips the call while start or end is missing', async () => {
    server.use(http.get(ACCOUNT_URL, () => json(account(5_000))));
    const { user } = renderWithAdmin(<CreditPage />);
    await screen.findByRole('table', { name: '충전·사용 내역' });
    const calls = groupQueries.length;
    await user.clear(screen.getByLabelText('시작일'));
    expect(await screen.findByText('조회할 기간의 시작일과 종료일을 선택해 주세요.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '충전·사용 내역' })).not.toBeInTheDocument();
    expect(groupQueries.length).toBe(calls);
    expect(groupQueries.every((q) => q.get('start') && q.get('end'))).toBe(true);
  });
});
