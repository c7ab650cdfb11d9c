import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local fake of Cafe24's contract (docs/api/integrations.md): OAuth 2 authorize (auto-approves and
 * redirects with a code) and token (code and refresh_token grants, Basic client auth), orders by
 * updated date with items and buyer, one order, products, and the leaky bucket (40 per mall, 2 drained
 * a second) with X-Api-Call-Limit and 429. Tests drive it: add orders, move an item's status, make it
 * answer 429 or 5xx for a while, revoke tokens. Points (적립금): each member's balance and history
 * (`GET /api/v2/admin/points` by issue date, `POST /api/v2/admin/points` increase/decrease, refused
 * beyond the balance or for an unknown member); tests change a balance as the mall admin would, and can
 * make a write be applied but its answer lost (`applyThenFail`). Started by the API tests, the e2e and
 * the bench; never the network. Members (`GET /api/v2/admin/customersprivacy` by join date) for the
 * customer integration. Mounted under /malls/{mall_id}, so CAFE24_API_URL = `<url>/malls/{mall_id}`.
 */

export interface FakeItem {
  order_item_code: string; product_no: number; product_name: string; order_status: string; payment_amount: number;
  shipped_date?: string | null; delivered_date?: string | null;
}
export interface FakeOrder {
  order_id: string; order_date: string; updated_date: string;
  buyer: { name: string; cellphone: string; email?: string; member_id?: string };
  items: FakeItem[];
}

export interface FakePoint {
  shop_no: number; case: string; member_id: string; available_points_increase: string; available_points_decrease: string;
  available_points_total: string; issue_date: string; order_id: string | null; reason: string;
}

/** A mall member (`customersprivacy`): sms / news_mail are its marketing consents (T or F). */
export interface FakeMember {
  member_id: string; name: string; cellphone: string; email: string | null; sms: 'T' | 'F'; news_mail: 'T' | 'F'; created_date: string;
}

export interface FakeCafe24 {
  url: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder[]>;
  products: { product_no: number; product_name: string }[];
  /** API calls answered (not 429/5xx) and refused, per mall. */
  stats: { calls: number; throttled: number; failed: number; maxLevel: number; tokenRefreshes: number };
  addOrder(mallId: string, order: Partial<FakeOrder> & { order_id: string }): FakeOrder;
  setStatus(mallId: string, orderId: string, status: string, at?: Date): FakeOrder;
  /** The next `n` API calls answer `status` (429 or 5xx). */
  failNext(n: number, status: number): void;
  /** Each mall's point history (oldest first). */
  pointHistory: Map<string, FakePoint[]>;
  /** A member's available points at the mall (0 for one never seen). */
  pointsOf(mallId: string, memberId: string): number;
  /** A change made at the mall (its admin, an order, a review): a history row with the balance after. */
  changePoints(mallId: string, memberId: string, amount: number, reason: string, kind?: string, orderId?: string): FakePoint;
  /** The next `n` point writes are applied, but answered `status` (the answer lost on the way). */
  applyThenFail(n: number, status: number): void;
  /** Each mall's members (joined oldest first). */
  members: Map<string, FakeMember[]>;
  /** A member joins the mall (now, unless `created_date` is given). */
  addMember(mallId: string, member: Partial<FakeMember> & { member_id: string }): FakeMember;
  /** Every issued token stops working (the app removed, or revoked): 401 and refresh refused. */
  revokeAll(): void;
  /** The clock the fake stamps updated dates with (the test's clock). */
  now: () => Date;
  close(): Promise<void>;
}

