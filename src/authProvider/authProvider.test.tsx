import { http, HttpResponse } from 'msw';
import { authProvider, forgetIdentity } from './index';
import { browser } from '../framework/browser';
import { API, fail, json, server, setupMsw, signIn } from '../testing/server';
import { brandAccount, nonSubscriber, repairerAccount, subAccount } from '../testing/fixtures';
import { MSG } from '../domain/messages';
import { clock, getToken, saveSession } from '../providers/session';
import { SESSION_TTL_MS } from '../domain/session';

setupMsw();

let replace: ReturnType<typeof vi.spyOn>;
let alert: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
  alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('checkAuth', () => {
  it('passes with an active session', async () => {
    saveSession('t');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to the login page with the page in url=', async () => {
    window.history.replaceState(null, '', '/b2b/customer?page=2');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: false, message: false });
    expect(replace).toHaveBeenCalledWith('/auth/login?url=%2Fb2b%2Fcustomer%3Fpage%3D2');
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts and clears an expired session', async () => {
    saveSession('t');
    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + SESSION_TTL_MS + 1000);
    window.history.replaceState(null, '', '/setting/brand');
    await expect(authProvider.checkAuth({})).rejects.toBeTruthy();
    expect(alert).toHaveBeenCalledWith(MSG.sessionExpired);
    expect(getToken()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/auth/login?url=%2Fsetting%2Fbrand');
  });
});

describe('getIdentity', () => {
  it('returns the partnership, fetched once per session', async () => {
    let calls = 0;
    saveSession('t');
    server.use(http.get(API, () => (calls++, json(brandAccount()))));
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({ id: 1, fullName: '데모컴퍼니', partnership: { brand: { name: '데모브랜드' } } });
    await authProvider.getIdentity!();
    expect(calls).toBe(1);
    forgetIdentity();
    await authProvider.getIdentity!();
    expect(calls).toBe(2);
  });

  it('logs out on 404: alert, session cleared, reload to the login page', async () => {
    saveSession('t');
    server.use(http.get(API, () => fail(404, { code: 'NOT_FOUND', message: 'gone' })));
    await expect(authProvider.getIdentity!()).rejects.toBeTruthy();
    expect(alert).toHaveBeenCalledWith(MSG.loggedOut);
    expect(getToken()).toBeNull();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace.mock.calls[0][0]).toMatch(/^\/auth\/login/);
  });

  it('sends a withdrawn account to /signedout', async () => {
    signIn(brandAccount({ isLeaved: 'Y' }));
    await authProvider.getIdentity!();
    expect(replace).toHaveBeenCalledWith('/signedout');
  });
});

describe('checkError', () => {
  it('logs out on 401 with the expired text for SESSION_EXPIRED', async () => {
    saveSession('t');
    await expect(authProvider.checkError({ status: 401, body: { code: 'SESSION_EXPIRED' } })).rejects.toMatchObject({ logoutUser: false });
    expect(alert).toHaveBeenCalledWith(MSG.sessionExpired);
    expect(getToken()).toBeNull();
    // A second 401 in the same burst stays silent.
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeTruthy();
    expect(alert).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on 403 (shown as toast or modal by the data layer)', async () => {
    saveSession('t');
    await expect(authProvider.checkError({ status: 403, body: { code: 'FEATURE_DISABLED' } })).resolves.toBeUndefined();
    expect(getToken()).toBe('t');
  });
});

describe('logout', () => {
  it('signs out on the server, clears the token and reloads to /auth/login', async () => {
    saveSession('t');
    const signOut = vi.fn();
    server.use(http.post(`${API}/sign-out`, ({ request }) => (signOut(request.headers.get('authorization')), json(null))));
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(signOut).toHaveBeenCalledWith('Bearer t');
    expect(getToken()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/auth/login');
  });

  it('ignores a failing sign-out call', async () => {
    saveSession('t');
    server.use(http.post(`${API}/sign-out`, () => HttpResponse.error()));
    await authProvider.logout({});
    expect(getToken()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/auth/login');
  });
});

describe('canAccess', () => {
  const can = (resource: string) => authProvider.canAccess!({ resource, action: 'list' });

  it('lets a brand admin everywhere its features allow', async () => {
    signIn(brandAccount());
    expect(await can('/b2b/customer')).toBe(true);
    expect(await can('/setting/brand')).toBe(true);
    expect(await can('members')).toBe(true);
    expect(await can('/b2b/after-service/laundry')).toBe(false); // no LAUNDRY feature
  });

  it('hides main-only screens from a sub-account', async () => {
    signIn(subAccount());
    expect(await can('/b2b/customer')).toBe(true);
    expect(await can('/setting/brand')).toBe(false);
    expect(await can('members')).toBe(false);
    expect(await can('/b2b/payment/subscribe')).toBe(false);
    expect(await can('/b2b/interwork')).toBe(false);
  });

  it('gives a repairer only the dashboard and repair history', async () => {
    signIn(repairerAccount());
    expect(await can('/b2b/dashboard')).toBe(true);
    expect(await can('/b2b/after-service/repair')).toBe(true);
    expect(await can('/b2b/home')).toBe(false);
    expect(await can('/b2b/customer')).toBe(false);
    expect(await can('/b2b/after-service/request')).toBe(false);
  });

  it('gives a non-subscriber home and payment only', async () => {
    signIn(nonSubscriber());
    expect(await can('/b2b/home')).toBe(true);
    expect(await can('/b2b/payment/subscribe')).toBe(true);
    expect(await can('/b2b/customer')).toBe(false);
    expect(await can('/b2b/guarantee')).toBe(false);
  });
});
