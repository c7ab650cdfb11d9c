import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nftTemplates } from '../../db/schema';
import { NFT_BULK_MAX_ROWS } from '../../../src/domain/guarantee';
import { MEMBERSHIP_GRADE_ROUTE } from '../../../src/domain/membershipIssue';
import type { MessagingProvider } from '../../providers/messaging';
import { rowsOf } from '../products/service';
import { prepareIssues } from '../guarantees/issue';
import { insertIssues } from '../guarantees/write';
import { heldAt } from './held';

/**
 * Automatic membership by grade (issue 11 item 3): after a grade run (the 03:00 job or the main
 * account's "run now"), each active membership template bound to a grade is issued (route grade,
 * through the shared issue path: its rules, coupons and points) to that grade's customers who do
 * not hold it, and the grade-issued ones of customers who left the grade are stopped (their coupons
 * stay valid to their own end). Idempotent: a second run finds nothing to do. Safe with several
 * processes: the job claims a tenant's slot once (customers/grades.ts runDueGrades), and a
 * concurrent "run now" that issued first makes the partial unique index refuse the chunk, which is
 * then recomputed without those customers.
 *
 * Held means held now (./held.ts heldAt): an expired membership is not held. So a customer still in
 * the grade whose grade membership expired gets a new one at the next run (the issue supersedes the
 * expired row, which stays on the customer as expired with its coupons), and an expired one of a
 * customer who left the grade is not stopped (it has ended already and goes on showing as expired).
 */

export interface GradeMembershipDeps {
  messaging: MessagingProvider;
  publicUrl: string;
}

export async function syncGradeMemberships(db: Db, deps: GradeMembershipDeps, tenantIdx: number, now: Date): Promise<{ issued: number; stopped: number }> {
  const bound = await db.select({ idx: nftTemplates.idx, groupIdx: nftTemplates.customerGroupIdx }).from(nftTemplates).where(and(
    eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), eq(nftTemplates.status, 'ACTIVE'), isNotNull(nftTemplates.customerGroupIdx),
  ));
  let issued = 0;
  let stopped = 0;
  for (const t of bound) {
    const left = await db.execute(sql`UPDATE nfts n SET stopped_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      WHERE n.tenant_idx = ${tenantIdx} AND n.nft_template_idx = ${t.idx} AND n.request_route = ${MEMBERSHIP_GRADE_ROUTE} AND ${heldAt(now)}
        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.tenant_idx = n.tenant_idx AND c.idx = n.customer_idx AND c.group_idx = ${t.groupIdx})
      RETURNING n.idx`);
    stopped += rowsOf(left).length;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        issued += await issueToGrade(db, deps, tenantIdx, t.idx, t.groupIdx!, now);
        break;
      } catch (err) {
        // Another process issued some of them meanwhile: the next attempt leaves those customers out.
        if ((err as { code?: string }).code !== 'MEMBERSHIP_NFT_ALREADY_EXISTS' || attempt === 2) throw err;
      }
    }
  }
  return { issued, stopped };
}

async function issueToGrade(db: Db, deps: GradeMembershipDeps, tenantIdx: number, templateIdx: number, groupIdx: number, now: Date): Promise<number> {
  const result = await db.execute(sql`SELECT c.name, c.phone, c.country_code AS "countryCode" FROM customers c
    WHERE c.tenant_idx = ${tenantIdx} AND c.group_idx = ${groupIdx}
      AND NOT EXISTS (SELECT 1 FROM nfts n WHERE n.tenant_idx = c.tenant_idx AND n.customer_idx = c.idx AND n.nft_template_idx = ${templateIdx} AND ${heldAt(now)})
    ORDER BY c.idx`);
  const customers = rowsOf<{ name: string; phone: string; countryCode: string }>(result);
  let issued = 0;
  for (let from = 0; from < customers.length; from += NFT_BULK_MAX_ROWS) {
    const inputs = customers.slice(from, from + NFT_BULK_MAX_ROWS)
      .map((c) => ({ ordererName: c.name, ordererTel: c.phone, ordererCountryCode: c.countryCode, nftTemplateIdx: templateIdx }));
    // Rows the issue rules refuse (a phone that cannot receive it, an ended template) are left out.
    const { values } = await prepareIssues(db, { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' }, inputs, (i) => `${i}.`, {
      nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false,
    }, now);
    const rows = values.map((v) => ({ ...v, requestRoute: MEMBERSHIP_GRADE_ROUTE }));
    issued += (await insertIssues(db, deps, { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' }, rows, now, null)).length;
  }
  return issued;
}
