/**
 * `npm run bench:throughput`: requests per second of the authenticated 25-row guarantee list
 * (GET /api/v1/admin/nft) on PostgreSQL, our real server beside a bare Fastify + pg handler running
 * the same session lookup, list and count SQL (bench/bareServer.ts), in one run.
 *
 * On a scratch database (bench/lib.ts) with the demo tenants and BENCH_GUARANTEES (default 5,000)
 * more guarantees for brand@demo.test, it starts both as their own processes — ours exactly as
 * `npm start` runs it (server/main.ts, logging at LOG_LEVEL, default info as in production) — signs
 * in over HTTP, warms both up, then loads them in alternating rounds (BENCH_ROUNDS × BENCH_ROUND_S
 * seconds each, default 3 × 5 s) with 10 concurrent keep-alive connections from this process, so
 * that a busy machine weighs on both alike. Prints req/s, p50 and p99 of each and the ratio; the goal
 * is ours ≥ 0.7 × the bare handler (exit code 1 below it). BENCH_CPU_PROF=<dir> writes our server's
 * CPU profile there (node --cpu-prof), to open in Chrome DevTools.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/modules/products/service';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { freePort, startServer, waitFor } from '../tests/support/server';
import { fmt, insertGuaranteesSql, percentile, withScratchDatabase } from './lib';

const GUARANTEES = Number(process.env.BENCH_GUARANTEES ?? 5_000);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.BENCH_ROUND_S ?? 5) * 1000;
const WARM_UP_MS = 3_000;
const GOAL_RATIO = 0.7;
const LIST_PATH = '/api/v1/admin/nft';

interface Tally {
  requests: number;
  failures: number;
  ms: number;
  latencies: number[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET over the shared keep-alive agent: its status, once the body has been read whole. */
function get(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** CONNECTIONS loops GETting `url` back to back for `ms`; adds to `tally`. */
async function load(url: URL, headers: Record<string, string>, ms: number, tally: Tally): Promise<void> {
  const started = performance.now();
  const until = started + ms;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const status = await get(url, headers);
      tally.latencies.push(performance.now() - t0);
      tally.requests++;
      if (status !== 200) tally.failures++;
    }
  }));
  tally.ms += performance.now() - started;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'brand@demo.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bareServer.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, child, 60_000);
  return { url, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

const row = (name: string, t: Tally) => {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const rps = t.requests / (t.ms / 1000);
  return { rps, line: `${name.padEnd(34)} ${rps.toFixed(0).padStart(8)}  ${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 99))} ${String(t.failures).padStart(9)}` };
};

async function main() {
  const passed = await withScratchDatabase('throughput', async ({ database, url, brand }) => {
    const storeIdx = rowsOf<{ idx: number }>(await database.db.execute(sql`SELECT idx FROM stores WHERE tenant_idx = ${brand.idx} ORDER BY idx LIMIT 1`))[0].idx;
    await database.db.execute(insertGuaranteesSql(brand.idx, GUARANTEES, 10_000_000, storeIdx));
    await database.db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('nfts', 'idx'), 20000000)`));
    await database.db.execute(sql`VACUUM ANALYZE nfts`);

    const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    const ours = await startServer({ nodeArgs, env: { DATABASE_URL: url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, args: ['--demo'] });
    const bare = await startBare(url);
    try {
      const headers = { authorization: `Bearer ${await signIn(ours.url)}` };
      const targets = [
        { name: 'ours (server/main.ts)', url: new URL(LIST_PATH, ours.url), tally: { requests: 0, failures: 0, ms: 0, latencies: [] } as Tally },
        { name: 'bare Fastify + pg handler', url: new URL(LIST_PATH, bare.url), tally: { requests: 0, failures: 0, ms: 0, latencies: [] } as Tally },
      ];
      for (const target of targets) {
        const probe = await fetch(target.url, { headers });
        const body = (await probe.json()) as { data: { list: unknown[]; total: number } };
        if (probe.status !== 200 || body.data.list.length !== 25) throw new Error(`${target.name}: ${probe.status} ${JSON.stringify(body).slice(0, 300)}`);
        await load(target.url, headers, WARM_UP_MS, { requests: 0, failures: 0, ms: 0, latencies: [] });
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of round % 2 ? [...targets].reverse() : targets) await load(target.url, headers, ROUND_MS, target.tally);
      }
      console.log(`\nGuarantee list throughput on PostgreSQL: GET ${LIST_PATH} (25 rows of ${(GUARANTEES).toLocaleString('en-US')}+), signed in, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s after a ${WARM_UP_MS / 1000} s warm-up.\n`);
      console.log(`${'server'.padEnd(34)} ${'req/s'.padStart(8)}  ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'non-200'.padStart(9)}`);
      const [a, b] = targets.map((t) => row(t.name, t.tally));
      console.log(a.line);
      console.log(b.line);
      const ratio = a.rps / b.rps;
      console.log(`ratio ours / bare: ${ratio.toFixed(2)}  goal ≥ ${GOAL_RATIO} ${ratio >= GOAL_RATIO ? 'ok' : 'SLOW'}\n`);
      return ratio >= GOAL_RATIO && targets.every((t) => t.tally.failures === 0);
    } finally {
      agent.destroy();
      await Promise.all([ours.stop(), bare.stop()]);
    }
  }, 'postgres');
  if (!passed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
