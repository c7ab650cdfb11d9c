import type { FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { FIELD_MSG } from '../../../src/domain/messages';
import { DEFAULT_PAGE_SIZE, LIST_MSG, splitSearchTerms } from '../../../src/domain/listQuery';
import {
  GUARANTEE_API_MSG, GUARANTEE_MSG, IDEMPOTENCY_KEY_MAX, NFT_BULK_MAX_ROWS, NFT_DASHBOARD_PERIODS, NFT_DATE_TYPES, NFT_LIST_PAGE_SIZES,
  NFT_SEARCH_TYPES, NFT_SORT_FIELDS, NFT_STATUS_FILTER_VALUES, NFT_TYPES, NFT_USE_MEMO_MAX, REQUEST_ROUTE_VALUES, cancelReasonSchema,
  isYmd, statusesForFilter,
  type NftDashboardPeriod, type NftSearchType, type NftStatus, type NftType,
} from '../../../src/domain/guarantee';
import { guaranteeSchema } from '../../../src/domain/resources/guarantee';
import { MEMBERSHIP_GRADE_ROUTE } from '../../../src/domain/membershipIssue';
import type { FieldErrors } from '../../../src/domain/errors';
import { idxJson, isIdx } from '../../../src/domain/integers';
import { validationFailed } from '../../http/errors';
import { idxParams, pagingQuery, readPaging, type PageRule } from '../../http/params';
import { headerCheck } from '../../http/routeInput';
import { validateWith } from '../../http/validate';
import { idempotencyKeyHeader } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import type { NftQuery } from './service';

/** What the guarantee routes accept, checked before their handlers (http/routeInput.ts). */

export const guaranteeParams = idxParams(GUARANTEE_MSG.notFound);
export const customerParams = idxParams(GUARANTEE_API_MSG.customerNotFound);

/** The history's page sizes: 1000 is the spreadsheet export's. */
export const NFT_PAGES: PageRule = { sizes: NFT_LIST_PAGE_SIZES, defaultSize: DEFAULT_PAGE_SIZE, sizeMessage: GUARANTEE_API_MSG.pageSizeInvalid };
export const nftPagingQuery = pagingQuery(NFT_PAGES);

const listOf = (raw: string | undefined) => (raw ? raw.split(',').map((v) => v.trim()).filter(Boolean) : []);

/** The history query, checked: bad paging, search or filters answer 400 naming the parameter. */
export function parseNftQuery(raw: unknown): NftQuery {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const { page, pageSize } = readPaging(query, errors, NFT_PAGES);
  const searchType = (query.search || 'all') as NftSearchType;
  if (!NFT_SEARCH_TYPES.includes(searchType)) errors.search = GUARANTEE_API_MSG.searchTypeInvalid;
  const terms = splitSearchTerms(query.keyword);
  if (terms === null) errors.keyword = LIST_MSG.tooManyTerms;
  const dateType = (query.dateType || 'createdAt') as NftQuery['dateType'];
  if (!NFT_DATE_TYPES.includes(dateType)) errors.dateType = GUARANTEE_API_MSG.dateTypeInvalid;
  if (query.from && !isYmd(query.from)) errors.from = FIELD_MSG.dateFormat;
  if (query.to && !isYmd(query.to)) errors.to = FIELD_MSG.dateFormat;
  const statusValues = listOf(query.nftStatus).map(Number);
  if (statusValues.some((s) => !(NFT_STATUS_FILTER_VALUES as readonly number[]).includes(s))) errors.nftStatus = GUARANTEE_API_MSG.statusFilterInvalid;
  const statuses = [...new Set(statusValues.flatMap((s) => statusesForFilter(s as NftStatus)))];
  const requestRoutes = listOf(query.requestRoute);
  // Memberships also have the grade job's route (src/domain/membershipIssue.ts).
  if (requestRoutes.some((r) => !(REQUEST_ROUTE_VALUES as string[]).includes(r) && r !== MEMBERSHIP_GRADE_ROUTE)) errors.requestRoute = GUARANTEE_API_MSG.requestRouteFilterInvalid;
  const nftType = (query.nftType || 'GUARANTEE') as NftType;
  if (!NFT_TYPES.includes(nftType)) errors.nftType = GUARANTEE_API_MSG.nftTypeInvalid;
  const key = (name: 'templateIdx' | 'storeIdx') => {
    if (!query[name]) return undefined;
    const v = Number(query[name]);
    if (!isIdx(v)) errors[name] = GUARANTEE_API_MSG.idxInvalid;
    return v;
  };
  const templateIdx = key('templateIdx');
  const storeIdx = key('storeIdx');
  if (Object.keys(errors).length) throw validationFailed(errors);
  const [field, dir] = String(query.sort ?? '').split(',');
  const sort = (NFT_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as NftQuery['sort']['field'], desc: dir?.toUpperCase() !== 'ASC' }
    : { field: 'createdAt' as const, desc: true };
  return {
    page, pageSize, searchType, terms: terms ?? [], dateType, from: query.from || undefined, to: query.to || undefined,
    statuses, requestRoutes, nftType, templateIdx, storeIdx, sort,
  };
}

/** The certificate holders' query: a keyword and the plain paging. */
export const holdersQuery = (raw: unknown) => ({ keyword: (raw as { keyword?: string } | null)?.keyword, ...pagingQuery()(raw) });

export function dashboardQuery(raw: unknown): { period: NftDashboardPeriod; nftType: NftType } {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const period = (query.dateType || '7d') as NftDashboardPeriod;
  const nftType = (query.nftType || 'GUARANTEE') as NftType;
  const errors: FieldErrors = {};
  if (!(period in NFT_DASHBOARD_PERIODS)) errors.dateType = GUARANTEE_API_MSG.dashboardPeriodInvalid;
  if (!NFT_TYPES.includes(nftType)) errors.nftType = GUARANTEE_API_MSG.nftTypeInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { period, nftType };
}

/**
 * 1..1000 guarantee idx as sent (numbers, not numeric strings), refused with one message on the
 * list: the console sends the selection, so a bad item is a bad list.
 */
const nftIdxListRule = yup
  .array(yup.mixed<number>().meta({ jsonSchema: idxJson() }))
  .typeError(GUARANTEE_API_MSG.idxListRequired)
  .required(GUARANTEE_API_MSG.idxListRequired)
  .test('nft-idx-list', GUARANTEE_API_MSG.idxListRequired, function check() {
    const list = this.originalValue as unknown;
    return Array.isArray(list) && list.length > 0 && list.length <= NFT_BULK_MAX_ROWS && list.every(isIdx);
  })
  .transform((list: unknown) => (Array.isArray(list) ? [...new Set(list as number[])] : list));

/** `{ nftIdxList }` of a bulk status change. */
export const nftIdxListSchema = yup.object({ nftIdxList: nftIdxListRule });

/** The pending certificates' cancellation: the form's reason with the bulk routes' list rule. */
export const cancelPendingSchema = cancelReasonSchema.shape({ nftIdxList: nftIdxListRule });

/** The bulk preview's catalogue look-up: 1..1000 model numbers, strings as sent. */
export const catalogueLookupSchema = yup.object({
  modelNumbers: yup
    .array(yup.mixed<string>().meta({ jsonSchema: { type: 'string' } }))
    .typeError(GUARANTEE_API_MSG.modelNumbersInvalid)
    .required(GUARANTEE_API_MSG.modelNumbersInvalid)
    .test('model-numbers', GUARANTEE_API_MSG.modelNumbersInvalid, function check() {
      const list = this.originalValue as unknown;
      return Array.isArray(list) && list.length > 0 && list.length <= NFT_BULK_MAX_ROWS && list.every((m) => typeof m === 'string');
    }),
});

/** How a certificate is issued: product (now, 3) or excel (issue pending, 1); blank is product. */
const requestRouteRule = yup
  .string()
  .transform((value: unknown) => (value === null || value === '' ? undefined : value))
  .oneOf(['product', 'excel'], GUARANTEE_API_MSG.requestRouteInvalid)
  .default('product');

/**
 * `nftStatus: 'request'` (spec 2: the admin A/S intake's issue request) starts the certificate as
 * an issue request (1, 발급 대기) without the customer's issue message; any other value is refused.
 */
const nftStatusRule = yup
  .string()
  .transform((value: unknown) => (value === null || value === '' ? undefined : value))
  .oneOf(['request'], GUARANTEE_API_MSG.nftStatusInvalid)
  .optional();

/** One certificate to issue: the register form's schema and how it is issued. */
export const issueBodySchema = guaranteeSchema.shape({ requestRoute: requestRouteRule, nftStatus: nftStatusRule });

/** A multi-brand (cooperator) account names the brand of every certificate it issues. */
export const requiresBrand = (request: FastifyRequest) => principalOf(request).b2bType === 'cooperator';

/** The issue body, checked with the tenant's brand rule before the handler looks anything up. */
export const issueBody = (raw: unknown, request: FastifyRequest) => validateWith(issueBodySchema, raw, { requireBrand: requiresBrand(request) });

/**
 * A spreadsheet batch: its retry key and 1..1000 rows. The rows are checked as rows by the
 * service (each refused row named in the answer's `failed`, ./bulk.ts), so here only their number.
 */
export const bulkIssueSchema = yup.object({
  batchKey: yup.string().trim().required(GUARANTEE_API_MSG.batchKeyRequired).max(100, GUARANTEE_API_MSG.batchKeyRequired),
  rows: yup
    .array(yup.mixed().meta({ jsonSchema: bodyFromYup(guaranteeSchema, '보증서 입력 (POST nft 본문과 같음, requestRoute 없이)') }))
    .typeError(GUARANTEE_API_MSG.rowsRequired)
    .required(GUARANTEE_API_MSG.rowsRequired)
    .min(1, GUARANTEE_API_MSG.rowsRequired)
    .max(NFT_BULK_MAX_ROWS, GUARANTEE_API_MSG.rowsMax),
});

export type UseInput = { kind: 'record'; nftIdx: number; memo: string | null } | { kind: 'count'; from: string; to: string };

/** `{nftIdx, memo?}` records a use; `{from, to}` alone counts the uses of a period. */
export function useBody(raw: unknown): UseInput {
  const body = (raw ?? {}) as { nftIdx?: unknown; memo?: unknown; from?: unknown; to?: unknown };
  const errors: FieldErrors = {};
  if (body.nftIdx === undefined || body.nftIdx === null) {
    if (typeof body.from !== 'string' || !isYmd(body.from)) errors.from = FIELD_MSG.dateFormat;
    if (typeof body.to !== 'string' || !isYmd(body.to)) errors.to = FIELD_MSG.dateFormat;
    if (Object.keys(errors).length) throw validationFailed({ nftIdx: GUARANTEE_API_MSG.usedQueryInvalid, ...errors });
    return { kind: 'count', from: body.from as string, to: body.to as string };
  }
  const nftIdx = Number(body.nftIdx);
  if (!isIdx(nftIdx)) errors.nftIdx = GUARANTEE_API_MSG.idxInvalid;
  const memo = typeof body.memo === 'string' && body.memo.trim() ? body.memo.trim() : null;
  if (memo && memo.length > NFT_USE_MEMO_MAX) errors.memo = GUARANTEE_API_MSG.memoTooLong;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { kind: 'record', nftIdx, memo };
}

/** The batch key of a single issue's `Idempotency-Key` header (`idem:<key>`), null without one; a key over the limit is a 400 naming the header. */
export function idempotencyBatchKey(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (key.length > IDEMPOTENCY_KEY_MAX) throw validationFailed({ 'Idempotency-Key': GUARANTEE_API_MSG.idempotencyKeyInvalid });
  return key ? `idem:${key}` : null;
}

/** `config.input.headers` of a single issue: its Idempotency-Key checked before the handler, and documented. */
export const idempotencyKeyInput = headerCheck(idempotencyBatchKey, idempotencyKeyHeader({ maxLength: IDEMPOTENCY_KEY_MAX }));
