import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from './periodic';
import { runDueGrades } from '../modules/customers/grades';
import { syncGradeMemberships } from '../modules/memberships/gradeMemberships';

/**
 * The customer grade job (spec 3: grades are recomputed at 03:00 Asia/Seoul, daily, monthly,
 * quarterly, half-yearly or yearly per tenant setting). `runCustomerGradeJob` runs every tenant
 * whose latest slot (src/domain/customer.ts latestGradeSlot) is after its last run, at
 * `app.clock.now()`; tests call it with the test clock. Each tenant is claimed with a conditional
 * UPDATE, so several processes never run the same slot twice.
 */
export async function runCustomerGradeJob(app: FastifyInstance): Promise<{ tenantIdx: number; updated: number; memberships?: { issued: number; stopped: number } }[]> {
  const now = app.clock.now();
  const done = await runDueGrades(app.db, now);
  // Memberships bound to a grade follow it (issue 11 item 3), for each tenant this run claimed.
  const deps = { messaging: app.messaging, publicUrl: app.config.publicUrl };
  const answers = [];
  for (const d of done) answers.push({ ...d, memberships: await syncGradeMemberships(app.db, deps, d.tenantIdx, now) });
  return answers;
}

/** Checks every intervalMs once the server is ready (and once at start), and stops on close. */
export function startCustomerGradeJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'customer grade job', () => runCustomerGradeJob(app), (done) => { if (done.length) app.log.info({ tenants: done }, 'customer grade job ran'); });
}
