import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { estimateRows, totalOf } from '../../db/listTotals';
import { customers } from '../../db/schema';
import type { CustomerFilters, CustomerOrderBy, CustomerSearchTarget } from '../../../src/domain/customer';
import { nftSummaries, selectRows, toCustomer, type Customer, type Row } from './rows';

/**
 * The customer list of one tenant: trigram contains-search, filters, tenant-leading sort indexes,
 * capped totals, and the whole list in pages for the export.
 */

export interface CustomerQuery {
  page: number;
  pageSize: number;
  searchTarget: CustomerSearchTarget;
  terms: string[];
  orderBy: CustomerOrderBy;
  desc: boolean;
  filters: CustomerFilters;
}

const COLLECT_FIRST_MAX = 5_000;
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One term: name and e-mail on their trigram-indexed lower-case copies, phone on its digits; `all` ORs them. */
function termCondition(target: CustomerSearchTarget, term: string): SQL {
  const lowered = sql`lower(${containsPattern(term)})`;
  const digits = term.replace(/\D/g, '');
  const parts: Record<Exclude<CustomerSearchTarget, 'all'>, SQL | null> = {
    name: sql`${customers.nameLc} LIKE ${lowered}`,
    phone: digits ? sql`${customers.phone} LIKE ${containsPattern(digits)}` : null,
    email: sql`${customers.emailLc} LIKE ${lowered}`,
  };
  if (target === 'all') return or(...Object.values(parts).filter((p): p is SQL => p !== null))!;
  return parts[target] ?? sql`false`;
}

export function whereOf(tenantIdx: number, q: Pick<CustomerQuery, 'searchTarget' | 'terms' | 'filters'>): SQL {
  const parts: (SQL | undefined)[] = [eq(customers.tenantIdx, tenantIdx)];
  if (q.terms.length) parts.push(or(...q.terms.map((term) => termCondition(q.searchTarget, term))));
  const f = q.filters;
  if (f.gender?.length) {
    const known = f.gender.filter((g): g is 'M' | 'F' => g !== 'NONE');
    parts.push(or(...(known.length ? [inArray(customers.gender, known)] : []), ...(f.gender.includes('NONE') ? [isNull(customers.gender)] : [])));
  }
  if (f.groupIdx?.length) {
    const real = f.groupIdx.filter((g) => g > 0);
    parts.push(or(...(real.length ? [inArray(customers.groupIdx, real)] : []), ...(f.groupIdx.includes(0) ? [isNull(customers.groupIdx)] : [])));
  }
  if (f.isAgreeMarketing) parts.push(eq(customers.agreeMarketing, f.isAgreeMarketing));
  if (f.isAgreeSMS) parts.push(eq(customers.agreeSms, f.isAgreeSMS));
  if (f.hasWallet) parts.push(eq(customers.hasWallet, f.hasWallet));
  if (f.registeredFrom) parts.push(gte(customers.registeredAt, f.registeredFrom));
  if (f.registeredTo) parts.push(lte(customers.registeredAt, f.registeredTo));
  return and(...parts)!;
}

const SORT_COLUMNS: Record<CustomerOrderBy, SQL> = {
  registeredAt: sql`${customers.createdAt}`, customerName: sql`${customers.name}`, totalOrderPrice: sql`${customers.totalOrderPrice}`,
  totalOrderCount: sql`${customers.totalOrderCount}`, latestOrderedAt: sql`${customers.latestOrderedAt}`, customerPoint: sql`${customers.pointBalance}`,
};
/** The same orders as expressions no index provides: a narrow search collects its matches, then sorts them. */
const UNINDEXED_SORT: Record<CustomerOrderBy, SQL> = {
  registeredAt: sql`${customers.createdAt} + interval '0 seconds'`, customerName: sql`${customers.name} || ''`,
  totalOrderPrice: sql`${customers.totalOrderPrice} + 0`, totalOrderCount: sql`${customers.totalOrderCount} + 0`,
  latestOrderedAt: sql`${customers.latestOrderedAt} + interval '0 seconds'`, customerPoint: sql`${customers.pointBalance} + 0`,
};



/**
 * The list. NULL latest order dates sort lowest (index customers_tenant_latest_order). A search
 * the planner expects to match few rows (≤ 5,000) collects its matches through the trigram indexes
 * and sorts them; otherwise the order index is walked and filtered.
 */
export async function listCustomers(db: Db, tenantIdx: number, q: CustomerQuery, now?: Date) {
  const where = whereOf(tenantIdx, q);
  const estimate = await estimateRows(db, customers, where);
  const collectFirst = estimate <= COLLECT_FIRST_MAX && q.terms.length > 0;
  const column = collectFirst ? UNINDEXED_SORT[q.orderBy] : SORT_COLUMNS[q.orderBy];
  const nulls = q.orderBy === 'latestOrderedAt' ? (q.desc ? sql` NULLS LAST` : sql` NULLS FIRST`) : sql``;
  const dir = q.desc ? sql` DESC` : sql` ASC`;
  const [rows, total] = await Promise.all([
    selectRows(db).where(where).orderBy(sql`${column}${dir}${nulls}`, q.desc ? desc(customers.idx) : asc(customers.idx))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, customers, where, estimate),
  ]);
  const summaries = await nftSummaries(db, tenantIdx, rows.map((r) => r.idx), now);
  return { list: rows.map((r) => toCustomer(r as Row, summaries.get(r.idx))), ...total };
}

/** Every customer of the tenant in pages of `chunk` (the export), newest first. */
export async function* allCustomers(db: Db, tenantIdx: number, chunk = 5000): AsyncGenerator<Customer[]> {
  let after: { createdAt: Date; idx: number } | null = null;
  for (;;) {
    const cond: SQL = after
      ? and(eq(customers.tenantIdx, tenantIdx), sql`(${customers.createdAt}, ${customers.idx}) < (${after.createdAt.toISOString()}::timestamptz, ${after.idx})`)!
      : eq(customers.tenantIdx, tenantIdx);
    const rows = await selectRows(db).where(cond).orderBy(desc(customers.createdAt), desc(customers.idx)).limit(chunk);
    if (!rows.length) return;
    const summaries = await nftSummaries(db, tenantIdx, rows.map((r) => r.idx));
    yield rows.map((r) => toCustomer(r as Row, summaries.get(r.idx)));
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, idx: last.idx };
    if (rows.length < chunk) return;
  }
}
