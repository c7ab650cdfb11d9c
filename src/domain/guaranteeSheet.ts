import * as XLSX from 'xlsx';
import {
  SHEETS,
  cellText,
  requiredCell,
  parseCategory,
  rowErrorText,
  validateWithSchema,
  type Cell,
  type CellError,
  type ParsedRow,
  type SheetColumn,
  type SheetContext,
  type SheetSpec,
} from './excel';
import { DEFAULT_COUNTRY_CODE, GUARANTEE_MSG, isBulkImageUrl, productNameDiffers } from './guarantee';
import { messageOf, type FieldDef } from './fields';
import { guaranteeResource, guaranteeSchema, type GuaranteeInput } from './resources/guarantee';
import guaranteeKo from '../i18n/resources/guarantee.ko';
// Sheets are checked synchronously: every country's phone rule up front.
import './phoneIntl';

/**
 * The guarantee bulk-issue sheet (spec 2 sections 4, 5 "Excel upload", 8 and 9). Two variants of the
 * form: brand-type accounts (brand and category optional, their own brand is implied) and cooperator
 * accounts (brand and category required on every row); each carries its own kind and version, so a
 * file of the other variant is refused like an old form. The columns are fields of the guarantee
 * definition (src/domain/resources/guarantee.ts): their headers its Korean labels, what is required its
 * rules. Rows are validated with guaranteeSchema (the issue form's rules and messages); brand and store names are resolved to their idx, and model numbers
 * checked against the catalogue, by the matching step (matchGuaranteeRows) once the tenant's lists are
 * known. The preview so checks every per-row rule of the bulk issue, and a chunk is never refused for a
 * row the console could have caught.
 */

export const GUARANTEE_SHEET_MSG = {
  brandUnknown: '등록되지 않은 브랜드예요. 브랜드명을 확인해 주세요',
  storeUnknown: '등록되지 않은 매장이에요. 매장명을 확인해 주세요',
  /** A model number whose catalogue product has another name: the bulk issue's message, with the name to use. */
  productMismatch: (catalogueName: string) => `${GUARANTEE_MSG.productMismatch} (등록된 상품명: ${catalogueName})`,
} as const;

export type GuaranteeSheetRow = GuaranteeInput;

/** '+82', '82', 82 → '82'; empty → undefined (the schema's default 82 applies). */
export function parseCountryCode(cell: Cell): unknown {
  const text = cellText(cell).replace(/^\+/, '');
  return text === '' ? undefined : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as YYYY-MM-DD: an Excel date serial, 8 digits (20260105), or text with '-', '.' or '/'
 * separators (2026.1.5). Anything else is returned as typed so the schema reports the format.
 */
export function parseDateCell(cell: Cell): unknown {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? String(cell) : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell >= 19000101 && cell <= 29991231) return parseDateCell(String(cell));
    const d = cell > 0 && cell < 2958466 ? XLSX.SSF.parse_date_code(cell) : null;
    return d ? `${d.y}-${pad(d.m)}-${pad(d.d)}` : String(cell);
  }
  const text = cellText(cell);
  if (text === '') return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const sep = /^(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})\.?$/.exec(text);
  if (sep) return `${sep[1]}-${pad(Number(sep[2]))}-${pad(Number(sep[3]))}`;
  return text;
}

const amountCell = (cell: Cell) => (typeof cell === 'number' ? cell : cellText(cell) || null);
/** The brand column is matched by name later (matchGuaranteeRows): the schema never sees it. */
const matchedLater = () => null;

type GuaranteeField = keyof typeof guaranteeResource.fields;
const FIELDS: Record<GuaranteeField, FieldDef> = guaranteeResource.fields;
const LABELS = guaranteeKo.guarantee;

/**
 * A column's header: the field's Korean label (`guarantee.fields.<key>`), or the form's own where the
 * form has always said it otherwise (`guarantee.sheet.<key>`); Korean whatever the console's language.
 */
const headerOf = (key: GuaranteeField) => (LABELS.sheet as Partial<Record<GuaranteeField, string>>)[key] ?? LABELS.fields[key];

/** The message of an empty required cell the schema (run without the cooperator context) does not give. */
function requiredMessageOf(f: FieldDef): string | undefined {
  if (f.requiredWhen?.flag) return f.requiredWhen.message;
  return f.type === 'reference' && f.requiredIf ? messageOf(f.required) : undefined;
}

