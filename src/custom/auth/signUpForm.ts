import { emailRule, signUpSchema } from '../../domain/validation/account';
import { authKo } from '../../i18n/auth.ko';
import { validateField } from './form';
import type { Consent } from './api';

/** The sign-up form's values and the rules its steps share. */
export const t = authKo.signup;

export type TextField = 'email' | 'password' | 'passwordConfirm' | 'businessNum' | 'phoneNum' | 'companyName';
export type ConsentField = 'isAgreeServiceUsage' | 'isAgreePersonalInformation' | 'isAgreePromotion' | 'isAgreeMarketing';
export type Values = Record<TextField, string> & Record<ConsentField, boolean>;

export const INITIAL: Values = {
  email: '',
  password: '',
  passwordConfirm: '',
  businessNum: '',
  phoneNum: '',
  companyName: '',
  isAgreeServiceUsage: false,
  isAgreePersonalInformation: false,
  isAgreePromotion: false,
  isAgreeMarketing: false,
};

export const CONSENTS: { field: ConsentField; service: Consent['service']; label: string; required: boolean }[] = [
  { field: 'isAgreeServiceUsage', service: 'SERVICE_USAGE', label: t.consentServiceUsage, required: true },
  { field: 'isAgreePersonalInformation', service: 'PERSONAL_INFORMATION', label: t.consentPersonalInformation, required: true },
  { field: 'isAgreePromotion', service: 'PROMOTION', label: t.consentPromotion, required: false },
  { field: 'isAgreeMarketing', service: 'MARKETING', label: t.consentMarketing, required: false },
];

export function emailFormatError(email: string): string | undefined {
  try {
    emailRule.validateSync(email);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The second step: a valid password, its confirmation and the required consents. */
export const ACCOUNT_FIELDS = ['password', 'passwordConfirm', ...CONSENTS.map((c) => c.field)] satisfies (keyof Values)[];
export const accountStepDone = (values: Values) =>
  (['password', 'passwordConfirm', ...CONSENTS.filter((c) => c.required).map((c) => c.field)] as const).every((f) => !validateField(signUpSchema, f, values));
