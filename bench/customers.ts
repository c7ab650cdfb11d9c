/**
 * `npm run bench:customers`: the customer list and the overview recompute on PostgreSQL with
 * 1,000,000 customers in one tenant.
 *
 * Creates a scratch database on the server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; dropped at the end unless BENCH_KEEP_DB), seeds the demo
 * tenants, inserts 1,000,000 customers for brand@demo.test set-based (generate_series: Korean names
 * from 20 surnames × 40 given names, unique 010 numbers, consents, a year of sign-ups) with about
 * 2,000,000 orders whose totals match the customers' aggregates, VACUUM ANALYZEs, then measures
 * GET /api/v1/admin/customers through app.inject with a signed-in token (contains-search on name
 * and on phone with a sort; goal p99 < 100 ms) and the overview recompute (goal < 10 s).
 */
import { sql } from 'drizzle-orm';
import { computeOverview, overviewRun } from '../server/modules/customers/overview';
import { previewGrades, runGrades } from '../server/modules/customers/grades';
import { caseTableHeader, caseTableRow, measureCases, signedInApp, withScratchDatabase, type CaseTable } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const WARM_UP = 10;
const RUNS = 100;
const GOAL_P99_MS = 100;
const GOAL_OVERVIEW_MS = 10_000;
/** Explicit idx values from here, so orders can be derived from the same series number. */
const IDX_BASE = 10_000_000;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = ['민준', '서연', '도윤', '서윤', '시우', '지우', '하준', '하은', '주원', '지호', '지유', '예준', '수아', '유준', '지안', '서준', '윤서', '은우', '채원', '도현',
  '지민', '건우', '다은', '우진', '소율', '선우', '예린', '연우', '시윤', '민서', '현우', '예은', '정우', '수빈', '승우', '지원', '시현', '하린', '준서', '서현'];
