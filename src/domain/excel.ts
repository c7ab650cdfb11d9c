import * as XLSX from 'xlsx';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { FieldDef } from './fields';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_CODES } from './product';
import { productResource, productSchema, type ProductInput } from './resources/product';
import productKo from '../i18n/resources/product.ko';

/**
 * Spreadsheet (Excel) bulk upload, spec 2 sections 2, 5, 8 and 9: the sheet declaration, the file-type
 * rules, the form and error-export workbooks, and the parse + row validation the Web Worker runs.
 * Pure TS (the xlsx API needs no DOM), so all of it is unit-tested in node.
 */

export const EXCEL_MAX_ROWS = 10_000;
export const EXCEL_PREVIEW_PAGE_SIZE = 100;
export const EXCEL_PARSE_DELAY_MS = 500;
/** Rows a bulk request carries (docs/api-contract.md, issue 3). */
export const EXCEL_SUBMIT_CHUNK = 1_000;
/** The hidden sheet carrying kind, version and file type. */
export const EXCEL_META_SHEET = '__meta';
export const EXCEL_FORM_MARKER = 'form';
export const EXCEL_ERROR_EXPORT_MARKER = 'error-export';
export const EXCEL_ERROR_COLUMN = '오류 내용';

export const EXCEL_MSG = {
  fileType: '엑셀 파일(xlsx, xls, cell)만 업로드할 수 있어요',
  oldVersion: '양식이 이전 버전이거나 상품 옵션이 변경되어 파일이 업로드되지 않았어요. 양식을 다시 내려받아 주세요',
  maxRows: '한 번에 최대 10,000행까지 업로드할 수 있어요',
  uploadFailed: '파일 업로드에 실패했어요. 다시 시도해 주세요',
  errorExport: '오류 내역 파일은 업로드할 수 없어요. 원래 양식에 고쳐서 올려 주세요',
  empty: '업로드할 데이터가 없어요. 양식에 내용을 입력해 주세요',
  missing: (labels: string[]) => `필수 항목 누락: ${labels.join(', ')}`,
  format: (labels: string[]) => `형식 오류: ${labels.join(', ')}`,
  /**
   * A value over its limit, named with the form's own message (spec 2 section 5: price not above
   * 100,000,000): the message alone when it names the column ('가격은 100,000,000원 이하로 입력해 주세요'),
   * else after the column ('결제 금액: 100,000,000원 이하로 입력해 주세요').
   */
  limit: (label: string, message: string) => (message.startsWith(label) ? message : `${label}: ${message}`),
} as const;

// ---------------------------------------------------------------------------------------------
// File type: by extension and by signature.

