import { apiRequest } from '../../providers/http';
import type { ConsentService } from '../../domain/validation/account';
import type { Partnership } from '../../domain/identity';

/** The account calls of the auth pages (docs/api-contract.md, Accounts). */
const P = '/v1/admin/partnerships';

export interface SignUpBody {
  email: string;
  password: string;
  passwordConfirm: string;
  businessNum: string;
  phoneNum: string;
  brandName: string;
  isAgreeServiceUsage: boolean;
  isAgreePersonalInformation: boolean;
  isAgreePromotion: boolean;
  isAgreeMarketing: boolean;
}

export interface Consent {
  service: ConsentService;
  isAgreed: 'Y' | 'N';
}

/**
 * A call with an explicit bearer token instead of the stored session: the consents are sent right
 * after sign-up with the new, still unconfirmed account's token, which is never saved.
 */
export function requestWithToken<T>(path: string, token: string, method: string, body?: unknown): Promise<T> {
  return apiRequest<T>(path, { method, body, token });
}

export const authApi = {
  signIn: (email: string, password: string) =>
    apiRequest<{ token: string; expiresAt?: string }>(`${P}/sign-in`, { body: { email, password }, anonymous: true }),
  resendVerification: (email: string) => apiRequest<unknown>(`${P}/email/confirm`, { body: { email }, anonymous: true }),
  emailDuplication: (email: string, signal?: AbortSignal) =>
    apiRequest<{ duplicated: boolean; unconfirmed: boolean }>(`${P}/email/duplication`, { query: { email }, anonymous: true, signal }),
  businessNoDuplication: (businessNo: string, signal?: AbortSignal) =>
    apiRequest<{ duplicated: boolean }>(`${P}/businessNo/duplication`, { query: { businessNo }, anonymous: true, signal }),
  signUp: (body: SignUpBody) => apiRequest<{ token: string }>(`${P}/sign-up`, { body, anonymous: true }),
  sendConsents: (token: string, consents: Consent[]) => requestWithToken<unknown>(`${P}/consents`, token, 'POST', { consents }),
  requestPasswordReset: (email: string) => apiRequest<unknown>(`${P}/password/reset`, { body: { email }, anonymous: true }),
  resetPassword: (token: string, password: string, passwordConfirm: string) =>
    apiRequest<unknown>(`${P}/password`, { method: 'PUT', body: { token, password, passwordConfirm }, anonymous: true }),
  identity: () => apiRequest<Partnership>(P),
  cancelWithdraw: () => apiRequest<unknown>(`${P}/withdraw/cancel`, { method: 'POST' }),
  signOut: () => apiRequest<unknown>(`${P}/sign-out`, { method: 'POST' }),
};
