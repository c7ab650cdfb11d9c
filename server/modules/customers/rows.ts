import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerCoupons, customerGroups, customers, nfts } from '../../db/schema';
import { CUSTOMER_MSG, type Yn } from '../../../src/domain/customer';
import { seoulDate } from '../../../src/domain/seoulDay';
import { notFound } from '../../http/errors';
import { rowsOf } from '../products/service';

/**
 * A customer as the API shows it (its row and certificate summary), and reading one. Every query
 * carries `tenant_idx`, so another tenant's idx is simply not found.
 */

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
export type Row = {
  idx: number; name: string; phone: string; countryCode: string; hasWallet: Yn; hasCafe24Interwork: Yn; groupIdx: number | null; groupName: string | null;
  interworkGroupName: string | null; totalOrderPrice: number; totalOrderCount: number; platformOrderCount: number; ownMallOrderCount: number;
  offlineOrderCount: number; latestOrderedAt: Date | null; pointBalance: number; interworkPoint: number; interworkAgreeSms: Yn; interworkAgreeEmail: Yn;
  interworkEmail: string | null; gender: 'M' | 'F' | null; birthday: string | null; email: string | null; agreeMarketing: Yn; agreeMarketingAt: Date | null;
  agreeSms: Yn; agreeSmsAt: Date | null; agreeEmail: Yn; agreeEmailAt: Date | null; registeredAt: string | null; createdAt: Date;
};
interface NftSummary { nftTotalGuaranteeAmount: number; latestIssuedMembershipName: string | null; couponRemainCount?: number; couponUsedCount?: number }

/** The customer row of the contract (docs/api/customers.md). */
export function toCustomer(r: Row, nft: NftSummary = { nftTotalGuaranteeAmount: 0, latestIssuedMembershipName: null }) {
  return {
    customerIdx: r.idx, customerName: r.name, customerPhone: r.phone, countryCode: r.countryCode, hasWallet: r.hasWallet,
    hasCafe24Interwork: r.hasCafe24Interwork, customerGroupIdx: r.groupIdx, customerGroupName: r.groupName,
    interworkCustomerGroupName: r.interworkGroupName, nftTotalGuaranteeAmount: nft.nftTotalGuaranteeAmount,
    totalOrderPrice: Number(r.totalOrderPrice), totalOrderCount: r.totalOrderCount, platformOrderCount: r.platformOrderCount,
    ownMallOrderCount: r.ownMallOrderCount, offlineOrderCount: r.offlineOrderCount, latestOrderedAt: ymd8(r.latestOrderedAt),
    customerPoint: Number(r.pointBalance), interworkPoint: Number(r.interworkPoint), latestIssuedMembershipName: nft.latestIssuedMembershipName,
    // The customer's wallet (customer_coupons): usable (issued, not past its end) and used.
    couponRemainCount: nft.couponRemainCount ?? 0, couponUsedCount: nft.couponUsedCount ?? 0,
    isInterworkAgreeSendSMS: r.interworkAgreeSms, isInterworkAgreeSendEmail: r.interworkAgreeEmail, interworkEmail: r.interworkEmail,
    userGender: r.gender, birthday: r.birthday, email: r.email, isAgreeMarketing: r.agreeMarketing, isAgreeSMS: r.agreeSms, isAgreeEmail: r.agreeEmail,
    registeredAt: r.registeredAt ? r.registeredAt.replace(/-/g, '') : ymd8(r.createdAt), createdAt: r.createdAt.toISOString(),
  };
}
export type Customer = ReturnType<typeof toCustomer>;

export const selectRows = (db: Db) => db.select(rowColumns).from(customers)
  .leftJoin(customerGroups, and(eq(customerGroups.tenantIdx, customers.tenantIdx), eq(customerGroups.idx, customers.groupIdx)));

/**
 * Guarantee amount, latest membership and coupon counts of these customers (the page only: indexes
 * nfts_tenant_customer and customer_coupons_tenant_customer, both tenant-leading). `now` ends the
 * coupons still usable (the server's clock).
 */
export async function nftSummaries(db: Db, tenantIdx: number, idxList: number[], now: Date = new Date()): Promise<Map<number, NftSummary>> {
  const out = new Map<number, NftSummary>();
  if (!idxList.length) return out;
  const ids = sql.join(idxList.map((i) => sql`${i}`), sql`, `);
  const [result, couponResult] = await Promise.all([
    db.execute(sql`
    SELECT customer_idx AS "customerIdx",
      coalesce(sum(coalesce(price, 0)) FILTER (WHERE nft_type = 'GUARANTEE' AND nft_status IN (3, 4, 5)), 0)::bigint AS amount,
      (array_agg(product_name ORDER BY created_at DESC, idx DESC) FILTER (WHERE nft_type = 'MEMBERSHIP' AND nft_status IN (3, 4, 5)))[1] AS membership
    FROM ${nfts} WHERE tenant_idx = ${tenantIdx} AND customer_idx IN (${ids}) AND deleted_at IS NULL
    GROUP BY customer_idx`),
    db.execute(sql`
    SELECT customer_idx AS "customerIdx",
      count(*) FILTER (WHERE status = 'ISSUED' AND expires_at > ${now.toISOString()}::timestamptz)::int AS remain,
      count(*) FILTER (WHERE status = 'USED')::int AS used
    FROM ${customerCoupons} WHERE tenant_idx = ${tenantIdx} AND customer_idx IN (${ids})
    GROUP BY customer_idx`),
  ]);
  const empty = (): NftSummary => ({ nftTotalGuaranteeAmount: 0, latestIssuedMembershipName: null });
  for (const r of rowsOf<{ customerIdx: number; amount: string | number; membership: string | null }>(result)) {
    out.set(Number(r.customerIdx), { nftTotalGuaranteeAmount: Number(r.amount), latestIssuedMembershipName: r.membership });
  }
  for (const r of rowsOf<{ customerIdx: number; remain: number; used: number }>(couponResult)) {
    const summary = out.get(Number(r.customerIdx)) ?? empty();
    out.set(Number(r.customerIdx), { ...summary, couponRemainCount: Number(r.remain), couponUsedCount: Number(r.used) });
  }
  return out;
}
export async function getCustomer(db: Db, tenantIdx: number, idx: number): Promise<Customer> {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const summaries = await nftSummaries(db, tenantIdx, [idx]);
  return toCustomer(row as Row, summaries.get(idx));
}

/** Detail: the row and its consents with the day each last changed. */
export async function getCustomerDetail(db: Db, tenantIdx: number, idx: number, now?: Date) {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const r = row as Row;
  const summaries = await nftSummaries(db, tenantIdx, [idx], now);
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
