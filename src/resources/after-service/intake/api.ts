import { signedUpload } from '../../../framework/image/signedUpload';
import type { AsRequestInput } from '../../../domain/afterService';
import { apiRequest } from '../../../providers/http';
import { guaranteeResource } from '../../../domain/resources/guarantee';
import { customerResource } from '../../../domain/resources/customer';

/** The intake's calls (docs/api/afterService.md; certificates and customers are their own areas' APIs). */

export const INTAKE_PATH = '/b2b/after-service/request';

/** A certificate as the intake shows and copies it. */
export interface IntakeCertificate {
  idx: number;
  nftNumber: string;
  productName: string;
  ordererName: string;
  ordererTel: string;
  ordererCountryCode: string;
}

export interface IntakeCustomer {
  customerIdx: number;
  customerName: string;
  customerPhone: string;
  countryCode: string;
}

const NFT = guaranteeResource.apiPath;
const PICK_PAGE_SIZE = 10;

export const intakeApi = {
  certificate: (idx: number, signal?: AbortSignal) => apiRequest<IntakeCertificate>(`${NFT}/${idx}`, { signal }),
  certificates: (keyword: string, signal?: AbortSignal) =>
    apiRequest<{ list: IntakeCertificate[]; total: number }>(NFT, { query: { page: 1, pageSize: PICK_PAGE_SIZE, search: 'all', keyword }, signal }),
  customers: (keyword: string, signal?: AbortSignal) =>
    apiRequest<{ list: IntakeCustomer[]; total: number }>(customerResource.apiPath, { query: { page: 1, pageSize: PICK_PAGE_SIZE, searchTarget: 'all', searchKeyword: keyword }, signal }),
  /** The issue request of an intake without a certificate (status 1, no issue message). */
  requestGuarantee: (body: Record<string, unknown>, idempotencyKey: string) =>
    apiRequest<IntakeCertificate>(NFT, { method: 'POST', body: { ...body, nftStatus: 'request', requestRoute: 'product' }, headers: { 'Idempotency-Key': idempotencyKey } }),
  create: (body: AsRequestInput, idempotencyKey: string) =>
    apiRequest<{ idx: number }>('/v1/admin/repair', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
};

/** One intake photo through the A/S signed upload (src/framework/image/signedUpload.ts). Resolves to the path the request sends. */
export async function uploadIntakeImage(nftIdx: number, file: File): Promise<string> {
  const image = await signedUpload(
    file,
    (ext) => apiRequest<{ uploadUrl: string; path: string }>('/v1/admin/repair/image', { method: 'POST', body: { nftIdx, ext } }),
    '/v1/admin/repair/image/confirm',
  );
  return image.path;
}

/** A key per submit attempt's content, so a retried submit creates neither a second certificate nor a second request. */
export const newIdempotencyKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');
