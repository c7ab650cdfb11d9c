import type { Identifier, RaRecord } from 'react-admin';
import { apiRequest, ApiRequestError } from '../../providers/http';
import { AS_ACTIONS, type AsAction, type AsStatus, type AsType } from '../../domain/afterService';
import { AS_REQUEST_RESOURCES } from '../../domain/resources/asRequest';

/** The dataProvider resource, API path and console route of a kind (src/domain/resources/asRequest.ts). */
export const asResource = (type: AsType) => AS_REQUEST_RESOURCES[type].name;
export const asApi = (type: AsType) => AS_REQUEST_RESOURCES[type].apiPath;
export const asRoute = (type: AsType) => AS_REQUEST_RESOURCES[type].route;
export const asDetailPath = (type: AsType, idx: Identifier) => `${asRoute(type)}/${idx}`;

/** A history row (GET /v1/admin/{type}). */
export interface AsRow extends RaRecord {
  idx: number;
  type: AsType;
  status: AsStatus;
  nftIdx: number | null;
  nftNumber: string | null;
  productName: string | null;
  customerName: string | null;
  receiverName: string | null;
  receiverPhone: string | null;
  categoryName?: string | null;
  optionName?: string | null;
  partnerName: string | null;
  preEstimateAmount: number | null;
  estimateAmount: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface AsEvent {
  action: string;
  fromStatus: AsStatus | null;
  toStatus: AsStatus;
  actorName: string | null;
  actorType: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

/** The detail (GET /v1/admin/{type}/{id}): the row plus the request, the address, images, the stage history and what the caller may do now. */
export interface AsDetail extends AsRow {
  requestMessage: string | null;
  receiverZipCode: string | null;
  receiverAddress1: string | null;
  receiverAddress2: string | null;
  /** Upload paths, and their display URLs in the same order. */
  images: string[];
  imageUrls: string[];
  completeImages: string[];
  completeImageUrls: string[];
  estimateComment: string | null;
  cancelReason: string | null;
  courier: string | null;
  trackingNumber: string | null;
  partnersMemo: string | null;
  events: AsEvent[];
  actions: string[];
}

/** The workflow actions the answer offers, in the workflow's order (unknown names are ignored). */
export const offeredActions = (detail: Pick<AsDetail, 'actions'>): AsAction[] => AS_ACTIONS.filter((a) => (detail.actions ?? []).includes(a));

const id = (idx: Identifier) => encodeURIComponent(String(idx));

/** The call of each action (docs/api/afterService.md): complete and cancel put the id after the action. */
export function actionPath(type: AsType, action: AsAction, idx: Identifier): string {
  return action === 'complete' || action === 'cancel' ? `${asApi(type)}/${action}/${id(idx)}` : `${asApi(type)}/${id(idx)}/${action}`;
}

export const moveRequest = (type: AsType, action: AsAction, idx: Identifier, body: Record<string, unknown> = {}) =>
  apiRequest<AsDetail>(actionPath(type, action, idx), { method: 'PATCH', body });

/** PATCH /v1/admin/{type}/complete/bulk and /cancel/bulk: all or nothing; a 409 names each refused idx. */
export const bulkMove = (type: AsType, action: 'complete' | 'cancel', ids: Identifier[], reason?: string) =>
  apiRequest<unknown>(`${asApi(type)}/${action}/bulk`, { method: 'PATCH', body: { repairIdxList: ids.map(Number), ...(reason === undefined ? {} : { reason }) } });

export const savePartnersMemo = (type: AsType, idx: Identifier, partnersMemo: string) =>
  apiRequest<AsDetail>(`${asApi(type)}/${id(idx)}/memo`, { method: 'PATCH', body: { partnersMemo } });

/** A refused row of a bulk 409: its idx (from the error's key, e.g. `repairIdxList.12`) and the message. */
export interface RefusedRow {
  idx: string;
  message: string;
}

/** The refused rows of a 409 answer, or null for other failures. */
export function refusedRowsOf(err: unknown): RefusedRow[] | null {
  if (!(err instanceof ApiRequestError) || err.status !== 409) return null;
  const rows = Object.entries(err.errors ?? {}).map(([key, message]) => ({ idx: /(\d+)\D*$/.exec(key)?.[1] ?? key, message: String(message) }));
  return rows.length ? rows : [{ idx: '', message: err.message }];
}
