import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerGroups, customerOrders, customerPointLedger, customerSettings, customers, nfts } from '../../db/schema';
import {
  CUSTOMER_MSG, pointAmountOf, toYmd8,
  type CustomerFilters, type CustomerForm, type CustomerOrderBy, type CustomerSearchTarget, type GradeSchedule, type OrderChannel, type Yn,
} from '../../../src/domain/customer';
import { DEFAULT_COUNTRY_CODE, normalizePhone } from '../../../src/domain/guarantee';
import { seoulDate } from '../../../src/domain/seoulDay';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { rowsOf } from '../products/service';

/**
 * Customers of one tenant: the list (trigram contains-search, tenant-leading sort indexes, capped
 * totals), manual add/edit, detail, orders and points. Every query carries `tenant_idx`, so
 * another tenant's idx is simply not found.
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

/** Exact totals up to this many rows, else the planner's estimate (as products and guarantees). */
export const TOTAL_CAP = 10_000;
const COLLECT_FIRST_MAX = 5_000;

/** An instant's Seoul day as YYYYMMDD. */
const ymd8 = (d: Date | null) => (d ? seoulDate(d).replace(/-/g, '') : null);

const rowColumns = {
  idx: customers.idx, name: customers.name, phone: customers.phone, countryCode: customers.countryCode,
  hasWallet: customers.hasWallet, hasCafe24Interwork: customers.hasCafe24Interwork, groupIdx: customers.groupIdx, groupName: customerGroups.name,
  interworkGroupName: customers.interworkGroupName, totalOrderPrice: customers.totalOrderPrice, totalOrderCount: customers.totalOrderCount,
  platformOrderCount: customers.platformOrderCount, ownMallOrderCount: customers.ownMallOrderCount, offlineOrderCount: customers.offlineOrderCount,
  latestOrderedAt: customers.latestOrderedAt, pointBalance: customers.pointBalance, interworkPoint: customers.interworkPoint,
  interworkAgreeSms: customers.interworkAgreeSms, interworkAgreeEmail: customers.interworkAgreeEmail, interworkEmail: customers.interworkEmail,
  gender: customers.gender, birthday: customers.birthday, email: customers.email, agreeMarketing: customers.agreeMarketing,
  agreeMarketingAt: customers.agreeMarketingAt, agreeSms: customers.agreeSms, agreeSmsAt: customers.agreeSmsAt,
  agreeEmail: customers.agreeEmail, agreeEmailAt: customers.agreeEmailAt, registeredAt: customers.registeredAt, createdAt: customers.createdAt,
};
type Row = {
  idx: number; name: string; phone: string; countryCode: string; hasWallet: Yn; hasCafe24Interwork: Yn; groupIdx: number | null; groupName: string | null;
  interworkGroupName: string | null; totalOrderPrice: number; totalOrderCount: number; platformOrderCount: number; ownMallOrderCount: number;
  offlineOrderCount: number; latestOrderedAt: Date | null; pointBalance: number; interworkPoint: number; interworkAgreeSms: Yn; interworkAgreeEmail: Yn;
  interworkEmail: string | null; gender: 'M' | 'F' | null; birthday: string | null; email: string | null; agreeMarketing: Yn; agreeMarketingAt: Date | null;
  agreeSms: Yn; agreeSmsAt: Date | null; agreeEmail: Yn; agreeEmailAt: Date | null; registeredAt: string | null; createdAt: Date;
};
interface NftSummary { nftTotalGuaranteeAmount: number; latestIssuedMembershipName: string | null }

