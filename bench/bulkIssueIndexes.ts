/**
 * `npm run bench:bulk-issue-indexes`: where the bulk-issue statement's time goes, index by index.
 *
 * On PGlite (a fresh DATA_DIR) and on a scratch PostgreSQL database (TEST_DATABASE_URL's server), seeded
 * with the demo tenants: 10 chunks of 1,000 prepared rows (bench/bulkIssue.ts's rows, checked by
 * prepareIssues) are inserted by the real statement (insertIssues, server/modules/guarantees/write.ts),
 * once per variant of the `nfts` indexes and generated columns. Each run is one transaction that empties
 * nfts and customers (TRUNCATE), applies the variant's DDL, inserts and rolls everything back, so every
 * variant starts from the same empty table and leaves nothing behind. Variants run in interleaved rounds
 * (BENCH_ROUNDS, default 3); prints the median ms per variant and its ratio to the first.
 * Variants: the schema before and after migration 0015, without groups of indexes, GIN settings, each
 * index of `nfts` dropped alone, and partial indexes that skip what a new customer or a waiting
 * certificate leaves blank (PARTIAL; not in the schema: their sorts would need the lists' queries rewritten).
 * BENCH_DB=pglite|postgres runs one database only; BENCH_VARIANTS (a regexp) picks variants by name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { ensureReferenceData } from '../server/seed/reference';
import { seedDemo } from '../server/seed/demo';
import { localDiskStorage } from '../server/providers/storage';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { prepareIssues, type NftValues } from '../server/modules/guarantees/issue';
import { insertIssues } from '../server/modules/guarantees/write';
import { localOutboxMessaging } from '../server/providers/messaging';
import { withScratchDatabase } from './lib';
import { rowsOf } from '../server/modules/products/service';
import { BEFORE_0015, benchRow } from './bulkIssueRows';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNKS = 10;
const CHUNK = 1_000;
const only = process.env.BENCH_DB;
const pick = process.env.BENCH_VARIANTS ? new RegExp(process.env.BENCH_VARIANTS) : null;

interface Variant {
  name: string;
  ddl: string[];
  /** The rows' nftType (GUARANTEE unless said): memberships issue through the same statement. */
  nftType?: 'GUARANTEE' | 'MEMBERSHIP';
}

const TRGM = ['nfts_orderer_name_lc_trgm', 'nfts_product_name_lc_trgm', 'nfts_orderer_tel_trgm', 'nfts_nft_number_trgm', 'nfts_ref_order_id_trgm'];
const drop = (...names: string[]) => names.map((n) => `DROP INDEX IF EXISTS ${n}`);

const BTREES = ['nfts_tenant_type_created', 'nfts_tenant_type_status_created', 'nfts_tenant_store_created', 'nfts_tenant_route_created',
  'nfts_tenant_customer', 'nfts_tenant_product', 'nfts_reservation_due', 'nfts_tenant_type_issued', 'nfts_tenant_type_issued_desc',
  'nfts_tenant_type_orderer'];

/** Indexes that skip what a new customer or a waiting certificate leaves blank. */
const PARTIAL = [
  ...drop('customers_tenant_order_price', 'customers_tenant_order_count', 'customers_tenant_latest_order', 'customers_tenant_point', 'customers_tenant_group', 'customers_email_lc_trgm',
    'nfts_tenant_type_issued', 'nfts_tenant_type_issued_desc', 'nfts_tenant_product', 'nfts_tenant_store_created', 'nfts_ref_order_id_trgm'),
  'CREATE INDEX customers_tenant_order_price ON customers (tenant_idx, total_order_price, idx) WHERE total_order_price <> 0',
  'CREATE INDEX customers_tenant_order_count ON customers (tenant_idx, total_order_count, idx) WHERE total_order_count <> 0',
  'CREATE INDEX customers_tenant_latest_order ON customers (tenant_idx, latest_ordered_at, idx) WHERE latest_ordered_at IS NOT NULL',
  'CREATE INDEX customers_tenant_point ON customers (tenant_idx, point_balance, idx) WHERE point_balance <> 0',
  'CREATE INDEX customers_tenant_group ON customers (tenant_idx, group_idx) WHERE group_idx IS NOT NULL',
  'CREATE INDEX customers_email_lc_trgm ON customers USING gin (email_lc gin_trgm_ops) WHERE email_lc IS NOT NULL',
  'CREATE INDEX nfts_tenant_type_issued ON nfts (tenant_idx, nft_type, issued_at, idx) WHERE issued_at IS NOT NULL',
  'CREATE INDEX nfts_tenant_product ON nfts (tenant_idx, partners_product_idx) WHERE partners_product_idx IS NOT NULL',
  'CREATE INDEX nfts_tenant_store_created ON nfts (tenant_idx, store_idx, created_at) WHERE store_idx IS NOT NULL',
  'CREATE INDEX nfts_ref_order_id_trgm ON nfts USING gin (ref_order_id gin_trgm_ops) WHERE ref_order_id IS NOT NULL',
];

