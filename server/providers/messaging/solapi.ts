import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageChannels, messageOutbox } from '../../db/schema';
import type { CampaignMessage, CampaignResult, MessagingProvider, OutboundMessage } from './index';
import { maskSecret } from './secrets';

/**
 * Solapi (https://solapi.com; MESSAGE_PROVIDER=solapi, docs/api/messages.md "The provider"): one API
 * for SMS/LMS/MMS, 알림톡 (ATA) and Brand Message (BMS_FREE, `kakaoOptions.bms`), checked against
 * Solapi's documentation and its Node SDK (`solapi` on npm):
 *
 * - auth: `Authorization: HMAC-SHA256 apiKey=<key>, date=<ISO 8601>, salt=<random>, signature=<hex
 *   HMAC-SHA256 of date + salt with the API secret>` on every request;
 * - `POST /messages/v4/send-many/detail` `{ messages, showMessageList: true }` (up to 10,000 a call),
 *   answered `{ groupInfo, failedMessageList, messageList }`; each message carries our key in
 *   `customFields.key`, so each answer maps back to its recipient;
 * - `GET /messages/v4/list?criteria=groupId&cond=eq&value=<groupId>&limit&startKey` → `{ startKey, nextKey,
 *   messageList: { <messageId>: { statusCode, replacement, customFields } } }`: a batch's delivery reports,
 *   polled by the result job for recipients still PENDING (`results`);
 * - `POST /storage/v1/files` `{ file: <base64>, type: 'BMS', name }` → `{ fileId }` for a Brand
 *   Message image (uploaded once per image URL and process).
 *
 * A 429, a 5xx or a network failure is retried with exponential backoff (Retry-After honoured, at most
 * `retries` times); then the call fails. Nothing here logs or throws the API key, the secret, a phone
 * number or a message text: errors name the HTTP status and Solapi's error code only.
 */
export interface SolapiOptions {
  apiKey: string;
  apiSecret: string;
  /** https://api.solapi.com by default; a local fake in tests. */
  baseUrl?: string;
  /** The platform's registered number, the sender of messages whose brand has none registered (sign-in codes, notices). */
  senderNumber?: string;
  /** The platform's Kakao channel (pfId): the sender of the platform's 알림톡 templates (certificates, A/S, waiting). */
  pfId?: string;
  /** Our template codes → Solapi template ids (SOLAPI_TEMPLATE_IDS); a code not listed is sent as it is. */
  templateIds?: Record<string, string>;
  /** Brand Message targeting: I (channel friends, default), M or N (marketing consent, Kakao's whitelist needed). */
  bmsTargeting?: 'I' | 'M' | 'N';
  /** Retries after the first try of a 429/5xx/network failure (3 by default). */
  retries?: number;
  /** The first backoff (doubled each retry; 500 ms by default). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where failures of `queue()` are reported (never with a phone or a key). */
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
  now?: () => Date;
}

export class SolapiError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(`Solapi answered ${status} ${code}`);
    this.name = 'SolapiError';
  }
}

