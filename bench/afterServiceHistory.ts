/**
 * `npm run bench:after-service`: the repair history (GET /api/v1/admin/repair) on PostgreSQL with
 * 100,000 requests in one brand (issue 13's benchmark: p99 under 50 ms for each filter), for the
 * brand and for its repair partner (the partner's scope is requests routed to it).
 *
 * A scratch database on the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * gets the demo tenants, three repair categories with options, and the requests set-based (INSERT ...
 * SELECT generate_series), 80% routed to repair@demo.test; then VACUUM ANALYZE and 200 timed requests
 * per case after a warm-up, through app.inject with real signed-in tokens.
 */
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { rowsOf } from '../server/modules/products/service';
import { addDays, seoulToday } from '../src/domain/seoulDay';
import { caseTableHeader, caseTableRow, measureCases, signedInApp, withScratchDatabase, type CaseTable, type ListCase } from './lib';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const OTHER_TENANT_ROWS = 10_000;
const WARM_UP = 20;
const RUNS = 200;
const GOAL_P99_MS = 50;

/** Requests of `tenant` set-based: statuses by hash (most finished), created over two years, names and phones as the guarantee bench draws them. */
const insertRequestsSql = (tenant: number, count: number, offset: number, partnerIdx: number | null, optionIdxs: number[]) => sql`
  INSERT INTO as_requests (tenant_idx, idx, type, status, partner_idx, nft_idx, nft_number, product_name, customer_idx, customer_name,
    category_idx, option_idx, request_message, receiver_name, receiver_phone, receiver_zip_code, receiver_address1, receiver_address2,
    pre_estimate_amount, estimate_amount, created_by, created_at, updated_at, completed_at)
  SELECT ${tenant}, g + ${offset}, 'repair', st, CASE WHEN g % 5 = 0 THEN NULL ELSE ${partnerIdx}::int END, g + ${offset},
    'G' || to_char(ts, 'YYMMDD') || '-' || lpad((g + ${offset})::text, 7, '0'),
    (ARRAY['시그니처','클래식','모던','빈티지','데일리','프리미엄'])[1 + g % 6] || ' ' || (ARRAY['Leather Tote','Zip Wallet','Diver Watch','Wool Coat','Loafer'])[1 + (g / 6) % 5],
    NULL,
    (ARRAY['김','이','박','최','정','강','조','윤','장','임'])[1 + g % 10] || (ARRAY['민준','서연','지호','수아','예준','하은','도윤','지우','서준','하린','시우','채원','주원','지아','건우','윤서','현우','다은','선우','소율'])[1 + (g / 10) % 20],
    NULL, (${sql.raw(`ARRAY[${optionIdxs.join(',')}]`)})[1 + g % ${optionIdxs.length}],
    '가죽 모서리가 해졌어요', '수령인', '010' || lpad(((g::bigint * 7919 + 1234567) % 100000000)::text, 8, '0'), '06236', '서울 강남구 테헤란로 1', '',
    CASE WHEN st <> 'request' THEN 30000 END, CASE WHEN st NOT IN ('request', 'preinspect') THEN 50000 END, 1, ts, ts,
    CASE WHEN st IN ('complete', 'shipping') THEN ts + interval '3 day' END
  FROM (
    SELECT g, now() - (g * interval '631 seconds') AS ts,
      (ARRAY['request','preinspect','inspecting','working','complete','complete','shipping','shipping','shipping','cancel','exchanged','shipping'])[1 + abs(hashint4(g)::bigint) % 12] AS st
    FROM generate_series(1, ${count}) g
  ) s`;

