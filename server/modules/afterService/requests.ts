import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { AS_MSG, asActionsFor } from '../../../src/domain/afterService';
import { seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { estimateRows, totalOf } from '../../db/listTotals';
import { asRequestEvents, asRequests, partnerships, repairCategories, repairCategoryOptions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { mediaUrl } from '../../providers/storage';
import type { AsListQuery } from './requestInput';
import type { AsScope } from './scope';

/**
 * Reading requests: the history list and one request's detail, always inside the caller's scope
 * (./scope.ts), so a request outside it is simply not there (404).
 */

type Reader = Pick<Db, 'select' | 'execute'>;

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One search term on one field, or on every field for `all`, as the guarantee history searches:
 * three or more characters on the trigram-indexed lower-case copies, exactly two characters
 * (Korean names are searched so) by containment of the field-prefixed bigram in search_bigrams
 * (o the customer's name, p the product; GIN), the phone by its digits inside the stored digits,
 * the certificate number by ILIKE on its trigram index (migration 0024).
 */
function termCondition(searchType: AsListQuery['searchType'], term: string): SQL {
  const lowered = sql`lower(${containsPattern(term)})`;
  const digits = term.replace(/\D/g, '');
  const twoChars = [...term].length === 2;
  const bigram = (prefix: string) => sql`${asRequests.searchBigrams} && ARRAY[${prefix} || lower(${term})]::text[]`;
  const parts = {
    customerName: twoChars ? bigram('o') : sql`${asRequests.customerNameLc} LIKE ${lowered}`,
    productName: twoChars ? bigram('p') : sql`${asRequests.productNameLc} LIKE ${lowered}`,
    nftNumber: sql`${asRequests.nftNumber} ILIKE ${containsPattern(term)}`,
    receiverPhone: digits ? sql`${asRequests.receiverPhoneDigits} LIKE ${containsPattern(digits)}` : sql`false`,
  };
  if (searchType !== 'all') return parts[searchType];
  // Two characters look only at the names (a two-digit fragment of a number matches nearly everything and can use no index).
  if (twoChars) return sql`${asRequests.searchBigrams} && ARRAY['o' || lower(${term}), 'p' || lower(${term})]::text[]`;
  return or(...Object.values(parts))!;
}

function whereOf(scope: AsScope, q: AsListQuery): SQL {
  const parts: SQL[] = [scope.where];
  if (q.statuses.length) parts.push(inArray(asRequests.status, q.statuses));
  if (q.terms.length) parts.push(or(...q.terms.map((term) => termCondition(q.searchType, term)))!);
  if (q.optionIdx !== undefined) parts.push(eq(asRequests.optionIdx, q.optionIdx));
  if (q.from) parts.push(gte(asRequests.createdAt, seoulDayStart(q.from)));
  if (q.to) parts.push(lt(asRequests.createdAt, seoulDayEnd(q.to)));
  return and(...parts)!;
}

/** A request with its category, option and partner names (the categories are the brand's: joined on the request's tenant). */
function selectRequests(db: Reader) {
  return db.select({
    request: asRequests, categoryName: repairCategories.name, optionName: repairCategoryOptions.name, partnerName: partnerships.companyName,
  }).from(asRequests)
    .leftJoin(repairCategories, and(eq(repairCategories.tenantIdx, asRequests.tenantIdx), eq(repairCategories.idx, asRequests.categoryIdx)))
    .leftJoin(repairCategoryOptions, and(eq(repairCategoryOptions.tenantIdx, asRequests.tenantIdx), eq(repairCategoryOptions.idx, asRequests.optionIdx)))
    .leftJoin(partnerships, eq(partnerships.idx, asRequests.partnerIdx));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toListRow({ request: r, categoryName, optionName, partnerName }: Joined) {
  return {
    idx: r.idx, type: r.type, status: r.status, nftIdx: r.nftIdx, nftNumber: r.nftNumber, productName: r.productName, customerName: r.customerName,
    receiverName: r.receiverName, receiverPhone: r.receiverPhone, categoryName, optionName, partnerName,
    preEstimateAmount: r.preEstimateAmount, estimateAmount: r.estimateAmount, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}

/** A search matching at most this many rows collects its matches and sorts them, instead of walking the date index (as guarantees). */
const COLLECT_FIRST_MAX = 5_000;

export async function listRequests(db: Reader, scope: AsScope, q: AsListQuery) {
  const where = whereOf(scope, q);
  const estimate = await estimateRows(db, asRequests, where);
  const collectFirst = q.terms.length > 0 && estimate <= COLLECT_FIRST_MAX;
  // The same order as an expression no index provides, so the planner takes the search's indexes.
  const createdAt = collectFirst ? sql`${asRequests.createdAt} + interval '0 seconds'` : asRequests.createdAt;
  const [rows, total] = await Promise.all([
    selectRequests(db).where(where).orderBy(desc(createdAt), desc(asRequests.idx)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, asRequests, where, estimate),
  ]);
  return { list: rows.map(toListRow), ...total };
}

/** The request's idx and owner if it is in the caller's scope, else 404. */
export async function findInScope(db: Reader, scope: AsScope, idx: number) {
  const [row] = await db.select({ tenantIdx: asRequests.tenantIdx, idx: asRequests.idx, partnerIdx: asRequests.partnerIdx, status: asRequests.status })
    .from(asRequests).where(and(scope.where, eq(asRequests.idx, idx))).limit(1);
  if (!row) throw notFound(AS_MSG.notFound);
  return row;
}

/** One request as the detail shows it: the row, its texts and photos, every move with who made it, and what the caller may do now. */
export async function requestDetail(db: Reader, scope: AsScope, idx: number) {
  const [joined] = await selectRequests(db).where(and(scope.where, eq(asRequests.idx, idx))).limit(1);
  if (!joined) throw notFound(AS_MSG.notFound);
  const r = joined.request;
  const events = await db.select({
    action: asRequestEvents.action, fromStatus: asRequestEvents.fromStatus, toStatus: asRequestEvents.toStatus, actorName: partnerships.companyName,
    actorType: asRequestEvents.actorType, detail: asRequestEvents.detail, createdAt: asRequestEvents.createdAt,
  }).from(asRequestEvents)
    .leftJoin(partnerships, eq(partnerships.idx, asRequestEvents.actorIdx))
    .where(and(eq(asRequestEvents.tenantIdx, r.tenantIdx), eq(asRequestEvents.requestIdx, r.idx)))
    .orderBy(asc(asRequestEvents.createdAt), asc(asRequestEvents.idx));
  return {
    ...toListRow(joined),
    categoryIdx: r.categoryIdx, optionIdx: r.optionIdx, requestMessage: r.requestMessage,
    receiverZipCode: r.receiverZipCode, receiverAddress1: r.receiverAddress1, receiverAddress2: r.receiverAddress2,
    images: r.images, imageUrls: r.images.map(mediaUrl), completeImages: r.completeImages, completeImageUrls: r.completeImages.map(mediaUrl),
    estimateComment: r.estimateComment, cancelReason: r.cancelReason, courier: r.courier, trackingNumber: r.trackingNumber,
    partnersMemo: r.partnersMemo, completedAt: r.completedAt?.toISOString() ?? null,
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    actions: asActionsFor(scope.side, r.partnerIdx !== null, r.status),
  };
}
