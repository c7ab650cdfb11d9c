import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { cafe24LineStatus } from '../../../src/domain/integrations';
import { bucketOf, callPlatform, type LeakyBucket, type RetryPolicy } from './platformHttp';
import type { OrderLine } from './ingest';

/**
 * Cafe24's contract as the adapter uses it (docs/api/integrations.md): the launch URL's HMAC, the
 * OAuth 2 code flow per mall, orders by updated date, one order, products. The API origin comes from
 * CAFE24_API_URL (`{mall_id}` filled in), so the tests and the e2e point it at the local fake.
 */

export const CAFE24_BUCKET = { capacity: 40, perSecond: 2 } as const;
export const CAFE24_SCOPES = ['mall.read_order', 'mall.read_customer', 'mall.read_personal', 'mall.read_privacy', 'mall.read_product', 'mall.read_mileage', 'mall.write_mileage'];
/** The launch URL's window either side of its timestamp. */
export const LAUNCH_WINDOW_MS = 5 * 60_000;

export type LaunchCheck =
  | { ok: true; mallId: string; shopNo: number; hmac: string; userId: string | null }
  | { ok: false; reason: 'missing' | 'signature' | 'stale' };

/**
 * The launch URL's check: `hmac` = base64(HMAC-SHA256(client secret, the query string as received
 * without `&hmac=…`)), compared in constant time; `timestamp` (Unix seconds) within ±5 minutes of
 * now. The replay guard (each hmac once) is the caller's, in the database.
 */
export function checkLaunch(rawUrl: string, secret: string, now: Date): LaunchCheck {
  const q = rawUrl.indexOf('?');
  if (q < 0) return { ok: false, reason: 'missing' };
  const query = rawUrl.slice(q + 1);
  const pairs = query.split('&');
  const hmacPair = pairs.findIndex((p) => p.startsWith('hmac='));
  if (hmacPair < 0) return { ok: false, reason: 'missing' };
  let given: string;
  try { given = decodeURIComponent(pairs[hmacPair].slice(5).replace(/\+/g, '%20')); } catch { return { ok: false, reason: 'signature' }; }
  const signed = pairs.filter((_, i) => i !== hmacPair).join('&');
  const expected = createHmac('sha256', secret).update(signed).digest();
  const got = Buffer.from(given, 'base64');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: 'signature' };
  const params = new URLSearchParams(signed);
  const mallId = params.get('mall_id') ?? '';
  const ts = Number(params.get('timestamp'));
  if (!/^[a-z0-9][a-z0-9_-]{0,49}$/i.test(mallId) || !Number.isFinite(ts)) return { ok: false, reason: 'missing' };
  if (Math.abs(now.getTime() - ts * 1000) > LAUNCH_WINDOW_MS) return { ok: false, reason: 'stale' };
  const shopNo = Number(params.get('shop_no') ?? '1');
  return { ok: true, mallId, shopNo: Number.isInteger(shopNo) && shopNo > 0 && shopNo < 1000 ? shopNo : 1, hmac: given, userId: params.get('user_id') };
}

/** Signs a launch query as Cafe24 does (tests, the e2e and the demo's fake). */
export function signLaunch(query: string, secret: string): string {
  return `${query}&hmac=${encodeURIComponent(createHmac('sha256', secret).update(query).digest('base64'))}`;
}

export interface Cafe24Tokens { accessToken: string; accessTokenExpiresAt: Date; refreshToken: string; refreshTokenExpiresAt: Date }

interface TokenAnswer { access_token: string; expires_at: string; refresh_token: string; refresh_token_expires_at: string }

interface Cafe24Order {
  order_id: string; order_date: string; updated_date?: string;
  buyer?: { name?: string; cellphone?: string; phone?: string; email?: string; member_id?: string };
  member_id?: string;
  items?: {
    order_item_code: string; product_no: number | string; product_name: string; order_status: string;
    payment_amount?: string | number; product_price?: string | number; quantity?: number;
    shipped_date?: string | null; delivered_date?: string | null;
  }[];
}

