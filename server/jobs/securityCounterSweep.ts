import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { sweepEndedCounters } from '../http/securityCounters';

/**
 * Deletes the security counters whose window ended (server/http/securityCounters.ts): a key that
 * is never hit again (an IP passing by) would otherwise stay. Safe in several processes: a row is
 * deleted once, and a counter hit meanwhile starts a new window either way.
 */
export function startSecurityCounterSweep(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'security counter sweep', () => sweepEndedCounters(app.db, app.clock.now()), () => {});
}
