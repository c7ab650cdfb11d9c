import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { EXCEL_META_SHEET, EXCEL_MSG, SHEETS, buildFormWorkbook, parseWorkbook, workbookToArray, type ParsedRow, type SheetSpec } from './excel';
import { GUARANTEE_MSG, productNameDiffers } from './guarantee';
import {
  GUARANTEE_SHEET_MSG,
  findBrand,
  findStore,
  guaranteeBrandSheet,
  guaranteeCooperatorSheet,
  guaranteeSheetFor,
  matchGuaranteeRows,
  parseDateCell,
  sheetModelNumbers,
  type GuaranteeSheetRow,
} from './guaranteeSheet';

type Cells = (string | number | null)[];
type Spec = SheetSpec<GuaranteeSheetRow>;

const good = {
  ordererName: '홍길동',
  ordererTel: '010-1234-5678',
  productName: '시그니처 레더 토트백',
  brandIdx: '데모브랜드',
  categoryCode: '가방',
} as const;

function row(spec: Spec, values: Partial<Record<string, string | number | null>>): Cells {
  return spec.columns.map((c) => (c.key in values ? (values[c.key] ?? null) : null));
}

function file(spec: Spec, rows: Cells[], opts: { meta?: { kind: string; version: string } } = {}): ArrayBuffer {
  const wb = buildFormWorkbook(spec as SheetSpec<unknown>);
  const header = XLSX.utils.sheet_to_json<Cells>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet([header, ...rows]);
  if (opts.meta) wb.Sheets[EXCEL_META_SHEET] = XLSX.utils.aoa_to_sheet([['kind', opts.meta.kind], ['version', opts.meta.version], ['type', 'form']]);
  return workbookToArray(wb);
}

function parse(spec: Spec, rows: Cells[]) {
  const res = parseWorkbook(file(spec, rows), spec);
  if (!res.ok) throw new Error(res.error);
  return res;
}

const one = (spec: Spec, values: Partial<Record<string, string | number | null>>) => parse(spec, [row(spec, values)]).rows[0];
const errorOf = (r: ParsedRow<GuaranteeSheetRow>, key: string) => r.errors.find((e) => e.key === key);

describe('the guarantee forms', () => {
  it('have the spec columns; cooperators see brand and category starred, brand accounts do not', () => {
    const headerOf = (spec: Spec) =>
      XLSX.utils.sheet_to_json<string[]>(XLSX.read(workbookToArray(buildFormWorkbook(spec as SheetSpec<unknown>)), { type: 'array' }).Sheets[spec.title], { header: 1 })[0];
    expect(headerOf(guaranteeCooperatorSheet)).toEqual([
      '주문자명*', '연락처*', '국가번호', '주문일', '브랜드*', '상품명*', '모델번호', '카테고리*', '가격', '결제 금액', '매장명', '주문번호', '보증 만료일', '상품 이미지 URL', '소재', '사이즈', '무게',
    ]);
    const brand = headerOf(guaranteeBrandSheet);
    expect(brand[4]).toBe('브랜드');
    expect(brand[7]).toBe('카테고리');
    expect(brand[5]).toBe('상품명*');
  });

  it('carry their own kind and version; the other variant or an old version is refused', () => {
    expect(guaranteeSheetFor(true)).toBe(guaranteeCooperatorSheet);
    expect(guaranteeSheetFor(false)).toBe(guaranteeBrandSheet);
    expect(guaranteeBrandSheet.version).not.toBe(guaranteeCooperatorSheet.version);
    const wb = XLSX.read(workbookToArray(buildFormWorkbook(guaranteeBrandSheet as SheetSpec<unknown>)), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(wb.Sheets[EXCEL_META_SHEET], { header: 1 })).toEqual([['kind', 'guarantee-brand'], ['version', 'guarantee-brand-v1'], ['type', 'form']]);
    const coopFile = file(guaranteeCooperatorSheet, [row(guaranteeCooperatorSheet, good)]);
    expect(parseWorkbook(coopFile, guaranteeBrandSheet)).toEqual({ ok: false, error: EXCEL_MSG.oldVersion });
    const old = file(guaranteeBrandSheet, [row(guaranteeBrandSheet, good)], { meta: { kind: 'guarantee-brand', version: 'guarantee-brand-v0' } });
    expect(parseWorkbook(old, guaranteeBrandSheet)).toEqual({ ok: false, error: EXCEL_MSG.oldVersion });
  });

  it('are registered for the parse worker by kind', () => {
    expect(SHEETS['guarantee-brand']).toBe(guaranteeBrandSheet);
    expect(SHEETS['guarantee-cooperator']).toBe(guaranteeCooperatorSheet);
  });

  it('an untouched form (example row only) is empty', () => {
    const wb = buildFormWorkbook(guaranteeBrandSheet as SheetSpec<unknown>);
    expect(parseWorkbook(workbookToArray(wb), guaranteeBrandSheet)).toEqual({ ok: false, error: EXCEL_MSG.empty });
  });
});

