import type { RouteOptions } from 'fastify';
import { JSON_BODY_LIMIT, PUBLIC_BODY_LIMIT, applyBodyLimit } from './bodyLimits';
import { perIp, requireRateLimitWhenPublic } from './rateLimit';

const route = (over: Partial<RouteOptions>) => ({ method: 'POST', url: '/x', handler: () => null, ...over }) as RouteOptions;

describe('route limits (issue 20)', () => {
  it('gives every route a body limit by its kind, keeping a declared one', () => {
    const signedIn = route({});
    applyBodyLimit(signedIn);
    expect(signedIn.bodyLimit).toBe(JSON_BODY_LIMIT);
    const anonymous = route({ config: { public: true } } as Partial<RouteOptions>);
    applyBodyLimit(anonymous);
    expect(anonymous.bodyLimit).toBe(PUBLIC_BODY_LIMIT);
    const declared = route({ bodyLimit: 5 });
    applyBodyLimit(declared);
    expect(declared.bodyLimit).toBe(5);
  });

  it('refuses to start with a public route that declares no rate limit', () => {
    expect(() => requireRateLimitWhenPublic(route({ config: { public: true } } as Partial<RouteOptions>))).toThrow(/without config.rateLimit/);
    expect(() => requireRateLimitWhenPublic(route({ config: { public: true, rateLimit: perIp(5) } } as Partial<RouteOptions>))).not.toThrow();
    expect(() => requireRateLimitWhenPublic(route({ config: { public: true, rateLimit: false } } as Partial<RouteOptions>))).not.toThrow();
    expect(() => requireRateLimitWhenPublic(route({}))).not.toThrow();
  });
});
