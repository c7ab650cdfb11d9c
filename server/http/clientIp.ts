import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which proxies' X-Forwarded-For is believed, as a function of an address and its hop; null: none. */
export type ProxyTrust = ((address: string, hop: number) => boolean) | null;

/**
 * TRUST_PROXY compiled once. Fastify gets this function as its `trustProxy`, and the signed
 * upload's gate (which answers before Fastify) reads the client IP with it, so both count the
 * per-IP limits under the same address.
 */
export function compileTrust(trustProxy: string | null): ProxyTrust {
  return trustProxy ? proxyAddr.compile(trustProxy.split(',').map((s) => s.trim())) : null;
}

/** The client IP exactly as Fastify's `request.ip` reads it under the same trust. */
export function clientIp(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  const addresses = proxyAddr.all(req, trust);
  return addresses[addresses.length - 1];
}
