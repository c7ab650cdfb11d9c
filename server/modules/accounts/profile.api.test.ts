import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, PASSWORD, as, confirmedBrand, signInDemo } from '../../../tests/helpers/accounts';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';
import { eq } from 'drizzle-orm';
import { brands, partnerships } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const contact = (over: Record<string, string> = {}) => ({ email: 'a@example.test', phone: '0212345678', position: '팀장', name: '홍길동', ...over });
const fullTerms = () => ({
  settlement: contact(), report: contact(), as: contact(), privacyOfficer: contact(), privacyTeam: contact({ name: '', position: '' }),
});

describe(`identity, profile, brand, service terms and leaving (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('shapes the identity of each demo role', async () => {
    const brand = (await as(t, await signInDemo(t, 'brand@demo.test'))({ method: 'GET', url: P })).json().data;
    expect(brand).toMatchObject({
      companyName: '주식회사 데모', brand: { name: '데모브랜드' }, subscriptionState: 'CHARGED',
      subscription: { planGroup: 'PRO', planName: 'Pro', isTrial: false }, useRepair: { use: true }, useStore: { use: true }, isIncomplete: false,
    });
    expect(brand.setting).toHaveLength(13);
    const staff = (await as(t, await signInDemo(t, 'staff@demo.test'))({ method: 'GET', url: P })).json().data;
    expect(staff.parentIdx).toBe(brand.idx);
    expect(staff.idx).not.toBe(brand.idx);
    expect(staff.brand).toEqual(brand.brand);
    expect(staff.isIncomplete).toBe(false);
    const repair = (await as(t, await signInDemo(t, 'repair@demo.test'))({ method: 'GET', url: P })).json().data;
    expect(repair).toMatchObject({ adminType: 'repairer', b2bType: null, companyName: '데모수선', brand: null, subscription: null, subscriptionState: null, isIncomplete: false });
    const laundry = (await as(t, await signInDemo(t, 'laundry@demo.test'))({ method: 'GET', url: P })).json().data;
    expect(laundry).toMatchObject({ adminType: 'launderer', companyName: '데모세탁' });
  });

  it('updates the profile (digits-only phone) and validates it', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const bad = await call({ method: 'PATCH', url: P, payload: { companyName: '', phoneNum: '12' } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { companyName: FIELD_MSG.companyNameRequired, phoneNum: FIELD_MSG.phoneFormat } });
    const ok = await call({ method: 'PATCH', url: P, payload: { companyName: '새 회사', phoneNum: '010-9876-5432' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ companyName: '새 회사', phoneNum: '01098765432' });
  });

  it('reads and renames the brand, flagging a brand without a name as incomplete', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const read = await call({ method: 'GET', url: `${P}/brand` });
    expect(read.json().data).toMatchObject({ name: '테스트브랜드' });
    const empty = await call({ method: 'PATCH', url: `${P}/brand`, payload: { name: '  ' } });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: FIELD_MSG.brandNameRequired } });
    const renamed = await call({ method: 'PATCH', url: `${P}/brand`, payload: { name: '새 브랜드' } });
    expect(renamed.json().data).toEqual({ idx: read.json().data.idx, name: '새 브랜드' });
    expect((await call({ method: 'GET', url: P })).json().data.brand.name).toBe('새 브랜드');
  });

  it('flags a brand main account with a missing brand name or phone as incomplete', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const { idx } = (await call({ method: 'GET', url: P })).json().data;
    await t.database.db.update(partnerships).set({ phoneNum: '' }).where(eq(partnerships.idx, idx));
    expect((await call({ method: 'GET', url: P })).json().data.isIncomplete).toBe(true);
    await t.database.db.update(partnerships).set({ phoneNum: '01012345678' }).where(eq(partnerships.idx, idx));
    await t.database.db.update(brands).set({ name: '' }).where(eq(brands.tenantIdx, idx));
    expect((await call({ method: 'GET', url: P })).json().data.isIncomplete).toBe(true);
  });

  it('reads the demo service terms and saves a valid set', async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const demo = (await call({ method: 'GET', url: `${P}/service-terms` })).json().data;
    expect(demo.privacyOfficer).toMatchObject({ name: '최보안', email: 'privacy@demo.test' });

    const brand = await confirmedBrand(t);
    const own = as(t, brand.token);
    expect((await own({ method: 'GET', url: `${P}/service-terms` })).json().data.settlement).toEqual({ email: '', phone: '', position: '', name: '' });
    const saved = await own({ method: 'PUT', url: `${P}/service-terms`, payload: { ...fullTerms(), privacyTeam: contact({ phone: '02-123-4567', name: '' }) } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.privacyTeam).toMatchObject({ phone: '021234567', name: '' });
    const again = await own({ method: 'PUT', url: `${P}/service-terms`, payload: { ...fullTerms(), as: contact({ email: 'as@example.test' }) } });
    expect(again.json().data.as.email).toBe('as@example.test');
  });

  it('requires the privacy officer name, position, e-mail and phone, and the other e-mails', async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const res = await call({
      method: 'PUT', url: `${P}/service-terms`,
      payload: { ...fullTerms(), settlement: contact({ email: '' }), report: contact({ email: 'bad' }), privacyOfficer: { email: '', phone: '12', position: '', name: '' }, privacyTeam: { email: 'x@example.test', phone: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'settlement.email': FIELD_MSG.emailRequired,
      'report.email': FIELD_MSG.emailFormat,
      'privacyOfficer.email': FIELD_MSG.emailRequired,
      'privacyOfficer.phone': FIELD_MSG.generalPhoneFormat,
      'privacyOfficer.position': FIELD_MSG.positionRequired,
      'privacyOfficer.name': FIELD_MSG.contactNameRequired,
      'privacyTeam.phone': FIELD_MSG.phoneRequired,
    });
  });

  it('keeps consent history and answers the newest per service', async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    expect((await call({ method: 'GET', url: `${P}/consents` })).json().data).toEqual({ list: [], total: 0 });
    await call({ method: 'POST', url: `${P}/consents`, payload: { consents: [{ service: 'MARKETING', isAgreed: 'Y' }, { service: 'PROMOTION', isAgreed: 'Y' }] } });
    await call({ method: 'POST', url: `${P}/consents`, payload: { consents: [{ service: 'MARKETING', isAgreed: 'N' }] } });
    const list = (await call({ method: 'GET', url: `${P}/consents` })).json().data.list;
    expect(list.map((c: { service: string; isAgreed: string }) => [c.service, c.isAgreed])).toEqual([['MARKETING', 'N'], ['PROMOTION', 'Y']]);
  });

  it('withdraws with the password, blocks every other route, and restores on cancel', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const wrong = await call({ method: 'POST', url: `${P}/withdraw`, payload: { password: 'Wrong123!', reason: '' } });
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: FIELD_MSG.passwordWrong } });

    const left = await call({ method: 'POST', url: `${P}/withdraw`, payload: { password: PASSWORD, reason: '사용하지 않아요' } });
    expect(left.statusCode).toBe(200);
    expect(left.json().data.isLeaved).toBe('Y');
    expect((await call({ method: 'GET', url: P })).json().data.isLeaved).toBe('Y');
    for (const url of [`${P}/brand`, `${P}/consents`, '/api/credit/account', '/api/payment/v2/plan']) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'ACCOUNT_LEAVED', message: MSG.accountLeaved });
    }
    // Signing in again still works, so the user can reach the cancel button.
    const again = await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: brand.email, password: PASSWORD } });
    expect(again.statusCode).toBe(200);

    const back = await call({ method: 'POST', url: `${P}/withdraw/cancel` });
    expect(back.json().data.isLeaved).toBe('N');
    expect((await call({ method: 'GET', url: `${P}/brand` })).statusCode).toBe(200);
  });

  it('blocks the sub-accounts of a withdrawn brand too', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const member = { email: `m-${brand.email}`, password: PASSWORD, companyName: '직원', phoneNum: '01011112222' };
    expect((await call({ method: 'POST', url: `${P}/members`, payload: member })).statusCode).toBe(201);
    const memberToken = (await t.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { email: member.email, password: PASSWORD } })).json().data.token;
    await call({ method: 'POST', url: `${P}/withdraw`, payload: { password: PASSWORD } });
    const res = await as(t, memberToken)({ method: 'GET', url: '/api/payment/v2/plan' });
    expect(res.json().code).toBe('ACCOUNT_LEAVED');
    expect((await as(t, memberToken)({ method: 'GET', url: P })).json().data.isLeaved).toBe('Y');
    await call({ method: 'POST', url: `${P}/withdraw/cancel` });
    expect((await as(t, memberToken)({ method: 'GET', url: P })).json().data.isLeaved).toBe('N');
  });
});
