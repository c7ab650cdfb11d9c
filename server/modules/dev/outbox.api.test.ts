import { buildApp } from '../../app';
import type { MailMessage, MailProvider } from '../../providers/mail';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, confirmedBrand } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`local mail outbox (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists what the local provider sent, newest first, filtered by recipient case-insensitively', async () => {
    const a = await confirmedBrand(t);
    await confirmedBrand(t);
    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: a.email } });
    const list = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(a.email.toUpperCase())}` })).json().data.list;
    expect(list).toHaveLength(2);
    expect(list[0].idx).toBeGreaterThan(list[1].idx);
    expect(list.every((m: { to: string }) => m.to === a.email)).toBe(true);
    expect(list[0]).toEqual({ idx: expect.any(Number), to: a.email, subject: expect.any(String), text: expect.any(String), html: expect.any(String), createdAt: expect.any(String) });
  });

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
});
