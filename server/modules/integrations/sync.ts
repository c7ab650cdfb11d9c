import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { shopConnections, shopLaunchNonces, shopOrders } from '../../db/schema';
import { rowsOf } from '../products/service';
import { Cafe24Api, cafe24Lines, refreshTokens, updatedAtOf } from './cafe24';
import { NaverApi, NAVER_OVERLAP_MS, NAVER_WINDOW_MS, naverToken } from './naver';
import { ingestLines, settleLine, type Connection, type IngestDeps } from './ingest';
import { PlatformError } from './platformHttp';
import { LAUNCH_WINDOW_MS } from './cafe24';
import { deliverPointChanges, pollPoints } from './points';
import { pollMembers } from './members';

/**
 * Polling (the safety net beside the webhooks) and the tokens: a job in every process claims due
 * connections by one conditional UPDATE (claimed_until, a lease, and a claim token that every cursor
 * write must match), reads the platform from its cursor, and saves the cursor after every page, so a
 * platform down or rate-limiting mid-run resumes where it stopped. Nothing of it lives in memory.
 */

const LEASE_MS = 10 * 60_000;
const CAFE24_OVERLAP_MS = 2 * 60_000;
/** Orders a page (Cafe24 answers up to 1,000; 500 keeps a page's upsert statement small). */
const CAFE24_PAGE = 500;
/** Pages one run reads before it hands the connection back (due again at once). */
const PAGES_PER_RUN = 600;
/** A new connection reads this far back. */
const FIRST_SYNC_BACK_MS = 7 * 86_400_000;

export interface SyncDeps extends IngestDeps { app: Pick<FastifyInstance, 'config' | 'log'>; now: () => Date }

export const depsOf = (app: FastifyInstance): SyncDeps => ({
  db: app.db, messaging: app.messaging, publicUrl: app.config.publicUrl, app, now: () => app.clock.now(),
});

/** Claims up to `limit` due connections for `LEASE_MS`. */
export async function claimDue(db: Db, now: Date, limit = 5): Promise<(Connection & { claimToken: string })[]> {
  const token = randomUUID();
  const result = await db.execute(sql`UPDATE ${shopConnections} SET claimed_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, claim_token = ${token}
    WHERE (tenant_idx, idx) IN (
      SELECT tenant_idx, idx FROM ${shopConnections}
      WHERE status = 'CONNECTED' AND next_sync_at <= ${now.toISOString()}::timestamptz
        AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamptz)
      ORDER BY next_sync_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING tenant_idx, idx`);
  const ids = rowsOf<{ tenant_idx: number; idx: number }>(result);
  const out: (Connection & { claimToken: string })[] = [];
  for (const r of ids) {
    const [c] = await db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, Number(r.tenant_idx)), eq(shopConnections.idx, Number(r.idx))));
    if (c) out.push({ ...c, claimToken: token });
  }
  return out;
}

const mine = (c: Connection & { claimToken: string }) =>
  and(eq(shopConnections.tenantIdx, c.tenantIdx), eq(shopConnections.idx, c.idx), eq(shopConnections.claimToken, c.claimToken));

/**
 * A valid Cafe24 access token: refreshed with the refresh token when it ends within a minute (or
 * `force`, after a 401), under the connection's row lock so two processes never spend one refresh
 * token twice. A refused refresh marks the connection RECONNECT (the console asks the brand to connect
 * again; orders wait at the platform and are read from the cursor once reconnected).
 */
export async function cafe24Token(deps: SyncDeps, conn: Pick<Connection, 'tenantIdx' | 'idx'>, force = false): Promise<string> {
  const where = and(eq(shopConnections.tenantIdx, conn.tenantIdx), eq(shopConnections.idx, conn.idx));
  const outcome = await deps.db.transaction(async (tx): Promise<{ token: string } | { refused: true }> => {
    const [c] = rowsOf<Connection>(await tx.execute(sql`SELECT idx, mall_id AS "mallId", status, access_token AS "accessToken",
        access_token_expires_at AS "accessTokenExpiresAt", refresh_token AS "refreshToken"
      FROM ${shopConnections} WHERE tenant_idx = ${conn.tenantIdx} AND idx = ${conn.idx} FOR UPDATE`));
    if (!c || c.status === 'DISCONNECTED' || !c.refreshToken) return { refused: true };
    const expires = c.accessTokenExpiresAt ? new Date(c.accessTokenExpiresAt) : new Date(0);
    if (!force && c.accessToken && expires.getTime() > deps.now().getTime() + 60_000) return { token: c.accessToken };
    try {
      const t = await refreshTokens(deps.app.config, c.mallId, c.refreshToken);
      await tx.update(shopConnections).set({ ...t, updatedAt: deps.now() }).where(where);
      return { token: t.accessToken };
    } catch (err) {
      if (err instanceof PlatformError && err.kind !== 'unavailable') return { refused: true };
      throw err;
    }
  });
  if ('token' in outcome) return outcome.token;
  // Refused: the brand reconnects (the tokens are useless now); the cursor stays for the reconnection.
  await deps.db.update(shopConnections).set({ status: 'RECONNECT', lastError: 'TOKEN_REFUSED', accessToken: null, refreshToken: null, updatedAt: deps.now() })
    .where(and(where, ne(shopConnections.status, 'DISCONNECTED')));
  throw new PlatformError(401, 'token', 'unauthorized');
}

