import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerPointLedger, customers, shopPointChanges } from '../../db/schema';
import { CUSTOMER_MSG, type MallSyncState } from '../../../src/domain/customer';
import type { PlanGroup } from '../../../src/domain/plans';
import { notFound, validationFailed } from '../../http/errors';
import { rowsOf } from '../products/service';
import { pointConnectionOf, pointSyncAllowed, queueMallPointChange } from '../integrations/points';
import { addPoints, pointEntryOf, type PointEntry } from './history';

/**
 * A point adjustment by hand (POST /v1/admin/customers/{idx}/points): the customer's balance and its
 * ledger row under the customer's row lock, and, for a member of the brand's Cafe24 mall with the point
 * integration on (and a plan that allows it, spec 3 section 6), the same change queued in the same
 * transaction for the mall (server/modules/integrations/points.ts): it cannot be made here and lost there.
 * A retry with the same Idempotency-Key answers the first change (`replayed`).
 */
export async function adjustPoints(
  db: Db, at: { tenantIdx: number; plan: PlanGroup | null | undefined }, customerIdx: number,
  input: { amount: number; reason: string }, requestKey: string | null, now: Date,
): Promise<{ entry: PointEntry; replayed: boolean }> {
  return db.transaction(async (tx) => {
    // The customer's row lock first: a retry racing its first request waits here, then finds its row.
    const [locked] = rowsOf<{ idx: number }>(await tx.execute(sql`SELECT idx FROM ${customers} WHERE tenant_idx = ${at.tenantIdx} AND idx = ${customerIdx} FOR UPDATE`));
    if (!locked) throw notFound(CUSTOMER_MSG.notFound);
    if (requestKey) {
      const [first] = await tx.select({ row: customerPointLedger, mallSync: shopPointChanges.status }).from(customerPointLedger)
        .leftJoin(shopPointChanges, and(eq(shopPointChanges.tenantIdx, customerPointLedger.tenantIdx), eq(shopPointChanges.ledgerIdx, customerPointLedger.idx)))
        .where(and(eq(customerPointLedger.tenantIdx, at.tenantIdx), eq(customerPointLedger.requestKey, requestKey))).limit(1);
      if (first) return { entry: pointEntryOf(first.row, first.mallSync ?? null), replayed: true };
    }
    const row = await addPoints(tx, at.tenantIdx, customerIdx, { amount: input.amount, reason: input.reason, requestKey, floor: input.amount < 0 ? 0 : null }, now);
    if (!row) throw validationFailed({ amount: CUSTOMER_MSG.pointNotEnough }, CUSTOMER_MSG.pointNotEnough);
    const conn = pointSyncAllowed(at.plan) ? await pointConnectionOf(tx, at.tenantIdx) : null;
    const mallSync: MallSyncState | null = conn
      ? await queueMallPointChange(tx, conn, { idx: row.idx, customerIdx, amount: input.amount, reason: input.reason }, now)
      : null;
    return { entry: pointEntryOf(row, mallSync), replayed: false };
  });
}
