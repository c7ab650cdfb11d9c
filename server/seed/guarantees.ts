import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, customers, nftTemplates, nfts, products, stores } from '../db/schema';
import { DEFAULT_CUSTOM_CONTENT_TITLES, NFT_STATUS, normalizePhone } from '../../src/domain/guarantee';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../src/domain/product';
import { findAccountByEmail } from '../modules/accounts/repository';
import { newPublicToken } from '../modules/certificates/url';
import { nftNumberOf } from '../modules/guarantees/rows';
import { seoulDate } from '../../src/domain/seoulDay';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The default custom contents of the demo's main template (titles from spec 2 section 3). */
const DEMO_CONTENTS: Record<(typeof DEFAULT_CUSTOM_CONTENT_TITLES)[number], string> = {
  '보증 기간': '구매일로부터 1년간 제조상 결함에 대해 무상 수리해 드립니다.',
  '교환 및 반품 안내': '수령 후 7일 이내, 사용하지 않은 상품에 한해 교환·반품할 수 있어요.',
  'A/S 주의사항': '고객 부주의로 인한 손상과 소모품(스트랩·배터리)은 유상 수리입니다.',
};

const ORDERERS: [string, string][] = [
  ['김민준', '010-2345-6701'], ['이서연', '010-3456-7802'], ['박지호', '010-4567-8903'], ['최수아', '010-5678-9004'],
  ['정예준', '010-6789-0105'], ['강하은', '010-7890-1206'], ['조도윤', '010-8901-2307'], ['윤지우', '010-9012-3408'],
  ['장서준', '010-1234-5609'], ['임하린', '010-2345-6710'], ['한시우', '010-3456-7811'], ['오채원', '010-4567-8912'],
];

/** Status, issue route and age in days of each demo guarantee (30 for the demo brand). */
const PLAN: [status: number, route: 'product' | 'excel' | 'user', daysAgo: number][] = [
  [3, 'product', 0], [3, 'product', 1], [1, 'excel', 0], [1, 'excel', 0], [3, 'user', 2], [7, 'product', 1], [11, 'product', 0],
  [3, 'excel', 3], [5, 'product', 5], [9, 'product', 6], [3, 'product', 7], [1, 'excel', 8], [3, 'user', 10], [3, 'product', 12],
  [7, 'product', 2], [9, 'excel', 14], [3, 'product', 16], [1, 'excel', 18], [3, 'product', 20], [11, 'product', 21],
  [3, 'user', 25], [5, 'product', 28], [3, 'excel', 30], [3, 'product', 35], [9, 'product', 40], [3, 'product', 45],
  [1, 'excel', 50], [3, 'user', 55], [3, 'product', 60], [3, 'product', 70],
];

async function mainTemplate(db: Db, tenantIdx: number, name: string, now: Date): Promise<number> {
  const [existing] = await db.select({ idx: nftTemplates.idx }).from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'GUARANTEE')))
    .orderBy(asc(nftTemplates.idx)).limit(1);
  if (existing) return existing.idx;
  const [row] = await db.insert(nftTemplates).values({
    tenantIdx, templateType: 'GUARANTEE', isMain: true, nftCardName: name,
    nftCustomContents: DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: DEMO_CONTENTS[title] })),
    nftCustomLinks: [{ name: '공식 온라인몰', url: 'https://example.com/shop' }],
    createdAt: now, updatedAt: now,
  }).returning({ idx: nftTemplates.idx });
  return row.idx;
}

/**
 * Demo guarantees of one tenant, where it has none yet: its main template, then `plan` certificates
 * spread over the statuses and routes, on its catalogue products and stores, for a dozen customers.
 */
async function seedTenant(db: Db, email: string, templateName: string, plan: typeof PLAN, now: Date): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const tenantIdx = account.idx;
  const [{ n }] = await db.select({ n: count() }).from(nfts).where(eq(nfts.tenantIdx, tenantIdx));
  const templateIdx = await mainTemplate(db, tenantIdx, templateName, now);
  if (n > 0) return;
  const catalogue = await db.select().from(products).where(eq(products.tenantIdx, tenantIdx)).orderBy(asc(products.idx));
  const storeRows = await db.select().from(stores).where(eq(stores.tenantIdx, tenantIdx)).orderBy(asc(stores.idx));
  const [brand] = await db.select().from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx)).limit(1);
  if (!catalogue.length || !brand) return;

  await db.transaction(async (tx) => {
    const people = await tx.insert(customers).values(ORDERERS.map(([name, tel]) => ({ tenantIdx, name, phone: normalizePhone(tel), createdAt: now, updatedAt: now })))
      .onConflictDoNothing().returning();
    const customerOf = new Map(people.map((c) => [c.phone, c.idx]));
    const rows = plan.map(([status, route, daysAgo], i) => {
      const product = catalogue[(i * 7) % catalogue.length];
      const store = storeRows.length && route !== 'user' ? storeRows[i % storeRows.length] : null;
      const [name, tel] = ORDERERS[i % ORDERERS.length];
      const phone = normalizePhone(tel);
      const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - (i % 5) * 3600_000);
      const issued = status === NFT_STATUS.complete || status === NFT_STATUS.pending || status === NFT_STATUS.cancel;
      return {
        tenantIdx, nftNumber: '', nftType: 'GUARANTEE' as const, nftTemplateIdx: templateIdx, nftStatus: status, requestRoute: route,
        customerIdx: customerOf.get(phone) ?? null, ordererName: name, ordererTel: phone, ordererCountryCode: '82',
        orderedAt: seoulDate(new Date(createdAt.getTime() - DAY_MS)), refOrderId: i % 3 === 0 ? `ORD-2026-${String(1000 + i)}` : null,
        storeIdx: store?.idx ?? null, storeName: store?.name ?? null, brandIdx: product.brandIdx, partnersProductIdx: product.idx,
        productName: product.name, productImage: product.imagePath, warrantyDate: seoulDate(new Date(createdAt.getTime() + 365 * DAY_MS)), price: product.price,
        paymentAmount: product.paymentAmount, modelNumber: product.code, categoryCode: product.categoryCode,
        categoryName: product.categoryCode ? (PRODUCT_CATEGORIES[product.categoryCode as ProductCategoryCode] ?? null) : null,
        material: product.material, size: product.size, weight: product.weight, publicToken: newPublicToken(),
        issueAt: status === NFT_STATUS.reservation ? new Date(createdAt.getTime() + 7 * DAY_MS) : null,
        issuedAt: issued ? createdAt : null,
        canceledAt: status === NFT_STATUS.cancel ? new Date(createdAt.getTime() + DAY_MS) : null,
        cancelReason: status === NFT_STATUS.cancel && i % 2 === 0 ? '고객 요청' : null,
        createdBy: tenantIdx, createdAt, updatedAt: createdAt,
      };
    });
    const inserted = await tx.insert(nfts).values(rows).returning({ idx: nfts.idx, createdAt: nfts.createdAt });
    for (const r of inserted) {
      await tx.update(nfts).set({ nftNumber: nftNumberOf('GUARANTEE', r.idx, r.createdAt) }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, r.idx)));
    }
  });
}

/** Demo guarantees: 30 of brand@demo.test across statuses 1, 3, 5, 7, 9, 11 and routes product/excel/user, and a few of other@demo.test. Idempotent. */
export async function seedGuarantees(db: Db, now: Date): Promise<void> {
  await seedTenant(db, 'brand@demo.test', '데모 보증서', PLAN, now);
  await seedTenant(db, 'other@demo.test', '다른브랜드 보증서', PLAN.slice(0, 4), now);
}
