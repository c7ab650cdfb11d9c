import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * A local fake of Naver Commerce's contract (docs/api/integrations.md): the token (client id, timestamp
 * and the bcrypt signature of `clientId_timestamp` with the secret as salt), the last-changed statuses
 * (a window of at most 24 hours, at most 300 a page, continued by moreSequence) and the product-order
 * query (at most 300 ids); 429 GW.RATE_LIMIT on demand. NAVER_COMMERCE_API_URL = its url.
 */

export interface FakeProductOrder {
  productOrderId: string; orderId: string; productId: string; productName: string; totalPaymentAmount: number;
  productOrderStatus: string; lastChangedDate: string; ordererName: string; ordererTel: string; orderDate: string;
  sendDate?: string | null; decisionDate?: string | null;
}

export interface FakeNaver {
  url: string;
  clientId: string;
  clientSecret: string;
  productOrders: Map<string, FakeProductOrder>;
  stats: { changeCalls: number; queryCalls: number; throttled: number; windowsRefused: number; tokens: number };
  add(po: Partial<FakeProductOrder> & { productOrderId: string }, at: Date): FakeProductOrder;
  setStatus(productOrderId: string, status: string, at: Date): void;
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startFakeNaver(opts: { clientId?: string; clientSecret?: string } = {}): Promise<FakeNaver> {
  const clientId = opts.clientId ?? 'fake-naver-app';
  const clientSecret = opts.clientSecret ?? bcrypt.genSaltSync(4);
  const tokens = new Set<string>();
  let failing = { n: 0, status: 0 };
  const fake: FakeNaver = {
    url: '', clientId, clientSecret, productOrders: new Map(),
    stats: { changeCalls: 0, queryCalls: 0, throttled: 0, windowsRefused: 0, tokens: 0 },
    add(po, at) {
      const full: FakeProductOrder = {
        orderId: `O${po.productOrderId}`, productId: '501', productName: '캐시미어 머플러', totalPaymentAmount: 89000, productOrderStatus: 'PAYED',
        lastChangedDate: at.toISOString(), ordererName: '이네이버', ordererTel: '010-2222-3333', orderDate: at.toISOString(), ...po,
      };
      fake.productOrders.set(full.productOrderId, full);
      return full;
    },
    setStatus(id, status, at) {
      const po = fake.productOrders.get(id)!;
      po.productOrderStatus = status;
      po.lastChangedDate = at.toISOString();
      if (status === 'DISPATCHED' || status === 'DELIVERING') po.sendDate = at.toISOString();
      if (status === 'PURCHASE_DECIDED') po.decisionDate = at.toISOString();
    },
    failNext(n, status) { failing = { n, status }; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) => new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => resolve(data));
  });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/external/v1/oauth2/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const ts = form.get('timestamp') ?? '';
      const sign = Buffer.from(form.get('client_secret_sign') ?? '', 'base64').toString();
      if (form.get('client_id') !== clientId || sign !== bcrypt.hashSync(`${clientId}_${ts}`, clientSecret)) {
        return send(res, 401, { code: 'GW.AUTHN', message: 'invalid client' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      fake.stats.tokens++;
      return send(res, 200, { access_token: token, expires_in: 10800, token_type: 'Bearer' });
    }
    if (failing.n > 0) {
      failing.n--;
      fake.stats.throttled++;
      return send(res, failing.status, failing.status === 429 ? { code: 'GW.RATE_LIMIT', message: 'rate limit' } : { code: 'GW.ERROR' }, { 'gncp-gw-rate-limit-remaining': '0' });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!tokens.has(bearer)) return send(res, 401, { code: 'GW.AUTHN', message: 'invalid token' });
    if (url.pathname === '/external/v1/pay-order/seller/product-orders/last-changed-statuses') {
      fake.stats.changeCalls++;
      const from = new Date(url.searchParams.get('lastChangedFrom') ?? '').getTime();
      const to = new Date(url.searchParams.get('lastChangedTo') ?? '').getTime();
      const limit = Number(url.searchParams.get('limitCount') ?? 300);
      if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 24 * 3600_000 || limit > 300) {
        fake.stats.windowsRefused++;
        return send(res, 400, { code: 'BadRequest', message: 'window over 24 hours' });
      }
      const seq = Number(url.searchParams.get('moreSequence') ?? 0);
      const all = [...fake.productOrders.values()]
        .filter((p) => { const t = new Date(p.lastChangedDate).getTime(); return t >= from && t <= to; })
        .sort((a, b) => a.lastChangedDate.localeCompare(b.lastChangedDate) || a.productOrderId.localeCompare(b.productOrderId));
      const page = all.slice(seq, seq + limit);
      const more = seq + limit < all.length ? { moreFrom: page[page.length - 1].lastChangedDate, moreSequence: String(seq + limit) } : null;
      return send(res, 200, {
        data: {
          lastChangeStatuses: page.map((p) => ({ productOrderId: p.productOrderId, orderId: p.orderId, productOrderStatus: p.productOrderStatus, lastChangedDate: p.lastChangedDate })),
          count: page.length, more,
        },
      });
    }
    if (url.pathname === '/external/v1/pay-order/seller/product-orders/query' && req.method === 'POST') {
      fake.stats.queryCalls++;
      const ids = (JSON.parse(await readBody(req)) as { productOrderIds: string[] }).productOrderIds;
      if (ids.length > 300) return send(res, 400, { code: 'BadRequest' });
      return send(res, 200, {
        data: ids.map((id) => fake.productOrders.get(id)).filter(Boolean).map((p) => ({
          order: { orderId: p!.orderId, ordererName: p!.ordererName, ordererTel: p!.ordererTel, orderDate: p!.orderDate },
          productOrder: { productOrderId: p!.productOrderId, productId: p!.productId, productName: p!.productName, totalPaymentAmount: p!.totalPaymentAmount, productOrderStatus: p!.productOrderStatus, decisionDate: p!.decisionDate ?? null },
          delivery: { sendDate: p!.sendDate ?? null, deliveredDate: null },
        })),
      });
    }
    return send(res, 404, { code: 'NotFound' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
