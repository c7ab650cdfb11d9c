import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NftValues } from '../guarantees/issue';

/**
 * Which membership a customer holds, for the one-per-type rule (MEMBERSHIP_NFT_ALREADY_EXISTS).
 *
 * A membership row holds its (template, customer) in the partial unique index nfts_membership_held
 * (server/db/schema.ts) while it is not stopped, deleted, cancelled (9, 10) or superseded. It expires
 * by time (expires_at) with nothing changing in the row, so an expired one would go on holding the
 * index. The spec keeps expired memberships on the customer (still shown as expired, their coupons
 * valid to their own end), and issuing the same membership again must be possible: so the rule's
 * checks count an expired membership as not held (heldAt), and the issuing transaction marks the
 * expired rows it replaces as superseded (supersedeExpiredMemberships) right before its insert, so
 * they stop holding the index. superseded_at changes nothing else that is shown (not even updated_at).
 */

/** The predicate of nfts_membership_held on the nfts row aliased `n`. */
export const HOLDS_INDEX = sql`n.nft_type = 'MEMBERSHIP' AND n.stopped_at IS NULL AND n.deleted_at IS NULL AND n.nft_status NOT IN (9, 10) AND n.superseded_at IS NULL`;

/**
 * An issued membership (the nfts row aliased `n`) whose end has come. One not issued yet (a customer's
 * application waiting for approval, a sheet row waiting to be sent) has not expired whatever its
 * expires_at says: a by-days one counts its days again from its issue (./issueDays.ts), so until then
 * it goes on holding the type.
 */
const expiredAt = (at: string): SQL => sql`n.issued_at IS NOT NULL AND coalesce(n.expires_at <= ${at}::timestamptz, false)`;

/** A membership (the nfts row aliased `n`) held at `now`: it holds the index and has not expired. */
export const heldAt = (now: Date): SQL => sql`${HOLDS_INDEX} AND NOT (${expiredAt(now.toISOString())})`;

/**
 * Marks as superseded (superseded_at = now) the expired memberships that still hold the index for
 * the same (template, customer by country code and phone) as the membership rows about to be
 * inserted, in ONE statement whatever the row count (the pairs travel as one JSON parameter). Call
 * it in the issuing transaction before the insert (server/modules/guarantees/write.ts insertIssues):
 * the row locks it takes make a concurrent issue of the same pair wait, find the row superseded
 * already, and meet the new row in the unique index (its 409). Memberships not yet expired are left
 * as they are, so they keep refusing the insert.
 */
export async function supersedeExpiredMemberships(tx: Db, tenantIdx: number, values: NftValues[], now: Date): Promise<void> {
  const pairs = new Map<string, { template: number; cc: string | null | undefined; phone: string }>();
  for (const v of values) {
    if (v.nftType !== 'MEMBERSHIP' || typeof v.nftTemplateIdx !== 'number') continue;
    pairs.set(`${v.nftTemplateIdx}|${v.ordererCountryCode}|${v.ordererTel}`, { template: v.nftTemplateIdx, cc: v.ordererCountryCode, phone: v.ordererTel });
  }
  if (!pairs.size) return;
  const json = JSON.stringify([...pairs.values()]);
  const at = now.toISOString();
  // Pair by pair through the index (LATERAL, kept a nested loop by its LIMIT 1: the unique index allows one
  // row per pair anyway), then by primary key. Left to the planner as a plain join, estimates made before
  // the rows expired (one expired row) matched every pair to every expired row of the template: 17 s for
  // a 1,000-row chunk of re-issues on PostgreSQL over 10,000 expired memberships; this way 50 ms (PGlite
  // 80–120 ms), and 4–6 ms (PGlite 10 ms) when none of the chunk's customers has an expired one. The outer WHERE checks superseded_at again so that a
  // concurrent issue waiting on the row lock re-checks it and leaves the row as the first one set it;
  // it holds no more of the index predicate, which would let the planner scan the partial index instead.
  await tx.execute(sql`WITH p AS MATERIALIZED (
      SELECT DISTINCT r.template, c.idx AS customer
      FROM json_to_recordset(${json}::json) AS r(template integer, cc text, phone text)
      JOIN customers c ON c.tenant_idx = ${tenantIdx} AND c.country_code = r.cc AND c.phone = r.phone
    ), s AS MATERIALIZED (
      SELECT e.idx FROM p CROSS JOIN LATERAL (
        SELECT n.idx FROM nfts n
        WHERE n.tenant_idx = ${tenantIdx} AND n.nft_template_idx = p.template AND n.customer_idx = p.customer
          AND ${HOLDS_INDEX} AND ${expiredAt(at)}
        LIMIT 1
      ) e
    )
    UPDATE nfts n SET superseded_at = ${at}::timestamptz FROM s
    WHERE n.tenant_idx = ${tenantIdx} AND n.idx = s.idx AND n.superseded_at IS NULL`);
}
