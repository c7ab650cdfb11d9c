import { SESSION_TTL_MS, isSessionExpired } from './session';

describe('session lifetime (spec 1 section 9)', () => {
  it('lasts exactly 6 hours from sign-in', () => {
    expect(SESSION_TTL_MS).toBe(6 * 60 * 60 * 1000);
    expect(isSessionExpired(0, SESSION_TTL_MS - 1)).toBe(false);
    expect(isSessionExpired(0, SESSION_TTL_MS)).toBe(true);
  });
});
