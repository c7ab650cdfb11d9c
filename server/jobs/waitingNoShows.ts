import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { NO_SHOW_BATCH, expireNoShows } from '../modules/waiting/service';

/**
 * The waiting no-show job (issue 26): a called guest who has not confirmed within 3 minutes, or not
 * been seated within 10, is cancelled and told by 알림톡. Claims rows with FOR UPDATE SKIP LOCKED,
 * so several processes may run it at once; answers how many it cancelled at `app.clock.now()`.
 */
export async function runWaitingNoShowJob(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await expireNoShows(app.db, app.messaging, app.clock.now());
    total += done;
    if (done < NO_SHOW_BATCH) return total;
  }
}

export function startWaitingNoShowJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'waiting no-show job', () => runWaitingNoShowJob(app), (n) => { if (n) app.log.info({ cancelled: n }, 'waiting no-show job cancelled entries'); });
}
