import { AS_MSG, AS_REQUEST_MSG, AS_SEARCH_TYPES, AS_STATUS_FILTERS, type AsSearchType, type AsStatus, type AsType } from '../../../src/domain/afterService';
import type { FieldErrors } from '../../../src/domain/errors';
import { LIST_MSG, splitSearchTerms } from '../../../src/domain/listQuery';
import { FIELD_MSG } from '../../../src/domain/messages';
import { isYmd } from '../../../src/domain/seoulDay';
import { validationFailed } from '../../http/errors';
import { idxParams, readPaging } from '../../http/params';
import { isIdx } from '../../../src/domain/integers';

/** What the request routes accept, checked before their handlers (http/routeInput.ts). */

/** A request's idx in the path: anything but a positive integer cannot name a request (404). */
export const requestParams = idxParams(AS_MSG.notFound);
export const memoParams = idxParams(AS_REQUEST_MSG.memoNotFound);

export interface AsListQuery {
  page: number;
  pageSize: number;
  statuses: AsStatus[];
  searchType: AsSearchType;
  terms: string[];
  /** Seoul days (YYYY-MM-DD) of createdAt, both included. */
  from?: string;
  to?: string;
  optionIdx?: number;
}

/** The history query of one kind: bad paging, status, search, dates or option answer 400 naming the parameter. */
export const listQueryOf = (type: AsType) => (raw: unknown): AsListQuery => {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const { page, pageSize } = readPaging(query, errors);
  const statuses = (query.status ?? '').split(',').map((s) => s.trim()).filter(Boolean) as AsStatus[];
  if (statuses.some((s) => !AS_STATUS_FILTERS[type].includes(s))) errors.status = AS_REQUEST_MSG.statusInvalid;
  const searchType = (query.search || 'all') as AsSearchType;
  if (!AS_SEARCH_TYPES.includes(searchType)) errors.search = AS_REQUEST_MSG.searchInvalid;
  const terms = splitSearchTerms(query.keyword);
  if (terms === null) errors.keyword = LIST_MSG.tooManyTerms;
  if (query.from && !isYmd(query.from)) errors.from = FIELD_MSG.dateFormat;
  if (query.to && !isYmd(query.to)) errors.to = FIELD_MSG.dateFormat;
  const optionIdx = query.optionIdx ? Number(query.optionIdx) : undefined;
  if (optionIdx !== undefined && !isIdx(optionIdx)) errors.optionIdx = AS_REQUEST_MSG.optionInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { page, pageSize, statuses: [...new Set(statuses)], searchType, terms: terms ?? [], from: query.from || undefined, to: query.to || undefined, optionIdx };
};
