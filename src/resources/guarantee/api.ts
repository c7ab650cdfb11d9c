import { useQuery } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import { apiRequest } from '../../providers/http';
import { NFT_STATUS_LABELS, REQUEST_ROUTES, type NftStatus, type RequestRoute } from '../../domain/guarantee';
import { templateResource } from '../../domain/resources/template';
import { guaranteeResource } from '../../domain/resources/guarantee';
import { MEMBERSHIP_REQUEST_ROUTES } from '../../domain/membershipIssue';

/** The dataProvider resource of guarantees (src/dataProvider/resources.ts); list queries are renamed to search/keyword/from/to there. */
export const GUARANTEE_RESOURCE = guaranteeResource.name;
export const GUARANTEE_PATH = guaranteeResource.route;
export const NFT_API = guaranteeResource.apiPath;
export const guaranteePath = (idx: RaRecord['id']) => `${GUARANTEE_PATH}/${idx}`;
export const guaranteeEditPath = (idx: RaRecord['id']) => `${GUARANTEE_PATH}/edit/${idx}`;

/** A certificate as the API answers it (notes/nft-contract.md, row shape; the detail adds certificateUrl and usedCount). */
export interface Guarantee extends RaRecord {
  idx: number;
  nftNumber: string;
  nftType: string;
  nftTemplateIdx: number | null;
  nftCardName: string | null;
  nftStatus: number;
  nftStatusName?: string | null;
  requestRoute: string;
  customerIdx: number | null;
  ordererName: string;
  ordererTel: string;
  ordererCountryCode: string;
  orderedAt: string | null;
  refOrderId: string | null;
  storeIdx: number | null;
  storeName: string | null;
  brandIdx: number | null;
  brandName: string | null;
  partnersProductIdx: number | null;
  productName: string | null;
  warrantyDate: string | null;
  price: number | null;
  paymentAmount: number | null;
  productCode: string | null;
  productImage: { path: string | null; url: string } | string | null;
  modelNumber: string | null;
  categoryCode: number | null;
  categoryName: string | null;
  material: string | null;
  size: string | null;
  weight: string | null;
  customField: Record<string, string> | string | null;
  issueAt: string | null;
  issuedAt: string | null;
  canceledAt: string | null;
  cancelReason: string | null;
  cancelDetail: string | null;
  createdAt: string;
  updatedAt: string;
  certificateUrl?: string | null;
  usedCount?: number;
  /** Memberships (issue 11): the card's end, its stop, points, and its statuses. */
  expiresAt?: string | null;
  stoppedAt?: string | null;
  pointAmount?: number | null;
  membershipStatus?: 'issuing' | 'expired' | 'stop';
  membershipStatusName?: string;
  customerStatus?: string;
  customerStatusName?: string;
}

export interface Store {
  idx: number;
  name: string;
  tag?: string | null;
  pinned?: 'Y' | 'N';
}

export interface TemplateOption {
  idx: number;
  nftCardName: string;
  isMain: boolean;
  status: string;
  templateType: string;
}

export interface TemplateFields {
  nftCustomFields: { name: string; value?: string }[];
  nftCustomContents?: { title: string; contents: string }[];
  useFieldMaterial: 'Y' | 'N';
  useFieldSize: 'Y' | 'N';
  useFieldWeight: 'Y' | 'N';
  useNftProdImage: 'Y' | 'N';
}

export interface UseRecord {
  idx: number;
  usedAt: string;
  memo: string | null;
  /** The account that recorded the use; the history shows its name (처리자), never the id. */
  usedBy: number | null;
  usedByName: string | null;
}

const listOf = <T>(data: { list?: T[] } | T[] | null | undefined): T[] => (Array.isArray(data) ? data : (data?.list ?? []));

