import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, nftTemplates, nfts, partnerships, shopConnections, shopMembers, shopOrders } from '../../db/schema';
import {
  DEFAULT_SETTINGS, INTERWORK_MSG, customerSyncAllowed, ORDER_CANCEL_REASON, lineRank, orderCanceledDetail, type InterworkSettings, type LineStatus, type Platform,
} from '../../../src/domain/integrations';
import { DEFAULT_COUNTRY_CODE, NFT_STATUS, normalizePhone, phoneError } from '../../../src/domain/guarantee';
import { addDays, seoulDate } from '../../../src/domain/seoulDay';
import type { MessagingProvider } from '../../providers/messaging';
import { rowsOf, type Tenant } from '../products/service';
import { prepareIssues } from '../guarantees/issue';
import { batchRows, insertIssues } from '../guarantees/write';
import { recordOrder } from '../customers/history';
import { cancelForCanceled } from '../stamps/cancel';
import { loadSubscription } from '../../plugins/auth';


/**
 * Order lines into customers, customer orders, warranties and stamps (docs/api/integrations.md,
 * "Never twice, never lost"). Each line is one transaction: an upsert on (tenant, connection, item),
 * which also locks the line's row until the transaction ends, so a webhook and a poll that bring the
 * same line at once run one after the other; the status only moves forward. Then, once the line
 * counts as delivered, its customer order (with the ORDER stamp and the order's points) is recorded
 * when it has none, and its warranty issued through the shared issue path when it has none, with the
 * batch key `shop:<connection>:<item>` (unique per tenant) as the backstop.
 */

export interface OrderLine {
  orderId: string;
  itemId: string;
  productNo: string | null;
  productName: string;
  paymentAmount: number;
  orderedAt: Date;
  status: LineStatus;
  platformStatus: string;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  buyerName: string;
  buyerPhone: string;
  memberId: string | null;
  email: string | null;
}

export type Connection = typeof shopConnections.$inferSelect;
export type ShopOrder = typeof shopOrders.$inferSelect;

export interface IngestDeps { db: Db; messaging: MessagingProvider; publicUrl: string }

export const settingsOf = (c: Pick<Connection, 'settings'>): InterworkSettings => ({ ...DEFAULT_SETTINGS, ...(c.settings as Partial<InterworkSettings>) });

const STATUS_RANK_SQL = (col: string) => sql.raw(`array_position(ARRAY['ORDERED','DISPATCHED','DELIVERED','PURCHASE_DECIDED','CANCELED'], ${col})`);

/**
 * When the line counts as delivered, or null. Cafe24: N40 (배송완료) or later, at its delivered date.
 * Naver (no delivered date): PURCHASE_DECIDED, or by the brand's choice DISPATCHED + N days.
 */
export function deliveredAtOf(platform: Platform, settings: InterworkSettings, line: Pick<ShopOrder, 'status' | 'deliveredAt' | 'dispatchedAt' | 'updatedAt'>, now: Date): Date | null {
  const status = line.status as LineStatus;
  if (status === 'CANCELED') return null;
  if (platform === 'cafe24') return lineRank(status) >= lineRank('DELIVERED') ? (line.deliveredAt ?? line.updatedAt) : null;
  if (status === 'PURCHASE_DECIDED' || status === 'DELIVERED') return line.deliveredAt ?? line.updatedAt;
  if (settings.deliveredBy === 'DISPATCHED_PLUS_DAYS' && status === 'DISPATCHED' && line.dispatchedAt) {
    const due = new Date(line.dispatchedAt.getTime() + settings.dispatchDays * 86_400_000);
    return due <= now ? due : null;
  }
  return null;
}

async function tenantOf(db: Db, tenantIdx: number): Promise<Tenant> {
  const [p] = await db.select({ b2bType: partnerships.b2bType }).from(partnerships).where(eq(partnerships.idx, tenantIdx)).limit(1);
  return { tenantIdx, adminIdx: tenantIdx, b2bType: p?.b2bType ?? 'brand' };
}

