import { apiRequest } from '../providers/http';
import type { OperatorRole, RevealableField } from '../domain/operators';
import type { Notice } from '../domain/notice';

/** The operator console's API (server/modules/ops/routes.ts): the operator's own session, never a partner's. */
const TOKEN_KEY = 'ops-token';
export const opsToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export interface Operator { idx: number; email: string; name: string; role: OperatorRole }
export interface BrandHit { tenantIdx: number; companyName: string; brandNames: string[]; isLeaved: boolean; suspended: boolean }
export interface BrandOverview {
  tenantIdx: number; companyName: string; brandNames: string[]; email: string; phone: string; businessNum: string | null; createdAt: string;
  isLeaved: boolean; suspended: { reason: string; at: string } | null; creditBalance: number;
  plan: { name: string; endDate: string | null; isTrial: boolean; isCanceled: boolean } | null;
}
export type Row = Record<string, unknown> & { idx: number };
export interface AuditRow {
  idx: number; tenantIdx: number; at: string; actorKind: 'partner' | 'operator'; actorEmail: string; action: string; target: string | null;
  outcome: 'ok' | 'refused'; code: string | null; ip: string; method: string; path: string; detail: Record<string, unknown> | null;
}
export interface AuditFilters { action?: string; outcome?: string; actorKind?: string; from?: string; to?: string; tenantIdx?: string; page?: number; pageSize?: number }

const call = <T>(path: string, opts: { method?: string; body?: unknown; query?: Record<string, string | number | undefined> } = {}) =>
  apiRequest<T>(path, { base: 'ops', token: opsToken.get() ?? undefined, anonymous: !opsToken.get(), ...opts });

export const opsApi = {
  signIn: (email: string, password: string) =>
    apiRequest<{ token: string }>('/v1/operators/sign-in', { base: 'ops', anonymous: true, method: 'POST', body: { email, password } }),
  signOut: () => call<null>('/v1/operators/sign-out', { method: 'POST' }),
  me: () => call<Operator>('/v1/operators/me'),
  findBrands: (name: string) => call<{ list: BrandHit[] }>('/v1/brands', { query: { name } }),
  brand: (tenantIdx: number) => call<BrandOverview>(`/v1/brands/${tenantIdx}`),
  view: (tenantIdx: number, view: string) => call<{ list: Row[]; balance?: number }>(`/v1/brands/${tenantIdx}/${view}`),
  customer: (tenantIdx: number, idx: number) => call<Row>(`/v1/brands/${tenantIdx}/customers/${idx}`),
  reveal: (tenantIdx: number, idx: number, field: RevealableField, reason: string) =>
    call<{ field: string; value: string | null }>(`/v1/brands/${tenantIdx}/customers/${idx}/reveal`, { method: 'POST', body: { field, reason } }),
  audit: (filters: AuditFilters) => call<{ total: number; list: AuditRow[] }>('/v1/audit-log', { query: { ...filters } }),
  pageviews: () => call<{ list: { idx: number; path: string; views: number; accounts: number }[] }>('/v1/analytics/pageviews'),
  errors: () => call<{ list: { idx: number; tenantIdx: number; at: string; kind: string; message: string; path: string }[] }>('/v1/analytics/errors'),
  operators: () => call<{ list: (Operator & { createdAt: string })[] }>('/v1/operators'),
  addOperator: (body: { email: string; name: string; role: string; password: string }) => call<{ idx: number }>('/v1/operators', { method: 'POST', body }),
  notices: () => call<{ list: Notice[] }>('/v1/notices'),
  addNotice: (body: { title: string; date: string; link: string }) => call<Notice>('/v1/notices', { method: 'POST', body }),
  suspend: (tenantIdx: number, reason: string) => call<null>(`/v1/brands/${tenantIdx}/suspension`, { method: 'POST', body: { reason } }),
  unsuspend: (tenantIdx: number) => call<null>(`/v1/brands/${tenantIdx}/suspension`, { method: 'DELETE' }),
};
