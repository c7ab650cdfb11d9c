import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products, stores, uploads } from '../db/schema';
import { newStorageKey, type Storage } from '../providers/storage';
import { productImagePng } from './productImages';

const DAY_MS = 24 * 60 * 60 * 1000;

type Item = [category: number, name: string, code: string, price: number, material: string, size: string, weight: string];

/** Demo catalogue of 데모브랜드: 40 products over the 7 categories, model codes DB-<category>-<nnn>. */
const DEMO_ITEMS: Item[] = [
  [1, '시그니처 레더 토트백', 'DB-BAG-001', 1_290_000, '소가죽', '34 x 27 x 15 cm', '0.9 kg'],
  [1, '미니 크로스백 블랙', 'DB-BAG-002', 690_000, '소가죽', '20 x 14 x 6 cm', '0.4 kg'],
  [1, '캔버스 쇼퍼백', 'DB-BAG-003', 289_000, '코튼 캔버스', '42 x 35 x 12 cm', '0.6 kg'],
  [1, '퀼팅 체인 숄더백', 'DB-BAG-004', 2_150_000, '램스킨', '25 x 16 x 7 cm', '0.7 kg'],
  [1, '나일론 백팩', 'DB-BAG-005', 459_000, '리나일론', '30 x 40 x 14 cm', '0.8 kg'],
  [1, '버킷백 카멜', 'DB-BAG-006', 870_000, '스웨이드', '22 x 24 x 22 cm', '0.6 kg'],
  [1, '호보백 아이보리', 'DB-BAG-007', 1_020_000, '소가죽', '38 x 28 x 10 cm', '0.8 kg'],
  [2, '반지갑 로고 엠보싱', 'DB-WAL-001', 420_000, '소가죽', '11 x 9 cm', '0.1 kg'],
  [2, '장지갑 지퍼 어라운드', 'DB-WAL-002', 590_000, '소가죽', '19 x 10 cm', '0.2 kg'],
  [2, '카드 지갑 네이비', 'DB-WAL-003', 230_000, '사피아노 가죽', '10 x 7 cm', '0.05 kg'],
  [2, '머니클립 실버', 'DB-WAL-004', 185_000, '스털링 실버', '5 x 2 cm', '0.03 kg'],
  [2, '코인 퍼스 레드', 'DB-WAL-005', 160_000, '램스킨', '9 x 8 cm', '0.05 kg'],
  [3, '오토매틱 다이버 워치 41mm', 'DB-WAT-001', 4_800_000, '스테인리스 스틸', '41 mm', '0.16 kg'],
  [3, '드레스 워치 36mm 로즈골드', 'DB-WAT-002', 6_900_000, '18K 로즈골드', '36 mm', '0.09 kg'],
  [3, '크로노그래프 가죽 스트랩', 'DB-WAT-003', 3_250_000, '스테인리스 스틸, 악어가죽', '42 mm', '0.12 kg'],
  [3, '쿼츠 워치 미니', 'DB-WAT-004', 980_000, '스테인리스 스틸', '28 mm', '0.05 kg'],
  [3, 'GMT 워치 블루 다이얼', 'DB-WAT-005', 7_450_000, '스테인리스 스틸', '40 mm', '0.15 kg'],
  [4, '캐시미어 더블 코트', 'DB-CLO-001', 2_380_000, '캐시미어 100%', '95 (M)', '1.8 kg'],
  [4, '울 테일러드 재킷', 'DB-CLO-002', 1_150_000, '울 100%', '100 (L)', '1.1 kg'],
  [4, '실크 블라우스', 'DB-CLO-003', 540_000, '실크 100%', '55 (S)', '0.2 kg'],
  [4, '로고 스웨트셔츠', 'DB-CLO-004', 390_000, '코튼 100%', '105 (XL)', '0.6 kg'],
  [4, '구스다운 패딩', 'DB-CLO-005', 1_690_000, '나일론, 구스다운', '100 (L)', '1.3 kg'],
  [4, '니트 카디건', 'DB-CLO-006', 620_000, '메리노 울', '90 (S)', '0.4 kg'],
  [5, '레더 로퍼 블랙', 'DB-SHO-001', 890_000, '카프스킨', '260', '0.9 kg'],
  [5, '스니커즈 화이트', 'DB-SHO-002', 650_000, '카프스킨, 러버솔', '250', '1.0 kg'],
  [5, '첼시 부츠', 'DB-SHO-003', 1_120_000, '스웨이드', '270', '1.4 kg'],
  [5, '슬링백 펌프스', 'DB-SHO-004', 980_000, '페이턴트 가죽', '235', '0.6 kg'],
  [5, '샌들 스트랩', 'DB-SHO-005', 520_000, '소가죽', '240', '0.5 kg'],
  [6, '실버 체인 목걸이', 'DB-ACC-001', 450_000, '스털링 실버', '45 cm', '0.02 kg'],
  [6, '골드 후프 귀걸이', 'DB-ACC-002', 780_000, '18K 골드', '2 cm', '0.01 kg'],
  [6, '로고 벨트 블랙', 'DB-ACC-003', 480_000, '소가죽', '90 cm', '0.2 kg'],
  [6, '실크 스카프', 'DB-ACC-004', 390_000, '실크 100%', '90 x 90 cm', '0.08 kg'],
  [6, '선글라스 캣아이', 'DB-ACC-005', 520_000, '아세테이트', '54-18-145', '0.04 kg'],
  [6, '시그닛 반지', 'DB-ACC-006', 690_000, '스털링 실버', '15호', '0.02 kg'],
  [7, '레더 키링', 'DB-ETC-001', 150_000, '소가죽', '12 cm', '0.03 kg'],
  [7, '여권 케이스', 'DB-ETC-002', 260_000, '사피아노 가죽', '14 x 10 cm', '0.07 kg'],
  [7, '캐시미어 머플러', 'DB-ETC-003', 480_000, '캐시미어 100%', '180 x 30 cm', '0.2 kg'],
  [7, '트래블 파우치', 'DB-ETC-004', 210_000, '나일론', '25 x 18 cm', '0.1 kg'],
  [7, '우산 장우산 로고', 'DB-ETC-005', 180_000, '폴리에스터', '105 cm', '0.5 kg'],
  [7, '향초 시그니처 우드', 'DB-ETC-006', 95_000, '소이 왁스', '220 g', '0.3 kg'],
];

