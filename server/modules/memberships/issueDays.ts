import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nftTemplates, nfts } from '../../db/schema';
import { membershipExpiresAt } from '../../../src/domain/membershipIssue';

/**
 * A by-days membership's days run from its issue. A customer's application waits (status 1) with the
 * end counted from the day it was made; when it is approved (the complete transition) its end is
 * counted again from the approval, so a late approval does not eat into the days. By-date
 * memberships keep their fixed end. One UPDATE per by-days template among the rows.
 */
export async function restartMembershipDays(tx: Db, tenantIdx: number, idx: number[], issuedAt: Date): Promise<void> {
  if (!idx.length) return;
  const templates = await tx.selectDistinct({ idx: nftTemplates.idx, expireType: nftTemplates.expireType, expireDate: nftTemplates.expireDate, expireDays: nftTemplates.expireDays })
    .from(nfts)
    .innerJoin(nftTemplates, and(eq(nftTemplates.tenantIdx, nfts.tenantIdx), eq(nftTemplates.idx, nfts.nftTemplateIdx)))
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx), eq(nfts.nftType, 'MEMBERSHIP'), eq(nftTemplates.expireType, 'DAY')));
  for (const template of templates) {
    await tx.update(nfts).set({ expiresAt: membershipExpiresAt(template, issuedAt) })
      .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx), eq(nfts.nftTemplateIdx, template.idx)));
  }
}
