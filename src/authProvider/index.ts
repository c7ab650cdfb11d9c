import type { AuthProvider, UserIdentity } from 'react-admin';
import { LOGIN_PATH, SIGNED_OUT_PATH, loginRedirect } from '../entry';
import { MSG } from '../domain/messages';
import type { Partnership } from '../domain/identity';
import { apiRequest, ApiRequestError } from '../providers/http';
import { clearSession, clock, getToken, IDENTITY_PATH, sessionStatus } from '../providers/session';
import { routeAccess } from '../domain/menu';
import { browser, isLeaving, leaveTo } from '../framework/browser';
import { menuPathOfResource } from '../dataProvider/resources';

export interface PartnerIdentity extends UserIdentity {
  partnership: Partnership;
}

/** Stops react-admin from routing to its own /login: we navigate ourselves with a full reload. */
const silentRejection = () => ({ message: false as const, redirectTo: false as const, logoutUser: false });

let identityCache: { token: string; promise: Promise<PartnerIdentity> } | null = null;

export function forgetIdentity(): void {
  identityCache = null;
}

function currentPath(): { pathname: string; search: string } {
  return { pathname: window.location.pathname, search: window.location.search };
}

/** Clears the session and leaves for the login page, carrying the current page in url=. */
function toLogin(message?: string, keepReturnUrl = true): void {
  clearSession();
  forgetIdentity();
  const { pathname, search } = currentPath();
  leaveTo(keepReturnUrl ? loginRedirect(pathname, search) : LOGIN_PATH, message);
}

function isLoggedOutError(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError && (err.status === 401 || err.status === 404);
}

function loggedOutMessage(err: ApiRequestError): string {
  return err.code === 'SESSION_EXPIRED' ? MSG.sessionExpired : MSG.loggedOut;
}

async function fetchIdentity(): Promise<PartnerIdentity> {
  const partnership = await apiRequest<Partnership>(IDENTITY_PATH);
  return { id: partnership.idx, fullName: partnership.companyName, avatar: undefined, partnership };
}

/** The current administrator, fetched once per session token. */
export async function loadIdentity(): Promise<PartnerIdentity> {
  const token = getToken() ?? '';
  if (!identityCache || identityCache.token !== token) {
    const promise = fetchIdentity();
    identityCache = { token, promise };
    promise.catch(() => {
      if (identityCache?.promise === promise) identityCache = null;
    });
  }
  return identityCache.promise;
}

export const authProvider: AuthProvider = {
  /** Sign-in happens in the light auth app (src/custom/auth), never inside react-admin. */
  async login() {
    throw new Error('login is handled by the auth pages');
  },

  async checkAuth() {
    const status = sessionStatus();
    if (status === 'active') return;
    toLogin(status === 'expired' ? MSG.sessionExpired : undefined);
    throw silentRejection();
  },

  async logout() {
    if (isLeaving()) return false;
    if (getToken()) {
      try {
        await apiRequest('/v1/admin/partnerships/sign-out', { method: 'POST' });
      } catch {
        // The token is dropped locally whatever the server says.
      }
    }
    clearSession();
    forgetIdentity();
    leaveTo(LOGIN_PATH);
    return false;
  },

  async checkError(error: unknown) {
    const status = (error as { status?: number })?.status;
    if (status !== 401) return;
    if (!isLeaving()) {
      const code = (error as { body?: { code?: string } })?.body?.code ?? (error as { code?: string })?.code;
      toLogin(code === 'SESSION_EXPIRED' ? MSG.sessionExpired : MSG.loggedOut);
    }
    throw silentRejection();
  },

  async getIdentity() {
    try {
      const identity = await loadIdentity();
      if (identity.partnership.isLeaved === 'Y') {
        forgetIdentity();
        leaveTo(SIGNED_OUT_PATH);
      }
      return identity;
    } catch (err) {
      if (isLoggedOutError(err)) {
        toLogin(loggedOutMessage(err));
        throw silentRejection();
      }
      throw err;
    }
  },

  async canAccess({ resource }: { resource: string; action?: string }) {
    const path = resource.startsWith('/') ? resource : menuPathOfResource(resource);
    if (!path) return true;
    const { partnership } = await authProvider.getIdentity!();
    const access = routeAccess((partnership as Partnership), path, new Date(clock.now()));
    return access !== 'home' && access !== 'mainOnly';
  },

  async getPermissions() {
    return undefined;
  },
};

export { browser };
