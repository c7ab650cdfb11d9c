import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { counterKey, countHit, readCounter } from './securityCounters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the `security_counters` table, so a route's limit holds across
 * every server process on the database (its default store counts per process). Each route counts
 * apart (`child` names it); windows start at a key's first request, on the real time (not the app's
 * movable clock). The rate-limit options continueExceeding and exponentialBackoff are not supported
 * (no route uses them).
 */
export function databaseRateLimitStore(db: Db, now: () => Date = () => new Date()): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(_options: FastifyRateLimitOptions, private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      countHit(db, counterKey('rl', this.route, key), timeWindow, at).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (err: Error) => callback(err),
      );
    }

    /** The non-counting read behind `{ increment: false }`. */
    read(key: string, callback: Callback): void {
      readCounter(db, counterKey('rl', this.route, key), now()).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: string | string[]; url?: string } }): FastifyRateLimitStore {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseStore({}, `${String(info.method)} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
