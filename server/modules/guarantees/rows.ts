import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, nftTemplates, nfts, nftUses } from '../../db/schema';
import { NFT_STATUS_LABELS, type NftStatus, type NftType } from '../../../src/domain/guarantee';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../../src/domain/product';
import { seoulDate } from '../../../src/domain/seoulDay';
import { mediaUrl } from '../../providers/storage';
import { certificateUrl } from '../certificates/url';
import { inputFields } from '../../../src/domain/resource';
import { guaranteeResource } from '../../../src/domain/resources/guarantee';

/**
 * A certificate (nft) of one tenant as the API shows it: its number, its columns and reading one.
 * Every query is scoped to `tenant_idx`, so another tenant's idx is simply not found.
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

/** The certificate as an issue input (the definition's input fields, the image as it is sent), so a PATCH can send only what changes. */
export function issueInputOf(g: Guarantee): Record<string, unknown> {
  const stored = g as unknown as Record<string, unknown>;
  return {
    ...Object.fromEntries(inputFields(guaranteeResource).map(([source]) => [source, stored[source]])),
    productImage: g.productImage ? (g.productImage.path ?? g.productImage.url) : null,
    customField: g.customField,
  };
}
