import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { REMINDER_BATCH, sendReminders } from '../modules/reservations/service';

/**
 * The reservation reminder job (issue 26 item 5, docs/api/reservations.md): from 10:00 Seoul, the day
 * before a confirmed booking, its guest gets an 알림톡. Claims rows with FOR UPDATE SKIP LOCKED and
 * sets `reminded_at` in the transaction that queues the message, so several processes may run it
 * at once and a guest is reminded once. Not the guarantees' "reservation job" (./reservations.ts).
 */
export async function runReservationReminderJob(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await sendReminders(app.db, app.messaging, app.clock.now());
    total += sent;
    if (sent < REMINDER_BATCH) return total;
  }
}

export function startReservationReminderJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'reservation reminder job', () => runReservationReminderJob(app), (n) => { if (n) app.log.info({ reminded: n }, 'reservation reminder job sent reminders'); });
}
