/**
 * What the list benchmarks share: a seeded scratch PostgreSQL database, a signed-in app, the timed
 * request loop over named query cases and the p50/p95/p99 table.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/client';
import { ensureReferenceData } from '../server/seed/reference';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo';
import { localDiskStorage } from '../server/providers/storage';
import { findAccountByEmail } from '../server/modules/accounts/repository';

type App = Awaited<ReturnType<typeof buildApp>>;
type Account = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Milliseconds as a 6-wide column with one decimal. */
export const fmt = (n: number) => n.toFixed(1).padStart(6);

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface Scratch {
  database: Database;
  /** A fresh temporary DATA_DIR for buildApp. */
  dataDir: string;
  /** brand@demo.test and other@demo.test. */
  brand: Account;
  other: Account;
}

/**
 * Runs `fn` on a scratch database `bench_<name>_<random>` created on the server of TEST_DATABASE_URL
 * (default `defaultAdminUrl`), with the reference data and the demo tenants seeded; the database is
 * dropped at the end unless BENCH_KEEP_DB, and the temporary DATA_DIR removed.
 */
export async function withScratchDatabase<T>(
  name: string,
  fn: (scratch: Scratch) => Promise<T>,
  defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432/test',
): Promise<T> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? defaultAdminUrl;
  const dbName = `bench_${name}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const database = await openDatabase({ url: url.toString() });
  try {
    await ensureReferenceData(database.db);
    await seedDemo(database.db, localDiskStorage(dataDir));
    const brand = (await findAccountByEmail(database.db, 'brand@demo.test'))!;
    const other = (await findAccountByEmail(database.db, 'other@demo.test'))!;
    return await fn({ database, dataDir, brand, other });
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

/** The app on `database`, ready, with the Authorization headers of brand@demo.test signed in. */
export async function signedInApp(database: Database, dataDir: string): Promise<{ app: App; headers: { authorization: string } }> {
  const app = await buildApp({ database, config: { dataDir, clientDir: '/nonexistent', logLevel: 'warn' } });
  await app.ready();
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/admin/partnerships/sign-in', payload: { email: 'brand@demo.test', password: DEMO_PASSWORD } });
  return { app, headers: { authorization: `Bearer ${signIn.json().data.token as string}` } };
}

export interface ListCase {
  name: string;
  query: string;
}

export interface CaseResult {
  name: string;
  /** The last answer's total, '(est.)' when estimated. */
  total: string;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * GETs `path?query` of each case (those whose name matches BENCH_CASES, a regexp, when set) `warmUp`
 * times, then `runs` timed times; a non-200 answer throws. `onResult` sees each case when measured.
 */
export async function measureCases(
  app: App,
  headers: { authorization: string },
  path: string,
  cases: ListCase[],
  { warmUp, runs, onResult }: { warmUp: number; runs: number; onResult?: (r: CaseResult) => void },
): Promise<CaseResult[]> {
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
  const results: CaseResult[] = [];
  for (const c of cases.filter((x) => !only || only.test(x.name))) {
    const url = `${path}${c.query ? `?${c.query}` : ''}`;
    let last = null as null | { total: number; totalIsEstimate: boolean };
    for (let i = 0; i < warmUp; i++) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      last = res.json().data;
    }
    times.sort((a, b) => a - b);
    const r = {
      name: c.name,
      total: `${last!.total.toLocaleString('en-US')}${last!.totalIsEstimate ? ' (est.)' : ''}`,
      p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99),
    };
    results.push(r);
    onResult?.(r);
  }
  return results;
}

/** The case table's columns: the case name and total widths, and the p99 goal. */
export interface CaseTable {
  title: string;
  nameWidth: number;
  totalWidth: number;
  goalP99Ms: number;
}

export const caseTableHeader = (t: CaseTable) =>
  `${t.title.padEnd(t.nameWidth)} ${'total'.padStart(t.totalWidth)}  ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  goal p99 < ${t.goalP99Ms} ms`;

export const caseTableRow = (t: CaseTable, r: CaseResult) =>
  `${r.name.padEnd(t.nameWidth)} ${r.total.padStart(t.totalWidth)}  ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}  ${r.p99 < t.goalP99Ms ? 'ok' : 'SLOW'}`;
