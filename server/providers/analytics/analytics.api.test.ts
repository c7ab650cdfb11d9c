import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, signIn } from '../../../tests/helpers/accounts';
import { DEMO_PASSWORD } from '../../seed/demo';
import { analyticsEvents, errorReports } from '../../db/schema';
import { findAccountByEmail } from '../../modules/accounts/repository';
import { ANALYTICS_USER_PROPERTIES } from '../../../src/domain/analytics';
import { posthogAnalytics, sentryErrors } from './index';

/** A local fake of PostHog's /batch/ and a Sentry-protocol store endpoint: records what arrives, answers `status`. */
function fakeServer() {
  const received: { url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  return {
    received,
    setStatus: (s: number) => void (status = s),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const EVENTS = { method: 'POST' as const, url: '/api/v1/analytics/events' };
const ERRORS = { method: 'POST' as const, url: '/api/v1/analytics/errors' };
const OPS = '/api/ops/v1';
const sorted = (o: object) => Object.keys(o).sort();

describe(`analytics and error reports (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  describe('the local default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ demo: true });
    });
    afterAll(() => t.close());

    it('records events with exactly the spec\'s user properties, from the session, and the operator console reads them', async () => {
      const staff = as(t, await signIn(t, 'staff@demo.test', DEMO_PASSWORD));
      const res = await staff({ ...EVENTS, payload: { events: [{ kind: 'identify', path: '/b2b/home' }, { kind: 'pageview', path: '/b2b/home' }, { kind: 'click', path: '/b2b/home', target: '/b2b/guarantee/publish' }] } });
      expect(res.statusCode).toBe(202);
      const tenant = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
      const staffIdx = (await findAccountByEmail(t.database.db, 'staff@demo.test'))!.idx;
      const rows = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.tenantIdx, tenant)).orderBy(analyticsEvents.idx);
      expect(rows.map((r) => r.event)).toEqual(['identify', 'pageview', 'click']);
      expect(sorted(rows[0].properties)).toEqual([...ANALYTICS_USER_PROPERTIES].sort());
      expect(rows[0]).toMatchObject({ distinctId: String(staffIdx), path: '/b2b/home' });
      expect(rows[0].properties).toMatchObject({ type: 'b2b', name: '데모브랜드', brand: '데모브랜드', plan_type: 'subscription', plan_status: 'valid', hierarchy: 'child', plan_name: expect.any(String) });
      expect(String(rows[0].properties.setting)).toContain('GUARANTEE');
      // Nothing personal: no e-mail or phone of the account anywhere.
      expect(JSON.stringify(rows)).not.toMatch(/@demo\.test|0102345/);

      const expired = as(t, await signIn(t, 'expired@demo.test', DEMO_PASSWORD));
      await expired({ ...EVENTS, payload: { events: [{ kind: 'pageview', path: '/b2b/home' }] } });
      const [last] = await t.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.idx).then((r) => r.slice(-1));
      expect(last.properties).toMatchObject({ plan_status: 'expired', hierarchy: 'parent' });

      const support = (await t.app.inject({ method: 'POST', url: `${OPS}/operators/sign-in`, payload: { email: 'support@ops.demo.test', password: DEMO_PASSWORD } })).json().data.token;
      const views = (await as(t, support)({ method: 'GET', url: `${OPS}/analytics/pageviews` })).json().data.list;
      expect(views).toEqual([expect.objectContaining({ path: '/b2b/home', views: 2, accounts: 2 })]);

      expect((await staff({ ...ERRORS, payload: { kind: 'render', message: 'TypeError: x is undefined', path: '/b2b/customer' } })).statusCode).toBe(202);
      expect(await t.database.db.select().from(errorReports)).toEqual([expect.objectContaining({ kind: 'render', message: 'TypeError: x is undefined', distinctId: String(staffIdx) })]);
      const errors = (await as(t, support)({ method: 'GET', url: `${OPS}/analytics/errors` })).json().data.list;
      expect(errors).toEqual([expect.objectContaining({ kind: 'render', path: '/b2b/customer' })]);
    });

    it('validates the events and refuses other properties', async () => {
      const brand = as(t, await signIn(t, 'brand@demo.test', DEMO_PASSWORD));
      for (const payload of [{ events: [] }, { events: [{ kind: 'x', path: '/' }] }, { events: [{ kind: 'pageview', path: 'http://evil' }] }]) {
        expect((await brand({ ...EVENTS, payload })).statusCode).toBe(400);
      }
      expect((await brand({ ...ERRORS, payload: { kind: 'other', message: 'm', path: '/' } })).statusCode).toBe(400);
      expect((await t.app.inject({ ...EVENTS, payload: { events: [{ kind: 'pageview', path: '/' }] } })).statusCode).toBe(401);
    });
  });

  describe('the real adapters against local fakes', () => {
    const fake = fakeServer();
    let t: TestApp;
    beforeAll(async () => {
      const host = await fake.start();
      t = await createTestApp({
        demo: true,
        analytics: posthogAnalytics({ host: `http://${host}`, apiKey: 'phc_test' }),
        errorReporter: sentryErrors({ dsn: `http://publickey@${host}/42` }),
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.stop();
    });

    it('PostHog gets the batch with the user properties; the Sentry endpoint gets the error; a failing provider is only logged', async () => {
      const brand = as(t, await signIn(t, 'brand@demo.test', DEMO_PASSWORD));
      await brand({ ...EVENTS, payload: { events: [{ kind: 'identify', path: '/b2b/home' }, { kind: 'pageview', path: '/b2b/home' }] } });
      const batch = fake.received.find((r) => r.url === '/batch/')!;
      expect(batch.body.api_key).toBe('phc_test');
      const events = batch.body.batch as { event: string; distinct_id: string; properties: Record<string, unknown> }[];
      expect(events.map((e) => e.event)).toEqual(['$identify', '$pageview']);
      const userProps = (p: Record<string, unknown>) => Object.keys(p).filter((k) => !k.startsWith('$')).sort();
      expect(userProps(events[1].properties)).toEqual([...ANALYTICS_USER_PROPERTIES].sort());
      expect(sorted(events[0].properties.$set as object)).toEqual([...ANALYTICS_USER_PROPERTIES].sort());
      expect(events[1].properties.$current_url).toBe('/b2b/home');
      expect(JSON.stringify(batch.body)).not.toContain('@demo.test');

      await brand({ ...ERRORS, payload: { kind: 'lazyLoad', message: 'Failed to fetch dynamically imported module', path: '/b2b/guarantee' } });
      const stored = fake.received.find((r) => r.url === '/api/42/store/')!;
      expect(stored.headers['x-sentry-auth']).toContain('sentry_key=publickey');
      expect(stored.body).toMatchObject({ level: 'error', message: 'Failed to fetch dynamically imported module', tags: { kind: 'lazyLoad' }, request: { url: '/b2b/guarantee' } });
      expect(sorted(stored.body.user as object)).toEqual(['id']);

      fake.setStatus(500);
      expect((await brand({ ...EVENTS, payload: { events: [{ kind: 'pageview', path: '/b2b/home' }] } })).statusCode).toBe(202);
      expect((await brand({ ...ERRORS, payload: { kind: 'render', message: 'x', path: '/' } })).statusCode).toBe(202);
    });
  });
});
