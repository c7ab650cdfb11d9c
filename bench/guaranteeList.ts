/**
 * `npm run bench:guarantees-list`: the guarantee history (GET /api/v1/admin/nft) on PostgreSQL with
 * 1,000,000 guarantees in one tenant, then bulk issue (10 chunks of 1,000 rows) on PGlite.
 *
 * Creates a scratch database on the server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), seeds the demo tenants, inserts the guarantees of
 * brand@demo.test set-based (INSERT ... SELECT generate_series; secondary indexes dropped during the
 * load and rebuilt after, as a bulk load would), VACUUM ANALYZEs, then measures the history through
 * app.inject with a real signed-in token: 200 requests per case after a warm-up. Prints p50/p95/p99
 * in ms; the goal is p99 < 50 ms. The scratch database is dropped at the end (BENCH_KEEP_DB keeps it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { ensureReferenceData } from '../server/seed/reference';
import { seedDemo } from '../server/seed/demo';
import { localDiskStorage } from '../server/providers/storage';
import { rowsOf } from '../server/modules/products/service';
import { seoulToday } from '../src/domain/seoulDay';
import { historyCases } from './guaranteeListCases';
import { caseTableHeader, caseTableRow, insertGuaranteesSql, measureCases, signedInApp, withScratchDatabase, type CaseTable } from './lib';

const GUARANTEES = Number(process.env.BENCH_GUARANTEES ?? 1_000_000);
const OTHER_TENANT_ROWS = 20_000;
const WARM_UP = 20;
const RUNS = 200;
const GOAL_P99_MS = 50;

function listBench() {
  return withScratchDatabase('nft', async ({ database, dataDir, brand, other }) => {
    const storeIdx = rowsOf<{ idx: number }>(await database.db.execute(sql`SELECT idx FROM stores WHERE tenant_idx = ${brand.idx} ORDER BY idx LIMIT 1`))[0].idx;

    const started = performance.now();
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(await database.db.execute(sql`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'nfts' AND indexname NOT IN ('nfts_pkey', 'nfts_tenant_idx_idx_pk', 'nfts_public_token', 'nfts_tenant_batch_row')
        AND indexdef NOT LIKE '%UNIQUE%'`));
    for (const i of indexes) await database.db.execute(sql.raw(`DROP INDEX ${i.indexname}`));
    await database.db.execute(insertGuaranteesSql(brand.idx, GUARANTEES, 10_000_000, storeIdx));
    await database.db.execute(insertGuaranteesSql(other.idx, OTHER_TENANT_ROWS, 20_000_000, storeIdx));
    await database.db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('nfts', 'idx'), 30000000)`));
    const loadMs = performance.now() - started;
    await database.db.execute(sql`SET maintenance_work_mem = '512MB'`);
    for (const i of indexes) await database.db.execute(sql.raw(i.indexdef));
    await database.db.execute(sql`VACUUM ANALYZE nfts`);
    const seedMs = performance.now() - started;

    const { app, headers } = await signedInApp(database, dataDir);
    const cases = historyCases(storeIdx, seoulToday(Date.now()));
    const table: CaseTable = { title: 'case', nameWidth: 40, totalWidth: 18, goalP99Ms: GOAL_P99_MS };
    console.log(`\nGuarantee history on PostgreSQL: ${GUARANTEES.toLocaleString('en-US')} guarantees in one tenant (+${OTHER_TENANT_ROWS.toLocaleString('en-US')} elsewhere), loaded in ${(loadMs / 1000).toFixed(1)} s, indexed and analyzed by ${(seedMs / 1000).toFixed(1)} s; ${RUNS} requests per case after ${WARM_UP} warm-up, through app.inject with a signed-in token.\n`);
    console.log(caseTableHeader(table));
    const results = await measureCases(app, headers, '/api/v1/admin/nft', cases, { warmUp: WARM_UP, runs: RUNS, onResult: (r) => console.log(caseTableRow(table, r)) });
    await app.close();
    return results.every((r) => r.p99 < GOAL_P99_MS);
  }, 'postgres');
}

/** Bulk issue on the embedded PGlite: a 10,000-row sheet in 10 requests of 1,000 (the console's chunks). */
async function bulkBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nft-bulk-'));
  const database = await openDatabase({});
  try {
    await ensureReferenceData(database.db);
    await seedDemo(database.db, localDiskStorage(dataDir));
    const { app, headers } = await signedInApp(database, dataDir);
    const chunk = (c: number) => Array.from({ length: 1000 }, (_, r) => {
      const i = c * 1000 + r;
      return {
        ordererName: `고객${i}`, ordererTel: `0109${String(i).padStart(7, '0')}`, orderedAt: '2026-11-20',
        ...(i % 5 === 0 ? { modelNumber: 'DB-BAG-001', productName: '시그니처 레더 토트백' } : { productName: `상품 ${i}`, modelNumber: `FREE-${i}` }),
      };
    });
    // One warm-up chunk (JIT, the prepared plans), then the measured sheet.
    await app.inject({ method: 'POST', url: '/api/v1/admin/nft/bulk', headers, payload: { batchKey: 'warm', rows: chunk(99) } });
    const times: number[] = [];
    for (let c = 0; c < 10; c++) {
      const payload = { batchKey: `sheet-${c}`, rows: chunk(c) };
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/v1/admin/nft/bulk', headers, payload });
      times.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    await app.close();
    const total = times.reduce((a, b) => a + b, 0);
    console.log(`\nBulk issue on PGlite: 10,000 rows in 10 requests of 1,000: ${total.toFixed(0)} ms total (median request ${[...times].sort((a, b) => a - b)[5].toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms); goal < 2000 ms (issue 11) ${total < 2000 ? 'ok' : 'SLOW'}\n`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const fast = process.env.BENCH_SKIP_LIST ? true : await listBench();
  if (!process.env.BENCH_SKIP_BULK) await bulkBench();
  if (!fast) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
