import { PUBLIC_PATHS, SIGNED_OUT_PATH, resolveEntry, safeReturnUrl, loginRedirect } from '../entry';

describe('entry routing (spec 1 sections 2.1, 2.2)', () => {
  it('serves the spec\'s public pages and /signedout from the light app (the route table\'s rows)', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(['/auth/login', '/auth/signup', '/auth/verification/fail', '/reset/password', '/reset/request/password']);
    expect(SIGNED_OUT_PATH).toBe('/signedout');
  });
  it('sends a logged-in user away from public routes to home', () => {
    expect(resolveEntry('/auth/login', '', 'active')).toEqual({ redirect: '/b2b/home' });
    expect(resolveEntry('/auth/signup/', '', 'active')).toEqual({ redirect: '/b2b/home' });
    expect(resolveEntry('/reset/password', '?token=x', 'active')).toEqual({ redirect: '/b2b/home' });
  });
  it('serves public routes to visitors with the light app', () => {
    expect(resolveEntry('/auth/login', '', 'none')).toEqual({ app: 'public' });
    expect(resolveEntry('/auth/verification/fail', '', 'expired')).toEqual({ app: 'public' });
  });
  it('carries the original path and query to login', () => {
    expect(resolveEntry('/b2b/customer', '?page=2', 'none')).toEqual({
      redirect: '/auth/login?url=%2Fb2b%2Fcustomer%3Fpage%3D2',
      sessionExpired: false,
    });
  });
  it('marks an expired session so the alert can be shown', () => {
    expect(resolveEntry('/b2b/home', '', 'expired')).toEqual({ redirect: '/auth/login', sessionExpired: true });
  });
  it('redirects the root to home', () => {
    expect(resolveEntry('/', '', 'active')).toEqual({ redirect: '/b2b/home' });
    expect(resolveEntry('/', '', 'none')).toEqual({ redirect: '/auth/login', sessionExpired: false });
  });
  it('loads the admin app for any other path, including unknown ones (its not-found page answers)', () => {
    expect(resolveEntry('/b2b/no-such-page', '', 'active')).toEqual({ app: 'admin' });
    expect(resolveEntry('/setting/profile', '', 'active')).toEqual({ app: 'admin' });
  });
  it('serves the customer lounge with its own app, signed in to the console or not', () => {
    for (const status of ['active', 'none', 'expired'] as const) {
      expect(resolveEntry('/lounge/abcdef123456', '', status)).toEqual({ app: 'lounge', loungeKey: 'abcdef123456' });
    }
    expect(resolveEntry('/lounge/bad', '', 'none')).toEqual({ redirect: '/auth/login?url=%2Flounge%2Fbad', sessionExpired: false });
  });
  it('only accepts same-origin return urls', () => {
    expect(safeReturnUrl('?url=%2Fb2b%2Fcustomer%3Fpage%3D2')).toBe('/b2b/customer?page=2');
    expect(safeReturnUrl('?url=https%3A%2F%2Fevil.test')).toBe('/b2b/home');
    expect(safeReturnUrl('?url=%2F%2Fevil.test')).toBe('/b2b/home');
    expect(safeReturnUrl('?url=%2Fauth%2Flogin')).toBe('/b2b/home');
    expect(safeReturnUrl('')).toBe('/b2b/home');
  });
  it('does not carry home as a return url', () => {
    expect(loginRedirect('/b2b/home', '')).toBe('/auth/login');
  });
});
