import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditAccounts, creditCharges, creditLedger, creditNotices, creditReservations } from '../../db/schema';
import { CREDIT_MSG, chargeTotalOf, refundRefusal, type LedgerKind } from '../../../src/domain/credit';
import type { ChargeCard } from '../../providers/billing/creditCharge';
import { ApiError, notFound, validationFailed } from '../../http/errors';

/**
 * The prepaid credit ledger (issue 12 item 5, docs/api/credit.md).
 *
 * Every change of `credit_accounts.balance` goes through `applyEntry`: one conditional UPDATE of
 * the balance (a debit only `WHERE balance + amount >= 0`, so the balance is never negative) and
 * one `credit_ledger` row in the same transaction. The UPDATE takes the account's row lock, so
 * a tenant's entries are written one at a time in `entry_idx` order and no won is lost when debits
 * race: the balance always equals the sum of the tenant's entries.
 *
 * Debits reserve first (DEBIT_RESERVE takes the amount), then settle the actual amount
 * (DEBIT_SETTLE gives back the unused part, possibly 0) or release (DEBIT_RELEASE gives it all back).
 *
 * Auto top-up is an outbox: the reserve that leaves the balance below the threshold inserts a
 * PENDING auto charge in its own transaction (at most one per tenant, a partial unique index),
 * and the same call processes it right after the commit (`processAutoTopUps`); the card is never
 * called inside a transaction. A declined top-up turns auto top-up off and records a notice.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export class InsufficientBalance extends Error {}

/** Takes the account's row lock, the lock every balance change takes first. */
const lockAccount = (tx: Tx, tenantIdx: number) => tx.execute(sql`select 1 from ${creditAccounts} where tenant_idx = ${tenantIdx} for update`);

/** Every brand has its account; tenants created before credit get it on first use. */
export async function ensureAccount(db: Executor, tenantIdx: number) {
  await db.insert(creditAccounts).values({ tenantIdx }).onConflictDoNothing();
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx)).limit(1);
  return row;
}

