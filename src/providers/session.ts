import { isSessionExpired } from '../domain/session';

/**
 * The stored session (spec 1 section 9): the token and the time of sign-in, in localStorage.
 * Shared by the light auth pages and the admin app, so neither imports the other.
 */
const TOKEN_KEY = 'accessToken';
const SIGNED_IN_AT_KEY = 'accessTokenSignedInAt';

/** The console's clock; end-to-end tests move it with Playwright's page.clock. */
export const clock = { now: () => Date.now() };

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveSession(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SIGNED_IN_AT_KEY, String(clock.now()));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SIGNED_IN_AT_KEY);
}

export function signedInAt(): number | null {
  const raw = localStorage.getItem(SIGNED_IN_AT_KEY);
  return raw ? Number(raw) : null;
}

/** 'none' when nobody is signed in, 'expired' after 6 hours, else 'active'. */
export function sessionStatus(): 'none' | 'expired' | 'active' {
  const token = getToken();
  const at = signedInAt();
  if (!token || at === null || Number.isNaN(at)) return 'none';
  return isSessionExpired(at, clock.now()) ? 'expired' : 'active';
}

/** The signed-in administrator's record: the admin app's identity, asked for as early as the page starts. */
export const IDENTITY_PATH = '/v1/admin/partnerships';
