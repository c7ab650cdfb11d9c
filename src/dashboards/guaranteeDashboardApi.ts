import { useQuery } from '@tanstack/react-query';
import type { NftDashboardPeriod } from '../domain/guarantee';
import { checkAccess } from '../domain/access';
import { toAccessContext, type Partnership } from '../domain/identity';
import { apiRequest } from '../providers/http';
import { clock } from '../providers/session';
import { hasLiveData } from './parts';

/** spec 1 "Guarantee dashboard response" (GET /v1/admin/nft/dashboard). Rates are percents, null when the last period had nothing. */
export interface GuaranteeDashboard {
  issuedGraph: { totalCount: number; rate: number | null; averageCount: number; current: Record<string, number>; last: Record<string, number> };
  issueStatusCount: Record<'1' | '3' | '9', { count: number; lastCount: number; rate: number | null }>;
  totalPrice: { price: number; lastPrice: number; rate: number | null };
  issuedFrom: { counts: Record<string, number>; most: string | null; lastMost: string | null };
}

/** The week/month selector and the API's dateType (7 days; a month is 30 days, shown as 4 points). */
export const DASHBOARD_PERIODS = { WEEK: '7d', MONTH: '1m' } as const satisfies Record<string, NftDashboardPeriod>;
export type Period = keyof typeof DASHBOARD_PERIODS;

/** The guarantee figures for b2b accounts with live data and the guarantee feature; dashboard errors are only logged. */
function guaranteeFiguresFor(p: Partnership): boolean {
  return p.adminType === 'b2b' && hasLiveData(p) && checkAccess(toAccessContext(p), { feature: 'GUARANTEE' }, new Date(clock.now())) === null;
}

/** The figures of the chosen period; a failed load shows the empty cards. */
export function useGuaranteeDashboard(p: Partnership, period: Period) {
  const enabled = guaranteeFiguresFor(p);
  return useQuery({
    queryKey: ['dashboard', 'guarantee', period],
    queryFn: () =>
      apiRequest<GuaranteeDashboard>('/v1/admin/nft/dashboard', { query: { dateType: DASHBOARD_PERIODS[period], nftType: 'GUARANTEE' } }).catch((err: unknown) => {
        console.warn('guarantee dashboard not loaded', err);
        return null;
      }),
    enabled,
    retry: false,
  });
}

/** A row of the recent-guarantee card (the list row of GET /v1/admin/nft). */
export interface RecentGuarantee {
  idx: number;
  nftNumber: string;
  nftStatus: number;
  ordererName: string;
  productName: string | null;
  createdAt: string;
}
/** Rows of the recent-guarantee card. */
export const RECENT_GUARANTEES = 5;

/** The newest certificates; a failed load shows the empty card. */
export function useRecentGuarantees(p: Partnership) {
  return useQuery({
    queryKey: ['dashboard', 'guarantee', 'recent'],
    queryFn: () =>
      apiRequest<{ list: RecentGuarantee[] }>('/v1/admin/nft', { query: { page: 1, pageSize: 10, nftType: 'GUARANTEE', sort: 'createdAt,DESC' } })
        .then((r) => (r?.list ?? []).slice(0, RECENT_GUARANTEES))
        .catch((err: unknown) => {
          console.warn('recent guarantees not loaded', err);
          return [];
        }),
    enabled: guaranteeFiguresFor(p),
    retry: false,
  });
}
