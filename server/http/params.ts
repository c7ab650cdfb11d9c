import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/listQuery';
import type { FieldErrors } from '../../src/domain/errors';
import { FIELD_MSG } from '../../src/domain/messages';
import { IDX_MAX, IDX_MIN, idxJson } from '../../src/domain/integers';
import { notFound, validationFailed } from './errors';

/**
 * The path and paging parameters every list and row route reads, parsed once here so that each
 * route answers them alike: a bad idx is the row's 404 (it cannot name a row), a bad page or page
 * size a 400 naming the parameter.
 */

/** A path idx that is not a positive integer cannot name a row: answer as not found, with the row's message. */
export function parseIdx(raw: unknown, message?: string): number {
  const idx = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  if (!Number.isSafeInteger(idx) || idx < IDX_MIN || idx > IDX_MAX) throw notFound(message);
  return idx;
}

/**
 * What a parser accepts, by parameter, as JSON Schema keywords: the route's documented parameters
 * take them (http/routeInput.ts), so OpenAPI shows the bounds the parser applies.
 */
export interface DocumentedParser {
  accepts?: Record<string, Record<string, unknown>>;
}

/** The `{ idx }` path of a row route (or the key's own name), for `config.input.params`; a key outside IDX_MIN..IDX_MAX is the row's 404. */
export const idxParams = <K extends string = 'idx'>(message?: string, key = 'idx' as K) =>
  Object.assign((raw: unknown) => ({ [key]: parseIdx((raw as Record<string, unknown> | null)?.[key], message) }) as Record<K, number>, {
    accepts: { [key]: idxJson() },
  } satisfies DocumentedParser);

export interface Paging { page: number; pageSize: number }

/** Which page sizes a list offers (a list of them, or any up to a maximum), its default, and the message naming the offer. */
export interface PageRule { sizes: readonly number[] | { max: number }; defaultSize: number; sizeMessage: string }

const sizeAllowed = ({ sizes }: PageRule, size: number) =>
  Array.isArray(sizes) ? sizes.includes(size) : Number.isSafeInteger(size) && size >= 1 && size <= (sizes as { max: number }).max;
const sizesText = ({ sizes }: PageRule) => (Array.isArray(sizes) ? sizes.join(' | ') : `1~${(sizes as { max: number }).max}`);

export const DEFAULT_PAGE_RULE: PageRule = { sizes: PAGE_SIZES, defaultSize: DEFAULT_PAGE_SIZE, sizeMessage: FIELD_MSG.pageSizeInvalid };

/**
 * `page` (1 when absent) and `pageSize` (the rule's default when absent) of a list query. Problems
 * are added to `errors`, so a list parser reports them with its other parameters.
 */
export function readPaging(query: Record<string, unknown>, errors: FieldErrors, rule: PageRule = DEFAULT_PAGE_RULE): Paging {
  const page = query.page === undefined || query.page === '' ? 1 : Number(query.page);
  if (!Number.isSafeInteger(page) || page < 1) errors.page = FIELD_MSG.pageInvalid;
  const pageSize = query.pageSize === undefined || query.pageSize === '' ? rule.defaultSize : Number(query.pageSize);
  if (!sizeAllowed(rule, pageSize)) errors.pageSize = rule.sizeMessage;
  // A page whose rows start beyond any safe offset is a mistake, not a page to clamp (nor a value for the driver).
  else if (!errors.page && !Number.isSafeInteger((page - 1) * pageSize)) errors.page = FIELD_MSG.pageInvalid;
  return { page, pageSize };
}

/** A query of paging only, for `config.input.query`: 400 naming the bad parameter. */
export const pagingQuery = (rule: PageRule = DEFAULT_PAGE_RULE) => (raw: unknown): Paging => {
  const errors: FieldErrors = {};
  const paging = readPaging((raw ?? {}) as Record<string, unknown>, errors, rule);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return paging;
};

/** The OpenAPI properties of `page` and `pageSize` under a rule, with the bounds readPaging applies. */
export const pagingDocs = (rule: PageRule = DEFAULT_PAGE_RULE, note = '') => ({
  page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '1부터' },
  pageSize: {
    type: 'integer',
    ...(Array.isArray(rule.sizes) ? { enum: [...rule.sizes] } : { minimum: 1, maximum: (rule.sizes as { max: number }).max }),
    description: `${sizesText(rule)} (기본 ${rule.defaultSize}${note})`,
  },
});