/** One balance change and its ledger entry, in the caller's transaction. Throws InsufficientBalance on a debit the balance cannot cover. */
export async function applyEntry(tx: Tx, tenantIdx: number, kind: LedgerKind, amount: number, groupKey: string, now: Date) {
  const [account] = await tx.update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${amount}` })
    .where(and(eq(creditAccounts.tenantIdx, tenantIdx), sql`${creditAccounts.balance} + ${amount} >= 0`))
    .returning();
  if (!account) throw new InsufficientBalance();
  const [entry] = await tx.insert(creditLedger)
    .values({ tenantIdx, kind, amount, balanceAfter: account.balance, groupKey, createdAt: now })
    .returning();
  return { account, entry };
}

// ---------------------------------------------------------------------------------------------
// Debits: reserve, settle, release

export type ReservationRow = typeof creditReservations.$inferSelect;
export type ReserveResult = { ok: true; reservation: ReservationRow; replayed: boolean } | { ok: false; reason: 'INSUFFICIENT_BALANCE' };

/**
 * Reserves `amount` won for a debit. With an idempotency key, a retry answers the first
 * reservation and takes nothing more. Refused (nothing written) when the balance cannot cover it.
 */
export async function reserve(
  db: Db, card: ChargeCard, r: { tenantIdx: number; amount: number; idempotencyKey?: string; memo?: string }, now: Date,
): Promise<ReserveResult> {
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw validationFailed({ amount: CREDIT_MSG.amountInvalid });
  await ensureAccount(db, r.tenantIdx);
  const key = r.idempotencyKey ?? null;
  const existing = async () => (key ? (await db.select().from(creditReservations).where(and(eq(creditReservations.tenantIdx, r.tenantIdx), eq(creditReservations.idempotencyKey, key))).limit(1))[0] : undefined);
  const before = await existing();
  if (before) return { ok: true, reservation: before, replayed: true };
  let queuedTopUp = false;
  try {
    const reservation = await db.transaction(async (tx) => {
      const [row] = await tx.insert(creditReservations)
        .values({ tenantIdx: r.tenantIdx, amount: r.amount, status: 'RESERVED', idempotencyKey: key, memo: r.memo ?? null, createdAt: now })
        .onConflictDoNothing().returning();
      if (!row) return null; // a concurrent request with the same key won
      const { account } = await applyEntry(tx, r.tenantIdx, 'DEBIT_RESERVE', -r.amount, `debit:${row.reservationIdx}`, now);
      if (account.autoRechargeActivated && account.rechargeThreshold != null && account.rechargeAmount != null && account.balance < account.rechargeThreshold) {
        const { vat } = chargeTotalOf(account.rechargeAmount);
        const queued = await tx.insert(creditCharges)
          .values({ tenantIdx: r.tenantIdx, amount: account.rechargeAmount, vat, auto: true, status: 'PENDING', createdAt: now })
          .onConflictDoNothing().returning({ chargeIdx: creditCharges.chargeIdx });
        queuedTopUp = queued.length > 0;
      }
      return row;
    });
    if (!reservation) return { ok: true, reservation: (await existing())!, replayed: true };
    if (queuedTopUp) await processAutoTopUps(db, card, r.tenantIdx, now);
    return { ok: true, reservation, replayed: false };
  } catch (err) {
    if (err instanceof InsufficientBalance) return { ok: false, reason: 'INSUFFICIENT_BALANCE' };
    throw err;
  }
}

async function closeReservation(db: Db, tenantIdx: number, reservationIdx: number, status: 'SETTLED' | 'RELEASED', settled: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(creditReservations)
      .set({ status, settledAmount: settled, closedAt: now })
      .where(and(
        eq(creditReservations.tenantIdx, tenantIdx), eq(creditReservations.reservationIdx, reservationIdx),
        eq(creditReservations.status, 'RESERVED'), sql`${creditReservations.amount} >= ${settled}`,
      ))
      .returning();
    if (!row) return null;
    await applyEntry(tx, tenantIdx, status === 'SETTLED' ? 'DEBIT_SETTLE' : 'DEBIT_RELEASE', row.amount - settled, `debit:${reservationIdx}`, now);
    return row;
  });
}

async function reservationOf(db: Db, tenantIdx: number, reservationIdx: number) {
  const [row] = await db.select().from(creditReservations)
    .where(and(eq(creditReservations.tenantIdx, tenantIdx), eq(creditReservations.reservationIdx, reservationIdx))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Settles a reservation at the actual amount (at most the reserved one); the rest returns to the balance. Settling again with the same amount is a no-op. */
export async function settle(db: Db, tenantIdx: number, reservationIdx: number, actual: number, now: Date): Promise<ReservationRow> {
  if (!Number.isSafeInteger(actual) || actual < 0) throw validationFailed({ amount: CREDIT_MSG.amountInvalid });
  const row = await closeReservation(db, tenantIdx, reservationIdx, 'SETTLED', actual, now);
  if (row) return { ...row };
  const current = await reservationOf(db, tenantIdx, reservationIdx);
  if (current.status === 'SETTLED' && current.settledAmount === actual) return current;
  if (current.status === 'RESERVED') throw validationFailed({ amount: CREDIT_MSG.amountInvalid });
  throw new ApiError(409, 'CONFLICT', CREDIT_MSG.reservationClosed);
}

/** Releases a reservation: all of it returns to the balance. Releasing again is a no-op. */
export async function release(db: Db, tenantIdx: number, reservationIdx: number, now: Date): Promise<ReservationRow> {
  const row = await closeReservation(db, tenantIdx, reservationIdx, 'RELEASED', 0, now);
  if (row) return row;
  const current = await reservationOf(db, tenantIdx, reservationIdx);
  if (current.status === 'RELEASED') return current;
  throw new ApiError(409, 'CONFLICT', CREDIT_MSG.reservationClosed);
}

// ---------------------------------------------------------------------------------------------
// Charges, auto top-up, refunds

export type ChargeRow = typeof creditCharges.$inferSelect;
const providerKey = (c: ChargeRow) => `credit-${c.tenantIdx}-${c.chargeIdx}`;

/**
 * Runs a PENDING charge: the card is charged with a key stable for this charge (so a retry is
 * charged once), then the charge turns PAID and the balance takes the amount in one transaction
 * (only the first to move it from PENDING), or FAILED. A failed auto top-up turns auto top-up off
 * and leaves a notice for the brand.
 */
async function runCharge(db: Db, card: ChargeCard, charge: ChargeRow, now: Date): Promise<ChargeRow> {
  return (await runChargeAnswered(db, card, charge, now)).charge;
}

/** `runCharge`, with the message the card's refusal gives the brand (its decline message, no card), if any. */
async function runChargeAnswered(db: Db, card: ChargeCard, charge: ChargeRow, now: Date): Promise<{ charge: ChargeRow; refusal?: string }> {
  const total = charge.amount + charge.vat;
  const answer = await card.charge({ tenantIdx: charge.tenantIdx, total, orderName: charge.auto ? '크레딧 자동 충전' : '크레딧 충전', idempotencyKey: providerKey(charge) });
  const refusal = answer.ok ? undefined : answer.message;
  const row = await db.transaction(async (tx) => {
    // The account's lock first, as every debit takes it before it queues a top-up: no deadlock.
    await lockAccount(tx, charge.tenantIdx);
    const where = and(eq(creditCharges.tenantIdx, charge.tenantIdx), eq(creditCharges.chargeIdx, charge.chargeIdx), eq(creditCharges.status, 'PENDING'));
    if (answer.ok) {
      const [paid] = await tx.update(creditCharges).set({ status: 'PAID', paymentKey: answer.paymentKey, paidAt: now }).where(where).returning();
      if (paid) {
        await applyEntry(tx, charge.tenantIdx, charge.auto ? 'AUTO_TOPUP' : 'CHARGE', charge.amount, `charge:${charge.chargeIdx}`, now);
        return paid;
      }
    } else {
      const [failed] = await tx.update(creditCharges).set({ status: 'FAILED', failReason: answer.reason.slice(0, 200) }).where(where).returning();
      if (failed && failed.auto) {
        await tx.update(creditAccounts).set({ autoRechargeActivated: false }).where(eq(creditAccounts.tenantIdx, charge.tenantIdx));
        await tx.insert(creditNotices).values({ tenantIdx: charge.tenantIdx, kind: 'AUTO_TOPUP_FAILED', message: CREDIT_MSG.autoTopUpFailed, createdAt: now });
      }
      if (failed) return failed;
    }
    const [current] = await tx.select().from(creditCharges).where(and(eq(creditCharges.tenantIdx, charge.tenantIdx), eq(creditCharges.chargeIdx, charge.chargeIdx)));
    return current;
  });
  return { charge: row, refusal };
}

/** Processes the tenant's pending auto top-up (the outbox row a debit wrote). */
export async function processAutoTopUps(db: Db, card: ChargeCard, tenantIdx: number, now: Date): Promise<ChargeRow[]> {
  const pending = await db.select().from(creditCharges)
    .where(and(eq(creditCharges.tenantIdx, tenantIdx), eq(creditCharges.auto, true), eq(creditCharges.status, 'PENDING')));
  const done: ChargeRow[] = [];
  for (const charge of pending) done.push(await runCharge(db, card, charge, now));
  return done;
}

/**
 * A manual charge of `amount` won (VAT on top). With an idempotency key, a retry answers the
 * first charge; a retry of one left PENDING (a crash after the card call) completes it, charged once.
 */
export async function charge(
  db: Db, card: ChargeCard, c: { tenantIdx: number; amount: number; idempotencyKey?: string }, now: Date,
): Promise<{ charge: ChargeRow; replayed: boolean; refusal?: string }> {
  await ensureAccount(db, c.tenantIdx);
  const key = c.idempotencyKey ?? null;
  const byKey = async () => (key ? (await db.select().from(creditCharges).where(and(eq(creditCharges.tenantIdx, c.tenantIdx), eq(creditCharges.idempotencyKey, key))).limit(1))[0] : undefined);
  let row = await byKey();
  let replayed = Boolean(row);
  if (!row) {
    const { vat } = chargeTotalOf(c.amount);
    [row] = await db.insert(creditCharges).values({ tenantIdx: c.tenantIdx, amount: c.amount, vat, status: 'PENDING', idempotencyKey: key, createdAt: now }).onConflictDoNothing().returning();
    if (!row) { row = (await byKey())!; replayed = true; }
  }
  if (row.status !== 'PENDING') return { charge: row, replayed };
  return { ...(await runChargeAnswered(db, card, row, now)), replayed };
}

/**
 * Refunds a charge: paid, within 7 days, and unused (no debit reserved since it was credited;
 * the account's row lock orders the entries, so this is decided exactly). The credit leaves the
 * balance and the card payment is cancelled; should the cancel fail, the credit is put back.
 */
export async function refund(db: Db, card: ChargeCard, tenantIdx: number, chargeIdx: number, now: Date): Promise<ChargeRow> {
  const refunded = await db.transaction(async (tx) => {
    // Lock the account first: no debit can slip in between the check and the refund.
    await lockAccount(tx, tenantIdx);
    const [row] = await tx.select().from(creditCharges).where(and(eq(creditCharges.tenantIdx, tenantIdx), eq(creditCharges.chargeIdx, chargeIdx))).limit(1);
    if (!row) throw notFound(CREDIT_MSG.chargeNotFound);
    const [credited] = await tx.select({ entryIdx: creditLedger.entryIdx }).from(creditLedger)
      .where(and(eq(creditLedger.tenantIdx, tenantIdx), eq(creditLedger.groupKey, `charge:${chargeIdx}`), inArray(creditLedger.kind, ['CHARGE', 'AUTO_TOPUP']))).limit(1);
    const [used] = credited
      ? await tx.select({ entryIdx: creditLedger.entryIdx }).from(creditLedger)
        .where(and(eq(creditLedger.tenantIdx, tenantIdx), eq(creditLedger.kind, 'DEBIT_RESERVE'), gt(creditLedger.entryIdx, credited.entryIdx))).limit(1)
      : [];
    const refusal = refundRefusal({ status: row.status, chargedAt: row.paidAt ?? row.createdAt, usedSince: Boolean(used) }, now);
    if (refusal) throw new ApiError(409, 'CONFLICT', refusal, { chargeIdx: refusal });
    const [updated] = await tx.update(creditCharges).set({ status: 'REFUNDED', refundedAt: now })
      .where(and(eq(creditCharges.tenantIdx, tenantIdx), eq(creditCharges.chargeIdx, chargeIdx), eq(creditCharges.status, 'PAID'))).returning();
    try {
      await applyEntry(tx, tenantIdx, 'REFUND', -row.amount, `charge:${chargeIdx}`, now);
    } catch (err) {
      if (err instanceof InsufficientBalance) throw new ApiError(409, 'CONFLICT', CREDIT_MSG.refundUsed, { chargeIdx: CREDIT_MSG.refundUsed });
      throw err;
    }
    return updated;
  });
  const cancelled = await card.cancel({ tenantIdx, paymentKey: refunded.paymentKey ?? '', total: refunded.amount + refunded.vat, reason: '크레딧 충전 환불' });
  if (cancelled.ok) return refunded;
  await db.transaction(async (tx) => {
    await tx.update(creditCharges).set({ status: 'PAID', refundedAt: null }).where(and(eq(creditCharges.tenantIdx, tenantIdx), eq(creditCharges.chargeIdx, chargeIdx)));
    await applyEntry(tx, tenantIdx, 'REFUND', refunded.amount, `charge:${chargeIdx}`, now);
  });
  throw new ApiError(409, 'CONFLICT', CREDIT_MSG.refundFailed);
}

/** The tenant's latest notice (a failed auto top-up), for the balance box. */
export async function latestNotice(db: Db, tenantIdx: number) {
  const [row] = await db.select().from(creditNotices).where(eq(creditNotices.tenantIdx, tenantIdx)).orderBy(sql`${creditNotices.noticeIdx} desc`).limit(1);
  return row ? { kind: row.kind, message: row.message, createdAt: row.createdAt.toISOString() } : null;
}
