import type { ApiRequestError } from '../../providers/http';
import { FIELD_MSG } from '../../domain/messages';
import { digitsOnly } from '../../domain/patterns';
import { authApi } from './api';
import { asApiError, hasErrors, type FieldErrors } from './form';
import { CONSENTS, INITIAL, type Values } from './signUpForm';

/** Server field names that differ from the form's (the contract sends companyName as brandName). */
const SERVER_FIELD: Record<string, keyof Values> = { brandName: 'companyName' };
const FORM_FIELDS = new Set<string>(Object.keys(INITIAL));

/** A refusal the form shows on its fields, or else as one notice. */
export type SignUpOutcome = { ok: true } | { ok: false; fieldErrors: FieldErrors } | { ok: false; failure: ApiRequestError };

/** Creates the account, then records the consent answers with its (unconfirmed, unsaved) token. */
export async function requestSignUp(values: Values): Promise<SignUpOutcome> {
  let token: string;
  try {
    ({ token } = await authApi.signUp({
      email: values.email.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
      businessNum: digitsOnly(values.businessNum),
      phoneNum: digitsOnly(values.phoneNum),
      brandName: values.companyName.trim(),
      isAgreeServiceUsage: values.isAgreeServiceUsage,
      isAgreePersonalInformation: values.isAgreePersonalInformation,
      isAgreePromotion: values.isAgreePromotion,
      isAgreeMarketing: values.isAgreeMarketing,
    }));
  } catch (err) {
    const error = asApiError(err);
    const fieldErrors: FieldErrors = {};
    for (const [key, message] of Object.entries(error.errors ?? {})) {
      const field = SERVER_FIELD[key] ?? key;
      if (FORM_FIELDS.has(field) && !fieldErrors[field]) fieldErrors[field] = message;
    }
    if (!hasErrors(fieldErrors) && error.code === 'DUPLICATE_EMAIL') fieldErrors.email = error.message || FIELD_MSG.emailDuplicate;
    if (!hasErrors(fieldErrors) && error.code === 'DUPLICATE_BUSINESS_NO') fieldErrors.businessNum = error.message || FIELD_MSG.businessNumDuplicate;
    return hasErrors(fieldErrors) ? { ok: false, fieldErrors } : { ok: false, failure: error };
  }
  try {
    await authApi.sendConsents(
      token,
      CONSENTS.map((c) => ({ service: c.service, isAgreed: values[c.field] ? 'Y' : 'N' })),
    );
  } catch (err) {
    console.warn('consents not recorded', err);
  }
  return { ok: true };
}
