import type { SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_TERMS, PAGE_SIZES, splitSearchTerms } from '../../domain/listQuery';
import { filterReader, pagingKeysOf, readSort, searchNamesOf, sortPairs, type ListQueryNames } from './queryNames';

/**
 * The list search declaration and the pure mapping between it, the query string and the
 * dataProvider filter. No React here, so the rules are unit-tested on their own.
 *
 * The URL uses the API's own flat names (docs/api-contract.md, issue 3):
 * `?searchType=name&searchText=a,b&startDate=2026-01-01&endDate=2026-01-31&categoryCode=1,2&page=2&pageSize=50&sort=createdAt,DESC`,
 * or the declaration's own `names` (queryNames.ts). The dataProvider filter carries the same names.
 */

export interface ListOption {
  value: string;
  /** Text or an i18n key. */
  label: string;
}

interface FilterBase {
  /** The query parameter (and dataProvider filter key), e.g. `categoryCode`. */
  source: string;
  /** Text or an i18n key. */
  label: string;
  options: ListOption[];
}

/** A radio group or a select: one value; an "all" choice (value '') first unless `allLabel: false`. */
export interface SingleFilterSpec extends FilterBase {
  type: 'radio' | 'select';
  allLabel?: string | false;
}

/** A checkbox group: any number of values, sent as a comma list; none checked means all. */
export interface CheckboxFilterSpec extends FilterBase {
  type: 'checkbox';
  /** In a filter object (`names.filterObject`), the values are numbers: `"groupIdx":[1,2]`. */
  numeric?: boolean;
  /**
   * Values a URL may carry beyond the options, e.g. ids whose options are still loading (a filter
   * without options is not shown, but its values stay in force).
   */
  accept?: RegExp;
}

export type FilterSpec = SingleFilterSpec | CheckboxFilterSpec;

export interface SearchDeclaration {
  /** The search field's type dropdown; without it there is no search field. The first is the default. */
  searchTypes?: ListOption[];
  filters?: FilterSpec[];
  /** Shows the date presets and the start/end inputs (`startDate`, `endDate`). */
  dateRange?: boolean;
  /** Label of the date row (text or i18n key); `app.list.period` by default. */
  dateLabel?: string;
  /** Sort when the URL has none; the URL omits it while it is in force. */
  defaultSort?: SortPayload;
  /** The fields a URL may sort by; any other falls back to the default sort's field. Any field by default. */
  sortFields?: readonly string[];
  defaultPageSize?: number;
  /** Query names other than the machinery's (see queryNames.ts). */
  names?: ListQueryNames;
}

/** What the search panel edits: the applied search, without paging. */
export interface ListSearchValues {
  searchType: string;
  /** Normalized terms joined by commas ('' when none). */
  searchText: string;
  startDate: string | null;
  endDate: string | null;
  /** radio/select: a string ('' = all); checkbox: an array. */
  filters: Record<string, string | string[]>;
}

export interface UrlListState extends ListSearchValues {
  page: number;
  pageSize: number;
  sort: SortPayload;
}

const FALLBACK_SORT: SortPayload = { field: 'createdAt', order: 'DESC' };
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function defaultSortOf(decl: SearchDeclaration): SortPayload {
  return decl.defaultSort ?? FALLBACK_SORT;
}

export function defaultPageSizeOf(decl: SearchDeclaration): number {
  return decl.defaultPageSize ?? DEFAULT_PAGE_SIZE;
}

/** The keys a declaration owns in the query string; any other parameter is left alone. */
export function ownedKeys(decl: SearchDeclaration): string[] {
  const names = searchNamesOf(decl.names);
  const filterObject = decl.names?.filterObject;
  const filters = filterObject ? [filterObject.param] : [names.startDate, names.endDate, ...(decl.filters ?? []).map((f) => f.source)];
  return [names.searchType, names.searchText, ...filters, ...pagingKeysOf(decl.names)];
}

export function emptySearchValues(decl: SearchDeclaration): ListSearchValues {
  const filters: Record<string, string | string[]> = {};
  for (const f of decl.filters ?? []) filters[f.source] = f.type === 'checkbox' ? [] : f.type === 'select' || f.allLabel !== false ? '' : (f.options[0]?.value ?? '');
  return { searchType: decl.searchTypes?.[0]?.value ?? '', searchText: '', startDate: null, endDate: null, filters };
}

function isDate(v: string | null): v is string {
  return v !== null && DATE_RE.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime());
}

