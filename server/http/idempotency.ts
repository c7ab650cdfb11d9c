import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { MSG } from '../../src/domain/messages';
import { ApiError } from './errors';

/** The operations whose retries share one key space: one scope per table that keeps their results. */
export type IdempotencyScope = 'credit.charge' | 'nft.issue' | 'as.intake' | 'subscription.payment' | 'customer.points';

/** JSON with object keys sorted, so the same request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHashOf = (request: unknown) => createHash('sha256').update(canonical(request)).digest('hex');

/**
 * Records the request a key first came with, or checks a retry against it: a key reused with
 * another body is a 422 `IDEMPOTENCY_KEY_REUSED` (Stripe, Toss). One statement: concurrent first
 * uses race on the primary key, and the loser reads the winner's hash from the same upsert.
 * The route's own replay (the first result, 200) runs after this, for retries of the same body.
 */
export async function claimIdempotencyKey(db: Db, at: { tenantIdx: number; scope: IdempotencyScope; key: string }, request: unknown): Promise<void> {
  const requestHash = requestHashOf(request);
  const [stored] = await db
    .insert(idempotencyKeys)
    .values({ ...at, requestHash })
    .onConflictDoUpdate({ target: [idempotencyKeys.tenantIdx, idempotencyKeys.scope, idempotencyKeys.key], set: { key: sql`excluded.key` } })
    .returning({ requestHash: idempotencyKeys.requestHash });
  if (stored.requestHash !== requestHash) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);
}
