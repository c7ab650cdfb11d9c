import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { P, PASSWORD, as, latestMail, signUp, tokenInMail } from '../tests/helpers/accounts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: sink });
});
afterAll(() => t.close());

describe(`logs keep secrets out (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('never writes passwords, session tokens or e-mail tokens, even at debug level', async () => {
    const account = await signUp(t);
    const confirmToken = tokenInMail((await latestMail(t, account.email))!.text);
    const confirmed = await t.app.inject({ method: 'GET', url: `${P}/email/confirm?token=${confirmToken}` });
    expect(confirmed.statusCode).toBe(302);

    const signIn = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: account.email, password: PASSWORD } });
    const token = signIn.json().data.token as string;
    expect((await as(t, token)({ method: 'GET', url: P })).statusCode).toBe(200);
    // A failing request is logged too; its body must not leak either.
    await as(t, token)({ method: 'PATCH', url: `${P}/password`, payload: { currentPassword: 'Wrong-guess1!', password: 'Next1234!', passwordConfirm: 'Next1234!' } });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('/email/confirm');
    for (const secret of [PASSWORD, token, account.signUpToken, confirmToken, 'Wrong-guess1!', 'Next1234!']) {
      expect(log).not.toContain(secret);
    }
  });
});
