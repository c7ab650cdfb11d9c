import { PrincipalCache, type SessionPrincipal } from './principalCache';
import type { Principal } from './auth';

const clockAt = (ms: number) => {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
};
const session = (adminIdx: number, tenantIdx = adminIdx): SessionPrincipal => ({
  principal: { adminIdx, tenantIdx } as Principal,
  expiresAt: Number.MAX_SAFE_INTEGER,
});

describe('PrincipalCache', () => {
  it('forgets an entry once it is ttl old, or when the clock went back', () => {
    const clock = clockAt(1_000_000);
    const cache = new PrincipalCache(clock, 100, 10);
    cache.set('a', session(1), cache.ticket());
    clock.ms += 99;
    expect(cache.get('a')?.principal.adminIdx).toBe(1);
    clock.ms += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', session(2), cache.ticket());
    clock.ms -= 1;
    expect(cache.get('b')).toBeUndefined();
  });

  it('ages an entry from when its read began, not from when it was stored', () => {
    const clock = clockAt(0);
    const cache = new PrincipalCache(clock, 100, 10);
    const ticket = cache.ticket();
    clock.ms += 60;
    cache.set('a', session(1), ticket);
    clock.ms += 39;
    expect(cache.get('a')).toBeDefined();
    clock.ms += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most max entries, dropping the least recently used', () => {
    const cache = new PrincipalCache(clockAt(0), 1000, 2);
    cache.set('a', session(1), cache.ticket());
    cache.set('b', session(2), cache.ticket());
    cache.get('a');
    cache.set('c', session(3), cache.ticket());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.principal.adminIdx).toBe(1);
    expect(cache.get('c')?.principal.adminIdx).toBe(3);
  });

  it('forgets by token, by account and by tenant', () => {
    const cache = new PrincipalCache(clockAt(0), 1000, 10);
    cache.set('main', session(1), cache.ticket());
    cache.set('staff', session(2, 1), cache.ticket());
    cache.set('other', session(3), cache.ticket());
    cache.forgetAdmin(2);
    expect(cache.get('staff')).toBeUndefined();
    expect(cache.get('main')).toBeDefined();
    cache.set('staff', session(2, 1), cache.ticket());
    cache.forgetTenant(1);
    expect([cache.get('main'), cache.get('staff')]).toEqual([undefined, undefined]);
    cache.forgetToken('other');
    expect(cache.get('other')).toBeUndefined();
  });

  it('does not store what was read before a change was forgotten', () => {
    const cache = new PrincipalCache(clockAt(0), 1000, 10);
    const before = cache.ticket();
    cache.forgetAdmin(1);
    cache.set('a', session(1), before);
    expect(cache.get('a')).toBeUndefined();
  });
});
