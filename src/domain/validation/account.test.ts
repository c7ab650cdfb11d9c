import { ValidationError } from 'yup';
import {
  changePasswordSchema, consentsSchema, memberSchema, newPasswordSchema, serviceTermsSchema, signUpSchema, toFieldErrors,
} from './account';
import { FIELD_MSG } from '../messages';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return toFieldErrors(err);
    throw err;
  }
}

const signUp = (over: Record<string, unknown> = {}) => ({
  email: ' brand@demo.test ', password: 'Passw0rd!', passwordConfirm: 'Passw0rd!', businessNum: '1208123456',
  phoneNum: '01012345678', companyName: '데모', isAgreeServiceUsage: true, isAgreePersonalInformation: true, ...over,
});

describe('sign-up schema (spec 1 section 5)', () => {
  it('accepts a complete form, trimming the e-mail and defaulting the optional consents', async () => {
    const value = await signUpSchema.validate(signUp());
    expect(value.email).toBe('brand@demo.test');
    expect(value.isAgreeMarketing).toBe(false);
  });

  it('names every failing field', async () => {
    expect(await errorsOf(signUpSchema, {})).toMatchObject({
      email: FIELD_MSG.emailRequired, password: FIELD_MSG.passwordRequired, passwordConfirm: FIELD_MSG.passwordConfirmRequired,
      businessNum: FIELD_MSG.businessNumRequired, phoneNum: FIELD_MSG.phoneRequired, companyName: FIELD_MSG.companyNameRequired,
      isAgreeServiceUsage: FIELD_MSG.termsRequired, isAgreePersonalInformation: FIELD_MSG.termsRequired,
    });
    expect(await errorsOf(signUpSchema, signUp({ passwordConfirm: 'Other0rd!', businessNum: '1208123457', phoneNum: '0212345678', isAgreePersonalInformation: false })))
      .toEqual({ passwordConfirm: FIELD_MSG.passwordConfirmMismatch, businessNum: FIELD_MSG.businessNumFormat, phoneNum: FIELD_MSG.phoneFormat, isAgreePersonalInformation: FIELD_MSG.termsRequired });
  });
});

describe('password schemas', () => {
  it('checks the new password rule and the confirmation', async () => {
    expect(await errorsOf(newPasswordSchema, { token: '', password: 'weakpass', passwordConfirm: 'x' })).toEqual({
      token: FIELD_MSG.resetTokenInvalid, password: FIELD_MSG.passwordRule, passwordConfirm: FIELD_MSG.passwordConfirmMismatch,
    });
    expect(await errorsOf(changePasswordSchema, { currentPassword: 'x', password: 'Passw0rd!', passwordConfirm: 'Passw0rd!' })).toEqual({});
  });
});

describe('service-terms schema', () => {
  const contact = { email: 'a@example.test', phone: '0212345678', position: '팀장', name: '홍길동' };
  it('requires the privacy officer in full and the privacy team e-mail and phone, keyed with dotted paths', async () => {
    const errors = await errorsOf(serviceTermsSchema, {
      settlement: { email: 'a@example.test' }, report: { email: 'a@example.test' }, as: { email: 'a@example.test' },
      privacyOfficer: { email: 'a@example.test' }, privacyTeam: { email: 'a@example.test' },
    });
    expect(errors).toEqual({
      'privacyOfficer.phone': FIELD_MSG.phoneRequired, 'privacyOfficer.position': FIELD_MSG.positionRequired,
      'privacyOfficer.name': FIELD_MSG.contactNameRequired, 'privacyTeam.phone': FIELD_MSG.phoneRequired,
    });
    expect(await errorsOf(serviceTermsSchema, { settlement: contact, report: contact, as: contact, privacyOfficer: contact, privacyTeam: { email: 'a@example.test', phone: '1577-1234' } })).toEqual({});
  });
});

describe('consents and members', () => {
  it('accepts only the four services with Y/N', async () => {
    expect(await errorsOf(consentsSchema, { consents: [{ service: 'MARKETING', isAgreed: 'Y' }] })).toEqual({});
    expect(Object.keys(await errorsOf(consentsSchema, { consents: [{ service: 'OTHER', isAgreed: 'maybe' }] }))).toEqual(['consents[0].service', 'consents[0].isAgreed']);
    expect(await errorsOf(consentsSchema, { consents: [] })).toEqual({ consents: FIELD_MSG.required });
  });

  it('validates a new sub-account', async () => {
    expect(await errorsOf(memberSchema, { email: 'staff@demo.test', password: 'Passw0rd!', companyName: '김직원', phoneNum: '01022223333' })).toEqual({});
    expect(await errorsOf(memberSchema, { email: 'staff', password: 'x', companyName: ' ', phoneNum: '1' })).toEqual({
      email: FIELD_MSG.emailFormat, password: FIELD_MSG.passwordRule, companyName: FIELD_MSG.contactNameRequired, phoneNum: FIELD_MSG.phoneFormat,
    });
  });
});
