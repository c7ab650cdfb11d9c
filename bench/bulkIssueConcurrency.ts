/**
 * `npm run bench:bulk-issue-concurrency`: does sending a bulk upload's 1,000-row chunks concurrently pay?
 *
 * The real server as a child process (tests/support/server.ts), once on PGlite (fresh DATA_DIR), once on
 * a scratch PostgreSQL database (TEST_DATABASE_URL's server, or bench/lib.ts withPostgres's; dropped afterwards). Signed in as
 * brand@demo.test, 10,000 rows (BENCH_ROWS) through POST /api/v1/admin/nft/bulk in chunks of 1,000 with
 * at most N requests in flight, N = 1, 2, 3 (BENCH_CONCURRENCY=1,2,3), alternating N within each of
 * BENCH_ROUNDS (5) rounds, so every N sees the same busy machine. Per N: median wall time, and the median
 * CPU of the server process and (PostgreSQL) of the database's backends during the run; ratio of the medians
 * to the first N, and the median of each round's ratio to the first N in the same round.
 * The spec's method is in `npm run bench:bulk-issue`. BENCH_CPU_PROF=<dir> writes the server's CPU profiles (node --cpu-prof).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../tests/support/server';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { NFT_BULK_MAX_ROWS } from '../src/domain/guarantee';
import { mapConcurrent } from '../src/domain/concurrency';
import { benchRow as row } from './bulkIssueRows';
import { withPostgres } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,2,3').split(',').map(Number);
const only = process.env.BENCH_DB;
const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];

function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function signIn(server: RunningServer) {
  const res = await fetch(`${server.url}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'brand@demo.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return async (body: unknown) => {
    const r = await fetch(`${server.url}/api/v1/admin/nft/bulk`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
    });
    return { status: r.status, text: await r.text() };
  };
}

type Post = Awaited<ReturnType<typeof signIn>>;

/** Every chunk of `run`'s rows, at most `concurrency` in flight; wall ms. */
async function upload(post: Post, run: string, concurrency: number): Promise<number> {
  const chunks: number[][] = [];
  for (let from = 0; from < ROWS; from += NFT_BULK_MAX_ROWS) chunks.push(Array.from({ length: Math.min(NFT_BULK_MAX_ROWS, ROWS - from) }, (_, i) => from + i));
  const t0 = performance.now();
  await mapConcurrent(chunks, concurrency, async (ix) => {
    const res = await post({ batchKey: randomUUID(), rows: ix.map((i) => row(run, i)) });
    if (res.status !== 201) throw new Error(`${run}: ${res.status} ${res.text.slice(0, 300)}`);
  });
  return performance.now() - t0;
}

interface Sample { wall: number; server: number; db: number | null }

async function measure(name: string, server: RunningServer, dbPids?: () => Promise<number[]>): Promise<Map<number, Sample[]>> {
  const post = await signIn(server);
  // Warm-up (not counted): the first chunks after a start run about twice as long.
  for (const c of LEVELS) await upload(post, `warm-${name}-${c}`, c);
  const out = new Map<number, Sample[]>(LEVELS.map((c) => [c, []]));
  const pid = server.process.pid!;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...LEVELS].reverse() : LEVELS;
    for (const c of order) {
      const pids = dbPids ? await dbPids() : [];
      const s0 = cpuMs(pid);
      const d0 = pids.map(cpuMs);
      const wall = await upload(post, `r${round}-c${c}-${name}`, c);
      const pidsAfter = dbPids ? await dbPids() : [];
      const db = dbPids ? pidsAfter.reduce((n, p) => n + cpuMs(p) - (d0[pids.indexOf(p)] ?? 0), 0) : null;
      out.get(c)!.push({ wall, server: cpuMs(pid) - s0, db });
      console.log(`${name} round ${round + 1} concurrency ${c}: ${wall.toFixed(0)} ms wall, server CPU ${(cpuMs(pid) - s0).toFixed(0)} ms${db === null ? '' : `, database CPU ${db.toFixed(0)} ms`} (load ${os.loadavg()[0].toFixed(2)})`);
    }
  }
  return out;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

async function main() {
  const results: [string, Map<number, Sample[]>][] = [];
  if (only !== 'postgres') {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-conc-'));
    const server = await startServer({ dataDir: path.join(base, 'data'), logFile: path.join(base, 'server.log'), nodeArgs });
    try { results.push(['PGlite', await measure('PGlite', server)]); } finally { await server.stop(); fs.rmSync(base, { recursive: true, force: true }); }
  }
  if (only !== 'pglite') await withPostgres('postgres', async (adminUrl) => {
    const name = `bench_conc_${randomBytes(4).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-conc-pg-'));
    try {
      const server = await startServer({ dataDir: path.join(base, 'data'), logFile: path.join(base, 'server.log'), env: { DATABASE_URL: url.toString() }, args: ['--demo'], nodeArgs });
      try {
        const dbPids = () => withClient(adminUrl, async (c) => (await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows.map((r) => r.pid));
        results.push(['PostgreSQL', await measure('PostgreSQL', server, dbPids)]);
      } finally { await server.stop(); }
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\n${ROWS.toLocaleString('en-US')} rows in chunks of ${NFT_BULK_MAX_ROWS}, ${ROUNDS} alternating rounds, medians (load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):\n`);
  console.log(`| database | concurrency | wall ms | ratio to ${LEVELS[0]} | same-round ratio | server CPU ms | database CPU ms | wall, each round |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const [db, byLevel] of results) {
    const base = median(byLevel.get(LEVELS[0])!.map((s) => s.wall));
    for (const [c, samples] of byLevel) {
      const wall = median(samples.map((s) => s.wall));
      const dbCpu = samples[0].db === null ? '—' : median(samples.map((s) => s.db!)).toFixed(0);
      // Each round's wall against the first level's in the same round (the machine's load drifts between rounds).
      const paired = median(samples.map((s, r) => s.wall / byLevel.get(LEVELS[0])![r].wall));
      console.log(`| ${db} | ${c} | ${wall.toFixed(0)} | ${(wall / base).toFixed(2)} | ${paired.toFixed(2)} | ${median(samples.map((s) => s.server)).toFixed(0)} | ${dbCpu} | ${samples.map((s) => s.wall.toFixed(0)).join(', ')} |`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
