import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { as, signInDemo } from '../../tests/helpers/accounts';
import { seedDemo } from './demo';
import { and, eq } from 'drizzle-orm';
import { nftTemplates } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { DEFAULT_CUSTOM_CONTENT_TITLES } from '../../src/domain/guarantee';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Row = { nftStatus: number; requestRoute: string; nftCardName: string | null; storeIdx: number | null; partnersProductIdx: number | null; nftNumber: string };

describe(`demo guarantees (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('brand@demo.test has 30 guarantees over statuses 1, 3, 5, 7, 9, 11 and routes product, excel, user on its main template', async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const data = (await call({ method: 'GET', url: '/api/v1/admin/nft?pageSize=50' })).json().data as { list: Row[]; total: number };
    expect(data.total).toBe(30);
    expect([...new Set(data.list.map((r) => r.nftStatus))].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11]);
    expect([...new Set(data.list.map((r) => r.requestRoute))].sort()).toEqual(['excel', 'product', 'user']);
    expect(new Set(data.list.map((r) => r.nftCardName))).toEqual(new Set(['데모 보증서']));
    expect(data.list.every((r) => r.partnersProductIdx !== null && /^G\d{6}-\d{7}$/.test(r.nftNumber))).toBe(true);
    expect(data.list.some((r) => r.storeIdx !== null)).toBe(true);
    const tenantIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
    const templates = await t.database.db.select().from(nftTemplates).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE')));
    expect(templates).toEqual([expect.objectContaining({
      nftCardName: '데모 보증서', isMain: true, templateType: 'GUARANTEE', status: 'ACTIVE',
      nftCustomContents: DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: expect.any(String) })),
    })]);
  });

  it('other@demo.test has a few of its own, and seeding again adds nothing', async () => {
    await seedDemo(t.database.db, t.app.storage, t.clock.now());
    const other = as(t, await signInDemo(t, 'other@demo.test'));
    expect((await other({ method: 'GET', url: '/api/v1/admin/nft' })).json().data.total).toBe(4);
    const brand = as(t, await signInDemo(t, 'brand@demo.test'));
    expect((await brand({ method: 'GET', url: '/api/v1/admin/nft' })).json().data.total).toBe(30);
  });
});
