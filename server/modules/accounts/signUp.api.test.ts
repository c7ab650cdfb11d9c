import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import {
  P, PASSWORD, as, confirmEmail, confirmLinkIn, latestMail, signUp, signUpBody, tokenInMail,
} from '../../../tests/helpers/accounts';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (body: unknown) => t.app.inject({ method: 'POST', url: `${P}/sign-up`, payload: body as object });

describe(`sign-up and e-mail verification (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('names each invalid field with its Korean message', async () => {
    const res = await post({
      email: 'not-an-email', password: 'short', passwordConfirm: 'other', businessNum: '1234567890',
      phoneNum: '0212345678', brandName: '', isAgreeServiceUsage: false, isAgreePersonalInformation: true,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toMatchObject({
      email: FIELD_MSG.emailFormat,
      password: FIELD_MSG.passwordRule,
      passwordConfirm: FIELD_MSG.passwordConfirmMismatch,
      businessNum: FIELD_MSG.businessNumFormat,
      phoneNum: FIELD_MSG.phoneFormat,
      brandName: FIELD_MSG.companyNameRequired,
      isAgreeServiceUsage: FIELD_MSG.termsRequired,
    });
    expect(body.errors).not.toHaveProperty('companyName');
  });

  it('creates the brand with a 14-day PRO trial, default features, credit 0 and a verification mail', async () => {
    const account = await signUp(t);
    const mail = await latestMail(t, account.email);
    expect(mail?.subject).toBe(MSG.confirmMailSubject);
    expect(mail?.text).toContain('http://console.test/api/v1/admin/partnerships/email/confirm?token=');
    expect(mail?.html).toContain('<a href="http://console.test/api/v1/admin/partnerships/email/confirm?token=');

    await confirmEmail(t, account.email);
    const signIn = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: account.email, password: PASSWORD } });
    const token = signIn.json().data.token;
    const me = (await as(t, token)({ method: 'GET', url: P })).json().data;
    expect(me).toMatchObject({
      adminType: 'b2b', b2bType: 'brand', companyName: '테스트브랜드', brand: { name: '테스트브랜드' },
      subscription: { planGroup: 'PRO', isTrial: true, endDate: '2026-12-05T15:00:00.000Z' }, // 00:00 KST after 14 Seoul days
      // 14 on the first day, counted by the server's clock (issue 23 item 11: the console shows this, never its own count).
      subscriptionState: 'TRIAL', daysLeft: 14, isIncomplete: false, useGuarantee: { use: true }, useStore: { use: false },
    });
    expect(me.parentIdx).toBe(me.idx);
    expect(me.setting.map((s: { name: string }) => s.name).sort()).toEqual(['ALIMTALK', 'CUSTOMER', 'GUARANTEE', 'MEMBERSHIP', 'PRODUCT', 'TEMPLATE']);
    const credit = (await as(t, token)({ method: 'GET', url: '/api/credit/account' })).json().data;
    expect(credit.balance).toBe(0);
  });

  it('refuses a duplicate e-mail (case-insensitive), telling an unconfirmed account apart', async () => {
    const account = await signUp(t);
    const again = await post(signUpBody({ email: account.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_EMAIL', errors: { email: FIELD_MSG.emailUnconfirmed } });

    await confirmEmail(t, account.email);
    const confirmed = await post(signUpBody({ email: account.email }));
    expect(confirmed.json()).toMatchObject({ code: 'DUPLICATE_EMAIL', errors: { email: FIELD_MSG.emailDuplicate } });
  });

  it('refuses a duplicate business number', async () => {
    const account = await signUp(t);
    const res = await post(signUpBody({ businessNum: account.businessNum }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE_BUSINESS_NO', errors: { businessNum: FIELD_MSG.businessNumDuplicate } });
  });

  it('answers the duplicate checks', async () => {
    const account = await signUp(t);
    const email = await t.app.inject({ method: 'GET', url: `${P}/email/duplication?email=${encodeURIComponent(account.email)}` });
    expect(email.json().data).toEqual({ duplicated: true, unconfirmed: true });
    const fresh = await t.app.inject({ method: 'GET', url: `${P}/email/duplication?email=nobody@example.test` });
    expect(fresh.json().data).toEqual({ duplicated: false, unconfirmed: false });
    const bad = await t.app.inject({ method: 'GET', url: `${P}/email/duplication?email=nope` });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: FIELD_MSG.emailFormat } });
    const bn = account.businessNum;
    const business = await t.app.inject({ method: 'GET', url: `${P}/businessNo/duplication?businessNo=${bn.slice(0, 3)}-${bn.slice(3, 5)}-${bn.slice(5)}` });
    expect(business.json().data).toEqual({ duplicated: true });
    const other = await t.app.inject({ method: 'GET', url: `${P}/businessNo/duplication?businessNo=${signUpBody().businessNum}` });
    expect(other.json().data.duplicated).toBe(false);
  });

  it('lets the sign-up token post consents, and nothing else, before confirmation', async () => {
    const account = await signUp(t);
    const call = as(t, account.signUpToken);
    const saved = await call({
      method: 'POST', url: `${P}/consents`,
      payload: { consents: [{ service: 'SERVICE_USAGE', isAgreed: 'Y' }, { service: 'PERSONAL_INFORMATION', isAgreed: 'Y' }, { service: 'MARKETING', isAgreed: 'N' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.list).toHaveLength(3);
    const me = await call({ method: 'GET', url: P });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'UNCONFIRMED_ACCOUNT', message: MSG.unconfirmedAccount });
    const invalid = await call({ method: 'POST', url: `${P}/consents`, payload: { consents: [{ service: 'NOPE', isAgreed: 'Y' }] } });
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(invalid.json().errors).toHaveProperty(['consents[0].service']);
  });

  it('answers sign-in of an unconfirmed account with UNCONFIRMED_ACCOUNT, but a wrong password with INVALID_CREDENTIALS', async () => {
    const account = await signUp(t);
    const right = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: account.email, password: PASSWORD } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'UNCONFIRMED_ACCOUNT', message: MSG.unconfirmedAccount });
    const wrong = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: account.email, password: 'Wrong123!' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('confirms with the mailed link once, redirecting to login; a used link goes to the failure page', async () => {
    const account = await signUp(t);
    const link = confirmLinkIn((await latestMail(t, account.email))!.text);
    const first = await t.app.inject({ method: 'GET', url: link });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/auth/login?verified=1');
    const second = await t.app.inject({ method: 'GET', url: link });
    expect(second.headers.location).toBe('/auth/verification/fail');
    const signIn = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: account.email, password: PASSWORD } });
    expect(signIn.statusCode).toBe(200);
  });

  it('sends a bad or missing token to the failure page', async () => {
    for (const url of [`${P}/email/confirm?token=forged`, `${P}/email/confirm`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth/verification/fail');
    }
  });

  it('expires the verification link after 24 hours', async () => {
    const account = await signUp(t);
    const link = confirmLinkIn((await latestMail(t, account.email))!.text);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.headers.location).toBe('/auth/verification/fail');
  });

  it('resends a new verification link, and answers 200 for unknown e-mails too', async () => {
    const account = await signUp(t);
    const firstToken = tokenInMail((await latestMail(t, account.email))!.text);
    const resend = await t.app.inject({ method: 'POST', url: `${P}/email/confirm`, payload: { email: account.email } });
    expect(resend.statusCode).toBe(200);
    const secondToken = tokenInMail((await latestMail(t, account.email))!.text);
    expect(secondToken).not.toBe(firstToken);
    const confirmed = await t.app.inject({ method: 'GET', url: `${P}/email/confirm?token=${secondToken}` });
    expect(confirmed.headers.location).toBe('/auth/login?verified=1');

    const unknown = await t.app.inject({ method: 'POST', url: `${P}/email/confirm`, payload: { email: 'ghost@example.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(resend.body);
    expect(await latestMail(t, 'ghost@example.test')).toBeUndefined();
  });
});