export async function cafe24ApiOf(deps: SyncDeps, conn: Connection): Promise<Cafe24Api> {
  return new Cafe24Api(deps.app.config, conn.mallId, await cafe24Token(deps, conn), () => cafe24Token(deps, conn, true));
}

/** A Naver token (about 3 hours), fetched again when it ends within a minute or after a 401. */
export async function naverTokenOf(deps: SyncDeps, conn: Pick<Connection, 'tenantIdx' | 'idx'>, force = false): Promise<string> {
  const [c] = await deps.db.select().from(shopConnections).where(and(eq(shopConnections.tenantIdx, conn.tenantIdx), eq(shopConnections.idx, conn.idx)));
  if (!c || !c.clientSecret) throw new PlatformError(401, 'token', 'unauthorized');
  if (!force && c.accessToken && c.accessTokenExpiresAt && c.accessTokenExpiresAt.getTime() > deps.now().getTime() + 60_000) return c.accessToken;
  try {
    const t = await naverToken(deps.app.config, c.mallId, c.clientSecret, deps.now());
    await deps.db.update(shopConnections).set({ accessToken: t.accessToken, accessTokenExpiresAt: t.expiresAt, updatedAt: deps.now() })
      .where(and(eq(shopConnections.tenantIdx, conn.tenantIdx), eq(shopConnections.idx, conn.idx)));
    return t.accessToken;
  } catch (err) {
    if (err instanceof PlatformError && err.kind !== 'unavailable') {
      await deps.db.update(shopConnections).set({ status: 'RECONNECT', lastError: 'TOKEN_REFUSED', updatedAt: deps.now() })
        .where(and(eq(shopConnections.tenantIdx, conn.tenantIdx), eq(shopConnections.idx, conn.idx)));
      throw new PlatformError(401, 'token', 'unauthorized');
    }
    throw err;
  }
}

/** Merges into the cursor (orders and points keep their own keys in it). */
async function saveCursor(deps: SyncDeps, c: Connection & { claimToken: string }, cursor: Record<string, unknown>) {
  await deps.db.update(shopConnections).set({ cursor: sql`coalesce(${shopConnections.cursor}, '{}'::jsonb) || ${JSON.stringify(cursor)}::jsonb` }).where(mine(c));
}

/** Cafe24: orders updated since the cursor (less an overlap), oldest first; the cursor moves after each page. */
async function pollCafe24(deps: SyncDeps, c: Connection & { claimToken: string }): Promise<{ lines: number; more: boolean }> {
  const api = await cafe24ApiOf(deps, c);
  const cursorAt = c.cursor && typeof c.cursor.since === 'string' ? new Date(c.cursor.since) : new Date(c.createdAt.getTime() - FIRST_SYNC_BACK_MS);
  let since = cursorAt;
  let start = new Date(since.getTime() - CAFE24_OVERLAP_MS);
  const end = deps.now();
  let offset = 0;
  let lines = 0;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const orders = await api.ordersUpdated(start, end, offset, CAFE24_PAGE, c.shopNo);
    // The page's lines in one upsert, oldest order first.
    lines += (await ingestLines(deps, c, orders.flatMap(cafe24Lines), deps.now())).length;
    for (const order of orders) {
      const at = updatedAtOf(order);
      if (at > since) since = at;
    }
    await saveCursor(deps, c, { since: since.toISOString() });
    if (orders.length < CAFE24_PAGE) {
      // Then the mall's new members (the customer integration), and its point history with the point
      // integration on (docs/api/integrations.md "Customers from the mall", "Points both ways").
      await pollMembers(deps, c, api, (patch) => saveCursor(deps, c, patch));
      await pollPoints(deps, c, api, (patch) => saveCursor(deps, c, patch));
      return { lines, more: false };
    }
    offset += CAFE24_PAGE;
    // Cafe24 caps the offset: past a few thousand, start a new window at the cursor.
    if (offset >= 5000) { start = since; offset = 0; }
  }
  return { lines, more: true };
}

/**
 * Naver: windows of at most 24 hours from the cursor (less an overlap), 300 changes a page continued
 * by moreSequence; the page's product orders de-duplicated by productOrderId, read in one detail call.
 * The cursor holds the window's start and the sequence, saved after every page.
 */
