import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ValidationError } from 'yup';
import type { Db } from '../../db/client';
import { estimateRows, totalOf } from '../../db/listTotals';
import { brands, productBatches, products, uploads } from '../../db/schema';
import { PRODUCT_CATEGORIES, PRODUCT_MSG, type ProductCategoryCode } from '../../../src/domain/product';
import { productSchema, type ProductInput, type ProductSearchType, type ProductSortField } from '../../../src/domain/resources/product';
import { FIELD_MSG } from '../../../src/domain/messages';
import { toFieldErrors } from '../../../src/domain/validation/account';
import type { FieldErrors } from '../../../src/domain/errors';
import type { BulkOutcome, BulkRowFailure } from '../../../src/domain/bulkOutcome';
import { STORAGE_KEY, mediaUrl } from '../../providers/storage';

/**
 * The product catalogue of one tenant. Every query is scoped to `tenant_idx = tenantIdx`, so
 * another tenant's idx is simply not found.
 */
export interface Tenant {
  tenantIdx: number;
  adminIdx: number;
  b2bType: 'brand' | 'cooperator' | null;
}

const columns = {
  idx: products.idx,
  brandIdx: products.brandIdx,
  brandName: brands.name,
  name: products.name,
  code: products.code,
  barcode: products.barcode,
  modelNum: products.modelNum,
  price: products.price,
  paymentAmount: products.paymentAmount,
  warranty: products.warranty,
  categoryCode: products.categoryCode,
  material: products.material,
  size: products.size,
  weight: products.weight,
  imagePath: products.imagePath,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
type Row = {
  idx: number; brandIdx: number; brandName: string | null; name: string; code: string | null; barcode: string | null;
  modelNum: string | null; price: number | null; paymentAmount: number | null; warranty: string | null;
  categoryCode: number | null; material: string | null; size: string | null; weight: string | null;
  imagePath: string | null; createdAt: Date; updatedAt: Date;
};

export function toProduct(r: Row) {
  const { imagePath, ...rest } = r;
  return {
    ...rest,
    categoryName: r.categoryCode ? (PRODUCT_CATEGORIES[r.categoryCode as ProductCategoryCode] ?? null) : null,
    productImage: imagePath ? { path: imagePath, url: mediaUrl(imagePath) } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type Product = ReturnType<typeof toProduct>;

const selectProducts = (db: Db) =>
  db.select(columns).from(products)
    .leftJoin(brands, and(eq(brands.tenantIdx, products.tenantIdx), eq(brands.idx, products.brandIdx)));

const productOf = (tenantIdx: number, idx: number) => and(eq(products.tenantIdx, tenantIdx), eq(products.idx, idx));

export async function getProduct(db: Db, tenantIdx: number, idx: number): Promise<Product | null> {
  const [row] = await selectProducts(db).where(productOf(tenantIdx, idx)).limit(1);
  return row ? toProduct(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Validation: the domain's productSchema plus the rules that need the database (brand, image).

/** The tenant's brands, idx → name. */
export async function tenantBrands(db: Db, tenantIdx: number): Promise<Map<number, string>> {
  const rows = await db.select({ idx: brands.idx, name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx));
  return new Map(rows.map((r) => [r.idx, r.name]));
}

/** Of these image paths, those that are not a ready upload of the tenant. */
async function unknownImages(db: Db, tenantIdx: number, paths: string[]): Promise<Set<string>> {
  const wanted = [...new Set(paths)];
  const bad = new Set(wanted.filter((p) => !STORAGE_KEY.test(p) || !p.startsWith(`${tenantIdx}/`)));
  const candidates = wanted.filter((p) => !bad.has(p));
  if (candidates.length) {
    const found = await db.select({ path: uploads.path }).from(uploads)
      .where(and(eq(uploads.tenantIdx, tenantIdx), inArray(uploads.path, candidates), eq(uploads.status, 'ready')));
    const ok = new Set(found.map((r) => r.path));
    for (const p of candidates) if (!ok.has(p)) bad.add(p);
  }
  return bad;
}

export type ProductValues = Omit<typeof products.$inferInsert, 'tenantIdx' | 'idx' | 'createdAt' | 'updatedAt' | 'createdBy'>;

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

function toValues(form: ProductInput, brandIdx: number): ProductValues {
  return {
    brandIdx,
    name: form.name,
    code: blankToNull(form.code),
    barcode: blankToNull(form.barcode),
    modelNum: blankToNull(form.modelNum),
    price: form.price ?? null,
    paymentAmount: form.paymentAmount ?? null,
    warranty: blankToNull(form.warranty),
    categoryCode: form.categoryCode ?? null,
    material: blankToNull(form.material),
    size: blankToNull(form.size),
    weight: blankToNull(form.weight),
    imagePath: blankToNull(form.productImage),
  };
}

/** The context of productSchema for a tenant: a cooperator must name a brand. */
export const productSchemaContext = (tenant: Tenant) => ({ requireBrand: tenant.b2bType === 'cooperator' });

/**
 * Validates product inputs (one form or the rows of a bulk request) with productSchema and the
 * brand rule: a cooperator must name a brand (context requireBrand), a brand-type account gets
 * its own first brand when none is sent, and a brand that is not the tenant's is refused.
 * Errors are keyed `<prefix(i)><field>`; returns the values to write when there are none.
 */
export async function validateProducts(
  db: Db, tenant: Tenant, inputs: unknown[], prefix: (i: number) => string, opts: { keepImage?: string | null } = {},
): Promise<{ values: ProductValues[]; rows: number[]; errors: FieldErrors }> {
  const { requireBrand } = productSchemaContext(tenant);
  const brandMap = await tenantBrands(db, tenant.tenantIdx);
  const defaultBrand = requireBrand ? undefined : [...brandMap.keys()][0];
  const errors: FieldErrors = {};
  const forms: (ProductInput | null)[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      forms.push(await productSchema.validate(input ?? {}, { abortEarly: false, stripUnknown: true, context: { requireBrand } }));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const [field, message] of Object.entries(toFieldErrors(err))) errors[`${prefix(i)}${field}`] = message;
      forms.push(null);
    }
  }
  const images = forms.map((f) => blankToNull(f?.productImage)).filter((p): p is string => p !== null && p !== opts.keepImage);
  const badImages = images.length ? await unknownImages(db, tenant.tenantIdx, images) : new Set<string>();
  const values: ProductValues[] = [];
  const rows: number[] = [];
  forms.forEach((form, i) => {
    if (!form) return;
    const before = Object.keys(errors).length;
    const brandIdx = form.brandIdx ?? defaultBrand;
    if (brandIdx === undefined || brandIdx === null) errors[`${prefix(i)}brandIdx`] = PRODUCT_MSG.brandRequired;
    else if (!brandMap.has(brandIdx)) errors[`${prefix(i)}brandIdx`] = FIELD_MSG.brandInvalid;
    const image = blankToNull(form.productImage);
    if (image && badImages.has(image)) errors[`${prefix(i)}productImage`] = FIELD_MSG.productImageInvalid;
    if (brandIdx && Object.keys(errors).length === before) {
      values.push(toValues(form, brandIdx));
      rows.push(i);
    }
  });
  return { values, rows, errors };
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function createProduct(db: Db, tenant: Tenant, values: ProductValues, now: Date): Promise<Product> {
  const [{ idx }] = await db.insert(products)
    .values({ ...values, tenantIdx: tenant.tenantIdx, createdBy: tenant.adminIdx, createdAt: now, updatedAt: now })
    .returning({ idx: products.idx });
  return (await getProduct(db, tenant.tenantIdx, idx))!;
}

export async function updateProduct(db: Db, tenantIdx: number, idx: number, values: ProductValues, now: Date): Promise<Product | null> {
  const [row] = await db.update(products).set({ ...values, updatedAt: now }).where(productOf(tenantIdx, idx)).returning({ idx: products.idx });
  return row ? getProduct(db, tenantIdx, idx) : null;
}

export async function deleteProduct(db: Db, tenantIdx: number, idx: number): Promise<boolean> {
  const rows = await db.delete(products).where(productOf(tenantIdx, idx)).returning({ idx: products.idx });
  return rows.length > 0;
}

/** All or nothing: deletes every listed product of the tenant, or none when any is not the tenant's. */
export async function deleteProducts(db: Db, tenantIdx: number, idxList: number[]): Promise<boolean> {
  const wanted = [...new Set(idxList)];
  const marker = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.delete(products)
        .where(and(eq(products.tenantIdx, tenantIdx), inArray(products.idx, wanted)))
        .returning({ idx: products.idx });
      if (rows.length !== wanted.length) throw marker;
    });
    return true;
  } catch (err) {
    if (err === marker) return false;
    throw err;
  }
}

export async function removeImage(db: Db, tenantIdx: number, idx: number, now: Date): Promise<Product | null> {
  const [row] = await db.update(products).set({ imagePath: null, updatedAt: now }).where(productOf(tenantIdx, idx)).returning({ idx: products.idx });
  return row ? getProduct(db, tenantIdx, idx) : null;
}

export type BatchResult = BulkOutcome<{ row: number; idx: number }>;

/** The stored result of a batch, or null when the batch key was never used by this tenant. */
export async function batchResult(db: Db, tenantIdx: number, batchKey: string): Promise<BatchResult | null> {
  const [row] = await db.select({ result: productBatches.result }).from(productBatches)
    .where(and(eq(productBatches.tenantIdx, tenantIdx), eq(productBatches.batchKey, batchKey))).limit(1);
  // A batch stored before issue 23 registered every row and kept no `failed`.
  return row?.result ? { list: row.result.list, failed: row.result.failed ?? [] } : null;
}

/**
 * Inserts the rows that passed (`rows`: each one's index in the chunk) in one transaction with one
 * multi-row INSERT, and stores them with the refused rows (`failed`), idempotent on batchKey:
 * the batch row is claimed first (`ON CONFLICT DO NOTHING` on its primary key). A concurrent
 * request with the same key blocks on that key until the first commits, then finds the key taken
 * and answers the stored result: two identical requests insert once. Idx values are drawn from
 * the sequence beforehand, so row i maps to its idx without relying on RETURNING order.
 */
export async function createBatch(
  db: Db, tenant: Tenant, batchKey: string, chunk: { values: ProductValues[]; rows: number[]; failed: BulkRowFailure[] }, now: Date,
): Promise<{ created: boolean; result: BatchResult }> {
  const { values, rows, failed } = chunk;
  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx.insert(productBatches).values({ tenantIdx: tenant.tenantIdx, batchKey, result: null, createdAt: now })
      .onConflictDoNothing().returning({ batchKey: productBatches.batchKey });
    if (!claimed.length) return null;
    let idxList: number[] = [];
    if (values.length) {
      const ids = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('products', 'idx'))::int AS idx FROM generate_series(1, ${values.length}::int)`);
      idxList = rowsOf<{ idx: number }>(ids).map((r) => Number(r.idx));
      await tx.insert(products).values(values.map((v, i) => ({
        ...v, idx: idxList[i], tenantIdx: tenant.tenantIdx, createdBy: tenant.adminIdx, createdAt: now, updatedAt: now,
      })));
    }
    const result: BatchResult = { list: idxList.map((idx, i) => ({ row: rows[i], idx })), failed };
    await tx.update(productBatches).set({ result })
      .where(and(eq(productBatches.tenantIdx, tenant.tenantIdx), eq(productBatches.batchKey, batchKey)));
    return result;
  });
  if (outcome) return { created: true, result: outcome };
  const stored = await batchResult(db, tenant.tenantIdx, batchKey);
  if (!stored) throw new Error(`batch ${batchKey} is claimed but has no result`);
  return { created: false, result: stored };
}

/** Rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

// ---------------------------------------------------------------------------------------------
// The list

export interface ProductQuery {
  page: number;
  pageSize: number;
  searchType: ProductSearchType;
  terms: string[];
  brandIdx?: number;
  categoryCodes: number[];
  from?: Date;
  to?: Date;
  sort: { field: ProductSortField; desc: boolean };
}

/** The lower-case copies searched per search type (see the products table in db/schema.ts). */
const SEARCH_COLUMNS = {
  all: [products.nameLc, products.codeLc, products.barcodeLc],
  name: [products.nameLc],
  code: [products.codeLc],
  barcode: [products.barcodeLc],
} as const;

/** A term as an ILIKE contains-pattern, its wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Field prefixes of products.search_bigrams (migration 0005). */
const BIGRAM_PREFIX = { name: ['n'], code: ['c'], barcode: ['b'], all: ['n', 'c', 'b'] } as const;

/**
 * One search term on the chosen fields. Three or more characters: `<col>_lc LIKE lower(pattern)`
 * on the trigram-indexed lower-case copies (lower() of the pattern runs once, in the database, so
 * it folds case exactly as the generated columns do: the same matches as ILIKE). Exactly two
 * characters: containment of the field-prefixed bigram in search_bigrams, which is the same test
 * ("the field contains these two characters") and uses its GIN index. One character: LIKE, a scan.
 */
function termCondition(searchType: ProductSearchType, term: string): SQL {
  if ([...term].length === 2) {
    const keys = BIGRAM_PREFIX[searchType].map((prefix) => sql`${prefix} || lower(${term})`);
    return sql`${products.searchBigrams} && ARRAY[${sql.join(keys, sql`, `)}]::text[]`;
  }
  const pattern = sql`lower(${containsPattern(term)})`;
  return or(...SEARCH_COLUMNS[searchType].map((column) => sql`${column} LIKE ${pattern}`))!;
}

function whereOf(tenantIdx: number, q: ProductQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(products.tenantIdx, tenantIdx)];
  if (q.terms.length) {
    parts.push(or(...q.terms.map((term) => termCondition(q.searchType, term))));
  }
  if (q.brandIdx !== undefined) parts.push(eq(products.brandIdx, q.brandIdx));
  if (q.categoryCodes.length) parts.push(inArray(products.categoryCode, q.categoryCodes));
  if (q.from) parts.push(gte(products.createdAt, q.from));
  if (q.to) parts.push(lt(products.createdAt, q.to));
  return and(...parts)!;
}

const SORT_COLUMNS = { createdAt: products.createdAt, name: products.name, price: products.price };
/**
 * The same orders as expressions no index provides. A search the planner expects to match at most
 * COLLECT_FIRST_MAX rows is sorted after collecting its matches (trigram/bigram bitmap, then top-N sort), never by walking
 * the order's btree and filtering: that walk reads the whole tenant when the estimate is too high
 * for a term that matches little or nothing.
 */
const COLLECT_FIRST_MAX = 5_000;
const UNINDEXED_SORT = {
  createdAt: sql`${products.createdAt} + interval '0 seconds'`,
  name: sql`${products.name} || ''`,
  price: sql`${products.price} + 0`,
};

export async function listProducts(db: Db, tenantIdx: number, q: ProductQuery) {
  const where = whereOf(tenantIdx, q);
  const estimate = await estimateRows(db, products, where);
  const collectFirst = q.terms.length > 0 && estimate <= COLLECT_FIRST_MAX;
  const column = collectFirst ? UNINDEXED_SORT[q.sort.field] : SORT_COLUMNS[q.sort.field];
  const direction = q.sort.desc ? desc : asc;
  const [rows, total] = await Promise.all([
    selectProducts(db).where(where)
      .orderBy(direction(column), direction(products.idx))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, products, where, estimate),
  ]);
  return { list: rows.map(toProduct), ...total };
}


