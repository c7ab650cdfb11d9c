import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import {
  EXCEL_ERROR_COLUMN,
  EXCEL_MAX_ROWS,
  EXCEL_META_SHEET,
  EXCEL_MSG,
  batchKeyOf,
  buildErrorWorkbook,
  buildFormWorkbook,
  chunk,
  detectExcelFile,
  excelTypeByName,
  headerMatches,
  parseCategory,
  parseWorkbook,
  productSheet,
  rowErrorText,
  workbookToArray,
  type ParsedRow,
  type ProductSheetRow,
  type SheetSpec,
} from './excel';
import { PRODUCT_MSG } from './product';

const ctx = { requireBrand: true, brands: [{ idx: 7, name: '데모브랜드' }, { idx: 9, name: 'Acme' }] };
const headers = productSheet.columns.map((c) => c.header);
type Cells = (string | number | null)[];

/** A product row by column key, the rest empty. */
function row(values: Partial<Record<string, string | number>>): Cells {
  return productSheet.columns.map((c) => values[c.key] ?? null);
}

/** A real xlsx buffer: the form (meta sheet, example row) with `rows` after the header. */
function formFile(rows: Cells[], opts: { keepExample?: boolean; meta?: 'form' | 'none' | { kind?: string; version?: string; type?: string }; header?: string[] } = {}): ArrayBuffer {
  const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>, ctx);
  const formRows = XLSX.utils.sheet_to_json<Cells>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  const aoa = [opts.header ?? formRows[0], ...(opts.keepExample ? [formRows[1]] : []), ...rows];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet(aoa, { dense: true });
  if (opts.meta === 'none') {
    delete wb.Sheets[EXCEL_META_SHEET];
    wb.SheetNames = wb.SheetNames.filter((n) => n !== EXCEL_META_SHEET);
    delete wb.Workbook;
  } else if (opts.meta && typeof opts.meta === 'object') {
    const m = { kind: 'product', version: 'product-v1', type: 'form', ...opts.meta };
    wb.Sheets[EXCEL_META_SHEET] = XLSX.utils.aoa_to_sheet([['kind', m.kind], ['version', m.version], ['type', m.type]]);
  }
  return workbookToArray(wb);
}

function ok<Row>(res: ReturnType<typeof parseWorkbook<Row>>) {
  if (!res.ok) throw new Error(`expected ok, got ${res.error}`);
  return res;
}

describe('file type rules', () => {
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
  const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('accepts xlsx, xls and Hancom cell by extension (any case)', () => {
    expect(excelTypeByName('상품.XLSX')).toBe('xlsx');
    expect(excelTypeByName('a.xls')).toBe('xls');
    expect(excelTypeByName('a.cell')).toBe('cell');
    expect(excelTypeByName('a.csv')).toBeNull();
    expect(excelTypeByName('xlsx')).toBeNull();
  });

  it('requires the signature of the extension: zip for xlsx/cell, OLE for xls', () => {
    expect(detectExcelFile('a.xlsx', zip)).toBe('xlsx');
    expect(detectExcelFile('a.cell', zip)).toBe('cell');
    expect(detectExcelFile('a.xls', ole)).toBe('xls');
    expect(detectExcelFile('a.xlsx', ole)).toBeNull();
    expect(detectExcelFile('a.xls', zip)).toBeNull();
    expect(detectExcelFile('photo.xlsx', png)).toBeNull();
    expect(detectExcelFile('a.pdf', zip)).toBeNull();
    expect(detectExcelFile('a.xlsx', new Uint8Array([0x50]))).toBeNull();
  });

  it('real workbooks carry those signatures', () => {
    const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>);
    const xlsx = new Uint8Array(workbookToArray(wb));
    const xls = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    expect(detectExcelFile('form.xlsx', xlsx.subarray(0, 8))).toBe('xlsx');
    expect(detectExcelFile('form.xls', xls.subarray(0, 8))).toBe('xls');
  });
});

describe('the form', () => {
  it('has the Korean header (required marked *), an example row and a hidden meta sheet with kind and version', () => {
    const wb = XLSX.read(workbookToArray(buildFormWorkbook(productSheet as SheetSpec<unknown>, ctx)), { type: 'array' });
    const aoa = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(aoa[0]).toEqual(['상품명*', '브랜드*', '모델번호', '모델명', '바코드', '가격', '보증 내용', '카테고리', '소재', '사이즈', '무게']);
    expect(aoa[1][0]).toBe('클래식 토트백');
    expect(wb.SheetNames).toContain(EXCEL_META_SHEET);
    expect(wb.Workbook?.Sheets?.find((s) => s.name === EXCEL_META_SHEET)?.Hidden).toBe(1);
    expect(XLSX.utils.sheet_to_json(wb.Sheets[EXCEL_META_SHEET], { header: 1 })).toEqual([
      ['kind', 'product'],
      ['version', 'product-v1'],
      ['type', 'form'],
    ]);
  });

  it('brand accounts get the brand column unstarred', () => {
    const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>, { requireBrand: false });
    expect(XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0][1]).toBe('브랜드');
  });

  it('an untouched form is empty (the example row is skipped)', () => {
    expect(parseWorkbook(formFile([], { keepExample: true }), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.empty });
  });
});

