/**
 * `npm run bench:after-service`: the repair history (GET /api/v1/admin/repair) on PostgreSQL with
 * 100,000 repair requests in one brand (issue 13: p99 under 50 ms for each filter).
 *
 * Creates a scratch database on the server of TEST_DATABASE_URL (see bench/lib.ts), seeds the demo
 * tenants, inserts the requests set-based (Korean names from 20 surnames × 40 given names, product names
 * from a small vocabulary, scattered phones, statuses drawn by hash, a year of createdAt, nine in ten
 * routed to repair@demo.test, options on a third), plus 20,000 laundry requests and 10,000 of another
 * brand, VACUUM ANALYZEs, then measures each filter through app.inject, as the brand and as the repairer.
 */
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { findAccountByEmail } from '../server/modules/accounts/repository';
import { caseTableHeader, caseTableRow, measureCases, signedInApp, withScratchDatabase, type CaseTable } from './lib';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const WARM_UP = 10;
const RUNS = 100;
const GOAL_P99_MS = 50;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = ['민준', '서연', '도윤', '서윤', '시우', '지우', '하준', '하은', '주원', '지호', '지유', '예준', '수아', '유준', '지안', '서준', '윤서', '은우', '채원', '도현',
  '지민', '건우', '다은', '우진', '소율', '선우', '예린', '연우', '시윤', '민서', '현우', '예은', '정우', '수빈', '승우', '지원', '시현', '하린', '준서', '서현'];
const PRODUCTS = ['가죽 토트백', '캔버스 백팩', '울 코트', '캐시미어 머플러', '레더 재킷', '스니커즈', '첼시 부츠', '실크 스카프', '크로스백', '카드지갑'];
const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`);
const STATUSES = sql.raw("ARRAY['request','preinspect','inspecting','working','complete','complete','shipping','shipping','shipping','cancel','exchanged']");

const insertRequests = (tenant: number, type: 'repair' | 'laundry', count: number, partner: number, option: number | null) => sql`
  INSERT INTO as_requests (tenant_idx, type, status, partner_idx, nft_idx, nft_number, product_name, customer_name, option_idx, request_message,
    receiver_name, receiver_phone, receiver_zip_code, receiver_address1, created_by, created_at, updated_at)
  SELECT ${tenant}, ${type}, (${STATUSES})[1 + (g * 7919) % 11], CASE WHEN g % 10 = 0 THEN NULL ELSE ${partner}::int END, g,
    'G' || to_char(now() - (g * 300 || ' seconds')::interval, 'YYMMDD') || '-' || g,
    (${arr(PRODUCTS)})[1 + (g * 31) % 10] || ' ' || (g % 97), (${arr(SURNAMES)})[1 + g % 20] || (${arr(GIVEN)})[1 + (g / 20) % 40],
    CASE WHEN g % 3 = 0 THEN ${option}::int END, '수선 요청 ' || g, '받는분', '010-' || lpad(((g::bigint * 7919) % 10000)::text, 4, '0') || '-' || lpad(((g::bigint * 104729) % 10000)::text, 4, '0'),
    '06236', '서울 강남구 테헤란로 ' || g, ${tenant}, now() - (g * 300 || ' seconds')::interval, now()
  FROM generate_series(1, ${count}) g`;

async function main() {
  await withScratchDatabase('after_service', async ({ database, dataDir, brand, other }) => {
    const repairer = (await findAccountByEmail(database.db, 'repair@demo.test'))!;
    const launderer = (await findAccountByEmail(database.db, 'laundry@demo.test'))!;
    const started = performance.now();
    const category = await database.db.execute(sql`INSERT INTO repair_categories (tenant_idx, name) VALUES (${brand.idx}, '가방') RETURNING idx`);
    const categoryIdx = Number((category as unknown as { rows: { idx: number }[] }).rows[0].idx);
    const option = await database.db.execute(sql`INSERT INTO repair_category_options (tenant_idx, category_idx, name) VALUES (${brand.idx}, ${categoryIdx}, '손잡이') RETURNING idx`);
    const optionIdx = Number((option as unknown as { rows: { idx: number }[] }).rows[0].idx);
    await database.db.execute(insertRequests(brand.idx, 'repair', REQUESTS, repairer.idx, optionIdx));
    await database.db.execute(insertRequests(brand.idx, 'laundry', 20_000, launderer.idx, null));
    await database.db.execute(insertRequests(other.idx, 'repair', 10_000, repairer.idx, null));
    await database.db.execute(sql`VACUUM ANALYZE as_requests`);
    const seedMs = performance.now() - started;

    const { app, headers } = await signedInApp(database, dataDir);
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/admin/partnerships/sign-in', payload: { email: 'repair@demo.test', password: DEMO_PASSWORD } });
    const repairHeaders = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const q = (s: string) => encodeURIComponent(s);
    const cases = [
      { name: 'default first page (25, newest first)', query: '' },
      { name: 'status request', query: 'status=request' },
      { name: 'status working,complete', query: 'status=working,complete' },
      { name: 'all fields "김민준"', query: `keyword=${q('김민준')}` },
      { name: 'customerName "서연"', query: `search=customerName&keyword=${q('서연')}` },
      { name: 'receiverPhone "5678"', query: 'search=receiverPhone&keyword=5678' },
      { name: 'productName "캐시미어"', query: `search=productName&keyword=${q('캐시미어')}` },
      { name: 'nftNumber "-4242"', query: 'search=nftNumber&keyword=-4242' },
      { name: 'last 30 Seoul days', query: `from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}` },
      { name: 'option + status shipping', query: `optionIdx=${optionIdx}&status=shipping` },
      { name: 'page 200', query: 'page=200' },
    ];
    const brandResults = await measureCases(app, headers, '/api/v1/admin/repair', cases, { warmUp: WARM_UP, runs: RUNS });
    const partnerResults = await measureCases(app, repairHeaders, '/api/v1/admin/repair', cases.map((c) => ({ ...c, name: `repairer: ${c.name}` })), { warmUp: WARM_UP, runs: RUNS });
    await app.close();

    const table: CaseTable = { title: 'GET /v1/admin/repair case', nameWidth: 48, totalWidth: 10, goalP99Ms: GOAL_P99_MS };
    console.log(`\nRepair history on PostgreSQL: ${REQUESTS.toLocaleString('en-US')} repair requests in one brand (+20,000 laundry, +10,000 of another brand), seeded in ${(seedMs / 1000).toFixed(1)} s. ${RUNS} requests per case after ${WARM_UP} warm-up, app.inject with a signed-in token.\n`);
    console.log(caseTableHeader(table));
    for (const r of [...brandResults, ...partnerResults]) console.log(caseTableRow(table, r));
    if ([...brandResults, ...partnerResults].some((r) => r.p99 >= GOAL_P99_MS)) process.exitCode = 1;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
