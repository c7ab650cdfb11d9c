/**
 * `BENCH_A_URL=… BENCH_B_URL=… npx tsx bench/guaranteeListAB.ts`: the guarantee history cases of
 * bench/guaranteeList.ts on two databases that bench kept (BENCH_KEEP_DB=1; e.g. A built by the
 * migrations before a schema change, B after), side by side in one run: per case 20 warm-up requests on
 * each, then 200 timed requests alternating A, B, A, B…, so both see the same machine. Prints p50/p99
 * of each and the ratio of B's p99 to A's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../server/db/schema';
import type { Database, Db } from '../server/db/client';
import { rowsOf } from '../server/modules/products/service';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { seoulToday } from '../src/domain/seoulDay';
import { historyCases } from './guaranteeListCases';
import { fmt, percentile, signedInApp } from './lib';

const WARM_UP = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function side(url: string) {
  // Not openDatabase: it would migrate A to the schema of this checkout.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const database: Database = { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
  const brand = (await findAccountByEmail(database.db, 'brand@demo.test'))!;
  const storeIdx = rowsOf<{ idx: number }>(await database.db.execute(sql`SELECT idx FROM stores WHERE tenant_idx = ${brand.idx} ORDER BY idx LIMIT 1`))[0].idx;
  const { app, headers } = await signedInApp(database, dataDir);
  return {
    storeIdx,
    get: async (query: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1/admin/nft${query ? `?${query}` : ''}`, headers });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode}`);
      return performance.now() - t0;
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const [aUrl, bUrl] = [process.env.BENCH_A_URL, process.env.BENCH_B_URL];
  if (!aUrl || !bUrl) throw new Error('BENCH_A_URL and BENCH_B_URL: two databases kept by bench/guaranteeList.ts');
  const a = await side(aUrl);
  const b = await side(bUrl);
  try {
    const today = seoulToday(Date.now());
    const casesA = historyCases(a.storeIdx, today);
    const casesB = historyCases(b.storeIdx, today);
    console.log(`\nGuarantee history, A = ${new URL(aUrl).pathname.slice(1)}, B = ${new URL(bUrl).pathname.slice(1)}: ${RUNS} requests per case and side, alternating, after ${WARM_UP} warm-up each (ms)\n`);
    console.log(`${'case'.padEnd(42)} ${'A p50'.padStart(6)} ${'A p99'.padStart(6)} ${'B p50'.padStart(6)} ${'B p99'.padStart(6)}  B/A p99`);
    for (let c = 0; c < casesA.length; c++) {
      for (let i = 0; i < WARM_UP; i++) {
        await a.get(casesA[c].query);
        await b.get(casesB[c].query);
      }
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        ta.push(await a.get(casesA[c].query));
        tb.push(await b.get(casesB[c].query));
      }
      ta.sort((x, y) => x - y);
      tb.sort((x, y) => x - y);
      const [pa, pb] = [percentile(ta, 99), percentile(tb, 99)];
      console.log(`${casesA[c].name.padEnd(42)} ${fmt(percentile(ta, 50))} ${fmt(pa)} ${fmt(percentile(tb, 50))} ${fmt(pb)}  ${(pb / pa).toFixed(2).padStart(7)}`);
    }
  } finally {
    await a.close();
    await b.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
