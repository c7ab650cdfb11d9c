import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { P, as, signInDemo } from '../../tests/helpers/accounts';
import { nfts, partnerships, products } from '../db/schema';
import { mediaUrl } from '../providers/storage';
import { NFT_STATUS } from '../../src/domain/guarantee';
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

  it('gives every demo product its own generated PNG, served like an upload, and the guarantees and certificates carry it', async () => {
    const certificatesSeen: string[] = [];
    for (const email of ['brand@demo.test', 'other@demo.test', 'coop@demo.test', 'expired@demo.test']) {
      const seen = new Set<string>();
      const tenantIdx = (await findAccountByEmail(t.database.db, email))!.idx;
      // From the table, not the list: the ended trial may not list its products.
      const rows = await t.database.db.select().from(products).where(eq(products.tenantIdx, tenantIdx));
      expect(rows.length, email).toBeGreaterThan(0);
      for (const p of rows) {
        expect(p.imagePath, `${email} ${p.code}`).not.toBeNull();
        const res = await t.app.inject({ method: 'GET', url: mediaUrl(p.imagePath!) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        seen.add(res.rawPayload.toString('base64'));
      }
      expect(seen.size, `${email}: each product has a picture of its own`).toBe(rows.length);
      // Issued from the product, as the console would: the guarantee, and the customer's certificate, show its picture.
      const imageOf = new Map(rows.map((p) => [p.idx, p.imagePath]));
      const guarantees = await t.database.db.select().from(nfts).where(eq(nfts.tenantIdx, tenantIdx));
      for (const g of guarantees) expect(g.productImage, g.nftNumber).toBe(imageOf.get(g.partnersProductIdx!));
      const issued = guarantees.find((g) => g.nftStatus === NFT_STATUS.complete);
      if (issued) {
        const cert = await t.app.inject({ method: 'GET', url: `/api/v1/public/certificate/${issued.publicToken}` });
        expect(cert.json().data?.productImageUrl, cert.body).toBe(mediaUrl(issued.productImage!));
        certificatesSeen.push(email);
      }
    }
    expect(certificatesSeen).toEqual(['brand@demo.test', 'other@demo.test']);
  });

  it('a demo picture is a ready upload of its tenant: a new product may use it, another tenant may not', async () => {
    const brand = as(t, await signInDemo(t, 'brand@demo.test'));
    const [p] = (await brand({ method: 'GET', url: '/api/v1/admin/partners-product' })).json().data.list as Row[];
    const image = p.productImage as { path: string };
    const copy = await brand({ method: 'POST', url: '/api/v1/admin/partners-product', payload: { name: '데모 사진을 쓴 상품', price: 10_000, productImage: image.path } });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.productImage.path).toBe(image.path);
    const other = as(t, await signInDemo(t, 'other@demo.test'));
    const refused = await other({ method: 'POST', url: '/api/v1/admin/partners-product', payload: { name: '남의 사진', price: 10_000, productImage: image.path } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['productImage']);
  });

  it('a data directory seeded before these accounts existed gets them on the next start, once', async () => {
    const db = t.database.db;
    const coop = (await findAccountByEmail(db, 'coop@demo.test'))!;
    await db.delete(partnerships).where(eq(partnerships.idx, coop.idx));
    expect(await seedDemo(db, t.app.storage, t.clock.now())).toBe(false);
    const again = await findAccountByEmail(db, 'coop@demo.test');
    expect(again?.idx).toBeGreaterThan(coop.idx);
    await seedDemo(db, t.app.storage, t.clock.now());
    expect((await findAccountByEmail(db, 'coop@demo.test'))?.idx).toBe(again?.idx);
    const call = as(t, await signInDemo(t, 'coop@demo.test'));
    expect((await call({ method: 'GET', url: '/api/v1/admin/partners-product?pageSize=100' })).json().data.total).toBe(15);
  });
});
