import type { FastifyInstance } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { startPeriodicJob } from './periodic';
import { creditCharges } from '../db/schema';
import { processAutoTopUps } from '../modules/credit/ledger';

/** A pending auto top-up older than this was left by a crash between its debit and its processing. */
export const STALE_TOP_UP_MS = 60_000;

/**
 * The auto top-up sweeper (docs/api/credit.md): a debit processes its own top-up right after its
 * commit; this finishes those a crash left PENDING. Each is claimed first by a conditional UPDATE
 * of its time (only the process that read it unchanged wins, and it is not stale again for a
 * minute), so several processes never send one top-up to the card twice; should they ever, the card
 * key is stable per charge and only the first completion credits it.
 */
export async function runCreditTopUpJob(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const stale = await app.db.select({ tenantIdx: creditCharges.tenantIdx, chargeIdx: creditCharges.chargeIdx, createdAt: creditCharges.createdAt })
    .from(creditCharges)
    .where(and(eq(creditCharges.auto, true), eq(creditCharges.status, 'PENDING'), lt(creditCharges.createdAt, new Date(now.getTime() - STALE_TOP_UP_MS))))
    .limit(500);
  let done = 0;
  for (const c of stale) {
    const [claimed] = await app.db.update(creditCharges).set({ createdAt: now })
      .where(and(eq(creditCharges.tenantIdx, c.tenantIdx), eq(creditCharges.chargeIdx, c.chargeIdx), eq(creditCharges.status, 'PENDING'), eq(creditCharges.createdAt, c.createdAt)))
      .returning({ chargeIdx: creditCharges.chargeIdx });
    // A tenant has one auto top-up pending at most (credit_charges_auto_pending_idx): this one.
    if (claimed) done += (await processAutoTopUps(app.db, app.chargeCard, c.tenantIdx, now)).length;
  }
  return done;
}

export function startCreditTopUpJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'credit top-up job', () => runCreditTopUpJob(app), (n) => { if (n) app.log.info({ processed: n }, 'credit top-up job finished pending top-ups'); });
}
