import { and, count, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { as, signInDemo } from '../../tests/helpers/accounts';
import { customerOrders, customers, nfts } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { seedCustomers } from './customers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

describe(`demo customers (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('gives brand@demo.test 60 customers with orders, consents and three run grades, enriching the guarantee orderers', async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const tenantIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
    const list = (await call({ method: 'GET', url: '/api/v1/admin/customers?pageSize=100&orderBy=totalOrderPrice' })).json().data;
    expect(list.total).toBe(60);
    expect(list.list[0].totalOrderPrice).toBeGreaterThan(0);
    expect(list.list.some((c: { isAgreeMarketing: string }) => c.isAgreeMarketing === 'Y')).toBe(true);
    const grades = (await call({ method: 'GET', url: '/api/v1/admin/customers-group/list' })).json().data.list as { name: string; customerCount: number }[];
    expect(grades.map((g) => g.name)).toEqual(['일반', '실버', 'VIP']);
    expect(grades.reduce((s, g) => s + g.customerCount, 0)).toBe(60);
    // The guarantee seed's customers are the same rows (one per phone), now with orders.
    const holder = (await call({ method: 'GET', url: `/api/v1/admin/customers?searchTarget=phone&searchKeyword=010-2345-6701` })).json().data.list;
    expect(holder).toHaveLength(1);
    const [{ linked }] = await t.database.db.select({ linked: count() }).from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), isNotNull(nfts.customerIdx)));
    expect(linked).toBeGreaterThan(0);
    const points = (await call({ method: 'GET', url: `/api/v1/admin/customers/${list.list[0].customerIdx}/points` })).json().data;
    expect(points.list[0].balance).toBe(list.list[0].customerPoint);
  });

  it('keeps other@demo.test apart and does nothing the second time', async () => {
    const other = (await findAccountByEmail(t.database.db, 'other@demo.test'))!.idx;
    const [{ n: before }] = await t.database.db.select({ n: count() }).from(customers).where(eq(customers.tenantIdx, other));
    expect(before).toBeGreaterThan(0);
    const [{ n: orders }] = await t.database.db.select({ n: count() }).from(customerOrders);
    await seedCustomers(t.database.db, t.clock.now());
    expect((await t.database.db.select({ n: count() }).from(customers).where(eq(customers.tenantIdx, other)))[0].n).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(customerOrders))[0].n).toBe(orders);
  });
});
