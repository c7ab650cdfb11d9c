import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { SUBSCRIPTION_MSG } from '../../domain/subscription';
import { fail, json, server, setupMsw, signIn, API } from '../../testing/server';
import { renderAppAt } from '../../testing/render';
import { brandAccount } from '../../testing/fixtures';
import { SubscribePage } from './SubscribePage';
import { CARD_URL, METHOD_URL, card, methods } from './testing';
import { enter } from '../../testing/enter';

setupMsw();

const PLANS = [
  { groupId: 'STARTER', planId: 'P-STARTER', name: 'Starter', price: 49_000, level: 1 },
  { groupId: 'STANDARD', planId: 'P-STANDARD', name: 'Standard', price: 99_000, level: 2 },
  { groupId: 'PRO', planId: 'P-PRO', name: 'Pro', price: 199_000, level: 3 },
  { groupId: 'ENTERPRISE', planId: 'P-ENT', name: 'Enterprise', price: 0, level: 4 },
];
const charged = { planGroup: 'STANDARD', planName: 'Standard', planId: 'P-STANDARD', state: 'CHARGED', status: 'CHARGED', startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', isCanceled: false };
const quoteOf = (kind: string, totalAmount: number, vat: number, remainingDays: number | null = null, items: unknown[] = []) => ({
  kind, planId: 'P-PRO', startDate: '2026-11-24T00:00:00Z', endDate: '2026-12-01T00:00:00Z', remainingDays, periodDays: remainingDays ? 30 : null, items, price: totalAmount - vat, vat, totalAmount,
});
const item = (itemType: 'PLAN' | 'REFUND_PLAN', itemName: string, originPrice: number, price: number) => {
  const vat = Math.sign(price) * Math.round(Math.abs(price) * 0.1);
  return { itemType, itemName, originPrice, price, vat, totalAmount: price + vat, count: 1, startDate: '2026-11-24T00:00:00Z', endDate: '2026-12-01T00:00:00Z' };
};
// 7 of 30 days left: Pro 199,000 × 7/30 = 46,433 (+4,643 VAT), Standard 99,000 × 7/30 = 23,100 (+2,310 VAT).
const PRO_LEFT = item('PLAN', 'Pro', 199_000, 46_433);
const STANDARD_UNUSED = item('REFUND_PLAN', 'Standard', 99_000, -23_100);
const STANDARD_LEFT = item('PLAN', 'Standard', 99_000, 23_100);
const PRO_UNUSED = item('REFUND_PLAN', 'Pro', 199_000, -46_433);

let subscription: unknown = null;
let posts: { body: unknown; key: string | null }[] = [];
let identityReads = 0;

beforeEach(() => {
  signIn(brandAccount());
  subscription = null;
  posts = [];
  identityReads = 0;
  server.use(
    methods([card(1)]),
    http.get(API, () => {
      identityReads += 1;
      return undefined;
    }),
    http.get('/api/payment/v2/plan', () => json({ list: PLANS })),
    http.get('/api/payment/v2/subscription', () => json(subscription)),
    http.get('/api/payment/v2/bill', () => json({ list: [], total: 0 })),
  );
});

const render = () => renderAppAt('/b2b/payment/subscribe', <Routes><Route path="*" element={<SubscribePage />} /></Routes>);

describe('subscribing from a plan card', () => {
  it('shows the calculator amount with VAT, subscribes with an Idempotency-Key, toasts and refreshes the identity', async () => {
    server.use(
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('NEW', 108_900, 9_900))),
      http.post('/api/payment/v2/subscription', async ({ request }) => {
        posts.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        subscription = charged;
        return json({ subscription: charged, bill: null, quote: quoteOf('NEW', 108_900, 9_900) }, { status: 201 });
      }),
    );
    const { user } = render();
    expect(screen.queryByText(/카드 등록과 결제는 곧 이용하실 수 있어요/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Standard 구독하기' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enterprise/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Standard 구독하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제 결제' });
    expect(await within(dialog).findByTestId('subscribe-total')).toHaveTextContent('108,900원');
    expect(dialog).toHaveTextContent('VAT 9,900원 포함');
    const readsBefore = identityReads;
    await user.click(within(dialog).getByRole('button', { name: '결제하기' }));
    expect(await screen.findByText('구독이 완료되었어요')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ planId: 'P-STANDARD' });
    expect(posts[0].key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(identityReads).toBeGreaterThan(readsBefore));
    expect(await screen.findByRole('button', { name: '구독 해지' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pro 변경하기' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Standard (구독하기|변경하기)/ })).not.toBeInTheDocument();
  });

  it('shows the proration of an upgrade: Pro for the days left minus the unused Standard part, adding up to the total', async () => {
    subscription = charged;
    // 51,076 − 25,410 = 25,666원 (VAT 2,333원 = 4,643 − 2,310).
    server.use(http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('UPGRADE', 25_666, 2_333, 7, [PRO_LEFT, STANDARD_UNUSED]))));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Pro 변경하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pro 요금제 결제' });
    const lines = await within(dialog).findByRole('table', { name: '일할 계산' });
    const rows = within(lines).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Pro 남은 7일 (월 199,000원 × 7/30일)');
    expect(rows[0]).toHaveTextContent('+51,076원');
    expect(rows[1]).toHaveTextContent('Standard 쓰지 않은 7일 (월 99,000원 × 7/30일)');
    expect(rows[1]).toHaveTextContent('−25,410원');
    expect(within(dialog).getByTestId('subscribe-total')).toHaveTextContent('25,666원');
    expect(dialog).toHaveTextContent('결제 금액 (VAT 포함)');
    expect(dialog).toHaveTextContent('남은 7일에 대한 차액을 지금 결제해요');
    expect(within(dialog).getByRole('button', { name: '결제하기' })).toBeInTheDocument();
  });

  it('words a downgrade as a change with a refund: 변경 and 환불, never 결제', async () => {
    subscription = { ...charged, planGroup: 'PRO', planName: 'Pro' };
    const refund = STANDARD_LEFT.totalAmount + PRO_UNUSED.totalAmount;
    server.use(
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('DOWNGRADE', refund, STANDARD_LEFT.vat + PRO_UNUSED.vat, 7, [STANDARD_LEFT, PRO_UNUSED]))),
      http.post('/api/payment/v2/subscription', () => {
        subscription = { ...charged };
        return json({ subscription, bill: null, quote: null }, { status: 201 });
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 변경하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제로 변경' });
    expect(await within(dialog).findByTestId('subscribe-total')).toHaveTextContent('25,666원');
    expect(dialog).toHaveTextContent('환불 금액 (VAT 포함)');
    expect(dialog).toHaveTextContent('차액을 환불해 드려요');
    expect(within(dialog).getByTestId('proration-charge')).toHaveTextContent('Standard 남은 7일');
    expect(within(dialog).getByTestId('proration-credit')).toHaveTextContent('Pro 쓰지 않은 7일');
    expect(dialog).not.toHaveTextContent('결제');
    expect(within(dialog).queryByRole('button', { name: '결제하기' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '변경하기' }));
    expect(await screen.findByText('요금제를 변경했어요. 환불 금액은 결제한 카드로 돌려드려요')).toBeInTheDocument();
  });

  it("shows a declined card's message from the provider and keeps the dialog open", async () => {
    server.use(
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('NEW', 108_900, 9_900))),
      http.post('/api/payment/v2/subscription', () => fail(400, { code: 'PAYMENT_DECLINED', message: '카드사에서 결제를 거절했어요 (잔액 부족)' })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 구독하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제 결제' });
    await within(dialog).findByTestId('subscribe-total');
    await user.click(within(dialog).getByRole('button', { name: '결제하기' }));
    expect(await within(dialog).findByText('카드사에서 결제를 거절했어요 (잔액 부족)')).toBeInTheDocument();
  });

  it('opens the add-card dialog when there is no card, then the confirmation once the card is registered', async () => {
    let cards: ReturnType<typeof card>[] = [];
    server.use(
      http.get(METHOD_URL, () => json({ list: cards, total: cards.length, hasPaymentEmail: true, customerKey: 'ck' })),
      http.post(CARD_URL, () => {
        cards = [card(1)];
        return json(card(1), { status: 201 });
      }),
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('NEW', 108_900, 9_900))),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 구독하기' }));
    const add = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    for (const [i, g] of ['4242', '4242', '4242', '4242'].entries()) await enter(user, within(add).getByLabelText(`카드 번호 ${i + 1}번째 4자리`), g);
    await enter(user, within(add).getByLabelText('유효기간 월 (MM)'), '12');
    await enter(user, within(add).getByLabelText('유효기간 연도 (YY)'), '30');
    await enter(user, within(add).getByLabelText('카드 비밀번호 앞 2자리'), '12');
    await enter(user, within(add).getByLabelText('생년월일 6자리 또는 사업자등록번호 10자리'), '900101');
    await user.click(within(add).getByRole('button', { name: '등록' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제 결제' });
    expect(await within(dialog).findByTestId('subscribe-total')).toHaveTextContent('108,900원');
    expect(screen.queryByRole('dialog', { name: '결제 카드 등록' })).not.toBeInTheDocument();
  });

  it('closing the add-card dialog without a card opens no confirmation', async () => {
    server.use(methods([], false));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 구독하기' }));
    const add = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    await user.click(within(add).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the generic payment failure text of a 502', async () => {
    server.use(
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('NEW', 108_900, 9_900))),
      http.post('/api/payment/v2/subscription', () => fail(502, { code: 'PAYMENT_FAILED', message: SUBSCRIPTION_MSG.chargeFailed })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 구독하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제 결제' });
    await within(dialog).findByTestId('subscribe-total');
    await user.click(within(dialog).getByRole('button', { name: '결제하기' }));
    expect(await within(dialog).findByText(SUBSCRIPTION_MSG.chargeFailed)).toBeInTheDocument();
  });

  it('opens the add-card dialog when the server answers 409 no card', async () => {
    server.use(
      http.post('/api/payment/v2/subscription/calculator', () => json(quoteOf('NEW', 108_900, 9_900))),
      http.post('/api/payment/v2/subscription', () => fail(409, { code: 'CONFLICT', message: SUBSCRIPTION_MSG.cardRequired })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Standard 구독하기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standard 요금제 결제' });
    await within(dialog).findByTestId('subscribe-total');
    server.use(methods([], false));
    await user.click(within(dialog).getByRole('button', { name: '결제하기' }));
    expect(await screen.findByRole('dialog', { name: /결제 카드/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Standard 요금제 결제' })).not.toBeInTheDocument();
  });
});

describe('cancelling', () => {
  it('asks first, then shows that the subscription runs to the period end', async () => {
    subscription = charged;
    let deletes = 0;
    server.use(http.delete('/api/payment/v2/subscription', () => {
      deletes += 1;
      subscription = { ...charged, isCanceled: true, status: 'CANCEL_SCHEDULED' };
      return json(subscription);
    }));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: '구독 해지' }));
    const dialog = await screen.findByRole('dialog', { name: '구독을 해지할까요?' });
    await user.click(within(dialog).getByRole('button', { name: '계속 이용하기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);
    await user.click(screen.getByRole('button', { name: '구독 해지' }));
    await user.click(within(await screen.findByRole('dialog', { name: '구독을 해지할까요?' })).getByRole('button', { name: '해지하기' }));
    expect(await screen.findByText('구독이 해지 예약되었어요')).toBeInTheDocument();
    expect(deletes).toBe(1);
    expect(await screen.findByTestId('runs-to-end')).toHaveTextContent('까지 이용할 수 있고, 이후 자동 결제되지 않아요.');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('해지 예약됨');
    expect(screen.queryByText('구독 중')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '구독 해지' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Standard 구독하기' })).toBeInTheDocument();
  });
});

describe('the state shown is the server\'s, in one chip (issue 23 item 11)', () => {
  const proCard = async () => (await screen.findByRole('heading', { name: 'Pro', level: 3 })).closest('.MuiPaper-root') as HTMLElement;
  const chips = () => within(screen.getByTestId('subscription-status-row')).queryAllByText(/구독 중|구독 종료|해지 예약됨|무료 체험/);

  it("a finished trial keeps no '이용 중' on its plan's card", async () => {
    subscription = { planGroup: 'PRO', planName: 'Pro', planId: 'P-PRO', state: 'TRIAL_FINISHED', status: 'TRIAL_FINISHED', isTrial: true, startDate: '2026-11-01T00:00:00Z', endDate: '2026-11-15T00:00:00Z', isCanceled: false };
    render();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('무료 체험 종료');
    expect(within(await proCard()).queryByText('이용 중')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pro 구독하기' })).toBeInTheDocument();
  });

  it("an ended plan (its renewals failed) keeps no '이용 중' on its plan's card", async () => {
    subscription = { ...charged, planGroup: 'PRO', planName: 'Pro', planId: 'P-PRO', state: 'CHARGED_PLAN_FINISHED', status: 'CHARGED_PLAN_FINISHED' };
    render();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('구독 종료');
    expect(within(await proCard()).queryByText('이용 중')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pro 구독하기' })).toBeInTheDocument();
  });

  it("an ended, cancelled plan shows only 구독 종료: no '해지 예약됨', no '이용 중', no 구독 해지", async () => {
    subscription = { ...charged, planGroup: 'PRO', planName: 'Pro', state: 'CHARGED_PLAN_FINISHED', status: 'CHARGED_PLAN_FINISHED', isCanceled: true };
    render();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('구독 종료');
    expect(chips()).toHaveLength(1);
    expect(screen.queryByText('해지 예약됨')).not.toBeInTheDocument();
    expect(screen.queryByTestId('runs-to-end')).not.toBeInTheDocument();
    expect(within(await proCard()).queryByText('이용 중')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '구독 해지' })).not.toBeInTheDocument();
  });

  it("displays the server's status, not one derived from the browser's clock", async () => {
    // The period ended by the browser's clock (2020), but the server says it runs: the console shows what the server says.
    subscription = { ...charged, planGroup: 'PRO', planName: 'Pro', startDate: '2020-01-01T00:00:00Z', endDate: '2020-02-01T00:00:00Z' };
    render();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('구독 중');
    expect(chips()).toHaveLength(1);
    expect(within(await proCard()).getByText('이용 중')).toBeInTheDocument();
  });

  it('구독 해지 is a real button of its own, not beside the status chip', async () => {
    subscription = charged;
    render();
    const cancel = await screen.findByRole('button', { name: '구독 해지' });
    expect(cancel.tagName).toBe('BUTTON');
    expect(cancel).not.toHaveClass('MuiChip-root');
    expect(cancel).toHaveClass('MuiButton-sizeMedium');
    expect(within(screen.getByTestId('subscription-status-row')).queryByRole('button')).not.toBeInTheDocument();
  });
});

const bill = (idx: number, over: Record<string, unknown> = {}) => ({
  idx, kind: 'SUBSCRIBE', status: 'complete', planId: 'P-STANDARD', totalAmount: 108_900, payDate: '2026-11-24T01:00:00Z', failMessage: null, attempt: null, createdAt: '2026-11-24T01:00:00Z',
  itemList: [{ itemType: 'PLAN', itemName: 'Standard', itemUnit: null, originPrice: 99_000, discountPrice: 0, discountRate: 0, price: 99_000, vat: 9_900, totalAmount: 108_900, count: 1, startDate: '2026-11-24T01:00:00Z', endDate: '2026-12-24T00:00:00Z', payDate: '2026-11-24T01:00:00Z' }],
  ...over,
});

describe('bills', () => {
  it('lists bills with date, item, amount and result, and pages through them', async () => {
    const queries: URLSearchParams[] = [];
    server.use(http.get('/api/payment/v2/bill', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const page = Number(q.get('page'));
      const list = page === 1
        ? Array.from({ length: 10 }, (_, i) => bill(30 - i))
        : Array.from({ length: 10 }, (_, i) => bill(20 - i, { status: i === 0 ? 'fail' : 'complete', failMessage: i === 0 ? '잔액 부족' : null }));
      return json({ list, total: 30 });
    }));
    const { user } = render();
    const table = await screen.findByRole('table', { name: '결제 내역' });
    expect(await within(table).findAllByText('Standard · 구독')).toHaveLength(10);
    expect(within(table).getAllByText('108,900원')).toHaveLength(10);
    expect(within(table).getAllByText('결제 완료')).toHaveLength(10);
    expect(queries[0].get('page')).toBe('1');
    expect(queries[0].get('pageSize')).toBe('10');
    expect(queries[0].get('sort')).toBe('DESC');
    expect(screen.getByText('1–10 / 전체 30건')).toBeInTheDocument();
    // One date format on the payment screens (issue 23 item 13), the credit history's: 2026-11-24 10:00, Seoul time.
    expect(within(table).getAllByText('2026-11-24 10:00')).toHaveLength(10);
    expect(table).not.toHaveTextContent('2026. 11.');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByText('결제 실패')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('2');
  });

  it('shows an empty list', async () => {
    server.use(http.get('/api/payment/v2/bill', () => json({ list: [], total: 0 })));
    render();
    expect(await screen.findByText('결제 내역이 없어요')).toBeInTheDocument();
  });

  it('opens a receipt with 공급자, 공급받는자, the masked card, lines at 공급가액 and 공급가액 + 부가세 = 합계, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const receipt = {
      supplier: { businessNumber: '1234567891', name: '파트너 콘솔 (데모)' }, buyer: { businessNumber: '1208123456', name: '데모컴퍼니' },
      cardNumber: '****-****-****-4242', supplyAmount: 99_000, vat: 9_900, totalAmount: 108_900,
    };
    server.use(
      http.get('/api/payment/v2/bill', () => json({ list: [bill(7)], total: 1 })),
      http.get('/api/payment/v2/bill/7', () => json({ ...bill(7), receipt })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: '영수증 보기 7' }));
    const dialog = await screen.findByRole('dialog', { name: '영수증' });
    const supplier = await within(dialog).findByTestId('receipt-supplier');
    expect(supplier).toHaveTextContent('공급자');
    expect(supplier).toHaveTextContent('파트너 콘솔 (데모)');
    expect(supplier).toHaveTextContent('123-45-67891');
    const buyer = within(dialog).getByTestId('receipt-buyer');
    expect(buyer).toHaveTextContent('공급받는자');
    expect(buyer).toHaveTextContent('데모컴퍼니');
    expect(buyer).toHaveTextContent('120-81-23456');
    expect(within(dialog).getByTestId('receipt-card')).toHaveTextContent('****-****-****-4242');
    expect(dialog).toHaveTextContent('요금제 · Standard');
    // The line shows its 공급가액, VAT excluded; the totals add VAT once.
    expect(within(dialog).getAllByTestId('receipt-line-supply').map((c) => c.textContent)).toEqual(['99,000원']);
    expect(within(dialog).getByTestId('receipt-supply')).toHaveTextContent('99,000원');
    expect(within(dialog).getByTestId('receipt-vat')).toHaveTextContent('9,900원');
    expect(within(dialog).getByTestId('receipt-total')).toHaveTextContent('108,900원');
    expect(dialog).toHaveTextContent('부가세 (10%)');
    await user.click(within(dialog).getByRole('button', { name: '인쇄' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it("shows the server's message for a receipt it cannot find", async () => {
    server.use(
      http.get('/api/payment/v2/bill', () => json({ list: [bill(8)], total: 1 })),
      http.get('/api/payment/v2/bill/8', () => fail(404, { code: 'NOT_FOUND', message: SUBSCRIPTION_MSG.billNotFound })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: '영수증 보기 8' }));
    expect(await screen.findByText(SUBSCRIPTION_MSG.billNotFound)).toBeInTheDocument();
  });
});
