import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { clearExpiredSecrets } from '../providers/messaging/secrets';

/**
 * Masks the one-time codes the demo's outbox kept readable once they expire (used ones are masked
 * when used). Answers how many; tests call it with the test clock. Safe in several processes.
 */
export const runOutboxSecretJob = (app: FastifyInstance): Promise<number> => clearExpiredSecrets(app.db, app.clock.now());

/** Runs the job every intervalMs once the server is ready (and once at start), and stops on close. */
export function startOutboxSecretJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'outbox secret job', () => runOutboxSecretJob(app), (n) => { if (n) app.log.info({ masked: n }, 'outbox secret job masked expired codes'); });
}
