import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { ValidationError } from 'yup';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { brands, customers, nftTemplates, nfts, nftUses, products, stores } from '../../db/schema';
import {
  DEFAULT_COUNTRY_CODE, GUARANTEE_ALIMTALK, GUARANTEE_API_MSG, GUARANTEE_MSG, NFT_STATUS, NFT_STATUS_LABELS, TEMPLATE_MSG,
  castGuaranteeInput, guaranteeSchema, normalizePhone, productNameDiffers, type GuaranteeInput, type NftSearchType, type NftStatus, type NftType,
} from '../../../src/domain/guarantee';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../../src/domain/product';
import { FIELD_MSG } from '../../../src/domain/messages';
import { addDays, seoulDate, seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { toFieldErrors } from '../../../src/domain/validation/account';
import type { FieldErrors } from '../../../src/domain/errors';
import { mediaUrl } from '../../providers/storage';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { certificateUrl } from '../certificates/url';
import { rowsOf, type Tenant } from '../products/service';

export type { Tenant };

/**
 * Guarantees (certificates, nfts) of one tenant: the row shape, issuing (single and set-based bulk),
 * the history list and the 알림톡 on issue. Every query is scoped to `tenant_idx`, so another
 * tenant's idx is simply not found. Status changes live in ./transitions.ts.
 */

/** Readable, unique per tenant (idx is unique): G + yymmdd (KST) + '-' + the idx, zero-padded. */
export function nftNumberOf(type: NftType, idx: number, now: Date): string {
  return `${type === 'MEMBERSHIP' ? 'M' : 'G'}${seoulDate(now).slice(2).replace(/-/g, '')}-${String(idx).padStart(7, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// The row

const columns = {
  idx: nfts.idx, nftNumber: nfts.nftNumber, nftType: nfts.nftType, nftTemplateIdx: nfts.nftTemplateIdx,
  nftCardName: nftTemplates.nftCardName, nftStatus: nfts.nftStatus, requestRoute: nfts.requestRoute,
  customerIdx: nfts.customerIdx, ordererName: nfts.ordererName, ordererTel: nfts.ordererTel,
  ordererCountryCode: nfts.ordererCountryCode, orderedAt: nfts.orderedAt, refOrderId: nfts.refOrderId,
  storeIdx: nfts.storeIdx, storeName: nfts.storeName, brandIdx: nfts.brandIdx, brandName: brands.name,
  partnersProductIdx: nfts.partnersProductIdx, productName: nfts.productName, warrantyDate: nfts.warrantyDate,
  price: nfts.price, paymentAmount: nfts.paymentAmount, productCode: nfts.productCode, productImage: nfts.productImage,
  modelNumber: nfts.modelNumber, categoryCode: nfts.categoryCode, categoryName: nfts.categoryName,
  material: nfts.material, size: nfts.size, weight: nfts.weight, customField: nfts.customField,
  issueAt: nfts.issueAt, issuedAt: nfts.issuedAt, canceledAt: nfts.canceledAt, cancelReason: nfts.cancelReason,
  cancelDetail: nfts.cancelDetail, createdAt: nfts.createdAt, updatedAt: nfts.updatedAt, publicToken: nfts.publicToken,
};
type DbRow = Awaited<ReturnType<typeof selectGuarantees>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An upload path answers {path, url}; an external URL (bulk issue) {path: null, url}. */
export function imageOf(value: string | null): { path: string | null; url: string } | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return { path: null, url: value };
  return { path: value, url: mediaUrl(value) };
}

export function toGuarantee(r: DbRow) {
  const { publicToken: _token, ...rest } = r;
  void _token;
  return {
    ...rest,
    nftStatusName: NFT_STATUS_LABELS[r.nftStatus as NftStatus] ?? String(r.nftStatus),
    categoryName: r.categoryName ?? (r.categoryCode ? (PRODUCT_CATEGORIES[r.categoryCode as ProductCategoryCode] ?? null) : null),
    productImage: imageOf(r.productImage),
    issueAt: iso(r.issueAt), issuedAt: iso(r.issuedAt), canceledAt: iso(r.canceledAt),
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}
export type Guarantee = ReturnType<typeof toGuarantee>;

export const selectGuarantees = (db: Db) =>
  db.select(columns).from(nfts)
    .leftJoin(brands, and(eq(brands.tenantIdx, nfts.tenantIdx), eq(brands.idx, nfts.brandIdx)))
    .leftJoin(nftTemplates, and(eq(nftTemplates.tenantIdx, nfts.tenantIdx), eq(nftTemplates.idx, nfts.nftTemplateIdx)));

/** A listed (not deleted) certificate of the tenant. */
export const nftOf = (tenantIdx: number, idx: number) => and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, idx), isNull(nfts.deletedAt));

export async function getGuaranteeRow(db: Db, tenantIdx: number, idx: number): Promise<DbRow | null> {
  const [row] = await selectGuarantees(db).where(nftOf(tenantIdx, idx)).limit(1);
  return row ?? null;
}

export async function getGuarantee(db: Db, tenantIdx: number, idx: number): Promise<Guarantee | null> {
  const row = await getGuaranteeRow(db, tenantIdx, idx);
  return row ? toGuarantee(row) : null;
}

/** Detail: the row plus its public link and how often it was used. */
export async function getGuaranteeDetail(db: Db, tenantIdx: number, idx: number, publicUrl: string) {
  const row = await getGuaranteeRow(db, tenantIdx, idx);
  if (!row) return null;
  const [{ n }] = await db.select({ n: count() }).from(nftUses).where(and(eq(nftUses.tenantIdx, tenantIdx), eq(nftUses.nftIdx, idx)));
  return { ...toGuarantee(row), certificateUrl: certificateUrl(publicUrl, row.publicToken), usedCount: n };
}

// ---------------------------------------------------------------------------------------------
// 알림톡

/** The GUARANTEE_ALIMTALK message of each issued certificate (status reached 3). */
export async function queueIssuedMessages(
  db: Db, messaging: MessagingProvider, publicUrl: string, tenantIdx: number, idxList: number[],
): Promise<void> {
  if (!idxList.length) return;
  const rows = await db.select({
    idx: nfts.idx, nftNumber: nfts.nftNumber, ordererName: nfts.ordererName, ordererTel: nfts.ordererTel,
    ordererCountryCode: nfts.ordererCountryCode, productName: nfts.productName, publicToken: nfts.publicToken, brandName: brands.name,
  }).from(nfts)
    .leftJoin(brands, and(eq(brands.tenantIdx, nfts.tenantIdx), eq(brands.idx, nfts.brandIdx)))
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idxList)))
    .orderBy(asc(nfts.idx));
  const messages: OutboundMessage[] = rows.map((r) => {
    const variables: Record<(typeof GUARANTEE_ALIMTALK.variables)[number], string> = {
      brandName: r.brandName ?? '', ordererName: r.ordererName, productName: r.productName, nftNumber: r.nftNumber,
      certificateUrl: certificateUrl(publicUrl, r.publicToken),
    };
    return {
      tenantIdx, channel: 'ALIMTALK', templateCode: GUARANTEE_ALIMTALK.templateCode, countryCode: r.ordererCountryCode,
      phone: r.ordererTel, variables, refType: 'nft', refIdx: r.idx,
    };
  });
  await messaging.queue(messages, db);
}

// ---------------------------------------------------------------------------------------------
// Issuing: validation against the tenant's brands, stores, products and templates

export type NftValues = Omit<typeof nfts.$inferInsert, 'tenantIdx' | 'idx' | 'nftNumber' | 'publicToken' | 'customerIdx' | 'createdAt' | 'updatedAt'>;

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export interface IssueOptions {
  nftType: NftType;
  requestRoute: 'product' | 'excel';
  /** Bulk rows: a typed model number is looked up in the catalogue (its name must match). */
  matchModelNumber: boolean;
  /** PATCH keeps the status and dates: only the content is re-validated. */
  keepStatus?: boolean;
}

type CatalogueProduct = {
  idx: number; brandIdx: number; name: string; code: string | null; price: number | null; paymentAmount: number | null;
  categoryCode: number | null; material: string | null; size: string | null; weight: string | null; imagePath: string | null;
};

const productColumns = {
  idx: products.idx, brandIdx: products.brandIdx, name: products.name, code: products.code, price: products.price,
  paymentAmount: products.paymentAmount, categoryCode: products.categoryCode, material: products.material, size: products.size,
  weight: products.weight, imagePath: products.imagePath,
};

/**
 * The tenant's catalogue product for each model number (its code, matched exactly), in one query: the
 * first registered when several share a code. The bulk issue links and checks rows with it, and the
 * sheet's preview asks for the same (POST nft/bulk/catalogue), so both see the same product.
 */
export async function catalogueByModelNumbers(db: Db, tenantIdx: number, modelNumbers: string[]): Promise<Map<string, CatalogueProduct>> {
  const byCode = new Map<string, CatalogueProduct>();
  if (modelNumbers.length === 0) return byCode;
  const rows = await db.select(productColumns).from(products)
    .where(and(eq(products.tenantIdx, tenantIdx), inArray(products.code, modelNumbers)))
    .orderBy(asc(products.idx));
  for (const p of rows) if (p.code && !byCode.has(p.code)) byCode.set(p.code, p);
  return byCode;
}

/**
 * Validates guarantee inputs (one form, or the rows of a bulk request) with guaranteeSchema and the
 * rules that need the database, in a fixed number of queries whatever the row count: the tenant's
 * brands and templates, the named stores, the catalogue products named by idx, and (bulk) those named
 * by model number. Errors are keyed `<prefix(i)><field>`; returns the values to insert when
 * there are none.
 */
export async function prepareIssues(
  db: Db, tenant: Tenant, inputs: unknown[], prefix: (i: number) => string, opts: IssueOptions, now: Date,
): Promise<{ values: NftValues[]; errors: FieldErrors }> {
  const requireBrand = tenant.b2bType === 'cooperator';
  const errors: FieldErrors = {};
  const forms: (GuaranteeInput | null)[] = inputs.map((input, i) => {
    // Rows the schema accepts are cast without yup; the rest (and so every message) go through it.
    const fast = castGuaranteeInput(input, requireBrand);
    if (fast) return fast;
    try {
      return guaranteeSchema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true, context: { requireBrand } });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const [field, message] of Object.entries(toFieldErrors(err))) errors[`${prefix(i)}${field}`] = message;
      return null;
    }
  });
  const valid = forms.filter((f): f is GuaranteeInput => f !== null);
  const storeIds = [...new Set(valid.map((f) => f.storeIdx).filter((v): v is number => typeof v === 'number'))];
  const productIds = [...new Set(valid.map((f) => f.partnersProductIdx).filter((v): v is number => typeof v === 'number'))];
  const codes = opts.matchModelNumber
    ? [...new Set(valid.filter((f) => !f.partnersProductIdx).map((f) => blank(f.modelNumber)).filter((v): v is string => v !== null))]
    : [];
  const [brandRows, storeRows, productRows, productByCode, templateRows] = await Promise.all([
    db.select({ idx: brands.idx }).from(brands).where(eq(brands.tenantIdx, tenant.tenantIdx)).orderBy(asc(brands.idx)),
    storeIds.length
      ? db.select({ idx: stores.idx, name: stores.name }).from(stores).where(and(eq(stores.tenantIdx, tenant.tenantIdx), inArray(stores.idx, storeIds)))
      : Promise.resolve([]),
    productIds.length
      ? db.select(productColumns).from(products).where(and(eq(products.tenantIdx, tenant.tenantIdx), inArray(products.idx, productIds)))
      : Promise.resolve([] as CatalogueProduct[]),
    catalogueByModelNumbers(db, tenant.tenantIdx, codes),
    db.select({ idx: nftTemplates.idx, isMain: nftTemplates.isMain, status: nftTemplates.status }).from(nftTemplates)
      .where(and(eq(nftTemplates.tenantIdx, tenant.tenantIdx), eq(nftTemplates.templateType, opts.nftType))),
  ]);
  const brandSet = new Set(brandRows.map((b) => b.idx));
  const defaultBrand = requireBrand ? null : (brandRows[0]?.idx ?? null);
  const storeMap = new Map(storeRows.map((s) => [s.idx, s.name]));
  const productById = new Map(productRows.map((p) => [p.idx, p]));
  const templates = new Map(templateRows.map((t) => [t.idx, t]));
  const mainTemplate = templateRows.find((t) => t.isMain && t.status === 'ACTIVE')?.idx ?? null;
  const today = seoulDate(now);

  const values: NftValues[] = [];
  forms.forEach((form, i) => {
    if (!form) return;
    const p = prefix(i);
    const before = Object.keys(errors).length;
    let product: CatalogueProduct | undefined;
    if (form.partnersProductIdx) {
      product = productById.get(form.partnersProductIdx);
      if (!product) errors[`${p}partnersProductIdx`] = GUARANTEE_API_MSG.productInvalid;
    } else if (opts.matchModelNumber && blank(form.modelNumber)) {
      product = productByCode.get(blank(form.modelNumber)!);
      if (product && productNameDiffers(form.productName, product.name)) {
        errors[`${p}productName`] = GUARANTEE_MSG.productMismatch;
      }
    }
    const brandIdx = form.brandIdx ?? product?.brandIdx ?? defaultBrand;
    if (form.brandIdx && !brandSet.has(form.brandIdx)) errors[`${p}brandIdx`] = FIELD_MSG.brandInvalid;
    else if (brandIdx === null && requireBrand) errors[`${p}brandIdx`] = GUARANTEE_MSG.brandRequired;
    let storeName = blank(form.storeName);
    if (form.storeIdx) {
      if (!storeMap.has(form.storeIdx)) errors[`${p}storeIdx`] = GUARANTEE_API_MSG.storeInvalid;
      else storeName = storeMap.get(form.storeIdx)!;
    }
    const templateIdx = form.nftTemplateIdx ?? mainTemplate;
    if (form.nftTemplateIdx) {
      const template = templates.get(form.nftTemplateIdx);
      if (!template) errors[`${p}nftTemplateIdx`] = TEMPLATE_MSG.notFound;
      else if (template.status === 'STOP') errors[`${p}nftTemplateIdx`] = TEMPLATE_MSG.stopped;
    }
    const image = blank(form.productImage) ?? product?.imagePath ?? null;
    if (blank(form.productImage) && !/^https?:\/\//i.test(form.productImage!) && !form.productImage!.trim().startsWith(`${tenant.tenantIdx}/`)) {
      errors[`${p}productImage`] = GUARANTEE_API_MSG.imagePathInvalid;
    }
    if (Object.keys(errors).length > before) return;

    const categoryCode = form.categoryCode ?? product?.categoryCode ?? null;
    const base: NftValues = {
      nftType: opts.nftType,
      nftTemplateIdx: templateIdx,
      nftStatus: NFT_STATUS.complete,
      requestRoute: opts.requestRoute,
      ordererName: form.ordererName,
      ordererCountryCode: form.ordererCountryCode || DEFAULT_COUNTRY_CODE,
      ordererTel: normalizePhone(form.ordererTel, form.ordererCountryCode || DEFAULT_COUNTRY_CODE),
      orderedAt: blank(form.orderedAt),
      refOrderId: blank(form.refOrderId),
      storeIdx: form.storeIdx ?? null,
      storeName,
      brandIdx,
      partnersProductIdx: product?.idx ?? null,
      productName: blank(form.productName) ?? product?.name ?? '',
      warrantyDate: blank(form.warrantyDate),
      price: form.price ?? product?.price ?? null,
      paymentAmount: form.paymentAmount ?? product?.paymentAmount ?? null,
      productCode: blank(form.productCode),
      productImage: image,
      modelNumber: blank(form.modelNumber) ?? product?.code ?? null,
      categoryCode,
      categoryName: categoryCode ? (PRODUCT_CATEGORIES[categoryCode as ProductCategoryCode] ?? null) : null,
      material: blank(form.material) ?? product?.material ?? null,
      size: blank(form.size) ?? product?.size ?? null,
      weight: blank(form.weight) ?? product?.weight ?? null,
      customField: (form.customField as Record<string, unknown> | null | undefined) ?? null,
      createdBy: tenant.adminIdx,
    };
    if (!opts.keepStatus) Object.assign(base, issueStateOf(form, opts.requestRoute, now, today));
    values.push(base);
  });
  return { values, errors };
}

/**
 * The status an issue starts in (nft-contract.md POST /nft): a temporary save is 11; a reservation
 * is 7, issued n days after delivery (deliveredAt, else orderedAt, else today) at 00:00 KST; a row
 * of the spreadsheet route is a request (1); anything else is issued now (3).
 */
function issueStateOf(form: GuaranteeInput, route: 'product' | 'excel', now: Date, today: string): Pick<NftValues, 'nftStatus' | 'issueAt' | 'issuedAt'> {
  if (form.temporary) return { nftStatus: NFT_STATUS.temporary, issueAt: null, issuedAt: null };
  if (form.reservationDays) {
    const from = blank(form.deliveredAt) ?? blank(form.orderedAt) ?? today;
    return { nftStatus: NFT_STATUS.reservation, issueAt: seoulDayStart(addDays(from, form.reservationDays)), issuedAt: null };
  }
  if (route === 'excel') return { nftStatus: NFT_STATUS.ready, issueAt: null, issuedAt: null };
  return { nftStatus: NFT_STATUS.complete, issueAt: null, issuedAt: now };
}

// ---------------------------------------------------------------------------------------------
// Writes

type InsertKey<T extends PgTable> = keyof T['$inferInsert'] & keyof T['_']['columns'] & string;

/**
 * `SELECT ... FROM jsonb_to_recordset($1)` for a multi-row INSERT: the rows travel as one JSON
 * parameter, typed by the table's own column types. Far cheaper on both drivers than thousands of
 * bind parameters (a 1,000-row chunk of 38 columns), and one statement all the same.
 */
function recordset<T extends PgTable>(table: T, keys: InsertKey<T>[], rows: Record<string, unknown>[]) {
  const cols = keys.map((k) => (table as unknown as Record<string, PgColumn>)[k]);
  const typeOf = (c: PgColumn) => (c.getSQLType() === 'serial' ? 'integer' : c.getSQLType());
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k, i) => [cols[i].name, r[k] ?? null]))));
  return {
    columns: sql.raw(cols.map((c) => `"${c.name}"`).join(', ')),
    select: sql`SELECT ${sql.raw(cols.map((c) => `"${c.name}"`).join(', '))} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(cols.map((c) => `"${c.name}" ${typeOf(c)}`).join(', '))})`,
  };
}

/**
 * Finds or creates the customers of these phones in one statement (deduplicated by country code and
 * phone first, sorted so concurrent requests lock in the same order). Returns `<cc>:<phone>` → idx.
 */
async function upsertCustomers(db: Db, tenantIdx: number, values: NftValues[], now: Date): Promise<Map<string, number>> {
  const byPhone = new Map<string, { countryCode: string; phone: string; name: string }>();
  for (const v of values) {
    const key = `${v.ordererCountryCode}:${v.ordererTel}`;
    if (!byPhone.has(key)) byPhone.set(key, { countryCode: v.ordererCountryCode ?? DEFAULT_COUNTRY_CODE, phone: v.ordererTel, name: v.ordererName });
  }
  const unique = [...byPhone.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, c]) => ({ tenantIdx, ...c, createdAt: now, updatedAt: now }));
  const rs = recordset(customers, ['tenantIdx', 'countryCode', 'phone', 'name', 'createdAt', 'updatedAt'], unique);
  const result = await db.execute(sql`INSERT INTO ${customers} (${rs.columns}) ${rs.select}
    ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET updated_at = excluded.updated_at
    RETURNING idx, country_code AS "countryCode", phone`);
  return new Map(rowsOf<{ idx: number; countryCode: string; phone: string }>(result).map((r) => [`${r.countryCode}:${r.phone}`, Number(r.idx)]));
}

const NFT_INSERT_KEYS: InsertKey<typeof nfts>[] = [
  'tenantIdx', 'idx', 'nftNumber', 'nftType', 'nftTemplateIdx', 'nftStatus', 'requestRoute', 'customerIdx', 'ordererName', 'ordererTel',
  'ordererCountryCode', 'orderedAt', 'refOrderId', 'storeIdx', 'storeName', 'brandIdx', 'partnersProductIdx', 'productName', 'warrantyDate',
  'price', 'paymentAmount', 'productCode', 'productImage', 'modelNumber', 'categoryCode', 'categoryName', 'material', 'size', 'weight',
  'customField', 'publicToken', 'issueAt', 'issuedAt', 'batchKey', 'batchRow', 'createdBy', 'createdAt', 'updatedAt',
];

/** Columns of a certificate row that travel in the INSERT's JSON (idx, number and customer are filled in SQL). */
const NFT_ROW_KEYS = NFT_INSERT_KEYS.filter((k) => k !== 'idx' && k !== 'nftNumber' && k !== 'customerIdx');

/**
 * Inserts prepared certificates in ONE statement: the rows travel as one JSON parameter; a CTE
 * finds or creates their customers (deduplicated by country code and phone, the first row's name,
 * sorted so concurrent requests lock in the same order), each row draws its idx from the sequence
 * in row order and gets its number from it, and one multi-row INSERT links the customers. With a
 * batch key each row carries (batch_key, batch_row) and conflicts do nothing: a retried or
 * concurrent request with the same key inserts nothing (returns [] for those rows). Certificates
 * issued now (status 3) get their 알림톡 in the same transaction; without them the single statement
 * needs none.
 */
export async function insertIssues(
  db: Db, deps: { messaging: MessagingProvider; publicUrl: string }, tenant: Tenant, values: NftValues[], now: Date, batchKey: string | null,
): Promise<{ idx: number; nftNumber: string; batchRow: number | null }[]> {
  if (!values.length) return [];
  const yymmdd = seoulDate(now).slice(2).replace(/-/g, '');
  const tokens = randomBytes(24 * values.length);
  const rows: Record<string, unknown>[] = values.map((v, i) => ({
    nftType: 'GUARANTEE', ...v, tenantIdx: tenant.tenantIdx,
    publicToken: tokens.subarray(24 * i, 24 * (i + 1)).toString('base64url'),
    batchKey, batchRow: batchKey === null ? null : i, createdAt: now, updatedAt: now,
    // nftNumberOf's prefix; the SQL appends the zero-padded idx.
    numberPrefix: `${(v.nftType ?? 'GUARANTEE') === 'MEMBERSHIP' ? 'M' : 'G'}${yymmdd}-`, rowOrder: i,
  }));
  // Columns equal on every row (tenant, route, dates, blanks...) travel once, as one record joined
  // to every row: parsing the JSON is most of the statement's cost on PGlite, and it grows with columns.
  const same = (a: unknown, b: unknown) => a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());
  const isConstant = (k: InsertKey<typeof nfts>) => rows.every((r) => same(r[k], rows[0][k]));
  const constantKeys = NFT_ROW_KEYS.filter(isConstant);
  const varyingKeys = NFT_ROW_KEYS.filter((k) => !constantKeys.includes(k));
  const column = (k: InsertKey<typeof nfts>) => (nfts as unknown as Record<string, PgColumn>)[k];
  const typed = (keys: InsertKey<typeof nfts>[]) => keys.map((k) => `"${column(k).name}" ${column(k).getSQLType() === 'serial' ? 'integer' : column(k).getSQLType()}`);
  const pick = (r: Record<string, unknown>, keys: InsertKey<typeof nfts>[], extra: Record<string, unknown> = {}) => {
    const o: Record<string, unknown> = extra;
    for (const k of keys) o[column(k).name] = r[k] ?? null;
    return o;
  };
  const perRow = JSON.stringify(rows.map((r) => pick(r, varyingKeys, { number_prefix: r.numberPrefix, row_order: r.rowOrder })));
  const rowType = sql.raw([...typed(varyingKeys), 'number_prefix text', 'row_order integer'].join(', '));
  const shared = constantKeys.length
    ? sql` CROSS JOIN json_to_record(${JSON.stringify(pick(rows[0], constantKeys))}::json) AS k(${sql.raw(typed(constantKeys).join(', '))})`
    : sql``;
  const names = NFT_ROW_KEYS.map((k) => `"${column(k).name}"`);
  const insert = async (q: Db) => {
    const result = await q.execute(sql`WITH x AS (
        SELECT * FROM json_to_recordset(${perRow}::json) AS r(${rowType})${shared}
      ), c AS (
        INSERT INTO ${customers} (tenant_idx, country_code, phone, name, created_at, updated_at)
        SELECT DISTINCT ON (orderer_country_code, orderer_tel) tenant_idx, orderer_country_code, orderer_tel, orderer_name, created_at, updated_at
        FROM x ORDER BY orderer_country_code, orderer_tel, row_order
        ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING idx, country_code, phone
      ), n AS (
        SELECT nextval(pg_get_serial_sequence('nfts', 'idx'))::int AS idx, o.* FROM (SELECT * FROM x ORDER BY row_order) o
      )
      INSERT INTO ${nfts} (idx, nft_number, customer_idx, ${sql.raw(names.join(', '))})
      SELECT n.idx, n.number_prefix || lpad(n.idx::text, greatest(7, length(n.idx::text)), '0'), c.idx, ${sql.raw(names.map((c) => `n.${c}`).join(', '))}
      FROM n LEFT JOIN c ON c.country_code = n.orderer_country_code AND c.phone = n.orderer_tel
      ORDER BY n.idx
      ON CONFLICT (tenant_idx, batch_key, batch_row) WHERE batch_key IS NOT NULL DO NOTHING
      RETURNING idx, nft_number AS "nftNumber", batch_row AS "batchRow", nft_status AS "nftStatus"`);
    return rowsOf<{ idx: number; nftNumber: string; batchRow: number | null; nftStatus: number }>(result)
      .map((r) => ({ idx: Number(r.idx), nftNumber: r.nftNumber, batchRow: r.batchRow === null ? null : Number(r.batchRow), nftStatus: Number(r.nftStatus) }));
  };
  const strip = (list: Awaited<ReturnType<typeof insert>>) => list.map(({ idx, nftNumber, batchRow }) => ({ idx, nftNumber, batchRow }));
  if (!values.some((v) => v.nftStatus === NFT_STATUS.complete)) return strip(await insert(db));
  return db.transaction(async (tx) => {
    const inserted = await insert(tx);
    const issued = inserted.filter((r) => r.nftStatus === NFT_STATUS.complete).map((r) => r.idx);
    await queueIssuedMessages(tx, deps.messaging, deps.publicUrl, tenant.tenantIdx, issued);
    return strip(inserted);
  });
}

/** The rows of a batch (bulk key or idempotency key), in row order; [] when the key was never used. */
export async function batchRows(db: Db, tenantIdx: number, batchKey: string) {
  return db.select({ row: nfts.batchRow, idx: nfts.idx, nftNumber: nfts.nftNumber }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.batchKey, batchKey)))
    .orderBy(asc(nfts.batchRow));
}

/** PATCH: new content for an editable certificate (status, dates, customer link and number unchanged). */
export async function updateGuarantee(db: Db, tenantIdx: number, idx: number, values: NftValues, now: Date): Promise<void> {
  const { nftStatus: _s, issueAt: _a, issuedAt: _b, requestRoute: _r, nftType: _t, createdBy: _c, ...content } = values;
  void [_s, _a, _b, _r, _t, _c];
  await db.transaction(async (tx) => {
    const customerIdx = await upsertCustomers(tx, tenantIdx, [values], now);
    await tx.update(nfts).set({ ...content, customerIdx: customerIdx.get(`${values.ordererCountryCode}:${values.ordererTel}`) ?? null, updatedAt: now })
      .where(nftOf(tenantIdx, idx));
  });
}

// ---------------------------------------------------------------------------------------------
// The history list

export interface NftQuery {
  page: number;
  pageSize: number;
  searchType: NftSearchType;
  terms: string[];
  from?: string;
  to?: string;
  dateType: 'createdAt' | 'issuedAt' | 'orderedAt';
  statuses: number[];
  templateIdx?: number;
  storeIdx?: number;
  requestRoutes: string[];
  nftType: NftType;
  sort: { field: 'createdAt' | 'issuedAt' | 'ordererName'; desc: boolean };
  /** Extra scope (a customer's or a product's certificates). */
  customerIdx?: number;
  partnersProductIdx?: number;
}

/** Exact totals up to this many rows, else the planner's estimate (as products, service.ts TOTAL_CAP). */
export const TOTAL_CAP = 10_000;
const COLLECT_FIRST_MAX = 5_000;

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One search term. Names of three or more characters: `<col>_lc LIKE lower(pattern)` on the
 * trigram-indexed lower-case copies; of exactly two characters (Korean names are searched so):
 * containment of the field-prefixed bigram in search_bigrams (GIN, migrations 0010/0011), the same
 * test. Phone: its digits, contained in the stored national digits; number and order id: ILIKE on
 * their trigram indexes (migration 0008). `all` ORs them; a term shorter than three characters
 * looks only at the names there (a two-digit phone or number fragment would match nearly everything
 * and can use no index).
 */
function termCondition(searchType: NftSearchType, term: string): SQL {
  const lowered = sql`lower(${containsPattern(term)})`;
  const digits = term.replace(/\D/g, '');
  const short = [...term].length < 3;
  const bigram = (prefix: string) => ([...term].length === 2 ? sql`${nfts.searchBigrams} && ARRAY[${prefix} || lower(${term})]::text[]` : null);
  const parts: Record<Exclude<NftSearchType, 'all'>, SQL | null> = {
    ordererName: bigram('o') ?? sql`${nfts.ordererNameLc} LIKE ${lowered}`,
    productName: bigram('p') ?? sql`${nfts.productNameLc} LIKE ${lowered}`,
    ordererTel: digits ? sql`${nfts.ordererTel} LIKE ${containsPattern(digits)}` : null,
    nftNumber: sql`${nfts.nftNumber} ILIKE ${containsPattern(term)}`,
    refOrderId: sql`${nfts.refOrderId} ILIKE ${containsPattern(term)}`,
  };
  if (searchType === 'all') {
    if ([...term].length === 2) return sql`${nfts.searchBigrams} && ARRAY['o' || lower(${term}), 'p' || lower(${term})]::text[]`;
    const fields = short ? [parts.ordererName, parts.productName] : Object.values(parts);
    return or(...fields.filter((p): p is SQL => p !== null))!;
  }
  return parts[searchType] ?? sql`false`;
}

function whereOf(tenantIdx: number, q: NftQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftType, q.nftType), isNull(nfts.deletedAt)];
  if (q.terms.length) parts.push(or(...q.terms.map((term) => termCondition(q.searchType, term))));
  if (q.statuses.length) parts.push(q.statuses.length === 1 ? eq(nfts.nftStatus, q.statuses[0]) : inArray(nfts.nftStatus, q.statuses));
  if (q.templateIdx !== undefined) parts.push(eq(nfts.nftTemplateIdx, q.templateIdx));
  if (q.storeIdx !== undefined) parts.push(eq(nfts.storeIdx, q.storeIdx));
  if (q.requestRoutes.length) parts.push(q.requestRoutes.length === 1 ? eq(nfts.requestRoute, q.requestRoutes[0]) : inArray(nfts.requestRoute, q.requestRoutes));
  if (q.customerIdx !== undefined) parts.push(eq(nfts.customerIdx, q.customerIdx));
  if (q.partnersProductIdx !== undefined) parts.push(eq(nfts.partnersProductIdx, q.partnersProductIdx));
  if (q.dateType === 'orderedAt') {
    if (q.from) parts.push(gte(nfts.orderedAt, q.from));
    if (q.to) parts.push(lte(nfts.orderedAt, q.to));
  } else {
    const column = q.dateType === 'issuedAt' ? nfts.issuedAt : nfts.createdAt;
    if (q.from) parts.push(gte(column, seoulDayStart(q.from)));
    if (q.to) parts.push(lt(column, seoulDayEnd(q.to)));
  }
  return and(...parts)!;
}

const SORT_COLUMNS = { createdAt: nfts.createdAt, issuedAt: nfts.issuedAt, ordererName: nfts.ordererName };
/** The same orders as expressions no index provides: a narrow search collects its matches, then sorts them (see products). */
const UNINDEXED_SORT = {
  createdAt: sql`${nfts.createdAt} + interval '0 seconds'`,
  issuedAt: sql`${nfts.issuedAt} + interval '0 seconds'`,
  ordererName: sql`${nfts.ordererName} || ''`,
};

/** Issue date: never-issued rows last either way, matching the ASC index and the DESC NULLS LAST one (migration 0011). */
function orderOf(sort: NftQuery['sort'], collectFirst: boolean): SQL[] {
  const column = collectFirst ? UNINDEXED_SORT[sort.field] : SORT_COLUMNS[sort.field];
  if (sort.field === 'issuedAt') {
    return [sql`${column} ${sql.raw(sort.desc ? 'DESC' : 'ASC')} NULLS LAST`, sql`${nfts.idx} ${sql.raw(sort.desc ? 'DESC NULLS LAST' : 'ASC')}`];
  }
  const direction = sort.desc ? desc : asc;
  return [direction(column), direction(nfts.idx)];
}

export async function listGuarantees(db: Db, tenantIdx: number, q: NftQuery) {
  if (isUnfiltered(q)) return listUnfiltered(db, tenantIdx, q);
  const where = whereOf(tenantIdx, q);
  const estimate = await estimateRows(db, where);
  const collectFirst = estimate <= COLLECT_FIRST_MAX && (q.terms.length > 0 || q.customerIdx !== undefined || q.partnersProductIdx !== undefined);
  const [rows, total] = await Promise.all([
    selectGuarantees(db).where(where)
      .orderBy(...orderOf(q.sort, collectFirst))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, where, estimate),
  ]);
  return { list: rows.map(toGuarantee), ...total };
}

/** No search, filter or extra scope: the list as the console opens it, in any sort. */
const isUnfiltered = (q: NftQuery) =>
  !q.terms.length && !q.statuses.length && !q.requestRoutes.length && !q.from && !q.to && q.templateIdx === undefined
  && q.storeIdx === undefined && q.customerIdx === undefined && q.partnersProductIdx === undefined;

function prepareUnfiltered(db: Db, sort: NftQuery['sort']) {
  const where = and(eq(nfts.tenantIdx, sql.placeholder('tenantIdx')), eq(nfts.nftType, sql.placeholder('nftType')), isNull(nfts.deletedAt));
  const capped = db.select({ one: sql`1` }).from(nfts).where(where).limit(TOTAL_CAP + 1).as('capped');
  return {
    rows: selectGuarantees(db).where(where).orderBy(...orderOf(sort, false))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
      .prepare(`nft_list_${sort.field}_${sort.desc ? 'desc' : 'asc'}`),
    count: db.select({ n: count() }).from(capped).prepare('nft_count_unfiltered'),
  };
}
type UnfilteredQueries = ReturnType<typeof prepareUnfiltered>;
const unfilteredByDb = new WeakMap<Db, Map<string, UnfilteredQueries>>();

/**
 * The unfiltered list, its statements prepared once per database and sort (named on node-postgres,
 * so each connection plans them once), with no query building on the request path. The capped count
 * runs beside the page rather than after the planner's estimate: one round trip for a tenant of up to
 * TOTAL_CAP guarantees; above that the estimate follows, as in totalOf.
 */
async function listUnfiltered(db: Db, tenantIdx: number, q: NftQuery) {
  let byDb = unfilteredByDb.get(db);
  if (!byDb) unfilteredByDb.set(db, (byDb = new Map()));
  const key = `${q.sort.field}:${q.sort.desc}`;
  let queries = byDb.get(key);
  if (!queries) byDb.set(key, (queries = prepareUnfiltered(db, q.sort)));
  const params = { tenantIdx, nftType: q.nftType, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const [rows, [{ n }]] = await Promise.all([queries.rows.execute(params), queries.count.execute(params)]);
  const total = n <= TOTAL_CAP
    ? { total: n, totalIsEstimate: false }
    : { total: Math.max(await estimateRows(db, whereOf(tenantIdx, q)), TOTAL_CAP + 1), totalIsEstimate: true };
  return { list: rows.map(toGuarantee), ...total };
}

async function totalOf(db: Db, where: SQL, estimate: number): Promise<{ total: number; totalIsEstimate: boolean }> {
  if (estimate > TOTAL_CAP) return { total: estimate, totalIsEstimate: true };
  const capped = db.select({ one: sql`1` }).from(nfts).where(where).limit(TOTAL_CAP + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= TOTAL_CAP) return { total: n, totalIsEstimate: false };
  return { total: Math.max(estimate, TOTAL_CAP + 1), totalIsEstimate: true };
}

/** The planner's estimate of the matching rows (planning only, no scan). */
async function estimateRows(db: Db, where: SQL): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${nfts} WHERE ${where}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
