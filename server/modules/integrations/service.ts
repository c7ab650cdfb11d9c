import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopAuthStates, shopConnections, shopLaunchNonces, shopOrders } from '../../db/schema';
import {
  INTERWORK_MSG, blockedPlansOf, type InterworkSettings, type LaunchKind, type Platform,
} from '../../../src/domain/integrations';
import { MSG } from '../../../src/domain/messages';
import { ApiError, conflict, notFound, validationFailed } from '../../http/errors';
import type { Paging } from '../../http/params';
import type { Principal } from '../../plugins/auth';
import { rowsOf } from '../products/service';
import { settingsOf, issueWarranty, deliveredAtOf, type Connection } from './ingest';
import type { SyncDeps } from './sync';

/** The integrations' state: launches, connections, settings, the leave reason, the order lines. */

const LAUNCH_TTL_MS = 15 * 60_000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The replay guard: true the first time this launch signature is seen (a row, so every process agrees). */
export async function firstUseOfLaunch(db: Db, platform: Platform, hmac: string, mallId: string, now: Date): Promise<boolean> {
  const result = await db.execute(sql`INSERT INTO ${shopLaunchNonces} (platform, hmac, mall_id, used_at)
    VALUES (${platform}, ${hmac}, ${mallId}, ${now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING RETURNING hmac`);
  return rowsOf(result).length === 1;
}

/** A launch whose HMAC passed: a one-time token for the console page /b2b/interwork/cafe24/{token}. */
export async function createLaunch(db: Db, mallId: string, shopNo: number, kind: LaunchKind, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(shopAuthStates).values({ tokenHash: hashToken(token), platform: 'cafe24', mallId, shopNo, kind, expiresAt: new Date(now.getTime() + LAUNCH_TTL_MS), createdAt: now });
  return token;
}

/**
 * The signed-in brand takes a launch (POST confirm): its plan must allow the launch's kind (spec 3
 * section 6), and a launch is taken by one tenant only. Returns the mall to authorise.
 */
export async function takeLaunch(db: Db, principal: Principal, token: string, now: Date): Promise<{ mallId: string; state: string }> {
  const [launch] = await db.select().from(shopAuthStates).where(eq(shopAuthStates.tokenHash, hashToken(token))).limit(1);
  if (!launch || launch.consumedAt || launch.expiresAt <= now || (launch.tenantIdx !== null && launch.tenantIdx !== principal.tenantIdx)) {
    throw validationFailed({ token: INTERWORK_MSG.tokenInvalid }, INTERWORK_MSG.tokenInvalid);
  }
  const plan = principal.subscription?.planGroup;
  if (plan && blockedPlansOf(launch.kind as LaunchKind).includes(plan)) throw new ApiError(403, 'FEATURE_DISABLED', MSG.featureBlocked);
  const taken = await db.update(shopAuthStates).set({ tenantIdx: principal.tenantIdx })
    .where(and(eq(shopAuthStates.tokenHash, launch.tokenHash), sql`(tenant_idx IS NULL OR tenant_idx = ${principal.tenantIdx})`)).returning();
  if (!taken.length) throw validationFailed({ token: INTERWORK_MSG.tokenInvalid }, INTERWORK_MSG.tokenInvalid);
  return { mallId: launch.mallId, state: token };
}

/** The OAuth callback's state: consumed once, by the tenant that took the launch. */
export async function consumeState(db: Db, state: string, now: Date) {
  const [row] = await db.update(shopAuthStates).set({ consumedAt: now })
    .where(and(eq(shopAuthStates.tokenHash, hashToken(state)), sql`consumed_at IS NULL AND tenant_idx IS NOT NULL AND expires_at > ${now.toISOString()}::timestamptz`))
    .returning();
  return row ?? null;
}

const KIND_TYPES: Record<LaunchKind, string[]> = { ORDER: ['ORDER'], CUSTOMER: ['CUSTOMER', 'POINT'], MEMBERSHIP: ['MEMBERSHIP'] };

/**
 * Connects (or reconnects) a mall for the tenant. A mall live under another tenant is refused (one
 * live connection per mall: the unique index is the backstop).
 */
