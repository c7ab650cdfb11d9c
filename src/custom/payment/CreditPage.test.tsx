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
    { groupKey: 'charge:2', type: 'CHARGE', status: 'PAID', startedAt: '2026-11-20T01:00:00Z', endedAt: '2026-11-20T01:00:00Z', amount: 300_000, entries: [] },
    { groupKey: 'debit:5', type: 'DEBIT', status: 'SETTLED', startedAt: '2026-11-19T01:00:00Z', endedAt: '2026-11-19T02:00:00Z', amount: -1_500, entries: [] },
  ],
  total: 2,
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
    expect(await within(box).findByText('105,000원')).toBeInTheDocument();
    expect(await screen.findByText(CREDIT_MSG.charged)).toBeInTheDocument();
    expect(screen.getByTestId('credit-page-balance')).toHaveTextContent('105,000원');

    await user.click(screen.getByRole('radio', { name: '300,000원' }));
    await user.click(chargeButton);
    expect(await within(box).findByText('405,000원')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ amount: 100_000 }, { amount: 300_000 }]);
    expect(calls[0].key).toBeTruthy();
    expect(calls[1].key).toBeTruthy();
    expect(calls[0].key).not.toBe(calls[1].key);
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
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('충전');
    expect(rows[1]).toHaveTextContent('결제 완료');
    expect(rows[1]).toHaveTextContent('300,000원');
    expect(rows[2]).toHaveTextContent('사용');
    expect(rows[2]).toHaveTextContent('-1,500원');
    expect(groupQueries[0].get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(groupQueries[0].get('end')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(groupQueries[0].get('sort')).toBe('startedAt,desc');
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
    const table = await screen.findByRole('table', { name: '충전·사용 내역' });
    await user.click(within(table).getByRole('button', { name: '환불' }));
    expect(await within(box).findByText('5,000원')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: '환불' }));
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
