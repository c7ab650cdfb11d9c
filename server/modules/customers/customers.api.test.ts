import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, signInDemo, uniqueEmail } from '../../../tests/helpers/accounts';
import { CUSTOMER_MSG } from '../../../src/domain/customer';
import { GUARANTEE_MSG } from '../../../src/domain/guarantee';
import { LIST_MSG } from '../../../src/domain/listQuery';
import { customerGroups, customers } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';

/** Customers: add/edit, the list (search, filters, sort, paging), detail, orders and points, tenants and sub-accounts. */

const C = '/api/v1/admin/customers';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
async function tenant() {
  const brand = await confirmedBrand(t, { email: uniqueEmail('cust') });
  return { call: as(t, brand.token), tenantIdx: (await findAccountByEmail(t.database.db, brand.email))!.idx };
}
async function add(call: Call, body: Record<string, unknown>) {
  const res = await call({ method: 'POST', url: C, payload: body });
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { customerIdx: number } & Record<string, unknown>;
}
async function list(call: Call, query: string) {
  const res = await call({ method: 'GET', url: `${C}?${query}` });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { list: ({ customerIdx: number; customerName: string } & Record<string, unknown>)[]; total: number; totalIsEstimate: boolean };
}
const names = (l: { list: { customerName: string }[] }) => l.list.map((c) => c.customerName);
const order = (call: Call, idx: number, body: Record<string, unknown>) => call({ method: 'POST', url: `${C}/${idx}/orders`, payload: body });