export async function connect(
  db: Db, tenantIdx: number, platform: Platform, mallId: string, shopNo: number, kind: LaunchKind,
  secrets: Partial<Pick<Connection, 'accessToken' | 'accessTokenExpiresAt' | 'refreshToken' | 'refreshTokenExpiresAt' | 'clientSecret'>>, now: Date,
): Promise<Connection> {
  return db.transaction(async (tx) => {
    const [live] = await tx.select().from(shopConnections)
      .where(and(eq(shopConnections.platform, platform), eq(shopConnections.mallId, mallId), ne(shopConnections.status, 'DISCONNECTED'))).limit(1);
    if (live && live.tenantIdx !== tenantIdx) throw conflict('CONFLICT', platform === 'naver' ? 'clientId' : 'mallId', INTERWORK_MSG.alreadyConnected);
    // One live connection per platform for a tenant: another mall's is replaced.
    await tx.update(shopConnections).set({ status: 'DISCONNECTED', disconnectedAt: now, leaveReason: 'REPLACED', accessToken: null, refreshToken: null, clientSecret: null })
      .where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.platform, platform), ne(shopConnections.mallId, mallId), ne(shopConnections.status, 'DISCONNECTED')));
    if (live) {
      const types = [...new Set([...(live.interworkTypes ?? []), ...KIND_TYPES[kind]])];
      const [row] = await tx.update(shopConnections).set({ ...secrets, status: 'CONNECTED', interworkTypes: types, lastError: null, failures: 0, nextSyncAt: now, updatedAt: now })
        .where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.idx, live.idx))).returning();
      return row;
    }
    const [row] = await tx.insert(shopConnections).values({
      tenantIdx, platform, mallId, shopNo, status: 'CONNECTED', interworkTypes: KIND_TYPES[kind], ...secrets, nextSyncAt: now, createdAt: now, updatedAt: now,
    }).returning();
    return row;
  });
}

export async function liveConnection(db: Db, tenantIdx: number, platform: Platform): Promise<Connection | null> {
  const [row] = await db.select().from(shopConnections)
    .where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.platform, platform), ne(shopConnections.status, 'DISCONNECTED')))
    .orderBy(desc(shopConnections.idx)).limit(1);
  return row ?? null;
}

export async function connectionOrThrow(db: Db, tenantIdx: number, platform: Platform): Promise<Connection> {
  const c = await liveConnection(db, tenantIdx, platform);
  if (!c) throw notFound(INTERWORK_MSG.notConnected);
  return c;
}

/** What the console shows: never a token or secret. */
export async function connectionRecord(db: Db, tenantIdx: number, platform: Platform) {
  const c = await liveConnection(db, tenantIdx, platform);
  if (!c) {
    const [last] = await db.select({ leaveReason: shopConnections.leaveReason, disconnectedAt: shopConnections.disconnectedAt }).from(shopConnections)
      .where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.platform, platform))).orderBy(desc(shopConnections.idx)).limit(1);
    return { connected: false as const, leaveReason: last?.leaveReason ?? null, disconnectedAt: last?.disconnectedAt?.toISOString() ?? null };
  }
  const counts = rowsOf<{ lines: number; issued: number }>(await db.execute(sql`SELECT count(*)::int AS lines,
      count(*) FILTER (WHERE warranty_state = 'ISSUED')::int AS issued FROM ${shopOrders} WHERE tenant_idx = ${tenantIdx} AND connection_idx = ${c.idx}`))[0];
  return {
    connected: true as const, idx: c.idx, platform: c.platform, mallId: c.mallId, shopNo: c.shopNo, status: c.status, interworkTypes: c.interworkTypes,
    settings: settingsOf(c), lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null, lastError: c.lastError,
    orderLines: Number(counts?.lines ?? 0), warrantiesIssued: Number(counts?.issued ?? 0), connectedAt: c.createdAt.toISOString(),
  };
}

