/**
 * `npm run bench:bulk-issue`: guarantee bulk issue, ours against the spec's client method.
 *
 * For each database the real server is started as a child process (tests/support/server.ts, the way
 * `npm start` runs it): once on PGlite in a fresh temporary DATA_DIR, once on PostgreSQL in a scratch
 * database created on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres, or
 * one started for the run when none answers: bench/lib.ts withPostgres) and dropped afterwards. Signed in as brand@demo.test over HTTP:
 *   (a) ours: 10,000 rows through POST /api/v1/admin/nft/bulk in 10 chunks of 1,000, NFT_BULK_CHUNK_CONCURRENCY
 *       (2) in flight like the console, timed from the first request to the last answer;
 *   (b) the spec's method: 10,000 single POST /api/v1/admin/nft with requestRoute excel, in batches of
 *       SPEC_BULK_CONCURRENCY (10) concurrent requests, the next batch after the previous one is done.
 * On PostgreSQL ours is also timed on the schema before migration 0015 (its DDL run on the scratch
 * database between the runs), just before ours on the schema as it stands.
 * Prints database, method, rows, ms, rows/s and speed-up, and where ours spent its time: the server
 * process's CPU and, on PostgreSQL, the database backends' CPU (/proc of the local server). Goal (issue
 * 11, for guarantees and memberships alike, which issue through the same statement; the statement's own
 * cost per index and for MEMBERSHIP rows is `npm run bench:bulk-issue-indexes`): ours ≥ 40× the spec's
 * method, < 1 s on PostgreSQL and < 2 s on PGlite. Also times the 10,000-row guarantee sheet in node: open + first preview page
 * (100 rows validated and matched), and the whole parse.
 * BENCH_DB=pglite|postgres runs one database only; BENCH_ROWS changes the row count; BENCH_SPEC=0 skips
 * the (slow) spec method, for profiling ours.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import pg from 'pg';
import { startServer, type RunningServer } from '../tests/support/server';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { NFT_BULK_CHUNK_CONCURRENCY, NFT_BULK_MAX_ROWS, SPEC_BULK_CONCURRENCY } from '../src/domain/guarantee';
import { mapConcurrent } from '../src/domain/concurrency';
import { EXCEL_PREVIEW_PAGE_SIZE, buildFormWorkbook, openWorkbook, parseWorkbook, validateRows, workbookToArray, type SheetSpec } from '../src/domain/excel';
import { guaranteeBrandSheet, matchGuaranteeRows, type GuaranteeSheetRow } from '../src/domain/guaranteeSheet';
import { BEFORE_0015, MIGRATION_0015, benchRow as row } from './bulkIssueRows';
import { withPostgres } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const GOAL_SPEED_UP = 40;
const GOAL_MS: Record<string, number> = { PGlite: 2_000, PostgreSQL: 1_000 };
const only = process.env.BENCH_DB;
const withSpec = process.env.BENCH_SPEC !== '0';

/** CPU milliseconds (user + system) of a local process so far, 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU of the server process and (PostgreSQL) of its database's backends, for a window of the run. */
interface CpuProbe {
  snapshot(): Promise<Map<number, number>>;
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

interface Client {
  post(url: string, body: unknown): Promise<{ status: number; text: string }>;
}

async function signIn(server: RunningServer): Promise<Client> {
  const res = await fetch(`${server.url}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'brand@demo.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return {
    async post(url, body) {
      const r = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: r.status, text: await r.text() };
    },
  };
}

/** Ours: chunks of NFT_BULK_MAX_ROWS, NFT_BULK_CHUNK_CONCURRENCY in flight like the console, each with its own batch key. */
async function bulkMethod(client: Client, rows: GuaranteeSheetRow[], chunkMs: number[] = []): Promise<number> {
  const t0 = performance.now();
  const starts = Array.from({ length: Math.ceil(rows.length / NFT_BULK_MAX_ROWS) }, (_, i) => i * NFT_BULK_MAX_ROWS);
  await mapConcurrent(starts, NFT_BULK_CHUNK_CONCURRENCY, async (from) => {
    const c0 = performance.now();
    const res = await client.post('/api/v1/admin/nft/bulk', { batchKey: randomUUID(), rows: rows.slice(from, from + NFT_BULK_MAX_ROWS) });
    if (res.status !== 201) throw new Error(`bulk chunk at ${from}: ${res.status} ${res.text.slice(0, 400)}`);
    chunkMs.push(performance.now() - c0);
  });
  return performance.now() - t0;
}

/** The spec's: single issues, SPEC_BULK_CONCURRENCY at a time. */
async function specMethod(client: Client, rows: GuaranteeSheetRow[]): Promise<number> {
  const t0 = performance.now();
  for (let from = 0; from < rows.length; from += SPEC_BULK_CONCURRENCY) {
    const batch = rows.slice(from, from + SPEC_BULK_CONCURRENCY);
    const answers = await Promise.all(batch.map((r) => client.post('/api/v1/admin/nft', { ...r, requestRoute: 'excel' })));
    const bad = answers.find((a) => a.status !== 201);
    if (bad) throw new Error(`single issue at ${from}: ${bad.status} ${bad.text.slice(0, 400)}`);
  }
  return performance.now() - t0;
}

interface Result {
  database: string;
  method: string;
  rows: number;
  ms: number;
}

/**
 * `schema` (PostgreSQL, where the bench can reach the server's database): runs DDL on it, so ours is also
 * timed on migration 0014's schema (before 0015), just before ours on the schema as it stands.
 */
async function measure(database: string, server: RunningServer, backends?: CpuProbe, schema?: (ddl: string[]) => Promise<void>): Promise<Result[]> {
  const client = await signIn(server);
  // Warm-up, not counted: two full chunks and 100 singles, so both methods are timed with the
  // server's code optimised (the first 1,000-row chunks after a start run about twice as long).
  const coldMs: number[] = [];
  await bulkMethod(client, Array.from({ length: 2 * NFT_BULK_MAX_ROWS }, (_, i) => row(`warm-${database}`, 80_000 + i)), coldMs);
  await specMethod(client, Array.from({ length: 100 }, (_, i) => row(`warm1-${database}`, 95_000 + i)));
  console.log(`${database}: warm-up chunks of ${NFT_BULK_MAX_ROWS} took ${coldMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  let before: Result | null = null;
  if (schema) {
    await schema(BEFORE_0015);
    const beforeMs: number[] = [];
    const ms = await bulkMethod(client, Array.from({ length: ROWS }, (_, i) => row(`before-${database}`, i)), beforeMs);
    await schema(MIGRATION_0015);
    console.log(`${database}: on 0014's schema, chunks of ${NFT_BULK_MAX_ROWS} took ${beforeMs.map((t) => t.toFixed(0)).join(', ')} ms`);
    before = { database, method: `POST /nft/bulk, same, schema before 0015`, rows: ROWS, ms };
  }
  const chunkMs: number[] = [];
  const pid = server.process.pid!;
  const server0 = cpuMs(pid);
  const db0 = await backends?.snapshot();
  const ours = await bulkMethod(client, Array.from({ length: ROWS }, (_, i) => row(`bulk-${database}`, i)), chunkMs);
  const serverCpu = cpuMs(pid) - server0;
  const dbCpu = backends && db0 ? cpuSpent(db0, await backends.snapshot()) : null;
  console.log(`${database}: chunks of ${NFT_BULK_MAX_ROWS} took ${chunkMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  console.log(`${database}: during ours (${ours.toFixed(0)} ms): server process CPU ${serverCpu.toFixed(0)} ms${dbCpu === null ? ' (PGlite runs in it)' : `, database backends CPU ${dbCpu.toFixed(0)} ms`}`);
  const spec = withSpec ? await specMethod(client, Array.from({ length: ROWS }, (_, i) => row(`single-${database}`, 20_000 + i))) : Number.NaN;
  return [
    { database, method: `POST /nft/bulk, ${ROWS / NFT_BULK_MAX_ROWS} × ${NFT_BULK_MAX_ROWS}, ${NFT_BULK_CHUNK_CONCURRENCY} at a time`, rows: ROWS, ms: ours },
    { database, method: `POST /nft × ${ROWS}, ${SPEC_BULK_CONCURRENCY} concurrent`, rows: ROWS, ms: spec },
    ...(before ? [before] : []),
  ];
}

async function withDatabase<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function onPglite(): Promise<Result[]> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  const server = await startServer({ dataDir: path.join(base, 'data'), logFile: path.join(base, 'server.log') });
  try {
    return await measure('PGlite', server);
  } finally {
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<Result[]> {
  const withAdmin = <T>(fn: (c: pg.Client) => Promise<T>) => withDatabase(adminUrl, fn);
  const name = `bench_bulk_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-pg-'));
  try {
    const server = await startServer({ dataDir: path.join(base, 'data'), logFile: path.join(base, 'server.log'), env: { DATABASE_URL: url.toString() }, args: ['--demo'] });
    try {
      const backends: CpuProbe = {
        snapshot: () => withAdmin(async (c) => {
          const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
          return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
        }),
      };
      const schema = (ddl: string[]) => withDatabase(url.toString(), async (c) => {
        for (const statement of ddl) await c.query(statement);
      });
      return await measure('PostgreSQL', server, backends, schema);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/** The 10,000-row sheet in node: open + first preview page (validated and matched), and the whole parse. */
function sheetFigures() {
  const spec = guaranteeBrandSheet;
  const wb = buildFormWorkbook(spec as SheetSpec<unknown>);
  const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  const aoa = Array.from({ length: ROWS }, (_, i) => {
    const r = row('sheet', i) as Record<string, unknown>;
    if (i % 997 === 0) r.ordererTel = '050-1234-5678';
    return spec.columns.map((c) => (c.key === 'brandIdx' ? '데모브랜드' : ((r[c.key] as string | number | null | undefined) ?? null)));
  });
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet([header, ...aoa], { dense: true });
  const buf = workbookToArray(wb);
  const lists = { brands: [{ idx: 1, name: '데모브랜드' }], stores: [{ idx: 1, name: '신세계 강남점' }], catalogue: [{ modelNumber: 'DB-BAG-001', name: '시그니처 레더 토트백' }] };
  const first: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < 5; i++) {
    let t0 = performance.now();
    const opened = openWorkbook(buf, spec as SheetSpec<unknown>);
    if (!opened.ok) throw new Error(opened.error);
    matchGuaranteeRows(spec, validateRows(spec, opened.body.slice(0, EXCEL_PREVIEW_PAGE_SIZE)), lists);
    first.push(performance.now() - t0);
    t0 = performance.now();
    const res = parseWorkbook(buf, spec);
    if (!res.ok) throw new Error(res.error);
    matchGuaranteeRows(spec, res.rows, lists);
    all.push(performance.now() - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { bytes: buf.byteLength, firstPage: median(first), whole: median(all) };
}

async function main() {
  const results: Result[] = [];
  if (only !== 'postgres') results.push(...(await onPglite()));
  if (only !== 'pglite') results.push(...(await withPostgres('postgres', onPostgres)));

  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nGuarantee bulk issue: ${num(ROWS)} rows through the real server over HTTP, signed in as brand@demo.test.\n`);
  console.log(`${pad('database', 11)} ${pad('method', 44)} ${'rows'.padStart(7)} ${'ms'.padStart(9)} ${'rows/s'.padStart(9)} ${'speed-up'.padStart(9)}`);
  let failed = false;
  for (const db of ['PGlite', 'PostgreSQL']) {
    const [ours, spec, before] = results.filter((r) => r.database === db);
    if (!ours) continue;
    const speedUp = spec.ms / ours.ms;
    for (const r of [ours, spec, ...(before ? [before] : [])]) {
      console.log(`${pad(db, 11)} ${pad(r.method, 44)} ${num(r.rows).padStart(7)} ${num(r.ms).padStart(9)} ${num(r.rows / (r.ms / 1000)).padStart(9)} ${`${num(spec.ms / r.ms, 1)}×`.padStart(9)}`);
    }
    const slow = ours.ms >= GOAL_MS[db];
    const tooClose = withSpec && speedUp < GOAL_SPEED_UP;
    console.log(`${pad('', 11)} goal: ≥ ${GOAL_SPEED_UP}× ${tooClose ? 'MISSED' : 'ok'}, < ${num(GOAL_MS[db])} ms ${slow ? 'MISSED' : 'ok'}`);
    failed ||= slow || tooClose;
  }
  const sheet = sheetFigures();
  console.log(`\nGuarantee sheet of ${num(ROWS)} rows (${num(sheet.bytes / 1024)} KB), node, median of 5: open + first preview page (${EXCEL_PREVIEW_PAGE_SIZE} rows validated and matched) ${num(sheet.firstPage)} ms; whole parse + matching ${num(sheet.whole)} ms\n`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