describe('header and version checks', () => {
  it('matches the header ignoring * and spaces, not a reordered or shortened one', () => {
    expect(headerMatches(productSheet as SheetSpec<unknown>, headers)).toBe(true);
    expect(headerMatches(productSheet as SheetSpec<unknown>, [...headers.map((h) => ` ${h} *`), null, ''])).toBe(true);
    expect(headerMatches(productSheet as SheetSpec<unknown>, headers.slice(0, -1))).toBe(false);
    expect(headerMatches(productSheet as SheetSpec<unknown>, [headers[1], headers[0], ...headers.slice(2)])).toBe(false);
  });

  it('rejects a header that does not match with the old-form message', () => {
    const header = [...headers];
    header[5] = '판매가';
    expect(parseWorkbook(formFile([row({ name: 'A' })], { header }), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.oldVersion });
  });

  it('rejects another version or kind of form', () => {
    expect(parseWorkbook(formFile([row({ name: 'A' })], { meta: { version: 'product-v0' } }), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.oldVersion });
    expect(parseWorkbook(formFile([row({ name: 'A' })], { meta: { kind: 'guarantee' } }), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.oldVersion });
  });

  it('accepts a file without the meta sheet when the header matches', () => {
    const res = ok(parseWorkbook(formFile([row({ name: 'A', brandIdx: '데모브랜드' })], { meta: 'none' }), productSheet, ctx));
    expect(res.summary).toEqual({ total: 1, valid: 1, invalid: 0 });
  });

  it('reads legacy xls too', () => {
    const wb = XLSX.read(formFile([row({ name: 'A', brandIdx: 7, price: 1000 })]), { type: 'array' });
    const xls = XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer;
    const res = ok(parseWorkbook(xls, productSheet, ctx));
    expect(res.rows[0].value).toMatchObject({ name: 'A', brandIdx: 7, price: 1000 });
  });

  it('rejects an unreadable file as an upload failure', () => {
    expect(parseWorkbook(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.uploadFailed });
  });
});

describe('error export', () => {
  const failed = { cells: productSheet.columns.map((_, i) => (i === 5 ? 'abc' : i === 0 ? '가방' : '')), error: '형식 오류: 가격' };

  it('holds the failed rows with an 오류 내용 column and the error-export marker', () => {
    const wb = XLSX.read(workbookToArray(buildErrorWorkbook(productSheet as SheetSpec<unknown>, [failed], ctx)), { type: 'array' });
    const aoa = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: '' });
    expect(aoa[0].at(-1)).toBe(EXCEL_ERROR_COLUMN);
    expect(aoa[1]).toEqual([...failed.cells, '형식 오류: 가격']);
    expect(XLSX.utils.sheet_to_json<string[]>(wb.Sheets[EXCEL_META_SHEET], { header: 1 })[2]).toEqual(['type', 'error-export']);
  });

  it('is refused when uploaded back, by marker or by its 오류 내용 column', () => {
    const buf = workbookToArray(buildErrorWorkbook(productSheet as SheetSpec<unknown>, [failed], ctx));
    expect(parseWorkbook(buf, productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.errorExport });
    const wb = XLSX.read(buf, { type: 'array' });
    delete wb.Sheets[EXCEL_META_SHEET];
    wb.SheetNames = wb.SheetNames.filter((n) => n !== EXCEL_META_SHEET);
    delete wb.Workbook;
    expect(parseWorkbook(workbookToArray(wb), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.errorExport });
  });
});

describe('row count', () => {
  const full = (n: number) => Array.from({ length: n }, (_, i) => row({ name: `상품 ${i + 1}`, brandIdx: 7, price: 1000 + i }));

  it(`takes exactly ${EXCEL_MAX_ROWS.toLocaleString()} rows`, () => {
    const res = ok(parseWorkbook(formFile(full(EXCEL_MAX_ROWS)), productSheet, ctx));
    expect(res.summary).toEqual({ total: EXCEL_MAX_ROWS, valid: EXCEL_MAX_ROWS, invalid: 0 });
    expect(res.rows.at(-1)?.line).toBe(EXCEL_MAX_ROWS + 1);
  }, 30_000);

  it('refuses 10,001 rows', () => {
    expect(parseWorkbook(formFile(full(EXCEL_MAX_ROWS + 1)), productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.maxRows });
  }, 30_000);

  it('ignores blank rows but keeps sheet line numbers', () => {
    const res = ok(parseWorkbook(formFile([row({ name: 'A', brandIdx: 7 }), row({}), row({ name: 'B', brandIdx: 7 })]), productSheet, ctx));
    expect(res.rows.map((r) => r.line)).toEqual([2, 4]);
  });
});