/** PUT setting: merged onto the stored settings; the customer and point integration need a plan that allows them. */
export async function saveSettings(db: Db, principal: Principal, platform: Platform, input: Partial<InterworkSettings>, now: Date) {
  const c = await connectionOrThrow(db, principal.tenantIdx, platform);
  const plan = principal.subscription?.planGroup;
  if ((input.customerSync || input.pointSync) && (platform !== 'cafe24' || (plan && blockedPlansOf('CUSTOMER').includes(plan)))) {
    throw new ApiError(403, 'FEATURE_DISABLED', MSG.featureBlocked);
  }
  const merged = { ...settingsOf(c), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  if (merged.productNos) merged.productNos = [...new Set(merged.productNos)];
  // The point integration reads the mall's point history from the moment it is switched on: what the mall
  // did before (or while it was off) is the mall's own.
  const pointsFrom = merged.pointSync && !settingsOf(c).pointSync ? { pointsSince: now.toISOString() } : null;
  await db.update(shopConnections).set({
    settings: merged, updatedAt: now,
    ...(pointsFrom ? { cursor: sql`coalesce(${shopConnections.cursor}, '{}'::jsonb) || jsonb_build_object('pointsSince', ${pointsFrom.pointsSince}::text)` } : {}),
  }).where(and(eq(shopConnections.tenantIdx, c.tenantIdx), eq(shopConnections.idx, c.idx)));
  return merged as InterworkSettings;
}

/**
 * Disconnect with the brand's reason (the leave reason), or because the app was removed from the mall:
 * the tokens and the secret are deleted at once, polling stops; synced orders and issued warranties stay.
 */
export async function disconnect(db: Db, c: Pick<Connection, 'tenantIdx' | 'idx'>, reason: string, now: Date) {
  await db.update(shopConnections).set({
    status: 'DISCONNECTED', leaveReason: reason, disconnectedAt: now, accessToken: null, refreshToken: null, clientSecret: null,
    accessTokenExpiresAt: null, refreshTokenExpiresAt: null, claimedUntil: null, claimToken: null, updatedAt: now,
  }).where(and(eq(shopConnections.tenantIdx, c.tenantIdx), eq(shopConnections.idx, c.idx)));
}

export async function listLines(db: Db, tenantIdx: number, platform: Platform, p: Paging) {
  const where = and(eq(shopOrders.tenantIdx, tenantIdx), eq(shopOrders.platform, platform));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(shopOrders).where(where).orderBy(desc(shopOrders.orderedAt), desc(shopOrders.idx)).limit(p.pageSize).offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(shopOrders).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      idx: r.idx, orderId: r.orderId, itemId: r.itemId, productNo: r.productNo, productName: r.productName, paymentAmount: Number(r.paymentAmount),
      orderedAt: r.orderedAt.toISOString(), status: r.status, platformStatus: r.platformStatus, deliveredAt: r.deliveredAt?.toISOString() ?? null,
      buyerName: r.buyerName, customerIdx: r.customerIdx, warrantyState: r.warrantyState, warrantyNftIdx: r.warrantyNftIdx, warrantyError: r.warrantyError,
    })),
    total: n,
  };
}

/** Issue by hand (MANUAL, NOT_SELECTED or FAILED lines): the same path and batch key, so at most one. */
export async function issueByHand(deps: SyncDeps, tenantIdx: number, platform: Platform, orderIdx: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const locked = rowsOf<{ idx: number }>(await tx.execute(sql`SELECT idx FROM ${shopOrders} WHERE tenant_idx = ${tenantIdx} AND idx = ${orderIdx} AND platform = ${platform} FOR UPDATE`));
    if (!locked.length) throw notFound(INTERWORK_MSG.orderNotFound);
    const [row] = await tx.select().from(shopOrders).where(and(eq(shopOrders.tenantIdx, tenantIdx), eq(shopOrders.idx, orderIdx)));
    const [c] = await tx.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.idx, row.connectionIdx)));
    if (row.warrantyNftIdx) return { warrantyState: row.warrantyState, warrantyNftIdx: row.warrantyNftIdx, warrantyError: null };
    const settings = { ...settingsOf(c), issueMode: 'DELIVERED' as const };
    const deliveredAt = deliveredAtOf(c.platform, settings, row, now);
    if (!deliveredAt) throw validationFailed({ orderIdx: INTERWORK_MSG.orderNotDelivered }, INTERWORK_MSG.orderNotDelivered);
    const patch = await issueWarranty({ ...deps, db: tx }, c, row, deliveredAt, settings, now);
    const [after] = await tx.update(shopOrders).set(patch).where(and(eq(shopOrders.tenantIdx, tenantIdx), eq(shopOrders.idx, orderIdx))).returning();
    return { warrantyState: after.warrantyState, warrantyNftIdx: after.warrantyNftIdx, warrantyError: after.warrantyError };
  });
}
