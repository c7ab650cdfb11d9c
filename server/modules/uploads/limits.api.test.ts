import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { TINY_IMAGES, multipartFile } from '../../../tests/helpers/uploads';
import { MSG } from '../../../src/domain/messages';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/product';
import { uploads } from '../../db/schema';
import { BAD_UPLOAD_ADDRESSES_PER_IP, OVER_LIMIT_WAIT_MS, SIGNED_UPLOADS_PER_IP_PER_MINUTE } from './limits';
import { RateLimitCounts } from '../../http/rateLimitStore';
import { counterKey } from '../../http/securityCounters';
import { signedUploadGate } from './gate';

/**
 * Issue 20 A1 and A4: an upload is refused before its body when its address is not signed, is
 * counted while it arrives, and over its limit is a 413 that leaves nothing stored.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  // Each test's clients come from their own addresses (X-Forwarded-For from loopback).
  t = await createTestApp({ config: { trustProxy: 'loopback' } });
  // A real socket: the refusal must come while the client is still sending.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const tooLarge = { code: 'PAYLOAD_TOO_LARGE', message: MSG.imageUploadError, errors: { file: MSG.imageUploadError } };
/** A PNG's first bytes followed by zeros: `size` bytes that sniff as an image. */
const pngOf = (size: number) => Buffer.concat([TINY_IMAGES.png, Buffer.alloc(size - TINY_IMAGES.png.length)]);
const tenantFiles = (tenantIdx: number) => {
  const dir = path.join(t.dataDir, 'uploads', String(tenantIdx));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const tenantRows = (tenantIdx: number) => t.database.db.select().from(uploads).where(eq(uploads.tenantIdx, tenantIdx));
/** A fresh brand: its calls, its tenant and its bearer token. */
async function freshBrand() {
  const brand = await confirmedBrand(t);
  return { ...(await sessionOf(t, brand.email)), token: brand.token };
}

/** Sends `body` over a real connection; resolves with the answer and how long it took, ignoring the client's write errors once the server closed. */
function sendOverSocket(method: string, url: string, body: Buffer, headers: Record<string, string>, to = origin): Promise<{ status: number; ms: number; body: string; connection?: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${to}${url}`, { method, agent: false, headers: { ...headers, 'content-length': body.length } }, (res) => {
      const ms = performance.now() - started;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, ms, body: text, connection: res.headers.connection, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    req.end(body);
  });
}
const putOverSocket = (url: string, body: Buffer, from?: string) => sendOverSocket('PUT', url, body, { 'content-type': 'image/png', ...(from ? { 'x-forwarded-for': from } : {}) });
const unsignedUrl = (tenantIdx = 1) => `/api/media/upload/${tenantIdx}/${'a'.repeat(32)}.png?expires=9999999999&signature=00`;

describe(`upload limits (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('refuses an unsigned 10 MB PUT before reading it, within 200 ms, while a list answers normally', async () => {
    const brand = await freshBrand();
    const listed = () => fetch(`${origin}/api/v1/admin/partners-product`, { headers: { authorization: `Bearer ${brand.token}` } });
    const unsigned = `/api/media/upload/${brand.tenantIdx}/${'a'.repeat(32)}.png?expires=9999999999&signature=00`;
    const body = pngOf(10 * 1024 * 1024);
    // Both routes once first, so the measure is not the first call's compiling.
    expect((await listed()).status).toBe(200);
    expect((await putOverSocket(unsigned, TINY_IMAGES.png)).status).toBe(403);

    const refusing = putOverSocket(unsigned, body);
    const list = listed();
    const refusal = await refusing;
    expect(refusal.status).toBe(403);
    expect(JSON.parse(refusal.body).code).toBe('INVALID_TOKEN');
    // The client is told to stop sending: the server never reads the rest.
    expect(refusal.connection).toBe('close');
    expect(refusal.ms).toBeLessThan(200);
    expect((await list).status).toBe(200);
  });

  it('refuses multipart files over 10 MB with 413 and stores nothing, 6 of 50 MB sent 3 at a time (A4)', async () => {
    const brand = await freshBrand();
    const { call } = brand;
    const { payload, headers } = multipartFile('big.png', pngOf(50 * 1024 * 1024));
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all([1, 2, 3].map(() => call({ method: 'POST', url: '/api/v1/file/upload', payload, headers })));
      for (const res of answers) expect([res.statusCode, res.json()]).toEqual([413, tooLarge]);
    }
    // Over a real connection too: the 413 comes while the client is still sending, and closes it.
    const overSocket = await sendOverSocket('POST', '/api/v1/file/upload', payload, { ...headers, authorization: `Bearer ${brand.token}` });
    expect([overSocket.status, JSON.parse(overSocket.body), overSocket.connection]).toEqual([413, tooLarge, 'close']);
    expect(await tenantRows(brand.tenantIdx)).toEqual([]);
    expect(tenantFiles(brand.tenantIdx)).toEqual([]);
  }, 60_000);

  it('takes a file of exactly 10 MB and refuses one byte more', async () => {
    const brand = await freshBrand();
    const { call } = brand;
    const atLimit = multipartFile('max.png', pngOf(IMAGE_UPLOAD_MAX_BYTES));
    const stored = await call({ method: 'POST', url: '/api/v1/file/upload', ...atLimit });
    expect(stored.statusCode).toBe(200);
    expect(fs.statSync(path.join(t.dataDir, 'uploads', ...stored.json().data.path.split('/'))).size).toBe(IMAGE_UPLOAD_MAX_BYTES);
    const over = await call({ method: 'POST', url: '/api/v1/file/upload', ...multipartFile('over.png', pngOf(IMAGE_UPLOAD_MAX_BYTES + 1)) });
    expect([over.statusCode, over.json()]).toEqual([413, tooLarge]);
    expect((await tenantRows(brand.tenantIdx)).map((r) => [r.path, r.size])).toEqual([[stored.json().data.path, IMAGE_UPLOAD_MAX_BYTES]]);
  }, 30_000);

  it('refuses a signed PUT over 10 MB with 413, declared or streamed, and keeps the upload pending and empty', async () => {
    const brand = await freshBrand();
    const { call } = brand;
    const requested = (await call({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'png' } })).json().data;
    const declared = await putOverSocket(requested.uploadUrl, pngOf(IMAGE_UPLOAD_MAX_BYTES + 1));
    expect([declared.status, JSON.parse(declared.body)]).toEqual([413, tooLarge]);
    // No length declared (chunked): counted as it arrives.
    const streamed = await t.app.inject({
      method: 'PUT', url: requested.uploadUrl, headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
      payload: Readable.from((function* () {
        for (let sent = 0; sent <= IMAGE_UPLOAD_MAX_BYTES; sent += 1024 * 1024) yield sent === 0 ? pngOf(1024 * 1024) : Buffer.alloc(1024 * 1024);
      })()),
    });
    expect([streamed.statusCode, streamed.json()]).toEqual([413, tooLarge]);
    expect(tenantFiles(brand.tenantIdx)).toEqual([]);
    expect((await tenantRows(brand.tenantIdx)).map((r) => [r.status, r.size])).toEqual([['pending', null]]);
    // Within the limit it still works, and the confirmed file is whole.
    expect((await putOverSocket(requested.uploadUrl, TINY_IMAGES.png)).status).toBe(200);
    expect((await call({ method: 'POST', url: '/api/v1/common/file/upload', payload: { path: requested.path } })).statusCode).toBe(200);
  }, 30_000);

  it(`rate-limits the signed PUT per IP: ${SIGNED_UPLOADS_PER_IP_PER_MINUTE} tries a minute, then 429`, async () => {
    const url = `/api/media/upload/1/${'a'.repeat(32)}.png?expires=9999999999&signature=00`;
    const put = () => t.app.inject({ method: 'PUT', url, payload: TINY_IMAGES.png, headers: { 'content-type': 'image/png' }, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < SIGNED_UPLOADS_PER_IP_PER_MINUTE; i++) expect((await put()).statusCode).toBe(403);
    const limited = await put();
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
  });

  it(`answers bad addresses before Fastify: ${BAD_UPLOAD_ADDRESSES_PER_IP} in ten minutes per client, then its 429 comes after a wait`, async () => {
    const [client, other] = ['203.0.113.61', '203.0.113.62'];
    for (let i = 0; i < BAD_UPLOAD_ADDRESSES_PER_IP; i++) {
      const refused = await putOverSocket(unsignedUrl(), TINY_IMAGES.png, client);
      expect([refused.status, JSON.parse(refused.body).code, refused.connection]).toEqual([403, 'INVALID_TOKEN', 'close']);
    }
    const limited = await putOverSocket(unsignedUrl(), TINY_IMAGES.png, client);
    expect([limited.status, JSON.parse(limited.body), limited.connection]).toEqual([429, { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests }, 'close']);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    // Known over its budget now: its next try waits (a timer never fires early) before the 429.
    const waited = await putOverSocket(unsignedUrl(), pngOf(4 * 1024 * 1024), client);
    expect(waited.status).toBe(429);
    expect(waited.ms).toBeGreaterThanOrEqual(OVER_LIMIT_WAIT_MS - 50);
    // Another client is not held back, and the budget is in the database for every process.
    expect((await putOverSocket(unsignedUrl(), TINY_IMAGES.png, other)).status).toBe(403);
    const counted = await new RateLimitCounts(t.database.db).read(counterKey('bad-upload', client), new Date());
    expect(counted.hits).toBe(BAD_UPLOAD_ADDRESSES_PER_IP + 1);
  }, 30_000);

  it('holds at most heldMax waiting clients: past that their 429 comes at once', async () => {
    const counts = new RateLimitCounts(t.database.db);
    const client = '203.0.113.71';
    for (let i = 0; i <= BAD_UPLOAD_ADDRESSES_PER_IP; i++) await counts.count(counterKey('bad-upload', client), 60_000, BAD_UPLOAD_ADDRESSES_PER_IP, new Date());
    const gate = signedUploadGate({ secret: 'test-upload-secret', now: () => new Date(), counts, trust: () => true, log: t.app.log, waitMs: 60_000, heldMax: 1 });
    const server = http.createServer((req, res) => void (gate(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const to = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const put = () => sendOverSocket('PUT', unsignedUrl(), TINY_IMAGES.png, { 'content-type': 'image/png', 'x-forwarded-for': client }, to);
      const held = put();
      let heldAnswered = false;
      void held.then(() => (heldAnswered = true));
      // The first waits (a minute here); the second finds the one place taken and is answered now.
      expect((await put()).status).toBe(429);
      expect(heldAnswered).toBe(false);
      server.closeAllConnections();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lets a good address through the gate to the route', async () => {
    const brand = await freshBrand();
    const requested = (await brand.call({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'png' } })).json().data;
    expect((await putOverSocket(requested.uploadUrl, TINY_IMAGES.png, '203.0.113.81')).status).toBe(200);
  });
});