/** The Authorization header of one request (a fresh salt each time). */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt = randomBytes(16).toString('hex')): string {
  const signature = createHmac('sha256', apiSecret).update(date + salt).digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/**
 * Solapi's message status code → our result: 4000 delivered; 2000 (accepted) and 3000 (handed to the
 * carrier or Kakao) still on their way, so PENDING (the delivery-report poll or the result webhook finishes them); anything else
 * (1xxx refused at registration, 3xxx other than 3000 a carrier's or Kakao's failure) FAILED.
 */
export function solapiStatus(statusCode: string | undefined): CampaignResult['status'] {
  if (statusCode === '4000') return 'SENT';
  if (statusCode === '2000' || statusCode === '3000') return 'PENDING';
  return 'FAILED';
}

interface SolapiMessage {
  to: string;
  from: string;
  text?: string;
  type: string;
  subject?: string;
  country?: string;
  autoTypeDetect?: boolean;
  customFields?: Record<string, string>;
  imageId?: string;
  kakaoOptions?: Record<string, unknown>;
  replacements?: Record<string, unknown>[];
}
interface SendManyAnswer {
  groupInfo?: { groupId?: string; count?: Record<string, number> };
  failedMessageList?: { statusCode?: string; statusMessage?: string; customFields?: Record<string, string> }[];
  messageList?: { messageId?: string; statusCode?: string; statusMessage?: string; customFields?: Record<string, string> }[];
}

/** An entry of `GET /messages/v4/list` (`messageList` is keyed by message id). */
interface ListedMessage { messageId?: string; groupId?: string; statusCode?: string; replacement?: boolean; customFields?: Record<string, string> }
interface ListAnswer { startKey?: string | null; nextKey?: string | null; limit?: number; messageList?: Record<string, ListedMessage> }
/** Messages a page of the list call asks for. */
export const LIST_LIMIT = 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function solapiMessaging(db: Db, options: SolapiOptions): MessagingProvider & Required<Pick<MessagingProvider, 'send' | 'results'>> {
  const baseUrl = (options.baseUrl ?? 'https://api.solapi.com').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const now = options.now ?? (() => new Date());
  const images = new Map<string, Promise<string>>();

  /** A POST with a JSON body, or a GET (`body` undefined; the query in `path`). */
  async function call<T>(path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      let res: Response | null = null;
      try {
        const authorization = solapiAuthorization(options.apiKey, options.apiSecret, now().toISOString());
        res = await doFetch(`${baseUrl}${path}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          ...(body === undefined
            ? { method: 'GET', headers: { authorization } }
            : { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        });
      } catch {
        res = null;
      }
      const retryable = !res || res.status === 429 || res.status >= 500;
      if (res && !retryable) {
        const answer = (await res.json().catch(() => null)) as (T & { errorCode?: string }) | null;
        if (res.ok && answer) return answer;
        throw new SolapiError(res.status, typeof answer?.errorCode === 'string' ? answer.errorCode : `HTTP_${res.status}`);
      }
      if (attempt >= retries) throw new SolapiError(res?.status ?? 0, res ? `HTTP_${res.status}` : 'NETWORK_ERROR');
      const after = Number(res?.headers.get('retry-after'));
      await wait(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 30_000) : backoffMs * 2 ** attempt);
    }
  }

  /** A Brand Message (BMS) or MMS image: its bytes fetched from its URL and uploaded once per process and type. */
  function imageIdOf(url: string, type: 'BMS' | 'MMS' = 'BMS'): Promise<string> {
    const cacheKey = `${type} ${url}`;
    let id = images.get(cacheKey);
    if (!id) {
      id = (async () => {
        const res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
        if (!res.ok) throw new SolapiError(res.status, 'IMAGE_UNREADABLE');
        const file = Buffer.from(await res.arrayBuffer()).toString('base64');
        const answer = await call<{ fileId?: string }>('/storage/v1/files', { file, type, name: url.split('/').pop()?.slice(0, 100) || 'image' });
        if (!answer.fileId) throw new SolapiError(200, 'NO_FILE_ID');
        return answer.fileId;
      })();
      id.catch(() => images.delete(cacheKey));
      images.set(cacheKey, id);
    }
    return id;
  }

  const country = (code: string) => (code && code !== '82' ? { country: code } : {});

  async function campaignMessage(m: CampaignMessage): Promise<SolapiMessage> {
    const from = m.from ?? options.senderNumber ?? '';
    const base = { to: m.phone, from, ...country(m.countryCode), customFields: { key: m.key } };
    const replacements = m.fallback
      ? [{ to: m.phone, from, type: m.fallback.kind, text: m.fallback.text, ...(m.fallback.title ? { subject: m.fallback.title } : {}), ...country(m.countryCode) }]
      : undefined;
    const kakao = (extra: Record<string, unknown>) => ({
      pfId: m.senderKey ?? options.pfId ?? '', disableSms: !m.fallback, ...extra,
    });
    if (m.kind === 'MMS') {
      // A text message with an image: the image uploaded as Solapi's MMS file (`type: 'MMS'`), then its id on the message.
      return { ...base, type: 'MMS', text: m.text, autoTypeDetect: false, imageId: await imageIdOf(m.imageUrl ?? '', 'MMS'), ...(m.title ? { subject: m.title } : {}) };
    }
    if (m.kind === 'SMS' || m.kind === 'LMS') {
      return { ...base, type: m.kind, text: m.text, autoTypeDetect: false, ...(m.kind === 'LMS' && m.title ? { subject: m.title } : {}) };
    }
    if (m.kind === 'ALIMTALK') {
      const templateId = options.templateIds?.[m.templateCode ?? ''] ?? m.templateCode ?? '';
      return { ...base, type: 'ATA', text: m.text, kakaoOptions: kakao({ templateId }), ...(replacements ? { replacements } : {}) };
    }
    const buttons = (m.buttons ?? []).map((b) => ({ name: b.name, linkType: 'WL', linkMobile: b.url, linkPc: b.url }));
    const image = m.kind === 'BRAND_IMAGE' && m.imageUrl ? { imageId: await imageIdOf(m.imageUrl) } : {};
    return {
      ...base, type: 'BMS_FREE', text: m.text,
      kakaoOptions: kakao({ bms: { targeting: options.bmsTargeting ?? 'I', chatBubbleType: image.imageId ? 'IMAGE' : 'TEXT', ...image, ...(buttons.length ? { buttons } : {}) } }),
      ...(replacements ? { replacements } : {}),
    };
  }

  /** One send-many/detail call per 10,000 messages; every key answered (a key Solapi left out is PENDING). */
  async function sendMany(messages: SolapiMessage[]): Promise<CampaignResult[]> {
    const results: CampaignResult[] = [];
    for (let i = 0; i < messages.length; i += 10_000) {
      const chunk = messages.slice(i, i + 10_000);
      const answer = await call<SendManyAnswer>('/messages/v4/send-many/detail', { messages: chunk, showMessageList: true });
      const byKey = new Map<string, CampaignResult>();
      const ref = answer.groupInfo?.groupId;
      for (const f of answer.failedMessageList ?? []) {
        const key = f.customFields?.key;
        if (key) byKey.set(key, { key, status: 'FAILED', reason: `SOLAPI_${f.statusCode ?? 'FAILED'}` });
      }
      for (const m of answer.messageList ?? []) {
        const key = m.customFields?.key;
        if (!key || byKey.has(key)) continue;
        const status = solapiStatus(m.statusCode);
        byKey.set(key, status === 'FAILED' ? { key, status, reason: `SOLAPI_${m.statusCode ?? 'FAILED'}` } : status === 'PENDING' && ref ? { key, status, ref } : { key, status });
      }
      for (const m of chunk) {
        const key = m.customFields!.key;
        results.push(byKey.get(key) ?? (ref ? { key, status: 'PENDING', ref } : { key, status: 'PENDING' }));
      }
    }
    return results;
  }

  /**
   * A group's delivery reports: every page of `GET /messages/v4/list?criteria=groupId&cond=eq&value=<group>`
   * (`limit`, `startKey` = the previous page's `nextKey`), each message mapped back by `customFields.key`
   * through `solapiStatus`. A replacement (the SMS fallback, `replacement: true`) that was delivered makes
   * its key SENT by fallback; one still on its way keeps it PENDING.
   */
  async function groupResults(groupId: string): Promise<{ results: CampaignResult[]; pending: number }> {
    const byKey = new Map<string, { original?: ListedMessage; replacement?: ListedMessage }>();
    let startKey: string | null = null;
    for (let page = 0; page < 1000; page += 1) {
      const query = new URLSearchParams({ criteria: 'groupId', cond: 'eq', value: groupId, limit: String(LIST_LIMIT) });
      if (startKey) query.set('startKey', startKey);
      const answer = await call<ListAnswer>(`/messages/v4/list?${query}`);
      for (const m of Object.values(answer.messageList ?? {})) {
        const key = m.customFields?.key;
        if (!key) continue;
        const entry = byKey.get(key) ?? {};
        if (m.replacement) entry.replacement = m; else entry.original = m;
        byKey.set(key, entry);
      }
      startKey = answer.nextKey ?? null;
      if (!startKey || startKey === answer.startKey) break;
    }
    const results: CampaignResult[] = [];
    for (const [key, { original, replacement }] of byKey) {
      const m = replacement ?? original!;
      const status = solapiStatus(m.statusCode);
      if (status === 'FAILED') results.push({ key, status, reason: `SOLAPI_${m.statusCode ?? 'FAILED'}` });
      else if (status === 'PENDING') results.push({ key, status, ref: groupId });
      else results.push(replacement ? { key, status, fallback: true } : { key, status });
    }
    return { results, pending: results.filter((r) => r.status === 'PENDING').length };
  }

  /** The brand's registered sender number and Kakao key, for the platform's messages on its behalf. */
  async function senderNumbersOf(tenants: number[]): Promise<Map<number, string | null>> {
    const out = new Map<number, string | null>();
    for (const tenantIdx of tenants) {
      const [c] = await db.select({ number: messageChannels.senderNumber, state: messageChannels.senderNumberState }).from(messageChannels)
        .where(eq(messageChannels.tenantIdx, tenantIdx)).limit(1);
      out.set(tenantIdx, c?.state === 'REGISTERED' ? c.number : null);
    }
    return out;
  }

  return {
    name: 'solapi',
    /**
     * 알림톡 and SMS of the platform's own flows (sign-in codes, certificates, A/S, waiting): sent at
     * once, from the brand's registered number or the platform's, 알림톡 on the platform's channel
     * with its template; the variables as `#{name}`. Each is recorded in message_outbox (the caller's
     * transaction) as sent or failed, a one-time secret masked. A send that fails after its retries
     * is recorded as failed and reported, never thrown: the caller's work stands.
     */
    async queue(messages: OutboundMessage[], executor?: Db) {
      if (!messages.length) return;
      const numbers = await senderNumbersOf([...new Set(messages.map((m) => m.tenantIdx))]);
      const keyed = messages.map((m, i) => ({ m, key: `q${i}-${randomBytes(6).toString('hex')}` }));
      const payload: SolapiMessage[] = keyed.map(({ m, key }) => {
        const { text = '', ...rest } = m.variables;
        const from = numbers.get(m.tenantIdx) ?? options.senderNumber ?? '';
        const base = { to: m.phone, from, ...country(m.countryCode), customFields: { key } };
        if (m.channel === 'SMS') return { ...base, type: 'SMS', text, autoTypeDetect: true };
        const variables = Object.fromEntries(Object.entries(rest).map(([k, v]) => [`#{${k}}`, v]));
        return {
          ...base, type: 'ATA', ...(text ? { text } : {}),
          kakaoOptions: { pfId: options.pfId ?? '', templateId: options.templateIds?.[m.templateCode] ?? m.templateCode, variables, disableSms: !text },
        };
      });
      let status = new Map<string, CampaignResult['status']>();
      try {
        status = new Map((await sendMany(payload)).map((r) => [r.key, r.status]));
      } catch (err) {
        options.log?.warn({ provider: 'solapi', count: messages.length, status: err instanceof SolapiError ? err.status : 0, code: err instanceof SolapiError ? err.code : 'ERROR' }, 'messages could not be sent');
      }
      await (executor ?? db).insert(messageOutbox).values(keyed.map(({ m, key }) => ({
        tenantIdx: m.tenantIdx, channel: m.channel, templateCode: m.templateCode, countryCode: m.countryCode, phone: m.phone,
        variables: m.secret ? maskSecret(m.variables, m.secret.variable) : m.variables,
        refType: m.refType ?? null, refIdx: m.refIdx ?? null,
        status: (status.get(key) ?? 'FAILED') === 'FAILED' ? 'failed' as const : 'sent' as const,
      })));
    },
    /** Campaign messages: one call per 10,000, each answered by our key; a call that fails after its retries throws (the batch stays PENDING). */
    async send(messages: CampaignMessage[]) {
      const payload: SolapiMessage[] = [];
      const refused: CampaignResult[] = [];
      for (const m of messages) {
        try {
          payload.push(await campaignMessage(m));
        } catch (err) {
          // Its image could not be read or uploaded: this recipient fails, the others go.
          refused.push({ key: m.key, status: 'FAILED', reason: err instanceof SolapiError ? `SOLAPI_${err.code}` : 'SOLAPI_IMAGE' });
        }
      }
      return [...refused, ...(payload.length ? await sendMany(payload) : [])];
    },
    /** A campaign batch's delivery reports (its group id, from `send`'s PENDING results). */
    results: groupResults,
  };
}
