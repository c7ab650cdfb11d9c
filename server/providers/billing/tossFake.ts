import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Toss Payments' billing contract for tests (no outside network): Basic auth with
 * the secret key, the key-in and auth-key billing-key calls, and the charge, idempotent by its
 * Idempotency-Key, and the payment cancel (a refund), idempotent the same way. Card 4000000000000002 is refused by the card company, 4000000000000119 fails
 * with a 5xx; authKey 'auth_ok' is the only valid one. `answerNext` forces the next answer.
 */
export interface TossFake {
  url: string;
  secretKey: string;
  seen: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  /** Charges actually made (a replayed idempotency key does not count). */
  charged(): number;
  /** Refunds (payment cancels) actually made. */
  refunded(): number;
  answerNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

interface Payment { paymentKey: string; orderId: string; status: string; totalAmount: number; approvedAt: string }

export async function startTossFake(secretKey = 'test_sk_fake'): Promise<TossFake> {
  const seen: TossFake['seen'] = [];
  const billingKeys = new Map<string, string>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, unknown>();
  let charged = 0;
  let refunded = 0;
  let next: { status: number; body: unknown } | null = null;
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const path = req.url ?? '';
      seen.push({ path, headers: req.headers, body });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`) {
        return send(res, 401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
      }
      if (next) {
        const { status, body: answer } = next;
        next = null;
        return send(res, status, answer);
      }
      if (path === '/v1/billing/authorizations/card') {
        if (body.cardNumber === '4000000000000002') return send(res, 400, { code: 'REJECT_CARD_COMPANY', message: '카드사에서 거절한 카드입니다.' });
        if (body.cardNumber === '4000000000000119') return send(res, 500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' });
        const billingKey = `bk_${billingKeys.size + 1}`;
        billingKeys.set(billingKey, String(body.customerKey));
        const n = String(body.cardNumber);
        const masked = `${n.slice(0, 8)}****${n.slice(12, 15)}*`;
        return send(res, 200, {
          mId: 'tvivarepublica', customerKey: body.customerKey, authenticatedAt: '2026-11-22T10:00:00+09:00', method: '카드', billingKey,
          cardCompany: '신한', cardNumber: masked, card: { issuerCode: '4V', acquirerCode: '41', number: masked, cardType: '신용', ownerType: '개인' },
        });
      }
      if (path === '/v1/billing/authorizations/issue') {
        if (body.authKey !== 'auth_ok') return send(res, 400, { code: 'INVALID_AUTH_KEY', message: '인증 키가 올바르지 않습니다.' });
        billingKeys.set('bk_auth', String(body.customerKey));
        return send(res, 200, { billingKey: 'bk_auth', customerKey: body.customerKey, cardCompany: '현대', card: { number: '51234567****123*', cardType: '체크' } });
      }
      const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
      if (cancel) {
        const key = String(req.headers['idempotency-key'] ?? '');
        const done = refunds.get(key);
        if (key && done) return send(res, 200, done);
        const paid = [...payments.values()].find((p) => p.paymentKey === decodeURIComponent(cancel[1]));
        if (!paid) return send(res, 404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
        if (paid.status === 'CANCELED') return send(res, 400, { code: 'ALREADY_CANCELED_PAYMENT', message: '이미 취소된 결제 입니다.' });
        const amount = Number(body.cancelAmount ?? paid.totalAmount);
        paid.status = amount >= paid.totalAmount ? 'CANCELED' : 'PARTIAL_CANCELED';
        const answer = { ...paid, cancels: [{ cancelAmount: amount, cancelReason: String(body.cancelReason ?? '') }] };
        if (key) refunds.set(key, answer);
        refunded += 1;
        return send(res, 200, answer);
      }
      const charge = /^\/v1\/billing\/([^/]+)$/.exec(path);
      if (charge) {
        const key = String(req.headers['idempotency-key'] ?? '');
        const done = payments.get(key);
        if (key && done) return send(res, 200, done);
        if (billingKeys.get(decodeURIComponent(charge[1])) !== body.customerKey) return send(res, 404, { code: 'NOT_FOUND_BILLING', message: '빌링키를 찾을 수 없습니다.' });
        charged += 1;
        const payment: Payment = { paymentKey: `pay_${charged}`, orderId: String(body.orderId), status: 'DONE', totalAmount: Number(body.amount), approvedAt: '2026-11-22T10:00:01+09:00' };
        if (key) payments.set(key, payment);
        return send(res, 200, payment);
      }
      return send(res, 404, { code: 'NOT_FOUND', message: '없는 경로' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    seen,
    charged: () => charged,
    refunded: () => refunded,
    answerNext: (status, body) => void (next = { status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
