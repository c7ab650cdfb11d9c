import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { P, confirmedBrand, as } from '../../tests/helpers/accounts';
import { MSG } from '../../src/domain/messages';
import { BULK_BODY_LIMIT, JSON_BODY_LIMIT, PUBLIC_BODY_LIMIT } from './bodyLimits';

/** Issue 20: every route has a body limit by its purpose, and over it answers 413 without reading on. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tooLarge = { code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge };
/** A JSON body of about `bytes` bytes: a padding field the route ignores or refuses. */
const bodyOf = (bytes: number, fields: Record<string, unknown> = {}) => JSON.stringify({ ...fields, pad: 'x'.repeat(bytes) });

describe(`body limits (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('an unknown path reads no large body before its 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-route', headers: { 'content-type': 'application/json' }, payload: bodyOf(PUBLIC_BODY_LIMIT) });
    expect([res.statusCode, res.json()]).toEqual([413, tooLarge]);
  });

  it('an anonymous form takes a small body only', async () => {
    const signIn = (bytes: number) => t.app.inject({ method: 'POST', url: `${P}/sign-in`, headers: { 'content-type': 'application/json' }, payload: bodyOf(bytes, { email: 'a@b.test', password: 'x' }) });
    expect((await signIn(1024)).statusCode).not.toBe(413);
    const over = await signIn(PUBLIC_BODY_LIMIT);
    expect([over.statusCode, over.json()]).toEqual([413, tooLarge]);
  });

  it('a signed-in JSON route takes a long form, not megabytes; a spreadsheet batch takes more', async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const json = { 'content-type': 'application/json' };
    const form = (bytes: number) => call({ method: 'POST', url: '/api/v1/common/file', headers: json, payload: bodyOf(bytes, { ext: 'png' }) });
    expect((await form(PUBLIC_BODY_LIMIT * 2)).statusCode).toBe(200);
    const over = await form(JSON_BODY_LIMIT);
    expect([over.statusCode, over.json()]).toEqual([413, tooLarge]);

    const bulk = (bytes: number) => call({ method: 'POST', url: '/api/v1/admin/partners-product/bulk', headers: json, payload: bodyOf(bytes, { batchKey: 'k', rows: [] }) });
    expect((await bulk(JSON_BODY_LIMIT * 2)).statusCode).toBe(400);
    expect((await bulk(BULK_BODY_LIMIT)).statusCode).toBe(413);
  });
});