describe('add and edit', () => {
  it('adds a customer with the guarantee phone rules, stores national digits, refuses a duplicate phone with 409', async () => {
    const { call } = await tenant();
    const row = await add(call, {
      customerName: '홍길동', customerPhone: '010-1234-5678', userGender: 'M', birthday: '1990-01-02', email: 'Hong@Example.com', isAgreeMarketing: 'Y',
    });
    expect(row).toMatchObject({
      customerName: '홍길동', customerPhone: '01012345678', countryCode: '82', userGender: 'M', birthday: '19900102', email: 'Hong@Example.com',
      isAgreeMarketing: 'Y', isAgreeSMS: 'N', hasWallet: 'N', totalOrderPrice: 0, customerPoint: 0, latestOrderedAt: null, registeredAt: '20261122',
      customerGroupName: null, couponRemainCount: 0,
    });
    const dup = await call({ method: 'POST', url: C, payload: { customerName: '다른 사람', customerPhone: '01012345678' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', errors: { customerPhone: CUSTOMER_MSG.phoneDuplicate } });
    const bad = await call({ method: 'POST', url: C, payload: { customerName: '', customerPhone: '050-1234-5678', userGender: 'X', birthday: '1990-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      customerName: CUSTOMER_MSG.nameRequired, customerPhone: GUARANTEE_MSG.safeNumberRejected, userGender: CUSTOMER_MSG.genderInvalid, birthday: CUSTOMER_MSG.birthdayInvalid,
    });
    // Another country keeps its own numbering, and the same digits there are another customer.
    const us = await add(call, { customerName: 'John', customerPhone: '2015550123', countryCode: '1' });
    expect(us).toMatchObject({ customerPhone: '2015550123', countryCode: '1' });
  });

  it('edits only what is sent, records the consent day when it changes, refuses a phone of another customer', async () => {
    const { call } = await tenant();
    const a = await add(call, { customerName: '김하나', customerPhone: '01011112222', email: 'a@example.com' });
    const b = await add(call, { customerName: '이둘', customerPhone: '01033334444' });
    t.clock.advance(60_000);
    const res = await call({ method: 'PATCH', url: `${C}/${a.customerIdx}`, payload: { customerName: '김하나둘', isAgreeSMS: 'Y' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ customerName: '김하나둘', customerPhone: '01011112222', email: 'a@example.com', isAgreeSMS: 'Y', isAgreeMarketing: 'N' });
    const detail = (await call({ method: 'GET', url: `${C}/${a.customerIdx}` })).json().data;
    expect(detail.terms).toEqual({
      marketing: { isAgree: 'N', changedAt: null }, sms: { isAgree: 'Y', changedAt: t.clock.now().toISOString() }, email: { isAgree: 'N', changedAt: null },
    });
    const dup = await call({ method: 'PATCH', url: `${C}/${b.customerIdx}`, payload: { customerPhone: '010-1111-2222' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ customerPhone: CUSTOMER_MSG.phoneDuplicate });
    expect((await call({ method: 'GET', url: `${C}/${b.customerIdx}` })).json().data.customerPhone).toBe('01033334444');
    expect((await call({ method: 'PATCH', url: `${C}/${b.customerIdx}`, payload: { email: 'nope' } })).json().errors).toEqual({ email: CUSTOMER_MSG.emailFormat });
  });
});

describe('the list', () => {
  let call: Call;
  let tenantIdx: number;
  const idx: Record<string, number> = {};
  beforeAll(async () => {
    ({ call, tenantIdx } = await tenant());
    const people: [string, string, string | null, 'M' | 'F' | null][] = [
      ['김민준', '010-2345-6701', 'minjun@example.com', 'M'], ['이서연', '010-3456-7802', 'SEOYEON@corp.kr', 'F'], ['박지호', '010-4567-8903', null, 'M'],
      ['최수아', '010-5678-9004', 'sua@example.com', 'F'], ['김서준', '010-6789-1234', null, null], ['정하은', '010-7890-1206', 'haeun@example.com', 'F'],
    ];
    // Registered one a day, the last today (sessions last 6 hours: the rows are dated, not the clock moved).
    for (const [i, [name, phone, email, gender]] of people.entries()) {
      idx[name] = (await add(call, { customerName: name, customerPhone: phone, email, userGender: gender, isAgreeMarketing: i % 2 ? 'Y' : 'N' })).customerIdx;
      await t.database.db.update(customers).set({ createdAt: new Date(t.clock.now().getTime() - (5 - i) * 24 * 60 * 60 * 1000) })
        .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx[name])));
    }
    await t.database.db.update(customers).set({ hasWallet: 'Y' }).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx['박지호'])));
    await order(call, idx['최수아'], { orderedAt: '2026-11-01T00:00:00Z', channel: 'offline', productName: '가방', paymentAmount: 300_000 });
    await order(call, idx['김민준'], { orderedAt: '2026-10-01T00:00:00Z', channel: 'platform', productName: '시계', paymentAmount: 100_000 });
    await order(call, idx['김민준'], { orderedAt: '2026-10-02T00:00:00Z', channel: 'ownMall', productName: '시계', paymentAmount: 50_000 });
  });

  it('lists newest first by default with exact totals', async () => {
    const all = await list(call, '');
    expect(names(all)).toEqual(['정하은', '김서준', '최수아', '박지호', '이서연', '김민준']);
    expect(all.total).toBe(6);
    expect(all.totalIsEstimate).toBe(false);
  });

  it('searches contains on name, phone digits and e-mail, up to 10 comma or line-break terms', async () => {
    expect(names(await list(call, `searchTarget=name&searchKeyword=${encodeURIComponent('서')}`))).toEqual(['김서준', '이서연']);
    expect(names(await list(call, `searchTarget=name&searchKeyword=${encodeURIComponent('민준, 하은')}`))).toEqual(['정하은', '김민준']);
    expect(names(await list(call, `searchTarget=phone&searchKeyword=${encodeURIComponent('1234')}`))).toEqual(['김서준']);
    expect(names(await list(call, `searchTarget=phone&searchKeyword=${encodeURIComponent('78-9004')}`))).toEqual(['최수아']);
    expect(names(await list(call, `searchTarget=email&searchKeyword=${encodeURIComponent('corp.KR')}`))).toEqual(['이서연']);
    expect(names(await list(call, `searchKeyword=${encodeURIComponent('example.com\n7802')}`))).toEqual(['정하은', '최수아', '이서연', '김민준']);
    // The name target does not look at phones.
    expect((await list(call, 'searchTarget=name&searchKeyword=1234')).total).toBe(0);
    const tooMany = await call({ method: 'GET', url: `${C}?searchKeyword=${encodeURIComponent('a,b,c,d,e,f,g,h,i,j,k')}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ searchKeyword: LIST_MSG.tooManyTerms });
  });

  it('filters by gender, consent, wallet, grade and registration day', async () => {
    const f = (o: object) => `filterOptions=${encodeURIComponent(JSON.stringify(o))}`;
    expect(names(await list(call, f({ gender: ['F'] })))).toEqual(['정하은', '최수아', '이서연']);
    expect(names(await list(call, f({ gender: ['NONE', 'M'] })))).toEqual(['김서준', '박지호', '김민준']);
    expect(names(await list(call, f({ isAgreeMarketing: 'Y' })))).toEqual(['정하은', '최수아', '이서연']);
    expect(names(await list(call, f({ hasWallet: 'Y' })))).toEqual(['박지호']);
    expect((await list(call, f({ groupIdx: [0] }))).total).toBe(6);
    expect((await list(call, f({ groupIdx: [99999] }))).total).toBe(0);
    // Registered one a day up to today (2026-11-22 KST): the third and fourth days.
    expect(names(await list(call, f({ registeredFrom: '2026-11-19', registeredTo: '2026-11-20' })))).toEqual(['최수아', '박지호']);
    const bad = await call({ method: 'GET', url: `${C}?filterOptions=gender%3DM&orderBy=age&orderDirection=UP&searchTarget=memo&pageSize=7` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['filterOptions', 'orderBy', 'orderDirection', 'pageSize', 'searchTarget']);
  });

  it('sorts by each orderBy both ways, no order date lowest', async () => {
    expect(names(await list(call, 'orderBy=customerName&orderDirection=ASC'))).toEqual(['김민준', '김서준', '박지호', '이서연', '정하은', '최수아']);
    const byPrice = await list(call, 'orderBy=totalOrderPrice&orderDirection=DESC');
    expect(names(byPrice).slice(0, 2)).toEqual(['최수아', '김민준']);
    expect(byPrice.list[0]).toMatchObject({ totalOrderPrice: 300_000, totalOrderCount: 1, offlineOrderCount: 1, latestOrderedAt: '20261101' });
    expect(byPrice.list[1]).toMatchObject({ totalOrderPrice: 150_000, totalOrderCount: 2, platformOrderCount: 1, ownMallOrderCount: 1, latestOrderedAt: '20261002' });
    expect(names(await list(call, 'orderBy=totalOrderCount&orderDirection=DESC')).slice(0, 2)).toEqual(['김민준', '최수아']);
    expect(names(await list(call, 'orderBy=latestOrderedAt&orderDirection=DESC')).slice(0, 3)).toEqual(['최수아', '김민준', '정하은']);
    expect(names(await list(call, 'orderBy=latestOrderedAt&orderDirection=ASC')).slice(-2)).toEqual(['김민준', '최수아']);
    expect(names(await list(call, 'orderBy=registeredAt&orderDirection=ASC'))).toEqual(['김민준', '이서연', '박지호', '최수아', '김서준', '정하은']);
    expect((await list(call, 'orderBy=customerPoint&orderDirection=DESC')).list).toHaveLength(6);
  });

  it('pages with the allowed page sizes', async () => {
    const many = await tenant();
    for (let i = 0; i < 12; i += 1) await add(many.call, { customerName: `고객${String(i).padStart(2, '0')}`, customerPhone: `0109000${String(1000 + i)}` });
    const second = await list(many.call, 'pageSize=10&page=2&orderBy=customerName&orderDirection=ASC');
    expect(names(second)).toEqual(['고객10', '고객11']);
    expect(second.total).toBe(12);
  });
});

describe('orders and points', () => {
  it('earns floor(payment × rate %) when points are on, keeps a ledger with the balance, none when off', async () => {
    const { call } = await tenant();
    const c = await add(call, { customerName: '적립왕', customerPhone: '01055556666' });
    expect((await call({ method: 'PATCH', url: `${C}/setting`, payload: { pointRate: 2.5, onOfflinePointToggle: 'Y' } })).json().data)
      .toMatchObject({ pointRate: 2.5, onOfflinePointToggle: 'Y', gradeSchedule: 'monthly', gradePeriodMonths: 12 });
    const first = await order(call, c.customerIdx, { orderedAt: '2026-11-20T05:00:00Z', channel: 'ownMall', productName: '지갑', paymentAmount: 12_345 });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ paymentAmount: 12_345, pointAmount: 308, channel: 'ownMall' });
    await call({ method: 'PATCH', url: `${C}/setting`, payload: { pointRate: 0.29 } });
    expect((await order(call, c.customerIdx, { orderedAt: '2026-11-21T05:00:00Z', channel: 'platform', productName: '카드지갑', paymentAmount: 10_000 })).json().data.pointAmount).toBe(29);
    await call({ method: 'PATCH', url: `${C}/setting`, payload: { onOfflinePointToggle: 'N' } });
    expect((await order(call, c.customerIdx, { orderedAt: '2026-11-21T06:00:00Z', channel: 'offline', productName: '벨트', paymentAmount: 50_000 })).json().data.pointAmount).toBe(0);

    const row = (await call({ method: 'GET', url: `${C}/${c.customerIdx}` })).json().data;
    expect(row).toMatchObject({ customerPoint: 337, totalOrderPrice: 72_345, totalOrderCount: 3, platformOrderCount: 1, ownMallOrderCount: 1, offlineOrderCount: 1, latestOrderedAt: '20261121' });
    const points = (await call({ method: 'GET', url: `${C}/${c.customerIdx}/points` })).json().data;
    expect(points.list.map((p: { amount: number; balance: number; reason: string }) => [p.amount, p.balance, p.reason]))
      .toEqual([[29, 337, CUSTOMER_MSG.pointReasonOrder], [308, 308, CUSTOMER_MSG.pointReasonOrder]]);
    const orders = (await call({ method: 'GET', url: `${C}/${c.customerIdx}/orders?pageSize=10` })).json().data;
    expect(orders.total).toBe(3);
    expect(orders.list.map((o: { productName: string }) => o.productName)).toEqual(['벨트', '카드지갑', '지갑']);
    const bad = await order(call, c.customerIdx, { orderedAt: 'yesterday', channel: 'shop', productName: '', paymentAmount: -1 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['channel', 'orderedAt', 'paymentAmount', 'productName']);
    expect((await call({ method: 'PATCH', url: `${C}/setting`, payload: { pointRate: 100.5 } })).json().errors).toEqual({ pointRate: CUSTOMER_MSG.pointRateInvalid });
  });

  it('lists the customer\'s certificates from issuing, and issuing finds the customer by phone', async () => {
    const { call } = await tenant();
    const c = await add(call, { customerName: '보증고객', customerPhone: '01077778888' });
    const issued = await call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ordererName: '보증고객', ordererTel: '010-7777-8888', productName: '시계', price: 150000 } });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().data.customerIdx).toBe(c.customerIdx);
    const nftsRes = (await call({ method: 'GET', url: `${C}/${c.customerIdx}/nfts` })).json().data;
    expect(nftsRes.list.map((n: { productName: string }) => n.productName)).toEqual(['시계']);
    expect((await call({ method: 'GET', url: `${C}/${c.customerIdx}` })).json().data.nftTotalGuaranteeAmount).toBe(150000);
    expect((await list(call, '')).total).toBe(1);
  });
});

describe('tenants and sub-accounts', () => {
  it('answers 404 on every :idx route for another tenant\'s customer and leaves it unchanged', async () => {
    const a = await tenant();
    const b = await tenant();
    const theirs = await add(b.call, { customerName: '남의고객', customerPhone: '01099990000' });
    const row = () => t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, b.tenantIdx), eq(customers.idx, theirs.customerIdx)));
    const before = await row();
    for (const [method, suffix, payload] of [
      ['GET', '', undefined], ['PATCH', '', { customerName: '탈취' }], ['GET', '/nfts', undefined], ['GET', '/orders', undefined],
      ['POST', '/orders', { orderedAt: '2026-11-01T00:00:00Z', channel: 'offline', productName: 'x', paymentAmount: 1000 }], ['GET', '/points', undefined],
    ] as const) {
      const res = await a.call({ method, url: `${C}/${theirs.customerIdx}${suffix}`, payload });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: CUSTOMER_MSG.notFound });
    }
    expect(await row()).toEqual(before);
    expect((await list(a.call, `searchKeyword=${encodeURIComponent('남의고객')}`)).total).toBe(0);
    // The same phone is a different customer in another tenant.
    expect((await add(a.call, { customerName: '내고객', customerPhone: '01099990000' })).customerPhone).toBe('01099990000');

    const [grade] = await t.database.db.insert(customerGroups).values({ tenantIdx: b.tenantIdx, name: 'VIP', groupNo: 1 }).returning();
    expect((await a.call({ method: 'GET', url: `/api/v1/admin/customers-group/${grade.idx}` })).statusCode).toBe(404);
    const steal = await a.call({ method: 'POST', url: '/api/v1/admin/customers-group/direct', payload: { list: [{ idx: grade.idx, name: 'MINE', groupNo: 1 }] } });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().errors).toEqual({ 'list[0].idx': CUSTOMER_MSG.gradeIdxUnknown });
    expect((await t.database.db.select().from(customerGroups).where(eq(customerGroups.idx, grade.idx)))[0].name).toBe('VIP');
  });

  it('lets a sub-account read and edit customers but not settings, grades or the download', async () => {
    const staff = as(t, await signInDemo(t, 'staff@demo.test'));
    const created = await add(staff, { customerName: '하위계정고객', customerPhone: '01012120000' });
    expect((await staff({ method: 'PATCH', url: `${C}/${created.customerIdx}`, payload: { customerName: '수정됨' } })).json().data.customerName).toBe('수정됨');
    expect((await staff({ method: 'GET', url: `${C}/setting` })).statusCode).toBe(200);
    expect((await staff({ method: 'GET', url: '/api/v1/admin/customers-group/list' })).statusCode).toBe(200);
    for (const request of [
      { method: 'PATCH' as const, url: `${C}/setting`, payload: { pointRate: 5 } },
      { method: 'POST' as const, url: '/api/v1/admin/customers-group/direct', payload: { list: [{ name: 'VIP', groupNo: 1 }] } },
      { method: 'POST' as const, url: '/api/v1/admin/customers-group/run' },
      { method: 'POST' as const, url: '/api/customer/v1/overview/download', payload: { email: 'a@b.co', password: 'ab12!@', reason: '점검' } },
      { method: 'GET' as const, url: '/api/customer/v1/overview/download' },
    ]) {
      const res = await staff(request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    }
    // The staff's customer is the main account's tenant's.
    const brand = as(t, await signInDemo(t, 'brand@demo.test'));
    expect((await brand({ method: 'GET', url: `${C}/${created.customerIdx}` })).json().data.customerName).toBe('수정됨');
    const repair = as(t, await signInDemo(t, 'repair@demo.test'));
    expect((await repair({ method: 'GET', url: C })).json().code).toBe('FORBIDDEN_ROLE');
  });
});
