import { and, count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { PASSWORD, as, signIn, uniqueEmail } from '../../../tests/helpers/accounts';
import { NFT_URL, guaranteeTenant, insertNft, messagesTo, nftRow, type Call } from '../../../tests/helpers/guarantees';
import { GUARANTEE_API_MSG, GUARANTEE_MSG, TEMPLATE_MSG } from '../../../src/domain/guarantee';
import { FIELD_MSG } from '../../../src/domain/messages';
import { customers, messageOutbox, nftTemplates, nfts, partnerships, products, stores } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<typeof guaranteeTenant>>;
const issue = async (call: Call, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await call({ method: 'POST', url: NFT_URL, payload: body, headers });
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { idx: number; nftNumber: string };
};
const list = async (call: Call, query: string) => {
  const res = await call({ method: 'GET', url: `${NFT_URL}?${query}` });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { list: (Record<string, unknown> & { idx: number })[]; total: number; totalIsEstimate: boolean };
};
const nftCount = async (tenantIdx: number) =>
  (await t.database.db.select({ n: count() }).from(nfts).where(eq(nfts.tenantIdx, tenantIdx)))[0].n;

async function catalogue(a: Tenant) {
  const [product] = await t.database.db.insert(products).values({
    tenantIdx: a.tenantIdx, brandIdx: a.brandIdx, name: '시그니처 토트백', code: 'DB-BAG-001', price: 1_290_000, paymentAmount: 1_100_000,
    categoryCode: 1, material: '소가죽', size: '34 cm', weight: '0.9 kg',
  }).returning();
  const [store] = await t.database.db.insert(stores).values({ tenantIdx: a.tenantIdx, name: '성수 플래그십', pinned: 'N' }).returning();
  const [template] = await t.database.db.insert(nftTemplates).values({ tenantIdx: a.tenantIdx, templateType: 'GUARANTEE', nftCardName: '기본 보증서', isMain: true }).returning();
  return { product, store, template };
}

const person = { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '직접 입력 상품' };

describe(`guarantees (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  describe('POST /nft', () => {
    it('issues now (3): number, customer, the main template, brand default and one 알림톡 with the certificate link', async () => {
      const a = await guaranteeTenant(t);
      const { template } = await catalogue(a);
      const g = await issue(a.call, { ...person, ordererTel: '010-2000-0001', orderedAt: '2026-11-20', price: '1,000' });
      expect(g).toMatchObject({
        nftStatus: 3, nftStatusName: '발급 완료', requestRoute: 'product', ordererTel: '01020000001', ordererCountryCode: '82',
        brandIdx: a.brandIdx, brandName: a.brandName, nftTemplateIdx: template.idx, nftCardName: '기본 보증서', price: 1000,
        issuedAt: t.clock.now().toISOString(), productImage: null,
      });
      expect(g.nftNumber).toBe(`G261122-${String(g.idx).padStart(7, '0')}`);
      const [customer] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, a.tenantIdx), eq(customers.phone, '01020000001')));
      expect(g.customerIdx).toBe(customer.idx);
      const row = await nftRow(t, a.tenantIdx, g.idx);
      const messages = await messagesTo(t, '01020000001');
      expect(messages).toEqual([expect.objectContaining({
        channel: 'ALIMTALK', templateCode: 'GUARANTEE_ISSUED', countryCode: '82', refType: 'nft', refIdx: g.idx,
        variables: { brandName: a.brandName, ordererName: '홍길동', productName: '직접 입력 상품', nftNumber: g.nftNumber, certificateUrl: `http://console.test/certificate/${row.publicToken}` },
      })]);
      const detail = (await a.call({ method: 'GET', url: `${NFT_URL}/${g.idx}` })).json().data;
      expect(detail).toEqual({ ...g, certificateUrl: `http://console.test/certificate/${row.publicToken}`, usedCount: 0 });
    });

    it('finds the customer by country code and normalized phone on the next issue', async () => {
      const a = await guaranteeTenant(t);
      const first = await issue(a.call, { ...person, ordererTel: '01020000002' });
      const second = await issue(a.call, { ...person, ordererName: '홍길동2', ordererTel: '010 2000 0002' });
      const foreign = await issue(a.call, { ...person, ordererTel: '2025550123', ordererCountryCode: '1' });
      expect(second.customerIdx).toBe(first.customerIdx);
      expect(foreign.customerIdx).not.toBe(first.customerIdx);
      expect((await t.database.db.select().from(customers).where(eq(customers.tenantIdx, a.tenantIdx))).length).toBe(2);
    });

    it('temporary → 11, reservation → 7 at 00:00 KST n days after delivery, excel → 1; none of them sends a message', async () => {
      const a = await guaranteeTenant(t);
      const tmp = await issue(a.call, { ...person, ordererTel: '01020000003', temporary: true });
      const res = await issue(a.call, { ...person, ordererTel: '01020000003', reservationDays: 3, orderedAt: '2026-11-01', deliveredAt: '2026-11-05' });
      const resToday = await issue(a.call, { ...person, ordererTel: '01020000003', reservationDays: 1 });
      const excel = await issue(a.call, { ...person, ordererTel: '01020000003', requestRoute: 'excel' });
      expect([tmp.nftStatus, res.nftStatus, excel.nftStatus]).toEqual([11, 7, 1]);
      expect(res.issueAt).toBe('2026-11-07T15:00:00.000Z');
      expect(resToday.issueAt).toBe('2026-11-22T15:00:00.000Z');
      expect(excel.requestRoute).toBe('excel');
      expect([tmp.issuedAt, res.issuedAt, excel.issuedAt]).toEqual([null, null, null]);
      expect(await messagesTo(t, '01020000003')).toEqual([]);
      const bad = await a.call({ method: 'POST', url: NFT_URL, payload: { ...person, requestRoute: 'cafe24' } });
      expect(bad.json().errors).toEqual({ requestRoute: GUARANTEE_API_MSG.requestRouteInvalid });
    });

    it('a picked product fills name, model number, category, price, brand and details unless given', async () => {
      const a = await guaranteeTenant(t);
      const { product, store } = await catalogue(a);
      const g = await issue(a.call, { ordererName: '김고객', ordererTel: '01020000004', partnersProductIdx: product.idx, storeIdx: store.idx });
      expect(g).toMatchObject({
        partnersProductIdx: product.idx, productName: '시그니처 토트백', modelNumber: 'DB-BAG-001', categoryCode: 1, categoryName: '가방',
        price: 1_290_000, paymentAmount: 1_100_000, material: '소가죽', brandIdx: a.brandIdx, storeIdx: store.idx, storeName: '성수 플래그십',
      });
      const given = await issue(a.call, { ordererName: '김고객', ordererTel: '01020000004', partnersProductIdx: product.idx, productName: '각인 토트백', price: 5 });
      expect(given).toMatchObject({ productName: '각인 토트백', price: 5, modelNumber: 'DB-BAG-001' });
      const external = await issue(a.call, { ...person, productImage: 'https://cdn.example.com/a.webp' });
      expect(external.productImage).toEqual({ path: null, url: 'https://cdn.example.com/a.webp' });
    });

    it('refuses another tenant\'s product, store, brand and template, a stopped template and a foreign upload path, each on its field', async () => {
      const a = await guaranteeTenant(t);
      const b = await guaranteeTenant(t);
      const bc = await catalogue(b);
      const [stopped] = await t.database.db.insert(nftTemplates).values({ tenantIdx: a.tenantIdx, templateType: 'GUARANTEE', nftCardName: '중지', status: 'STOP' }).returning();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ partnersProductIdx: bc.product.idx }, 'partnersProductIdx', GUARANTEE_API_MSG.productInvalid],
        [{ storeIdx: bc.store.idx }, 'storeIdx', GUARANTEE_API_MSG.storeInvalid],
        [{ brandIdx: b.brandIdx }, 'brandIdx', FIELD_MSG.brandInvalid],
        [{ nftTemplateIdx: bc.template.idx }, 'nftTemplateIdx', TEMPLATE_MSG.notFound],
        [{ nftTemplateIdx: stopped.idx }, 'nftTemplateIdx', TEMPLATE_MSG.stopped],
        [{ productImage: `${b.tenantIdx}/${'a'.repeat(32)}.png` }, 'productImage', GUARANTEE_API_MSG.imagePathInvalid],
        [{ ordererTel: '0501234567' }, 'ordererTel', GUARANTEE_MSG.safeNumberRejected],
        [{ productName: '' }, 'productName', GUARANTEE_MSG.productNameRequired],
      ];
      for (const [extra, field, message] of cases) {
        const res = await a.call({ method: 'POST', url: NFT_URL, payload: { ...person, ...extra } });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors, field).toEqual({ [field]: message });
      }
      expect(await nftCount(a.tenantIdx)).toBe(0);
    });

    it('a cooperator must name one of its brands', async () => {
      const c = await guaranteeTenant(t, { cooperator: true });
      const res = await c.call({ method: 'POST', url: NFT_URL, payload: { ...person, categoryCode: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.brandIdx).toBe(GUARANTEE_MSG.brandRequired);
      const g = await issue(c.call, { ...person, categoryCode: 1, brandIdx: c.brandIdx });
      expect(g.brandIdx).toBe(c.brandIdx);
    });

    it('a finished trial is refused with TRIAL_FINISHED and nothing is inserted', async () => {
      const a = await guaranteeTenant(t);
      const start = t.clock.now();
      t.clock.advance(15 * 24 * 3600_000);
      try {
        const call = as(t, await signIn(t, a.email));
        const res = await call({ method: 'POST', url: NFT_URL, payload: person });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('TRIAL_FINISHED');
        const bulk = await call({ method: 'POST', url: `${NFT_URL}/bulk`, payload: { batchKey: 'x', rows: [person] } });
        expect(bulk.json().code).toBe('TRIAL_FINISHED');
      } finally {
        t.clock.set(start);
      }
      expect(await nftCount(a.tenantIdx)).toBe(0);
    });

    it('Idempotency-Key: the same key answers the first certificate, issued and messaged once, even concurrently', async () => {
      const a = await guaranteeTenant(t);
      const body = { ...person, ordererTel: '01020000005' };
      const first = await issue(a.call, body, { 'idempotency-key': 'k-1' });
      const again = await a.call({ method: 'POST', url: NFT_URL, payload: body, headers: { 'idempotency-key': 'k-1' } });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first);
      const raced = await Promise.all([1, 2, 3].map(() => a.call({ method: 'POST', url: NFT_URL, payload: body, headers: { 'idempotency-key': 'k-2' } })));
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(raced.map((r) => r.json().data.idx)).size).toBe(1);
      expect(await nftCount(a.tenantIdx)).toBe(2);
      expect(await messagesTo(t, '01020000005')).toHaveLength(2);
      const reused = await a.call({ method: 'POST', url: NFT_URL, payload: { ...body, ordererTel: '01020000006' }, headers: { 'idempotency-key': 'k-1' } });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await nftCount(a.tenantIdx)).toBe(2);
      const other = await guaranteeTenant(t);
      const otherFirst = await issue(other.call, body, { 'idempotency-key': 'k-1' });
      expect(otherFirst.idx).not.toBe(first.idx);
    });
  });

  describe('GET /nft (history)', () => {
    let a: Tenant;
    let ids: Record<string, number>;
    beforeAll(async () => {
      a = await guaranteeTenant(t);
      const { store } = await catalogue(a);
      const day = (d: string) => new Date(`${d}T12:00:00+09:00`);
      const mk = async (name: string, status: number, extra: Partial<typeof nfts.$inferInsert>) =>
        [name, (await insertNft(t, a.tenantIdx, status, { ordererName: name, ...extra })).idx] as const;
      ids = Object.fromEntries(await Promise.all([
        mk('김민수', 3, { ordererTel: '01011112222', productName: 'Leather Tote 블랙', createdAt: day('2026-11-01'), issuedAt: day('2026-11-02'), storeIdx: store.idx, requestRoute: 'product', nftNumber: 'G261101-0000001', orderedAt: '2026-10-30' }),
        mk('이영희', 5, { ordererTel: '01033334444', productName: '카드 지갑', createdAt: day('2026-11-10'), requestRoute: 'excel', refOrderId: 'ORD-7788' }),
        mk('박철수', 1, { ordererTel: '01055556666', productName: 'leather wallet', createdAt: day('2026-11-20'), requestRoute: 'excel' }),
        mk('최지우', 9, { ordererTel: '01077778888', productName: '스카프', createdAt: day('2026-11-21'), storeIdx: store.idx }),
        mk('삭제됨', 9, { createdAt: day('2026-11-21'), deletedAt: day('2026-11-21') }),
        mk('멤버', 3, { nftType: 'MEMBERSHIP', createdAt: day('2026-11-21') }),
      ]));
      ids.store = store.idx;
    });
    const namesOf = (l: { list: Record<string, unknown>[] }) => l.list.map((r) => r.ordererName);

    it('lists newest first without deleted rows or other types; 3 includes pending 5', async () => {
      expect(namesOf(await list(a.call, ''))).toEqual(['최지우', '박철수', '이영희', '김민수']);
      expect(namesOf(await list(a.call, 'nftStatus=3'))).toEqual(['이영희', '김민수']);
      expect(namesOf(await list(a.call, 'nftStatus=1,9'))).toEqual(['최지우', '박철수']);
      expect(namesOf(await list(a.call, 'nftType=MEMBERSHIP'))).toEqual(['멤버']);
      const l = await list(a.call, 'pageSize=10');
      expect([l.total, l.totalIsEstimate]).toEqual([4, false]);
    });

    it('filters by store, route and dates (Asia/Seoul, inclusive, per dateType)', async () => {
      expect(namesOf(await list(a.call, `storeIdx=${ids.store}`))).toEqual(['최지우', '김민수']);
      expect(namesOf(await list(a.call, 'requestRoute=excel'))).toEqual(['박철수', '이영희']);
      expect(namesOf(await list(a.call, 'from=2026-11-10&to=2026-11-20'))).toEqual(['박철수', '이영희']);
      expect(namesOf(await list(a.call, 'dateType=issuedAt&from=2026-11-02&to=2026-11-02'))).toEqual(['김민수']);
      expect(namesOf(await list(a.call, 'dateType=orderedAt&from=2026-10-30&to=2026-10-30'))).toEqual(['김민수']);
    });

    it('contains-searches names, products, phone digits, numbers and order ids; several terms match any', async () => {
      expect(namesOf(await list(a.call, `search=ordererName&keyword=${encodeURIComponent('영희')}`))).toEqual(['이영희']);
      expect(namesOf(await list(a.call, 'search=productName&keyword=LEATHER'))).toEqual(['박철수', '김민수']);
      expect(namesOf(await list(a.call, 'search=ordererTel&keyword=010-5555'))).toEqual(['박철수']);
      expect(namesOf(await list(a.call, 'search=nftNumber&keyword=g261101'))).toEqual(['김민수']);
      expect(namesOf(await list(a.call, 'search=refOrderId&keyword=7788'))).toEqual(['이영희']);
      expect(namesOf(await list(a.call, `keyword=${encodeURIComponent('스카프\n3333')}`))).toEqual(['최지우', '이영희']);
      expect(namesOf(await list(a.call, 'search=ordererTel&keyword=abc'))).toEqual([]);
      expect(namesOf(await list(a.call, 'keyword=100%25'))).toEqual([]);
      // Two characters: the bigram index (names and products; in 'all' only those).
      expect(namesOf(await list(a.call, `search=productName&keyword=${encodeURIComponent('지갑')}`))).toEqual(['이영희']);
      expect(namesOf(await list(a.call, `keyword=${encodeURIComponent('철수')}`))).toEqual(['박철수']);
      expect(namesOf(await list(a.call, `keyword=${encodeURIComponent('LE')}`))).toEqual(['박철수', '김민수']);
      expect(namesOf(await list(a.call, 'search=ordererTel&keyword=55'))).toEqual(['박철수']);
    });

    it('sorts and pages', async () => {
      expect(namesOf(await list(a.call, 'sort=createdAt,ASC&pageSize=10&page=1'))).toEqual(['김민수', '이영희', '박철수', '최지우']);
      expect(namesOf(await list(a.call, 'sort=ordererName,ASC'))).toEqual(['김민수', '박철수', '이영희', '최지우']);
      expect(namesOf(await list(a.call, 'sort=issuedAt,DESC'))[0]).toBe('김민수');
      const page2 = await list(a.call, 'pageSize=10&page=2');
      expect([page2.list.length, page2.total]).toEqual([0, 4]);
    });

    it('answers 400 naming each bad parameter', async () => {
      const res = await a.call({ method: 'GET', url: `${NFT_URL}?pageSize=7&nftStatus=5&requestRoute=fax&search=x&dateType=x&from=2026-13-01&keyword=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}` });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['dateType', 'from', 'keyword', 'nftStatus', 'pageSize', 'requestRoute', 'search']);
    });
  });

  describe('PATCH /nft/:idx', () => {
    it('changes what is sent, re-validates the merged result and keeps status and number', async () => {
      const a = await guaranteeTenant(t);
      const g = await issue(a.call, { ...person, ordererTel: '01020000006' });
      const res = await a.call({ method: 'PATCH', url: `${NFT_URL}/${g.idx}`, payload: { productName: '바뀐 상품', ordererTel: '01020000007' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ productName: '바뀐 상품', ordererName: '홍길동', ordererTel: '01020000007', nftStatus: 3, nftNumber: g.nftNumber });
      expect(res.json().data.customerIdx).not.toBe(g.customerIdx);
      const bad = await a.call({ method: 'PATCH', url: `${NFT_URL}/${g.idx}`, payload: { ordererName: '', orderedAt: '2026-02-30' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ ordererName: GUARANTEE_MSG.ordererNameRequired, orderedAt: GUARANTEE_MSG.dateFormat });
    });
  });

  describe('uses, QR, customers, counts, dashboard and a product\'s certificates', () => {
    it('records uses of issued certificates only, lists them and counts a period', async () => {
      const a = await guaranteeTenant(t);
      const g = await issue(a.call, { ...person, ordererTel: '01020000008' });
      const draft = await issue(a.call, { ...person, temporary: true });
      const used = await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: { nftIdx: g.idx, memo: ' 매장 수선 ' } });
      expect(used.statusCode).toBe(201);
      expect(used.json().data).toMatchObject({ memo: '매장 수선', usedAt: t.clock.now().toISOString() });
      const refused = await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: { nftIdx: draft.idx } });
      expect(refused.statusCode).toBe(409);
      const uses = (await a.call({ method: 'GET', url: `${NFT_URL}/${g.idx}/used` })).json().data;
      expect(uses.total).toBe(1);
      expect((await a.call({ method: 'GET', url: `${NFT_URL}/${g.idx}` })).json().data.usedCount).toBe(1);
      const period = await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: { from: '2026-11-22', to: '2026-11-22' } });
      expect(period.json().data).toEqual({ count: 1 });
      expect((await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: {} })).statusCode).toBe(400);
    });

    it('names who recorded each use (처리자): the main account’s company, a sub-account’s contact name', async () => {
      const a = await guaranteeTenant(t);
      const g = await issue(a.call, { ...person, ordererTel: '01020000018' });
      const [main] = await t.database.db.select({ idx: partnerships.idx, companyName: partnerships.companyName }).from(partnerships).where(eq(partnerships.idx, a.tenantIdx));
      const member = { email: uniqueEmail('staff'), password: PASSWORD, companyName: '박처리', phoneNum: '010-2222-4444' };
      expect((await a.call({ method: 'POST', url: '/api/v1/admin/partnerships/members', payload: member })).statusCode).toBe(201);
      const staff = as(t, await signIn(t, member.email));

      const byMain = await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: { nftIdx: g.idx, memo: '본사' } });
      expect(byMain.json().data).toMatchObject({ usedBy: main.idx, usedByName: main.companyName });
      t.clock.advance(60_000);
      expect((await staff({ method: 'POST', url: `${NFT_URL}/used`, payload: { nftIdx: g.idx, memo: '매장' } })).statusCode).toBe(201);

      const uses = (await a.call({ method: 'GET', url: `${NFT_URL}/${g.idx}/used` })).json().data;
      expect(uses.list.map((u: { memo: string; usedByName: string }) => [u.memo, u.usedByName])).toEqual([['매장', '박처리'], ['본사', main.companyName]]);
    });

    it('answers the QR of the public link as SVG', async () => {
      const a = await guaranteeTenant(t);
      const g = await issue(a.call, person);
      const row = await nftRow(t, a.tenantIdx, g.idx);
      const qr = (await a.call({ method: 'GET', url: `${NFT_URL}/${g.idx}/qrs` })).json().data.list;
      expect(qr).toEqual([{ url: `http://console.test/certificate/${row.publicToken}`, svg: expect.stringContaining('<svg') }]);
    });

    it('lists customers holding certificates and a customer\'s certificates', async () => {
      const a = await guaranteeTenant(t);
      const g1 = await issue(a.call, { ...person, ordererName: '고객하나', ordererTel: '01030000001' });
      await issue(a.call, { ...person, ordererName: '고객하나', ordererTel: '01030000001' });
      await issue(a.call, { ...person, ordererName: '고객둘', ordererTel: '01030000002' });
      const users = (await a.call({ method: 'GET', url: `${NFT_URL}/users` })).json().data;
      expect(users.total).toBe(2);
      expect(users.list).toContainEqual({ customerIdx: g1.customerIdx, name: '고객하나', countryCode: '82', phone: '01030000001', nftCount: 2 });
      const found = (await a.call({ method: 'GET', url: `${NFT_URL}/users?keyword=0002` })).json().data;
      expect(found.list.map((u: { name: string }) => u.name)).toEqual(['고객둘']);
      const theirs = (await a.call({ method: 'GET', url: `${NFT_URL}/user/${g1.customerIdx}/nfts` })).json().data;
      expect(theirs.total).toBe(2);
      expect((await a.call({ method: 'GET', url: `${NFT_URL}/user/99999999/nfts` })).statusCode).toBe(404);
    });

    it('counts waiting certificates today and this month, and summarises the dashboard', async () => {
      const a = await guaranteeTenant(t);
      await issue(a.call, { ...person, requestRoute: 'excel' });
      await insertNft(t, a.tenantIdx, 1, { createdAt: new Date('2026-11-03T00:00:00Z') });
      await insertNft(t, a.tenantIdx, 1, { createdAt: new Date('2026-10-30T00:00:00Z') });
      expect((await a.call({ method: 'GET', url: `${NFT_URL}/ready/today` })).json().data).toEqual({ today: 1, monthly: 2 });
      await issue(a.call, { ...person, price: 1000 });
      await issue(a.call, { ...person, price: 2000 });
      await insertNft(t, a.tenantIdx, 3, { issuedAt: new Date('2026-11-14T03:00:00Z'), createdAt: new Date('2026-11-14T03:00:00Z'), price: 500 });
      const d = (await a.call({ method: 'GET', url: `${NFT_URL}/dashboard?dateType=7d&nftType=GUARANTEE` })).json().data;
      expect(d.issuedGraph).toMatchObject({ totalCount: 2, rate: 100, averageCount: 0.3 });
      expect(Object.keys(d.issuedGraph.current)).toHaveLength(7);
      expect(d.issuedGraph.current['2026-11-22']).toBe(2);
      expect(d.issuedGraph.last['2026-11-14']).toBe(1);
      expect(d.issueStatusCount['3']).toEqual({ count: 2, lastCount: 1, rate: 100 });
      expect(d.issueStatusCount['1']).toMatchObject({ count: 1 });
      expect(d.totalPrice).toEqual({ price: 3000, lastPrice: 500, rate: 500 });
      expect(d.issuedFrom).toEqual({ counts: { excel: 1, product: 2 }, most: 'product', lastMost: 'product' });
      expect((await a.call({ method: 'GET', url: `${NFT_URL}/dashboard?dateType=2y` })).statusCode).toBe(400);
    });

    it('lists a product\'s certificates', async () => {
      const a = await guaranteeTenant(t);
      const { product } = await catalogue(a);
      await issue(a.call, { ...person, partnersProductIdx: product.idx });
      await issue(a.call, person);
      const res = (await a.call({ method: 'GET', url: `/api/v1/admin/partners-product/${product.idx}/nft` })).json().data;
      expect(res.total).toBe(1);
      expect(res.list[0].partnersProductIdx).toBe(product.idx);
    });
  });

  describe('another tenant\'s certificates', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await guaranteeTenant(t);
      b = await guaranteeTenant(t);
    });

    it.each([
      ['GET', '', undefined, 3],
      ['PATCH', '', { ordererName: '탈취' }, 3],
      ['DELETE', '', undefined, 9],
      ['GET', '/used', undefined, 3],
      ['GET', '/qrs', undefined, 3],
      ['PATCH', 'cancel', undefined, 3],
    ] as const)('%s nft/:idx%s of tenant B as tenant A answers 404 and leaves the row alone', async (method, suffix, payload, status) => {
      const row = await insertNft(t, b.tenantIdx, status);
      const url = suffix === 'cancel' ? `${NFT_URL}/cancel/${row.idx}` : `${NFT_URL}/${row.idx}${suffix}`;
      const res = await a.call({ method, url, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: GUARANTEE_MSG.notFound });
      expect(await nftRow(t, b.tenantIdx, row.idx)).toEqual(row);
    });

    it.each([
      ['PATCH', 'complete/bulk', 1],
      ['PATCH', 'cancel/bulk', 3],
      ['DELETE', 'bulk', 1],
    ] as const)('%s nft/%s with one of tenant B\'s ids answers 404 and changes nothing', async (method, path, status) => {
      const mine = await insertNft(t, a.tenantIdx, status);
      const theirs = await insertNft(t, b.tenantIdx, status);
      const res = await a.call({ method, url: `${NFT_URL}/${path}`, payload: { nftIdxList: [mine.idx, theirs.idx] } });
      expect(res.statusCode).toBe(404);
      expect(await nftRow(t, a.tenantIdx, mine.idx)).toEqual(mine);
      expect(await nftRow(t, b.tenantIdx, theirs.idx)).toEqual(theirs);
    });

    it('pending cancel-reason, uses, customers and product lists stay within the tenant', async () => {
      const pending = await insertNft(t, b.tenantIdx, 5);
      const res = await a.call({ method: 'POST', url: `${NFT_URL}/pending/cancel-reason`, payload: { nftIdxList: [pending.idx], reason: '탈취' } });
      expect(res.statusCode).toBe(404);
      expect(await nftRow(t, b.tenantIdx, pending.idx)).toEqual(pending);
      const issued = await insertNft(t, b.tenantIdx, 3);
      expect((await a.call({ method: 'POST', url: `${NFT_URL}/used`, payload: { nftIdx: issued.idx } })).statusCode).toBe(404);
      const g = await issue(b.call, person);
      expect((await a.call({ method: 'GET', url: `${NFT_URL}/user/${g.customerIdx}/nfts` })).statusCode).toBe(404);
      expect((await list(a.call, '')).list.map((r) => r.idx)).not.toContain(g.idx);
      const [bProduct] = await t.database.db.insert(products).values({ tenantIdx: b.tenantIdx, brandIdx: b.brandIdx, name: 'B 상품' }).returning();
      expect((await a.call({ method: 'GET', url: `/api/v1/admin/partners-product/${bProduct.idx}/nft` })).statusCode).toBe(404);
      const queued = await t.database.db.select({ n: count() }).from(messageOutbox).where(eq(messageOutbox.tenantIdx, a.tenantIdx));
      expect(queued[0].n).toBe(0);
    });
  });
});
