import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { counterKey, countHit, readCounter, type CounterState } from './securityCounters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How many over-limit keys one process remembers (oldest forgotten first): bounds its memory under a flood from many addresses. */
const REMEMBERED_REFUSALS = 10_000;

/** The counter key of a route's per-client limit, as @fastify/rate-limit's store child names the route. */
export const routeCounterKey = (route: string, client: string) => counterKey('rl', route, client);

/**
 * The route limits' counts in the `security_counters` table, shared by every server process on the
 * database, with this process's memory of the keys the database found over their limit: until the
 * window ends such a key is refused without asking again (issue 20 A1: a flood of refused uploads
 * cost a database round trip each). This only repeats a refusal the shared count already gave: a
 * window's count never falls before it ends ('rl' keys are never cleared), so no process lets
 * through more than the database would. Used by the rate-limit store below and by the signed
 * upload's gate (modules/uploads/gate.ts), which refuses before Fastify sees the request.
 */
export class RateLimitCounts {
  /** Counter key → the time (ms) its window ends, for keys the database found over the limit. */
  private readonly overUntil = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** Milliseconds until `counter`'s window ends when it is known to be over its limit, else undefined. */
  refusedFor(counter: string, at: number): number | undefined {
    const until = this.overUntil.get(counter);
    if (until === undefined) return undefined;
    if (until > at) return until - at;
    this.overUntil.delete(counter);
    return undefined;
  }

  /** Counts one hit of `counter` and remembers it when the count passes `max`. */
  async count(counter: string, windowMs: number, max: number, at: Date): Promise<CounterState> {
    const state = await countHit(this.db, counter, windowMs, at);
    if (state.hits > max) {
      if (this.overUntil.size >= REMEMBERED_REFUSALS) this.overUntil.delete(this.overUntil.keys().next().value!);
      this.overUntil.set(counter, at.getTime() + state.ttlMs);
    }
    return state;
  }

  read(counter: string, at: Date): Promise<CounterState> {
    return readCounter(this.db, counter, at);
  }
}

/**
 * @fastify/rate-limit's store over `RateLimitCounts`, so a route's limit holds across every server
 * process on the database (its default store counts per process). Each route counts apart (`child`
 * names it); windows start at a key's first request, on the real time (not the app's movable
 * clock). The rate-limit options continueExceeding and exponentialBackoff are not supported (no
 * route uses them).
 */
export function databaseRateLimitStore(counts: RateLimitCounts, now: () => Date = () => new Date()): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(_options: FastifyRateLimitOptions, private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const at = now();
      const counter = routeCounterKey(this.route, key);
      const ttl = counts.refusedFor(counter, at.getTime());
      if (ttl !== undefined) return callback(null, { current: max + 1, ttl });
      counts.count(counter, timeWindow, max, at).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (err: Error) => callback(err),
      );
    }

    /** The non-counting read behind `{ increment: false }`. */
    read(key: string, callback: Callback): void {
      counts.read(routeCounterKey(this.route, key), now()).then(
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
