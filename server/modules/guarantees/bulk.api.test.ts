import { and, count, eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { NFT_URL, guaranteeTenant, messagesTo } from '../../../tests/helpers/guarantees';
import { GUARANTEE_API_MSG, GUARANTEE_MSG, NFT_BULK_CHUNK_CONCURRENCY, NFT_BULK_MAX_ROWS } from '../../../src/domain/guarantee';
import { mapConcurrent } from '../../../src/domain/concurrency';
import { FIELD_MSG } from '../../../src/domain/messages';
import { customers, nfts, products } from '../../db/schema';
import { nftNumberOf } from './rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BULK = `${NFT_URL}/bulk`;
const CATALOGUE = `${BULK}/catalogue`;
const row = (i: number, extra: Record<string, unknown> = {}) => ({
  ordererName: `고객${i}`, ordererTel: `0109${String(i).padStart(7, '0')}`, productName: `상품 ${i}`, orderedAt: '2026-11-20', ...extra,
});
const countOf = async (tenantIdx: number) => (await t.database.db.select({ n: count() }).from(nfts).where(eq(nfts.tenantIdx, tenantIdx)))[0].n;

describe(`bulk issue (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('creates every row as a request (1, excel) in row order, with its number, and sends no message', async () => {
    const a = await guaranteeTenant(t);
    const res = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'b-1', rows: [row(1), row(2), row(3)] } });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json().data.list as { row: number; idx: number; nftNumber: string }[];
    expect(result.map((r) => r.row)).toEqual([0, 1, 2]);
    // Numbers drawn in row order, each named after its idx (the INSERT computes them).
    expect(result.map((r) => r.idx)).toEqual([...result.map((r) => r.idx)].sort((x, y) => x - y));
    expect(result.map((r) => r.nftNumber)).toEqual(result.map((r) => nftNumberOf('GUARANTEE', r.idx, t.clock.now())));
    const stored = await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, a.tenantIdx)).orderBy(nfts.batchRow);
    expect(stored.map((s) => [s.idx, s.nftNumber, s.nftStatus, s.requestRoute, s.ordererName])).toEqual(
      result.map((r, i) => [r.idx, r.nftNumber, 1, 'excel', `고객${i + 1}`]),
    );
    expect(await messagesTo(t, '01090000001')).toEqual([]);
  });

  it('bulk-issued rows are found by every search: two-character name and product terms (bigrams, repeats included), longer terms, phone, number, order id', async () => {
    const a = await guaranteeTenant(t);
    const res = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'b-search', rows: [
      row(1, { ordererName: '나나나', productName: '가방 가방', refOrderId: 'ORD-7781' }),
      row(2, { ordererName: 'Kim Minjun', productName: 'Leather Wallet' }),
      row(3, { ordererName: '이영희', productName: '스카프' }),
    ] } });
    expect(res.statusCode, res.body).toBe(201);
    const [first] = res.json().data.list as { nftNumber: string }[];
    const names = async (query: string) => ((await a.call({ method: 'GET', url: `${NFT_URL}?${query}` })).json().data.list as { ordererName: string }[])
      .map((g) => g.ordererName).sort();
    const enc = encodeURIComponent;
    expect(await names(`search=ordererName&keyword=${enc('나나')}`)).toEqual(['나나나']);
    expect(await names(`search=productName&keyword=${enc('가방')}`)).toEqual(['나나나']);
    expect(await names(`keyword=${enc('영희')}`)).toEqual(['이영희']);
    expect(await names('search=ordererName&keyword=mi')).toEqual(['Kim Minjun']);
    expect(await names('search=productName&keyword=WALLET')).toEqual(['Kim Minjun']);
    expect(await names('search=ordererTel&keyword=0000002')).toEqual(['Kim Minjun']);
    expect(await names(`search=nftNumber&keyword=${first.nftNumber.slice(-7)}`)).toEqual(['나나나']);
    expect(await names('keyword=ord-7781')).toEqual(['나나나']);
    expect(await names(`search=ordererName&keyword=${enc('홍길')}`)).toEqual([]);
  });

  it('links a model number of the catalogue and refuses a different product name for it; refuses bad image URLs', async () => {
    const a = await guaranteeTenant(t);
    const [product] = await t.database.db.insert(products).values({ tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: '시그니처 토트백', code: 'DB-BAG-001', price: 990_000, categoryCode: 1 }).returning();
    const bad = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'b-2', rows: [
      row(1, { modelNumber: 'DB-BAG-001', productName: '시그니처 토트백' }),
      row(2, { modelNumber: 'DB-BAG-001', productName: '다른 이름' }),
      row(3, { productImage: 'https://cdn.example.com/a.gif' }),
      row(4, { ordererTel: '07012345678' }),
    ] } });
    expect(bad.statusCode).toBe(201);
    expect(bad.json().data.failed.map((f: { row: number; errors: object }) => [f.row, f.errors])).toEqual([
      [1, { productName: GUARANTEE_MSG.productMismatch }],
      [2, { productImage: GUARANTEE_MSG.imageUrlInvalid }],
      [3, { ordererTel: GUARANTEE_MSG.safeNumberRejected }],
    ]);
    expect(await countOf(a.tenantIdx)).toBe(1);
    const okRes = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'b-3', rows: [row(2, { modelNumber: 'NEW-1' })] } });
    expect(okRes.statusCode).toBe(201);
    const stored = await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, a.tenantIdx)).orderBy(nfts.idx);
    expect(stored.map((s) => [s.partnersProductIdx, s.price, s.categoryCode, s.modelNumber])).toEqual([[product.idx, 990_000, 1, 'DB-BAG-001'], [null, null, null, 'NEW-1']]);
  });

  it('the catalogue lookup answers the product of each model number as the bulk issue sees it: exact code, this tenant, first registered', async () => {
    const a = await guaranteeTenant(t);
    const b = await guaranteeTenant(t);
    const [first] = await t.database.db.insert(products).values({ tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: '시그니처 토트백', code: 'DB-BAG-001' }).returning();
    const [later] = await t.database.db.insert(products).values({ tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: '나중 상품', code: 'DB-BAG-001' }).returning();
    const [wallet] = await t.database.db.insert(products).values({ tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: '반지갑', code: 'WAL-1' }).returning();
    await t.database.db.insert(products).values([
      { tenantIdx: b.tenantIdx, brandIdx: b.brandIdx, name: 'B의 토트백', code: 'DB-BAG-001' },
      { tenantIdx: b.tenantIdx, brandIdx: b.brandIdx, name: 'B만의 상품', code: 'B-ONLY' },
    ]);
    expect(later.idx).toBeGreaterThan(first.idx);
    const res = await a.call({ method: 'POST', url: CATALOGUE, payload: { modelNumbers: [' DB-BAG-001 ', 'WAL-1', 'B-ONLY', 'NONE', 'db-bag-001', 'DB-BAG-001', ''] } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as { modelNumber: string; idx: number; name: string }[];
    expect([...list].sort((x, y) => x.idx - y.idx)).toEqual([
      { modelNumber: 'DB-BAG-001', idx: first.idx, name: '시그니처 토트백' },
      { modelNumber: 'WAL-1', idx: wallet.idx, name: '반지갑' },
    ]);
    // The bulk issue applies the same product: the later product's name is refused, the first one's linked.
    const refused = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'cat-1', rows: [row(1, { modelNumber: 'DB-BAG-001', productName: '나중 상품' })] } });
    expect(refused.json().data).toEqual({
      list: [], failed: [{ row: 0, code: 'VALIDATION_FAILED', message: GUARANTEE_MSG.productMismatch, errors: { productName: GUARANTEE_MSG.productMismatch } }],
    });
    const linked = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'cat-2', rows: [row(1, { modelNumber: 'DB-BAG-001', productName: '시그니처 토트백' })] } });
    expect(linked.statusCode).toBe(201);
    expect((await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, a.tenantIdx)))[0].partnersProductIdx).toBe(first.idx);
  });

  it('the catalogue lookup takes 1..1000 model numbers as strings, else 400 naming modelNumbers', async () => {
    const a = await guaranteeTenant(t);
    for (const payload of [{}, { modelNumbers: [] }, { modelNumbers: ['A', 7] }, { modelNumbers: Array.from({ length: NFT_BULK_MAX_ROWS + 1 }, (_, i) => `M-${i}`) }]) {
      const res = await a.call({ method: 'POST', url: CATALOGUE, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().errors).toEqual({ modelNumbers: GUARANTEE_API_MSG.modelNumbersInvalid });
    }
    // A string where the documented body has a list is refused by the input guards before the handler.
    const notAList = await a.call({ method: 'POST', url: CATALOGUE, payload: { modelNumbers: 'DB-BAG-001' } });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().errors).toEqual({ modelNumbers: FIELD_MSG.valueInvalid });
    const full = await a.call({ method: 'POST', url: CATALOGUE, payload: { modelNumbers: Array.from({ length: NFT_BULK_MAX_ROWS }, (_, i) => `M-${i}`) } });
    expect(full.statusCode).toBe(200);
    expect(full.json().data.list).toEqual([]);
  });

  it('checks the envelope: batch key, 1..1000 rows', async () => {
    const a = await guaranteeTenant(t);
    const none = await a.call({ method: 'POST', url: BULK, payload: { rows: [] } });
    expect(none.json().errors).toEqual({ batchKey: GUARANTEE_API_MSG.batchKeyRequired, rows: GUARANTEE_API_MSG.rowsRequired });
    const tooMany = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'x', rows: Array.from({ length: NFT_BULK_MAX_ROWS + 1 }, (_, i) => row(i)) } });
    expect(tooMany.json().errors).toEqual({ rows: GUARANTEE_API_MSG.rowsMax });
  });

  it('a chunk creates every row that passes and names each other row with its own reason; a retry answers the same rows and creates nothing', async () => {
    const a = await guaranteeTenant(t);
    const rows = [row(1), row(2), row(3, { ordererName: '' }), row(4), row(5), row(6, { storeIdx: 99_999_999 })];
    const first = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'mixed', rows } });
    expect(first.statusCode, first.body).toBe(201);
    const { list, failed } = first.json().data as { list: { row: number }[]; failed: { row: number; code: string; errors: Record<string, string> }[] };
    expect(list.map((r) => r.row)).toEqual([0, 1, 3, 4]);
    expect(failed).toEqual([
      { row: 2, code: 'VALIDATION_FAILED', message: expect.any(String), errors: { ordererName: expect.any(String) } },
      { row: 5, code: 'VALIDATION_FAILED', message: GUARANTEE_API_MSG.storeInvalid, errors: { storeIdx: GUARANTEE_API_MSG.storeInvalid } },
    ]);
    const stored = await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, a.tenantIdx)).orderBy(nfts.batchRow);
    expect(stored.map((s) => [s.batchRow, s.ordererName, s.nftStatus])).toEqual([[0, '고객1', 1], [1, '고객2', 1], [3, '고객4', 1], [4, '고객5', 1]]);
    const retry = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'mixed', rows } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countOf(a.tenantIdx)).toBe(4);
  });

  it('the same batchKey answers the first result with 200 and inserts nothing twice, even when requests race', async () => {
    const a = await guaranteeTenant(t);
    const rows = [row(1), row(2), row(1, { ordererName: '같은 번호' })];
    const first = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'same', rows } });
    const again = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'same', rows } });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const raced = await Promise.all([1, 2, 3].map(() => a.call({ method: 'POST', url: BULK, payload: { batchKey: 'race', rows } })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(raced[1].json()).toEqual(raced[0].json());
    expect(await countOf(a.tenantIdx)).toBe(6);
    // Customers deduplicated by phone: rows 0 and 2 share one.
    expect((await t.database.db.select({ n: count() }).from(customers).where(eq(customers.tenantIdx, a.tenantIdx)))[0].n).toBe(2);
    const stored = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, a.tenantIdx), like(nfts.batchKey, '%race')));
    expect(stored.find((s) => s.batchRow === 0)!.customerIdx).toBe(stored.find((s) => s.batchRow === 2)!.customerIdx);
    // The customer created for a shared phone carries its first row's name.
    const [shared] = await t.database.db.select().from(customers).where(eq(customers.idx, stored.find((s) => s.batchRow === 2)!.customerIdx!));
    expect(shared.name).toBe('고객1');
  });

  it('the chunks of one upload sent concurrently (NFT_BULK_CHUNK_CONCURRENCY) give the same rows, answers and refusals as sent one after another', async () => {
    // Phones repeat across chunks (customers shared between chunks, named alike); chunk 2 has a bad row, refused alone.
    const sheet = Array.from({ length: 4 }, (_, c) => Array.from({ length: 250 }, (_, r) => {
      const i = c * 250 + r;
      return row(i % 300, c === 2 && r === 17 ? { ordererName: '' } : { productName: `상품 ${i}`, refOrderId: `O-${i}` });
    }));
    const upload = async (concurrency: number) => {
      const a = await guaranteeTenant(t);
      const answers: { status: number; body: unknown }[] = [];
      await mapConcurrent(sheet, concurrency, async (rows, c) => {
        const res = await a.call({ method: 'POST', url: BULK, payload: { batchKey: `up-${c}`, rows } });
        answers[c] = { status: res.statusCode, body: res.json() };
      });
      // A chunk again under its key: its first answer, its refused row included.
      const replayed = await a.call({ method: 'POST', url: BULK, payload: { batchKey: 'up-2', rows: sheet[2] } });
      expect(replayed.statusCode).toBe(200);
      expect(replayed.json()).toEqual(answers[2].body);
      const stored = await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, a.tenantIdx)).orderBy(nfts.batchKey, nfts.batchRow);
      const people = await t.database.db.select().from(customers).where(eq(customers.tenantIdx, a.tenantIdx)).orderBy(customers.phone);
      const byIdx = new Map(stored.map((s) => [s.idx, s]));
      for (const { body } of answers.filter((x) => x.status === 201)) {
        const list = (body as { data: { list: { row: number; idx: number; nftNumber: string }[] } }).data.list;
        // Each chunk's numbers drawn in its row order, and the answer names its own rows.
        expect(list.map((r) => r.idx)).toEqual([...list.map((r) => r.idx)].sort((x, y) => x - y));
        for (const r of list) expect([byIdx.get(r.idx)!.batchRow, byIdx.get(r.idx)!.nftNumber]).toEqual([r.row, r.nftNumber]);
      }
      const phoneOf = new Map(people.map((p) => [p.idx, p.phone]));
      return {
        answers: answers.map(({ status, body }) => {
          const { list, failed } = (body as { data: { list: unknown[]; failed: { row: number; errors: object }[] } }).data;
          return { status, rows: list.length, failed: failed.map((f) => [f.row, Object.keys(f.errors)]) };
        }),
        rows: stored.map((s) => [s.batchKey, s.batchRow, s.nftStatus, s.requestRoute, s.ordererName, s.ordererTel, s.productName, s.refOrderId, phoneOf.get(s.customerIdx!)]),
        customers: people.map((p) => [p.phone, p.name]),
      };
    };
    const sequential = await upload(1);
    const concurrent = await upload(NFT_BULK_CHUNK_CONCURRENCY);
    expect(sequential.answers).toEqual([
      { status: 201, rows: 250, failed: [] }, { status: 201, rows: 250, failed: [] },
      { status: 201, rows: 249, failed: [[17, ['ordererName']]] }, { status: 201, rows: 250, failed: [] },
    ]);
    expect(sequential.rows).toHaveLength(999);
    expect(sequential.customers).toHaveLength(300);
    expect(concurrent).toEqual(sequential);
  });

  it('10,000 rows in 10 chunks of 1,000, set-based', async () => {
    const a = await guaranteeTenant(t);
    await t.database.db.insert(products).values(Array.from({ length: 50 }, (_, i) => ({ tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: `카탈로그 ${i}`, code: `CAT-${i}` })));
    const chunks = Array.from({ length: 10 }, (_, c) => Array.from({ length: 1000 }, (_, r) => {
      const i = c * 1000 + r;
      return row(i, i % 5 === 0 ? { modelNumber: `CAT-${i % 50}`, productName: `카탈로그 ${i % 50}` } : { modelNumber: `FREE-${i}` });
    }));
    for (const [c, rows] of chunks.entries()) {
      const res = await a.call({ method: 'POST', url: BULK, payload: { batchKey: `big-${c}`, rows } });
      expect(res.statusCode).toBe(201);
    }
    // Speed is measured by bench:bulk-issue, not here: a timed bound fails on a busy machine.
    expect(await countOf(a.tenantIdx)).toBe(10_000);
  });
});
