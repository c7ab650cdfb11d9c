/**
 * `npm run bench:products`: the products list on PostgreSQL with 100,000 products in one tenant.
 *
 * Creates a fresh database on the server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), seeds the demo tenants, inserts 100,000 products for
 * brand@demo.test set-based (generate_series) plus a few thousand for other tenants, ANALYZEs,
 * then measures GET /api/v1/admin/partners-product through app.inject with a real signed-in token:
 * 200 requests per case after a warm-up. Prints p50/p95/p99 in ms; the goal is p99 < 50 ms.
 */
import { sql } from 'drizzle-orm';
import { caseTableHeader, caseTableRow, measureCases, signedInApp, withScratchDatabase, type CaseTable } from './lib';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const OTHER_TENANT_PRODUCTS = 3_000;
const WARM_UP = 20;
const RUNS = 200;
const GOAL_P99_MS = 50;

async function main() {
  await withScratchDatabase('products', async ({ database, dataDir, brand, other }) => {
    const started = performance.now();
    // Names from a small vocabulary (so a word matches ~1/8 of the catalogue) plus a serial, codes
    // like DB-BAG-012345, barcodes of 13 digits; created_at spread over two years.
    await database.db.execute(sql`
      INSERT INTO products (tenant_idx, brand_idx, name, code, barcode, model_num, price, payment_amount, category_code, material, created_at, updated_at, created_by)
      SELECT ${brand.idx}, b.idx,
        (ARRAY['시그니처','클래식','모던','빈티지','데일리','프리미엄','에센셜','컬렉션'])[1 + g % 8] || ' ' ||
        (ARRAY['Leather Tote','Canvas Shopper','Chain Shoulder','Mini Cross','Zip Wallet','Card Holder','Diver Watch','Wool Coat','Loafer','Silk Scarf'])[1 + (g / 8) % 10] || ' ' ||
        (ARRAY['블랙','아이보리','카멜','네이비','버건디','그레이'])[1 + (g / 80) % 6] || ' ' || g,
        'DB-' || (ARRAY['BAG','WAL','WAT','CLO','SHO','ACC','ETC'])[1 + g % 7] || '-' || lpad(g::text, 6, '0'),
        '880' || lpad((g * 7919 % 10000000000)::text, 10, '0'),
        'M' || g,
        (10 + g % 500) * 10000, (9 + g % 500) * 10000, 1 + g % 7, '소가죽',
        now() - (g || ' minutes')::interval * 10, now(), ${brand.idx}
      FROM generate_series(1, ${PRODUCTS}) g, (SELECT idx FROM brands WHERE tenant_idx = ${brand.idx} ORDER BY idx LIMIT 1) b`);
    await database.db.execute(sql`
      INSERT INTO products (tenant_idx, brand_idx, name, code, barcode, category_code, created_at, updated_at)
      SELECT CASE WHEN g % 3 = 0 THEN ${other.idx} ELSE 900000 + g % 5 END, 1,
        '다른 테넌트 Leather Tote ' || g, 'OT-' || lpad(g::text, 6, '0'), '990' || lpad(g::text, 10, '0'), 1 + g % 7, now() - (g || ' minutes')::interval, now()
      FROM generate_series(1, ${OTHER_TENANT_PRODUCTS}) g`);
    // VACUUM as autovacuum would after a bulk load: it also merges the GIN pending lists of the trigram indexes.
    await database.db.execute(sql`VACUUM ANALYZE products`);
    const seedMs = performance.now() - started;

    const { app, headers } = await signedInApp(database, dataDir);

    const cases = [
      { name: 'default first page (25, newest first)', query: '' },
      { name: 'name contains "tote" (~10% match)', query: 'searchType=name&searchText=tote' },
      { name: 'name contains "4711" (rare)', query: 'searchType=name&searchText=4711' },
      { name: 'name contains "카멜" (Korean, ~1/6)', query: `searchType=name&searchText=${encodeURIComponent('카멜')}` },
      { name: 'name contains "버건" (2 chars, ~1/6)', query: `searchType=name&searchText=${encodeURIComponent('버건')}` },
      { name: 'all fields "가방" (2 chars, none)', query: `searchText=${encodeURIComponent('가방')}` },
      { name: '"카멜" + category 3 (2 chars, ~2%)', query: `searchType=name&searchText=${encodeURIComponent('카멜')}&categoryCode=3` },
      { name: 'code contains "WAT-0123"', query: 'searchType=code&searchText=WAT-0123' },
      { name: 'all fields, 3 terms', query: `searchType=all&searchText=${encodeURIComponent('scarf,88000012,WAL-0099')}` },
      { name: 'name "wallet" + category 2 + date range', query: 'searchType=name&searchText=wallet&categoryCode=2&startDate=2020-01-01' },
      { name: 'sort by price ASC, page 3', query: 'sort=price,ASC&page=3' },
    ];
    const results = await measureCases(app, headers, '/api/v1/admin/partners-product', cases, { warmUp: WARM_UP, runs: RUNS });
    // Bulk create: 1,000 rows a request (the console sends a 10,000-row spreadsheet in 10 of these).
    const bulkTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const rows = Array.from({ length: 1000 }, (_, r) => ({
        name: `벌크 등록 상품 ${i}-${r}`, code: `BULK-${i}-${r}`, barcode: `77${String(i * 1000 + r).padStart(11, '0')}`, price: 150_000, categoryCode: 1 + (r % 7),
      }));
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/v1/admin/partners-product/bulk', headers, payload: { batchKey: `bench-${i}`, rows } });
      bulkTimes.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    bulkTimes.sort((a, b) => a - b);
    await app.close();

    const table: CaseTable = { title: 'case', nameWidth: 42, totalWidth: 16, goalP99Ms: GOAL_P99_MS };
    console.log(`\nProducts list on PostgreSQL: ${PRODUCTS.toLocaleString('en-US')} products in one tenant (+${OTHER_TENANT_PRODUCTS.toLocaleString('en-US')} elsewhere), seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} requests per case after ${WARM_UP} warm-up, through app.inject with a signed-in token.\n`);
    console.log(caseTableHeader(table));
    for (const r of results) console.log(caseTableRow(table, r));
    console.log(`\nbulk create, 1,000 rows a request: median ${bulkTimes[2].toFixed(0)} ms, max ${bulkTimes[4].toFixed(0)} ms (5 requests)\n`);
    if (results.some((r) => r.p99 >= GOAL_P99_MS)) process.exitCode = 1;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