/** The first variant is the baseline of the ratios; the second is the schema as the migrations leave it. */
const VARIANTS: Variant[] = [
  { name: 'before 0015 (schema of 0014)', ddl: BEFORE_0015 },
  { name: 'after 0015 (schema now)', ddl: [] },
  { name: 'after 0015, MEMBERSHIP rows', ddl: [], nftType: 'MEMBERSHIP' },
  { name: 'before 0015, MEMBERSHIP rows', ddl: BEFORE_0015, nftType: 'MEMBERSHIP' },
  { name: 'now, no GIN, no bigram column', ddl: [...drop(...TRGM, 'nfts_search_bigrams'), 'ALTER TABLE nfts DROP COLUMN search_bigrams'] },
  { name: 'now, no nfts secondary index at all', ddl: [...drop(...TRGM, 'nfts_search_bigrams', ...BTREES), 'ALTER TABLE nfts DROP COLUMN search_bigrams'] },
  { name: 'now, no secondary btree', ddl: drop(...BTREES) },
  { name: 'now, no trigram indexes', ddl: drop(...TRGM) },
  { name: 'now, no bigram column', ddl: [...drop('nfts_search_bigrams'), 'ALTER TABLE nfts DROP COLUMN search_bigrams'] },
  { name: 'now, bigram column, no bigram index', ddl: drop('nfts_search_bigrams') },
  { name: 'now, one 5-column trigram GIN', ddl: [...drop(...TRGM),
    'CREATE INDEX nfts_search_trgm ON nfts USING gin (orderer_name_lc gin_trgm_ops, product_name_lc gin_trgm_ops, orderer_tel gin_trgm_ops, nft_number gin_trgm_ops, ref_order_id gin_trgm_ops)'] },
  { name: 'now, bigrams as expression index', ddl: ['DROP INDEX nfts_search_bigrams', 'ALTER TABLE nfts DROP COLUMN search_bigrams',
    'CREATE INDEX nfts_search_bigrams ON nfts USING gin (nft_search_bigrams(orderer_name, product_name))'] },
  { name: 'now, GIN fastupdate off', ddl: [...TRGM, 'nfts_search_bigrams'].map((n) => `ALTER INDEX ${n} SET (fastupdate = off)`) },
  { name: 'now, GIN pending list 16 MB', ddl: [...TRGM, 'nfts_search_bigrams'].map((n) => `ALTER INDEX ${n} SET (gin_pending_list_limit = 16384)`) },
  { name: 'now, customers without their 3 GIN', ddl: drop('customers_name_lc_trgm', 'customers_phone_trgm', 'customers_email_lc_trgm') },
  { name: 'now, partial where rows are blank (customers aggregates, group, email; nfts issued, product, store, ref)', ddl: PARTIAL },
  { name: 'partial: customers only', ddl: PARTIAL.filter((d) => d.includes('customers')) },
  { name: 'partial: nfts product, store, ref only', ddl: PARTIAL.filter((d) => /nfts_(tenant_product|tenant_store_created|ref_order_id_trgm)/.test(d)) },
  { name: 'partial, and no number or phone trigram', ddl: [...PARTIAL, ...drop('nfts_nft_number_trgm', 'nfts_orderer_tel_trgm')] },
  // What each index costs alone: the schema now without just that one.
  ...[...TRGM, 'nfts_search_bigrams', ...BTREES].map((n) => ({ name: `now, without ${n}`, ddl: drop(n) })),
];

type Chunks = Record<'GUARANTEE' | 'MEMBERSHIP', NftValues[][]>;

