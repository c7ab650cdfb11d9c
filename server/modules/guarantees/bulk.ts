import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nftBatches } from '../../db/schema';
import { rowFailures, type BulkOutcome } from '../../../src/domain/bulkOutcome';
import { MEMBERSHIP_ISSUE_CODES } from '../../../src/domain/membershipIssue';
import type { MessagingProvider } from '../../providers/messaging';
import { ApiError } from '../../http/errors';
import { prepareIssues, type IssueOptions, type NftValues, type Tenant } from './issue';
import { batchRows, insertIssues } from './write';

/**
 * The spreadsheet's bulk issue of certificates (guarantees and memberships, issue 23): a chunk issues
 * every row that passes and names each other row with its own reason (a held membership is
 * MEMBERSHIP_NFT_ALREADY_EXISTS on its row), so no row fails because of another. One transaction
 * per chunk claims its batch key in nft_batches, inserts the passing rows (one statement,
 * ./write.ts) and stores the per-row outcome: a retry, or a concurrent request with the same key,
 * waits for the first and answers that stored outcome, refused rows included, issuing nothing new.
 */

export type NftBulkOutcome = BulkOutcome<{ row: number; idx: number; nftNumber: string }>;

/** Tries of a chunk whose insert met a membership another request issued after the check (each try checks again). */
const ATTEMPTS = 3;

async function storedOutcome(db: Db, tenantIdx: number, batchKey: string): Promise<NftBulkOutcome | null> {
  const [stored] = await db.select({ result: nftBatches.result }).from(nftBatches)
    .where(and(eq(nftBatches.tenantIdx, tenantIdx), eq(nftBatches.batchKey, batchKey))).limit(1);
  if (stored?.result) return stored.result;
  // A chunk issued before nft_batches kept only its certificates, and issued every row.
  const legacy = await batchRows(db, tenantIdx, batchKey);
  return legacy.length ? { list: legacy.map((r) => ({ row: r.row!, idx: r.idx, nftNumber: r.nftNumber })), failed: [] } : null;
}

export async function issueBulk(
  db: Db, deps: { messaging: MessagingProvider; publicUrl: string }, tenant: Tenant,
  chunk: { batchKey: string; rows: unknown[] }, opts: IssueOptions & { stateOf: (v: NftValues) => NftValues }, now: Date,
): Promise<{ created: boolean; outcome: NftBulkOutcome }> {
  const { tenantIdx } = tenant;
  const batchKey = `bulk:${chunk.batchKey}`;
  const done = await storedOutcome(db, tenantIdx, batchKey);
  if (done) return { created: false, outcome: done };
  for (let attempt = 1; ; attempt++) {
    const { values, rows, errors, codes } = await prepareIssues(db, tenant, chunk.rows, (i) => `rows.${i}.`, opts, now);
    try {
      const outcome = await db.transaction(async (tx) => {
        const claimed = await tx.insert(nftBatches).values({ tenantIdx, batchKey, result: null, createdAt: now })
          .onConflictDoNothing().returning({ batchKey: nftBatches.batchKey });
        if (!claimed.length) return null;
        const inserted = await insertIssues(tx, deps, tenant, values.map(opts.stateOf), now, batchKey, (i) => rows[i]);
        const result: NftBulkOutcome = {
          list: inserted.map(({ batchRow, idx, nftNumber }) => ({ row: batchRow!, idx, nftNumber })).sort((a, b) => a.row - b.row),
          failed: rowFailures(errors, codes),
        };
        await tx.update(nftBatches).set({ result }).where(and(eq(nftBatches.tenantIdx, tenantIdx), eq(nftBatches.batchKey, batchKey)));
        return result;
      });
      if (outcome) return { created: true, outcome };
      // The key was claimed by a concurrent request, which has committed by now (we waited on its row).
      const stored = await storedOutcome(db, tenantIdx, batchKey);
      if (!stored) throw new Error(`batch ${batchKey} is claimed but has no result`);
      return { created: false, outcome: stored };
    } catch (err) {
      // Another request issued one of these memberships after prepareIssues looked (the unique index
      // nfts_membership_held refused the insert, and the transaction rolled back): check again, now
      // seeing that membership, so only its row is refused.
      if (attempt < ATTEMPTS && err instanceof ApiError && err.code === MEMBERSHIP_ISSUE_CODES.alreadyExists) continue;
      throw err;
    }
  }
}
