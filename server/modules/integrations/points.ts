import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, shopConnections, shopMembers, shopPointChanges, shopPointInbox } from '../../db/schema';
import { CUSTOMER_MSG, type MallSyncState } from '../../../src/domain/customer';
import { customerSyncAllowed } from '../../../src/domain/integrations';
import type { PlanGroup } from '../../../src/domain/plans';
import { loadSubscription } from '../../plugins/auth';
import { rowsOf } from '../products/service';
import { addPoints } from '../customers/history';
import type { Cafe24Api, Cafe24Point } from './cafe24';
import { settingsOf, type Connection } from './ingest';
import { PlatformError } from './platformHttp';
import { notFound } from '../../http/errors';
import { cafe24ApiOf, type SyncDeps } from './sync';

/**
 * Points both ways with a Cafe24 mall (docs/api/integrations.md "Points both ways"; scopes
 * mall.read_mileage and mall.write_mileage). Out: a point change made in the console for a customer
 * linked to a mall member is a row of the outbox `shop_point_changes`, written in the change's own
 * transaction and delivered by the poll job (`deliverPointChanges`): retried with backoff while the mall
 * is down or rate-limiting, never dropped, and never applied twice: its key rides in the mall's reason,
 * and a change whose answer was lost is looked up in the mall's history before it is sent again. In: the
 * mall's point history is read from a cursor (`pollPoints`), each entry once (its fingerprint in
 * `shop_point_inbox`); the console's own changes are recognised by their key and not counted again.
 */

export type ShopPointChange = typeof shopPointChanges.$inferSelect;

const LEASE_MS = 5 * 60_000;
const POINT_PAGE = 100;
/** Cafe24 caps the history's offset at 8,000: past it a new window starts at the cursor. */
const POINT_OFFSET_MAX = 8000;
const POINT_OVERLAP_MS = 2 * 60_000;
/** How far back a change whose answer was lost is looked for in the member's history. */
const LOOKBACK_MS = 86_400_000;
const MARKER = /\(#([A-Za-z0-9_-]{12})\)\s*$/;

/** The mark a change carries in the mall's reason: its key. */
export const markedReason = (reason: string, changeKey: string) => `${reason} (#${changeKey})`;

/** Whether a plan may use the Cafe24 point integration (spec 3 section 6: STARTER and STANDARD may not). */
export const pointSyncAllowed: (plan: PlanGroup | null | undefined) => boolean = customerSyncAllowed;

/** The tenant's live Cafe24 connection whose point integration is on, or null. */
export async function pointConnectionOf(db: Db, tenantIdx: number): Promise<Connection | null> {
  const [c] = await db.select().from(shopConnections)
    .where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.platform, 'cafe24'), ne(shopConnections.status, 'DISCONNECTED')))
    .orderBy(desc(shopConnections.idx)).limit(1);
  return c && settingsOf(c).pointSync ? c : null;
}

/**
 * Inside a point change's transaction: queues it for the mall when the customer is a linked member of
 * the tenant's mall with the point integration on. Returns where it stands (null: no mall to reach).
 */
export async function queueMallPointChange(
  tx: Db, conn: Connection, ledger: { idx: number; customerIdx: number; amount: number; reason: string }, now: Date,
): Promise<MallSyncState | null> {
  const [member] = await tx.select({ memberId: shopMembers.memberId }).from(shopMembers)
    .where(and(eq(shopMembers.tenantIdx, conn.tenantIdx), eq(shopMembers.connectionIdx, conn.idx), eq(shopMembers.customerIdx, ledger.customerIdx)))
    .orderBy(desc(shopMembers.createdAt)).limit(1);
  if (!member) return null;
  await tx.insert(shopPointChanges).values({
    tenantIdx: conn.tenantIdx, connectionIdx: conn.idx, customerIdx: ledger.customerIdx, memberId: member.memberId, ledgerIdx: ledger.idx,
    changeKey: randomBytes(9).toString('base64url'), amount: ledger.amount, reason: ledger.reason, nextAttemptAt: now, createdAt: now,
  });
  return 'PENDING';
}

/**
 * Claims due changes, each the oldest PENDING one of its member (so a member's changes reach the mall
 * in the order they were made), with a lease and a claim token that every write back must match.
 */
async function claimChanges(db: Db, now: Date, limit: number): Promise<(ShopPointChange & { claimToken: string })[]> {
  const token = randomUUID();
  const at = now.toISOString();
  const claimed = rowsOf<{ tenant_idx: number; idx: number }>(await db.execute(sql`UPDATE ${shopPointChanges}
    SET claimed_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, claim_token = ${token}
    WHERE (tenant_idx, idx) IN (
      SELECT c.tenant_idx, c.idx FROM ${shopPointChanges} c
      WHERE c.status = 'PENDING' AND c.next_attempt_at <= ${at}::timestamptz AND (c.claimed_until IS NULL OR c.claimed_until < ${at}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM ${shopPointChanges} e WHERE e.tenant_idx = c.tenant_idx AND e.connection_idx = c.connection_idx
          AND e.member_id = c.member_id AND e.status = 'PENDING' AND e.idx < c.idx)
      ORDER BY c.idx LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING tenant_idx, idx`));
  const out: (ShopPointChange & { claimToken: string })[] = [];
  for (const r of claimed) {
    const [row] = await db.select().from(shopPointChanges).where(and(eq(shopPointChanges.tenantIdx, Number(r.tenant_idx)), eq(shopPointChanges.idx, Number(r.idx))));
    if (row) out.push({ ...row, claimToken: token });
  }
  return out;
}

