import { and, eq, inArray } from 'drizzle-orm';
import {
  AS_MSG, AS_REQUEST_MSG, AS_TRANSITIONS, asMayMove, canAsTransition, targetStatus, type AsAction, type AsStatus,
} from '../../../src/domain/afterService';
import type { FieldErrors } from '../../../src/domain/errors';
import type { Db } from '../../db/client';
import { asRequestEvents, asRequests } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import type { MessagingProvider } from '../../providers/messaging';
import { isTenantImage } from '../templates/service';
import { queueStageNotices } from './requestNotices';
import type { AsScope } from './scope';

/**
 * The workflow's moves (docs/api/afterService.md): one or many requests of the caller's scope move
 * by one action, all or nothing, in one transaction. The rows are locked, each must be in scope
 * (else 404), each must allow the action from its status and be the caller's to move (else 409,
 * naming each refused one in a bulk move); the UPDATE is conditional on the status too, so a move
 * that lost a race changes nothing. Each moved request gets one event row (who, admin type, when,
 * the body) and its customer's 알림톡, in the same transaction.
 */

/** The body of a move, as the action's schema checked it. */
export type MoveBody = Partial<{ amount: number; comment: string; images: string[]; reason: string; courier: string; trackingNumber: string }>;

/** The columns an action writes besides the status (its event records the body as sent). */
function changesOf(action: AsAction, body: MoveBody, now: Date): Partial<typeof asRequests.$inferInsert> {
  switch (action) {
    case 'preestimate': return { preEstimateAmount: body.amount, estimateComment: body.comment ?? '' };
    case 'estimate': return { estimateAmount: body.amount, estimateComment: body.comment ?? '' };
    case 'complete': return { completeImages: body.images ?? [], completedAt: now };
    case 'shipping': return { courier: body.courier, trackingNumber: body.trackingNumber };
    case 'cancel': return { cancelReason: body.reason };
    default: return {};
  }
}

interface Locked { tenantIdx: number; idx: number; status: AsStatus; partnerIdx: number | null }

function refusalOf(scope: AsScope, action: AsAction, row: Locked): string | null {
  if (!canAsTransition(action, row.status)) return AS_MSG.illegalTransition(row.status);
  if (!asMayMove(scope.side, row.partnerIdx !== null, action)) return AS_REQUEST_MSG.partnerMoves;
  return null;
}

/** A single move's refusal names the reason; a bulk one names each refused idx under `repairIdxList.<idx>`. */
function refused(rows: { row: Locked; reason: string }[], bulk: boolean): ApiError {
  if (!bulk) {
    const [{ reason }] = rows;
    return new ApiError(409, reason === AS_REQUEST_MSG.partnerMoves ? 'CONFLICT' : 'ILLEGAL_TRANSITION', reason);
  }
  const errors: FieldErrors = {};
  for (const { row, reason } of rows) errors[`repairIdxList.${row.idx}`] = reason;
  return new ApiError(409, 'ILLEGAL_TRANSITION', Object.values(errors)[0], errors);
}

/** Completion photos must be ready uploads of the request's own tenant (the brand's, whoever moves it). */
async function checkImages(db: Db, rows: Locked[], images: string[]): Promise<void> {
  for (const row of rows) {
    for (const path of images) {
      if (!(await isTenantImage(db, row.tenantIdx, path))) throw validationFailed({ images: AS_MSG.imageInvalid });
    }
  }
}

export interface MoveContext {
  db: Db;
  messaging: MessagingProvider;
  principal: Pick<Principal, 'adminIdx' | 'adminType'>;
  scope: AsScope;
  now: Date;
}

export async function moveRequests(ctx: MoveContext, idxList: number[], action: AsAction, body: MoveBody, bulk = false): Promise<number[]> {
  const { scope, now } = ctx;
  const wanted = [...new Set(idxList)];
  return ctx.db.transaction(async (tx) => {
    const rows: Locked[] = await tx.select({ tenantIdx: asRequests.tenantIdx, idx: asRequests.idx, status: asRequests.status, partnerIdx: asRequests.partnerIdx })
      .from(asRequests).where(and(scope.where, inArray(asRequests.idx, wanted))).orderBy(asRequests.idx).for('update');
    if (rows.length !== wanted.length) throw notFound(AS_MSG.notFound);
    if (body.images?.length) await checkImages(tx, rows, body.images);
    const refusals = rows.flatMap((row) => {
      const reason = refusalOf(scope, action, row);
      return reason ? [{ row, reason }] : [];
    });
    if (refusals.length) throw refused(refusals, bulk);

    const to = targetStatus(scope.type, action);
    const moved = await tx.update(asRequests).set({ ...changesOf(action, body, now), status: to, updatedAt: now })
      .where(and(scope.where, inArray(asRequests.idx, wanted), inArray(asRequests.status, [...AS_TRANSITIONS[action].from])))
      .returning();
    // Only a concurrent move can get here (the rows are locked): refuse the whole move.
    if (moved.length !== rows.length) throw refused(rows.map((row) => ({ row, reason: AS_MSG.illegalTransition(row.status) })), bulk);

    const fromOf = new Map(rows.map((r) => [r.idx, r.status]));
    await tx.insert(asRequestEvents).values(moved.map((r) => ({
      tenantIdx: r.tenantIdx, requestIdx: r.idx, action, fromStatus: fromOf.get(r.idx) ?? null, toStatus: to,
      actorIdx: ctx.principal.adminIdx, actorType: ctx.principal.adminType, detail: { ...body, ...(bulk ? { bulk: true } : {}) }, createdAt: now,
    })));
    await queueStageNotices(tx, ctx.messaging, moved);
    return moved.map((r) => r.idx).sort((a, b) => a - b);
  });
}

/** The partner's working note on a request (PATCH /{type}/{id}/memo): any status, no event. */
export async function savePartnersMemo(db: Db, scope: AsScope, idx: number, partnersMemo: string, now: Date): Promise<void> {
  const [row] = await db.update(asRequests).set({ partnersMemo, updatedAt: now })
    .where(and(scope.where, eq(asRequests.idx, idx))).returning({ idx: asRequests.idx });
  if (!row) throw notFound(AS_MSG.notFound);
}