describe('row validation', () => {
  function parseOne(values: Partial<Record<string, string | number>>, c = ctx): ParsedRow<ProductSheetRow> {
    return ok(parseWorkbook(formFile([row(values)]), productSheet, c)).rows[0];
  }

  it('normalises a valid row: price with commas, category by name, brand by name', () => {
    const r = parseOne({ name: ' 토트백 ', brandIdx: '데모브랜드', price: '1,200,000', categoryCode: '시계', barcode: 8801234567890, size: '30 cm' });
    expect(r.errors).toEqual([]);
    expect(r.error).toBe('');
    expect(r.value).toMatchObject({ name: '토트백', brandIdx: 7, price: 1_200_000, categoryCode: 3, barcode: '8801234567890', size: '30 cm' });
    expect(r.cells[5]).toBe('1,200,000');
  });

  it('takes the category by code (number or text) and the brand by number or case-insensitive name', () => {
    expect(parseOne({ name: 'A', brandIdx: 'acme', categoryCode: 5 }).value).toMatchObject({ brandIdx: 9, categoryCode: 5 });
    expect(parseOne({ name: 'A', brandIdx: '7', categoryCode: '7' }).value).toMatchObject({ brandIdx: 7, categoryCode: 7 });
    expect(parseCategory('잡화')).toBe(7);
    expect(parseCategory('')).toBeNull();
  });

  it('lists missing columns', () => {
    const r = parseOne({ price: 100 });
    expect(r.errors.map((e) => [e.key, e.kind])).toEqual([
      ['name', 'missing'],
      ['brandIdx', 'missing'],
    ]);
    expect(r.errors[0].message).toBe(PRODUCT_MSG.nameRequired);
    expect(r.error).toBe('필수 항목 누락: 상품명, 브랜드');
  });

  it('lists badly formatted columns, with the domain messages per cell', () => {
    const r = parseOne({ name: 'A', brandIdx: '없는브랜드', price: '12a', categoryCode: '8' });
    expect(r.errors.map((e) => [e.key, e.kind])).toEqual([
      ['brandIdx', 'format'],
      ['price', 'format'],
      ['categoryCode', 'format'],
    ]);
    expect(r.errors.find((e) => e.key === 'price')?.message).toBe(PRODUCT_MSG.priceFormat);
    expect(r.errors.find((e) => e.key === 'categoryCode')?.message).toBe(PRODUCT_MSG.categoryInvalid);
    expect(r.error).toBe('형식 오류: 브랜드, 가격, 카테고리');
    expect(r.value).toBeNull();
  });

  it('combines both lists and checks limits (price max, category name typo)', () => {
    const r = parseOne({ brandIdx: 7, price: '100,000,001', categoryCode: '가뱅' });
    expect(r.error).toBe(`필수 항목 누락: 상품명 / 형식 오류: 카테고리 / ${PRODUCT_MSG.priceMax}`);
    expect(r.errors.find((e) => e.key === 'price')).toEqual({ key: 'price', kind: 'limit', message: PRODUCT_MSG.priceMax });
  });

  it('a price over the limit names the limit with the product form\'s message, not a format error', () => {
    for (const price of ['200,000,000', 200_000_000]) {
      const r = parseOne({ name: 'A', brandIdx: 7, price });
      expect(r.errors).toEqual([{ key: 'price', kind: 'limit', message: PRODUCT_MSG.priceMax }]);
      expect(r.error).toBe('가격은 100,000,000원 이하로 입력해 주세요');
    }
    expect(parseOne({ name: 'A', brandIdx: 7, price: '100,000,000' }).errors).toEqual([]);
    // A text over its length is a limit too: the message names its column, or follows it.
    expect(parseOne({ name: 'A', brandIdx: 7, warranty: 'x'.repeat(2001) }).error).toBe(PRODUCT_MSG.warrantyMax);
    expect(parseOne({ name: 'A', brandIdx: 7, material: 'x'.repeat(101) }).error).toBe(`소재: ${PRODUCT_MSG.textTooLong}`);
  });

  it('brand accounts may leave the brand empty', () => {
    expect(parseOne({ name: 'A' }, { requireBrand: false, brands: ctx.brands }).errors).toEqual([]);
  });

  it('rowErrorText is empty without errors', () => {
    expect(rowErrorText(productSheet as SheetSpec<unknown>, [])).toBe('');
  });
});

describe('submission helpers', () => {
  it('chunks by 1,000 and derives a stable batch key per chunk', () => {
    expect(chunk(Array.from({ length: 2500 }, (_, i) => i)).map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(batchKeyOf('product', 'ab'.repeat(32), 2)).toBe(`product-${'ab'.repeat(16)}-2`);
  });
});
