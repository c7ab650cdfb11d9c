import { and, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema';

/**
 * One-time secrets (a lounge sign-in code) in message_outbox. The local provider keeps what it
 * "sent", and the demo's outbox (/api/dev/messages) must show the code to sign in with, so there the
 * row keeps it readable until it is used or expires; wherever that outbox is not served (DATABASE_URL,
 * production) the secret is masked as the row is written (./index.ts). Masking replaces the secret
 * wherever it appears in the variables (the code, and the text that carries it).
 */

export function maskSecret(variables: Record<string, string>, variable: string): Record<string, string> {
  const secret = variables[variable];
  if (!secret) return variables;
  const masked = '*'.repeat(secret.length);
  return Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value.split(secret).join(masked)]));
}

/** Rows masked per round: a few hundred codes a minute at most outlive their use. */
const BATCH = 500;

/** Masks the kept secrets of the rows `where` picks; answers how many. Safe to run in several processes (masking twice changes nothing). */
async function clearSecrets(db: Db, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.select({ tenantIdx: messageOutbox.tenantIdx, idx: messageOutbox.idx, variables: messageOutbox.variables, variable: messageOutbox.secretVariable })
      .from(messageOutbox).where(and(isNotNull(messageOutbox.secretExpiresAt), where)).limit(BATCH);
    for (const r of rows) {
      await db.update(messageOutbox).set({ variables: maskSecret(r.variables, r.variable ?? ''), secretVariable: null, secretExpiresAt: null })
        .where(and(eq(messageOutbox.tenantIdx, r.tenantIdx), eq(messageOutbox.idx, r.idx), isNotNull(messageOutbox.secretExpiresAt)));
    }
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** The secrets that stopped working by `now` (the periodic job, server/jobs/outboxSecrets.ts). */
export const clearExpiredSecrets = (db: Db, now: Date) => clearSecrets(db, lte(messageOutbox.secretExpiresAt, now));

/** The secrets of the messages about these rows (e.g. lounge_otp codes), once used or spent. */
export function clearSecretsOf(db: Db, tenantIdx: number, refType: string, refIdxList: number[]): Promise<number> {
  if (!refIdxList.length) return Promise.resolve(0);
  return clearSecrets(db, and(eq(messageOutbox.tenantIdx, tenantIdx), eq(messageOutbox.refType, refType), inArray(messageOutbox.refIdx, refIdxList)));
}
