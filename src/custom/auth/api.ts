import { apiRequest, apiUrl, ApiRequestError } from '../../providers/http';
import type { ApiErrorBody } from '../../domain/errors';
import type { ConsentService } from '../../domain/validation/account';
import type { Partnership } from '../../domain/identity';
import { MSG } from '../../domain/messages';

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
export async function requestWithToken<T>(path: string, token: string, method: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, { code: 'INTERNAL_ERROR', title: MSG.genericErrorTitle, message: MSG.genericErrorMessage });
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiRequestError(res.status, (json as Partial<ApiErrorBody>) ?? {});
  return (json as { data: T } | null)?.data as T;
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