export async function startFakeCafe24(opts: { clientId?: string; clientSecret?: string; now?: () => Date; bucket?: { capacity: number; perSecond: number } } = {}): Promise<FakeCafe24> {
  const clientId = opts.clientId ?? 'fake-cafe24-client';
  const clientSecret = opts.clientSecret ?? 'fake-cafe24-secret';
  const bucketLimit = opts.bucket ?? { capacity: 40, perSecond: 2 };
  const codes = new Map<string, string>();
  const access = new Map<string, { mall: string; expires: number }>();
  const refresh = new Map<string, string>();
  const buckets = new Map<string, { level: number; at: number }>();
  let failing: { n: number; status: number } = { n: 0, status: 0 };
  let lostAnswers: { n: number; status: number } = { n: 0, status: 0 };
  const balances = new Map<string, number>();
  const cafe24Date = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const fake: FakeCafe24 = {
    url: '', apiUrl: '', clientId, clientSecret, orders: new Map(), products: [{ product_no: 11, product_name: '가죽 토트백' }, { product_no: 12, product_name: '울 코트' }],
    stats: { calls: 0, throttled: 0, failed: 0, maxLevel: 0, tokenRefreshes: 0 },
    now: opts.now ?? (() => new Date()),
    addOrder(mallId, order) {
      const at = fake.now().toISOString();
      const full: FakeOrder = {
        order_date: at, updated_date: at, buyer: { name: '김주문', cellphone: '010-1234-5678', member_id: 'member1' },
        items: [{ order_item_code: `${order.order_id}-01`, product_no: 11, product_name: '가죽 토트백', order_status: 'N10', payment_amount: 120000 }],
        ...order,
      };
      const list = fake.orders.get(mallId) ?? [];
      list.push(full);
      fake.orders.set(mallId, list);
      return full;
    },
    setStatus(mallId, orderId, status, at = fake.now()) {
      const order = (fake.orders.get(mallId) ?? []).find((o) => o.order_id === orderId);
      if (!order) throw new Error('no such order');
      for (const item of order.items) {
        item.order_status = status;
        if (status === 'N30') item.shipped_date = at.toISOString();
        if (status === 'N40') item.delivered_date = at.toISOString();
      }
      order.updated_date = at.toISOString();
      return order;
    },
    failNext(n, status) { failing = { n, status }; },
    pointHistory: new Map(),
    pointsOf: (mallId, memberId) => balances.get(`${mallId}/${memberId}`) ?? 0,
    changePoints(mallId, memberId, amount, reason, kind = 'A', orderId) {
      const total = fake.pointsOf(mallId, memberId) + amount;
      balances.set(`${mallId}/${memberId}`, total);
      const row: FakePoint = {
        shop_no: 1, case: kind, member_id: memberId, available_points_increase: amount > 0 ? `${amount}.00` : '0.00',
        available_points_decrease: amount < 0 ? `${-amount}.00` : '0.00', available_points_total: `${total}.00`,
        issue_date: cafe24Date(fake.now()), order_id: orderId ?? null, reason,
      };
      const list = fake.pointHistory.get(mallId) ?? [];
      list.push(row);
      fake.pointHistory.set(mallId, list);
      return row;
    },
    applyThenFail(n, status) { lostAnswers = { n, status }; },
    members: new Map(),
    addMember(mallId, member) {
      const full: FakeMember = { name: '회원', cellphone: '010-0000-0000', email: null, sms: 'F', news_mail: 'F', created_date: cafe24Date(fake.now()), ...member };
      const list = fake.members.get(mallId) ?? [];
      list.push(full);
      fake.members.set(mallId, list);
      return full;
    },
    revokeAll() { access.clear(); refresh.clear(); },
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
  const issueTokens = (mall: string) => {
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    const now = Date.now();
    access.set(accessToken, { mall, expires: now + 2 * 3600_000 });
    refresh.set(refreshToken, mall);
    return {
      access_token: accessToken, expires_at: new Date(fake.now().getTime() + 2 * 3600_000).toISOString(), refresh_token: refreshToken,
      refresh_token_expires_at: new Date(fake.now().getTime() + 14 * 86_400_000).toISOString(), client_id: clientId, mall_id: mall, scopes: [],
    };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = /^\/malls\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!m) return send(res, 404, { error: { code: 404, message: 'not found' } });
    const mall = decodeURIComponent(m[1]);
    const path = m[2];
    if (path === '/api/v2/oauth/authorize') {
      if (url.searchParams.get('client_id') !== clientId) return send(res, 400, { error: 'invalid_client' });
      const code = randomBytes(12).toString('hex');
      codes.set(code, mall);
      const to = new URL(url.searchParams.get('redirect_uri') ?? '');
      to.searchParams.set('code', code);
      to.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: to.toString() });
      return res.end();
    }
    if (path === '/api/v2/oauth/token' && req.method === 'POST') {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return send(res, 401, { error: 'invalid_client' });
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (codes.get(code) !== mall) return send(res, 400, { error: 'invalid_grant' });
        codes.delete(code);
        return send(res, 200, issueTokens(mall));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        if (refresh.get(token) !== mall) return send(res, 400, { error: 'invalid_grant' });
        refresh.delete(token);
        fake.stats.tokenRefreshes++;
        return send(res, 200, issueTokens(mall));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (!path.startsWith('/api/v2/admin/')) return send(res, 404, { error: { code: 404, message: 'not found' } });
    // The leaky bucket, per mall.
    const now = Date.now();
    const b = buckets.get(mall) ?? { level: 0, at: now };
    b.level = Math.max(0, b.level - ((now - b.at) / 1000) * bucketLimit.perSecond);
    b.at = now;
    buckets.set(mall, b);
    if (b.level + 1 > bucketLimit.capacity) {
      fake.stats.throttled++;
      return send(res, 429, { error: { code: 429, message: 'Too Many Requests' } }, { 'x-api-call-limit': `${Math.ceil(b.level)}/${bucketLimit.capacity}` });
    }
    b.level += 1;
    fake.stats.maxLevel = Math.max(fake.stats.maxLevel, b.level);
    const limitHeader = { 'x-api-call-limit': `${Math.ceil(b.level)}/${bucketLimit.capacity}`, 'x-cafe24-call-usage': String(Math.ceil(b.level)), 'x-cafe24-call-remain': String(bucketLimit.capacity - Math.ceil(b.level)) };
    if (failing.n > 0) {
      failing.n--;
      if (failing.status === 429) fake.stats.throttled++;
      else fake.stats.failed++;
      return send(res, failing.status, { error: { code: failing.status, message: 'fake failure' } }, limitHeader);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const token = access.get(bearer);
    if (!token || token.mall !== mall || token.expires < now) return send(res, 401, { error: { code: 401, message: 'invalid_token' } }, limitHeader);
    fake.stats.calls++;
    const list = fake.orders.get(mall) ?? [];
    if (path === '/api/v2/admin/orders') {
      const start = new Date(url.searchParams.get('start_date') ?? 0).getTime();
      const end = new Date(url.searchParams.get('end_date') ?? Date.now()).getTime();
      const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 10));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const within = list.filter((o) => { const t = new Date(o.updated_date).getTime(); return t >= start && t <= end; })
        .sort((a, b) => a.updated_date.localeCompare(b.updated_date) || a.order_id.localeCompare(b.order_id));
      return send(res, 200, { orders: within.slice(offset, offset + limit) }, limitHeader);
    }
    const one = /^\/api\/v2\/admin\/orders\/([^/]+)$/.exec(path);
    if (one) return send(res, 200, { order: list.find((o) => o.order_id === decodeURIComponent(one[1])) ?? null }, limitHeader);
    if (path === '/api/v2/admin/products') return send(res, 200, { products: fake.products }, limitHeader);
    if (path === '/api/v2/admin/customersprivacy' && req.method === 'GET') {
      // search_type=created_date: members who joined from created_start_date on, oldest first (then by member id).
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!(limit >= 1 && limit <= 1000) || !(offset >= 0 && offset <= 8000)) return send(res, 422, { error: { code: 422, message: 'limit or offset out of range' } }, limitHeader);
      const from = url.searchParams.get('search_type') === 'created_date' ? new Date(url.searchParams.get('created_start_date') ?? 0).getTime() : 0;
      const rows = (fake.members.get(mall) ?? []).filter((m) => new Date(m.created_date).getTime() >= from)
        .sort((a, b) => new Date(a.created_date).getTime() - new Date(b.created_date).getTime() || a.member_id.localeCompare(b.member_id));
      return send(res, 200, { customersprivacy: rows.slice(offset, offset + limit) }, limitHeader);
    }
    if (path === '/api/v2/admin/points' && req.method === 'GET') {
      const start = url.searchParams.get('start_date');
      const end = url.searchParams.get('end_date');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!start || !end) return send(res, 422, { error: { code: 422, message: 'start_date and end_date are required' } }, limitHeader);
      if (!(limit >= 1 && limit <= 100) || !(offset >= 0 && offset <= 8000)) return send(res, 422, { error: { code: 422, message: 'limit or offset out of range' } }, limitHeader);
      const member = url.searchParams.get('member_id');
      const [from, to] = [new Date(start).getTime(), new Date(end).getTime()];
      const rows = (fake.pointHistory.get(mall) ?? []).filter((p) => {
        const at = new Date(p.issue_date).getTime();
        return at >= from && at <= to && (!member || p.member_id === member);
      });
      return send(res, 200, { points: rows.slice(offset, offset + limit) }, limitHeader);
    }
    if (path === '/api/v2/admin/points' && req.method === 'POST') {
      let body: { shop_no?: number; request?: { member_id?: string; amount?: string; type?: string; reason?: string } };
      try { body = JSON.parse(await readBody(req)); } catch { return send(res, 400, { error: { code: 400, message: 'invalid json' } }, limitHeader); }
      const r = body.request ?? {};
      const amount = Number(r.amount);
      if (!r.member_id || !(amount >= 0 && amount <= 1_000_000) || (r.type !== 'increase' && r.type !== 'decrease')) {
        return send(res, 422, { error: { code: 422, message: 'invalid request' } }, limitHeader);
      }
      if (!balances.has(`${mall}/${r.member_id}`)) return send(res, 404, { error: { code: 404, message: 'member not found' } }, limitHeader);
      if (r.type === 'decrease' && amount > fake.pointsOf(mall, r.member_id)) {
        return send(res, 422, { error: { code: 422, message: 'not enough points' } }, limitHeader);
      }
      fake.changePoints(mall, r.member_id, r.type === 'increase' ? amount : -amount, r.reason ?? '', 'AM');
      if (lostAnswers.n > 0) {
        lostAnswers.n--;
        fake.stats.failed++;
        return send(res, lostAnswers.status, { error: { code: lostAnswers.status, message: 'fake failure after the write' } }, limitHeader);
      }
      return send(res, 201, { point: { shop_no: body.shop_no ?? 1, member_id: r.member_id, amount: r.amount, type: r.type, reason: r.reason ?? '' } }, limitHeader);
    }
    return send(res, 404, { error: { code: 404, message: 'not found' } }, limitHeader);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiUrl = `${fake.url}/malls/{mall_id}`;
  return fake;
}
