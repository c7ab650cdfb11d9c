/**
 * What the list benchmarks share: a seeded scratch PostgreSQL database, a signed-in app, the timed
 * request loop over named query cases and the p50/p95/p99 table.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/client';
import { ensureReferenceData } from '../server/seed/reference';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo';
import { localDiskStorage } from '../server/providers/storage';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { postgresServer } from '../tests/support/postgres';

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
  /** Its connection URL (for a server process of its own). */
  url: string;
  /** A fresh temporary DATA_DIR for buildApp. */
  dataDir: string;
  /** brand@demo.test and other@demo.test. */
  brand: Account;
  other: Account;
}

/**
 * Runs `fn` with a superuser URL of the PostgreSQL server the benchmarks use (tests/support/postgres.ts):
 * TEST_DATABASE_URL's, else the one on 127.0.0.1:5432 (admin database `defaultDatabase`), else one
 * started for this run and stopped after it.
 */
export async function withPostgres<T>(defaultDatabase: string, fn: (adminUrl: string, embedded: boolean) => Promise<T>): Promise<T> {
  const server = await postgresServer(defaultDatabase);
  try {
    return await fn(server.adminUrl, server.embedded);
  } finally {
    await server.stop();
  }
}

/**
 * Runs `fn` on a scratch database `bench_<name>_<random>` created on the benchmarks' PostgreSQL server
 * (withPostgres), with the reference data and the demo tenants seeded; the database is dropped at the
 * end unless BENCH_KEEP_DB (on a server of its own it goes with the server), and the temporary DATA_DIR removed.
 */
export async function withScratchDatabase<T>(name: string, fn: (scratch: Scratch) => Promise<T>, defaultDatabase = 'test'): Promise<T> {
  return withPostgres(defaultDatabase, async (adminUrl, embedded) => {
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
      return await fn({ database, url: url.toString(), dataDir, brand, other });
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (process.env.BENCH_KEEP_DB && !embedded) console.log(`kept database ${dbName}`);
      else await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    }
  });
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

/**
 * INSERTs `count` guarantees of `tenant` set-based (idx from offset + 1, stores from storeIdx on).
 * Names from common Korean family and given names (so a 3-character name matches ~1/300), product
 * names from a small vocabulary, phones of 8 scattered digits, created_at over two years (newest
 * first by g); status (mostly issued, 3) and route (mostly product) drawn by hash, independent of
 * the name and the date as in real data.
 */
export const insertGuaranteesSql = (tenant: number, count: number, offset: number, storeIdx: number) => sql`
  INSERT INTO nfts (tenant_idx, idx, nft_number, nft_type, nft_template_idx, nft_status, request_route, customer_idx, orderer_name, orderer_tel,
    ordered_at, ref_order_id, store_idx, store_name, brand_idx, partners_product_idx, product_name, price, payment_amount, model_number,
    category_code, public_token, issued_at, canceled_at, deleted_at, created_at, updated_at)
  SELECT ${tenant}, g + ${offset}, 'G' || to_char(ts, 'YYMMDD') || '-' || lpad((g + ${offset})::text, 7, '0'), 'GUARANTEE', NULL,
    st, rt, NULL,
    (ARRAY['김','이','박','최','정','강','조','윤','장','임'])[1 + g % 10] || (ARRAY['민준','서연','지호','수아','예준','하은','도윤','지우','서준','하린','시우','채원','주원','지아','건우','윤서','현우','다은','선우','소율','연우','채은','유준','예린','정우','수빈','승우','지유','준서','서아'])[1 + (g / 10) % 30],
    '010' || lpad(((g::bigint * 7919 + 1234567) % 100000000)::text, 8, '0'),
    to_char(ts - interval '1 day', 'YYYY-MM-DD'), CASE WHEN g % 4 = 0 THEN 'ORD-' || (g + ${offset}) END,
    CASE WHEN g % 3 = 0 THEN NULL ELSE ${storeIdx} + g % 5 END, NULL, NULL, NULL,
    (ARRAY['시그니처','클래식','모던','빈티지','데일리','프리미엄','에센셜','컬렉션'])[1 + g % 8] || ' ' ||
    (ARRAY['Leather Tote','Canvas Shopper','Chain Shoulder','Mini Cross','Zip Wallet','Card Holder','Diver Watch','Wool Coat','Loafer','Silk Scarf'])[1 + (g / 8) % 10] || ' ' ||
    (ARRAY['블랙','아이보리','카멜','네이비','버건디','그레이'])[1 + (g / 80) % 6],
    (10 + g % 500) * 10000, (9 + g % 500) * 10000, 'DB-' || lpad((g % 4000)::text, 6, '0'), 1 + g % 7,
    md5(g::text || ${`${tenant}`}) || md5((g + 1)::text),
    CASE WHEN st IN (3, 5, 9) THEN ts END, CASE WHEN st = 9 THEN ts + interval '1 day' END,
    CASE WHEN g % 97 = 0 THEN ts END, ts, ts
  FROM (
    SELECT g, now() - (g * interval '63 seconds') AS ts,
      (ARRAY[3,3,3,3,3,3,3,1,1,9,3,5,7,11,3,3,3,3,1,9])[1 + abs(hashint4(g)::bigint) % 20]::smallint AS st,
      (ARRAY['product','product','product','excel','excel','user','product','product','api','product'])[1 + abs(hashint4(g + 7)::bigint) % 10] AS rt
    FROM generate_series(1, ${count}) g
  ) s`;
