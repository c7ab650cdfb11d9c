import type { FastifyRequest, RouteOptions } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { tooManyRequests } from './errors';

/**
 * Route-level limits keyed by client IP and the lower-cased e-mail of the body, so one attacker
 * cannot lock out a user from another network and one user cannot be hammered from one IP.
 * They run at preHandler because the key needs the parsed body.
 */
function ipAndEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

export function perIpAndEmail(max: number, message?: string): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: ipAndEmail,
    errorResponseBuilder: () => tooManyRequests(message),
  };
}

/** For public look-ups without an e-mail body (duplicate checks). */
export function perIp(max: number): RateLimitOptions {
  return { max, timeWindow: '1 minute', errorResponseBuilder: () => tooManyRequests() };
}

/**
 * For signed-in routes that check the current password (change password, withdraw): keyed by the
 * account, so a stolen session cannot guess the password without limit.
 */
export function perAccount(max: number, message?: string): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request) => `account|${request.principal?.adminIdx ?? request.ip}`,
    errorResponseBuilder: () => tooManyRequests(message),
  };
}

/**
 * onRoute of the API scope: every anonymous route declares its per-IP limit (or `false`, said out
 * loud: the loopback-only dev routes), or the server does not start (issue 20: the signed upload
 * took any number of tries).
 */
export function requireRateLimitWhenPublic(route: RouteOptions): void {
  const config = route.config as { public?: boolean; rateLimit?: unknown } | undefined;
  if (config?.public && config.rateLimit === undefined) throw new Error(`${String(route.method)} ${route.url} is public without config.rateLimit (http/rateLimit.ts)`);
}
