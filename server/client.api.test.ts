import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Database } from './db/client';
import { createTestDatabase } from '../tests/helpers/testDb';

/** The server answers the console's browser-history paths with index.html and serves precompressed assets. */
let app: FastifyInstance;
let database: Database;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
const script = 'console.log("파트너 콘솔");\n'.repeat(100);
const font = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(2048, 7)]);

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(clientDir, 'assets/PretendardVariable.subset.0-abc123.woff2'), font);
  database = await createTestDatabase();
  app = await buildApp({ database, config: { clientDir } });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe(`serving the console (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it.each(['/b2b/home', '/auth/login?url=%2Fb2b%2Fcustomer', '/setting/profile', '/b2b/no-such-page', '/'])(
    'answers %s with the console, never cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    },
  );

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves the bundled font subsets as font/woff2, immutable, as they are (woff2 is compressed already)', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/PretendardVariable.subset.0-abc123.woff2', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(font);
  });

  it('sends security headers, including no referrer for links that carry tokens', async () => {
    const res = await app.inject({ method: 'GET', url: '/reset/password?token=abc' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
