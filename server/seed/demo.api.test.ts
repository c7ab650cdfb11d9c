import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { P, as, signInDemo } from '../../tests/helpers/accounts';
import { partnerships } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { DEMO_ACCOUNTS, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

describe(`demo accounts (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('prints the multi-brand shop and the ended trial with the other logins', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(
      ['brand@demo.test', 'staff@demo.test', 'repair@demo.test', 'laundry@demo.test', 'coop@demo.test', 'expired@demo.test'],
    );
  });

  it('coop@demo.test is a cooperator on PRO whose products span its three brands', async () => {
    const call = as(t, await signInDemo(t, 'coop@demo.test'));
    const me = (await call({ method: 'GET', url: P })).json().data;
    expect(me).toMatchObject({ adminType: 'b2b', b2bType: 'cooperator', companyName: '데모편집숍', subscriptionState: 'CHARGED' });
    const brands = (await call({ method: 'GET', url: '/api/v1/admin/brand/list' })).json().data.list as Row[];
    expect(brands.map((b) => b.name)).toEqual(['노르딕레더', '아뜰리에서울', '블루하버']);
    const all = (await call({ method: 'GET', url: '/api/v1/admin/partners-product?pageSize=100' })).json().data;
    expect(all.total).toBe(15);
    for (const b of brands) {
      const one = (await call({ method: 'GET', url: `/api/v1/admin/partners-product?pageSize=100&brandIdx=${String(b.idx)}` })).json().data;
      expect(one.total).toBe(5);
      expect(new Set((one.list as Row[]).map((p) => p.brandName))).toEqual(new Set([b.name]));
    }
  });

  it('expired@demo.test is a brand whose 14-day trial began 20 days ago', async () => {
    const call = as(t, await signInDemo(t, 'expired@demo.test'));
    const me = (await call({ method: 'GET', url: P })).json().data;
    expect(me).toMatchObject({ b2bType: 'brand', subscriptionState: 'TRIAL_FINISHED', subscription: { isTrial: true } });
    const sub = (await call({ method: 'GET', url: '/api/payment/v2/subscription' })).json().data;
    const days = (iso: string) => Math.round((t.clock.now().getTime() - new Date(iso).getTime()) / 86_400_000);
    expect(days(sub.startDate)).toBe(20);
    expect(days(sub.endDate)).toBe(6);
  });

  it('a data directory seeded before these accounts existed gets them on the next start, once', async () => {
    const db = t.database.db;
    const coop = (await findAccountByEmail(db, 'coop@demo.test'))!;
    await db.delete(partnerships).where(eq(partnerships.idx, coop.idx));
    expect(await seedDemo(db, t.clock.now())).toBe(false);
    const again = await findAccountByEmail(db, 'coop@demo.test');
    expect(again?.idx).toBeGreaterThan(coop.idx);
    await seedDemo(db, t.clock.now());
    expect((await findAccountByEmail(db, 'coop@demo.test'))?.idx).toBe(again?.idx);
    const call = as(t, await signInDemo(t, 'coop@demo.test'));
    expect((await call({ method: 'GET', url: '/api/v1/admin/partners-product?pageSize=100' })).json().data.total).toBe(15);
  });
});