/** One row of a mall's point history (Cafe24 `points`: amounts are decimal strings, dates in the mall's zone). */
export interface Cafe24Point {
  shop_no?: number; case?: string; member_id: string; available_points_increase?: string | null; available_points_decrease?: string | null;
  available_points_total?: string | null; issue_date: string; order_id?: string | null; reason?: string | null;
}

/**
 * One member of the mall (Cafe24 `customersprivacy`, scope mall.read_privacy): `sms` and `news_mail`
 * are the member's marketing consents as the mall holds them (T: agreed; news_mail D: not asked).
 */
export interface Cafe24Member {
  member_id: string; name?: string | null; cellphone?: string | null; email?: string | null;
  sms?: string | null; news_mail?: string | null; created_date: string;
}

export function cafe24Origin(config: Config, mallId: string): string {
  return config.shop.cafe24.apiUrl.replace('{mall_id}', encodeURIComponent(mallId));
}

export function cafe24RedirectUri(config: Config): string {
  return `${config.publicUrl}/cafe24/oauth`;
}

export function authorizeUrl(config: Config, mallId: string, state: string): string {
  const q = new URLSearchParams({
    response_type: 'code', client_id: config.shop.cafe24.clientId, state, redirect_uri: cafe24RedirectUri(config), scope: CAFE24_SCOPES.join(','),
  });
  return `${cafe24Origin(config, mallId)}/api/v2/oauth/authorize?${q}`;
}

const retryOf = (config: Config): RetryPolicy => ({ baseMs: config.shop.retryBaseMs, maxAttempts: config.shop.maxAttempts });

const tokensOf = (a: TokenAnswer): Cafe24Tokens => ({
  accessToken: a.access_token, accessTokenExpiresAt: new Date(a.expires_at),
  refreshToken: a.refresh_token, refreshTokenExpiresAt: new Date(a.refresh_token_expires_at),
});

async function tokenCall(config: Config, mallId: string, form: Record<string, string>): Promise<Cafe24Tokens> {
  const basic = Buffer.from(`${config.shop.cafe24.clientId}:${config.shop.cafe24.clientSecret}`).toString('base64');
  const res = await callPlatform<TokenAnswer>({
    method: 'POST', url: `${cafe24Origin(config, mallId)}/api/v2/oauth/token`,
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  }, retryOf(config));
  return tokensOf(res.body);
}

export const exchangeCode = (config: Config, mallId: string, code: string) =>
  tokenCall(config, mallId, { grant_type: 'authorization_code', code, redirect_uri: cafe24RedirectUri(config) });

