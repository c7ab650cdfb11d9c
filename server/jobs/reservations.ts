import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { RESERVATION_BATCH, issueDueReservations } from '../modules/guarantees/transitions';

/**
 * The reservation job (spec 2 section 4: a reservation, status 7, is issued when its day comes).
 * `runReservationJob` issues everything due at `app.clock.now()`, batch by batch, and answers how
 * many; tests call it with the test clock. Safe to run in several processes at once (SKIP LOCKED).
 */
export async function runReservationJob(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const issued = await issueDueReservations(app.db, { messaging: app.messaging, publicUrl: app.config.publicUrl }, app.clock.now());
    total += issued;
    if (issued < RESERVATION_BATCH) return total;
  }
}

/** Runs the job every intervalMs once the server is ready (and once at start), and stops on close. */
export function startReservationJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'reservation job', () => runReservationJob(app), (n) => { if (n) app.log.info({ issued: n }, 'reservation job issued certificates'); });
}
