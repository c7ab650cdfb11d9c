import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema';
import type { TestApp } from './testApp';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { isValidBusinessNumber } from '../../src/domain/patterns';
import { findAccountByEmail } from '../../server/modules/accounts/repository';
import { createSession } from '../../server/modules/accounts/sessions';

export const PASSWORD = 'Passw0rd!';
export const P = '/api/v1/admin/partnerships';

let counter = 0;
/** A unique e-mail per call (files run in parallel on one PostgreSQL server, but each on its own database). */
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${++counter}@example.test`;

/** A random 10-digit business number that passes the National Tax Service check digit. */
export function validBusinessNumber(): string {
  for (;;) {
    const head = String(1 + Math.floor(Math.random() * 9)) + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    for (let d = 0; d <= 9; d++) if (isValidBusinessNumber(`${head}${d}`)) return `${head}${d}`;
  }
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    businessNum: validBusinessNumber(),
    phoneNum: '01012345678',
    brandName: '테스트브랜드',
    isAgreeServiceUsage: true,
    isAgreePersonalInformation: true,
    isAgreePromotion: false,
    isAgreeMarketing: false,
    ...overrides,
  };
}

/** An injector that sends the bearer token (or none). */
export function as(t: TestApp, token?: string) {
  return (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await t.app.inject({ method: 'POST', url: `${P}/sign-up`, payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { ...body, signUpToken: res.json().data.token as string };
}

/**
 * The newest mail to that address, read from the local provider's mail_outbox table: the
 * /api/dev/outbox route exists only in the embedded demo (server/modules/dev/demoOnly.ts).
 */
export async function latestMail(t: TestApp, to: string) {
  const [mail] = await t.database.db.select().from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.trim().toLowerCase()}`).orderBy(desc(mailOutbox.idx)).limit(1);
  return mail as { subject: string; text: string; html: string | null } | undefined;
}

/** The token of the link in a mail (verification or reset). */
export function tokenInMail(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error('no token link in mail');
  return match[1];
}

/** The path and query of the verification link, ready for inject. */
export function confirmLinkIn(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/api\/\S+email\/confirm\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error('no verification link in mail');
  return match[1];
}

export async function confirmEmail(t: TestApp, email: string) {
  const mail = await latestMail(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return t.app.inject({ method: 'GET', url: confirmLinkIn(mail.text) });
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

export const signInDemo = (t: TestApp, email: string) => signIn(t, email, DEMO_PASSWORD);

/** A brand on its trial, e-mail confirmed and signed in. */
export async function confirmedBrand(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await signUp(t, overrides);
  await confirmEmail(t, account.email);
  return { ...account, token: await signIn(t, account.email, String(account.password)) };
}

/**
 * A session of an existing account made straight in the database (no login round trip, no login
 * rate limit): its calls and its tenant (a sub-account's is its parent's).
 */
export async function sessionOf(t: TestApp, email: string) {
  const account = await findAccountByEmail(t.database.db, email);
  if (!account) throw new Error(`no account ${email}`);
  return { call: as(t, (await createSession(t.database.db, account, t.clock.now())).token), tenantIdx: account.parentIdx ?? account.idx };
}
