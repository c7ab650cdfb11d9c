import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { P, as } from '../tests/helpers/accounts';
import { FIELD_MSG, MSG } from '../src/domain/messages';
import { findAccountByEmail } from './modules/accounts/repository';
import { createSession } from './modules/accounts/sessions';

/** The input guards of every route (server/http/inputGuards.ts), through a few representative routes. */
let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const account = await findAccountByEmail(t.database.db, 'brand@demo.test');
  call = as(t, (await createSession(t.database.db, account!, t.clock.now())).token);
});
afterAll(() => t.close());

const STORE = '/api/v1/admin/store';
const json = (method: 'POST' | 'PATCH', url: string, payload: string) => ({ method, url, payload, headers: { 'content-type': 'application/json' } });

describe(`input guards (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('refuses an object where a string is expected, naming the field', async () => {
    const res = await call({ method: 'POST', url: STORE, payload: { name: { a: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: FIELD_MSG.valueInvalid, errors: { name: FIELD_MSG.valueInvalid } });
  });

  it('takes an empty body sent as JSON as no body: a DELETE answers as without the header, a POST names its fields', async () => {
    const created = await call({ method: 'POST', url: STORE, payload: { name: '빈 본문 매장' } });
    expect(created.statusCode).toBe(201);
    const idx = created.json().data.idx;
    const deleted = await call({ method: 'DELETE', url: `${STORE}/${idx}`, payload: '', headers: { 'content-type': 'application/json' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const empty = await call({ method: 'POST', url: STORE, payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('name');
  });

  it('says what is wrong with a body that is not JSON or not sent as JSON, never "try again later"', async () => {
    const broken = await call(json('POST', STORE, '{"name": "끊긴'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'VALIDATION_FAILED', message: MSG.invalidJsonBody });
    const text = await call({ method: 'POST', url: STORE, payload: 'name=매장', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'VALIDATION_FAILED', message: MSG.unsupportedMediaType });
  });

  it('refuses a wrong kind inside a list, keyed like the form (rows[0].name)', async () => {
    const res = await call({ method: 'POST', url: '/api/v1/admin/partners-product/bulk', payload: { batchKey: 'k', rows: [{ name: ['x'] }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'rows[0].name': FIELD_MSG.valueInvalid });
  });

  it('refuses a NUL byte in a body string, a query value and a path parameter', async () => {
    const body = await call({ method: 'POST', url: STORE, payload: { name: 'a\u0000b' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({ name: FIELD_MSG.nulCharacter });
    const query = await call({ method: 'GET', url: '/api/v1/admin/nft?keyword=a%00b' });
    expect(query.json()).toEqual({ code: 'VALIDATION_FAILED', message: FIELD_MSG.nulCharacter, errors: { keyword: FIELD_MSG.nulCharacter } });
    const path = await t.app.inject({ method: 'GET', url: '/api/v1/public/certificate/a%00b' });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual({ token: FIELD_MSG.nulCharacter });
  });

  it('refuses page=1e309 with the page message', async () => {
    for (const url of [`${STORE}?page=1e309`, `${P}/members?page=1e309`, '/api/v1/admin/nft?page=1e309']) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({ page: FIELD_MSG.pageInvalid });
    }
  });

  it('refuses a repeated query parameter where one value is declared', async () => {
    const res = await call({ method: 'GET', url: '/api/v1/admin/nft?keyword=a&keyword=b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ keyword: FIELD_MSG.repeatedParameter });
    const publicRoute = await t.app.inject({ method: 'GET', url: `${P}/email/duplication?email=a@example.test&email=b@example.test` });
    expect(publicRoute.json().errors).toEqual({ email: FIELD_MSG.repeatedParameter });
  });

  it('refuses a body nested deeper than the limit before parsing it, and a body that is not an object', async () => {
    const deep = await call(json('POST', STORE, `{"name":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ code: 'VALIDATION_FAILED', message: FIELD_MSG.bodyTooDeep });
    const list = await call(json('POST', STORE, '[]'));
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ code: 'VALIDATION_FAILED', message: FIELD_MSG.valueInvalid });
  });

  it('still takes the clients\' input: numbers where strings are declared are left to the domain schema', async () => {
    const res = await call({ method: 'POST', url: STORE, payload: { name: 12345, pinned: 'N' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.name).toBe('12345');
  });
});
