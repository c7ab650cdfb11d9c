import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { NFT_URL, guaranteeTenant } from '../../../tests/helpers/guarantees';
import { TOTAL_CAP } from '../../db/listTotals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `n` guarantees of the tenant, newest last, one in three waiting (status 1), written set-based. */
async function insertMany(tenantIdx: number, n: number) {
  await t.database.db.execute(sql`
    INSERT INTO nfts (tenant_idx, nft_number, nft_status, orderer_name, orderer_tel, product_name, public_token, created_at, updated_at)
    SELECT ${tenantIdx}, 'T-' || g, CASE WHEN g % 3 = 0 THEN 1 ELSE 3 END, '고객' || g, '010' || lpad(g::text, 8, '0'), '상품', md5(g::text) || md5(${String(tenantIdx)}),
      timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01' + g * interval '1 minute'
    FROM generate_series(1, ${n}) g`);
}

describe(`the guarantee list's total (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('counts exactly up to TOTAL_CAP and estimates above it, unfiltered (prepared) and filtered alike', async () => {
    const small = await guaranteeTenant(t);
    const big = await guaranteeTenant(t);
    await insertMany(small.tenantIdx, 30);
    await insertMany(big.tenantIdx, TOTAL_CAP + 1);
    await t.database.db.execute(sql`ANALYZE nfts`);
    const list = async (call: typeof small.call, query: string) => (await call({ method: 'GET', url: `${NFT_URL}?${query}` })).json().data;

    const first = await list(small.call, '');
    expect([first.total, first.totalIsEstimate, first.list.length]).toEqual([30, false, 25]);
    expect(first.list[0].ordererName).toBe('고객30');
    const second = await list(small.call, 'page=2&sort=ordererName,ASC');
    expect(second.list.map((r: { ordererName: string }) => r.ordererName)).toEqual(['고객5', '고객6', '고객7', '고객8', '고객9']);
    expect((await list(small.call, 'nftStatus=1')).total).toBe(10);

    for (const query of ['', 'sort=issuedAt,ASC', 'nftStatus=1,3']) {
      const page = await list(big.call, query);
      expect(page.totalIsEstimate, query).toBe(true);
      expect(page.total, query).toBeGreaterThan(TOTAL_CAP);
      expect(page.list).toHaveLength(25);
    }
  });
});