/** The sheet's columns in their order, with their example, width and cell parser. */
const COLUMNS: readonly (Omit<SheetColumn, 'header' | 'required'> & { key: GuaranteeField })[] = [
  { key: 'ordererName', example: '홍길동', width: 12 },
  { key: 'ordererTel', example: '010-1234-5678', width: 16 },
  { key: 'ordererCountryCode', example: DEFAULT_COUNTRY_CODE, width: 10, parse: parseCountryCode },
  { key: 'orderedAt', example: '2026-01-05', width: 12, parse: parseDateCell },
  { key: 'brandIdx', example: '데모브랜드', width: 16, parse: matchedLater },
  { key: 'productName', example: '시그니처 레더 토트백', width: 24 },
  { key: 'modelNumber', example: 'DB-BAG-001', width: 14 },
  { key: 'categoryCode', example: '가방', width: 12, parse: parseCategory },
  { key: 'price', example: '1,290,000', width: 14, parse: amountCell },
  { key: 'paymentAmount', example: '1,290,000', width: 14, parse: amountCell },
  { key: 'storeName', example: '신세계 강남점', width: 16 },
  { key: 'refOrderId', example: 'ORD-20260105-001', width: 18 },
  { key: 'warrantyDate', example: '2027-01-05', width: 12, parse: parseDateCell },
  { key: 'productImage', example: 'https://example.com/images/tote.jpg', width: 32 },
  { key: 'material', example: '소가죽', width: 12 },
  { key: 'size', example: '34 x 27 x 15 cm', width: 16 },
  { key: 'weight', example: '0.9 kg', width: 10 },
];

/** The sheet's columns; brand and category are required on the cooperator form only. */
export function guaranteeSheetColumns(requireBrand: boolean): SheetColumn[] {
  return COLUMNS.map((c) => ({ ...c, header: headerOf(c.key), required: requiredCell(FIELDS[c.key], { requireBrand }) }));
}

/** The issue form's messages for the required columns the schema does not check in the sheet (brand, category). */
const REQUIRED_MESSAGES: Record<string, string | undefined> = Object.fromEntries(COLUMNS.map((c) => [c.key, requiredMessageOf(FIELDS[c.key])]));

/**
 * One row: the columns' required marks give "missing" (brand and category only for cooperators),
 * guaranteeSchema every other rule with the issue form's messages. The brand is left to the matching
 * step, so the schema is run without `requireBrand`.
 */
function validateGuaranteeRow(spec: SheetSpec<GuaranteeSheetRow>, row: Record<string, unknown>, ctx: SheetContext) {
  const result = validateWithSchema<GuaranteeSheetRow>(guaranteeSchema, spec, row, ctx, { requireBrand: false });
  for (const e of result.errors) if (e.kind === 'missing' && REQUIRED_MESSAGES[e.key]) e.message = REQUIRED_MESSAGES[e.key]!;
  // The schema also takes an upload path (the issue form's own uploads); a sheet names images by URL only.
  const image = cellText(row.productImage as Cell);
  if (image && !isBulkImageUrl(image) && !result.errors.some((e) => e.key === 'productImage')) {
    return { value: null, errors: [...result.errors, { key: 'productImage', kind: 'format' as const, message: GUARANTEE_MSG.imageUrlInvalid }] };
  }
  if (result.value) {
    // Only the sheet's fields go to the server (the schema's defaults add nothing else).
    const value: GuaranteeSheetRow = { ...result.value };
    delete value.brandIdx;
    return { value, errors: result.errors };
  }
  return result;
}

function guaranteeSpec(variant: 'brand' | 'cooperator'): SheetSpec<GuaranteeSheetRow> {
  const spec: SheetSpec<GuaranteeSheetRow> = {
    kind: `guarantee-${variant}`,
    version: `guarantee-${variant}-v1`,
    title: '보증서 대량 발급',
    fileName: variant === 'brand' ? '보증서_대량발급_양식' : '보증서_대량발급_양식_멀티브랜드',
    columns: guaranteeSheetColumns(variant === 'cooperator'),
    validate: (row, ctx) => validateGuaranteeRow(spec, row, { ...ctx, requireBrand: variant === 'cooperator' }),
  };
  return spec;
}

/** Brand-type accounts: brand and category may be left empty. */
export const guaranteeBrandSheet = guaranteeSpec('brand');
/** Cooperator (multi-brand) accounts: brand and category required on every row. */
export const guaranteeCooperatorSheet = guaranteeSpec('cooperator');

/** The form of an account: cooperators get the variant requiring brand and category. */
export function guaranteeSheetFor(requireBrand: boolean): SheetSpec<GuaranteeSheetRow> {
  return requireBrand ? guaranteeCooperatorSheet : guaranteeBrandSheet;
}

