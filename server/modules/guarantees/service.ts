import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TOTAL_CAP, estimateRows, totalOf } from '../../db/listTotals';
import { nfts } from '../../db/schema';
import type { NftSearchType, NftType } from '../../../src/domain/guarantee';
import { seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { selectGuarantees, toGuarantee } from './rows';

/**
 * The certificate history list: search, filters, sort and paging over one tenant's certificates,
 * with a capped exact total (an estimate beyond it). Rows are shaped by ./rows.ts.
 */

export interface NftQuery {
  page: number;
  pageSize: number;
  searchType: NftSearchType;
  terms: string[];
  from?: string;
  to?: string;
  dateType: 'createdAt' | 'issuedAt' | 'orderedAt';
  statuses: number[];
  templateIdx?: number;
  storeIdx?: number;
  requestRoutes: string[];
  nftType: NftType;
  sort: { field: 'createdAt' | 'issuedAt' | 'ordererName'; desc: boolean };
  /** Extra scope (a customer's or a product's certificates). */
  customerIdx?: number;
  partnersProductIdx?: number;
}

const COLLECT_FIRST_MAX = 5_000;

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One search term. Names of three or more characters: `<col>_lc LIKE lower(pattern)` on the
 * trigram-indexed lower-case copies; of exactly two characters (Korean names are searched so):
 * containment of the field-prefixed bigram in search_bigrams (GIN, migrations 0010/0011), the same
 * test. Phone: its digits, contained in the stored national digits; number and order id: ILIKE on
 * their trigram indexes (migration 0008). `all` ORs them; a term shorter than three characters
 * looks only at the names there (a two-digit phone or number fragment would match nearly everything
 * and can use no index).
 */
function termCondition(searchType: NftSearchType, term: string): SQL {
  const lowered = sql`lower(${containsPattern(term)})`;
  const digits = term.replace(/\D/g, '');
  const short = [...term].length < 3;
  const bigram = (prefix: string) => ([...term].length === 2 ? sql`${nfts.searchBigrams} && ARRAY[${prefix} || lower(${term})]::text[]` : null);
  const parts: Record<Exclude<NftSearchType, 'all'>, SQL | null> = {
    ordererName: bigram('o') ?? sql`${nfts.ordererNameLc} LIKE ${lowered}`,
    productName: bigram('p') ?? sql`${nfts.productNameLc} LIKE ${lowered}`,
    ordererTel: digits ? sql`${nfts.ordererTel} LIKE ${containsPattern(digits)}` : null,
    nftNumber: sql`${nfts.nftNumber} ILIKE ${containsPattern(term)}`,
    refOrderId: sql`${nfts.refOrderId} ILIKE ${containsPattern(term)}`,
  };
  if (searchType === 'all') {
    if ([...term].length === 2) return sql`${nfts.searchBigrams} && ARRAY['o' || lower(${term}), 'p' || lower(${term})]::text[]`;
    const fields = short ? [parts.ordererName, parts.productName] : Object.values(parts);
    return or(...fields.filter((p): p is SQL => p !== null))!;
  }
  return parts[searchType] ?? sql`false`;
}

function whereOf(tenantIdx: number, q: NftQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftType, q.nftType), isNull(nfts.deletedAt)];
  if (q.terms.length) parts.push(or(...q.terms.map((term) => termCondition(q.searchType, term))));
  if (q.statuses.length) parts.push(q.statuses.length === 1 ? eq(nfts.nftStatus, q.statuses[0]) : inArray(nfts.nftStatus, q.statuses));
  if (q.templateIdx !== undefined) parts.push(eq(nfts.nftTemplateIdx, q.templateIdx));
  if (q.storeIdx !== undefined) parts.push(eq(nfts.storeIdx, q.storeIdx));
  if (q.requestRoutes.length) parts.push(q.requestRoutes.length === 1 ? eq(nfts.requestRoute, q.requestRoutes[0]) : inArray(nfts.requestRoute, q.requestRoutes));
  if (q.customerIdx !== undefined) parts.push(eq(nfts.customerIdx, q.customerIdx));
  if (q.partnersProductIdx !== undefined) parts.push(eq(nfts.partnersProductIdx, q.partnersProductIdx));
  if (q.dateType === 'orderedAt') {
    if (q.from) parts.push(gte(nfts.orderedAt, q.from));
    if (q.to) parts.push(lte(nfts.orderedAt, q.to));
  } else {
    const column = q.dateType === 'issuedAt' ? nfts.issuedAt : nfts.createdAt;
    if (q.from) parts.push(gte(column, seoulDayStart(q.from)));
    if (q.to) parts.push(lt(column, seoulDayEnd(q.to)));
  }
  return and(...parts)!;
}

