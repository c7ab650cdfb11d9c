import { useQuery } from '@tanstack/react-query';
import { AS_PARTNER_ADMIN_TYPE, AS_RULES, type AsStatus, type AsType } from '../domain/afterService';
import { checkAccess } from '../domain/access';
import { toAccessContext, type Partnership } from '../domain/identity';
import { apiRequest } from '../providers/http';
import { clock } from '../providers/session';
import { hasLiveData } from './parts';

/** The A/S figures (docs/api/afterService.md: the partner's dashboard and the brand's counts share the shape). */
export interface AsDashboard {
  requestCount: number;
  preInspectCount: number;
  inspectCount: number;
  workCount: number;
  recentRequest: { idx: number; tenantName: string; productName: string; status: AsStatus; createdAt: string }[];
}

/**
 * Where an account reads a kind's figures, or null when it has none: the partner of the kind its own
 * dashboard (spec 1: those calls run only for the repairer or launderer), a brand with the kind in use
 * and live data its counts; anyone else nothing.
 */
export function asDashboardPath(p: Partnership, type: AsType): string | null {
  if (p.adminType === AS_PARTNER_ADMIN_TYPE[type]) return `/v1/admin/${type}/request/dashboard`;
  if (p.adminType !== 'b2b' || !hasLiveData(p)) return null;
  return checkAccess(toAccessContext(p), AS_RULES.brand(type), new Date(clock.now())) === null ? `/v1/admin/${type}/dashboard` : null;
}

/** A kind's figures for this account (disabled where `asDashboardPath` is null). */
export function useAsDashboard(p: Partnership, type: AsType) {
  const path = asDashboardPath(p, type);
  return useQuery({
    queryKey: ['afterService', type, 'dashboard', path],
    queryFn: ({ signal }) => apiRequest<AsDashboard>(path!, { signal }),
    enabled: path !== null,
    retry: false,
  });
}
