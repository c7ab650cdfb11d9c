import { desc, inArray, sql } from 'drizzle-orm';
import { AS_DASHBOARD_COUNTS, AS_RECENT_MAX, type AsStatus } from '../../../src/domain/afterService';
import type { Db } from '../../db/client';
import { asRequests } from '../../db/schema';
import { tenantNameSql } from './partners';
import type { AsScope } from './scope';

export type AsDashboard = Record<keyof typeof AS_DASHBOARD_COUNTS, number> & {
  recentRequest: { idx: number; tenantName: string; productName: string; status: string; createdAt: string }[];
};

const countOf = (statuses: readonly AsStatus[]) => sql<number>`count(*) filter (where ${inArray(asRequests.status, [...statuses])})`.mapWith(Number);

/**
 * The counts by stage and the newest requests of one scope (`scopeOf`): a partner's routed
 * requests (GET /v1/admin/{type}/request/dashboard) or a brand's own (GET /v1/admin/{type}/dashboard).
 */
export async function asDashboard(db: Db, scope: AsScope): Promise<AsDashboard> {
  const [[counts], recent] = await Promise.all([
    db.select({
      requestCount: countOf(AS_DASHBOARD_COUNTS.requestCount),
      preInspectCount: countOf(AS_DASHBOARD_COUNTS.preInspectCount),
      inspectCount: countOf(AS_DASHBOARD_COUNTS.inspectCount),
      workCount: countOf(AS_DASHBOARD_COUNTS.workCount),
    }).from(asRequests).where(scope.where),
    db.select({
      idx: asRequests.idx, tenantName: tenantNameSql(asRequests.tenantIdx), productName: asRequests.productName,
      status: asRequests.status, createdAt: asRequests.createdAt,
    }).from(asRequests).where(scope.where).orderBy(desc(asRequests.createdAt), desc(asRequests.idx)).limit(AS_RECENT_MAX),
  ]);
  return { ...counts, recentRequest: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
