import type { SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_TERMS, PAGE_SIZES, splitSearchTerms } from '../../domain/listQuery';

/**
 * The list search declaration and the pure mapping between it, the query string and the
 * dataProvider filter. No React here, so the rules are unit-tested on their own.
 *
 * The URL uses the API's own flat names (docs/api-contract.md, issue 3):
 * `?searchType=name&searchText=a,b&startDate=2026-01-01&endDate=2026-01-31&categoryCode=1,2&page=2&pageSize=50&sort=createdAt,DESC`
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
  defaultPageSize?: number;
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

export const SEARCH_KEYS = ['searchType', 'searchText', 'startDate', 'endDate'] as const;
export const PAGING_KEYS = ['page', 'pageSize', 'sort'] as const;
const FALLBACK_SORT: SortPayload = { field: 'createdAt', order: 'DESC' };
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const SORT_RE = /^([A-Za-z_][\w.]*),(ASC|DESC)$/;

export function defaultSortOf(decl: SearchDeclaration): SortPayload {
  return decl.defaultSort ?? FALLBACK_SORT;
}

export function defaultPageSizeOf(decl: SearchDeclaration): number {
  return decl.defaultPageSize ?? DEFAULT_PAGE_SIZE;
}

/** The keys a declaration owns in the query string; any other parameter is left alone. */
export function ownedKeys(decl: SearchDeclaration): string[] {
  return [...SEARCH_KEYS, ...(decl.filters ?? []).map((f) => f.source), ...PAGING_KEYS];
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
  const values = emptySearchValues(decl);

  if (decl.searchTypes?.length) {
    const type = params.get('searchType');
    if (type && decl.searchTypes.some((t) => t.value === type)) values.searchType = type;
    // More terms than allowed in a link: keep the first MAX_SEARCH_TERMS rather than dropping the search.
    const raw = params.get('searchText') ?? '';
    const terms = splitSearchTerms(raw) ?? [...new Set(raw.split(/[,\r\n]+/).map((t) => t.trim()).filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
    values.searchText = terms.join(',');
  }

  if (decl.dateRange) {
    const start = params.get('startDate');
    const end = params.get('endDate');
    values.startDate = isDate(start) ? start : null;
    values.endDate = isDate(end) ? end : null;
    if (values.startDate && values.endDate && values.startDate > values.endDate) {
      [values.startDate, values.endDate] = [values.endDate, values.startDate];
    }
  }

  for (const f of decl.filters ?? []) {
    const raw = params.get(f.source);
    if (raw === null) continue;
    const allowed = new Set(f.options.map((o) => o.value));
    if (f.type === 'checkbox') {
      values.filters[f.source] = [...new Set(raw.split(',').map((v) => v.trim()))].filter((v) => allowed.has(v));
    } else if (allowed.has(raw)) {
      values.filters[f.source] = raw;
    }
  }

  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sortMatch = SORT_RE.exec(params.get('sort') ?? '');
  return {
    ...values,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : defaultPageSizeOf(decl),
    sort: sortMatch ? { field: sortMatch[1], order: sortMatch[2] as SortPayload['order'] } : defaultSortOf(decl),
  };
}

/** Commas stay readable in the address bar (`searchText=a,b`); everything else is encoded. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/**
 * List state → query string (with its `?`, or '' when empty). Defaults are omitted (page 1, the
 * default page size and sort, "all" filters); parameters the declaration does not own are kept.
 */
export function serializeListUrl(state: UrlListState, decl: SearchDeclaration, currentSearch = ''): string {
  const owned = new Set(ownedKeys(decl));
  const pairs: [string, string][] = [];
  for (const [k, v] of new URLSearchParams(currentSearch)) if (!owned.has(k)) pairs.push([k, v]);

  if (state.searchText) {
    if (decl.searchTypes?.length) pairs.push(['searchType', state.searchType]);
    pairs.push(['searchText', state.searchText]);
  }
  if (state.startDate) pairs.push(['startDate', state.startDate]);
  if (state.endDate) pairs.push(['endDate', state.endDate]);
  const empty = emptySearchValues(decl).filters;
  for (const f of decl.filters ?? []) {
    const v = state.filters[f.source];
    if (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '' && v !== empty[f.source]) {
      pairs.push([f.source, Array.isArray(v) ? v.join(',') : v]);
    }
  }
  if (state.page > 1) pairs.push(['page', String(state.page)]);
  if (state.pageSize !== defaultPageSizeOf(decl)) pairs.push(['pageSize', String(state.pageSize)]);
  const sort = defaultSortOf(decl);
  if (state.sort.field !== sort.field || state.sort.order !== sort.order) pairs.push(['sort', `${state.sort.field},${state.sort.order}`]);

  return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
}

/**
 * The dataProvider filter of a search: empty values dropped; `searchType` only with a search
 * text; checkbox arrays stay arrays (the dataProvider joins them with commas).
 */
export function toFilterPayload(values: ListSearchValues, decl: SearchDeclaration): Record<string, string | string[]> {
  const filter: Record<string, string | string[]> = {};
  if (values.searchText) {
    if (decl.searchTypes?.length && values.searchType) filter.searchType = values.searchType;
    filter.searchText = values.searchText;
  }
  if (values.startDate) filter.startDate = values.startDate;
  if (values.endDate) filter.endDate = values.endDate;
  for (const f of decl.filters ?? []) {
    const v = values.filters[f.source];
    if (Array.isArray(v) ? v.length > 0 : v) filter[f.source] = v;
  }
  return filter;
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