/** The customer row of the contract (docs/api/customers.md). */
export function toCustomer(r: Row, nft: NftSummary = { nftTotalGuaranteeAmount: 0, latestIssuedMembershipName: null }) {
  return {
    customerIdx: r.idx, customerName: r.name, customerPhone: r.phone, countryCode: r.countryCode, hasWallet: r.hasWallet,
    hasCafe24Interwork: r.hasCafe24Interwork, customerGroupIdx: r.groupIdx, customerGroupName: r.groupName,
    interworkCustomerGroupName: r.interworkGroupName, nftTotalGuaranteeAmount: nft.nftTotalGuaranteeAmount,
    totalOrderPrice: Number(r.totalOrderPrice), totalOrderCount: r.totalOrderCount, platformOrderCount: r.platformOrderCount,
    ownMallOrderCount: r.ownMallOrderCount, offlineOrderCount: r.offlineOrderCount, latestOrderedAt: ymd8(r.latestOrderedAt),
    customerPoint: Number(r.pointBalance), interworkPoint: Number(r.interworkPoint), latestIssuedMembershipName: nft.latestIssuedMembershipName,
    // No coupon area yet (issue 5 scope): counts are 0 until coupons exist.
    couponRemainCount: 0, couponUsedCount: 0,
    isInterworkAgreeSendSMS: r.interworkAgreeSms, isInterworkAgreeSendEmail: r.interworkAgreeEmail, interworkEmail: r.interworkEmail,
    userGender: r.gender, birthday: r.birthday, email: r.email, isAgreeMarketing: r.agreeMarketing, isAgreeSMS: r.agreeSms, isAgreeEmail: r.agreeEmail,
    registeredAt: r.registeredAt ? r.registeredAt.replace(/-/g, '') : ymd8(r.createdAt), createdAt: r.createdAt.toISOString(),
  };
}
export type Customer = ReturnType<typeof toCustomer>;

const selectRows = (db: Db) => db.select(rowColumns).from(customers)
  .leftJoin(customerGroups, and(eq(customerGroups.tenantIdx, customers.tenantIdx), eq(customerGroups.idx, customers.groupIdx)));

/** Guarantee amount and latest membership of these customers (the page only: index nfts_tenant_customer). */
async function nftSummaries(db: Db, tenantIdx: number, idxList: number[]): Promise<Map<number, NftSummary>> {
  const out = new Map<number, NftSummary>();
  if (!idxList.length) return out;
  const result = await db.execute(sql`
    SELECT customer_idx AS "customerIdx",
      coalesce(sum(coalesce(price, 0)) FILTER (WHERE nft_type = 'GUARANTEE' AND nft_status IN (3, 4, 5)), 0)::bigint AS amount,
      (array_agg(product_name ORDER BY created_at DESC, idx DESC) FILTER (WHERE nft_type = 'MEMBERSHIP' AND nft_status IN (3, 4, 5)))[1] AS membership
    FROM ${nfts} WHERE tenant_idx = ${tenantIdx} AND customer_idx IN (${sql.join(idxList.map((i) => sql`${i}`), sql`, `)}) AND deleted_at IS NULL
    GROUP BY customer_idx`);
  for (const r of rowsOf<{ customerIdx: number; amount: string | number; membership: string | null }>(result)) {
    out.set(Number(r.customerIdx), { nftTotalGuaranteeAmount: Number(r.amount), latestIssuedMembershipName: r.membership });
  }
  return out;
}

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

/** The planner's estimate of the matching rows (planning only, no scan). */
async function estimateRows(db: Db, where: SQL): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${customers} WHERE ${where}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

async function totalOf(db: Db, where: SQL, estimate: number): Promise<{ total: number; totalIsEstimate: boolean }> {
  if (estimate > TOTAL_CAP) return { total: estimate, totalIsEstimate: true };
  const capped = db.select({ one: sql`1` }).from(customers).where(where).limit(TOTAL_CAP + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= TOTAL_CAP) return { total: n, totalIsEstimate: false };
  return { total: Math.max(estimate, TOTAL_CAP + 1), totalIsEstimate: true };
}

/**
 * The list. NULL latest order dates sort lowest (index customers_tenant_latest_order). A search
 * the planner expects to match few rows (≤ 5,000) collects its matches through the trigram indexes
 * and sorts them; otherwise the order index is walked and filtered.
 */
export async function listCustomers(db: Db, tenantIdx: number, q: CustomerQuery) {
  const where = whereOf(tenantIdx, q);
  const estimate = await estimateRows(db, where);
  const collectFirst = estimate <= COLLECT_FIRST_MAX && q.terms.length > 0;
  const column = collectFirst ? UNINDEXED_SORT[q.orderBy] : SORT_COLUMNS[q.orderBy];
  const nulls = q.orderBy === 'latestOrderedAt' ? (q.desc ? sql` NULLS LAST` : sql` NULLS FIRST`) : sql``;
  const dir = q.desc ? sql` DESC` : sql` ASC`;
  const [rows, total] = await Promise.all([
    selectRows(db).where(where).orderBy(sql`${column}${dir}${nulls}`, q.desc ? desc(customers.idx) : asc(customers.idx))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, where, estimate),
  ]);
  const summaries = await nftSummaries(db, tenantIdx, rows.map((r) => r.idx));
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

