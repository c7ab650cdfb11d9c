import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { creditCharges, creditLedger } from '../../db/schema';
import { rowsOf } from '../products/service';
import type { Db } from '../../db/client';
import { seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { refundRefusal, type TransactionSort } from '../../../src/domain/credit';

export interface TransactionGroup {
  groupKey: string;
  /** CHARGE, AUTO_TOPUP, DEBIT or OPENING. */
  type: string;
  startedAt: string;
  endedAt: string;
  /** The group's net effect on the balance, in won (a settled debit: minus what it cost). */
  amount: number;
  /** The group's state: a charge PAID/REFUNDED, a debit RESERVED/SETTLED/RELEASED, OPENING. */
  status: string;
  /**
   * A charge group only: whether POST /account/charge/{idx}/refund would refund it now (paid, within 7 days,
   * nothing spent since), decided with the same rule and clock as the refund, so the console offers 환불 only then.
   */
  refundable?: boolean;
  /** Why a charge group may not be refunded (the refund's own message), null when it may. */
  refundRefusal?: string | null;
  entries: { entryIdx: number; kind: string; amount: number; balanceAfter: number; createdAt: string }[];
}

const typeOf = (kinds: string[]) =>
  kinds.includes('OPENING') ? 'OPENING' : kinds.includes('AUTO_TOPUP') ? 'AUTO_TOPUP' : kinds.includes('CHARGE') ? 'CHARGE' : 'DEBIT';

function statusOf(kinds: string[]): string {
  if (kinds.includes('OPENING')) return 'OPENING';
  if (kinds.includes('DEBIT_SETTLE')) return 'SETTLED';
  if (kinds.includes('DEBIT_RELEASE')) return 'RELEASED';
  if (kinds.includes('DEBIT_RESERVE')) return 'RESERVED';
  // A refund reverted (the card cancel failed) leaves REFUND entries summing to 0.
  return kinds.filter((k) => k === 'REFUND').length % 2 === 1 ? 'REFUNDED' : 'PAID';
}

/**
 * GET /transaction/group: the ledger grouped by what it belongs to (one charge with its refund,
 * one debit with its reservation and settlement or release), the groups started within the
 * Seoul days [start, end], ordered by their start, paged.
 */
export async function transactionGroups(db: Db, tenantIdx: number, q: { start: string; end: string; sort: TransactionSort; page: number; pageSize: number }, now: Date) {
  const from = seoulDayStart(q.start);
  const to = seoulDayEnd(q.end);
  const dir = q.sort === 'startedAt,asc' ? sql`asc` : sql`desc`;
  const groups = sql`select group_key, min(created_at) as started_at, min(entry_idx) as first_idx from credit_ledger
    where tenant_idx = ${tenantIdx} group by group_key having min(created_at) >= ${from.toISOString()} and min(created_at) < ${to.toISOString()}`;
  const total = Number(rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from (${groups}) g`))[0]?.total ?? 0);
  const keys = rowsOf<{ group_key: string }>(await db.execute(sql`select group_key from (${groups}) g order by started_at ${dir}, first_idx ${dir}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`)).map((r) => r.group_key);
  if (!keys.length) return { list: [] as TransactionGroup[], total };
  const entries = await db.select().from(creditLedger)
    .where(and(eq(creditLedger.tenantIdx, tenantIdx), inArray(creditLedger.groupKey, keys)))
    .orderBy(asc(creditLedger.entryIdx));
  const chargeIdxs = keys.filter((k) => k.startsWith('charge:')).map((k) => Number(k.slice('charge:'.length))).filter(Number.isSafeInteger);
  const charges = chargeIdxs.length
    ? await db.select().from(creditCharges).where(and(eq(creditCharges.tenantIdx, tenantIdx), inArray(creditCharges.chargeIdx, chargeIdxs)))
    : [];
  // "Used since": a debit reserved after the charge was credited, as the refund decides it (ledger.ts `refund`).
  const lastReserve = charges.length
    ? Number(rowsOf<{ last: number | null }>(await db.execute(sql`select max(entry_idx) as last from credit_ledger
      where tenant_idx = ${tenantIdx} and kind = 'DEBIT_RESERVE'`))[0]?.last ?? 0)
    : 0;
  const refundOf = (groupKey: string, own: typeof entries) => {
    const row = charges.find((c) => `charge:${c.chargeIdx}` === groupKey);
    const credited = own.find((e) => e.kind === 'CHARGE' || e.kind === 'AUTO_TOPUP');
    if (!row || !credited) return {};
    const refusal = refundRefusal({ status: row.status, chargedAt: row.paidAt ?? row.createdAt, usedSince: lastReserve > credited.entryIdx }, now);
    return { refundable: refusal === null, refundRefusal: refusal };
  };
  const list = keys.map((groupKey): TransactionGroup => {
    const own = entries.filter((e) => e.groupKey === groupKey);
    const kinds = own.map((e) => e.kind);
    return {
      groupKey, type: typeOf(kinds), status: statusOf(kinds), ...refundOf(groupKey, own),
      startedAt: own[0].createdAt.toISOString(), endedAt: own[own.length - 1].createdAt.toISOString(),
      amount: own.reduce((sum, e) => sum + e.amount, 0),
      entries: own.map((e) => ({ entryIdx: e.entryIdx, kind: e.kind, amount: e.amount, balanceAfter: e.balanceAfter, createdAt: e.createdAt.toISOString() })),
    };
  });
  return { list, total };
}
