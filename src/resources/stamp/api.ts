import { apiRequest } from '../../providers/http';
import type { StampStatus, StampStatusFilter, StampTrigger } from '../../domain/stamp';

/** The stamp card as GET/PUT /v1/admin/stamp answer it (docs/api/stamps.md). */
export interface StampSetting {
  goal: number;
  rewardCouponIdx: number;
  rewardCouponTitle: string | null;
  trigger: StampTrigger;
  active: 'Y' | 'N';
  description: string;
  updatedAt: string;
}

export interface StampHistoryRow {
  idx: number;
  createdAt: string;
  customerIdx: number;
  customerName: string | null;
  customerPhone: string | null;
  stampStatus: StampStatus;
  trigger: StampTrigger;
  refIdx: number | null;
  cardNo: number;
  countAfter: number;
  goal: number;
  couponIdx: number | null;
  couponTitle: string | null;
  failReason: string | null;
  memo: string | null;
}

export interface VisitResult { customerIdx: number; customerName: string; count: number; goal: number; cardNo: number; rewarded: boolean; rewardFailed: boolean }
export interface CouponChoice { idx: number; title: string; oncePerCustomer?: 'Y' | 'N' }

export const STAMP_SETTING_PATH = '/b2b/stamp/setting';
export const STAMP_LIST_PATH = '/b2b/stamp/list';
export const STAMP_KEY = ['stamp', 'setting'] as const;

export const stampApi = {
  setting: (signal?: AbortSignal) => apiRequest<StampSetting | null>('/v1/admin/stamp', { signal }),
  save: (body: Record<string, unknown>) => apiRequest<StampSetting>('/v1/admin/stamp', { method: 'PUT', body }),
  setActive: (active: 'Y' | 'N') => apiRequest<StampSetting>('/v1/admin/stamp/active', { method: 'PATCH', body: { active } }),
  history: (query: { page: number; pageSize: number; stampStatus: StampStatusFilter; searchText: string }, signal?: AbortSignal) =>
    apiRequest<{ list: StampHistoryRow[]; total: number }>('/v1/admin/stamp/list', { query, signal }),
  visit: (body: { phone: string; memo?: string }) => apiRequest<VisitResult>('/v1/admin/stamps', { method: 'POST', body }),
  coupons: (signal?: AbortSignal) => apiRequest<{ list: CouponChoice[] }>('/v1/admin/coupon/list', { signal }),
};
