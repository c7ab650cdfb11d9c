import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Solapi's contract for tests (no outside network; server/providers/messaging/solapi.ts):
 * it checks every request's `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…` header against the
 * key and secret (a wrong one: 401 `SignatureDoesNotMatch`, a salt used twice: 401 `DuplicatedSignature`),
 * records the messages of `POST /messages/v4/send-many/detail` and answers each: phones in
 * `failPhones` are refused at registration (failedMessageList, status 1062), the others accepted
 * (2000), or delivered (4000) with `deliverAtOnce`. `POST /storage/v1/files` stores an image and answers
 * its fileId; `GET /image.png` serves one. `failNext(status, n)` answers the next n calls with that status.
 * `GET /messages/v4/list?criteria=groupId&cond=eq&value=<group>&limit&startKey` answers the accepted
 * messages of a group, a page at a time (`nextKey`), with the status `report(to, statusCode)` gave them
 * (a delivered SMS fallback: `report(to, '4000', true)` adds its replacement message).
 */
export interface FakeSolapi {
  url: string;
  apiKey: string;
  apiSecret: string;
  /** Every message received, in order (a retried call counts once: only accepted calls record). */
  messages: Record<string, unknown>[];
  /** Calls answered, including refused ones: `{ path, status }`. */
  calls: { path: string; status: number }[];
  files: { type: string; name: string; bytes: number }[];
  failPhones: Set<string>;
  deliverAtOnce: boolean;
  failNext(status: number, times?: number): void;
  /** The carrier's or Kakao's report for a phone's accepted messages; `replacement` adds a delivered SMS fallback instead. */
  report(to: string, statusCode: string, replacement?: boolean): void;
  /** The query strings of the list calls answered. */
  listQueries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startFakeSolapi(apiKey = 'NCSFAKEKEY', apiSecret = 'FAKESECRETFAKESECRET'): Promise<FakeSolapi> {
  const salts = new Set<string>();
  let calls = 0;
  let forced: { status: number; times: number } | null = null;
  /** Accepted messages, as the list call reports them. */
  const stored: { messageId: string; groupId: string; to: string; statusCode: string; replacement: boolean; customFields: unknown }[] = [];
  const listQueries: URLSearchParams[] = [];
  const fake: Omit<FakeSolapi, 'url' | 'close' | 'failNext' | 'report' | 'listQueries'> = { apiKey, apiSecret, messages: [], calls: [], files: [], failPhones: new Set(), deliverAtOnce: false };
  const send = (res: http.ServerResponse, path: string, status: number, body: unknown) => {
    fake.calls.push({ path, status });
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  function authorized(header: string | undefined): string | null {
    const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(header ?? '');
    if (!m) return 'InvalidAuthorization';
    const [, key, date, salt, signature] = m;
    if (key !== apiKey) return 'InvalidApiKey';
    if (Math.abs(Date.parse(date) - Date.now()) > 15 * 60_000 || Number.isNaN(Date.parse(date))) return 'RequestTimeTooSkewed';
    const expected = createHmac('sha256', apiSecret).update(date + salt).digest('hex');
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return 'SignatureDoesNotMatch';
    if (salts.has(salt)) return 'DuplicatedSignature';
    salts.add(salt);
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path, search = ''] = (req.url ?? '').split('?');
      if (req.method === 'GET' && path === '/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('89504e470d0a1a0a', 'hex'));
        return;
      }
      const refusal = authorized(req.headers.authorization);
      if (refusal) return send(res, path, 401, { errorCode: refusal, errorMessage: '인증 실패' });
      if (forced && forced.times > 0) {
        forced.times -= 1;
        const status = forced.status;
        if (forced.times === 0) forced = null;
        res.setHeader('retry-after', '0');
        return send(res, path, status, { errorCode: status === 429 ? 'TooManyRequests' : 'InternalError', errorMessage: '잠시 후 다시' });
      }
      if (req.method === 'GET' && path === '/messages/v4/list') {
        const q = new URLSearchParams(search);
        listQueries.push(q);
        if (q.get('criteria') !== 'groupId' || q.get('cond') !== 'eq') return send(res, path, 400, { errorCode: 'ValidationError', errorMessage: 'criteria' });
        const limit = Math.min(Number(q.get('limit') ?? 20), 500);
        const of = stored.filter((m) => m.groupId === q.get('value'));
        const start = q.get('startKey') ? of.findIndex((m) => m.messageId === q.get('startKey')) : 0;
        const page = of.slice(Math.max(0, start), Math.max(0, start) + limit);
        const next = of[Math.max(0, start) + limit];
        return send(res, path, 200, { startKey: q.get('startKey'), nextKey: next?.messageId ?? null, limit, messageList: Object.fromEntries(page.map((m) => [m.messageId, { ...m, _id: m.messageId }])) });
      }
      let body: Record<string, unknown>;
      try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>; } catch { return send(res, path, 400, { errorCode: 'ValidationError', errorMessage: 'JSON' }); }
      if (path === '/storage/v1/files') {
        const fileId = `ST01FZ${String(fake.files.length + 1).padStart(6, '0')}`;
        fake.files.push({ type: String(body.type), name: String(body.name), bytes: Buffer.from(String(body.file ?? ''), 'base64').length });
        return send(res, path, 200, { fileId, type: body.type, link: null });
      }
      if (path === '/messages/v4/send-many/detail') {
        const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
        if (!messages.length || messages.length > 10_000) return send(res, path, 400, { errorCode: 'ValidationError', errorMessage: 'messages' });
        const groupId = `G4V${Date.now()}${calls++}`;
        const failedMessageList: unknown[] = [];
        const messageList: unknown[] = [];
        messages.forEach((m, i) => {
          fake.messages.push(m);
          const messageId = `M4V${groupId.slice(3)}-${i}`;
          if (fake.failPhones.has(String(m.to))) {
            failedMessageList.push({ to: m.to, from: m.from, type: m.type, country: m.country ?? '82', messageId, statusCode: '1062', statusMessage: '유효하지 않은 수신번호', accountId: 'A1', customFields: m.customFields });
          } else {
            const statusCode = fake.deliverAtOnce ? '4000' : '2000';
            stored.push({ messageId, groupId, to: String(m.to), statusCode, replacement: false, customFields: m.customFields });
            messageList.push({ messageId, statusCode, statusMessage: '정상 접수', customFields: m.customFields });
          }
        });
        const total = messages.length;
        return send(res, path, 200, {
          failedMessageList, messageList,
          groupInfo: { groupId, status: 'SENDING', count: { total, registeredFailed: failedMessageList.length, registeredSuccess: total - failedMessageList.length, sentTotal: 0, sentSuccess: 0, sentFailed: 0, sentPending: 0, sentReplacement: 0 } },
        });
      }
      return send(res, path, 404, { errorCode: 'NotFound', errorMessage: path });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext: (status: number, times = 1) => void (forced = { status, times }),
    listQueries,
    report(to: string, statusCode: string, replacement = false) {
      for (const m of stored.filter((x) => x.to === to && !x.replacement)) {
        if (!replacement) { m.statusCode = statusCode; continue; }
        m.statusCode = '3104';
        stored.push({ ...m, messageId: `${m.messageId}R`, statusCode, replacement: true });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