export async function getCustomer(db: Db, tenantIdx: number, idx: number): Promise<Customer> {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const summaries = await nftSummaries(db, tenantIdx, [idx]);
  return toCustomer(row as Row, summaries.get(idx));
}

/** Detail: the row and its consents with the day each last changed. */
export async function getCustomerDetail(db: Db, tenantIdx: number, idx: number) {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const r = row as Row;
  const summaries = await nftSummaries(db, tenantIdx, [idx]);
  const term = (isAgree: Yn, at: Date | null) => ({ isAgree, changedAt: at ? at.toISOString() : null });
  return {
    ...toCustomer(r, summaries.get(idx)),
    terms: { marketing: term(r.agreeMarketing, r.agreeMarketingAt), sms: term(r.agreeSms, r.agreeSmsAt), email: term(r.agreeEmail, r.agreeEmailAt) },
  };
}

/** Throws 404 unless the customer is the tenant's. */
export async function assertCustomer(db: Db, tenantIdx: number, idx: number): Promise<void> {
  const [row] = await db.select({ idx: customers.idx }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
}

function valuesOf(form: CustomerForm, now: Date, before?: Row) {
  const consent = (next: Yn, prev: Yn | undefined, prevAt: Date | null | undefined) => (prev === next ? prevAt ?? null : now);
  const countryCode = form.countryCode || DEFAULT_COUNTRY_CODE;
  return {
    name: form.customerName, countryCode, phone: normalizePhone(form.customerPhone, countryCode),
    gender: (form.userGender ?? null) as 'M' | 'F' | null, birthday: toYmd8(form.birthday), email: form.email ?? null,
    agreeMarketing: form.isAgreeMarketing as Yn, agreeMarketingAt: consent(form.isAgreeMarketing as Yn, before?.agreeMarketing, before?.agreeMarketingAt),
    agreeSms: form.isAgreeSMS as Yn, agreeSmsAt: consent(form.isAgreeSMS as Yn, before?.agreeSms, before?.agreeSmsAt),
    agreeEmail: form.isAgreeEmail as Yn, agreeEmailAt: consent(form.isAgreeEmail as Yn, before?.agreeEmail, before?.agreeEmailAt),
    updatedAt: now,
  };
}

const duplicatePhone = () => conflict('CONFLICT', 'customerPhone', CUSTOMER_MSG.phoneDuplicate);

export async function createCustomer(db: Db, tenantIdx: number, form: CustomerForm, now: Date): Promise<Customer> {
  const values = valuesOf(form, now);
  const first = { agreeMarketingAt: values.agreeMarketing === 'Y' ? now : null, agreeSmsAt: values.agreeSms === 'Y' ? now : null, agreeEmailAt: values.agreeEmail === 'Y' ? now : null };
  const [row] = await db.insert(customers).values({ tenantIdx, ...values, ...first, createdAt: now })
    .onConflictDoNothing({ target: [customers.tenantIdx, customers.countryCode, customers.phone] })
    .returning({ idx: customers.idx });
  if (!row) throw duplicatePhone();
  return getCustomer(db, tenantIdx, row.idx);
}

/** The stored customer as a form, so a PATCH can send only what changes. */
export async function formOf(db: Db, tenantIdx: number, idx: number): Promise<{ form: Record<string, unknown>; row: Row }> {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const r = row as Row;
  return {
    row: r,
    form: {
      customerName: r.name, customerPhone: r.phone, countryCode: r.countryCode, userGender: r.gender, birthday: r.birthday, email: r.email,
      isAgreeMarketing: r.agreeMarketing, isAgreeSMS: r.agreeSms, isAgreeEmail: r.agreeEmail,
    },
  };
}

export async function updateCustomer(db: Db, tenantIdx: number, idx: number, form: CustomerForm, before: Row, now: Date): Promise<Customer> {
  try {
    await db.update(customers).set(valuesOf(form, now, before)).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx)));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicatePhone();
    throw err;
  }
  return getCustomer(db, tenantIdx, idx);
}