function cases(today: string, optionIdx: number): ListCase[] {
  const enc = encodeURIComponent;
  const monthAgo = addDays(today, -30);
  return [
    { name: 'default first page', query: '' },
    { name: 'status request', query: 'status=request' },
    { name: 'status shipping', query: 'status=shipping' },
    { name: 'last 30 days', query: `from=${monthAgo}&to=${today}` },
    { name: 'status working + 30 days', query: `status=working&from=${monthAgo}&to=${today}` },
    { name: 'option', query: `optionIdx=${optionIdx}` },
    { name: 'customer name "박지호"', query: `search=customerName&keyword=${enc('박지호')}` },
    { name: 'phone contains "45678"', query: 'search=receiverPhone&keyword=45678' },
    { name: 'product contains "wallet"', query: 'search=productName&keyword=wallet' },
    { name: 'certificate number', query: `search=nftNumber&keyword=${enc('-0050000')}` },
    { name: 'all fields "지우"', query: `keyword=${enc('지우')}` },
    { name: 'deep page (page 200)', query: 'page=200' },
  ];
}

async function main() {
  const ok = await withScratchDatabase('as', async ({ database, dataDir, brand, other }) => {
    const repairer = (await findAccountByEmail(database.db, 'repair@demo.test'))!;
    const optionIdxs: number[] = [];
    for (const name of ['가방', '시계', '의류']) {
      const [c] = rowsOf<{ idx: number }>(await database.db.execute(sql`INSERT INTO repair_categories (tenant_idx, name) VALUES (${brand.idx}, ${name}) RETURNING idx`));
      for (const option of ['수선', '세척', '교체']) {
        const [o] = rowsOf<{ idx: number }>(await database.db.execute(sql`INSERT INTO repair_category_options (tenant_idx, category_idx, name) VALUES (${brand.idx}, ${c.idx}, ${option}) RETURNING idx`));
        optionIdxs.push(o.idx);
      }
    }
    await database.db.execute(sql`INSERT INTO as_partner_links (tenant_idx, type, partner_idx, status, invited_by, accepted_at) VALUES (${brand.idx}, 'repair', ${repairer.idx}, 'active', ${brand.idx}, now())`);
    const started = performance.now();
    await database.db.execute(insertRequestsSql(brand.idx, REQUESTS, 1_000_000, repairer.idx, optionIdxs));
    await database.db.execute(insertRequestsSql(other.idx, OTHER_TENANT_ROWS, 2_000_000, null, optionIdxs));
    await database.db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('as_requests', 'idx'), 3000000)`));
    await database.db.execute(sql`VACUUM ANALYZE as_requests`);
    const seedMs = performance.now() - started;

    const { app, headers } = await signedInApp(database, dataDir);
    const partnerSignIn = await app.inject({ method: 'POST', url: '/api/v1/admin/partnerships/sign-in', payload: { email: 'repair@demo.test', password: DEMO_PASSWORD } });
    const partnerHeaders = { authorization: `Bearer ${partnerSignIn.json().data.token as string}` };
    const table: CaseTable = { title: 'case', nameWidth: 44, totalWidth: 10, goalP99Ms: GOAL_P99_MS };
    console.log(`\nRepair history on PostgreSQL: ${REQUESTS.toLocaleString('en-US')} requests in one brand (+${OTHER_TENANT_ROWS.toLocaleString('en-US')} elsewhere), loaded and analyzed in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} requests per case after ${WARM_UP} warm-up.\n`);
    console.log(caseTableHeader(table));
    const all = cases(seoulToday(Date.now()), optionIdxs[4]);
    const brandResults = await measureCases(app, headers, '/api/v1/admin/repair', all.map((c) => ({ ...c, name: `brand: ${c.name}` })), {
      warmUp: WARM_UP, runs: RUNS, onResult: (r) => console.log(caseTableRow(table, r)),
    });
    const partnerResults = await measureCases(app, partnerHeaders, '/api/v1/admin/repair', all.map((c) => ({ ...c, name: `repairer: ${c.name}` })), {
      warmUp: WARM_UP, runs: RUNS, onResult: (r) => console.log(caseTableRow(table, r)),
    });
    await app.close();
    return [...brandResults, ...partnerResults].every((r) => r.p99 < GOAL_P99_MS);
  }, 'postgres://postgres@127.0.0.1:5432/postgres');
  console.log(ok ? '\nEvery case meets the goal.' : '\nSome cases miss the goal.');
}

await main();
