import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { uploadImage } from '../../../tests/helpers/uploads';
import { FIELD_MSG } from '../../../src/domain/messages';
import { LIST_MSG } from '../../../src/domain/listQuery';
import { PRODUCT_MSG } from '../../../src/domain/product';
import { bodyJsonSchemaOf, recordJsonSchemaOf } from '../../../src/domain/resource';
import { productResource } from '../../../src/domain/resources/product';
import { brands, partnerships, products } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { TOTAL_CAP } from '../../db/listTotals';

const URL = '/api/v1/admin/partners-product';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
async function brandAccount() {
  const brand = await confirmedBrand(t, { email: uniqueEmail('brand') });
  const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
  const [own] = await t.database.db.select().from(brands).where(eq(brands.tenantIdx, tenantIdx));
  return { call: as(t, brand.token), tenantIdx, brandIdx: own.idx, brandName: own.name };
}

/** A multi-brand (cooperator) tenant with two brands of its own. */
async function cooperatorAccount() {
  const a = await brandAccount();
  await t.database.db.update(partnerships).set({ b2bType: 'cooperator' }).where(eq(partnerships.idx, a.tenantIdx));
  const [second] = await t.database.db.insert(brands).values({ tenantIdx: a.tenantIdx, name: '세컨드브랜드', englishName: 'SECOND' }).returning();
  return { ...a, secondBrandIdx: second.idx };
}

