import * as yup from 'yup';
import { DEFAULT_COUNTRY_CODE, isYmd, phoneError } from '../../domain/guarantee';
import { customerKo } from '../../i18n/customer.ko';
import type { CustomerBody } from './api';

/**
 * The console's customer form and download-request rules (spec 3 section 5). Messages are the
 * catalogue's Korean texts (src/i18n/customer.ko.ts); the phone rule is the guarantee domain's
 * phoneError (050/070 refused for 82). The server checks the same and answers 400/409 per field.
 */
const K = customerKo.customer;

export const CUSTOMER_NAME_MAX = 50;
export const DOWNLOAD_REASON_MAX = 200;
/** At least 6 characters with a letter, a digit and a special character. */
export const DOWNLOAD_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).{6,}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const downloadSchema = yup.object({
  email: yup.string().trim().required(K.download.emailRequired).matches(EMAIL_RE, K.download.emailInvalid),
  password: yup.string().required(K.download.passwordRequired).matches(DOWNLOAD_PASSWORD_RE, K.download.passwordInvalid),
  reason: yup.string().trim().required(K.download.reasonRequired).max(DOWNLOAD_REASON_MAX, K.download.reasonTooLong),
});

export const customerSchema = yup.object({
  customerName: yup.string().trim().required(K.form.nameRequired).max(CUSTOMER_NAME_MAX, K.form.nameTooLong),
  countryCode: yup.string().trim().default(DEFAULT_COUNTRY_CODE),
  customerPhone: yup
    .string()
    .default('')
    .test('phone', (value, ctx) => {
      const message = phoneError(value ?? '', String((ctx.parent as { countryCode?: string }).countryCode || DEFAULT_COUNTRY_CODE));
      return message ? ctx.createError({ message }) : true;
    }),
  email: yup
    .string()
    .trim()
    .nullable()
    .test('email', K.form.emailInvalid, (v) => !v || EMAIL_RE.test(v)),
  birthday: yup
    .string()
    .nullable()
    .test('birthday', K.form.birthdayInvalid, (v) => !v || (isYmd(v) && v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10))),
});

export interface CustomerFormValues {
  customerName?: string;
  customerPhone?: string;
  countryCode?: string;
  userGender?: string;
  birthday?: string | null;
  email?: string | null;
  isAgreeMarketing?: string | boolean;
  isAgreeSMS?: string | boolean;
}

const yn = (v: unknown): 'Y' | 'N' => (v === true || v === 'Y' ? 'Y' : 'N');

/** Form values → the POST/PATCH body: trimmed, the birthday as 8 digits, empty texts as null. */
export function customerBody(values: CustomerFormValues): CustomerBody {
  const t = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const birthday = t(values.birthday);
  return {
    customerName: t(values.customerName),
    customerPhone: t(values.customerPhone),
    countryCode: t(values.countryCode) || DEFAULT_COUNTRY_CODE,
    userGender: values.userGender === 'M' || values.userGender === 'F' ? values.userGender : null,
    birthday: birthday ? birthday.replace(/-/g, '') : null,
    email: t(values.email) || null,
    isAgreeMarketing: yn(values.isAgreeMarketing),
    isAgreeSMS: yn(values.isAgreeSMS),
  };
}
