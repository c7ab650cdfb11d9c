import type { Identifier } from 'react-admin';
import { apiRequest } from '../../../providers/http';
import type { AsType } from '../../../domain/afterService';

/** A request's memo (GET /v1/admin/memo/{type}/{id}); `mine`: the caller wrote it, so may edit and delete it. */
export interface AsMemo {
  idx: number;
  memo: string;
  authorName: string | null;
  authorType: string | null;
  createdAt: string;
  updatedAt: string;
  mine: boolean;
}

const listPath = (type: AsType, id: Identifier) => `/v1/admin/memo/${type}/${encodeURIComponent(String(id))}`;
const memoPath = (memoIdx: number) => `/v1/admin/memo/${memoIdx}`;

export const memoQueryKey = (type: AsType, id: Identifier) => ['afterService', 'memo', type, String(id)];

export const fetchMemos = (type: AsType, id: Identifier) =>
  apiRequest<{ list: AsMemo[] } | AsMemo[]>(listPath(type, id)).then((d) => (Array.isArray(d) ? d : d.list));
export const addMemo = (type: AsType, id: Identifier, memo: string) => apiRequest<AsMemo>(listPath(type, id), { method: 'POST', body: { memo } });
export const editMemo = (memoIdx: number, memo: string) => apiRequest<AsMemo>(memoPath(memoIdx), { method: 'PATCH', body: { memo } });
export const deleteMemo = (memoIdx: number) => apiRequest<unknown>(memoPath(memoIdx), { method: 'DELETE' });
