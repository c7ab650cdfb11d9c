import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { sql } from 'drizzle-orm';
import { P, PASSWORD, as, latestMail, signUp, tokenInMail } from '../tests/helpers/accounts';
import { NFT_URL, guaranteeTenant } from '../tests/helpers/guarantees';

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

  it('logs a failed query without its values: no phone, no name, in the SQL error, its detail or its stack', async () => {
    const phone = { digits: '01058132947', typed: '010-5813-2947' };
    const name = '김비밀';
    const a = await guaranteeTenant(t);
    // Forces the insert to fail inside the database, where the driver's error carries the row's values.
    await t.database.db.execute(sql.raw(`ALTER TABLE nfts ADD CONSTRAINT test_refuses_this_phone CHECK (orderer_tel <> '${phone.digits}')`));
    const before = lines.length;
    const res = await a.call({ method: 'POST', url: NFT_URL, payload: { ordererName: name, ordererTel: phone.typed, productName: '상품' } });
    expect(res.statusCode).toBe(500);

    const log = lines.slice(before).join('');
    for (const value of [phone.digits, phone.typed, phone.digits.slice(3), '5813-2947', name]) expect(log).not.toContain(value);
    // The failure is logged, and still says where it happened.
    expect(log).toContain('unhandled error');
    expect(log).toContain('23514');
    expect(log).toContain('test_refuses_this_phone');
    expect(log).toContain('DrizzleQueryError');
    expect(log).toContain('INSERT INTO');
  });
});