async function pollNaver(deps: SyncDeps, c: Connection & { claimToken: string }): Promise<{ lines: number; more: boolean }> {
  const api = new NaverApi(deps.app.config, c.mallId, await naverTokenOf(deps, c), () => naverTokenOf(deps, c, true));
  const now = deps.now();
  let from = c.cursor && typeof c.cursor.from === 'string' ? new Date(c.cursor.from) : new Date(c.createdAt.getTime() - FIRST_SYNC_BACK_MS);
  let sequence = c.cursor && typeof c.cursor.moreSequence === 'string' ? c.cursor.moreSequence : null;
  let lines = 0;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const windowStart = sequence ? from : new Date(from.getTime() - NAVER_OVERLAP_MS);
    const windowEnd = new Date(Math.min(windowStart.getTime() + NAVER_WINDOW_MS, now.getTime()));
    const { list, more } = await api.changes(windowStart, windowEnd, sequence);
    const ids = [...new Set(list.map((ch) => ch.productOrderId))];
    const got = await ingestLines(deps, c, await api.lines(ids), deps.now());
    lines += got.length;
    if (more) {
      from = new Date(more.moreFrom);
      sequence = more.moreSequence;
    } else {
      from = windowEnd;
      sequence = null;
    }
    await saveCursor(deps, c, { from: from.toISOString(), moreSequence: sequence });
    if (!more && windowEnd.getTime() >= now.getTime()) {
      await settleDispatched(deps, c);
      return { lines, more: false };
    }
  }
  return { lines, more: true };
}

/** Naver lines DISPATCHED whose N days have come (DISPATCHED_PLUS_DAYS): delivered now. */
async function settleDispatched(deps: SyncDeps, c: Connection) {
  const rows = await deps.db.select({ idx: shopOrders.idx }).from(shopOrders).where(and(
    eq(shopOrders.tenantIdx, c.tenantIdx), eq(shopOrders.connectionIdx, c.idx), eq(shopOrders.status, 'DISPATCHED'),
    sql`(customer_order_idx IS NULL OR warranty_state = 'NONE')`,
  )).limit(1000);
  for (const r of rows) {
    await deps.db.transaction(async (tx) => {
      const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`SELECT idx FROM ${shopOrders} WHERE tenant_idx = ${c.tenantIdx} AND idx = ${r.idx} FOR UPDATE`));
      if (!row) return;
      const [line] = await tx.select().from(shopOrders).where(and(eq(shopOrders.tenantIdx, c.tenantIdx), eq(shopOrders.idx, r.idx)));
      await settleLine({ ...deps, db: tx }, c, line, deps.now());
    });
  }
}

/** One claimed connection's run: poll, then hand it back with its next time (backoff after failures). */
export async function runConnection(deps: SyncDeps, c: Connection & { claimToken: string }): Promise<{ lines: number; error?: string }> {
  const now = () => deps.now();
  try {
    const { lines, more } = c.platform === 'cafe24' ? await pollCafe24(deps, c) : await pollNaver(deps, c);
    await deps.db.update(shopConnections).set({
      lastSyncedAt: now(), lastError: null, failures: 0, claimedUntil: null, claimToken: null,
      nextSyncAt: more ? now() : new Date(now().getTime() + deps.app.config.shop.syncIntervalMs),
    }).where(mine(c));
    return { lines };
  } catch (err) {
    const kind = err instanceof PlatformError ? err.kind : 'unavailable';
    const failures = c.failures + 1;
    const delay = Math.min(deps.app.config.shop.syncIntervalMs * 2 ** Math.min(failures - 1, 5), 6 * 3_600_000);
    await deps.db.update(shopConnections).set({
      lastError: kind === 'unauthorized' ? 'TOKEN_REFUSED' : 'PLATFORM_UNAVAILABLE', failures, claimedUntil: null, claimToken: null,
      nextSyncAt: new Date(now().getTime() + delay),
    }).where(mine(c));
    if (!(err instanceof PlatformError)) deps.app.log.error({ err }, 'shop sync failed');
    return { lines: 0, error: kind };
  }
}

/** The job's tick: claims due connections and runs them; also sweeps launch nonces past the window. */
export async function runShopSync(deps: SyncDeps): Promise<{ connections: number; lines: number }> {
  const now = deps.now();
  await deps.db.delete(shopLaunchNonces).where(sql`used_at < ${new Date(now.getTime() - 2 * LAUNCH_WINDOW_MS).toISOString()}::timestamptz`);
  let connections = 0;
  let lines = 0;
  for (;;) {
    const claimed = await claimDue(deps.db, deps.now());
    if (!claimed.length) break;
    for (const c of claimed) {
      connections++;
      lines += (await runConnection(deps, c)).lines;
    }
  }
  // The point changes made in the console, to the malls (the outbox).
  await deliverPointChanges(deps);
  return { connections, lines };
}

/** A connection due now (the console's 지금 동기화, a webhook for an order it could not read). */
export async function syncSoon(db: Db, tenantIdx: number, idx: number, now: Date) {
  await db.update(shopConnections).set({ nextSyncAt: now }).where(and(eq(shopConnections.tenantIdx, tenantIdx), eq(shopConnections.idx, idx)));
}
