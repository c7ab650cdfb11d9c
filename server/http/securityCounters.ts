import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { securityCounters } from '../db/schema';
import { rowsOf } from '../modules/products/service';

/**
 * Counters that guard security (rate limits, the sign-in lock) in the `security_counters` table, so
 * every server process on one database counts the same tries. Each change is one statement (an
 * upsert that increments or starts a new window), atomic under any concurrency. Windows are fixed:
 * they start at a key's first hit and last `windowMs`; a hit after the end starts a new one at 1.
 */
export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const windowEnd = (now: Date, windowMs: number) => sql`${at(now)} + make_interval(secs => ${windowMs / 1000})`;

function stateOf(result: unknown, now: Date): CounterState | null {
  const [row] = rowsOf<{ hits: number; resetsAt: string | Date }>(result);
  if (!row) return null;
  return { hits: Number(row.hits), ttlMs: Math.max(0, new Date(row.resetsAt).getTime() - now.getTime()) };
}

/**
 * One hit of `key`: a new row, or the window's count + 1, or 1 in a new window when the old one
 * ended. With `max`, an open window already at `max` is left alone and nothing is answered.
 */
function hit(key: string, windowMs: number, now: Date, max?: number) {
  const ended = sql`c.resets_at <= ${at(now)}`;
  return sql`
    INSERT INTO ${securityCounters} AS c (key, hits, resets_at) VALUES (${key}, 1, ${windowEnd(now, windowMs)})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${ended} THEN 1 ELSE c.hits + 1 END,
      resets_at = CASE WHEN ${ended} THEN ${windowEnd(now, windowMs)} ELSE c.resets_at END
    ${max === undefined ? sql`` : sql`WHERE ${ended} OR c.hits < ${max}`}
    RETURNING c.hits, c.resets_at AS "resetsAt"`;
}

/** Counts one hit of `key` and answers the window's count so far (this hit included). */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<CounterState> {
  return stateOf(await db.execute(hit(key, windowMs, now)), now)!;
}

/**
 * Takes one of the `max` tries of `key`'s window, or answers null when all are taken: of any number
 * of concurrent callers at most `max` get one (the row's lock orders them). The try counts until
 * `clearCounter` (a success that forgives the earlier failures).
 */
export async function takeTry(db: Db, key: string, max: number, windowMs: number, now: Date): Promise<CounterState | null> {
  return stateOf(await db.execute(hit(key, windowMs, now, max)), now);
}

/** The window's count of `key` without counting (0 when none is open). */
export async function readCounter(db: Db, key: string, now: Date): Promise<CounterState> {
  const result = await db.execute(sql`
    SELECT hits, resets_at AS "resetsAt" FROM ${securityCounters} WHERE key = ${key} AND resets_at > ${at(now)}`);
  return stateOf(result, now) ?? { hits: 0, ttlMs: 0 };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${securityCounters} WHERE key = ${key}`);
}

/** Deletes the rows whose window ended (the security counter sweep, server/jobs/securityCounterSweep.ts). */
export async function sweepEndedCounters(db: Db, now: Date): Promise<void> {
  await db.delete(securityCounters).where(lt(securityCounters.resetsAt, now));
}

/**
 * The row key of a counter: its kind, readable, then a hash of what identifies it (IPs, e-mails,
 * routes), so no personal data is stored and attacker-chosen input cannot make keys long.
 */
export function counterKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}