// ---------------------------------------------------------------------------------------------
// Orders and points

export interface Paging { page: number; pageSize: number }

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

export async function listPoints(db: Db, tenantIdx: number, customerIdx: number, p: Paging) {
  const where = and(eq(customerPointLedger.tenantIdx, tenantIdx), eq(customerPointLedger.customerIdx, customerIdx));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(customerPointLedger).where(where).orderBy(desc(customerPointLedger.idx)).limit(p.pageSize).offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(customerPointLedger).where(where),
  ]);
  return {
    list: rows.map((r) => ({ idx: r.idx, createdAt: r.createdAt.toISOString(), amount: Number(r.amount), reason: r.reason, balance: Number(r.balance), orderIdx: r.orderIdx })),
    total: n,
  };
}

export interface CustomerSettings {
  pointRate: number;
  onOfflinePointToggle: Yn;
  gradeSchedule: GradeSchedule;
  gradePeriodMonths: number;
  lastGradeRunAt: string | null;
}

const DEFAULT_SETTINGS = { pointRate: 0, onOfflinePointToggle: 'N' as Yn, gradeSchedule: 'monthly' as GradeSchedule, gradePeriodMonths: 12 };

export async function getSettings(db: Db, tenantIdx: number): Promise<CustomerSettings> {
  const [row] = await db.select().from(customerSettings).where(eq(customerSettings.tenantIdx, tenantIdx)).limit(1);
  if (!row) return { ...DEFAULT_SETTINGS, lastGradeRunAt: null };
  return {
    pointRate: Number(row.pointRate), onOfflinePointToggle: row.onOfflinePointToggle, gradeSchedule: row.gradeSchedule,
    gradePeriodMonths: row.gradePeriodMonths, lastGradeRunAt: row.lastGradeRunAt ? row.lastGradeRunAt.toISOString() : null,
  };
}

/**
 * The settings row, created with the defaults when missing, and locked for this transaction: the
 * grade list and settings of a tenant change one writer at a time. A new row's last run is `now`,
 * so the first scheduled run is the next 03:00 slot, not the moment it is created.
 */
export async function lockSettings(tx: Db, tenantIdx: number, now: Date): Promise<void> {
  await tx.insert(customerSettings).values({ tenantIdx, lastGradeRunAt: now, updatedAt: now }).onConflictDoNothing();
  await tx.execute(sql`SELECT 1 FROM ${customerSettings} WHERE tenant_idx = ${tenantIdx} FOR UPDATE`);
}

export async function saveSettings(db: Db, tenantIdx: number, patch: Partial<Omit<CustomerSettings, 'lastGradeRunAt'>>, now: Date): Promise<CustomerSettings> {
  await db.transaction(async (tx) => {
    await lockSettings(tx, tenantIdx, now);
    await tx.update(customerSettings).set({ ...patch, updatedAt: now }).where(eq(customerSettings.tenantIdx, tenantIdx));
  });
  return getSettings(db, tenantIdx);
}

export interface OrderInput { orderedAt: Date; channel: OrderChannel; productName: string; paymentAmount: number }

/**
 * Records an order: the customer's aggregates (total, count per channel, latest) and, when points
 * are on (onOfflinePointToggle Y), floor(paymentAmount × pointRate %) points with a ledger row.
 * The customer row is locked, so concurrent orders keep the balance and ledger consistent.
 */
export async function recordOrder(db: Db, tenantIdx: number, customerIdx: number, input: OrderInput, now: Date) {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT point_balance FROM ${customers} WHERE tenant_idx = ${tenantIdx} AND idx = ${customerIdx} FOR UPDATE`);
    const [current] = rowsOf<{ point_balance: string | number }>(locked);
    if (!current) throw notFound(CUSTOMER_MSG.notFound);
    const settings = await getSettings(tx, tenantIdx);
    const pointAmount = settings.onOfflinePointToggle === 'Y' ? pointAmountOf(input.paymentAmount, settings.pointRate) : 0;
    const [order] = await tx.insert(customerOrders).values({ tenantIdx, customerIdx, ...input, pointAmount, createdAt: now }).returning();
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
