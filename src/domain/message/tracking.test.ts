import { ATTRIBUTION_DAYS, clickRate, isRedirectable, parseLinkCode, trackedLink } from './tracking';

describe('tracked links and click rate (issue 25)', () => {
  it('builds and parses a recipient’s short link, refuses anything else, and redirects only to web addresses', () => {
    const link = trackedLink('https://console.example/', 'Ab_-0123456z', 3);
    expect(link).toBe('https://console.example/l/Ab_-0123456z3');
    expect(parseLinkCode('Ab_-0123456z3')).toEqual({ token: 'Ab_-0123456z', button: 3 });
    for (const bad of ['Ab_-0123456z6', 'Ab_-0123456z0', 'short1', 'Ab_-0123456z', 'Ab_-0123456z12', 'Ab.-0123456z1']) expect(parseLinkCode(bad)).toBeNull();
    expect(isRedirectable('https://shop.test/a?b=1')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.test', 'ftp://x']) expect(isRedirectable(bad)).toBe(false);
  });

  it('is the share of delivered recipients who clicked, 2 decimals, 0 before delivery; orders count for 7 days', () => {
    expect(clickRate(2, 3)).toBe(66.67);
    expect(clickRate(0, 0)).toBe(0);
    expect(clickRate(5, 4)).toBe(100);
    expect(ATTRIBUTION_DAYS).toBe(7);
  });
});
