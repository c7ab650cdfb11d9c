import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/listQuery';
import type { FieldErrors } from '../../src/domain/errors';
import { FIELD_MSG } from '../../src/domain/messages';
import { notFound, validationFailed } from './errors';

/**
 * The path and paging parameters every list and row route reads, parsed once here so that each
 * route answers them alike: a bad idx is the row's 404 (it cannot name a row), a bad page or page
 * size a 400 naming the parameter.
 */

/** The largest value of a PostgreSQL integer column: a bigger idx cannot name a row (and must not reach the driver). */
const MAX_IDX = 2_147_483_647;

/** A path idx that is not a positive integer cannot name a row: answer as not found, with the row's message. */
export function parseIdx(raw: unknown, message?: string): number {
  const idx = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  if (!Number.isSafeInteger(idx) || idx <= 0 || idx > MAX_IDX) throw notFound(message);
  return idx;
}

/** The `{ idx }` path of a row route (or the key's own name), for `config.input.params`. */
export const idxParams = <K extends string = 'idx'>(message?: string, key = 'idx' as K) => (raw: unknown) =>
  ({ [key]: parseIdx((raw as Record<string, unknown> | null)?.[key], message) }) as Record<K, number>;

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

const int = (description: string) => ({ type: 'integer', description });

/** The OpenAPI properties of `page` and `pageSize` under a rule. */
export const pagingDocs = (rule: PageRule = DEFAULT_PAGE_RULE, note = '') => ({
  page: int('1부터'),
  pageSize: int(`${sizesText(rule)} (기본 ${rule.defaultSize}${note})`),
});
