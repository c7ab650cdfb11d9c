/**
 * `npm run bench:renewals`: the subscription renewal job over 10,000 tenants (BENCH_TENANTS) whose
 * paid Standard subscriptions all end on the same day, through the sandbox billing provider, on a
 * scratch PostgreSQL database (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres;
 * dropped afterwards unless BENCH_KEEP_DB).
 *
 * Two workers run the job at once, as two server processes would: two apps, each on its own
 * connection pool and its own sandbox provider (whose idempotency is per process, so a charge both
 * made would show in both). The clock is at the first attempt (two days before the end). Prints the
 * wall time, what each worker renewed, and checks that every tenant was charged exactly once (the
 * two providers' charges together) and has exactly one completed renewal bill and one more month.
 * Goal: under 60 s.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/client';
import { sandboxBilling } from '../server/providers/billing';
import { rowsOf } from '../server/modules/products/service';
import { runSubscriptionRenewalJob, type RenewalResult } from '../server/jobs/subscriptionRenewals';
import { RENEWAL_TRIES } from '../src/domain/subscription';
import { withScratchDatabase } from './lib';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 10_000);
const GOAL_MS = 60_000;
/** Tenant numbers far above the demo's. */
const TENANT_BASE = 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The common period end, and the job's clock: the first attempt's day. */
const END = new Date('2026-12-15T15:00:00.000Z');
const NOW = new Date(END.getTime() - (RENEWAL_TRIES - 1) * DAY_MS + 60_000);

async function main() {
  await withScratchDatabase('renewals', async ({ database, url, dataDir }) => {
    const t0 = performance.now();
    await database.db.execute(sql`
      INSERT INTO subscriptions (tenant_idx, plan_id, start_date, end_date)
      SELECT ${TENANT_BASE} + g, 'STANDARD_MONTHLY', ${END.toISOString()}::timestamptz - interval '1 month', ${END.toISOString()}::timestamptz
      FROM generate_series(1, ${TENANTS}) g`);
    await database.db.execute(sql`
      INSERT INTO billing_profiles (tenant_idx, customer_key) SELECT ${TENANT_BASE} + g, 'bench_cust_' || g FROM generate_series(1, ${TENANTS}) g`);
    await database.db.execute(sql`
      INSERT INTO payment_cards (tenant_idx, provider, billing_key, card_key, masked_number, card_company, card_type)
      SELECT ${TENANT_BASE} + g, 'sandbox', 'sandbox_bk_approve_bench' || g, md5(g::text), '**** **** **** 4242', '샌드박스', '신용'
      FROM generate_series(1, ${TENANTS}) g`);
    await database.db.execute(sql`VACUUM ANALYZE subscriptions, billing_profiles, payment_cards, bills`);
    console.log(`seeded ${TENANTS.toLocaleString('en-US')} subscriptions with cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Two workers: two apps on two pools, two sandbox providers, one clock.
    const clock = { now: () => NOW };
    const workers = await Promise.all([0, 1].map(async () => {
      const db = await openDatabase({ url });
      const billing = sandboxBilling();
      const app = await buildApp({ database: db, billing, clock, config: { dataDir, clientDir: '/nonexistent', logLevel: 'warn' } });
      await app.ready();
      return { db, app, billing };
    }));

    try {
      await measure(database, workers);
    } finally {
      for (const w of workers) {
        await w.app.close();
        await w.db.close();
      }
    }
  }, 'postgres');
}

type Worker = { app: Awaited<ReturnType<typeof buildApp>>; billing: ReturnType<typeof sandboxBilling> };

async function measure(database: Database, workers: Worker[]) {
  const started = performance.now();
  const results: RenewalResult[] = await Promise.all(workers.map((w) => runSubscriptionRenewalJob(w.app)));
  const ms = performance.now() - started;

  // Charges per tenant across both providers (order ids are renew_<tenant>_…).
  const charged = new Map<number, number>();
  for (const w of workers) {
    for (const c of w.billing.charges.values()) {
      const tenant = Number(/^renew_(\d+)_/.exec(c.orderId)?.[1]);
      charged.set(tenant, (charged.get(tenant) ?? 0) + 1);
    }
  }
  const chargeCounts = [...charged.values()];
  const [bills] = rowsOf<{ tenants: number; once: number; more: number; other: number }>(await database.db.execute(sql`
    SELECT count(*)::int AS tenants,
      count(*) FILTER (WHERE complete = 1)::int AS once, count(*) FILTER (WHERE complete > 1)::int AS more,
      coalesce(sum(other), 0)::int AS other
    FROM (SELECT tenant_idx, count(*) FILTER (WHERE status = 'complete') AS complete, count(*) FILTER (WHERE status <> 'complete') AS other
          FROM bills WHERE kind = 'RENEWAL' GROUP BY tenant_idx) b`));
  const [extended] = rowsOf<{ n: number }>(await database.db.execute(sql`
    SELECT count(*)::int AS n FROM subscriptions WHERE tenant_idx > ${TENANT_BASE} AND end_date > ${END.toISOString()}::timestamptz`));

  const chargedOnce = chargeCounts.filter((n) => n === 1).length;
  const chargedTwice = chargeCounts.filter((n) => n > 1).length;
  const ok = chargedOnce === TENANTS && chargedTwice === 0 && bills.once === TENANTS && bills.more === 0 && extended.n === TENANTS;

  console.log('\nrenewal job, 2 workers at once, sandbox provider, PostgreSQL');
  console.log(`${'tenants'.padStart(8)} ${'time'.padStart(8)}  ${'worker 1'.padStart(8)} ${'worker 2'.padStart(8)}  ${'charged once'.padStart(12)} ${'twice+'.padStart(6)}  ${'1 bill'.padStart(6)} ${'2+ bills'.padStart(8)} ${'other bills'.padStart(11)} ${'extended'.padStart(8)}  goal < ${GOAL_MS / 1000} s`);
  console.log(`${TENANTS.toLocaleString('en-US').padStart(8)} ${`${(ms / 1000).toFixed(1)} s`.padStart(8)}  ${String(results[0].renewed).padStart(8)} ${String(results[1].renewed).padStart(8)}  ${String(chargedOnce).padStart(12)} ${String(chargedTwice).padStart(6)}  ${String(bills.once).padStart(6)} ${String(bills.more).padStart(8)} ${String(bills.other).padStart(11)} ${String(extended.n).padStart(8)}  ${ms < GOAL_MS ? 'ok' : 'SLOW'}`);
  console.log(ok ? 'nobody was charged twice; every tenant has one completed renewal bill and one more month' : 'MISMATCH: see the counts above');
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  // A failed query's cause, not its text (which lists every parameter of a batch).
  console.error(err instanceof Error && err.cause ? err.cause : err);
  process.exit(1);
});
