import { buildApp } from '../../app';
import type { MailMessage, MailProvider } from '../../providers/mail';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, confirmedBrand, latestMail } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const onPostgres = process.env.API_TEST_DB === 'postgres';
const OUTBOX = '/api/dev/outbox';
/** What a route that does not exist answers (the server's 404 handler). */
const NOT_FOUND = { code: 'NOT_FOUND', message: expect.any(String) };

describe(`local mail outbox (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('does not exist with a real mail provider, which receives the mails instead', async () => {
    const sent: MailMessage[] = [];
    const provider: MailProvider = { name: 'smtp', send: async (m) => void sent.push(m) };
    const app = await buildApp({ database: t.database, clock: t.clock, mail: provider, config: { clientDir: '/nonexistent', publicUrl: 'https://console.example' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      const body = { email: 'real@example.test', password: 'Passw0rd!', passwordConfirm: 'Passw0rd!', businessNum: '5208123452', phoneNum: '01012345678', brandName: '실제', isAgreeServiceUsage: true, isAgreePersonalInformation: true };
      expect((await app.inject({ method: 'POST', url: `${P}/sign-up`, payload: body })).statusCode).toBe(201);
      expect(sent).toHaveLength(1);
      expect(sent[0].to).toBe('real@example.test');
      expect(sent[0].text).toMatch(/^.*https:\/\/console\.example\/api\/v1\/admin\/partnerships\/email\/confirm\?token=[A-Za-z0-9_-]{43}$/m);
    } finally {
      await app.close();
    }
  });

  it('does not exist in a production deployment (NODE_ENV=production), even on this database for the machine itself', async () => {
    const app = await buildApp({ database: t.database, clock: t.clock, config: { clientDir: '/nonexistent', production: true } });
    try {
      for (const url of [OUTBOX, '/api/dev/messages']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    } finally {
      await app.close();
    }
  });

  if (onPostgres) {
    it('does not exist on PostgreSQL (DATABASE_URL), even for the machine itself; the mail is still kept', async () => {
      const a = await confirmedBrand(t);
      const res = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(a.email)}`, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(await latestMail(t, a.email)).toEqual(expect.objectContaining({ to: a.email }));
    });
    return;
  }

  // The embedded demo (PGlite, local provider), the only place the route exists.
  it('answers the machine itself over IPv4 and IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: OUTBOX, remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('refuses any other client as if it did not exist, whatever X-Forwarded-For claims', async () => {
    const a = await confirmedBrand(t);
    const url = `${OUTBOX}?to=${encodeURIComponent(a.email)}`;
    for (const remoteAddress of ['10.0.0.5', '192.168.0.10', '::ffff:10.0.0.5']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // A proxy on this machine relays other machines' requests over loopback: refused too.
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    // Behind a trusted proxy the client IP is taken from X-Forwarded-For, but not for this.
    const proxied = await buildApp({ database: t.database, clock: t.clock, config: { clientDir: '/nonexistent', trustProxy: '10.0.0.0/8' } });
    try {
      const res = await proxied.inject({ method: 'GET', url, remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('lists what the local provider sent, newest first, filtered by recipient case-insensitively', async () => {
    const a = await confirmedBrand(t);
    await confirmedBrand(t);
    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: a.email } });
    const list = (await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(a.email.toUpperCase())}` })).json().data.list;
    expect(list).toHaveLength(2);
    expect(list[0].idx).toBeGreaterThan(list[1].idx);
    expect(list.every((m: { to: string }) => m.to === a.email)).toBe(true);
    expect(list[0]).toEqual({ idx: expect.any(Number), to: a.email, subject: expect.any(String), text: expect.any(String), html: expect.any(String), createdAt: expect.any(String) });
  });
});
