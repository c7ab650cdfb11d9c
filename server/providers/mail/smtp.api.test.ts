import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, signUpBody } from '../../../tests/helpers/accounts';
import { MSG } from '../../../src/domain/messages';
import { mailOutbox } from '../../db/schema';

/** A local SMTP server that keeps what it receives, parsed, with the envelope it came in. */
async function startSmtpServer() {
  const received: { envelope: { from: string; to: string[] }; mail: ParsedMail }[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offer (its self-signed certificate would be refused) and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, mail });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      }, callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once n mails have arrived. */
    async count(n: number) {
      while (received.length < n) await new Promise<void>((wake) => waiting.push(wake));
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const FROM = '파트너 콘솔 <no-reply@console.example>';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { mailProvider: 'smtp', smtpUrl: smtp.url, mailFrom: FROM, publicUrl: 'https://console.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe(`SMTP mail (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('sends the verification mail to the SMTP server, from MAIL_FROM', async () => {
    const body = signUpBody();
    expect((await t.app.inject({ method: 'POST', url: `${P}/sign-up`, payload: body })).statusCode).toBe(201);
    const [{ envelope, mail }] = await smtp.count(1);
    expect(envelope).toEqual({ from: 'no-reply@console.example', to: [body.email] });
    expect(mail.from?.value).toEqual([{ name: '파트너 콘솔', address: 'no-reply@console.example' }]);
    expect(mail.to).toEqual(expect.objectContaining({ value: [expect.objectContaining({ address: body.email })] }));
    expect(mail.subject).toBe(MSG.confirmMailSubject);
    expect(mail.text).toMatch(/https:\/\/console\.example\/api\/v1\/admin\/partnerships\/email\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain('https://console.example/api/v1/admin/partnerships/email/confirm?token=');
  });

  it('carries attachments (the customer export) byte for byte', async () => {
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x20]);
    await t.app.mail.send({ to: 'export@example.test', subject: '고객 목록', text: '첨부를 확인해 주세요', attachments: [{ filename: '고객목록.zip', contentType: 'application/zip', content }] });
    const { mail } = (await smtp.count(2))[1];
    expect(mail.subject).toBe('고객 목록');
    expect(mail.text?.trim()).toBe('첨부를 확인해 주세요');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: '고객목록.zip', contentType: 'application/zip' })]);
    expect(Buffer.compare(mail.attachments[0].content, content)).toBe(0);
  });

  it('keeps no outbox: the dev route does not exist and nothing is written to mail_outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await t.database.db.$count(mailOutbox)).toBe(0);
  });
});
