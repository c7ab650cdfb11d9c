import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerOrders, customerPointLedger, customers, shopPointChanges } from '../../db/schema';
import { CUSTOMER_MSG, pointAmountOf, type MallSyncState, type OrderChannel } from '../../../src/domain/customer';
import { notFound } from '../../http/errors';
import { rowsOf } from '../products/service';
import type { Paging } from '../../http/params';
import { getSettings } from './settings';
import { accrueOn } from '../stamps/accrue';

/** A customer's orders and points: the paged histories, and recording an order with its points. */

export async function listOrders(db: Db, tenantIdx: number, customerIdx: number, p: Paging) {
  const where = and(eq(customerOrders.tenantIdx, tenantIdx), eq(customerOrders.customerIdx, customerIdx));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(customerOrders).where(where).orderBy(desc(customerOrders.orderedAt), desc(customerOrders.idx))
      .limit(p.pageSize).offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(customerOrders).where(where),
  ]);
  return {
    list: rows.map((o) => ({
      idx: o.idx, orderedAt: o.orderedAt.toISOString(), channel: o.channel, productName: o.productName,
      paymentAmount: Number(o.paymentAmount), pointAmount: Number(o.pointAmount),
    })),
    total: n,
  };
}

/** The ledger, newest first; `mallSync` is where a change sent to the Cafe24 mall stands (null: not sent to a mall). */
export async function listPoints(db: Db, tenantIdx: number, customerIdx: number, p: Paging) {
  const where = and(eq(customerPointLedger.tenantIdx, tenantIdx), eq(customerPointLedger.customerIdx, customerIdx));
  const [rows, [{ n }]] = await Promise.all([
    db.select({ row: customerPointLedger, mallSync: shopPointChanges.status }).from(customerPointLedger)
      .leftJoin(shopPointChanges, and(eq(shopPointChanges.tenantIdx, customerPointLedger.tenantIdx), eq(shopPointChanges.ledgerIdx, customerPointLedger.idx)))
      .where(where).orderBy(desc(customerPointLedger.idx)).limit(p.pageSize).offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(customerPointLedger).where(where),
  ]);
  return { list: rows.map(({ row, mallSync }) => pointEntryOf(row, mallSync ?? null)), total: n };
}

export type PointEntry = ReturnType<typeof pointEntryOf>;
export const pointEntryOf = (r: typeof customerPointLedger.$inferSelect, mallSync: MallSyncState | null) => ({
  idx: r.idx, createdAt: r.createdAt.toISOString(), amount: Number(r.amount), reason: r.reason, balance: Number(r.balance), orderIdx: r.orderIdx, mallSync,
});

/**
 * Adds `amount` points (taken when negative) to a customer, with its ledger row, under the customer's
 * row lock, inside the caller's transaction. `floor` refuses a change that would leave the balance
 * below it (a deduction by hand cannot take more than the customer has); null when refused.
 */
export async function addPoints(
  tx: Db, tenantIdx: number, customerIdx: number, change: { amount: number; reason: string; requestKey?: string | null; floor?: number | null }, now: Date,
): Promise<typeof customerPointLedger.$inferSelect | null> {
  const [current] = rowsOf<{ point_balance: string | number }>(await tx.execute(sql`SELECT point_balance FROM ${customers}
    WHERE tenant_idx = ${tenantIdx} AND idx = ${customerIdx} FOR UPDATE`));
  if (!current) throw notFound(CUSTOMER_MSG.notFound);
  const balance = Number(current.point_balance) + change.amount;
  if (change.floor !== undefined && change.floor !== null && balance < change.floor) return null;
  await tx.update(customers).set({ pointBalance: balance, updatedAt: now }).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, customerIdx)));
  const [row] = await tx.insert(customerPointLedger).values({
    tenantIdx, customerIdx, amount: change.amount, reason: change.reason, balance, requestKey: change.requestKey ?? null, createdAt: now,
  }).returning();
  return row;
}
export interface OrderInput { orderedAt: Date; channel: OrderChannel; productName: string; paymentAmount: number }

/**
 * Records an order: the customer's aggregates (total, count per channel, latest) and, when points
 * are on (onOfflinePointToggle Y), floor(paymentAmount × pointRate %) points with a ledger row.
 * The customer row is locked, so concurrent orders keep the balance and ledger consistent.
 */
export async function recordOrder(db: Db, tenantIdx: number, customerIdx: number, input: OrderInput, now: Date, opts: { earnPoints?: boolean } = {}) {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT point_balance FROM ${customers} WHERE tenant_idx = ${tenantIdx} AND idx = ${customerIdx} FOR UPDATE`);
    const [current] = rowsOf<{ point_balance: string | number }>(locked);
    if (!current) throw notFound(CUSTOMER_MSG.notFound);
    const settings = await getSettings(tx, tenantIdx);
    const pointAmount = opts.earnPoints !== false && settings.onOfflinePointToggle === 'Y' ? pointAmountOf(input.paymentAmount, settings.pointRate) : 0;
    const [order] = await tx.insert(customerOrders).values({ tenantIdx, customerIdx, ...input, pointAmount, createdAt: now }).returning();
    await accrueOn(tx, tenantIdx, 'ORDER', [{ customerIdx, refIdx: order.idx }], now);
    const channelColumn = { platform: 'platform_order_count', ownMall: 'own_mall_order_count', offline: 'offline_order_count' }[input.channel];
    const balance = Number(current.point_balance) + pointAmount;
    await tx.execute(sql`UPDATE ${customers} SET
      total_order_price = total_order_price + ${input.paymentAmount}, total_order_count = total_order_count + 1,
      ${sql.raw(channelColumn)} = ${sql.raw(channelColumn)} + 1,
      latest_ordered_at = greatest(latest_ordered_at, ${input.orderedAt.toISOString()}::timestamptz),
      point_balance = ${balance}, updated_at = ${now.toISOString()}::timestamptz
      WHERE tenant_idx = ${tenantIdx} AND idx = ${customerIdx}`);
    if (pointAmount > 0) {
      await tx.insert(customerPointLedger).values({ tenantIdx, customerIdx, amount: pointAmount, reason: CUSTOMER_MSG.pointReasonOrder, balance, orderIdx: order.idx, createdAt: now });
    }
    return {
      idx: order.idx, orderedAt: order.orderedAt.toISOString(), channel: order.channel, productName: order.productName,
      paymentAmount: Number(order.paymentAmount), pointAmount: Number(order.pointAmount),
    };
  });
}
