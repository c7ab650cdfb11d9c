import type { FastifyInstance } from 'fastify';
import { runDueGrades } from '../modules/customers/grades';

/**
 * The customer grade job (spec 3: grades are recomputed at 03:00 Asia/Seoul, daily, monthly,
 * quarterly, half-yearly or yearly per tenant setting). `runCustomerGradeJob` runs every tenant
 * whose latest slot (src/domain/customer.ts latestGradeSlot) is after its last run, at
 * `app.clock.now()`; tests call it with the test clock. Each tenant is claimed with a conditional
 * UPDATE, so several processes never run the same slot twice.
 */
export async function runCustomerGradeJob(app: FastifyInstance): Promise<{ tenantIdx: number; updated: number }[]> {
  return runDueGrades(app.db, app.clock.now());
}

/** Checks every intervalMs once the server is ready (and once at start), and stops on close. */
export function startCustomerGradeJob(app: FastifyInstance, intervalMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runCustomerGradeJob(app)
      .then((done) => { if (done.length) app.log.info({ tenants: done }, 'customer grade job ran'); })
      .catch((err: unknown) => app.log.error({ err }, 'customer grade job failed'))
      .finally(() => { running = null; });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (running) await running;
  });
}
