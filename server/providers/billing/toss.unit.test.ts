import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingError, tossBilling, type BillingProvider } from './index';
import { startTossFake, type TossFake } from './tossFake';

const CARD = { cardNumber: '4330123412341234', cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101' };

let fake: TossFake;
let toss: BillingProvider;
beforeAll(async () => {
  fake = await startTossFake();
  toss = tossBilling({ secretKey: fake.secretKey, baseUrl: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => { fake.seen.length = 0; });

async function failureOf(p: Promise<unknown>): Promise<BillingError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(BillingError);
  return err as BillingError;
}

describe('Toss Payments billing adapter against a local fake', () => {
  it('issues a billing key by the key-in call, with Basic auth and the card fields', async () => {
    const issued = await toss.issueBillingKey('cust_1', { ...CARD, customerEmail: 'pay@brand.test' });
    expect(issued).toEqual({ billingKey: 'bk_1', providerMaskedNumber: '43301234****123*', cardCompany: '신한', cardType: '신용' });
    expect(fake.seen[0].path).toBe('/v1/billing/authorizations/card');
    expect(fake.seen[0].body).toEqual({ customerKey: 'cust_1', ...CARD, customerEmail: 'pay@brand.test' });
  });

  it('issues a billing key from the billing-auth window (authKey)', async () => {
    expect(await toss.issueBillingKeyFromAuth('cust_2', 'auth_ok')).toEqual({ billingKey: 'bk_auth', providerMaskedNumber: '51234567****123*', cardCompany: '현대', cardType: '체크' });
    expect(fake.seen[0]).toMatchObject({ path: '/v1/billing/authorizations/issue', body: { authKey: 'auth_ok', customerKey: 'cust_2' } });
    expect(await failureOf(toss.issueBillingKeyFromAuth('cust_2', 'nope'))).toMatchObject({ kind: 'DECLINED', providerCode: 'INVALID_AUTH_KEY' });
  });

  it("maps a card company's refusal to a decline with Toss's message, and a 5xx to a failure", async () => {
    expect(await failureOf(toss.issueBillingKey('cust_1', { ...CARD, cardNumber: '4000000000000002' })))
      .toMatchObject({ kind: 'DECLINED', providerCode: 'REJECT_CARD_COMPANY', message: '카드사에서 거절한 카드입니다.' });
    expect(await failureOf(toss.issueBillingKey('cust_1', { ...CARD, cardNumber: '4000000000000119' })))
      .toMatchObject({ kind: 'FAILED', providerCode: 'FAILED_INTERNAL_SYSTEM_PROCESSING' });
  });

  it('treats a wrong secret key, an unknown code, an unreadable answer and an unreachable server as failures', async () => {
    const wrongKey = tossBilling({ secretKey: 'test_sk_wrong', baseUrl: fake.url });
    expect(await failureOf(wrongKey.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'UNAUTHORIZED_KEY' });
    fake.answerNext(400, { code: 'SOMETHING_NEW', message: '?' });
    expect(await failureOf(toss.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'SOMETHING_NEW' });
    fake.answerNext(502, 'not json');
    expect(await failureOf(toss.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'HTTP_502' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = await failureOf(tossBilling({ secretKey: fake.secretKey, baseUrl: `http://127.0.0.1:${deadPort}` }).issueBillingKey('c', CARD));
    expect(gone).toMatchObject({ kind: 'FAILED', providerCode: 'NETWORK_ERROR' });
    expect(gone.message).not.toContain(CARD.cardNumber);
  });

  it('charges a billing key with an Idempotency-Key: a retried charge with the same key charges once', async () => {
    const { billingKey } = await toss.issueBillingKey('cust_9', CARD);
    const before = fake.charged();
    const request = { billingKey, customerKey: 'cust_9', amount: 55_000, orderId: 'order_abc123', orderName: 'Standard 1개월', idempotencyKey: 'renewal-7-2026-12' };
    const first = await toss.charge(request);
    const retried = await toss.charge(request);
    expect(first).toEqual({ status: 'DONE', paymentKey: expect.any(String), orderId: 'order_abc123', amount: 55_000, approvedAt: expect.any(String) });
    expect(retried).toEqual(first);
    expect(fake.charged() - before).toBe(1);
    const chargeCalls = fake.seen.filter((s) => s.path === `/v1/billing/${billingKey}`);
    expect(chargeCalls.map((c) => c.headers['idempotency-key'])).toEqual(['renewal-7-2026-12', 'renewal-7-2026-12']);
    expect(chargeCalls[0].body).toEqual({ customerKey: 'cust_9', amount: 55_000, orderId: 'order_abc123', orderName: 'Standard 1개월' });
    await toss.charge({ ...request, idempotencyKey: 'renewal-7-2027-01', orderId: 'order_abc124' });
    expect(fake.charged() - before).toBe(2);
  });

  it("maps a charge's statuses and errors", async () => {
    const { billingKey } = await toss.issueBillingKey('cust_3', CARD);
    const request = { billingKey, customerKey: 'cust_3', amount: 1000, orderId: 'order_x00001', orderName: 'x', idempotencyKey: 'k-status' };
    fake.answerNext(200, { paymentKey: 'p', orderId: 'order_x00001', status: 'ABORTED', totalAmount: 1000, approvedAt: '' });
    expect(await failureOf(toss.charge(request))).toMatchObject({ kind: 'FAILED', providerCode: 'STATUS_ABORTED' });
    fake.answerNext(403, { code: 'EXCEED_MAX_DAILY_PAYMENT_COUNT', message: '하루 결제 가능 횟수를 초과했습니다.' });
    expect(await failureOf(toss.charge({ ...request, idempotencyKey: 'k2' }))).toMatchObject({ kind: 'DECLINED', message: '하루 결제 가능 횟수를 초과했습니다.' });
    expect(await failureOf(toss.charge({ ...request, customerKey: 'someone_else', idempotencyKey: 'k3' }))).toMatchObject({ kind: 'DECLINED', providerCode: 'NOT_FOUND_BILLING' });
  });

  it('refunds a payment by the cancel call with an Idempotency-Key: a retried refund refunds once; an unknown payment fails', async () => {
    const { billingKey } = await toss.issueBillingKey('cust_r', CARD);
    const paid = await toss.charge({ billingKey, customerKey: 'cust_r', amount: 20_000, orderId: 'resv-1-55', orderName: '예약금', idempotencyKey: 'resv-1-55' });
    const before = fake.refunded();
    const request = { paymentKey: paid.paymentKey, amount: 20_000, reason: '예약 취소', idempotencyKey: 'resv-refund-1-55' };
    expect(await toss.refund(request)).toEqual({ paymentKey: paid.paymentKey, amount: 20_000 });
    expect(await toss.refund(request)).toEqual({ paymentKey: paid.paymentKey, amount: 20_000 });
    expect(fake.refunded() - before).toBe(1);
    const calls = fake.seen.filter((s) => s.path === `/v1/payments/${paid.paymentKey}/cancel`);
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(['resv-refund-1-55', 'resv-refund-1-55']);
    expect(calls[0].body).toEqual({ cancelReason: '예약 취소', cancelAmount: 20_000 });
    expect(await failureOf(toss.refund({ ...request, paymentKey: 'pay_none', idempotencyKey: 'k-none' }))).toMatchObject({ kind: 'FAILED', providerCode: 'NOT_FOUND_PAYMENT' });
  });
});