describe('guarantee rows', () => {
  it('a valid row becomes the issue input: country code 82 by default, amounts and category cast, names kept for matching', () => {
    const r = one(guaranteeBrandSheet, {
      ...good,
      price: '1,290,000',
      paymentAmount: 1200000,
      orderedAt: '2026-01-05',
      storeName: '신세계 강남점',
      modelNumber: 'DB-BAG-001',
      productImage: 'https://cdn.example.com/a/tote.webp',
      refOrderId: 'ORD-1',
      warrantyDate: '2027.1.5',
      material: '소가죽',
      size: 'M',
      weight: '1kg',
    });
    expect(r.errors).toEqual([]);
    expect(r.error).toBe('');
    expect(r.value).toMatchObject({
      ordererName: '홍길동',
      ordererTel: '010-1234-5678',
      ordererCountryCode: '82',
      productName: '시그니처 레더 토트백',
      categoryCode: 1,
      price: 1290000,
      paymentAmount: 1200000,
      orderedAt: '2026-01-05',
      warrantyDate: '2027-01-05',
      storeName: '신세계 강남점',
      modelNumber: 'DB-BAG-001',
      productImage: 'https://cdn.example.com/a/tote.webp',
      refOrderId: 'ORD-1',
      material: '소가죽',
    });
    expect(r.value).not.toHaveProperty('brandIdx');
  });

  it('name, phone and product name are required with the form messages (listed as missing)', () => {
    const r = one(guaranteeBrandSheet, { ordererName: null, ordererTel: null, productName: null, brandIdx: null, categoryCode: null, price: '1000' });
    expect(r.value).toBeNull();
    expect(errorOf(r, 'ordererName')).toEqual({ key: 'ordererName', kind: 'missing', message: GUARANTEE_MSG.ordererNameRequired });
    expect(errorOf(r, 'ordererTel')).toEqual({ key: 'ordererTel', kind: 'missing', message: GUARANTEE_MSG.ordererTelRequired });
    expect(errorOf(r, 'productName')).toEqual({ key: 'productName', kind: 'missing', message: GUARANTEE_MSG.productNameRequired });
    // Brand accounts may leave brand and category empty.
    expect(errorOf(r, 'brandIdx')).toBeUndefined();
    expect(errorOf(r, 'categoryCode')).toBeUndefined();
    expect(r.error).toBe(EXCEL_MSG.missing(['주문자명', '연락처', '상품명']));
  });

  it('cooperators must fill brand and category', () => {
    const r = one(guaranteeCooperatorSheet, { ...good, brandIdx: null, categoryCode: null });
    expect(errorOf(r, 'brandIdx')).toEqual({ key: 'brandIdx', kind: 'missing', message: GUARANTEE_MSG.brandRequired });
    expect(errorOf(r, 'categoryCode')).toEqual({ key: 'categoryCode', kind: 'missing', message: GUARANTEE_MSG.categoryRequired });
    expect(one(guaranteeCooperatorSheet, good).errors).toEqual([]);
  });

  it('refuses 050/070 numbers and invalid phones for the country code', () => {
    expect(errorOf(one(guaranteeBrandSheet, { ...good, ordererTel: '0505-123-4567' }), 'ordererTel')).toEqual({ key: 'ordererTel', kind: 'format', message: GUARANTEE_MSG.safeNumberRejected });
    expect(errorOf(one(guaranteeBrandSheet, { ...good, ordererTel: '070-1234-5678' }), 'ordererTel')?.message).toBe(GUARANTEE_MSG.safeNumberRejected);
    expect(errorOf(one(guaranteeBrandSheet, { ...good, ordererTel: '010-12' }), 'ordererTel')?.message).toBe(GUARANTEE_MSG.ordererTelInvalid);
    // Excel drops the leading 0 of a number cell: still a valid Korean mobile.
    expect(one(guaranteeBrandSheet, { ...good, ordererTel: 1012345678 }).errors).toEqual([]);
    // A US number is valid with country code 1 (also written +1), not with 82.
    expect(one(guaranteeBrandSheet, { ...good, ordererTel: '(212) 555-0123', ordererCountryCode: '+1' }).errors).toEqual([]);
    expect(one(guaranteeBrandSheet, { ...good, ordererTel: '(212) 555-0123', ordererCountryCode: 1 }).value?.ordererCountryCode).toBe('1');
    expect(errorOf(one(guaranteeBrandSheet, { ...good, ordererCountryCode: 'KR' }), 'ordererCountryCode')?.message).toBe(GUARANTEE_MSG.countryCodeInvalid);
  });

  it('dates are YYYY-MM-DD (date cells, 20260105 and 2026.1.5 are read as such)', () => {
    expect(one(guaranteeBrandSheet, { ...good, orderedAt: 20260105 }).value?.orderedAt).toBe('2026-01-05');
    expect(one(guaranteeBrandSheet, { ...good, orderedAt: '2026/1/5' }).value?.orderedAt).toBe('2026-01-05');
    const bad = one(guaranteeBrandSheet, { ...good, orderedAt: '2026-02-30', warrantyDate: '내년' });
    expect(errorOf(bad, 'orderedAt')).toEqual({ key: 'orderedAt', kind: 'format', message: GUARANTEE_MSG.dateFormat });
    expect(errorOf(bad, 'warrantyDate')?.message).toBe(GUARANTEE_MSG.dateFormat);
    expect(bad.error).toBe(EXCEL_MSG.format(['주문일', '보증 만료일']));
  });

  it('an Excel date serial becomes its day', () => {
    expect(parseDateCell(46027)).toBe('2026-01-05');
    expect(parseDateCell(new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
    expect(parseDateCell('')).toBeNull();
    expect(parseDateCell('5 Jan')).toBe('5 Jan');
  });

  it('price and payment amount are non-negative whole numbers up to 100,000,000', () => {
    expect(errorOf(one(guaranteeBrandSheet, { ...good, price: '12만원' }), 'price')?.message).toBe(GUARANTEE_MSG.amountFormat);
    expect(errorOf(one(guaranteeBrandSheet, { ...good, paymentAmount: -5 }), 'paymentAmount')?.message).toBe(GUARANTEE_MSG.amountFormat);
    expect(errorOf(one(guaranteeBrandSheet, { ...good, price: 100_000_001 }), 'price')?.message).toBe(GUARANTEE_MSG.amountMax);
    expect(one(guaranteeBrandSheet, { ...good, price: '0' }).value?.price).toBe(0);
  });

  it('an amount over 100,000,000 names the limit and its column, not a format error', () => {
    const r = one(guaranteeBrandSheet, { ...good, price: '200,000,000', paymentAmount: 200_000_000 });
    expect(errorOf(r, 'price')).toEqual({ key: 'price', kind: 'limit', message: GUARANTEE_MSG.amountMax });
    expect(r.error).toBe('가격: 100,000,000원 이하로 입력해 주세요 / 결제 금액: 100,000,000원 이하로 입력해 주세요');
    expect(one(guaranteeBrandSheet, { ...good, price: '100,000,000' }).errors).toEqual([]);
  });

  it('a category is its code or Korean name; anything else is a format error', () => {
    expect(one(guaranteeBrandSheet, { ...good, categoryCode: 3 }).value?.categoryCode).toBe(3);
    expect(one(guaranteeBrandSheet, { ...good, categoryCode: '신발' }).value?.categoryCode).toBe(5);
    expect(errorOf(one(guaranteeBrandSheet, { ...good, categoryCode: '우산' }), 'categoryCode')).toEqual({ key: 'categoryCode', kind: 'format', message: GUARANTEE_MSG.categoryInvalid });
    expect(errorOf(one(guaranteeBrandSheet, { ...good, categoryCode: 8 }), 'categoryCode')?.message).toBe(GUARANTEE_MSG.categoryInvalid);
  });

  it('image URLs must be http(s) jpg, jpeg, png or webp', () => {
    for (const url of ['https://x.test/a.jpg', 'http://x.test/a.JPEG', 'https://x.test/p/a.png?v=1', 'https://x.test/a.webp']) {
      expect(one(guaranteeBrandSheet, { ...good, productImage: url }).errors).toEqual([]);
    }
    for (const url of ['https://x.test/a.gif', 'https://x.test/a.bmp', 'ftp://x.test/a.jpg', 'tote.jpg', 'https://x.test/image']) {
      expect(errorOf(one(guaranteeBrandSheet, { ...good, productImage: url }), 'productImage')).toEqual({ key: 'productImage', kind: 'format', message: GUARANTEE_MSG.imageUrlInvalid });
    }
  });

  it('text columns are capped like the form', () => {
    expect(errorOf(one(guaranteeBrandSheet, { ...good, material: 'x'.repeat(2001) }), 'material')?.message).toBe(GUARANTEE_MSG.textTooLong);
  });

  it('lists missing and badly formatted columns together', () => {
    const r = one(guaranteeBrandSheet, { ...good, ordererName: null, ordererTel: '050-1234-5678', price: 'abc' });
    expect(r.error).toBe(`${EXCEL_MSG.missing(['주문자명'])} / ${EXCEL_MSG.format(['연락처', '가격'])}`);
  });
});

describe('matching brands and stores', () => {
  const lists = {
    brands: [
      { idx: 7, name: '데모 브랜드', englishName: 'Demo Brand' },
      { idx: 9, name: 'Acme', englishName: null },
    ],
    stores: [{ idx: 31, name: '신세계 강남점' }],
    catalogue: [{ modelNumber: 'DB-BAG-001', name: '시그니처 레더 토트백' }],
  };

  it('finds brands by name (spaces and case ignored), English name or number; stores by name', () => {
    expect(findBrand('데모브랜드', lists.brands)).toBe(7);
    expect(findBrand('demo brand', lists.brands)).toBe(7);
    expect(findBrand('ACME', lists.brands)).toBe(9);
    expect(findBrand('9', lists.brands)).toBe(9);
    expect(findBrand('10', lists.brands)).toBeUndefined();
    expect(findBrand('없는브랜드', lists.brands)).toBeUndefined();
    expect(findStore('신세계강남점', lists.stores)).toBe(31);
    expect(findStore('롯데 본점', lists.stores)).toBeUndefined();
  });

  it('sets brandIdx and storeIdx on valid rows and flags unknown names as format errors', () => {
    const parsed = parse(guaranteeCooperatorSheet, [
      row(guaranteeCooperatorSheet, { ...good, storeName: '신세계 강남점' }),
      row(guaranteeCooperatorSheet, { ...good, brandIdx: '없는 브랜드' }),
      row(guaranteeCooperatorSheet, { ...good, storeName: '롯데 본점' }),
      row(guaranteeCooperatorSheet, { ...good, ordererName: null, brandIdx: '없는 브랜드' }),
    ]).rows;
    const [a, b, c, d] = matchGuaranteeRows(guaranteeCooperatorSheet, parsed, lists);
    expect(a.errors).toEqual([]);
    expect(a.value).toMatchObject({ brandIdx: 7, storeIdx: 31, storeName: '신세계 강남점' });
    expect(b.value).toBeNull();
    expect(errorOf(b, 'brandIdx')).toEqual({ key: 'brandIdx', kind: 'format', message: GUARANTEE_SHEET_MSG.brandUnknown });
    expect(b.error).toBe(EXCEL_MSG.format(['브랜드']));
    expect(c.value).toBeNull();
    expect(errorOf(c, 'storeName')?.message).toBe(GUARANTEE_SHEET_MSG.storeUnknown);
    expect(d.error).toBe(`${EXCEL_MSG.missing(['주문자명'])} / ${EXCEL_MSG.format(['브랜드'])}`);
  });

  it('the product name of a catalogue model number must be the catalogue\'s: the same rule as the bulk issue', () => {
    expect(productNameDiffers('시그니처 레더 토트백', '시그니처 레더 토트백')).toBe(false);
    expect(productNameDiffers('  시그니처 레더 토트백 ', '시그니처 레더 토트백')).toBe(false);
    expect(productNameDiffers('', '시그니처 레더 토트백')).toBe(false);
    expect(productNameDiffers(null, '시그니처 레더 토트백')).toBe(false);
    expect(productNameDiffers('시그니처레더토트백', '시그니처 레더 토트백')).toBe(true);
    expect(productNameDiffers('다른 가방', '시그니처 레더 토트백')).toBe(true);
  });

  it('matching-fail: a model number whose catalogue name differs marks only that row, on the product name', () => {
    const spec = guaranteeBrandSheet;
    const parsed = parse(spec, [
      row(spec, { ...good, modelNumber: 'DB-BAG-001' }),
      row(spec, { ...good, modelNumber: 'DB-BAG-001', productName: '다른 가방' }),
      row(spec, { ...good, modelNumber: 'NOT-IN-CATALOGUE', productName: '다른 가방' }),
      row(spec, { ...good, modelNumber: 'db-bag-001', productName: '다른 가방' }),
      row(spec, { ...good, ordererName: null, modelNumber: 'DB-BAG-001', productName: '다른 가방' }),
    ]).rows;
    const tooLong = parse(spec, [row(spec, { ...good, modelNumber: 'M'.repeat(101) })]).rows;
    expect(sheetModelNumbers(spec, tooLong)).toEqual([]);
    expect(sheetModelNumbers(spec, parsed)).toEqual(['DB-BAG-001', 'NOT-IN-CATALOGUE', 'db-bag-001']);
    const [same, differs, unknown, otherCase, alsoMissing] = matchGuaranteeRows(spec, parsed, lists);
    expect(same.errors).toEqual([]);
    expect(same.value).toMatchObject({ modelNumber: 'DB-BAG-001', productName: '시그니처 레더 토트백' });
    const message = GUARANTEE_SHEET_MSG.productMismatch('시그니처 레더 토트백');
    expect(message).toBe('상품명이 일치하지 않아요 (등록된 상품명: 시그니처 레더 토트백)');
    expect(differs.value).toBeNull();
    expect(differs.errors).toEqual([{ key: 'productName', kind: 'mismatch', message }]);
    expect(differs.error).toBe(message);
    // A model number the catalogue does not know is issued as typed; codes are matched exactly, as the server does.
    expect(unknown.errors).toEqual([]);
    expect(otherCase.errors).toEqual([]);
    expect(alsoMissing.error).toBe(`${EXCEL_MSG.missing(['주문자명'])} / ${message}`);
  });

  it('an image is named by URL: an upload path, which the issue form may send, is a format error in the sheet', () => {
    const r = one(guaranteeBrandSheet, { ...good, productImage: '12/tote.jpg' });
    expect(errorOf(r, 'productImage')).toEqual({ key: 'productImage', kind: 'format', message: GUARANTEE_MSG.imageUrlInvalid });
    expect(r.value).toBeNull();
  });

  it('a brand account may leave the brand empty (the server uses its own brand)', () => {
    const [r] = matchGuaranteeRows(guaranteeBrandSheet, parse(guaranteeBrandSheet, [row(guaranteeBrandSheet, { ...good, brandIdx: null })]).rows, lists);
    expect(r.errors).toEqual([]);
    expect(r.value).not.toHaveProperty('brandIdx');
  });
});