/** GET /v1/admin/store/list: the tenant's stores for the select and the filter. */
export function useStoreList(enabled = true) {
  return useQuery({
    queryKey: ['guarantee', 'store-list'],
    queryFn: () => apiRequest<{ list: Store[] }>('/v1/admin/store/list').then(listOf),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** GET /v1/admin/nft-template/list: the guarantee templates for the issue form (active and stopped). */
export function useTemplateList(enabled = true) {
  return useQuery({
    queryKey: ['guarantee', 'template-list'],
    queryFn: () => apiRequest<{ list: TemplateOption[] }>(`${templateResource.apiPath}/list`, { query: { templateType: 'GUARANTEE' } }).then(listOf),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** GET /v1/admin/nft-template/{id}/nft/field: which optional inputs the template shows and its custom fields. */
export function useTemplateFields(templateIdx: number | null | undefined) {
  return useQuery({
    queryKey: ['guarantee', 'template-fields', templateIdx],
    queryFn: () => apiRequest<TemplateFields>(`${templateResource.apiPath}/${encodeURIComponent(String(templateIdx))}/nft/field`),
    enabled: typeof templateIdx === 'number' && templateIdx > 0,
    retry: false,
    staleTime: 60_000,
  });
}

const idPath = (idx: RaRecord['id']) => `${NFT_API}/${encodeURIComponent(String(idx))}`;

/** PATCH /nft/complete/bulk, /nft/cancel/bulk and DELETE /nft/bulk: all-or-nothing; a 409 names the refused ones in `errors`. */
export const bulkComplete = (ids: RaRecord['id'][], api = NFT_API) => apiRequest<{ nftIdxList: number[] }>(`${api}/complete/bulk`, { method: 'PATCH', body: { nftIdxList: ids.map(Number) } });
export const bulkCancel = (ids: RaRecord['id'][], api = NFT_API) => apiRequest<{ nftIdxList: number[] }>(`${api}/cancel/bulk`, { method: 'PATCH', body: { nftIdxList: ids.map(Number) } });
export const bulkDelete = (ids: RaRecord['id'][], api = NFT_API) => apiRequest<{ nftIdxList: number[] }>(`${api}/bulk`, { method: 'DELETE', body: { nftIdxList: ids.map(Number) } });
/** PATCH <membership API>/stop/bulk: issued memberships stopped, all or nothing (409 names the refused ones). */
export const bulkStop = (ids: RaRecord['id'][], api = NFT_API) => apiRequest<{ nftIdxList: number[] }>(`${api}/stop/bulk`, { method: 'PATCH', body: { nftIdxList: ids.map(Number) } });
/** PATCH /nft/cancel/{id}: cancels one issued certificate (3, 4). */
export const cancelOne = (idx: RaRecord['id']) => apiRequest<Guarantee>(`${NFT_API}/cancel/${encodeURIComponent(String(idx))}`, { method: 'PATCH', body: {} });
/** DELETE /nft/{id}. */
export const deleteOne = (idx: RaRecord['id']) => apiRequest<unknown>(idPath(idx), { method: 'DELETE' });
/** POST /nft/pending/cancel-reason: pending (5) certificates to cancelled with a reason. */
export const cancelPending = (body: { nftIdxList: number[]; reason: string; detail?: string | null }) =>
  apiRequest<unknown>(`${NFT_API}/pending/cancel-reason`, { method: 'POST', body });
/** GET /nft/{id}/qrs: the public certificate link and its QR as SVG. */
export const fetchQrs = (idx: RaRecord['id']) => apiRequest<{ list: { url: string; svg: string }[] }>(`${idPath(idx)}/qrs`).then(listOf);
/** GET /nft/{id}/used: the certificate's uses. */
export const fetchUses = (idx: RaRecord['id']) => apiRequest<{ list: UseRecord[]; total: number }>(`${idPath(idx)}/used`);
/** POST /nft/used: records one use of an issued certificate. */
export const recordUse = (idx: RaRecord['id'], memo?: string) => apiRequest<UseRecord>(`${NFT_API}/used`, { method: 'POST', body: { nftIdx: Number(idx), ...(memo ? { memo } : {}) } });

export const statusLabel = (status: number) => NFT_STATUS_LABELS[status as NftStatus] ?? String(status);
export const routeLabel = (route: string | null | undefined) =>
  (route ? ((MEMBERSHIP_REQUEST_ROUTES as Record<string, string>)[route] ?? REQUEST_ROUTES[route as RequestRoute] ?? route) : '');

/** The chip colour of a status: issued green, waiting blue, cancelled grey, draft/reserved amber. */
export function statusColor(status: number): 'success' | 'info' | 'default' | 'warning' | 'secondary' {
  switch (status) {
    case 3:
    case 4:
      return 'success';
    case 5:
      return 'secondary';
    case 1:
    case 2:
      return 'info';
    case 7:
    case 11:
      return 'warning';
    default:
      return 'default';
  }
}

/** '01012345678' → '010-1234-5678' for Korean numbers; other countries as '+CC number'. */
export function phoneText(tel: string | null | undefined, countryCode: string | null | undefined): string {
  if (!tel) return '';
  const digits = tel.replace(/\D/g, '');
  if (!countryCode || countryCode === '82') {
    if (/^02\d{7,8}$/.test(digits)) return digits.replace(/^(02)(\d{3,4})(\d{4})$/, '$1-$2-$3');
    if (/^0\d{9,10}$/.test(digits)) return digits.replace(/^(0\d{2})(\d{3,4})(\d{4})$/, '$1-$2-$3');
    return tel;
  }
  return `+${countryCode} ${tel}`;
}

/** The image URL of a row (an uploaded file's {path,url} or an external URL string). */
export const imageUrlOf = (image: Guarantee['productImage']): string | null => (image ? (typeof image === 'string' ? image : image.url) : null);

/** The custom field values of a row as pairs (stored as an object or a JSON string). */
export function customFieldsOf(value: Guarantee['customField']): [string, string][] {
  if (!value) return [];
  let obj: unknown = value;
  if (typeof value === 'string') {
    try {
      obj = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return [];
  return Object.entries(obj as Record<string, unknown>).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]);
}
