import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { counterKey, countHit, readCounter } from './securityCounters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How many over-limit keys one process remembers (oldest forgotten first): bounds its memory under a flood from many addresses. */
const REMEMBERED_REFUSALS = 10_000;

/**
 * @fastify/rate-limit's store over the `security_counters` table, so a route's limit holds across
 * every server process on the database (its default store counts per process). Each route counts
 * apart (`child` names it); windows start at a key's first request, on the real time (not the app's
 * movable clock). The rate-limit options continueExceeding and exponentialBackoff are not supported
 * (no route uses them).
 *
 * Once the database answers that a key is over its limit, the process remembers it until the
 * window ends and refuses that key's next requests without asking again (issue 20 A1: a flood of
 * refused uploads cost a database round trip each). This only repeats a refusal the shared count
 * already gave: a window's count never falls before it ends ('rl' keys are never cleared), so no
 * process lets through more than the database would.
 */
export function databaseRateLimitStore(db: Db, now: () => Date = () => new Date()): FastifyRateLimitStoreCtor {
  /** Counter key → the time (ms) its window ends, for keys the database found over the limit. */
  const overUntil = new Map<string, number>();

  function remember(key: string, max: number, state: { hits: number; ttlMs: number }, at: number) {
    if (state.hits <= max) return;
    if (overUntil.size >= REMEMBERED_REFUSALS) overUntil.delete(overUntil.keys().next().value!);
    overUntil.set(key, at + state.ttlMs);
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(_options: FastifyRateLimitOptions, private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const at = now();
      const counter = counterKey('rl', this.route, key);
      const until = overUntil.get(counter);
      if (until !== undefined) {
        if (until > at.getTime()) return callback(null, { current: max + 1, ttl: until - at.getTime() });
        overUntil.delete(counter);
      }
      countHit(db, counter, timeWindow, at).then(
        (state) => {
          remember(counter, max, state, at.getTime());
          callback(null, { current: state.hits, ttl: state.ttlMs });
        },
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
