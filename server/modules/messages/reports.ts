import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { messageResultPolls } from '../../db/schema';
import type { CampaignResult } from '../../providers/messaging';
import { rowsOf } from '../products/service';
import { startPeriodicJob } from '../../jobs/periodic';
import { applyResults, finishCampaign, type App } from './sender';
import { finishAutoBatch } from './auto';

/**
 * The provider's delivery reports (docs/api/messages.md "Delivery reports"): a batch the provider
 * answered with recipients still on their way (Solapi's 2000/3000) is recorded by its `ref` (the
 * group id) in message_result_polls; this job asks the provider for the group's statuses and applies
 * them through `applyResults` (PENDING rows only, so a result counts once whichever of the poll and
 * the signed webhook brings it first; a reservation settles once none of its rows is PENDING).
 *
 * Claim: one UPDATE takes due rows whose lease is free (FOR UPDATE SKIP LOCKED) and leases them for
 * POLL_LEASE_MS, so several processes never poll one group at once and a crashed poller's rows come
 * back when the lease ends. Polls back off from 30 s to 10 min; a group is done when nothing of it is
 * on its way, and given up after 3 days (its recipients stay PENDING for the webhook).
 */
export const POLL_FIRST_MS = 30_000;
export const POLL_MAX_MS = 10 * 60_000;
export const POLL_LEASE_MS = 2 * 60_000;
export const POLL_GIVE_UP_MS = 3 * 24 * 60 * 60_000;

const backoff = (attempts: number) => Math.min(POLL_FIRST_MS * 2 ** Math.max(0, attempts - 1), POLL_MAX_MS);

/** Records the refs of a batch's PENDING results, when the provider answers delivery reports. */
export async function recordPolls(app: App, tenantIdx: number, campaignIdx: number, batchIdx: number, results: CampaignResult[]): Promise<void> {
  if (!app.messaging.results) return;
  const refs = [...new Set(results.flatMap((r) => (r.status === 'PENDING' && r.ref ? [r.ref] : [])))];
  if (!refs.length) return;
  const nextPollAt = new Date(app.clock.now().getTime() + POLL_FIRST_MS);
  await app.db.insert(messageResultPolls).values(refs.map((ref) => ({ provider: app.messaging.name, ref, tenantIdx, campaignIdx, batchIdx, nextPollAt })))
    .onConflictDoNothing();
}

interface PollRow { provider: string; ref: string; tenant_idx: number; campaign_idx: number; batch_idx: number; attempts: number; created_at: Date | string }

export async function claimDuePolls(app: App, limit = 20): Promise<PollRow[]> {
  const now = app.clock.now();
  const lease = new Date(now.getTime() + POLL_LEASE_MS);
  return rowsOf<PollRow>(await app.db.execute(sql`
    update message_result_polls set lease_until = ${lease}, attempts = attempts + 1
    where (provider, ref) in (
      select provider, ref from message_result_polls
      where provider = ${app.messaging.name} and done_at is null and next_poll_at <= ${now} and (lease_until is null or lease_until <= ${now})
      order by next_poll_at limit ${limit} for update skip locked)
    returning provider, ref, tenant_idx, campaign_idx, batch_idx, attempts, created_at`));
}

/** Polls every due group once; answers how many were polled. */
export async function runResultPoll(app: App): Promise<number> {
  const provider = app.messaging;
  if (!provider.results) return 0;
  const claimed = await claimDuePolls(app);
  for (const row of claimed) {
    const now = app.clock.now();
    let done = false;
    try {
      const { results, pending } = await provider.results(row.ref);
      await applyResults(app, row.tenant_idx, results);
      if (row.batch_idx) await finishAutoBatch(app, row.tenant_idx, row.campaign_idx, row.batch_idx);
      else await finishCampaign(app, row.tenant_idx, row.campaign_idx);
      done = pending === 0;
    } catch {
      // The provider did not answer: polled again after the backoff.
    }
    if (!done && now.getTime() - new Date(row.created_at).getTime() > POLL_GIVE_UP_MS) done = true;
    await app.db.update(messageResultPolls)
      .set({ leaseUntil: null, nextPollAt: new Date(now.getTime() + backoff(row.attempts)), ...(done ? { doneAt: now } : {}) })
      .where(and(eq(messageResultPolls.provider, row.provider), eq(messageResultPolls.ref, row.ref)));
  }
  return claimed.length;
}

export function startResultPollJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'message result poll', () => runResultPoll(app), (n) => { if (n) app.log.info({ groups: n }, 'message result poll read reports'); });
}