export const refreshTokens = (config: Config, mallId: string, refreshToken: string) =>
  tokenCall(config, mallId, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** The API of one mall, with its access token; `onUnauthorized` refreshes it once and gives the new one. */
export class Cafe24Api {
  readonly bucket: LeakyBucket;
  constructor(
    private readonly config: Config, readonly mallId: string, private token: string,
    private readonly onUnauthorized: () => Promise<string>, sleep?: (ms: number) => Promise<void>,
  ) {
    this.bucket = bucketOf(`cafe24:${mallId}`, config.shop.cafe24.bucket ?? CAFE24_BUCKET, sleep);
  }

  private get<T>(path: string, query: Record<string, string>): Promise<T> {
    return this.send<T>('GET', `${path}?${new URLSearchParams(query)}`);
  }

  private async send<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<T> {
    const url = `${cafe24Origin(this.config, this.mallId)}/api/v2/admin${pathAndQuery}`;
    const call = () => callPlatform<T>({
      method, url, bucket: this.bucket, usageHeader: 'x-api-call-limit', unsafe: method !== 'GET',
      headers: { authorization: `Bearer ${this.token}`, 'x-cafe24-api-version': this.config.shop.cafe24.apiVersion, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }, retryOf(this.config));
    try {
      return (await call()).body;
    } catch (err) {
      if (!(err instanceof Error && 'kind' in err && err.kind === 'unauthorized')) throw err;
      this.token = await this.onUnauthorized();
      return (await call()).body;
    }
  }

  /** Orders updated in [start, end], oldest first, a page at a time. */
  async ordersUpdated(start: Date, end: Date, offset: number, limit: number, shopNo: number): Promise<Cafe24Order[]> {
    const body = await this.get<{ orders: Cafe24Order[] }>('/orders', {
      shop_no: String(shopNo), date_type: 'updated_date', start_date: start.toISOString(), end_date: end.toISOString(),
      embed: 'items,buyer', limit: String(limit), offset: String(offset),
    });
    return body.orders ?? [];
  }

  async order(orderId: string, shopNo: number): Promise<Cafe24Order | null> {
    const body = await this.get<{ order: Cafe24Order | null }>(`/orders/${encodeURIComponent(orderId)}`, { shop_no: String(shopNo), embed: 'items,buyer' });
    return body.order ?? null;
  }

  /**
   * The mall's point (적립금) history changed in [start, end], oldest first, a page at a time
   * (`GET /api/v2/admin/points`, scope mall.read_mileage; limit ≤ 100, offset ≤ 8,000), optionally one member's.
   */
  async pointHistory(start: Date, end: Date, offset: number, limit: number, shopNo: number, memberId?: string): Promise<Cafe24Point[]> {
    const body = await this.get<{ points: Cafe24Point[] }>('/points', {
      shop_no: String(shopNo), start_date: start.toISOString(), end_date: end.toISOString(), limit: String(limit), offset: String(offset),
      ...(memberId ? { member_id: memberId } : {}),
    });
    return body.points ?? [];
  }

  /**
   * Adds (amount > 0) or takes (amount < 0) a member's points (`POST /api/v2/admin/points`, scope
   * mall.write_mileage, at most 1,000,000 a call). Not retried on 5xx: see `CallOptions.unsafe`.
   */
  async adjustPoints(shopNo: number, memberId: string, amount: number, reason: string): Promise<void> {
    await this.send('POST', '/points', {
      shop_no: shopNo, request: { member_id: memberId, amount: String(Math.abs(amount)), type: amount > 0 ? 'increase' : 'decrease', reason },
    });
  }

  /**
   * The mall's members who joined from `since` on, oldest first (`GET /api/v2/admin/customersprivacy`
   * with search_type=created_date and created_start_date; limit ≤ 1,000, offset ≤ 8,000).
   */
  async members(since: Date, offset: number, limit: number, shopNo: number): Promise<Cafe24Member[]> {
    const body = await this.get<{ customersprivacy: Cafe24Member[] }>('/customersprivacy', {
      shop_no: String(shopNo), search_type: 'created_date', created_start_date: since.toISOString(), limit: String(limit), offset: String(offset),
    });
    return body.customersprivacy ?? [];
  }

  async products(shopNo: number): Promise<{ productNo: string; productName: string }[]> {
    const body = await this.get<{ products: { product_no: number | string; product_name: string }[] }>('/products', { shop_no: String(shopNo), limit: '100' });
    return (body.products ?? []).map((p) => ({ productNo: String(p.product_no), productName: p.product_name }));
  }
}

/** A Cafe24 order's lines, normalised (N40 배송완료 → DELIVERED). */
export function cafe24Lines(order: Cafe24Order): OrderLine[] {
  const buyer = order.buyer ?? {};
  return (order.items ?? []).map((item) => {
    const status = cafe24LineStatus(item.order_status);
    return {
      orderId: order.order_id,
      itemId: item.order_item_code,
      productNo: String(item.product_no),
      productName: item.product_name,
      paymentAmount: Math.max(0, Math.round(Number(item.payment_amount ?? item.product_price ?? 0) || 0)),
      orderedAt: new Date(order.order_date),
      status,
      platformStatus: item.order_status,
      dispatchedAt: item.shipped_date ? new Date(item.shipped_date) : null,
      deliveredAt: item.delivered_date ? new Date(item.delivered_date) : null,
      buyerName: (buyer.name ?? '').trim() || '고객',
      buyerPhone: (buyer.cellphone ?? buyer.phone ?? '').trim(),
      memberId: buyer.member_id ?? order.member_id ?? null,
      email: buyer.email ?? null,
    };
  });
}

export const updatedAtOf = (order: Cafe24Order): Date => new Date(order.updated_date ?? order.order_date);