const create = async (call: Call, body: Record<string, unknown>) => {
  const res = await call({ method: 'POST', url: URL, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { idx: number } & Record<string, unknown>;
};
const list = async (call: Call, query: string) => {
  const res = await call({ method: 'GET', url: `${URL}?${query}` });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { list: Record<string, unknown>[]; total: number; totalIsEstimate: boolean };
};
const names = (l: { list: Record<string, unknown>[] }) => l.list.map((p) => p.name);

describe(`products (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('documents and guards its routes with the schemas of its definition', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters?: { name: string }[] }>>;
    const body = bodyJsonSchemaOf(productResource) as { properties: object; required: string[] };
    const posted = paths['/api/v1/admin/partners-product'].post.requestBody?.content['application/json'].schema as typeof body & { properties: Record<string, object> };
    expect(Object.keys(posted.properties)).toEqual(Object.keys(body.properties));
    expect(posted.required).toEqual(body.required);
    expect(posted.properties.price).toMatchObject({ minimum: 0, maximum: 100_000_000 });
    expect(posted.properties.categoryCode).toMatchObject({ enum: expect.arrayContaining([1, 7]) });
    expect(paths['/api/v1/admin/partners-product/{idx}'].patch.requestBody?.content['application/json'].schema).not.toHaveProperty('required');
    expect(paths['/api/v1/admin/partners-product'].get.parameters?.map((p) => p.name)).toEqual(
      ['page', 'pageSize', 'searchType', 'searchText', 'brandIdx', 'categoryCode', 'startDate', 'endDate', 'sort'],
    );
    const answered = Object.keys((recordJsonSchemaOf(productResource) as { properties: object }).properties);
    const got = paths['/api/v1/admin/partners-product/{idx}'].get as unknown as { responses: { 200: { content: Record<string, { schema: { properties: { data: { properties: object } } } }> } } };
    expect(Object.keys(got.responses[200].content['application/json'].schema.properties.data.properties)).toEqual(answered);
    const { call } = await brandAccount();
    // The body kinds of the definition refuse an object where a name is declared, before any handler.
    const wrongKind = await call({ method: 'POST', url: URL, payload: { name: { a: 1 } } });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toEqual({ name: FIELD_MSG.valueInvalid });
  });

  it('creates and reads a product with the brand-type account\'s own brand and the category name', async () => {
    const { call, brandIdx, brandName } = await brandAccount();
    const created = await create(call, {
      name: '  시그니처 토트백 ', code: 'DB-BAG-001', barcode: '8801234567890', modelNum: 'DBBAG001', price: '1,290,000', paymentAmount: 1_100_000,
      warranty: '1년 무상 수리', categoryCode: 1, material: '소가죽', size: '34 x 27', weight: '0.9 kg', code2: 'ignored',
    });
    expect(created).toMatchObject({
      brandIdx, brandName, name: '시그니처 토트백', code: 'DB-BAG-001', barcode: '8801234567890', modelNum: 'DBBAG001', price: 1_290_000,
      paymentAmount: 1_100_000, categoryCode: 1, categoryName: '가방', material: '소가죽', productImage: null,
    });
    expect(created).not.toHaveProperty('code2');
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}` })).json().data).toEqual(created);
  });

  it('validates every field with a message naming it', async () => {
    const { call } = await brandAccount();
    const bad = await call({ method: 'POST', url: URL, payload: { name: '', price: 100_000_001, paymentAmount: '12a', warranty: 'x'.repeat(2001), categoryCode: 8, material: 'm'.repeat(101) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        name: PRODUCT_MSG.nameRequired, price: PRODUCT_MSG.priceMax, paymentAmount: PRODUCT_MSG.priceFormat, warranty: PRODUCT_MSG.warrantyMax,
        categoryCode: PRODUCT_MSG.categoryInvalid, material: PRODUCT_MSG.textTooLong,
      },
    });
    const edges = await create(call, { name: '경계값', price: 100_000_000, warranty: 'x'.repeat(2000), categoryCode: 7 });
    expect(edges).toMatchObject({ price: 100_000_000, categoryName: '잡화' });
    expect((edges.warranty as string).length).toBe(2000);
    for (const code of [1, 2, 3, 4, 5, 6, 7]) expect((await create(call, { name: `c${code}`, categoryCode: code })).categoryCode).toBe(code);
    expect((await call({ method: 'POST', url: URL, payload: { name: 'n'.repeat(101) } })).json().errors).toEqual({ name: PRODUCT_MSG.nameTooLong });
    expect((await call({ method: 'POST', url: URL, payload: { name: 'x', price: -1 } })).json().errors).toEqual({ price: PRODUCT_MSG.priceFormat });
  });

  it('requires a brand of the tenant\'s own from a cooperator, and refuses another tenant\'s brand to anyone', async () => {
    const coop = await cooperatorAccount();
    const brand = await brandAccount();
    const missing = await coop.call({ method: 'POST', url: URL, payload: { name: '브랜드 없음' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ brandIdx: PRODUCT_MSG.brandRequired });
    const own = await create(coop.call, { name: '세컨드 상품', brandIdx: coop.secondBrandIdx });
    expect(own).toMatchObject({ brandIdx: coop.secondBrandIdx, brandName: '세컨드브랜드' });
    const foreign = await coop.call({ method: 'POST', url: URL, payload: { name: '남의 브랜드', brandIdx: brand.brandIdx } });
    expect(foreign.json().errors).toEqual({ brandIdx: FIELD_MSG.brandInvalid });
    const foreignToBrand = await brand.call({ method: 'POST', url: URL, payload: { name: '남의 브랜드', brandIdx: coop.brandIdx } });
    expect(foreignToBrand.json().errors).toEqual({ brandIdx: FIELD_MSG.brandInvalid });
    expect((await create(brand.call, { name: '내 브랜드', brandIdx: brand.brandIdx })).brandIdx).toBe(brand.brandIdx);
  });

  it('searches by each search type, any of several terms, contains and case-insensitive', async () => {
    const { call } = await brandAccount();
    await create(call, { name: 'Leather Tote', code: 'DB-BAG-001', barcode: '880000111' });
    await create(call, { name: '캔버스 쇼퍼백', code: 'DB-BAG-002', barcode: '880000222' });
    await create(call, { name: '오토매틱 워치', code: 'DB-WAT-001', barcode: '990000333' });
    await create(call, { name: '100% 실크 스카프', code: 'DB_ACC_001', barcode: '990000444' });

    expect(names(await list(call, 'searchType=name&searchText=leather'))).toEqual(['Leather Tote']);
    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent('쇼퍼, 워치')}`))).toEqual(['오토매틱 워치', '캔버스 쇼퍼백']);
    expect(names(await list(call, 'searchType=name&searchText=bag-001'))).toEqual([]);
    expect(names(await list(call, 'searchType=code&searchText=bag-00'))).toEqual(['캔버스 쇼퍼백', 'Leather Tote']);
    expect(names(await list(call, `searchType=barcode&searchText=${encodeURIComponent('0111\n0333')}`))).toEqual(['오토매틱 워치', 'Leather Tote']);
    expect((await list(call, 'searchType=all&searchText=990000,tote')).total).toBe(3);
    expect((await list(call, 'searchText=WAT')).total).toBe(1);
    // Wildcards are literal: '%' and '_' match only themselves.
    expect(names(await list(call, `searchText=${encodeURIComponent('100%')}`))).toEqual(['100% 실크 스카프']);
    expect(names(await list(call, 'searchType=code&searchText=_ACC'))).toEqual(['100% 실크 스카프']);
    expect((await list(call, 'searchType=name&searchText=%25')).total).toBe(1);

    const tooMany = await call({ method: 'GET', url: `${URL}?searchText=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { searchText: LIST_MSG.tooManyTerms } });
    expect((await list(call, `searchText=${Array.from({ length: 10 }, (_, i) => `t${i}`).join(',')}`)).total).toBe(0);
    expect((await call({ method: 'GET', url: `${URL}?searchType=color&page=0` })).json().errors).toEqual({
      searchType: FIELD_MSG.searchTypeInvalid, page: FIELD_MSG.pageInvalid,
    });
  });

  it('finds terms of one and two characters too (two-character terms use the bigram index)', async () => {
    const { call } = await brandAccount();
    await create(call, { name: '레더 토트 가방', code: 'DB-BAG-1', barcode: '8801' });
    await create(call, { name: '가죽 지갑', code: 'XY-WAL-2', barcode: '8802' });
    await create(call, { name: '스마트 시계', code: 'DB-WAT-3', barcode: '9903' });
    await create(call, { name: 'Tote 가', code: 'ZZ', barcode: '99' });

    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent('가방')}`))).toEqual(['레더 토트 가방']);
    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent('가방,시계')}`))).toEqual(['스마트 시계', '레더 토트 가방']);
    expect(names(await list(call, 'searchType=code&searchText=db'))).toEqual(['스마트 시계', '레더 토트 가방']);
    expect(names(await list(call, 'searchType=name&searchText=db'))).toEqual([]);
    expect(names(await list(call, 'searchType=barcode&searchText=99'))).toEqual(['Tote 가', '스마트 시계']);
    expect(names(await list(call, 'searchType=all&searchText=zz,02'))).toEqual(['Tote 가', '가죽 지갑']);
    expect(names(await list(call, 'searchType=all&searchText=TO'))).toEqual(['Tote 가']);
    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent('토트')}`))).toEqual(['레더 토트 가방']);
    // Terms are trimmed: ' 트 ' is the one-character term '트'.
    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent(' 트 ')}`))).toEqual(['스마트 시계', '레더 토트 가방']);
    expect(names(await list(call, `searchType=name&searchText=${encodeURIComponent('가')}`))).toEqual(['Tote 가', '가죽 지갑', '레더 토트 가방']);
    expect(names(await list(call, 'searchType=code&searchText=-'))).toEqual(['스마트 시계', '가죽 지갑', '레더 토트 가방']);
  });

  it('filters by brand, categories and an inclusive Seoul date range', async () => {
    const coop = await cooperatorAccount();
    const at = async (p: { idx: number }, iso: string) =>
      t.database.db.update(products).set({ createdAt: new Date(iso) }).where(and(eq(products.tenantIdx, coop.tenantIdx), eq(products.idx, p.idx)));
    await at(await create(coop.call, { name: '22일', brandIdx: coop.brandIdx, categoryCode: 1 }), '2026-11-22T14:59:59Z'); // 23:59:59 on 22 Nov in Seoul
    await at(await create(coop.call, { name: '23일', brandIdx: coop.secondBrandIdx, categoryCode: 3 }), '2026-11-22T15:00:00Z'); // 00:00 on 23 Nov in Seoul
    await at(await create(coop.call, { name: '24일', brandIdx: coop.secondBrandIdx, categoryCode: 5 }), '2026-11-24T03:00:00Z');

    expect(names(await list(coop.call, `brandIdx=${coop.secondBrandIdx}`))).toEqual(['24일', '23일']);
    expect(names(await list(coop.call, 'categoryCode=1,5'))).toEqual(['24일', '22일']);
    expect(names(await list(coop.call, 'startDate=2026-11-22&endDate=2026-11-22'))).toEqual(['22일']);
    expect(names(await list(coop.call, 'startDate=2026-11-23'))).toEqual(['24일', '23일']);
    expect(names(await list(coop.call, 'endDate=2026-11-23'))).toEqual(['23일', '22일']);
    const bad = await coop.call({ method: 'GET', url: `${URL}?startDate=2026-02-30&endDate=yesterday&categoryCode=9` });
    expect(bad.json().errors).toEqual({ startDate: FIELD_MSG.dateFormat, endDate: FIELD_MSG.dateFormat, categoryCode: FIELD_MSG.categoryListInvalid });
  });

  it('sorts on the whitelist and pages with the allowed page sizes', async () => {
    const { call } = await brandAccount();
    const ids: number[] = [];
    for (const [name, price] of [['다', 300], ['가', 100], ['나', 200]] as const) ids.push((await create(call, { name, price })).idx);
    expect(names(await list(call, ''))).toEqual(['나', '가', '다']);
    expect(names(await list(call, 'sort=name,ASC'))).toEqual(['가', '나', '다']);
    expect(names(await list(call, 'sort=price,DESC'))).toEqual(['다', '나', '가']);
    expect(names(await list(call, 'sort=createdAt,ASC'))).toEqual(['다', '가', '나']);
    expect(names(await list(call, 'sort=warranty,ASC'))).toEqual(['나', '가', '다']);

    for (let i = 0; i < 9; i++) await create(call, { name: `p${i}` });
    const first = await list(call, 'page=1&pageSize=10');
    expect(first).toMatchObject({ total: 12, totalIsEstimate: false });
    expect(first.list).toHaveLength(10);
    const second = await list(call, 'page=2&pageSize=10');
    expect(names(second)).toEqual(['가', '다']);
    expect((await list(call, 'pageSize=1000')).list).toHaveLength(12);
    const badSize = await call({ method: 'GET', url: `${URL}?pageSize=30` });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().errors).toEqual({ pageSize: FIELD_MSG.pageSizeInvalid });
    expect((await list(call, '')).list).toHaveLength(12);
  });

  it(`counts exactly up to ${TOTAL_CAP.toLocaleString('en-US')} and estimates beyond`, async () => {
    const { call, tenantIdx, brandIdx } = await brandAccount();
    await t.database.db.execute(sql`
      INSERT INTO products (tenant_idx, brand_idx, name, code, created_at, updated_at)
      SELECT ${tenantIdx}, ${brandIdx}, 'bulk ' || g, 'BK-' || g, now(), now() FROM generate_series(1, ${TOTAL_CAP + 50}) g`);
    await t.database.db.execute(sql`ANALYZE products`);
    const all = await list(call, 'pageSize=10');
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(TOTAL_CAP);
    expect(all.list).toHaveLength(10);
    const narrow = await list(call, 'searchType=code&searchText=BK-1234,BK-99');
    expect(narrow.totalIsEstimate).toBe(false);
    expect(narrow.total).toBe(1 + 111); // BK-1234; BK-99, BK-99x, BK-99xx
  });

  it('updates only what is sent, deletes, and answers not found with the product message', async () => {
    const { call } = await brandAccount();
    const p = await create(call, { name: '원래', price: 1000, categoryCode: 2 });
    const patched = await call({ method: 'PATCH', url: `${URL}/${p.idx}`, payload: { price: '2,000' } });
    expect(patched.json().data).toMatchObject({ name: '원래', price: 2000, categoryCode: 2, categoryName: '지갑' });
    expect((await call({ method: 'PATCH', url: `${URL}/${p.idx}`, payload: { name: '' } })).json().errors).toEqual({ name: PRODUCT_MSG.nameRequired });
    expect((await call({ method: 'DELETE', url: `${URL}/${p.idx}` })).json().data).toEqual({ idx: p.idx });
    const gone = await call({ method: 'GET', url: `${URL}/${p.idx}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MSG.notFound });
    expect((await call({ method: 'GET', url: `${URL}/abc` })).statusCode).toBe(404);
    // The key is checked before the body: a record that cannot exist is 404 whatever is sent.
    expect((await call({ method: 'PATCH', url: `${URL}/2147483648`, payload: { name: '' } })).json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MSG.notFound });
  });

  it('bulk deletes all or nothing', async () => {
    const { call, tenantIdx } = await brandAccount();
    const ids = [(await create(call, { name: 'a' })).idx, (await create(call, { name: 'b' })).idx, (await create(call, { name: 'c' })).idx];
    const some = await call({ method: 'DELETE', url: `${URL}/bulk`, payload: { productIdxList: [ids[0], 99_999_999] } });
    expect(some.statusCode).toBe(404);
    expect((await list(call, '')).total).toBe(3);
    expect((await call({ method: 'DELETE', url: `${URL}/bulk`, payload: { productIdxList: [] } })).json().errors).toEqual({ productIdxList: FIELD_MSG.productIdxListRequired });
    const ok = await call({ method: 'DELETE', url: `${URL}/bulk`, payload: { productIdxList: [ids[0], ids[1], ids[0]] } });
    expect(ok.json().data).toEqual({ productIdxList: [ids[0], ids[1]] });
    const left = await t.database.db.select({ idx: products.idx }).from(products).where(eq(products.tenantIdx, tenantIdx));
    expect(left).toEqual([{ idx: ids[2] }]);
  });

  it('takes an uploaded image of its own tenant only, and deletes it from the product', async () => {
    const a = await brandAccount();
    const b = await brandAccount();
    const upload = (await uploadImage(a.call)).json().data;
    const p = await create(a.call, { name: '이미지 상품', productImage: upload.path });
    expect(p.productImage).toEqual({ path: upload.path, url: `/api/media/files/${upload.path}` });
    const foreign = await b.call({ method: 'POST', url: URL, payload: { name: '남의 이미지', productImage: upload.path } });
    expect(foreign.json().errors).toEqual({ productImage: FIELD_MSG.productImageInvalid });
    const made = await b.call({ method: 'POST', url: URL, payload: { name: '만든 경로', productImage: `${b.tenantIdx}/${'x'.repeat(32)}.png` } });
    expect(made.json().errors).toEqual({ productImage: FIELD_MSG.productImageInvalid });
    // Unchanged image on PATCH is kept without a new check.
    expect((await a.call({ method: 'PATCH', url: `${URL}/${p.idx}`, payload: { name: '이름만' } })).json().data.productImage.path).toBe(upload.path);
    const removed = await a.call({ method: 'DELETE', url: `${URL}/${p.idx}/image` });
    expect(removed.json().data).toMatchObject({ idx: p.idx, productImage: null });
    expect((await a.call({ method: 'GET', url: `${URL}/${p.idx}` })).json().data.productImage).toBeNull();
    expect((await a.call({ method: 'DELETE', url: `${URL}/99999999/image` })).statusCode).toBe(404);
    for (const url of [`${URL}/2147483648/image`, `${URL}/0/image`]) expect((await a.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await a.call({ method: 'GET', url: `${URL}/2147483648/nft` })).statusCode).toBe(404);
  });

  describe('bulk create', () => {
    const countOf = async (tenantIdx: number) =>
      (await t.database.db.select({ n: count() }).from(products).where(eq(products.tenantIdx, tenantIdx)))[0].n;

    it('registers the rows that pass and names each other row with its own reasons; a retry answers the same rows and registers nothing', async () => {
      const coop = await cooperatorAccount();
      const payload = {
        batchKey: 'k-mixed',
        rows: [
          { name: '정상', brandIdx: coop.brandIdx },
          { name: '', brandIdx: coop.brandIdx, price: 100_000_001 },
          { name: '브랜드 없음' },
          { name: '남의 브랜드', brandIdx: 99_999_999, categoryCode: 0 },
          { name: '정상 2', brandIdx: coop.brandIdx },
        ],
      };
      const res = await coop.call({ method: 'POST', url: `${URL}/bulk`, payload });
      expect(res.statusCode, res.body).toBe(201);
      const { list, failed } = res.json().data as { list: { row: number }[]; failed: { row: number; code: string; errors: Record<string, string> }[] };
      expect(list.map((r) => r.row)).toEqual([0, 4]);
      expect(failed.map((f) => [f.row, f.code, f.errors])).toEqual([
        [1, 'VALIDATION_FAILED', { name: PRODUCT_MSG.nameRequired, price: PRODUCT_MSG.priceMax }],
        [2, 'VALIDATION_FAILED', { brandIdx: PRODUCT_MSG.brandRequired }],
        [3, 'VALIDATION_FAILED', { categoryCode: PRODUCT_MSG.categoryInvalid }],
      ]);
      expect(await countOf(coop.tenantIdx)).toBe(2);
      const retry = await coop.call({ method: 'POST', url: `${URL}/bulk`, payload });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(res.json());
      expect(await countOf(coop.tenantIdx)).toBe(2);
      const brandOnly = await coop.call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'k-b', rows: [{ name: 'x', brandIdx: 99_999_999 }] } });
      expect(brandOnly.json().data).toEqual({ list: [], failed: [expect.objectContaining({ row: 0, errors: { brandIdx: FIELD_MSG.brandInvalid } })] });
      expect((await coop.call({ method: 'POST', url: `${URL}/bulk`, payload: { rows: [] } })).json().errors).toEqual({
        batchKey: FIELD_MSG.batchKeyRequired, rows: FIELD_MSG.bulkRowsRequired,
      });
      const tooMany = await coop.call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'k', rows: Array.from({ length: 1001 }, () => ({ name: 'x' })) } });
      expect(tooMany.json().errors).toEqual({ rows: FIELD_MSG.bulkRowsMax });
    });

    it('inserts every row once per batchKey, and answers a retry with the first result', async () => {
      const { call, tenantIdx, brandIdx } = await brandAccount();
      const rows = Array.from({ length: 300 }, (_, i) => ({ name: `일괄 ${i}`, code: `BULK-${i}`, price: `${i},000`, categoryCode: (i % 7) + 1 }));
      const first = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'batch-1', rows } });
      expect(first.statusCode).toBe(201);
      const result = first.json().data.list as { row: number; idx: number }[];
      expect(result.map((r) => r.row)).toEqual(rows.map((_, i) => i));
      expect(new Set(result.map((r) => r.idx)).size).toBe(300);
      const row7 = (await call({ method: 'GET', url: `${URL}/${result[7].idx}` })).json().data;
      expect(row7).toMatchObject({ name: '일괄 7', code: 'BULK-7', price: 7000, categoryCode: 1, brandIdx });

      const retry = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'batch-1', rows: rows.slice(0, 2) } });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toEqual(first.json().data);
      expect(await countOf(tenantIdx)).toBe(300);
    });

    it('inserts once when two identical requests arrive together', async () => {
      const { call, tenantIdx } = await brandAccount();
      const payload = { batchKey: 'same-time', rows: Array.from({ length: 50 }, (_, i) => ({ name: `동시 ${i}` })) };
      const [a, b] = await Promise.all([call({ method: 'POST', url: `${URL}/bulk`, payload }), call({ method: 'POST', url: `${URL}/bulk`, payload })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().data).toEqual(b.json().data);
      expect(await countOf(tenantIdx)).toBe(50);
      // Keys are per tenant: another tenant may use the same key.
      const other = await brandAccount();
      expect((await other.call({ method: 'POST', url: `${URL}/bulk`, payload })).statusCode).toBe(201);
      const both = await t.database.db.select({ n: count() }).from(products)
        .where(and(eq(products.name, '동시 0')));
      expect(both[0].n).toBe(2);
    });
  });
});
