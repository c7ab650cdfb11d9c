import bcrypt from 'bcryptjs';
import type { Config } from '../../config';
import { naverLineStatus } from '../../../src/domain/integrations';
import { bucketOf, callPlatform, type LeakyBucket, type RetryPolicy } from './platformHttp';
import type { OrderLine } from './ingest';

/**
 * Naver Commerce's contract as the adapter uses it (docs/api/integrations.md): a token from the
 * application's client id and its secret (a bcrypt salt) signing `clientId_timestamp`; the changed
 * product orders of a window of at most 24 hours, at most 300 a page, continued by `moreSequence`;
 * their details by productOrderIds (at most 300 a call). The origin comes from NAVER_COMMERCE_API_URL.
 */

export const NAVER_WINDOW_MS = 24 * 60 * 60_000;
export const NAVER_PAGE = 300;
/** Each window starts this much before the cursor: the same instant's changes are read again and de-duplicated. */
export const NAVER_OVERLAP_MS = 5 * 60_000;
/** The pacing mirrored on our side (Naver answers 429 GW.RATE_LIMIT beyond its per-application rate). */
export const NAVER_BUCKET = { capacity: 10, perSecond: 5 } as const;

/** base64(bcrypt(`${clientId}_${timestamp}`, secret)): the secret is the bcrypt salt Naver issues. */
export function signSecret(clientId: string, secret: string, timestamp: number): string {
  return Buffer.from(bcrypt.hashSync(`${clientId}_${timestamp}`, secret)).toString('base64');
}

export const isBcryptSalt = (secret: string) => /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{22}/.test(secret);

export interface NaverChange { productOrderId: string; orderId: string; productOrderStatus: string; lastChangedDate: string }
interface ChangesAnswer { data?: { lastChangeStatuses?: NaverChange[]; count?: number; more?: { moreFrom: string; moreSequence: string } | null } }
interface DetailAnswer {
  data?: {
    order: { orderId: string; ordererName?: string; ordererTel?: string; orderDate: string; ordererId?: string };
    productOrder: {
      productOrderId: string; productId?: string; productName: string; totalPaymentAmount?: number; productOrderStatus: string;
      decisionDate?: string | null; placeOrderDate?: string | null;
    };
    delivery?: { sendDate?: string | null; deliveredDate?: string | null } | null;
  }[];
}

const retryOf = (config: Config): RetryPolicy => ({ baseMs: config.shop.retryBaseMs, maxAttempts: config.shop.maxAttempts });

export async function naverToken(config: Config, clientId: string, secret: string, now: Date): Promise<{ accessToken: string; expiresAt: Date }> {
  const timestamp = now.getTime();
  const res = await callPlatform<{ access_token: string; expires_in: number }>({
    method: 'POST', url: `${config.shop.naver.apiUrl}/external/v1/oauth2/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, timestamp: String(timestamp), client_secret_sign: signSecret(clientId, secret, timestamp), grant_type: 'client_credentials', type: 'SELF' }).toString(),
  }, retryOf(config));
  return { accessToken: res.body.access_token, expiresAt: new Date(now.getTime() + Math.max(60, res.body.expires_in - 60) * 1000) };
}

export class NaverApi {
  readonly bucket: LeakyBucket;
  constructor(private readonly config: Config, readonly clientId: string, private token: string, private readonly onUnauthorized: () => Promise<string>) {
    this.bucket = bucketOf(`naver:${clientId}`, NAVER_BUCKET);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, query: Record<string, string> | null, body?: unknown): Promise<T> {
    const url = `${this.config.shop.naver.apiUrl}/external/v1/pay-order/seller${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const once = () => callPlatform<T>({
      method, url, bucket: this.bucket,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }, retryOf(this.config));
    try {
      return (await once()).body;
    } catch (err) {
      if (!(err instanceof Error && 'kind' in err && err.kind === 'unauthorized')) throw err;
      this.token = await this.onUnauthorized();
      return (await once()).body;
    }
  }

  /** One page of the changes in [from, to] (to - from ≤ 24 h), continued by moreSequence. */
  async changes(from: Date, to: Date, moreSequence: string | null) {
    const q: Record<string, string> = { lastChangedFrom: from.toISOString(), lastChangedTo: to.toISOString(), limitCount: String(NAVER_PAGE) };
    if (moreSequence) q.moreSequence = moreSequence;
    const body = await this.call<ChangesAnswer>('GET', '/product-orders/last-changed-statuses', q);
    return { list: body.data?.lastChangeStatuses ?? [], more: body.data?.more ?? null };
  }

  /** The details of up to 300 product orders, as order lines. */
  async lines(productOrderIds: string[]): Promise<OrderLine[]> {
    if (!productOrderIds.length) return [];
    const body = await this.call<DetailAnswer>('POST', '/product-orders/query', null, { productOrderIds: productOrderIds.slice(0, NAVER_PAGE) });
    return (body.data ?? []).map(({ order, productOrder, delivery }) => {
      const status = naverLineStatus(productOrder.productOrderStatus);
      return {
        orderId: order.orderId,
        itemId: productOrder.productOrderId,
        productNo: productOrder.productId ?? null,
        productName: productOrder.productName,
        paymentAmount: Math.max(0, Math.round(Number(productOrder.totalPaymentAmount ?? 0) || 0)),
        orderedAt: new Date(order.orderDate),
        status,
        platformStatus: productOrder.productOrderStatus,
        dispatchedAt: delivery?.sendDate ? new Date(delivery.sendDate) : null,
        // Naver gives no delivered date: the purchase decision stands for it (docs/api/integrations.md).
        deliveredAt: delivery?.deliveredDate ? new Date(delivery.deliveredDate) : productOrder.decisionDate ? new Date(productOrder.decisionDate) : null,
        buyerName: (order.ordererName ?? '').trim() || '고객',
        buyerPhone: (order.ordererTel ?? '').trim(),
        memberId: null,
        email: null,
      };
    });
  }
}
