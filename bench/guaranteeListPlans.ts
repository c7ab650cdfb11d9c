/**
 * `BENCH_PLANS_URL=postgres://…/bench_nft_… npx tsx bench/guaranteeListPlans.ts`: how each guarantee
 * history case of bench/guaranteeList.ts reads `nfts`, on a database that bench kept (BENCH_KEEP_DB=1,
 * 1,000,000 rows). Each case is requested once through the app, with auto_explain (ANALYZE, JSON)
 * sending every executed plan to the client; prints per case the scans of `nfts` (node type and index)
 * (rows, actual time). Exit code 1 when a case scans `nfts` sequentially other than the capped count's
 * scan under its LIMIT (which stops at TOTAL_CAP + 1 rows).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from '../server/db/schema';
import type { Database, Db } from '../server/db/client';
import { rowsOf } from '../server/modules/products/service';
import { seoulToday } from '../src/domain/seoulDay';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { historyCases } from './guaranteeListCases';
import { signedInApp } from './lib';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const url = process.env.BENCH_PLANS_URL;

/**
 * The executed scans of nfts in a plan. A sequential scan under a Limit (the capped count: at most
 * TOTAL_CAP + 1 rows, then it stops) is marked `capped`; any other one is `SEQ`.
 */
function scansOfNfts(node: PlanNode, out: string[], underLimit = false) {
  const limited = underLimit || node['Node Type'] === 'Limit';
  if ((node['Relation Name'] === 'nfts' || (node['Index Name'] ?? '').startsWith('nfts_')) && node['Actual Loops']) {
    const seq = node['Node Type'] === 'Seq Scan' ? (limited ? ' capped' : ' SEQ') : '';
    out.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}${seq} (${node['Actual Rows']} rows, ${(node['Actual Total Time'] ?? 0).toFixed(1)} ms)`);
  }
  for (const child of node.Plans ?? []) scansOfNfts(child, out, limited);
}

async function main() {
  if (!url) throw new Error('BENCH_PLANS_URL: a database kept by bench/guaranteeList.ts (BENCH_KEEP_DB=1)');
  const notices: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('connect', (client) => {
    client.on('notice', (n) => notices.push(n.message ?? ''));
    void client.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
      SET auto_explain.log_format = json; SET client_min_messages = log`);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: Database = { db, kind: 'postgres', close: () => pool.end() };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plans-'));
  let seq = 0;
  try {
    const brand = (await findAccountByEmail(db, 'brand@demo.test'))!;
    const storeIdx = rowsOf<{ idx: number }>(await db.execute(sql`SELECT idx FROM stores WHERE tenant_idx = ${brand.idx} ORDER BY idx LIMIT 1`))[0].idx;
    const { app, headers } = await signedInApp(database, dataDir);
    for (const c of historyCases(storeIdx, seoulToday(Date.now()))) {
      const get = () => app.inject({ method: 'GET', url: `/api/v1/admin/nft${c.query ? `?${c.query}` : ''}`, headers });
      if ((await get()).statusCode !== 200) throw new Error(c.name);
      notices.splice(0); // the first request warms the caches; its plans are not shown
      if ((await get()).statusCode !== 200) throw new Error(c.name);
      const scans: string[] = [];
      for (const n of notices.splice(0)) {
        const at = n.indexOf('{');
        if (!n.startsWith('duration') || at < 0) continue;
        const plan = (JSON.parse(n.slice(at)) as { Plan: PlanNode }).Plan;
        scansOfNfts(plan, scans);
      }
      const sequential = scans.some((s) => s.includes(' SEQ '));
      if (sequential) seq++;
      console.log(`${c.name.padEnd(42)} ${scans.join('; ')}`);
    }
    await app.close();
  } finally {
    await pool.end().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (seq) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