/** The rows of every chunk, checked and prepared once per type as the bulk route does (prepareIssues, status 1). */
async function preparedChunks(database: Database): Promise<{ tenant: { tenantIdx: number; adminIdx: number; b2bType: 'brand' | 'cooperator' | null }; chunks: Chunks }> {
  const account = (await findAccountByEmail(database.db, 'brand@demo.test'))!;
  const tenant = { tenantIdx: account.idx, adminIdx: account.idx, b2bType: account.b2bType as 'brand' | 'cooperator' | null };
  const now = new Date();
  const chunks: Chunks = { GUARANTEE: [], MEMBERSHIP: [] };
  for (const nftType of ['GUARANTEE', 'MEMBERSHIP'] as const) {
    for (let c = 0; c < CHUNKS; c++) {
      const rows = Array.from({ length: CHUNK }, (_, r) => benchRow('idx', c * CHUNK + r));
      const { values, errors } = await prepareIssues(database.db, tenant, rows, (i) => `rows.${i}.`, { nftType, requestRoute: 'excel', matchModelNumber: true }, now);
      if (Object.keys(errors).length) throw new Error(`rows refused: ${JSON.stringify(errors).slice(0, 300)}`);
      chunks[nftType].push(values.map((v) => ({ ...v, nftStatus: 1, issueAt: null, issuedAt: null })));
    }
  }
  return { tenant, chunks };
}

class Rollback extends Error {}

/**
 * CPU milliseconds so far: of the PostgreSQL backend `pid` (local server, /proc; user + system), or of
 * this process when 0 (PGlite runs in it). CPU rather than wall time: other work on a busy machine
 * stretches wall time far more than it changes the CPU a statement needs (BENCH_WALL=1 for wall time).
 */
function cpuMs(pid: number): number {
  if (!pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function timeVariant(database: Database, dataDir: string, variant: Variant, tenant: Awaited<ReturnType<typeof preparedChunks>>['tenant'], all: Chunks): Promise<number> {
  const chunks = all[variant.nftType ?? 'GUARANTEE'];
  let ms = 0;
  const deps = { messaging: localOutboxMessaging(database.db), publicUrl: 'http://localhost' };
  void dataDir;
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`TRUNCATE nfts, customers`);
      for (const ddl of variant.ddl) await tx.execute(sql.raw(ddl));
      const now = new Date();
      const pid = database.kind === 'postgres' ? Number(rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0].pid) : 0;
      const cpu0 = cpuMs(pid);
      const t0 = performance.now();
      for (const values of chunks) {
        if (values[0].nftType !== (variant.nftType ?? 'GUARANTEE')) throw new Error('wrong rows');
        const inserted = await insertIssues(tx, deps, tenant, values, now, `bulk:${randomUUID()}`);
        if (inserted.length !== values.length) throw new Error(`inserted ${inserted.length} of ${values.length}`);
      }
      ms = process.env.BENCH_WALL ? performance.now() - t0 : cpuMs(pid) - cpu0;
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return ms;
}

async function runOn(label: string, database: Database, dataDir: string): Promise<void> {
  const p0 = performance.now();
  const { tenant, chunks } = await preparedChunks(database);
  console.log(`${label}: prepareIssues for the ${CHUNKS} chunks of each type took ${(performance.now() - p0).toFixed(0)} ms (cold)`);
  const variants = VARIANTS.filter((v, i) => i === 0 || !pick || pick.test(v.name));
  const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  await timeVariant(database, dataDir, variants[0], tenant, chunks); // warm-up, not counted
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of variants) times.get(v.name)!.push(await timeVariant(database, dataDir, v, tenant, chunks));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times.get(variants[0].name)!);
  console.log(`\n${label}: ${CHUNKS} × ${CHUNK} rows through insertIssues, ${process.env.BENCH_WALL ? 'wall' : database.kind === 'postgres' ? 'server CPU' : 'process CPU'} ms, ${ROUNDS} interleaved rounds`);
  console.log(`${'variant'.padEnd(40)} ${'median'.padStart(7)} ${'ratio'.padStart(6)} ${'min'.padStart(7)} ${'ratio'.padStart(6)}   runs`);
  const baseMin = Math.min(...times.get(variants[0].name)!);
  for (const v of variants) {
    const m = median(times.get(v.name)!);
    const lo = Math.min(...times.get(v.name)!);
    console.log(`${v.name.padEnd(40)} ${m.toFixed(0).padStart(7)} ${(m / base).toFixed(2).padStart(6)} ${lo.toFixed(0).padStart(7)} ${(lo / baseMin).toFixed(2).padStart(6)}   ${times.get(v.name)!.map((t) => t.toFixed(0)).join(', ')}`);
  }
}

async function main() {
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-idx-'));
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
    try {
      await ensureReferenceData(database.db);
      await seedDemo(database.db, localDiskStorage(dataDir));
      await runOn('PGlite', database, dataDir);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite') {
    await withScratchDatabase('idx', async ({ database, dataDir }) => runOn('PostgreSQL', database, dataDir), 'postgres');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
