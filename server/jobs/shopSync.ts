import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { depsOf, runShopSync } from '../modules/integrations/sync';

/**
 * The shop integrations' poll (issue 28, docs/api/integrations.md): every tick claims the connections
 * whose next sync is due (a conditional UPDATE with a lease, so several processes never read one mall
 * at once) and reads each platform from its cursor. The tick is short; how often a connection is read
 * is its next_sync_at (SHOP_SYNC_INTERVAL_MS after a run, sooner on 지금 동기화 or a webhook it could not read).
 */
export function startShopSyncJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'shop sync job', () => runShopSync(depsOf(app)), (r) => {
    if (r.lines) app.log.info({ connections: r.connections, lines: r.lines }, 'shop sync job read order lines');
  });
}
