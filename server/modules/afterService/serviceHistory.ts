import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AsType } from '../../../src/domain/afterService';
import type { Db } from '../../db/client';
import { asRequests, partnerships } from '../../db/schema';

/** A completed job as the public certificate lists it: when (ISO), which kind, by whom (null: the brand itself). */
export interface ServiceRecord { completedAt: string; type: AsType; partnerName: string | null }

/**
 * The certificate's completed repair and laundry requests (complete, then shipping), oldest first:
 * the public certificate page's service history. Only the completion, the kind and the partner's
 * company name leave; nothing of the request itself (customer, address, messages).
 */
export async function serviceHistoryOf(db: Db, tenantIdx: number, nftIdx: number): Promise<ServiceRecord[]> {
  const completedAt = sql<Date>`coalesce(${asRequests.completedAt}, ${asRequests.updatedAt})`.mapWith(asRequests.updatedAt);
  const rows = await db
    .select({ completedAt, type: asRequests.type, partnerName: partnerships.companyName })
    .from(asRequests)
    .leftJoin(partnerships, eq(partnerships.idx, asRequests.partnerIdx))
    .where(and(eq(asRequests.tenantIdx, tenantIdx), eq(asRequests.nftIdx, nftIdx), inArray(asRequests.status, ['complete', 'shipping'])))
    .orderBy(asc(completedAt), asc(asRequests.idx));
  return rows.map((r) => ({ completedAt: r.completedAt.toISOString(), type: r.type, partnerName: r.partnerName }));
}