/** Query string → list state. Anything invalid falls back to its default, so a hand-edited link never breaks the list. */
export function parseListUrl(search: string, decl: SearchDeclaration): UrlListState {
  const params = new URLSearchParams(search);
  const names = searchNamesOf(decl.names);
  const read = filterReader(params, decl.names);
  const values = emptySearchValues(decl);

  if (decl.searchTypes?.length) {
    const type = params.get(names.searchType);
    if (type && decl.searchTypes.some((t) => t.value === type)) values.searchType = type;
    // More terms than allowed in a link: keep the first MAX_SEARCH_TERMS rather than dropping the search.
    const raw = params.get(names.searchText) ?? '';
    const terms = splitSearchTerms(raw) ?? [...new Set(raw.split(/[,\r\n]+/).map((t) => t.trim()).filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
    values.searchText = terms.join(',');
  }

  if (decl.dateRange) {
    const start = read(names.startDate);
    const end = read(names.endDate);
    values.startDate = isDate(start) ? start : null;
    values.endDate = isDate(end) ? end : null;
    if (values.startDate && values.endDate && values.startDate > values.endDate) {
      [values.startDate, values.endDate] = [values.endDate, values.startDate];
    }
  }

  for (const f of decl.filters ?? []) {
    const raw = read(f.source);
    if (raw === null) continue;
    const allowed = new Set(f.options.map((o) => o.value));
    if (f.type === 'checkbox') {
      values.filters[f.source] = [...new Set(raw.split(',').map((v) => v.trim()))].filter((v) => allowed.has(v) || f.accept?.test(v));
    } else if (allowed.has(raw)) {
      values.filters[f.source] = raw;
    }
  }

  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = readSort(params, decl.names ?? {}, defaultSortOf(decl));
  return {
    ...values,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : defaultPageSizeOf(decl),
    sort: !decl.sortFields || decl.sortFields.includes(sort.field) ? sort : { ...sort, field: defaultSortOf(decl).field },
  };
}

/** Commas, and the braces, brackets and colons of a filter object, stay readable in the address bar; everything else is encoded. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%(2C|3A|7B|7D|5B|5D)/gi, (escaped) => decodeURIComponent(escaped));
}

type SearchPair = [string, string | string[]];

/**
 * The search's query pairs, in the declaration's names. The URL (`forUrl`) leaves out what a link does
 * not need (a default search type when the names say so, a filter at its default choice); the
 * dataProvider filter sends every chosen value. Empty values are dropped from both.
 */
function searchPairs(values: ListSearchValues, decl: SearchDeclaration, forUrl: boolean): SearchPair[] {
  const names = searchNamesOf(decl.names);
  const pairs: SearchPair[] = [];
  if (values.searchText) {
    const defaultType = values.searchType === decl.searchTypes?.[0]?.value;
    if (decl.searchTypes?.length && values.searchType && !(forUrl && decl.names?.omitDefaultSearchType && defaultType)) pairs.push([names.searchType, values.searchType]);
    pairs.push([names.searchText, values.searchText]);
  }
  const empty = emptySearchValues(decl).filters;
  const filters: SearchPair[] = [];
  for (const f of decl.filters ?? []) {
    const v = values.filters[f.source];
    if (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '' && !(forUrl && v === empty[f.source])) filters.push([f.source, v]);
  }
  const dates: SearchPair[] = [];
  if (values.startDate) dates.push([names.startDate, values.startDate]);
  if (values.endDate) dates.push([names.endDate, values.endDate]);
  const filterObject = decl.names?.filterObject;
  if (!filterObject) return [...pairs, ...dates, ...filters];
  const numeric = new Set((decl.filters ?? []).filter((f) => f.type === 'checkbox' && f.numeric).map((f) => f.source));
  const object = Object.fromEntries([...filters, ...dates].map(([k, v]) => [k, numeric.has(k) && Array.isArray(v) ? v.map(Number) : v]));
  return Object.keys(object).length ? [...pairs, [filterObject.param, JSON.stringify(object)]] : pairs;
}

/**
 * List state → query string (with its `?`, or '' when empty). Defaults are omitted (page 1, the
 * default page size and sort, "all" filters); parameters the declaration does not own are kept.
 */
export function serializeListUrl(state: UrlListState, decl: SearchDeclaration, currentSearch = ''): string {
  const owned = new Set(ownedKeys(decl));
  const pairs: [string, string][] = [];
  for (const [k, v] of new URLSearchParams(currentSearch)) if (!owned.has(k)) pairs.push([k, v]);
  for (const [k, v] of searchPairs(state, decl, true)) pairs.push([k, Array.isArray(v) ? v.join(',') : v]);
  if (state.page > 1) pairs.push(['page', String(state.page)]);
  if (state.pageSize !== defaultPageSizeOf(decl)) pairs.push(['pageSize', String(state.pageSize)]);
  const sort = defaultSortOf(decl);
  if (state.sort.field !== sort.field || state.sort.order !== sort.order) pairs.push(...sortPairs(state.sort, decl.names ?? {}));

  return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
}

/**
 * The dataProvider filter of a search: empty values dropped; the search type only with a search
 * text; checkbox arrays stay arrays (the dataProvider joins them with commas).
 */
export function toFilterPayload(values: ListSearchValues, decl: SearchDeclaration): Record<string, string | string[]> {
  return Object.fromEntries(searchPairs(values, decl, false));
}

/** A dataProvider-style filter object (react-admin's setFilters) → search values. */
export function fromFilterPayload(filter: Record<string, unknown>, decl: SearchDeclaration): ListSearchValues {
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || v === null || v === '') continue;
    pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`);
  }
  const { page: _p, pageSize: _s, sort: _o, ...values } = parseListUrl(pairs.join('&'), decl);
  void _p;
  void _s;
  void _o;
  return values;
}

/** Same search (ignoring paging)? Used to keep the panel's draft in step with the URL. */
export function sameSearch(a: ListSearchValues, b: ListSearchValues): boolean {
  return JSON.stringify(pickSearch(a)) === JSON.stringify(pickSearch(b));
}

/** Only the search values of a larger object (e.g. the URL state with its paging). */
export function pickSearch({ searchType, searchText, startDate, endDate, filters }: ListSearchValues): ListSearchValues {
  return { searchType, searchText, startDate, endDate, filters };
}
