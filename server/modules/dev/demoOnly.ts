import type { Database } from '../../db/client';

/**
 * The dev routes read what the local providers "sent": every tenant's mails (verification and
 * reset links, customer exports) and 알림톡 (names, phones, certificate links). Whoever reads them
 * can take over any account, so they exist only in the embedded demo of `npm start`: the local
 * provider on the embedded database (no DATABASE_URL), never in a production deployment
 * (NODE_ENV=production), whatever its database.
 */
export interface DevRouteSetting {
  production: boolean;
  dbKind: Database['kind'];
  mailProvider: string;
  messagingProvider: string;
}

export function devRoutesServed(s: DevRouteSetting): { outbox: boolean; messages: boolean; controls: boolean } {
  const embedded = demoControlsServed(s);
  return { outbox: embedded && s.mailProvider === 'local', messages: embedded && s.messagingProvider === 'local', controls: embedded };
}

/**
 * The demo's controls (./controlRoutes.ts: the server's clock, a renewal run, a credit debit) move
 * every tenant's time and money, so they too exist only in the embedded demo.
 */
export const demoControlsServed = (s: Pick<DevRouteSetting, 'production' | 'dbKind'>): boolean => s.dbKind === 'pglite' && !s.production;

/**
 * The rate limit of the dev routes: none, declared (http/rateLimit.ts requires every public route
 * to declare one). They answer loopback clients only (below), where a limit would only slow the
 * developer's own tools and end-to-end tests.
 */
export const LOOPBACK_ONLY_NO_RATE_LIMIT = false;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Even in the demo they answer only the machine that runs the server. The socket's own address
 * is asked, never X-Forwarded-For, which any client can write; and a request that carries
 * forwarding headers was relayed by a proxy (often one on this very machine, so its socket is
 * loopback) for a client somewhere else.
 */
export function isLoopbackClient(socketAddress: string | undefined, headers: Record<string, unknown> = {}): boolean {
  const relayed = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
  return !relayed && socketAddress !== undefined && LOOPBACK.has(socketAddress);
}
