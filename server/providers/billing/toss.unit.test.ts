import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingError, tossBilling, type BillingProvider } from './index';

/**
 * A local fake of Toss Payments' billing contract (no outside network): Basic auth with the secret
 * key, the key-in and auth-key issue calls, and the charge, idempotent by Idempotency-Key.
 */
const SECRET = 'test_sk_fake';
const CARD = { cardNumber: '4330123412341234', cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101' };

interface Seen { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }
const seen: Seen[] = [];
const billingKeys = new Map<string, string>();
const paymentsByKey = new Map<string, { paymentKey: string; orderId: string; status: string; totalAmount: number; approvedAt: string }>();
let charged = 0;
let nextAnswer: { status: number; body: unknown } | null = null;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : {};
    const path = req.url ?? '';
    seen.push({ path, headers: req.headers, body });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`) {
      return send(res, 401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
    }
    if (nextAnswer) {
      const { status, body: answer } = nextAnswer;
      nextAnswer = null;
      return send(res, status, answer);
    }
    if (path === '/v1/billing/authorizations/card') {
      if (body.cardNumber === '4000000000000002') return send(res, 400, { code: 'REJECT_CARD_COMPANY', message: '카드사에서 거절한 카드입니다.' });
      if (body.cardNumber === '4000000000000119') return send(res, 500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' });
      const billingKey = `bk_${billingKeys.size + 1}`;
      billingKeys.set(billingKey, String(body.customerKey));
      const n = String(body.cardNumber);
      return send(res, 200, {
        mId: 'tvivarepublica', customerKey: body.customerKey, authenticatedAt: '2026-11-22T10:00:00+09:00', method: '카드', billingKey,
        cardCompany: '신한', cardNumber: `${n.slice(0, 8)}****${n.slice(12, 15)}*`,
        card: { issuerCode: '4V', acquirerCode: '41', number: `${n.slice(0, 8)}****${n.slice(12, 15)}*`, cardType: '신용', ownerType: '개인' },
      });
    }
    if (path === '/v1/billing/authorizations/issue') {
      if (body.authKey !== 'auth_ok') return send(res, 400, { code: 'INVALID_AUTH_KEY', message: '인증 키가 올바르지 않습니다.' });
      billingKeys.set('bk_auth', String(body.customerKey));
      return send(res, 200, { billingKey: 'bk_auth', customerKey: body.customerKey, cardCompany: '현대', card: { number: '51234567****123*', cardType: '체크' } });
    }
    const charge = /^\/v1\/billing\/([^/]+)$/.exec(path);
    if (charge) {
      const key = String(req.headers['idempotency-key'] ?? '');
      const done = paymentsByKey.get(key);
      if (key && done) return send(res, 200, done);
      if (billingKeys.get(decodeURIComponent(charge[1])) !== body.customerKey) return send(res, 404, { code: 'NOT_FOUND_BILLING', message: '빌링키를 찾을 수 없습니다.' });
      charged += 1;
      const payment = { paymentKey: `pay_${charged}`, orderId: String(body.orderId), status: 'DONE', totalAmount: Number(body.amount), approvedAt: '2026-11-22T10:00:01+09:00' };
      if (key) paymentsByKey.set(key, payment);
      return send(res, 200, payment);
    }
    return send(res, 404, { code: 'NOT_FOUND', message: '없는 경로' });
  });
});

let toss: BillingProvider;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  toss = tossBilling({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => { seen.length = 0; nextAnswer = null; });

async function failureOf(p: Promise<unknown>): Promise<BillingError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(BillingError);
  return err as BillingError;
}

describe('Toss Payments billing adapter against a local fake', () => {
  it('issues a billing key by the key-in call, with Basic auth and the card fields', async () => {
    const issued = await toss.issueBillingKey('cust_1', { ...CARD, customerEmail: 'pay@brand.test' });
    expect(issued).toEqual({ billingKey: 'bk_1', providerMaskedNumber: '43301234****123*', cardCompany: '신한', cardType: '신용' });
    expect(seen[0].path).toBe('/v1/billing/authorizations/card');
    expect(seen[0].body).toEqual({ customerKey: 'cust_1', ...CARD, customerEmail: 'pay@brand.test' });
  });

  it('issues a billing key from the billing-auth window (authKey)', async () => {
    expect(await toss.issueBillingKeyFromAuth('cust_2', 'auth_ok')).toEqual({ billingKey: 'bk_auth', providerMaskedNumber: '51234567****123*', cardCompany: '현대', cardType: '체크' });
    expect(seen[0]).toMatchObject({ path: '/v1/billing/authorizations/issue', body: { authKey: 'auth_ok', customerKey: 'cust_2' } });
    expect(await failureOf(toss.issueBillingKeyFromAuth('cust_2', 'nope'))).toMatchObject({ kind: 'DECLINED', providerCode: 'INVALID_AUTH_KEY' });
  });

  it("maps a card company's refusal to a decline with Toss's message, and a 5xx to a failure", async () => {
    expect(await failureOf(toss.issueBillingKey('cust_1', { ...CARD, cardNumber: '4000000000000002' })))
      .toMatchObject({ kind: 'DECLINED', providerCode: 'REJECT_CARD_COMPANY', message: '카드사에서 거절한 카드입니다.' });
    expect(await failureOf(toss.issueBillingKey('cust_1', { ...CARD, cardNumber: '4000000000000119' })))
      .toMatchObject({ kind: 'FAILED', providerCode: 'FAILED_INTERNAL_SYSTEM_PROCESSING' });
  });

  it('treats a wrong secret key, an unknown code, an unreadable answer and an unreachable server as failures', async () => {
    const port = (server.address() as AddressInfo).port;
    const wrongKey = tossBilling({ secretKey: 'test_sk_wrong', baseUrl: `http://127.0.0.1:${port}` });
    expect(await failureOf(wrongKey.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'UNAUTHORIZED_KEY' });
    nextAnswer = { status: 400, body: { code: 'SOMETHING_NEW', message: '?' } };
    expect(await failureOf(toss.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'SOMETHING_NEW' });
    nextAnswer = { status: 502, body: 'not json' };
    expect(await failureOf(toss.issueBillingKey('c', CARD))).toMatchObject({ kind: 'FAILED', providerCode: 'HTTP_502' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = await failureOf(tossBilling({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${deadPort}` }).issueBillingKey('c', CARD));
    expect(gone).toMatchObject({ kind: 'FAILED', providerCode: 'NETWORK_ERROR' });
    expect(gone.message).not.toContain(CARD.cardNumber);
  });

  it('charges a billing key with an Idempotency-Key: a retried charge with the same key charges once', async () => {
    const { billingKey } = await toss.issueBillingKey('cust_9', CARD);
    const before = charged;
    const request = { billingKey, customerKey: 'cust_9', amount: 55_000, orderId: 'order_abc123', orderName: 'Standard 1개월', idempotencyKey: 'renewal-7-2026-12' };
    const first = await toss.charge(request);
    const retried = await toss.charge(request);
    expect(first).toEqual({ status: 'DONE', paymentKey: expect.any(String), orderId: 'order_abc123', amount: 55_000, approvedAt: expect.any(String) });
    expect(retried).toEqual(first);
    expect(charged - before).toBe(1);
    const chargeCalls = seen.filter((s) => s.path === `/v1/billing/${billingKey}`);
    expect(chargeCalls.map((c) => c.headers['idempotency-key'])).toEqual(['renewal-7-2026-12', 'renewal-7-2026-12']);
    expect(chargeCalls[0].body).toEqual({ customerKey: 'cust_9', amount: 55_000, orderId: 'order_abc123', orderName: 'Standard 1개월' });
    await toss.charge({ ...request, idempotencyKey: 'renewal-7-2027-01', orderId: 'order_abc124' });
    expect(charged - before).toBe(2);
  });

  it("maps a charge's statuses and errors", async () => {
    const { billingKey } = await toss.issueBillingKey('cust_3', CARD);
    const request = { billingKey, customerKey: 'cust_3', amount: 1000, orderId: 'order_x00001', orderName: 'x', idempotencyKey: 'k-status' };
    nextAnswer = { status: 200, body: { paymentKey: 'p', orderId: 'order_x00001', status: 'ABORTED', totalAmount: 1000, approvedAt: '' } };
    expect(await failureOf(toss.charge(request))).toMatchObject({ kind: 'FAILED', providerCode: 'STATUS_ABORTED' });
    nextAnswer = { status: 403, body: { code: 'EXCEED_MAX_DAILY_PAYMENT_COUNT', message: '하루 결제 가능 횟수를 초과했습니다.' } };
    expect(await failureOf(toss.charge({ ...request, idempotencyKey: 'k2' }))).toMatchObject({ kind: 'DECLINED', message: '하루 결제 가능 횟수를 초과했습니다.' });
    expect(await failureOf(toss.charge({ ...request, customerKey: 'someone_else', idempotencyKey: 'k3' }))).toMatchObject({ kind: 'DECLINED', providerCode: 'NOT_FOUND_BILLING' });
  });
});