const mine = (row: ShopPointChange & { claimToken: string }) =>
  and(eq(shopPointChanges.tenantIdx, row.tenantIdx), eq(shopPointChanges.idx, row.idx), eq(shopPointChanges.claimToken, row.claimToken));

/** Whether the change already reached the mall: its key in the member's history since it was made. */
async function foundAtMall(api: Cafe24Api, conn: Connection, row: ShopPointChange, now: Date): Promise<boolean> {
  const start = new Date(row.createdAt.getTime() - LOOKBACK_MS);
  for (let offset = 0; offset <= POINT_OFFSET_MAX; offset += POINT_PAGE) {
    const page = await api.pointHistory(start, now, offset, POINT_PAGE, conn.shopNo, row.memberId);
    if (page.some((p) => MARKER.exec(p.reason ?? '')?.[1] === row.changeKey)) return true;
    if (page.length < POINT_PAGE) return false;
  }
  return false;
}

/** One change's delivery: SENT, FAILED (the mall refused it), or PENDING again after a backoff. */
async function deliverOne(deps: SyncDeps, row: ShopPointChange & { claimToken: string }): Promise<MallSyncState> {
  const now = deps.now();
  const [conn] = await deps.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, row.tenantIdx), eq(shopConnections.idx, row.connectionIdx)));
  const finish = async (status: 'SENT' | 'FAILED', lastError: string | null) => {
    await deps.db.update(shopPointChanges).set({ status, lastError, sentAt: status === 'SENT' ? now : null, claimedUntil: null, claimToken: null }).where(mine(row));
    return status;
  };
  const later = async (lastError: string, failed: boolean, maybeSent = false) => {
    const attempts = row.attempts + (failed ? 1 : 0);
    const delay = Math.min(deps.app.config.shop.syncIntervalMs * 2 ** Math.min(Math.max(attempts - 1, 0), 5), 6 * 3_600_000);
    await deps.db.update(shopPointChanges).set({
      attempts, lastError, maybeSent: row.maybeSent || maybeSent, nextAttemptAt: new Date(now.getTime() + delay), claimedUntil: null, claimToken: null,
    }).where(mine(row));
    return 'PENDING' as const;
  };
  if (!conn || conn.status === 'DISCONNECTED') return finish('FAILED', 'DISCONNECTED');
  if (conn.status !== 'CONNECTED') return later('TOKEN_REFUSED', false);
  try {
    const api = await cafe24ApiOf(deps, conn);
    if (row.maybeSent && (await foundAtMall(api, conn, row, now))) return finish('SENT', null);
    await api.adjustPoints(conn.shopNo, row.memberId, Number(row.amount), markedReason(row.reason, row.changeKey));
    return finish('SENT', null);
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.kind === 'refused') return finish('FAILED', `REFUSED_${err.status}`);
    if (err.kind === 'unauthorized') return later('TOKEN_REFUSED', false);
    return later('PLATFORM_UNAVAILABLE', true, err.maybeApplied);
  }
}

/** The outbox's run (in the poll job's tick): every due change, a member's in order. */
export async function deliverPointChanges(deps: SyncDeps): Promise<Record<MallSyncState, number>> {
  const counts: Record<MallSyncState, number> = { PENDING: 0, SENT: 0, FAILED: 0 };
  for (let round = 0; round < 100; round++) {
    const claimed = await claimChanges(deps.db, deps.now(), 20);
    if (!claimed.length) break;
    for (const row of claimed) counts[await deliverOne(deps, row)]++;
  }
  return counts;
}

const amountOf = (v: string | null | undefined) => Math.round(Number(v ?? 0) || 0);

/** An entry's identity (Cafe24's history has no id): who, when, what kind, how much, the balance after, why. */
export const fingerprintOf = (p: Cafe24Point) => createHash('sha256').update(JSON.stringify([
  p.member_id, p.issue_date, p.case ?? '', amountOf(p.available_points_increase), amountOf(p.available_points_decrease),
  amountOf(p.available_points_total), p.order_id ?? '', p.reason ?? '',
])).digest('hex');

/**
 * One entry of the mall's history, in its own transaction: the member's mall balance (interwork_point)
 * follows it; a change made at the mall (not one of ours, recognised by its key) is added to the linked
 * customer's points once. Entries of members not linked to a customer are passed over.
 */