const OTHER_ITEMS: Item[] = [
  [1, '다른브랜드 데일리 백', 'OB-BAG-001', 350_000, '소가죽', '30 x 22 x 10 cm', '0.6 kg'],
  [2, '다른브랜드 카드 지갑', 'OB-WAL-001', 120_000, '소가죽', '10 x 7 cm', '0.05 kg'],
  [5, '다른브랜드 러닝화', 'OB-SHO-001', 189_000, '메시', '265', '0.7 kg'],
  [6, '다른브랜드 볼캡', 'OB-ACC-001', 59_000, '코튼', 'FREE', '0.1 kg'],
];

const WARRANTY = '구매일로부터 1년간 제조상 결함에 대해 무상 수리해 드립니다. 고객 부주의에 의한 손상, 소모품(스트랩·배터리)은 제외됩니다.';

async function firstBrand(db: Db, tenantIdx: number): Promise<number | null> {
  const [row] = await db.select({ idx: brands.idx }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(brands.idx).limit(1);
  return row?.idx ?? null;
}

/** The tenant's brands after adding the named extra brands that are missing; the first brand first. */
async function brandsWithExtras(db: Db, tenantIdx: number, extra: { name: string; englishName: string }[], now: Date): Promise<number[]> {
  const existing = await db.select({ idx: brands.idx, name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(brands.idx);
  const missing = extra.filter((b) => !existing.some((e) => e.name === b.name));
  if (missing.length) await db.insert(brands).values(missing.map((b) => ({ tenantIdx, name: b.name, englishName: b.englishName, createdAt: now })));
  if (!missing.length) return existing.map((b) => b.idx);
  const rows = await db.select({ idx: brands.idx }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(brands.idx);
  return rows.map((b) => b.idx);
}

/**
 * A generated picture per item, stored and recorded as a ready upload of the tenant, as if the
 * brand had uploaded it: the product form keeps it, and issuing copies it to the guarantee.
 */
async function storeProductImages(db: Db, storage: Storage, tenantIdx: number, items: Item[], now: Date): Promise<string[]> {
  const files = items.map(([categoryCode], i) => ({ path: newStorageKey(tenantIdx, 'png'), data: productImagePng(categoryCode, i) }));
  await Promise.all(files.map((f) => storage.put(f.path, f.data)));
  await db.insert(uploads).values(files.map((f) => ({
    tenantIdx, path: f.path, status: 'ready' as const, contentType: 'image/png', size: f.data.length, createdBy: tenantIdx, createdAt: now,
  })));
  return files.map((f) => f.path);
}

/**
 * Products, stores and brand English names of a demo tenant. Idempotent per table: a tenant that
 * already has products (or stores) keeps them, so a restart or an older data directory gets what
 * is missing and nothing twice.
 */
export async function seedCatalogue(
  db: Db,
  storage: Storage,
  tenantIdx: number,
  c: {
    englishName: string; items: Item[]; stores: { name: string; tag: string | null; pinned: 'Y' | 'N' }[]; barcodePrefix: string;
    /** Further brands of a multi-brand (cooperator) tenant; the items then go round the brands in turn. */
    extraBrands?: { name: string; englishName: string }[];
  },
  now: Date,
): Promise<void> {
  const brandIdx = await firstBrand(db, tenantIdx);
  if (brandIdx === null) return;
  const brandIdxs = c.extraBrands?.length ? await brandsWithExtras(db, tenantIdx, c.extraBrands, now) : [brandIdx];
  await db.update(brands).set({ englishName: c.englishName })
    .where(and(eq(brands.tenantIdx, tenantIdx), eq(brands.idx, brandIdx), isNull(brands.englishName)));

  const [{ n: productCount }] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.tenantIdx, tenantIdx));
  if (productCount === 0) {
    const imagePaths = await storeProductImages(db, storage, tenantIdx, c.items, now);
    await db.insert(products).values(c.items.map(([categoryCode, name, code, price, material, size, weight], i) => {
      // Spread over the last ~80 days, the first item the oldest, so date presets have something to show.
      const createdAt = new Date(now.getTime() - (c.items.length - i) * 2 * DAY_MS);
      return {
        tenantIdx, brandIdx: brandIdxs[i % brandIdxs.length], name, code, modelNum: code.replace(/-/g, ''), barcode: `${c.barcodePrefix}${String(1000 + i).padStart(5, '0')}`,
        price, paymentAmount: Math.round((price * 0.9) / 1000) * 1000, warranty: WARRANTY, categoryCode, material, size, weight,
        imagePath: imagePaths[i], createdAt, updatedAt: createdAt, createdBy: tenantIdx,
      };
    }));
  }
  const [{ n: storeCount }] = await db.select({ n: sql<number>`count(*)::int` }).from(stores).where(eq(stores.tenantIdx, tenantIdx));
  if (storeCount === 0) await db.insert(stores).values(c.stores.map((s) => ({ ...s, tenantIdx, createdAt: now })));
}

export const DEMO_CATALOGUE = {
  englishName: 'DEMO BRAND',
  items: DEMO_ITEMS,
  barcodePrefix: '880123456',
  stores: [
    { name: '데모브랜드 성수 플래그십', tag: '직영', pinned: 'Y' as const },
    { name: '더현대 서울점', tag: '백화점', pinned: 'Y' as const },
    { name: '신세계 강남점', tag: '백화점', pinned: 'N' as const },
    { name: '롯데월드몰 잠실점', tag: '백화점', pinned: 'N' as const },
    { name: '온라인 공식몰', tag: '온라인', pinned: 'N' as const },
  ],
};

export const OTHER_CATALOGUE = {
  englishName: 'OTHER BRAND',
  items: OTHER_ITEMS,
  barcodePrefix: '880987654',
  stores: [
    { name: '다른브랜드 홍대점', tag: '직영', pinned: 'Y' as const },
    { name: '다른브랜드 부산 센텀점', tag: '백화점', pinned: 'N' as const },
  ],
};

/** 데모편집숍 (coop@demo.test), a multi-brand shop: 15 products going round its three brands. */
export const COOP_CATALOGUE = {
  englishName: 'NORDIC LEATHER',
  extraBrands: [
    { name: '아뜰리에서울', englishName: 'ATELIER SEOUL' },
    { name: '블루하버', englishName: 'BLUE HARBOR' },
  ],
  items: [
    [1, '노르딕 레더 토트', 'CO-BAG-001', 780_000, '소가죽', '36 x 28 x 14 cm', '0.9 kg'],
    [4, '아뜰리에 린넨 셔츠', 'CO-CLO-001', 210_000, '린넨 100%', '100 (L)', '0.3 kg'],
    [6, '블루하버 캔버스 캡', 'CO-ACC-001', 69_000, '코튼 캔버스', 'FREE', '0.1 kg'],
    [2, '노르딕 레더 반지갑', 'CO-WAL-001', 240_000, '소가죽', '11 x 9 cm', '0.1 kg'],
    [4, '아뜰리에 울 코트', 'CO-CLO-002', 890_000, '울 90%, 캐시미어 10%', '95 (M)', '1.6 kg'],
    [5, '블루하버 데크 슈즈', 'CO-SHO-001', 189_000, '캔버스, 러버솔', '260', '0.8 kg'],
    [1, '노르딕 레더 메신저백', 'CO-BAG-002', 560_000, '소가죽', '32 x 25 x 8 cm', '0.8 kg'],
    [6, '아뜰리에 실크 스카프', 'CO-ACC-002', 150_000, '실크 100%', '70 x 70 cm', '0.05 kg'],
    [7, '블루하버 비치 타월', 'CO-ETC-001', 59_000, '코튼 100%', '160 x 90 cm', '0.6 kg'],
    [6, '노르딕 레더 벨트', 'CO-ACC-003', 180_000, '소가죽', '95 cm', '0.2 kg'],
    [5, '아뜰리에 더비 슈즈', 'CO-SHO-002', 420_000, '카프스킨', '265', '1.0 kg'],
    [1, '블루하버 더플백', 'CO-BAG-003', 139_000, '나일론', '50 x 28 x 28 cm', '0.7 kg'],
    [2, '노르딕 레더 카드 지갑', 'CO-WAL-002', 98_000, '소가죽', '10 x 7 cm', '0.05 kg'],
    [4, '아뜰리에 니트 베스트', 'CO-CLO-003', 260_000, '메리노 울', '90 (S)', '0.3 kg'],
    [3, '블루하버 필드 워치', 'CO-WAT-001', 320_000, '스테인리스 스틸', '38 mm', '0.08 kg'],
  ] as Item[],
  barcodePrefix: '880555111',
  stores: [
    { name: '데모편집숍 한남점', tag: '직영', pinned: 'Y' as const },
    { name: '데모편집숍 온라인', tag: '온라인', pinned: 'N' as const },
  ],
};

/** 체험종료브랜드 (expired@demo.test): a few products, so the issue screen has something to refuse. */
export const EXPIRED_CATALOGUE = {
  englishName: 'TRIAL ENDED',
  items: [
    [1, '체험 데일리 백', 'TE-BAG-001', 250_000, '소가죽', '30 x 22 x 10 cm', '0.6 kg'],
    [6, '체험 가죽 팔찌', 'TE-ACC-001', 89_000, '소가죽', '18 cm', '0.02 kg'],
  ] as Item[],
  barcodePrefix: '880555222',
  stores: [{ name: '체험종료브랜드 본점', tag: '직영', pinned: 'Y' as const }],
};
