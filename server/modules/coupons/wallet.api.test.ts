import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import { coupons, customerCoupons, customers } from '../../db/schema';
import { couponExpiry, grantCoupon } from './wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

async function couponOf(tenantIdx: number, extra: Partial<typeof coupons.$inferInsert>): Promise<number> {
  const [membership] = await t.database.db.select({ idx: coupons.membershipIdx }).from(coupons).where(eq(coupons.tenantIdx, tenantIdx)).limit(1);
  const [row] = await t.database.db.insert(coupons).values({
    tenantIdx, title: '지갑 쿠폰', membershipIdx: membership.idx, expireType: 1, expireDays: 3, usePlace: 1, ...extra,
  }).returning({ idx: coupons.idx });
  return row.idx;
}
const twoCustomers = async (tenantIdx: number) =>
  (await t.database.db.select({ idx: customers.idx }).from(customers).where(eq(customers.tenantIdx, tenantIdx)).limit(2)).map((c) => c.idx);

describe(`the coupon wallet (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('a coupon by days ends at 23:59:59 Seoul of its last day; one by date at the end of that date', () => {
    const now = new Date('2026-11-24T16:00:00Z'); // 2026-11-25 01:00 in Seoul
    expect(couponExpiry({ expireType: 1, expireDays: 3, expireDate: null }, now).toISOString()).toBe('2026-11-27T14:59:59.000Z');
    expect(couponExpiry({ expireType: 2, expireDays: null, expireDate: '2026-12-31' }, now).toISOString()).toBe('2026-12-31T14:59:59.000Z');
  });

  it('a once-per-customer coupon is granted once per customer, even when granted twice at the same time', async () => {
    const { tenantIdx } = await sessionOf(t, 'brand@demo.test');
    const couponIdx = await couponOf(tenantIdx, { oncePerCustomer: 'Y' });
    const [a, b] = await twoCustomers(tenantIdx);
    const grant = (customerIdx: number) =>
      t.database.db.transaction((tx) => grantCoupon(tx, { tenantIdx, couponIdx, customerIdx, source: 'MANUAL' }, t.clock.now()));
    const results = await Promise.all([grant(a), grant(a), grant(b)]);
    expect(results.filter((r) => 'idx' in r)).toHaveLength(2);
    expect(results).toContainEqual({ refused: 'COUPON_ALREADY_GRANTED' });
    const held = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.couponIdx, couponIdx)));
    expect(held.map((c) => c.customerIdx).sort()).toEqual([a, b].sort());
    expect(new Set(held.map((c) => c.barcode)).size).toBe(2);
  });

  it('a limited coupon is not granted past its count, and another tenant\'s coupon is not found', async () => {
    const { tenantIdx } = await sessionOf(t, 'brand@demo.test');
    const couponIdx = await couponOf(tenantIdx, { useCountLimit: 'Y', countLimit: 1 });
    const [a, b] = await twoCustomers(tenantIdx);
    const grant = (customerIdx: number, tenant = tenantIdx) =>
      t.database.db.transaction((tx) => grantCoupon(tx, { tenantIdx: tenant, couponIdx, customerIdx, source: 'MANUAL' }, t.clock.now()));
    expect(await grant(a)).toHaveProperty('idx');
    expect(await grant(b)).toEqual({ refused: 'COUPON_SOLD_OUT' });
    expect(await grant(a, tenantIdx + 1000)).toEqual({ refused: 'COUPON_NOT_FOUND' });
  });
});