async function applyMallEntry(deps: SyncDeps, c: Connection, p: Cafe24Point, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [link] = await tx.select({ customerIdx: shopMembers.customerIdx }).from(shopMembers)
      .where(and(eq(shopMembers.tenantIdx, c.tenantIdx), eq(shopMembers.connectionIdx, c.idx), eq(shopMembers.memberId, p.member_id))).limit(1);
    if (!link) return false;
    const setMallBalance = () => p.available_points_total === undefined || p.available_points_total === null ? undefined
      : tx.update(customers).set({ interworkPoint: amountOf(p.available_points_total) }).where(and(eq(customers.tenantIdx, c.tenantIdx), eq(customers.idx, link.customerIdx)));
    const key = MARKER.exec(p.reason ?? '')?.[1];
    if (key && (await tx.$count(shopPointChanges, and(eq(shopPointChanges.tenantIdx, c.tenantIdx), eq(shopPointChanges.changeKey, key)))) > 0) {
      await setMallBalance();
      return false;
    }
    const inserted = await tx.insert(shopPointInbox).values({ tenantIdx: c.tenantIdx, connectionIdx: c.idx, fingerprint: fingerprintOf(p), customerIdx: link.customerIdx, createdAt: now })
      .onConflictDoNothing().returning();
    if (!inserted.length) return false;
    const delta = amountOf(p.available_points_increase) - amountOf(p.available_points_decrease);
    if (delta !== 0) {
      const reason = `${CUSTOMER_MSG.pointReasonMall}${p.reason?.trim() ? ` · ${p.reason.trim().slice(0, 100)}` : ''}`;
      const ledger = await addPoints(tx, c.tenantIdx, link.customerIdx, { amount: delta, reason }, now);
      await tx.update(shopPointInbox).set({ ledgerIdx: ledger!.idx })
        .where(and(eq(shopPointInbox.tenantIdx, c.tenantIdx), eq(shopPointInbox.connectionIdx, c.idx), eq(shopPointInbox.fingerprint, inserted[0].fingerprint)));
    }
    await setMallBalance();
    return delta !== 0;
  });
}

/**
 * The mall's point history since the cursor (less an overlap, de-duplicated by fingerprint), oldest
 * first, 100 a page; the cursor (`pointsSince`, the newest issue date seen) is saved after every page.
 * Only with the point integration on and a plan that allows it. Returns the changes counted.
 */
export async function pollPoints(
  deps: SyncDeps, c: Connection & { claimToken: string }, api: Cafe24Api, saveCursor: (patch: Record<string, unknown>) => Promise<void>,
): Promise<number> {
  if (!settingsOf(c).pointSync) return 0;
  const subscription = await loadSubscription(deps.db, c.tenantIdx);
  if (!pointSyncAllowed(subscription?.planGroup)) return 0;
  const end = deps.now();
  let since = c.cursor && typeof c.cursor.pointsSince === 'string' ? new Date(c.cursor.pointsSince) : end;
  let start = new Date(since.getTime() - POINT_OVERLAP_MS);
  let offset = 0;
  let applied = 0;
  for (let pages = 0; pages < 600; pages++) {
    const page = await api.pointHistory(start, end, offset, POINT_PAGE, c.shopNo);
    for (const p of page) {
      if (await applyMallEntry(deps, c, p, deps.now())) applied++;
      const at = new Date(p.issue_date);
      if (!Number.isNaN(at.getTime()) && at > since) since = at;
    }
    await saveCursor({ pointsSince: since.toISOString() });
    if (page.length < POINT_PAGE) return applied;
    offset += POINT_PAGE;
    if (offset > POINT_OFFSET_MAX - POINT_PAGE) { start = since; offset = 0; }
  }
  return applied;
}

/**
 * A change the mall refused (FAILED), sent again by hand from the console (the main account): it is
 * PENDING again with its attempts reset, due now, with the same key (so it still reaches the mall at
 * most once). Idempotent: a change already PENDING or SENT is answered as it stands, nothing changes.
 * `pointIdx` is the customer's point ledger row the change belongs to.
 */
export async function retryPointChange(db: Db, tenantIdx: number, pointIdx: number, now: Date): Promise<{ pointIdx: number; mallSync: MallSyncState }> {
  const where = and(eq(shopPointChanges.tenantIdx, tenantIdx), eq(shopPointChanges.ledgerIdx, pointIdx));
  const [again] = await db.update(shopPointChanges)
    .set({ status: 'PENDING', attempts: 0, lastError: null, nextAttemptAt: now, claimedUntil: null, claimToken: null })
    .where(and(where, eq(shopPointChanges.status, 'FAILED'))).returning({ status: shopPointChanges.status });
  if (again) return { pointIdx, mallSync: 'PENDING' };
  const [row] = await db.select({ status: shopPointChanges.status }).from(shopPointChanges).where(where).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.pointChangeNotFound);
  return { pointIdx, mallSync: row.status as MallSyncState };
}