/**
 * Brings lines in: one multi-row upsert for all of them (a page of an order list: one statement,
 * in the order given, repeated item ids keeping the last), then each line that is due to be settled
 * (delivered, and without its customer order or its warranty decision) in its own transaction under
 * its row lock, re-read after the lock. Returns the rows after, in the order given.
 */
export async function ingestLines(deps: IngestDeps, conn: Connection, lines: OrderLine[], now: Date): Promise<ShopOrder[]> {
  if (!lines.length) return [];
  const byItem = new Map<string, OrderLine>();
  for (const l of lines) { byItem.delete(l.itemId); byItem.set(l.itemId, l); }
  const unique = [...byItem.values()];
  const json = JSON.stringify(unique.map((l, i) => ({
    ord: i, order_id: l.orderId, item_id: l.itemId, product_no: l.productNo, product_name: l.productName, payment_amount: l.paymentAmount,
    ordered_at: l.orderedAt.toISOString(), status: l.status, platform_status: l.platformStatus, dispatched_at: l.dispatchedAt?.toISOString() ?? null,
    delivered_at: l.deliveredAt?.toISOString() ?? null, buyer_name: l.buyerName, buyer_phone: l.buyerPhone, member_id: l.memberId,
  })));
  const at = now.toISOString();
  const result = await deps.db.execute(sql`INSERT INTO ${shopOrders} (tenant_idx, connection_idx, platform, order_id, item_id, product_no, product_name,
      payment_amount, ordered_at, status, platform_status, dispatched_at, delivered_at, buyer_name, buyer_phone, member_id, created_at, updated_at)
    SELECT ${conn.tenantIdx}, ${conn.idx}, ${conn.platform}, x.order_id, x.item_id, x.product_no, x.product_name, x.payment_amount, x.ordered_at, x.status,
      x.platform_status, x.dispatched_at, x.delivered_at, x.buyer_name, x.buyer_phone, x.member_id, ${at}::timestamptz, ${at}::timestamptz
    FROM json_to_recordset(${json}::json) AS x(ord integer, order_id text, item_id text, product_no text, product_name text, payment_amount bigint,
      ordered_at timestamptz, status text, platform_status text, dispatched_at timestamptz, delivered_at timestamptz, buyer_name text, buyer_phone text, member_id text)
    ORDER BY x.ord
    ON CONFLICT (tenant_idx, connection_idx, item_id) DO UPDATE SET
      status = CASE WHEN ${STATUS_RANK_SQL('excluded.status')} > ${STATUS_RANK_SQL('shop_orders.status')} THEN excluded.status ELSE shop_orders.status END,
      platform_status = CASE WHEN ${STATUS_RANK_SQL('excluded.status')} > ${STATUS_RANK_SQL('shop_orders.status')} THEN excluded.platform_status ELSE shop_orders.platform_status END,
      dispatched_at = coalesce(shop_orders.dispatched_at, excluded.dispatched_at),
      delivered_at = coalesce(shop_orders.delivered_at, excluded.delivered_at),
      updated_at = CASE WHEN ${STATUS_RANK_SQL('excluded.status')} > ${STATUS_RANK_SQL('shop_orders.status')} THEN excluded.updated_at ELSE shop_orders.updated_at END
    RETURNING idx, item_id AS "itemId", status, delivered_at AS "deliveredAt", dispatched_at AS "dispatchedAt", updated_at AS "updatedAt",
      buyer_phone AS "buyerPhone", customer_order_idx AS "customerOrderIdx", warranty_state AS "warrantyState", warranty_nft_idx AS "warrantyNftIdx",
      reversed_at AS "reversedAt"`);
  const settings = settingsOf(conn);
  const out = new Map<string, ShopOrder>();
  for (const r of rowsOf<ShopOrder & { deliveredAt: string | Date | null; dispatchedAt: string | Date | null; updatedAt: string | Date }>(result)) {
    const row = { ...r, idx: Number(r.idx), deliveredAt: r.deliveredAt ? new Date(r.deliveredAt) : null, dispatchedAt: r.dispatchedAt ? new Date(r.dispatchedAt) : null, updatedAt: new Date(r.updatedAt) };
    if (!needsSettling(conn, settings, row, now)) {
      out.set(row.itemId, row as ShopOrder);
      continue;
    }
    out.set(row.itemId, await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT idx FROM ${shopOrders} WHERE tenant_idx = ${conn.tenantIdx} AND idx = ${row.idx} FOR UPDATE`);
      const [locked] = await tx.select().from(shopOrders).where(and(eq(shopOrders.tenantIdx, conn.tenantIdx), eq(shopOrders.idx, row.idx)));
      return settleLine({ ...deps, db: tx }, conn, locked, now, byItem.get(row.itemId)?.email ?? null);
    }));
  }
  return unique.map((l) => out.get(l.itemId)!);
}

type SettlingView = Pick<ShopOrder, 'status' | 'deliveredAt' | 'dispatchedAt' | 'updatedAt' | 'buyerPhone' | 'customerOrderIdx' | 'warrantyState' | 'warrantyNftIdx' | 'reversedAt'>;

/** A cancelled or returned line whose warranty and stamps are still to be taken back. */
const needsReversal = (row: SettlingView) => row.status === 'CANCELED' && !row.reversedAt
  && (row.customerOrderIdx !== null || row.warrantyNftIdx !== null || row.warrantyState !== 'NONE');

/** Whether a line waits for its customer order, its warranty decision or its reversal now. */
function needsSettling(conn: Connection, settings: InterworkSettings, row: SettlingView, now: Date): boolean {
  if (needsReversal(row)) return true;
  if (!deliveredAtOf(conn.platform, settings, row, now)) return false;
  const customerDue = row.customerOrderIdx === null && phoneError(row.buyerPhone, DEFAULT_COUNTRY_CODE) === null;
  return customerDue || (row.warrantyNftIdx === null && row.warrantyState === 'NONE');
}

/**
 * The line's customer order and warranty, each once, inside the caller's transaction that holds the
 * line's row lock. Also run for Naver's DISPATCHED + N days lines when their day comes.
 */
export async function settleLine(deps: IngestDeps, conn: Connection, row: ShopOrder, now: Date, email: string | null = null): Promise<ShopOrder> {
  if (row.status === 'CANCELED') return needsReversal(row) ? reverseLine(deps, conn, row, now) : row;
  const settings = settingsOf(conn);
  const deliveredAt = deliveredAtOf(conn.platform, settings, row, now);
  if (!deliveredAt) return row;
  const db = deps.db;
  const patch: Partial<ShopOrder> = {};
  const phoneOk = phoneError(row.buyerPhone, DEFAULT_COUNTRY_CODE) === null;
  if (row.customerOrderIdx === null && phoneOk) {
    const phone = normalizePhone(row.buyerPhone, DEFAULT_COUNTRY_CODE);
    const customerResult = await db.execute(sql`INSERT INTO ${customers} (tenant_idx, country_code, phone, name, email, has_cafe24_interwork, created_at, updated_at)
      VALUES (${conn.tenantIdx}, ${DEFAULT_COUNTRY_CODE}, ${phone}, ${row.buyerName}, ${email}, ${conn.platform === 'cafe24' && row.memberId ? 'Y' : 'N'}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET updated_at = excluded.updated_at,
        has_cafe24_interwork = CASE WHEN excluded.has_cafe24_interwork = 'Y' THEN 'Y' ELSE customers.has_cafe24_interwork END
      RETURNING idx`);
    const customerIdx = Number(rowsOf<{ idx: number }>(customerResult)[0].idx);
    if (conn.platform === 'cafe24' && row.memberId) await linkMember(db, conn, row.memberId, customerIdx, now);
    // The customer's order, its points and (stamp trigger ORDER) its stamp, at delivery. With the point
    // integration on, a mall member's order earns the mall's own order mileage, which comes back with the
    // mall's point history: ours would count it twice (docs/api/integrations.md "No double counting").
    const order = await recordOrder(db, conn.tenantIdx, customerIdx, {
      orderedAt: row.orderedAt, channel: conn.platform === 'cafe24' ? 'ownMall' : 'platform', productName: row.productName, paymentAmount: row.paymentAmount,
    }, now, { earnPoints: !(await mallEarnsOrderPoints(db, conn, row.memberId)) });
    patch.customerIdx = customerIdx;
    patch.customerOrderIdx = order.idx;
  }
  if (row.warrantyNftIdx === null && row.warrantyState === 'NONE') {
    if (!row.productNo || !settings.productNos.includes(row.productNo)) patch.warrantyState = 'NOT_SELECTED';
    else if (settings.issueMode === 'MANUAL') patch.warrantyState = 'MANUAL';
    else Object.assign(patch, await issueWarranty(deps, conn, row, deliveredAt, settings, now));
  }
  if (!Object.keys(patch).length) return row;
  const [after] = await db.update(shopOrders).set({ ...patch, updatedAt: row.updatedAt })
    .where(and(eq(shopOrders.tenantIdx, conn.tenantIdx), eq(shopOrders.idx, row.idx))).returning();
  return after;
}

/**
 * The one rule against counting an order's points twice: with the Cafe24 point integration on (and a plan
 * that allows it), a mall member's order earns only the mall's order mileage (it comes back as a mall
 * change, '쇼핑몰 적립금 · …'); a guest's order, a Naver order, or any order with the integration off earns
 * the brand's own rate.
 */
export async function mallEarnsOrderPoints(db: Db, conn: Connection, memberId: string | null): Promise<boolean> {
  if (conn.platform !== 'cafe24' || !memberId || !settingsOf(conn).pointSync) return false;
  return customerSyncAllowed((await loadSubscription(db, conn.tenantIdx))?.planGroup);
}

/** A mall member bought as this customer (the buyer of a delivered order): the customer its points reach, both ways (./points.ts). */
async function linkMember(tx: Db, conn: Pick<Connection, 'tenantIdx' | 'idx'>, memberId: string, customerIdx: number, now: Date) {
  await tx.insert(shopMembers).values({ tenantIdx: conn.tenantIdx, connectionIdx: conn.idx, memberId, customerIdx, createdAt: now }).onConflictDoNothing();
}

/**
 * A line cancelled or returned at the shop (Cafe24 C*, R*, E*; Naver CANCELED, RETURNED), inside the
 * caller's transaction that holds the line's row lock, once (`reversed_at`): its warranty is cancelled
 * (issued: status 9 with the reason 반품·환불 and the stamps it earned taken back; a reservation not yet
 * issued: 10, so the reservation job never issues it), the ORDER stamp its customer order earned is taken
 * back, and the line's warranty state is CANCELED (nothing is issued for it later, by hand either). The
 * customer order itself stays in the customer's history.
 */
async function reverseLine(deps: IngestDeps, conn: Connection, row: ShopOrder, now: Date): Promise<ShopOrder> {
  const db = deps.db;
  if (row.warrantyNftIdx !== null) {
    const [nft] = rowsOf<{ nft_status: number }>(await db.execute(sql`SELECT nft_status FROM ${nfts}
      WHERE tenant_idx = ${conn.tenantIdx} AND idx = ${row.warrantyNftIdx} AND deleted_at IS NULL FOR UPDATE`));
    const status = nft ? Number(nft.nft_status) : null;
    const where = and(eq(nfts.tenantIdx, conn.tenantIdx), eq(nfts.idx, row.warrantyNftIdx));
    if (status !== null && ([NFT_STATUS.complete, NFT_STATUS.linkComplete, NFT_STATUS.pending] as number[]).includes(status)) {
      await db.update(nfts).set({
        nftStatus: NFT_STATUS.cancel, canceledAt: now, cancelReason: ORDER_CANCEL_REASON, cancelDetail: orderCanceledDetail(conn.platform, row.platformStatus), updatedAt: now,
      }).where(where);
      await cancelForCanceled(db, conn.tenantIdx, [row.warrantyNftIdx], now);
    } else if (status === NFT_STATUS.reservation) {
      await db.update(nfts).set({ nftStatus: NFT_STATUS.cancelReady, updatedAt: now }).where(where);
    }
  }
  if (row.customerOrderIdx !== null) await cancelForCanceled(db, conn.tenantIdx, [row.customerOrderIdx], now, 'ORDER');
  const [after] = await db.update(shopOrders).set({ reversedAt: now, warrantyState: 'CANCELED', updatedAt: row.updatedAt })
    .where(and(eq(shopOrders.tenantIdx, conn.tenantIdx), eq(shopOrders.idx, row.idx))).returning();
  return after;
}

/**
 * The line's warranty through the shared issue path (prepareIssues, insertIssues): issued now, or with
 * DAYS_AFTER a reservation N days after delivery that the reservation job issues. Refused input (a safe
 * number, no main template) marks the line FAILED with the reason; the brand may issue it by hand later.
 */
export async function issueWarranty(
  deps: IngestDeps, conn: Connection, row: ShopOrder, deliveredAt: Date, settings: InterworkSettings, now: Date,
): Promise<Partial<ShopOrder>> {
  const db = deps.db;
  if (phoneError(row.buyerPhone, DEFAULT_COUNTRY_CODE) !== null) return { warrantyState: 'FAILED', warrantyError: INTERWORK_MSG.warrantyNoPhone };
  const [template] = await db.select({ idx: nftTemplates.idx }).from(nftTemplates).where(and(
    eq(nftTemplates.tenantIdx, conn.tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE'), eq(nftTemplates.isMain, true), eq(nftTemplates.status, 'ACTIVE'),
  )).limit(1);
  if (!template) return { warrantyState: 'FAILED', warrantyError: INTERWORK_MSG.warrantyNoTemplate };
  const tenant = await tenantOf(db, conn.tenantIdx);
  const delivered = seoulDate(deliveredAt);
  const input = {
    nftTemplateIdx: template.idx, ordererName: row.buyerName, ordererCountryCode: DEFAULT_COUNTRY_CODE, ordererTel: row.buyerPhone,
    orderedAt: seoulDate(row.orderedAt), refOrderId: row.orderId, productName: row.productName, paymentAmount: row.paymentAmount,
    ...(settings.issueMode === 'DAYS_AFTER' && addDays(delivered, settings.issueDays) > seoulDate(now)
      ? { reservationDays: settings.issueDays, deliveredAt: delivered } : {}),
  };
  const prepared = await prepareIssues(db, tenant, [input], () => '', { nftType: 'GUARANTEE', requestRoute: 'product', matchModelNumber: false }, now);
  if (!prepared.values.length) return { warrantyState: 'FAILED', warrantyError: Object.values(prepared.errors)[0] ?? INTERWORK_MSG.warrantyNoPhone };
  const values = prepared.values.map((v) => ({ ...v, requestRoute: conn.platform }));
  const batchKey = `shop:${conn.idx}:${row.itemId}`;
  const inserted = await insertIssues(db, deps, tenant, values, now, batchKey);
  const nftIdx = inserted[0]?.idx ?? (await batchRows(db, conn.tenantIdx, batchKey))[0]?.idx;
  return nftIdx ? { warrantyState: 'ISSUED', warrantyNftIdx: nftIdx, warrantyError: null } : { warrantyState: 'FAILED', warrantyError: INTERWORK_MSG.warrantyNoTemplate };
}
