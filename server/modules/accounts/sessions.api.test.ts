import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, PASSWORD, as, confirmedBrand, latestMail, signIn, tokenInMail, uniqueEmail } from '../../../tests/helpers/accounts';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';
import { SESSION_TTL_MS } from '../../../src/domain/session';
import { sessions } from '../../db/schema';
import { hashToken } from '../../plugins/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => as(t, token)({ method: 'GET', url: P });

describe(`sign-in, sessions and passwords (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('signs in with a random token stored only as its hash, expiring 6 hours later', async () => {
    const brand = await confirmedBrand(t);
    const res = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + SESSION_TTL_MS);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const plain = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(plain).toHaveLength(0);
  });

  it('refuses wrong passwords and unknown e-mails alike', async () => {
    const brand = await confirmedBrand(t);
    for (const payload of [{ email: brand.email, password: 'Wrong123!' }, { email: 'ghost@example.test', password: PASSWORD }]) {
      const res = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: FIELD_MSG.invalidCredentials });
    }
  });

  it('answers without a token or with a forged one as logged out', async () => {
    expect((await t.app.inject({ method: 'GET', url: P })).json()).toMatchObject({ code: 'UNAUTHORIZED', message: MSG.loggedOut });
    expect((await me('forged')).statusCode).toBe(401);
  });

  it('expires the session 6 hours after sign-in', async () => {
    const brand = await confirmedBrand(t);
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect((await me(brand.token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await me(brand.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'SESSION_EXPIRED', message: MSG.sessionExpired });
  });

  it('revokes the session on sign-out, leaving other sessions alive', async () => {
    const brand = await confirmedBrand(t);
    const other = await signIn(t, brand.email);
    const out = await as(t, brand.token)({ method: 'POST', url: `${P}/sign-out` });
    expect(out.statusCode).toBe(200);
    expect((await me(brand.token)).json().code).toBe('UNAUTHORIZED');
    expect((await me(other)).statusCode).toBe(200);
  });

  it('resets the password with the mailed one-time link and ends every old session', async () => {
    const brand = await confirmedBrand(t);
    const second = await signIn(t, brand.email);
    const request = await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    expect(request.statusCode).toBe(200);
    const mail = (await latestMail(t, brand.email))!;
    expect(mail.subject).toBe(MSG.resetMailSubject);
    expect(mail.text).toContain('http://console.test/reset/password?token=');
    const token = tokenInMail(mail.text);

    const mismatch = await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: { token, password: 'NewPass1!', passwordConfirm: 'Other1!!' } });
    expect(mismatch.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { passwordConfirm: FIELD_MSG.passwordConfirmMismatch } });

    const reset = await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: { token, password: 'NewPass1!', passwordConfirm: 'NewPass1!' } });
    expect(reset.statusCode).toBe(200);
    expect((await me(brand.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: PASSWORD } })).statusCode).toBe(401);
    expect(await signIn(t, brand.email, 'NewPass1!')).toBeTruthy();

    const reused = await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: { token, password: 'Again12!', passwordConfirm: 'Again12!' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN', message: FIELD_MSG.resetTokenInvalid });
  });

  it('expires a reset link after an hour and makes older links useless after a reset', async () => {
    const brand = await confirmedBrand(t);
    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    const older = tokenInMail((await latestMail(t, brand.email))!.text);
    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    const newer = tokenInMail((await latestMail(t, brand.email))!.text);
    const body = (token: string) => ({ token, password: 'NewPass1!', passwordConfirm: 'NewPass1!' });
    expect((await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: body(newer) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: body(older) })).json().code).toBe('INVALID_TOKEN');

    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    const late = tokenInMail((await latestMail(t, brand.email))!.text);
    t.clock.advance(60 * 60 * 1000);
    expect((await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: body(late) })).json().code).toBe('INVALID_TOKEN');
  });

  it('answers a reset request for an unknown e-mail exactly like a known one, and mails nothing', async () => {
    const brand = await confirmedBrand(t);
    const known = await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    const unknown = await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: 'nobody@example.test' } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await latestMail(t, 'nobody@example.test')).toBeUndefined();
  });

  it('changes the password after checking the current one, ending the other sessions only', async () => {
    const brand = await confirmedBrand(t);
    const other = await signIn(t, brand.email);
    const call = as(t, brand.token);
    const wrong = await call({ method: 'PATCH', url: `${P}/password`, payload: { currentPassword: 'Nope123!', password: 'Changed1!', passwordConfirm: 'Changed1!' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { currentPassword: FIELD_MSG.currentPasswordWrong } });
    const weak = await call({ method: 'PATCH', url: `${P}/password`, payload: { currentPassword: PASSWORD, password: 'weak', passwordConfirm: 'weak' } });
    expect(weak.json().errors).toMatchObject({ password: FIELD_MSG.passwordRule });
    const ok = await call({ method: 'PATCH', url: `${P}/password`, payload: { currentPassword: PASSWORD, password: 'Changed1!', passwordConfirm: 'Changed1!' } });
    expect(ok.statusCode).toBe(200);
    expect((await me(brand.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect(await signIn(t, brand.email, 'Changed1!')).toBeTruthy();
  });

  it('rate-limits sign-in to 10 a minute per IP and e-mail with 429 TOO_MANY_REQUESTS', async () => {
    const email = uniqueEmail('limited');
    const attempt = () => t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email, password: 'Wrong123!' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: FIELD_MSG.tooManyAttempts });
    // Another e-mail from the same IP is not locked out by this one.
    const other = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: uniqueEmail('free'), password: 'Wrong123!' } });
    expect(other.statusCode).toBe(401);
  });

  it('counts only failed sign-ins: repeated successful ones are never locked out, and the window slides', async () => {
    const brand = await confirmedBrand(t);
    for (let i = 0; i < 15; i++) expect((await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: PASSWORD } })).statusCode).toBe(200);
    const wrong = () => t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: 'Wrong123!' } });
    for (let i = 0; i < 10; i++) expect((await wrong()).statusCode).toBe(401);
    // Blocked now, even with the right password: the guesser must not learn it by trying it.
    expect((await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: PASSWORD } })).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('rate-limits verification resends and reset requests', async () => {
    const email = uniqueEmail('spam');
    for (const path of ['email/confirm', 'password/reset']) {
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await t.app.inject({ method: 'POST', url: `${P}/${path}`, payload: { email } })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('rate-limits current-password guesses per account (change password, withdraw)', async () => {
    const brand = await confirmedBrand(t);
    const guess = (path: string, method: 'PATCH' | 'POST', payload: object) => as(t, brand.token)({ method, url: `${P}/${path}`, payload });
    const wrongChange = { currentPassword: 'Guess123!', password: 'Next1234!', passwordConfirm: 'Next1234!' };
    for (let i = 0; i < 10; i++) expect((await guess('password', 'PATCH', wrongChange)).statusCode).toBe(400);
    const blocked = await guess('password', 'PATCH', wrongChange);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    for (let i = 0; i < 10; i++) expect((await guess('withdraw', 'POST', { password: 'Guess123!', reason: '' })).statusCode).toBe(400);
    expect((await guess('withdraw', 'POST', { password: 'Guess123!', reason: '' })).statusCode).toBe(429);
  });

  it('keeps revoked rows (audit) rather than deleting them', async () => {
    const brand = await confirmedBrand(t);
    await as(t, brand.token)({ method: 'POST', url: `${P}/sign-out` });
    const [row] = await t.database.db.select().from(sessions).where(and(eq(sessions.tokenHash, hashToken(brand.token))));
    expect(row.revokedAt).not.toBeNull();
  });
});
