import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, signInDemo } from '../../../tests/helpers/accounts';
import { CREDIT_MSG } from '../../../src/domain/credit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const onPostgres = process.env.API_TEST_DB === 'postgres';
const CONTROLS = [
  { method: 'PUT' as const, url: '/api/dev/clock', payload: { at: null } },
  { method: 'POST' as const, url: '/api/dev/jobs/subscription-renewals' },
  { method: 'POST' as const, url: '/api/dev/credit/debit', payload: { email: 'brand@demo.test', amount: 1 } },
];

/** Every dev route the app documents, each with its methods: the outboxes, the controls, the job runs. */
function devOperations(app: TestApp['app']): { method: string; url: string }[] {
  const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([url]) => url.startsWith('/api/dev/'))
    .flatMap(([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{[^}]+\}/g, '1') })));
}

describe(`the demo's controls (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('do not exist in a production deployment, even on the embedded database for the machine itself', async () => {
    const app = await buildApp({ database: t.database, clock: t.clock, config: { clientDir: '/nonexistent', production: true } });
    try {
      await app.ready();
      expect(devOperations(app)).toEqual([]);
      for (const r of [...CONTROLS, ...devOperations(t.app)]) expect((await app.inject({ ...r, remoteAddress: '127.0.0.1' } as never)).statusCode, r.url).toBe(404);
    } finally {
      await app.close();
    }
  });

  if (onPostgres) {
    it('do not exist on PostgreSQL (DATABASE_URL), even for the machine itself', async () => {
      expect(devOperations(t.app)).toEqual([]);
      for (const r of CONTROLS) expect((await t.app.inject({ ...r, remoteAddress: '127.0.0.1' })).statusCode, r.url).toBe(404);
    });
    return;
  }

  it('refuse any other client as if they did not exist: every dev route the demo documents', async () => {
    const operations = devOperations(t.app);
    // The outboxes, the clock, and the job runs at least (a route added later is covered by the same loop).
    expect(operations.map((o) => o.url)).toEqual(expect.arrayContaining(['/api/dev/outbox', '/api/dev/messages', '/api/dev/clock', '/api/dev/jobs/waiting-no-shows']));
    for (const r of operations) {
      expect((await t.app.inject({ ...r, remoteAddress: '10.0.0.5' } as never)).statusCode, r.url).toBe(404);
      expect((await t.app.inject({ ...r, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } } as never)).statusCode, r.url).toBe(404);
    }
  });

  it('move the server clock, which runs on from there, and put it back', async () => {
    const at = '2027-03-01T00:00:00.000Z';
    const moved = await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { at } });
    expect(moved.json().data.now).toBe(at);
    expect(t.app.clock.now().toISOString()).toBe(at);
    t.clock.advance(1_000);
    expect(t.app.clock.now().toISOString()).toBe('2027-03-01T00:00:01.000Z');
    await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { at: null } });
    expect(t.app.clock.now().getTime()).toBe(t.clock.now().getTime());
    expect((await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { at: 'tomorrow' } })).statusCode).toBe(400);
  });

  it('run the renewal job now: the demo Pro a year ahead is not due', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/jobs/subscription-renewals' });
    expect(res.json().data).toEqual({ renewed: 0, failed: 0 });
  });

  it("debit a brand's credit in full, never below zero", async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const before = (await call({ method: 'GET', url: '/api/credit/account' })).json().data.balance;
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/credit/debit', payload: { email: 'brand@demo.test', amount: 25_000 } })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/credit/account' })).json().data.balance).toBe(before - 25_000);
    const refused = await t.app.inject({ method: 'POST', url: '/api/dev/credit/debit', payload: { email: 'brand@demo.test', amount: before } });
    expect([refused.statusCode, refused.json().errors]).toEqual([400, { amount: CREDIT_MSG.insufficientBalance }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/credit/debit', payload: { email: 'nobody@demo.test', amount: 1 } })).statusCode).toBe(404);
  });
});
