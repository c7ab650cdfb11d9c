import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nfts } from '../../db/schema';
import {
  GUARANTEE_MSG, NFT_STATUS, canTransition, deleteOperationFor, type NftOperation,
} from '../../../src/domain/guarantee';
import type { FieldErrors } from '../../../src/domain/errors';
import { ApiError, notFound } from '../../http/errors';
import type { MessagingProvider } from '../../providers/messaging';
import { queueIssuedMessages } from './notify';
import { accrueForIssued } from '../stamps/accrue';
import { cancelForCanceled } from '../stamps/cancel';
import { afterMembershipsIssued } from '../memberships/grants';
import { restartMembershipDays } from '../memberships/issueDays';

/**
 * Status changes of certificates, all or nothing, in one transaction: the rows are locked
 * (FOR UPDATE), every one must be the tenant's and listed (else 404) and every one must allow the
 * operation from its status (else 409 ILLEGAL_TRANSITION naming each refused one); only then is
 * anything written. The rules are src/domain/guarantee.ts NFT_TRANSITIONS.
 */
export type AdminOperation = Exclude<NftOperation, 'deleteWaiting' | 'remove' | 'issueReservation'> | 'delete';

export interface TransitionDeps {
  messaging: MessagingProvider;
  publicUrl: string;
}

export function illegalTransition(refused: { idx: number; nftNumber: string; nftStatus: number }[]): ApiError {
  const errors: FieldErrors = {};
  for (const r of refused) errors[`nftIdxList.${r.idx}`] = GUARANTEE_MSG.illegalTransition(r.nftNumber, r.nftStatus);
  return new ApiError(409, 'ILLEGAL_TRANSITION', Object.values(errors)[0], errors);
}

const allowed = (op: AdminOperation, status: number) => (op === 'delete' ? deleteOperationFor(status) !== null : canTransition(op, status));

export async function applyTransition(
  db: Db, deps: TransitionDeps, tenantIdx: number, idxList: number[], op: AdminOperation, now: Date,
  reason?: { reason: string; detail: string | null },
): Promise<number[]> {
  const wanted = [...new Set(idxList)];
  return db.transaction(async (tx) => {
    const rows = await tx.select({ idx: nfts.idx, nftNumber: nfts.nftNumber, nftStatus: nfts.nftStatus }).from(nfts)
      .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, wanted), isNull(nfts.deletedAt)))
      .orderBy(nfts.idx)
      .for('update');
    if (rows.length !== wanted.length) throw notFound(GUARANTEE_MSG.notFound);
    const refused = rows.filter((r) => !allowed(op, r.nftStatus));
    if (refused.length) throw illegalTransition(refused);
    const scope = (ids: number[]) => and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, ids));

    switch (op) {
      case 'complete':
        await tx.update(nfts).set({ nftStatus: NFT_STATUS.complete, issuedAt: now, updatedAt: now }).where(scope(wanted));
        await queueIssuedMessages(tx, deps.messaging, deps.publicUrl, tenantIdx, wanted);
        await accrueForIssued(tx, tenantIdx, wanted, now);
        // Memberships approved now (a customer's waiting application): their days from today, their
        // coupons and points, as at issue.
        await restartMembershipDays(tx, tenantIdx, wanted, now);
        await afterMembershipsIssued(tx, tenantIdx, wanted, now);
        break;
      case 'cancel':
        await tx.update(nfts).set({ nftStatus: NFT_STATUS.cancel, canceledAt: now, updatedAt: now }).where(scope(wanted));
        // The stamps these certificates earned are taken back with them (src/domain/stamp.ts cancelStamps).
        await cancelForCanceled(tx, tenantIdx, wanted, now);
        break;
      case 'cancelPending':
        await tx.update(nfts).set({
          nftStatus: NFT_STATUS.cancel, canceledAt: now, cancelReason: reason?.reason ?? null, cancelDetail: reason?.detail ?? null, updatedAt: now,
        }).where(scope(wanted));
        await cancelForCanceled(tx, tenantIdx, wanted, now);
        break;
      case 'delete': {
        const waiting = rows.filter((r) => deleteOperationFor(r.nftStatus) === 'deleteWaiting').map((r) => r.idx);
        const removed = rows.filter((r) => deleteOperationFor(r.nftStatus) === 'remove').map((r) => r.idx);
        if (waiting.length) await tx.update(nfts).set({ nftStatus: NFT_STATUS.cancelReady, updatedAt: now }).where(scope(waiting));
        if (removed.length) await tx.update(nfts).set({ deletedAt: now, updatedAt: now }).where(scope(removed));
        break;
      }
    }
    return wanted;
  });
}

/** Reservations issued by one job run at most (the next run takes the rest). */
export const RESERVATION_BATCH = 500;

/**
 * The reservation job's step: issues due reservations (status 7, issue_at <= now) of every tenant.
 * `FOR UPDATE SKIP LOCKED` lets several server processes run it at once: each claims rows the others
 * have not, and a row is issued (and its 알림톡 queued) exactly once. Returns how many were issued.
 */
export async function issueDueReservations(db: Db, deps: TransitionDeps, now: Date, limit = RESERVATION_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.select({ tenantIdx: nfts.tenantIdx, idx: nfts.idx }).from(nfts)
      .where(and(eq(nfts.nftStatus, NFT_STATUS.reservation), sql`${nfts.issueAt} <= ${now}`, isNull(nfts.deletedAt)))
      .orderBy(nfts.issueAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const byTenant = new Map<number, number[]>();
    for (const r of due) byTenant.set(r.tenantIdx, [...(byTenant.get(r.tenantIdx) ?? []), r.idx]);
    for (const [tenantIdx, ids] of byTenant) {
      await tx.update(nfts).set({ nftStatus: NFT_STATUS.complete, issuedAt: now, updatedAt: now })
        .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, ids), eq(nfts.nftStatus, NFT_STATUS.reservation)));
      await queueIssuedMessages(tx, deps.messaging, deps.publicUrl, tenantIdx, ids);
      await accrueForIssued(tx, tenantIdx, ids, now);
    }
    return due.length;
  });
}