const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`);

async function main() {
  await withScratchDatabase('customers', async ({ database, dataDir, brand, other }) => {
    const t = brand.idx;

    const started = performance.now();
    // Customer g has g % 5 orders; order j pays 10,000 × (1 + (g·j) % 50) won, (g·j·37) % 540 days ago.
    const amount = sql.raw('10000 * (1 + ((g::bigint * j) % 50))');
    const daysAgo = sql.raw('((g::bigint * j * 37) % 540)');
    await database.db.execute(sql`
      INSERT INTO customers (tenant_idx, idx, country_code, phone, name, email, gender, birthday, agree_marketing, agree_marketing_at, agree_sms, agree_sms_at,
        has_wallet, total_order_price, total_order_count, platform_order_count, own_mall_order_count, offline_order_count, latest_ordered_at, point_balance, created_at, updated_at)
      SELECT ${t}, ${IDX_BASE} + g, '82', '010' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
        (${arr(SURNAMES)})[1 + g % 20] || (${arr(GIVEN)})[1 + (g / 20) % 40],
        CASE WHEN g % 10 < 3 THEN 'user' || g || '@example.com' END,
        CASE g % 3 WHEN 0 THEN 'M' WHEN 1 THEN 'F' END,
        CASE WHEN g % 2 = 0 THEN (19600101 + (g % 40) * 10000 + (1 + g % 12) * 100 + 1 + g % 28)::text END,
        CASE WHEN g % 3 = 0 THEN 'Y' ELSE 'N' END, CASE WHEN g % 3 = 0 THEN now() - ((g % 400) || ' days')::interval END,
        CASE WHEN g % 7 = 0 THEN 'Y' ELSE 'N' END, CASE WHEN g % 7 = 0 THEN now() - ((g % 300) || ' days')::interval END,
        CASE WHEN g % 4 = 0 THEN 'Y' ELSE 'N' END,
        o.total, o.cnt, o.platform, o.own_mall, o.offline, o.latest, o.total / 100,
        now() - (g * 30 || ' seconds')::interval, now()
      FROM generate_series(1, ${CUSTOMERS}) g,
      LATERAL (SELECT coalesce(sum(${amount}), 0) AS total, count(*) AS cnt,
                      count(*) FILTER (WHERE j % 3 = 0) AS platform, count(*) FILTER (WHERE j % 3 = 1) AS own_mall, count(*) FILTER (WHERE j % 3 = 2) AS offline,
                      max(now() - (${daysAgo} || ' days')::interval) AS latest
               FROM generate_series(1, g % 5) j) o`);
    await database.db.execute(sql`SELECT setval(pg_get_serial_sequence('customers', 'idx'), ${IDX_BASE + CUSTOMERS + 1})`);
    const customersMs = performance.now() - started;
    await database.db.execute(sql`
      INSERT INTO customer_orders (tenant_idx, customer_idx, ordered_at, channel, product_name, payment_amount, point_amount)
      SELECT ${t}, ${IDX_BASE} + g, now() - (${daysAgo} || ' days')::interval,
        (ARRAY['platform','ownMall','offline'])[1 + j % 3], '상품 ' || (j % 20), ${amount}, ${amount} / 100
      FROM generate_series(1, ${CUSTOMERS}) g, generate_series(1, g % 5) j`);
    await database.db.execute(sql`
      INSERT INTO customers (tenant_idx, country_code, phone, name, created_at, updated_at)
      SELECT ${other.idx}, '82', '011' || lpad(g::text, 8, '0'), '다른테넌트' || g, now(), now() FROM generate_series(1, 3000) g`);
    await database.db.execute(sql`INSERT INTO customer_groups (tenant_idx, name, group_no, min_purchase_amount, min_purchase_count) VALUES
      (${t}, 'BASIC', 1, 0, 0), (${t}, 'SILVER', 2, 300000, 2), (${t}, 'GOLD', 3, 800000, 4)`);
    await database.db.execute(sql`VACUUM ANALYZE customers`);
    await database.db.execute(sql`VACUUM ANALYZE customer_orders`);
    const seedMs = performance.now() - started;
    const counted = await database.db.execute(sql`SELECT count(*)::int AS n FROM customer_orders WHERE tenant_idx = ${t}`);
    const orderCount = Number((counted as unknown as { rows: { n: number }[] }).rows[0].n);

    const { app, headers } = await signedInApp(database, dataDir);

    const q = (s: string) => encodeURIComponent(s);
    const cases = [
      { name: 'default first page (25, newest first)', query: '' },
      { name: 'name "김민준" + totalOrderPrice DESC', query: `searchTarget=name&searchKeyword=${q('김민준')}&orderBy=totalOrderPrice&orderDirection=DESC` },
      { name: 'name "이서연" + customerName ASC', query: `searchTarget=name&searchKeyword=${q('이서연')}&orderBy=customerName&orderDirection=ASC` },
      { name: 'name "서연" (2 chars) + registeredAt', query: `searchTarget=name&searchKeyword=${q('서연')}` },
      { name: 'phone "5678" + customerName ASC', query: `searchTarget=phone&searchKeyword=5678&orderBy=customerName&orderDirection=ASC` },
      { name: 'phone "010-1234" + latestOrderedAt DESC', query: `searchTarget=phone&searchKeyword=${q('010-1234')}&orderBy=latestOrderedAt&orderDirection=DESC` },
      { name: 'phone "73194" + totalOrderCount DESC', query: 'searchTarget=phone&searchKeyword=73194&orderBy=totalOrderCount&orderDirection=DESC' },
      { name: 'all targets, 3 terms + customerPoint DESC', query: `searchKeyword=${q('박지호,5555,user77@')}&orderBy=customerPoint&orderDirection=DESC` },
      { name: 'marketing Y + totalOrderPrice DESC, page 3', query: `filterOptions=${q('{"isAgreeMarketing":"Y"}')}&orderBy=totalOrderPrice&orderDirection=DESC&page=3` },
      { name: 'name "김" (1 char) + latestOrderedAt ASC', query: `searchTarget=name&searchKeyword=${q('김')}&orderBy=latestOrderedAt&orderDirection=ASC` },
    ];
    const results = await measureCases(app, headers, '/api/v1/admin/customers', cases, { warmUp: WARM_UP, runs: RUNS });

    // The overview: the figures once directly, then through the route (background, polled like the console).
    const o0 = performance.now();
    const figures = await computeOverview(database.db, t, new Date());
    const overviewMs = performance.now() - o0;
    const r0 = performance.now();
    const refresh = await app.inject({ method: 'POST', url: '/api/customer/v1/overview/refresh', headers });
    if (refresh.statusCode !== 202) throw new Error(`refresh: ${refresh.statusCode} ${refresh.body}`);
    await overviewRun(database.db, t);
    const routeMs = performance.now() - r0;
    const p0 = performance.now();
    await previewGrades(database.db, t, { list: [
      { idx: null, name: 'BASIC', groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0 },
      { idx: null, name: 'SILVER', groupNo: 2, minPurchaseAmount: 300_000, minPurchaseCount: 2 },
      { idx: null, name: 'GOLD', groupNo: 3, minPurchaseAmount: 800_000, minPurchaseCount: 4 },
    ] }, new Date());
    const previewMs = performance.now() - p0;
    const g0 = performance.now();
    const graded = await runGrades(database.db, t, new Date());
    const runMs = performance.now() - g0;
    const d0 = performance.now();
    const dash = await app.inject({ method: 'GET', url: '/api/v2/admin/customers/dashboard', headers });
    if (dash.statusCode !== 200) throw new Error(`dashboard: ${dash.statusCode}`);
    const dashboardMs = performance.now() - d0;
    await app.close();

    const table: CaseTable = { title: 'GET /v1/admin/customers case', nameWidth: 44, totalWidth: 16, goalP99Ms: GOAL_P99_MS };
    console.log(`\nCustomers on PostgreSQL: ${CUSTOMERS.toLocaleString('en-US')} customers in one tenant (+3,000 elsewhere), ${Number(orderCount).toLocaleString('en-US')} orders; customers inserted in ${(customersMs / 1000).toFixed(1)} s, all seeded in ${(seedMs / 1000).toFixed(1)} s. ${RUNS} requests per case after ${WARM_UP} warm-up, app.inject with a signed-in token.\n`);
    console.log(caseTableHeader(table));
    for (const r of results) console.log(caseTableRow(table, r));
    console.log(`\noverview recompute (one statement): ${(overviewMs / 1000).toFixed(2)} s  goal < ${GOAL_OVERVIEW_MS / 1000} s  ${overviewMs < GOAL_OVERVIEW_MS ? 'ok' : 'SLOW'}`);
    console.log(`overview through POST refresh until written: ${(routeMs / 1000).toFixed(2)} s  -> ${JSON.stringify(figures.metrics)}`);
    console.log(`grade preview (3 grades, 12 months of orders): ${(previewMs / 1000).toFixed(2)} s; grade run (the 03:00 job's work, ${graded.toLocaleString('en-US')} customers changed): ${(runMs / 1000).toFixed(2)} s; dashboard: ${dashboardMs.toFixed(0)} ms\n`);
    if (results.some((r) => r.p99 >= GOAL_P99_MS) || overviewMs >= GOAL_OVERVIEW_MS) process.exitCode = 1;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
