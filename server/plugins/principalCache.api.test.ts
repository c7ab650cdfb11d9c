import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { P, PASSWORD, as, confirmEmail, confirmedBrand, latestMail, signIn, signUp, tokenInMail, uniqueEmail } from '../../tests/helpers/accounts';
import { featureSettings, partnerships, subscriptions } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { PRINCIPAL_TTL_MS } from './principalCache';

/**
 * The principal cache must never outlive a change made in this process: every case first makes a
 * request with the token (so its principal is cached; the test clock stands still, so nothing ages
 * out on its own), changes something, and expects the very next request to see it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NFT = '/api/v1/admin/nft';
const me = (token: string) => as(t, token)({ method: 'GET', url: P });
const guarantees = (token: string) => as(t, token)({ method: 'GET', url: NFT });
const idxOf = async (email: string) => (await findAccountByEmail(t.database.db, email))!.idx;

async function brandWithMember() {
  const brand = await confirmedBrand(t);
  const email = uniqueEmail('member');
  const created = await as(t, brand.token)({ method: 'POST', url: `${P}/members`, payload: { email, password: PASSWORD, companyName: '김직원', phoneNum: '01022223333' } });
  expect(created.statusCode).toBe(201);
  return { brand, member: { idx: created.json().data.idx as number, token: await signIn(t, email) } };
}

describe(`the cached principal follows every change at once (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('refuses a token at once after its sign-out', async () => {
    const brand = await confirmedBrand(t);
    expect((await me(brand.token)).statusCode).toBe(200);
    expect((await as(t, brand.token)({ method: 'POST', url: `${P}/sign-out` })).statusCode).toBe(200);
    expect((await me(brand.token)).json().code).toBe('UNAUTHORIZED');
  });

  it('refuses the other sessions at once after a password change, keeping the one that changed it', async () => {
    const brand = await confirmedBrand(t);
    const other = await signIn(t, brand.email);
    expect((await me(other)).statusCode).toBe(200);
    const changed = await as(t, brand.token)({
      method: 'PATCH', url: `${P}/password`, payload: { currentPassword: PASSWORD, password: 'NewPass1!', passwordConfirm: 'NewPass1!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).json().code).toBe('UNAUTHORIZED');
    expect((await me(brand.token)).statusCode).toBe(200);
  });

  it('refuses every session at once after a password reset', async () => {
    const brand = await confirmedBrand(t);
    expect((await me(brand.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `${P}/password/reset`, payload: { email: brand.email } });
    const token = tokenInMail((await latestMail(t, brand.email))!.text);
    const reset = await t.app.inject({ method: 'PUT', url: `${P}/password`, payload: { token, password: 'NewPass1!', passwordConfirm: 'NewPass1!' } });
    expect(reset.statusCode).toBe(200);
    expect((await me(brand.token)).json().code).toBe('UNAUTHORIZED');
  });

  it('lets the sign-up session in at once after the e-mail is confirmed', async () => {
    const account = await signUp(t);
    expect((await me(account.signUpToken)).json().code).toBe('UNCONFIRMED_ACCOUNT');
    expect((await confirmEmail(t, account.email)).statusCode).toBe(302);
    expect((await me(account.signUpToken)).statusCode).toBe(200);
  });

  it('refuses a sub-account at once after its removal', async () => {
    const { brand, member } = await brandWithMember();
    expect((await me(member.token)).statusCode).toBe(200);
    expect((await as(t, brand.token)({ method: 'DELETE', url: `${P}/members/${member.idx}` })).statusCode).toBe(200);
    expect((await me(member.token)).json().code).toBe('UNAUTHORIZED');
  });

  it('blocks the sub-accounts at once when their brand withdraws, and lets them back on cancel', async () => {
    const { brand, member } = await brandWithMember();
    expect((await guarantees(member.token)).statusCode).toBe(200);
    expect((await as(t, brand.token)({ method: 'POST', url: `${P}/withdraw`, payload: { password: PASSWORD, reason: '' } })).statusCode).toBe(200);
    expect((await guarantees(member.token)).json().code).toBe('ACCOUNT_LEAVED');
    expect((await as(t, brand.token)({ method: 'POST', url: `${P}/withdraw/cancel` })).statusCode).toBe(200);
    expect((await guarantees(member.token)).statusCode).toBe(200);
  });

  // No route changes features or subscriptions yet (they are set at sign-up); whatever does must
  // call forgetTenant after its write, as these cases do.
  it('sees a feature turned off on the next request of the tenant and its sub-accounts', async () => {
    const { brand, member } = await brandWithMember();
    const tenantIdx = await idxOf(brand.email);
    expect((await guarantees(brand.token)).statusCode).toBe(200);
    expect((await guarantees(member.token)).statusCode).toBe(200);
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, tenantIdx), eq(featureSettings.name, 'GUARANTEE')));
    t.app.principals.forgetTenant(tenantIdx);
    expect((await guarantees(brand.token)).json().code).toBe('FEATURE_DISABLED');
    expect((await guarantees(member.token)).json().code).toBe('FEATURE_DISABLED');
  });

  it('sees a subscription ended on the next request', async () => {
    const brand = await confirmedBrand(t);
    const tenantIdx = await idxOf(brand.email);
    expect((await guarantees(brand.token)).statusCode).toBe(200);
    await t.database.db.delete(subscriptions).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    expect((await guarantees(brand.token)).json().code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('sees a change made by another process (nothing forgotten here) once the short time has passed', async () => {
    const brand = await confirmedBrand(t);
    const tenantIdx = await idxOf(brand.email);
    expect((await me(brand.token)).statusCode).toBe(200);
    await t.database.db.update(partnerships).set({ isLeaved: 'Y' }).where(eq(partnerships.idx, tenantIdx));
    t.clock.advance(PRINCIPAL_TTL_MS - 1);
    expect((await guarantees(brand.token)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await guarantees(brand.token)).json().code).toBe('ACCOUNT_LEAVED');
  });
});
