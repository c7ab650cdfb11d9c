import { and, asc, eq, inArray } from 'drizzle-orm';
import { ValidationError } from 'yup';
import type { Db } from '../../db/client';
import { brands, nftTemplates, nfts, products, stores } from '../../db/schema';
import { DEFAULT_COUNTRY_CODE, GUARANTEE_API_MSG, GUARANTEE_MSG, NFT_STATUS, TEMPLATE_MSG, castGuaranteeInput, normalizePhone, productNameDiffers, type NftType } from '../../../src/domain/guarantee';
import { guaranteeSchema, type GuaranteeInput } from '../../../src/domain/resources/guarantee';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../../src/domain/product';
import { FIELD_MSG } from '../../../src/domain/messages';
import { addDays, seoulDate, seoulDayStart } from '../../../src/domain/seoulDay';
import { toFieldErrors } from '../../../src/domain/validation/account';
import type { FieldErrors } from '../../../src/domain/errors';
import type { Tenant } from '../products/service';
import { applyMembershipRules, withMembershipCardNames } from '../memberships/issueRules';

/**
 * Issuing, single and bulk: each input checked with guaranteeSchema, then against the tenant's
 * brands, stores, products (by idx or model number) and templates, giving the values to insert
 * (./write.ts) and the errors keyed as sent.
 */

export type { Tenant };

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
 * by model number. Errors are keyed `<prefix(i)><field>`; returns the values of the rows that pass,
 * with each one's index in `inputs` (`rows`), so a bulk chunk can write them and name the others.
 */
export async function prepareIssues(
  db: Db, tenant: Tenant, inputs: unknown[], prefix: (i: number) => string, opts: IssueOptions, now: Date,
): Promise<{ values: NftValues[]; rows: number[]; errors: FieldErrors; codes: Record<string, string> }> {
  const requireBrand = tenant.b2bType === 'cooperator';
  const errors: FieldErrors = {};
  // Memberships (issue 11): the card's name stands for the product unless one is given.
  if (opts.nftType === 'MEMBERSHIP') inputs = await withMembershipCardNames(db, tenant.tenantIdx, inputs);
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
  const valueRows: number[] = [];
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
    valueRows.push(i);
  });
  // Memberships: one per template and customer, the template's and its coupons' ends, the card's end and points.
  if (opts.nftType === 'MEMBERSHIP') {
    const codes: Record<string, string> = {};
    const kept = await applyMembershipRules(db, tenant.tenantIdx, values, valueRows, prefix, errors, codes, now, { checkHeld: !opts.keepStatus });
    return { ...kept, errors, codes };
  }
  return { values, rows: valueRows, errors, codes: {} };
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