const SORT_COLUMNS = { createdAt: nfts.createdAt, issuedAt: nfts.issuedAt, ordererName: nfts.ordererName };
/** The same orders as expressions no index provides: a narrow search collects its matches, then sorts them (see products). */
const UNINDEXED_SORT = {
  createdAt: sql`${nfts.createdAt} + interval '0 seconds'`,
  issuedAt: sql`${nfts.issuedAt} + interval '0 seconds'`,
  ordererName: sql`${nfts.ordererName} || ''`,
};

/** Issue date: never-issued rows last either way, matching the ASC index and the DESC NULLS LAST one (migration 0011). */
function orderOf(sort: NftQuery['sort'], collectFirst: boolean): SQL[] {
  const column = collectFirst ? UNINDEXED_SORT[sort.field] : SORT_COLUMNS[sort.field];
  if (sort.field === 'issuedAt') {
    return [sql`${column} ${sql.raw(sort.desc ? 'DESC' : 'ASC')} NULLS LAST`, sql`${nfts.idx} ${sql.raw(sort.desc ? 'DESC NULLS LAST' : 'ASC')}`];
  }
  const direction = sort.desc ? desc : asc;
  return [direction(column), direction(nfts.idx)];
}

export async function listGuarantees(db: Db, tenantIdx: number, q: NftQuery) {
  if (isUnfiltered(q)) return listUnfiltered(db, tenantIdx, q);
  const where = whereOf(tenantIdx, q);
  const estimate = await estimateRows(db, nfts, where);
  const collectFirst = estimate <= COLLECT_FIRST_MAX && (q.terms.length > 0 || q.customerIdx !== undefined || q.partnersProductIdx !== undefined);
  const [rows, total] = await Promise.all([
    selectGuarantees(db).where(where)
      .orderBy(...orderOf(q.sort, collectFirst))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    totalOf(db, nfts, where, estimate),
  ]);
  return { list: rows.map(toGuarantee), ...total };
}

/** No search, filter or extra scope: the list as the console opens it, in any sort. */
const isUnfiltered = (q: NftQuery) =>
  !q.terms.length && !q.statuses.length && !q.requestRoutes.length && !q.from && !q.to && q.templateIdx === undefined
  && q.storeIdx === undefined && q.customerIdx === undefined && q.partnersProductIdx === undefined;

function prepareUnfiltered(db: Db, sort: NftQuery['sort']) {
  const where = and(eq(nfts.tenantIdx, sql.placeholder('tenantIdx')), eq(nfts.nftType, sql.placeholder('nftType')), isNull(nfts.deletedAt));
  const capped = db.select({ one: sql`1` }).from(nfts).where(where).limit(TOTAL_CAP + 1).as('capped');
  return {
    rows: selectGuarantees(db).where(where).orderBy(...orderOf(sort, false))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
      .prepare(`nft_list_${sort.field}_${sort.desc ? 'desc' : 'asc'}`),
    count: db.select({ n: count() }).from(capped).prepare('nft_count_unfiltered'),
  };
}
type UnfilteredQueries = ReturnType<typeof prepareUnfiltered>;
const unfilteredByDb = new WeakMap<Db, Map<string, UnfilteredQueries>>();

/**
 * The unfiltered list, its statements prepared once per database and sort (named on node-postgres,
 * so each connection plans them once), with no query building on the request path. The capped count
 * runs beside the page rather than after the planner's estimate: one round trip for a tenant of up to
 * TOTAL_CAP guarantees; above that the estimate follows, as in totalOf.
 */
async function listUnfiltered(db: Db, tenantIdx: number, q: NftQuery) {
  let byDb = unfilteredByDb.get(db);
  if (!byDb) unfilteredByDb.set(db, (byDb = new Map()));
  const key = `${q.sort.field}:${q.sort.desc}`;
  let queries = byDb.get(key);
  if (!queries) byDb.set(key, (queries = prepareUnfiltered(db, q.sort)));
  const params = { tenantIdx, nftType: q.nftType, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const [rows, [{ n }]] = await Promise.all([queries.rows.execute(params), queries.count.execute(params)]);
  const total = n <= TOTAL_CAP
    ? { total: n, totalIsEstimate: false }
    : { total: Math.max(await estimateRows(db, nfts, whereOf(tenantIdx, q)), TOTAL_CAP + 1), totalIsEstimate: true };
  return { list: rows.map(toGuarantee), ...total };
}