// The worker finds a spec by kind.
SHEETS[guaranteeBrandSheet.kind] = guaranteeBrandSheet as SheetSpec<unknown>;
SHEETS[guaranteeCooperatorSheet.kind] = guaranteeCooperatorSheet as SheetSpec<unknown>;

// ---------------------------------------------------------------------------------------------
// Matching: brand and store names → idx; model numbers against the catalogue.

/** A catalogue product named by a model number (its code). */
export interface CatalogueEntry {
  modelNumber: string;
  name: string;
}

export interface MatchLists {
  brands: { idx: number; name: string; englishName?: string | null }[];
  stores: { idx: number; name: string }[];
  /** The tenant's catalogue products whose model number is one of the sheet's (one per model number). */
  catalogue: CatalogueEntry[];
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** A brand by name (Korean or English, case and spaces ignored) or by number; undefined when unknown. */
export function findBrand(text: string, brands: MatchLists['brands']): number | undefined {
  const key = norm(text);
  const hit = brands.find((b) => norm(b.name) === key || (b.englishName ? norm(b.englishName) === key : false));
  if (hit) return hit.idx;
  if (/^\d+$/.test(text)) return brands.find((b) => b.idx === Number(text))?.idx;
  return undefined;
}

/** A store by name (case and spaces ignored); undefined when unknown. */
export function findStore(text: string, stores: MatchLists['stores']): number | undefined {
  const key = norm(text);
  return stores.find((s) => norm(s.name) === key)?.idx;
}

/**
 * The distinct model numbers of parsed rows (as the bulk issue reads them: trimmed, exact), for the
 * catalogue lookup; a model number the row cannot take (too long) is left out.
 */
export function sheetModelNumbers(spec: SheetSpec<GuaranteeSheetRow>, rows: ParsedRow<GuaranteeSheetRow>[]): string[] {
  const col = spec.columns.findIndex((c) => c.key === 'modelNumber');
  const usable = rows.filter((r) => !r.errors.some((e) => e.key === 'modelNumber'));
  return [...new Set(usable.map((r) => r.cells[col] ?? '').filter((m) => m !== ''))];
}

/**
 * The matching step: each row's brand and store cells resolved against the tenant's lists, and its
 * model number against the catalogue. A known brand sets brandIdx, a known store storeIdx (the name
 * is kept); an unknown one is a format error of its column. A model number whose catalogue product
 * has another name is a mismatch of the product name (spec 2 section 5), the rule the bulk issue
 * applies (productNameDiffers). A marked row is no longer submitted; rows already invalid get the
 * same marks.
 */
export function matchGuaranteeRows(
  spec: SheetSpec<GuaranteeSheetRow>,
  rows: ParsedRow<GuaranteeSheetRow>[],
  lists: MatchLists,
): ParsedRow<GuaranteeSheetRow>[] {
  const col = (key: string) => spec.columns.findIndex((c) => c.key === key);
  const [brandCol, storeCol, modelCol, nameCol] = [col('brandIdx'), col('storeName'), col('modelNumber'), col('productName')];
  const catalogue = new Map(lists.catalogue.map((p) => [p.modelNumber, p.name]));
  return rows.map((row) => {
    const brandText = row.cells[brandCol] ?? '';
    const storeText = row.cells[storeCol] ?? '';
    const catalogueName = catalogue.get(row.cells[modelCol] ?? '');
    const has = (key: string) => row.errors.some((e) => e.key === key);
    const extra: CellError[] = [];
    const brandIdx = brandText ? findBrand(brandText, lists.brands) : undefined;
    const storeIdx = storeText ? findStore(storeText, lists.stores) : undefined;
    if (brandText && brandIdx === undefined && !has('brandIdx')) {
      extra.push({ key: 'brandIdx', kind: 'format', message: GUARANTEE_SHEET_MSG.brandUnknown });
    }
    if (storeText && storeIdx === undefined && !has('storeName')) {
      extra.push({ key: 'storeName', kind: 'format', message: GUARANTEE_SHEET_MSG.storeUnknown });
    }
    if (catalogueName !== undefined && !has('productName') && productNameDiffers(row.cells[nameCol], catalogueName)) {
      extra.push({ key: 'productName', kind: 'mismatch', message: GUARANTEE_SHEET_MSG.productMismatch(catalogueName) });
    }
    if (extra.length) {
      const errors = [...row.errors, ...extra];
      return { ...row, value: null, errors, error: rowErrorText(spec as SheetSpec<unknown>, errors) };
    }
    if (!row.value) return row;
    const value: GuaranteeSheetRow = { ...row.value };
    if (brandIdx !== undefined) value.brandIdx = brandIdx;
    if (storeIdx !== undefined) value.storeIdx = storeIdx;
    return { ...row, value };
  });
}
