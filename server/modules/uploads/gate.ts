import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { API_BASES } from '../../../src/config/apiBases';
import type { ApiErrorBody } from '../../../src/domain/errors';
import { MSG } from '../../../src/domain/messages';
import { clientIp, type ProxyTrust } from '../../http/clientIp';
import { routeCounterKey, type RateLimitCounts } from '../../http/rateLimitStore';
import { counterKey } from '../../http/securityCounters';
import { SECURITY_HEADERS } from '../../http/securityHeaders';
import { BAD_UPLOAD_ADDRESSES_PER_IP, BAD_UPLOAD_ADDRESS_WINDOW_MS, OVER_LIMIT_HELD_MAX, OVER_LIMIT_WAIT_MS, SIGNED_UPLOAD_PATH } from './limits';
import { signedAddressHolds, uploadRefused } from './signed';

/** Answers a request itself (true), or leaves it to Fastify (false). */
export type Gate = (req: IncomingMessage, res: ServerResponse) => boolean;


const PREFIX = `${API_BASES.media}${SIGNED_UPLOAD_PATH.slice(0, SIGNED_UPLOAD_PATH.indexOf(':'))}`;
/** The route as @fastify/rate-limit's store names it: a client over the route's own limit waits here too. */
const ROUTE = `PUT ${API_BASES.media}${SIGNED_UPLOAD_PATH}`;

/** The path's two parts and the query of a signed PUT's URL, or null when it is not that route's shape. */
function addressOf(url: string) {
  const [path, query = ''] = url.split('?', 2);
  const parts = path.slice(PREFIX.length).split('/');
  if (parts.length !== 2) return null;
  const params = new URLSearchParams(query);
  // A repeated key is a list, as Fastify's query parser reads it: not a string, so refused.
  const one = (k: string) => (params.getAll(k).length > 1 ? params.getAll(k) : params.get(k) ?? undefined);
  try {
    return { tenantIdx: decodeURIComponent(parts[0]), name: decodeURIComponent(parts[1]), expires: one('expires'), signature: one('signature') };
  } catch {
    return null;
  }
}

function answer(res: ServerResponse, status: number, body: ApiErrorBody, headers: Record<string, string | number> = {}): void {
  if (res.destroyed) return;
  // Closing makes the client stop sending the body no one will read.
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify(body));
}

/**
 * The signed upload's front door (issue 20 A1). A PUT whose address does not hold, or whose client
 * is over a limit, is answered where Node hands the request over, before Fastify builds a request,
 * routes it and runs its hooks; a good address goes on to the route, which checks it again, counts
 * it under its per-IP limit and reads the body.
 *
 * - A bad address is a 403 at once, counted in the database under the client's budget of
 *   BAD_UPLOAD_ADDRESSES_PER_IP a ten minutes (a client the console signed for sends one only with
 *   an expired link); past the budget it is a 429, whichever process the client reaches.
 * - A client this process knows to be over the budget or the route's limit waits, its socket unread,
 *   up to OVER_LIMIT_WAIT_MS for its 429: a loop of refused uploads slows to one per wait instead of
 *   costing the server a refusal each. At most OVER_LIMIT_HELD_MAX wait at once; past that the 429
 *   comes at once.
 *
 * bench/uploadFlood.ts measures it: 20 clients PUTting 10 MB to bad addresses against a list.
 */
export function signedUploadGate(deps: {
  secret: string; now: () => Date; counts: RateLimitCounts; trust: ProxyTrust; log: FastifyBaseLogger;
  /** OVER_LIMIT_WAIT_MS and OVER_LIMIT_HELD_MAX unless a test says otherwise. */
  waitMs?: number; heldMax?: number;
}): Gate {
  const { waitMs = OVER_LIMIT_WAIT_MS, heldMax = OVER_LIMIT_HELD_MAX } = deps;
  let held = 0;

  function tooMany(req: IncomingMessage, res: ServerResponse, ttlMs: number): void {
    const seconds = Math.ceil(ttlMs / 1000);
    const send = () => answer(res, 429, { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests }, { 'retry-after': seconds });
    if (held >= heldMax) return send();
    held++;
    req.socket.pause();
    const release = () => {
      clearTimeout(timer);
      req.socket.off('close', release);
      held--;
    };
    const timer = setTimeout(() => {
      release();
      send();
    }, Math.min(waitMs, ttlMs));
    req.socket.once('close', release);
  }

  return (req, res) => {
    if (req.method !== 'PUT' || !req.url?.startsWith(PREFIX)) return false;
    const address = addressOf(req.url);
    if (!address) return false;
    const ip = clientIp(req, deps.trust) ?? '';
    const badKey = counterKey('bad-upload', ip);
    // Limits count on the real time, as the route's store does; the expiry on the app's clock, as the route does.
    const wait = deps.counts.refusedFor(badKey, Date.now()) ?? deps.counts.refusedFor(routeCounterKey(ROUTE, ip), Date.now());
    if (wait !== undefined) {
      tooMany(req, res, wait);
      return true;
    }
    if (signedAddressHolds(deps.secret, deps.now(), address)) return false;
    deps.counts.count(badKey, BAD_UPLOAD_ADDRESS_WINDOW_MS, BAD_UPLOAD_ADDRESSES_PER_IP, new Date()).then(
      (state) => {
        if (state.hits > BAD_UPLOAD_ADDRESSES_PER_IP) return tooMany(req, res, state.ttlMs);
        const refused = uploadRefused();
        answer(res, refused.status, { code: refused.code, message: refused.message });
      },
      (err: Error) => {
        deps.log.error({ err }, 'upload gate: counting a bad address failed');
        answer(res, 500, { code: 'INTERNAL_ERROR', message: MSG.genericErrorMessage });
      },
    );
    return true;
  };
}
