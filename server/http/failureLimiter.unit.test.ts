import { failureLimiter } from './failureLimiter';

describe('failureLimiter', () => {
  it('blocks after max failures inside the window, forgets them after it, and resets on success', () => {
    let now = 0;
    const limiter = failureLimiter({ max: 3, windowMs: 1000, now: () => now });
    for (let i = 0; i < 3; i++) limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    now = 1001;
    expect(limiter.isBlocked('a')).toBe(false);
    limiter.fail('a');
    limiter.fail('a');
    limiter.reset('a');
    limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(false);
  });

  it('holds a bounded number of keys', () => {
    const limiter = failureLimiter({ max: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    limiter.fail('a');
    limiter.fail('b');
    limiter.fail('c');
    expect(limiter.isBlocked('a')).toBe(false);
    expect(limiter.isBlocked('c')).toBe(true);
  });
});
