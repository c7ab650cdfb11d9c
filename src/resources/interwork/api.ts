import { apiRequest, ApiRequestError } from '../../providers/http';
import { emitAppEvent } from '../../framework/events';
import type { InterworkSettings, Platform } from '../../domain/integrations';

/** The integrations' API as the console uses it (docs/api/integrations.md). */
export type ConnectionState =
  | { connected: false; leaveReason: string | null; disconnectedAt: string | null }
  | {
      connected: true; idx: number; platform: Platform; mallId: string; shopNo: number; status: 'CONNECTED' | 'RECONNECT'; interworkTypes: string[];
      settings: InterworkSettings; lastSyncedAt: string | null; lastError: string | null; orderLines: number; warrantiesIssued: number; connectedAt: string;
    };

export interface OrderLineRow {
  idx: number; orderId: string; itemId: string; productNo: string | null; productName: string; paymentAmount: number; orderedAt: string;
  status: string; platformStatus: string | null; deliveredAt: string | null; buyerName: string; customerIdx: number | null;
  warrantyState: 'NONE' | 'NOT_SELECTED' | 'MANUAL' | 'ISSUED' | 'FAILED' | 'CANCELED'; warrantyNftIdx: number | null; warrantyError: string | null;
}

export const baseOf = (platform: Platform) => (platform === 'cafe24' ? '/cafe24/v1/interwork' : '/naver-store/interwork');
export const connectionKey = (platform: Platform) => ['interwork', platform] as const;
export const linesKey = (platform: Platform, page: number) => ['interwork', platform, 'orders', page] as const;

export const interworkApi = {
  state: (platform: Platform, signal?: AbortSignal) => apiRequest<ConnectionState>(baseOf(platform), { signal }),
  saveSettings: (platform: Platform, body: Partial<InterworkSettings>) => apiRequest<InterworkSettings>(`${baseOf(platform)}/setting`, { method: 'PUT', body }),
  lines: (platform: Platform, page: number, signal?: AbortSignal) =>
    apiRequest<{ list: OrderLineRow[]; total: number }>(`${baseOf(platform)}/orders`, { query: { page, pageSize: 25 }, signal }),
  issue: (platform: Platform, orderIdx: number) => apiRequest<{ warrantyState: string; warrantyNftIdx: number | null; warrantyError: string | null }>(`${baseOf(platform)}/order/confirm`, { method: 'POST', body: { orderIdx } }),
  sync: (platform: Platform) => apiRequest<{ queued: boolean }>(`${baseOf(platform)}/sync`, { method: 'POST' }),
  leave: (platform: Platform, reason: string) => apiRequest<{ disconnected: boolean }>(platform === 'cafe24' ? '/cafe24/v1/interwork/leave-reason' : '/naver-store/interwork/delete', { method: 'POST', body: { reason } }),
  confirmLaunch: (token: string) => apiRequest<{ authorizeUrl: string; mallId: string }>('/cafe24/v1/interwork/confirm', { method: 'POST', body: { token } }),
  products: (signal?: AbortSignal) => apiRequest<{ list: { productNo: string; productName: string }[] }>('/cafe24/v1/interwork/product-info', { signal }),
  subscribeNaver: (body: { clientId: string; clientSecret: string }) => apiRequest<ConnectionState>('/naver-store/interwork/subscribe', { method: 'POST', body }),
};

/** A plan refusal (FEATURE_DISABLED) shows the blocked-feature toast (spec 3 section 6); true when it was one. */
export function showPlanRefusal(err: unknown): boolean {
  if (err instanceof ApiRequestError && err.code === 'FEATURE_DISABLED') {
    emitAppEvent({ type: 'accessDenied', view: 'toast' });
    return true;
  }
  return false;
}
