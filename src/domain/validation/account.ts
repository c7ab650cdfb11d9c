import * as yup from 'yup';
import { FIELD_MSG } from '../messages';
import { EMAIL, EMAIL_MAX, MOBILE_PHONE, GENERAL_PHONE, formatPhone, isStrongPassword, isValidBusinessNumber } from '../patterns';

/**
 * Account rules of spec 1 section 5, used by the sign-up and settings forms and by the
 * server, which validates every body with the same schema before touching the database.
 */
export const emailRule = yup
  .string()
  .trim()
  .required(FIELD_MSG.emailRequired)
  .max(EMAIL_MAX, FIELD_MSG.emailFormat)
  .matches(EMAIL, FIELD_MSG.emailFormat);

export const passwordRule = yup
  .string()
  .required(FIELD_MSG.passwordRequired)
  .max(128, FIELD_MSG.passwordRule)
  .test('strong', FIELD_MSG.passwordRule, (v) => !v || isStrongPassword(v, 8));

export const filePasswordRule = yup
  .string()
  .required(FIELD_MSG.passwordRequired)
  .test('strong', FIELD_MSG.filePasswordRule, (v) => !v || isStrongPassword(v, 6));

/** Mobile numbers are sent as digits; the format check runs on the hyphenated form. */
export const mobilePhoneRule = yup
  .string()
  .required(FIELD_MSG.phoneRequired)
  .test('mobile', FIELD_MSG.phoneFormat, (v) => !v || MOBILE_PHONE.test(formatPhone(v)));

export const generalPhoneRule = yup
  .string()
  .required(FIELD_MSG.phoneRequired)
  .test('phone', FIELD_MSG.generalPhoneFormat, (v) => !v || GENERAL_PHONE.test(formatPhone(v)));

export const businessNumRule = yup
  .string()
  .required(FIELD_MSG.businessNumRequired)
  .test('business', FIELD_MSG.businessNumFormat, (v) => !v || isValidBusinessNumber(v));

export const signInSchema = yup.object({
  email: emailRule,
  password: yup.string().required(FIELD_MSG.passwordRequired).max(128),
});

export const signUpSchema = yup.object({
  email: emailRule,
  password: passwordRule,
  passwordConfirm: yup
    .string()
    .required(FIELD_MSG.passwordConfirmRequired)
    .oneOf([yup.ref('password')], FIELD_MSG.passwordConfirmMismatch),
  businessNum: businessNumRule,
  phoneNum: mobilePhoneRule,
  companyName: yup.string().trim().required(FIELD_MSG.companyNameRequired).max(100),
  isAgreeServiceUsage: yup.boolean().oneOf([true], FIELD_MSG.termsRequired).required(FIELD_MSG.termsRequired),
  isAgreePersonalInformation: yup.boolean().oneOf([true], FIELD_MSG.termsRequired).required(FIELD_MSG.termsRequired),
  isAgreePromotion: yup.boolean().default(false),
  isAgreeMarketing: yup.boolean().default(false),
});
export type SignUpForm = yup.InferType<typeof signUpSchema>;

export const CONSENT_SERVICES = ['SERVICE_USAGE', 'PERSONAL_INFORMATION', 'PROMOTION', 'MARKETING'] as const;
export type ConsentService = (typeof CONSENT_SERVICES)[number];

export const consentsSchema = yup.object({
  consents: yup
    .array(
      yup.object({
        service: yup.string().oneOf(CONSENT_SERVICES).required(FIELD_MSG.required),
        isAgreed: yup.string().oneOf(['Y', 'N']).required(FIELD_MSG.required),
      }),
    )
    .min(1, FIELD_MSG.required)
    .required(FIELD_MSG.required),
});

export const passwordResetRequestSchema = yup.object({ email: emailRule });

export const newPasswordSchema = yup.object({
  token: yup.string().required(FIELD_MSG.resetTokenInvalid),
  password: passwordRule,
  passwordConfirm: yup
    .string()
    .required(FIELD_MSG.passwordConfirmRequired)
    .oneOf([yup.ref('password')], FIELD_MSG.passwordConfirmMismatch),
});

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(FIELD_MSG.passwordRequired),
  password: passwordRule,
  passwordConfirm: yup
    .string()
    .required(FIELD_MSG.passwordConfirmRequired)
    .oneOf([yup.ref('password')], FIELD_MSG.passwordConfirmMismatch),
});

export const profileSchema = yup.object({
  companyName: yup.string().trim().required(FIELD_MSG.companyNameRequired).max(100),
  phoneNum: mobilePhoneRule,
});

export const brandSchema = yup.object({
  name: yup.string().trim().required(FIELD_MSG.brandNameRequired).max(100),
});

export const SERVICE_TERMS_ROLES = ['settlement', 'report', 'as', 'privacyOfficer', 'privacyTeam'] as const;
export type ServiceTermsRole = (typeof SERVICE_TERMS_ROLES)[number];

const contact = (opts: { nameRequired: boolean }) =>
  yup.object({
    email: emailRule,
    phone: generalPhoneRule,
    position: opts.nameRequired ? yup.string().trim().required(FIELD_MSG.positionRequired).max(50) : yup.string().trim().max(50).default(''),
    name: opts.nameRequired ? yup.string().trim().required(FIELD_MSG.contactNameRequired).max(50) : yup.string().trim().max(50).default(''),
  });

/**
 * Service-terms contacts (spec 1 section 5): settlement ("payment"), report and A/S need a valid
 * e-mail; the privacy officer needs name, position, e-mail and phone; the privacy team e-mail and phone.
 */
export const serviceTermsSchema = yup.object({
  settlement: yup.object({ email: emailRule, phone: yup.string().default(''), position: yup.string().default(''), name: yup.string().default('') }),
  report: yup.object({ email: emailRule, phone: yup.string().default(''), position: yup.string().default(''), name: yup.string().default('') }),
  as: yup.object({ email: emailRule, phone: yup.string().default(''), position: yup.string().default(''), name: yup.string().default('') }),
  privacyOfficer: contact({ nameRequired: true }),
  privacyTeam: contact({ nameRequired: false }),
});
export type ServiceTerms = yup.InferType<typeof serviceTermsSchema>;

export const memberSchema = yup.object({
  email: emailRule,
  password: passwordRule,
  companyName: yup.string().trim().required(FIELD_MSG.contactNameRequired).max(100),
  phoneNum: mobilePhoneRule,
});

export const memberUpdateSchema = yup.object({
  companyName: yup.string().trim().required(FIELD_MSG.contactNameRequired).max(100),
  phoneNum: mobilePhoneRule,
});

export const withdrawSchema = yup.object({
  password: yup.string().required(FIELD_MSG.passwordRequired),
  reason: yup.string().trim().max(500).default(''),
});

export { toFieldErrors } from './fieldErrors';