export type ExcelFileType = 'xlsx' | 'xls' | 'cell';
export const EXCEL_MIME = {
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** The `accept` attribute of the file input. */
export const EXCEL_ACCEPT = `.xlsx,.xls,.cell,${EXCEL_MIME.xlsx},${EXCEL_MIME.xls}`;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function excelTypeByName(name: string): ExcelFileType | null {
  const ext = /\.([^.]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return ext === 'xlsx' || ext === 'xls' || ext === 'cell' ? ext : null;
}

function startsWith(head: Uint8Array, sig: number[]): boolean {
  return head.length >= sig.length && sig.every((b, i) => head[i] === b);
}

/**
 * The file's type when its name and its first bytes agree, else null: xlsx and Hancom .cell are zip
 * containers ('PK\3\4'), legacy xls is an OLE compound file (D0 CF 11 E0 A1 B1 1A E1).
 */
export function detectExcelFile(name: string, head: Uint8Array): ExcelFileType | null {
  const type = excelTypeByName(name);
  if (!type) return null;
  const ok = type === 'xls' ? startsWith(head, OLE_SIGNATURE) : startsWith(head, ZIP_SIGNATURE);
  return ok ? type : null;
}

// ---------------------------------------------------------------------------------------------
// Sheet declaration.

export type Cell = string | number | boolean | Date | null | undefined;

export interface SheetContext {
  /** Cooperator (multi-brand) accounts must name a brand on every row. */
  requireBrand?: boolean;
  /** The tenant's brands, for matching the brand column by name or number. */
  brands?: { idx: number; name: string }[];
}

export interface SheetColumn {
  key: string;
  /** The Korean header of the form. */
  header: string;
  required?: boolean | ((ctx: SheetContext) => boolean);
  example?: string | number;
  /** Column width in characters in the downloaded form. */
  width?: number;
  /** Cell → the value the schema validates; default: trimmed text, empty → null. */
  parse?(cell: Cell, ctx: SheetContext): unknown;
}

/**
 * missing: a required cell is empty; format: a value the column cannot take; limit: a value over the
 * column's maximum (a number or a text length); mismatch: a value that differs from the tenant's data
 * (a model number's catalogue name), the matching-fail of spec 2 section 4.
 */
export type CellErrorKind = 'missing' | 'format' | 'limit' | 'mismatch';
export interface CellError {
  key: string;
  kind: CellErrorKind;
  message: string;
}

export interface RowValidation<Row> {
  value: Row | null;
  errors: CellError[];
}

export interface SheetSpec<Row> {
  kind: string;
  /** Stored in the form's hidden meta sheet; a file of another version is rejected. */
  version: string;
  title: string;
  /** The form's file name, without extension. */
  fileName: string;
  columns: SheetColumn[];
  validate(row: Record<string, unknown>, ctx: SheetContext): RowValidation<Row>;
}

/**
 * Whether a declared field must be filled in a sheet's row, by its rules: a required text, day or
 * phone; a field required in a validation context (`requireBrand`) when the sheet's context sets it;
 * a field required when another is empty (a picked product) always, as a sheet never picks one.
 */
export function requiredCell(f: FieldDef, ctx: SheetContext): boolean {
  const flag = (name: string | undefined) => !!name && !!(ctx as Record<string, unknown>)[name];
  if (f.requiredWhen) return f.requiredWhen.flag ? flag(f.requiredWhen.flag) : true;
  if (f.type === 'reference') return flag(f.requiredIf);
  return f.type === 'phone' || ((f.type === 'text' || f.type === 'date') && !!f.required);
}

export function isRequired(col: SheetColumn, ctx: SheetContext): boolean {
  return typeof col.required === 'function' ? col.required(ctx) : !!col.required;
}

/** The header as written in the form: required columns carry a trailing '*'. */
export function formHeader(col: SheetColumn, ctx: SheetContext): string {
  return isRequired(col, ctx) ? `${col.header}*` : col.header;
}

const normHeader = (h: unknown) => String(h ?? '').replace(/\s+/g, '').replace(/\*+$/, '');

/** Whether a header row names exactly the spec's columns, in order ('*' and spaces ignored). */
export function headerMatches(spec: SheetSpec<unknown>, header: unknown[]): boolean {
  const got = header.map(normHeader);
  while (got.length && got[got.length - 1] === '') got.pop();
  return got.length === spec.columns.length && spec.columns.every((c, i) => got[i] === normHeader(c.header));
}

export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const textOrNull = (cell: Cell) => cellText(cell) || null;

/**
 * Validates a row against a yup schema: `required` failures on an empty cell are "missing", every other
 * failure is "format". Returns the schema's cast value (e.g. price "1,200" → 1200) when valid.
 */
export function validateWithSchema<Row>(
  schema: AnyObjectSchema,
  spec: Pick<SheetSpec<Row>, 'columns'>,
  raw: Record<string, unknown>,
  ctx: SheetContext,
  schemaContext: Record<string, unknown>,
): RowValidation<Row> {
  const input: Record<string, unknown> = {};
  for (const col of spec.columns) {
    const cell = raw[col.key] as Cell;
    input[col.key] = col.parse ? col.parse(cell, ctx) : textOrNull(cell);
  }
  const errors: CellError[] = [];
  const keys = new Set(spec.columns.map((c) => c.key));
  // Required-by-column checks first, so an empty required cell always reads as missing.
  for (const col of spec.columns) {
    if (isRequired(col, ctx) && cellText(raw[col.key] as Cell) === '') errors.push({ key: col.key, kind: 'missing', message: '' });
  }
  try {
    const value = schema.validateSync(input, { abortEarly: false, context: schemaContext, stripUnknown: true }) as Row;
    if (errors.length === 0) return { value, errors };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const e of err.inner.length ? err.inner : [err]) {
      const key = (e.path ?? '').split(/[.[]/)[0];
      if (!keys.has(key)) continue;
      const existing = errors.find((x) => x.key === key);
      if (existing) {
        if (!existing.message) existing.message = e.message;
        continue;
      }
      const empty = cellText(raw[key] as Cell) === '';
      errors.push({ key, kind: empty ? 'missing' : e.type === 'max' ? 'limit' : 'format', message: e.message });
    }
  }
  for (const e of errors) if (!e.message) e.message = `${spec.columns.find((c) => c.key === e.key)?.header ?? e.key} 항목을 입력해 주세요`;
  return { value: null, errors };
}

/**
 * '필수 항목 누락: 상품명 / 형식 오류: 가격' for one row; '' when valid. Limits and mismatches follow with
 * their own messages, so the row says what to change ('가격은 100,000,000원 이하로 입력해 주세요').
 */
export function rowErrorText(spec: SheetSpec<unknown>, errors: CellError[]): string {
  const label = (k: string) => spec.columns.find((c) => c.key === k)?.header ?? k;
  const missing = errors.filter((e) => e.kind === 'missing').map((e) => label(e.key));
  const format = errors.filter((e) => e.kind === 'format').map((e) => label(e.key));
  const limits = errors.filter((e) => e.kind === 'limit').map((e) => EXCEL_MSG.limit(label(e.key), e.message));
  const mismatches = errors.filter((e) => e.kind === 'mismatch').map((e) => e.message);
  return [missing.length ? EXCEL_MSG.missing(missing) : '', format.length ? EXCEL_MSG.format(format) : '', ...limits, ...mismatches]
    .filter(Boolean)
    .join(' / ');
}

// ---------------------------------------------------------------------------------------------
// Products.

/** Category cell: its code (1–7, number or text) or its Korean name; anything else stays as is to fail. */
export function parseCategory(cell: Cell): unknown {
  const text = cellText(cell);
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const hit = PRODUCT_CATEGORY_CODES.find((code) => PRODUCT_CATEGORIES[code] === text);
  return hit ?? text;
}

/** Brand cell: a brand of the tenant by name (case and spaces ignored) or by number; unknown → NaN (format error). */
export function parseBrand(cell: Cell, ctx: SheetContext): unknown {
  const text = cellText(cell);
  if (text === '') return null;
  const brands = ctx.brands;
  const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const byName = brands?.find((b) => norm(b.name) === norm(text));
  if (byName) return byName.idx;
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return !brands || brands.some((b) => b.idx === n) ? n : Number.NaN;
  }
  return Number.NaN;
}

const priceCell = (cell: Cell) => (typeof cell === 'number' ? cell : textOrNull(cell));

export type ProductSheetRow = ProductInput;

type ProductField = keyof typeof productResource.fields;
/**
 * The product sheet's columns are fields of the product definition: the header is the field's Korean
 * label (`product.fields.<key>`, whatever the console's language), what is required its rules.
 */
const productColumn = (col: Omit<SheetColumn, 'header' | 'required'> & { key: ProductField }): SheetColumn => {
  const f: FieldDef = productResource.fields[col.key];
  return { ...col, header: productKo.product.fields[col.key], required: (ctx) => requiredCell(f, ctx) };
};

export const productSheet: SheetSpec<ProductSheetRow> = {
  kind: 'product',
  version: 'product-v1',
  title: '상품 일괄 등록',
  fileName: '상품_일괄등록_양식',
  columns: [
    productColumn({ key: 'name', example: '클래식 토트백', width: 24 }),
    productColumn({ key: 'brandIdx', example: '데모브랜드', width: 16, parse: parseBrand }),
    // The spec's model number is the product code (spec 2: "code (model number)"), named 모델번호 in the
    // form, the detail and this sheet alike; modelNum is the product form's 모델명.
    productColumn({ key: 'code', example: 'BAG-001', width: 14 }),
    productColumn({ key: 'modelNum', example: 'TB-2024', width: 14 }),
    productColumn({ key: 'barcode', example: '8801234567890', width: 16 }),
    productColumn({ key: 'price', example: '1,200,000', width: 14, parse: priceCell }),
    productColumn({ key: 'warranty', example: '구매일로부터 1년 무상 수리', width: 28 }),
    productColumn({ key: 'categoryCode', example: '가방', width: 12, parse: parseCategory }),
    productColumn({ key: 'material', example: '소가죽', width: 12 }),
    productColumn({ key: 'size', example: '30 x 25 x 12 cm', width: 16 }),
    productColumn({ key: 'weight', example: '850g', width: 10 }),
  ],
  validate(row, ctx) {
    return validateWithSchema<ProductSheetRow>(productSchema, productSheet, row, ctx, { requireBrand: !!ctx.requireBrand });
  },
};

/** Every sheet the worker can parse, by kind (a spec holds functions, so the worker is sent only its kind). */
export const SHEETS: Record<string, SheetSpec<unknown>> = { product: productSheet as SheetSpec<unknown> };

// ---------------------------------------------------------------------------------------------
// Workbooks: the form, the error export, and parsing.

export interface SheetMeta {
  kind: string;
  version: string;
  type: string;
}

function withMeta(wb: XLSX.WorkBook, meta: SheetMeta) {
  const ws = XLSX.utils.aoa_to_sheet([
    ['kind', meta.kind],
    ['version', meta.version],
    ['type', meta.type],
  ]);
  XLSX.utils.book_append_sheet(wb, ws, EXCEL_META_SHEET);
  XLSX.utils.book_set_sheet_visibility(wb, EXCEL_META_SHEET, 1);
}

function columnWidths(spec: SheetSpec<unknown>, extra: number[] = []) {
  return [...spec.columns.map((c) => ({ wch: c.width ?? 14 })), ...extra.map((wch) => ({ wch }))];
}

/** The downloadable form: a header row, one example row, and the hidden meta sheet with kind and version. */
export function buildFormWorkbook(spec: SheetSpec<unknown>, ctx: SheetContext = {}): XLSX.WorkBook {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([spec.columns.map((c) => formHeader(c, ctx)), spec.columns.map((c) => c.example ?? '')]);
  ws['!cols'] = columnWidths(spec);
  XLSX.utils.book_append_sheet(wb, ws, spec.title.slice(0, 31));
  withMeta(wb, { kind: spec.kind, version: spec.version, type: EXCEL_FORM_MARKER });
  return wb;
}

/** The failed rows as they were uploaded plus a '오류 내용' column, marked so that uploading it back is refused. */
export function buildErrorWorkbook(spec: SheetSpec<unknown>, rows: { cells: string[]; error: string }[], ctx: SheetContext = {}): XLSX.WorkBook {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([[...spec.columns.map((c) => formHeader(c, ctx)), EXCEL_ERROR_COLUMN], ...rows.map((r) => [...r.cells, r.error])]);
  ws['!cols'] = columnWidths(spec, [48]);
  XLSX.utils.book_append_sheet(wb, ws, '오류 내역');
  withMeta(wb, { kind: spec.kind, version: spec.version, type: EXCEL_ERROR_EXPORT_MARKER });
  return wb;
}

export function workbookToArray(wb: XLSX.WorkBook): ArrayBuffer {
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

export interface ParsedRow<Row> {
  /** The row number in the sheet (1-based, the header is row 1). */
  line: number;
  /** The cells as text, one per column, as uploaded. */
  cells: string[];
  value: Row | null;
  errors: CellError[];
  /** rowErrorText of the errors. */
  error: string;
}

export interface ParseSummary {
  total: number;
  valid: number;
  invalid: number;
}

export type ParseResult<Row> = { ok: true; rows: ParsedRow<Row>[]; summary: ParseSummary } | { ok: false; error: string };

type Aoa = Cell[][];

function sheetRows(ws: XLSX.WorkSheet | undefined): Aoa {
  if (!ws) return [];
  return XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
}

function readMeta(wb: XLSX.WorkBook): SheetMeta | null {
  const rows = sheetRows(wb.Sheets[EXCEL_META_SHEET]);
  if (rows.length === 0) return null;
  const map = new Map(rows.map((r) => [cellText(r[0]), cellText(r[1])]));
  return { kind: map.get('kind') ?? '', version: map.get('version') ?? '', type: map.get('type') ?? '' };
}

const isBlankRow = (r: Cell[]) => r.every((c) => cellText(c) === '');

export interface SheetBodyRow {
  line: number;
  cells: Cell[];
}
export type OpenResult = { ok: true; body: SheetBodyRow[] } | { ok: false; error: string };

/**
 * Reads an uploaded workbook and checks it, without validating rows. Refuses (in this order): an
 * unreadable file, an error export, a form of another kind or version, a header that does not match,
 * more than 10,000 rows, and no rows at all. A file without the meta sheet (e.g. retyped by hand) is
 * accepted when its header matches. The form's untouched example row is skipped; blank rows are ignored.
 */
export function openWorkbook(data: ArrayBuffer | Uint8Array, spec: SheetSpec<unknown>): OpenResult {
  let wb: XLSX.WorkBook;
  try {
    // The first sheet is read at most to 10,000 rows plus header, example and some blank rows, so a
    // million-row file costs no more than a full one; one extra data row is enough to refuse it.
    wb = XLSX.read(data, { type: 'array', dense: true, sheetRows: EXCEL_MAX_ROWS + 64, cellHTML: false, cellFormula: false, cellStyles: false });
  } catch {
    return { ok: false, error: EXCEL_MSG.uploadFailed };
  }
  const meta = readMeta(wb);
  const dataSheetName = wb.SheetNames.find((n) => n !== EXCEL_META_SHEET);
  const rows = sheetRows(dataSheetName ? wb.Sheets[dataSheetName] : undefined);
  const header = rows[0] ?? [];
  if (meta?.type === EXCEL_ERROR_EXPORT_MARKER || header.some((h) => normHeader(h) === normHeader(EXCEL_ERROR_COLUMN))) {
    return { ok: false, error: EXCEL_MSG.errorExport };
  }
  if (meta && (meta.kind !== spec.kind || meta.version !== spec.version)) return { ok: false, error: EXCEL_MSG.oldVersion };
  if (!headerMatches(spec, header)) return { ok: false, error: EXCEL_MSG.oldVersion };

  const example = spec.columns.map((c) => cellText(c.example));
  let body: SheetBodyRow[] = [];
  for (let i = 1; i < rows.length; i++) if (!isBlankRow(rows[i])) body.push({ cells: rows[i], line: i + 1 });
  if (body.length > 0 && body[0].line === 2 && spec.columns.every((_, i) => cellText(body[0].cells[i]) === example[i])) body = body.slice(1);
  if (body.length > EXCEL_MAX_ROWS) return { ok: false, error: EXCEL_MSG.maxRows };
  if (body.length === 0) return { ok: false, error: EXCEL_MSG.empty };
  return { ok: true, body };
}

/** Normalises and validates sheet rows (the worker does it in slices, posting each). */
export function validateRows<Row>(spec: SheetSpec<Row>, body: SheetBodyRow[], ctx: SheetContext = {}): ParsedRow<Row>[] {
  return body.map(({ cells, line }): ParsedRow<Row> => {
    const raw: Record<string, unknown> = {};
    spec.columns.forEach((c, i) => (raw[c.key] = cells[i]));
    const { value, errors } = spec.validate(raw, ctx);
    return { line, cells: spec.columns.map((_, i) => cellText(cells[i])), value, errors, error: rowErrorText(spec as SheetSpec<unknown>, errors) };
  });
}

export function summarize(rows: { errors: CellError[] }[]): ParseSummary {
  const valid = rows.filter((r) => r.errors.length === 0).length;
  return { total: rows.length, valid, invalid: rows.length - valid };
}

/** openWorkbook then validateRows of every row. */
export function parseWorkbook<Row>(data: ArrayBuffer | Uint8Array, spec: SheetSpec<Row>, ctx: SheetContext = {}): ParseResult<Row> {
  const opened = openWorkbook(data, spec as SheetSpec<unknown>);
  if (!opened.ok) return opened;
  const rows = validateRows(spec, opened.body, ctx);
  return { ok: true, rows, summary: summarize(rows) };
}

/** Splits `items` into chunks of `size` (the last one shorter). */
export function chunk<T>(items: T[], size = EXCEL_SUBMIT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The idempotency key of one chunk: the file's hash, the sheet kind and the chunk's index. */
export function batchKeyOf(kind: string, fileHash: string, chunkIndex: number): string {
  return `${kind}-${fileHash.slice(0, 32)}-${chunkIndex}`;
}
