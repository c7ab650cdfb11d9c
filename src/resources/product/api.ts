import { useQuery } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import { apiRequest, ApiRequestError } from '../../providers/http';
import { formatWon } from '../../domain/format';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../domain/product';
import { productResource } from '../../domain/resources/product';

/** The dataProvider resource and the route of products, from their definition (src/domain/resources/product.ts). */
export const PRODUCT_RESOURCE = productResource.name;
export const PRODUCT_PATH = productResource.route;
export const productPath = (idx: RaRecord['id']) => `${PRODUCT_PATH}/${idx}`;
export const productEditPath = (idx: RaRecord['id']) => `${PRODUCT_PATH}/edit/${idx}`;

/** A product as the API answers it (docs/api-contract.md, "Products"). */
export interface Product extends RaRecord {
  idx: number;
  brandIdx: number | null;
  brandName: string | null;
  name: string;
  code: string | null;
  barcode: string | null;
  modelNum: string | null;
  price: number | null;
  paymentAmount: number | null;
  warranty: string | null;
  categoryCode: number | null;
  categoryName: string | null;
  material: string | null;
  size: string | null;
  weight: string | null;
  productImage: { path: string; url: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface Brand {
  idx: number;
  name: string;
  englishName?: string | null;
}

/** The tenant's brands (GET /v1/admin/brand/list), for the brand select and filter. */
export function useBrandList(enabled = true) {
  return useQuery({
    queryKey: ['product', 'brand-list'],
    queryFn: () => apiRequest<{ list: Brand[] }>('/v1/admin/brand/list').then((r) => r?.list ?? []),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export const categoryName = (p: Pick<Product, 'categoryCode' | 'categoryName'>): string =>
  p.categoryName ?? (p.categoryCode ? (PRODUCT_CATEGORIES[p.categoryCode as ProductCategoryCode] ?? '') : '');

/** Product and guarantee screens leave a missing price blank rather than dashed. */
export const won = (n: number | null | undefined): string => formatWon(n, '');

/** Date columns show the Seoul day (the day the API filters on), whatever the browser's zone. */
export { seoulDate, seoulDateTime } from '../../domain/seoulDay';

export interface UploadedFile {
  path: string;
  url: string;
  signedUrl?: string;
}

/** POST /v1/file/upload, multipart field `file` → `{ path, url }`. Throws ApiRequestError on refusal. */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const data = await apiRequest<UploadedFile | undefined>('/v1/file/upload', { method: 'POST', body });
  if (!data?.path) throw new ApiRequestError(500, {});
  return data;
}

/** DELETE <apiPath>/{id}/image: detaches the saved image. */
export function removeProductImage(idx: RaRecord['id']): Promise<Product> {
  return apiRequest<Product>(`${productResource.apiPath}/${encodeURIComponent(String(idx))}/image`, { method: 'DELETE' });
}
