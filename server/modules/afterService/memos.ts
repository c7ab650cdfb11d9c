import { and, desc, eq, ne } from 'drizzle-orm';
import { AS_REQUEST_MSG, type AsType } from '../../../src/domain/afterService';
import type { Db } from '../../db/client';
import { asMemos, asRequests, partnerships } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { findInScope } from './requests';
import { scopeOf } from './scope';

/**
 * Memos on a request: added by whoever may read the request (its scope), edited and removed by
 * their author only. Who reads them (issue 23 #20): a memo the brand's accounts write is the
 * brand's internal memo, listed to the brand only; a memo the partner writes is listed to the
 * partner and the brand. A memo lives in the request's tenant, whoever wrote it.
 */

type Author = Pick<Principal, 'adminIdx' | 'adminType' | 'tenantIdx'>;

const memoColumns = {
  idx: asMemos.idx, memo: asMemos.memo, authorIdx: asMemos.authorIdx, authorName: partnerships.companyName, authorType: asMemos.authorType,
  createdAt: asMemos.createdAt, updatedAt: asMemos.updatedAt,
};
type MemoRow = { idx: number; memo: string; authorIdx: number; authorName: string | null; authorType: string; createdAt: Date; updatedAt: Date };

const toMemo = (row: MemoRow, adminIdx: number) => ({
  idx: row.idx, memo: row.memo, authorName: row.authorName, authorType: row.authorType,
  createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), mine: row.authorIdx === adminIdx,
});

export async function listMemos(db: Db, principal: Author, type: AsType, requestIdx: number) {
  const scope = scopeOf(principal, type);
  const request = await findInScope(db, scope, requestIdx);
  const rows = await db.select(memoColumns).from(asMemos).leftJoin(partnerships, eq(partnerships.idx, asMemos.authorIdx))
    .where(and(
      eq(asMemos.tenantIdx, request.tenantIdx), eq(asMemos.targetType, type), eq(asMemos.targetIdx, request.idx),
      // The brand's memos are internal: a partner's list leaves them out.
      scope.side === 'partner' ? ne(asMemos.authorType, 'b2b') : undefined,
    ))
    .orderBy(desc(asMemos.createdAt), desc(asMemos.idx));
  return rows.map((r) => toMemo(r, principal.adminIdx));
}

export async function addMemo(db: Db, principal: Author, type: AsType, requestIdx: number, memo: string, now: Date) {
  const request = await findInScope(db, scopeOf(principal, type), requestIdx);
  const [row] = await db.insert(asMemos).values({
    tenantIdx: request.tenantIdx, targetType: type, targetIdx: request.idx, memo, authorIdx: principal.adminIdx, authorType: principal.adminType, createdAt: now, updatedAt: now,
  }).returning({ idx: asMemos.idx });
  return memoOf(db, principal, row.idx);
}

/** The caller's own memo (another's, or one on a request no longer in the caller's scope, is not found) and its kind. */
export async function ownMemo(db: Db, principal: Author, memoIdx: number) {
  const [memo] = await db.select({ tenantIdx: asMemos.tenantIdx, idx: asMemos.idx, targetType: asMemos.targetType, targetIdx: asMemos.targetIdx }).from(asMemos)
    .where(and(eq(asMemos.idx, memoIdx), eq(asMemos.authorIdx, principal.adminIdx))).limit(1);
  if (!memo) throw notFound(AS_REQUEST_MSG.memoNotFound);
  const [inScope] = await db.select({ idx: asRequests.idx }).from(asRequests)
    .where(and(scopeOf(principal, memo.targetType).where, eq(asRequests.tenantIdx, memo.tenantIdx), eq(asRequests.idx, memo.targetIdx))).limit(1);
  if (!inScope) throw notFound(AS_REQUEST_MSG.memoNotFound);
  return memo;
}

async function memoOf(db: Db, principal: Author, memoIdx: number) {
  const [row] = await db.select(memoColumns).from(asMemos).leftJoin(partnerships, eq(partnerships.idx, asMemos.authorIdx)).where(eq(asMemos.idx, memoIdx)).limit(1);
  return toMemo(row, principal.adminIdx);
}

export async function editMemo(db: Db, principal: Author, memo: { tenantIdx: number; idx: number }, text: string, now: Date) {
  await db.update(asMemos).set({ memo: text, updatedAt: now })
    .where(and(eq(asMemos.tenantIdx, memo.tenantIdx), eq(asMemos.idx, memo.idx), eq(asMemos.authorIdx, principal.adminIdx)));
  return memoOf(db, principal, memo.idx);
}

export async function removeMemo(db: Db, principal: Author, memo: { tenantIdx: number; idx: number }) {
  await db.delete(asMemos).where(and(eq(asMemos.tenantIdx, memo.tenantIdx), eq(asMemos.idx, memo.idx), eq(asMemos.authorIdx, principal.adminIdx)));
}
