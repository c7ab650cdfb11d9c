import { DEFAULT_PAGE_SIZE, MAX_SEARCH_TERMS, PAGE_SIZES, splitSearchTerms } from '../../domain/listQuery';
import type { ListSearchValues, SearchDeclaration } from '../../custom/list';

/**
 * The customer list's query string with the spec's own names (spec 3 section 2):
 * `?searchTarget=name&searchKeyword=김,이&page=2&pageSize=50&orderBy=totalOrderPrice&orderDirection=ASC
 * &filterOptions={"gender":"F","groupIdx":[1,2],"isAgreeMarketing":"Y","registeredFrom":"2026-01-01"}`
 * (filterOptions keys are the API's: src/domain/customer.ts parseCustomerFilters).
 * The API takes the same names (GET /v1/admin/customers), so URL → request is a copy. Defaults are
 * omitted, other parameters kept, invalid values fall back to defaults. No React here.
 */

export const SEARCH_TARGETS = ['all', 'name', 'phone', 'email'] as const;
export type SearchTarget = (typeof SEARCH_TARGETS)[number];
export const ORDER_FIELDS = ['registeredAt', 'customerName', 'totalOrderPrice', 'totalOrderCount', 'latestOrderedAt', 'customerPoint'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export const DEFAULT_ORDER: { orderBy: OrderField; orderDirection: 'ASC' | 'DESC' } = { orderBy: 'registeredAt', orderDirection: 'DESC' };

/** The filterOptions object (sent as JSON): every key optional, absent = all. */
export interface CustomerFilterOptions {
  /** NONE: no gender given. */
  gender?: 'M' | 'F' | 'NONE';
  isAgreeMarketing?: 'Y' | 'N';
  isAgreeSMS?: 'Y' | 'N';
  hasWallet?: 'Y' | 'N';
  groupIdx?: number[];
  registeredFrom?: string;
  registeredTo?: string;
}

export interface CustomerListState {
  searchTarget: SearchTarget;
  /** Terms joined by commas ('' for none). */
  searchKeyword: string;
  page: number;
  pageSize: number;
  orderBy: OrderField;
  orderDirection: 'ASC' | 'DESC';
  filterOptions: CustomerFilterOptions;
}

const OWNED = ['searchTarget', 'searchKeyword', 'page', 'pageSize', 'orderBy', 'orderDirection', 'filterOptions'];
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string => typeof v === 'string' && DATE_RE.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime());

/** A filterOptions value (JSON) → the known, valid options; anything else is dropped. */
export function parseFilterOptions(raw: string | null): CustomerFilterOptions {
  if (!raw) return {};
  let obj: unknown;
  try {
    obj = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return {};
  const o = obj as Record<string, unknown>;
  const out: CustomerFilterOptions = {};
  if (o.gender === 'M' || o.gender === 'F' || o.gender === 'NONE') out.gender = o.gender;
  for (const key of ['isAgreeMarketing', 'isAgreeSMS', 'hasWallet'] as const) {
    if (o[key] === 'Y' || o[key] === 'N') out[key] = o[key];
  }
  if (Array.isArray(o.groupIdx)) {
    // 0 = customers without a grade.
    const ids = [...new Set(o.groupIdx.map(Number).filter((n) => Number.isInteger(n) && n >= 0))];
    if (ids.length) out.groupIdx = ids;
  }
  if (isDate(o.registeredFrom)) out.registeredFrom = o.registeredFrom;
  if (isDate(o.registeredTo)) out.registeredTo = o.registeredTo;
  if (out.registeredFrom && out.registeredTo && out.registeredFrom > out.registeredTo) {
    [out.registeredFrom, out.registeredTo] = [out.registeredTo, out.registeredFrom];
  }
  return out;
}

/** The options as the URL and the API carry them; undefined when there are none. */
export function serializeFilterOptions(options: CustomerFilterOptions): string | undefined {
  const clean = parseFilterOptions(JSON.stringify(options));
  return Object.keys(clean).length ? JSON.stringify(clean) : undefined;
}

export function parseCustomerUrl(search: string): CustomerListState {
  const params = new URLSearchParams(search);
  const target = params.get('searchTarget');
  const raw = params.get('searchKeyword') ?? '';
  const terms = splitSearchTerms(raw) ?? [...new Set(raw.split(/[,\r\n]+/).map((t) => t.trim()).filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const orderBy = params.get('orderBy');
  const orderDirection = params.get('orderDirection');
  return {
    searchTarget: (SEARCH_TARGETS as readonly string[]).includes(target ?? '') ? (target as SearchTarget) : 'all',
    searchKeyword: terms.join(','),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    orderBy: (ORDER_FIELDS as readonly string[]).includes(orderBy ?? '') ? (orderBy as OrderField) : DEFAULT_ORDER.orderBy,
    orderDirection: orderDirection === 'ASC' || orderDirection === 'DESC' ? orderDirection : DEFAULT_ORDER.orderDirection,
    filterOptions: parseFilterOptions(params.get('filterOptions')),
  };
}

/** Commas, braces, quotes and colons stay readable in the address bar; the rest is encoded. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%7B/gi, '{').replace(/%7D/gi, '}').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

export function serializeCustomerUrl(state: CustomerListState, currentSearch = ''): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of new URLSearchParams(currentSearch)) if (!OWNED.includes(k)) pairs.push([k, v]);
  if (state.searchKeyword) {
    if (state.searchTarget !== 'all') pairs.push(['searchTarget', state.searchTarget]);
    pairs.push(['searchKeyword', state.searchKeyword]);
  }
  const filterOptions = serializeFilterOptions(state.filterOptions);
  if (filterOptions) pairs.push(['filterOptions', filterOptions]);
  if (state.page > 1) pairs.push(['page', String(state.page)]);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) pairs.push(['pageSize', String(state.pageSize)]);
  if (state.orderBy !== DEFAULT_ORDER.orderBy || state.orderDirection !== DEFAULT_ORDER.orderDirection) {
    pairs.push(['orderBy', state.orderBy], ['orderDirection', state.orderDirection]);
  }
  return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
}

/** The query of GET /v1/admin/customers (besides page and pageSize): the URL's names, the target only with a keyword. */
export function apiFilterOf(state: CustomerListState): Record<string, string> {
  const filter: Record<string, string> = { orderBy: state.orderBy, orderDirection: state.orderDirection };
  if (state.searchKeyword) {
    filter.searchTarget = state.searchTarget;
    filter.searchKeyword = state.searchKeyword;
  }
  const filterOptions = serializeFilterOptions(state.filterOptions);
  if (filterOptions) filter.filterOptions = filterOptions;
  return filter;
}

/** The search panel's declaration: targets, the registration date range, gender, consent, lounge and grades. */
export function customerSearchDeclaration(grades: { idx: number; name: string }[]): SearchDeclaration {
  const yn = (prefix: string) => [
    { value: 'Y', label: `customer.${prefix}.Y` },
    { value: 'N', label: `customer.${prefix}.N` },
  ];
  return {
    searchTypes: SEARCH_TARGETS.map((value) => ({ value, label: `customer.search.${value}` })),
    dateRange: true,
    dateLabel: 'customer.search.registeredAt',
    filters: [
      { type: 'radio', source: 'gender', label: 'customer.search.gender', options: [{ value: 'M', label: 'customer.gender.M' }, { value: 'F', label: 'customer.gender.F' }, { value: 'NONE', label: 'customer.search.noGender' }] },
      { type: 'radio', source: 'isAgreeMarketing', label: 'customer.search.marketing', options: yn('agree') },
      { type: 'radio', source: 'isAgreeSMS', label: 'customer.search.sms', options: yn('agree') },
      { type: 'radio', source: 'hasWallet', label: 'customer.search.hasWallet', options: yn('yn') },
      ...(grades.length ? [{ type: 'checkbox' as const, source: 'groupIdx', label: 'customer.search.group', options: [...grades.map((g) => ({ value: String(g.idx), label: g.name })), { value: '0', label: 'customer.search.noGroup' }] }] : []),
    ],
  };
}

/** URL state → the panel's values. */
export function panelValuesOf(state: CustomerListState): ListSearchValues {
  const f = state.filterOptions;
  return {
    searchType: state.searchTarget,
    searchText: state.searchKeyword,
    startDate: f.registeredFrom ?? null,
    endDate: f.registeredTo ?? null,
    filters: { gender: f.gender ?? '', isAgreeMarketing: f.isAgreeMarketing ?? '', isAgreeSMS: f.isAgreeSMS ?? '', hasWallet: f.hasWallet ?? '', groupIdx: (f.groupIdx ?? []).map(String) },
  };
}

/** The panel's values → the URL state's search part. */
export function searchStateOf(values: ListSearchValues): Pick<CustomerListState, 'searchTarget' | 'searchKeyword' | 'filterOptions'> {
  const one = (k: string) => {
    const v = values.filters[k];
    return typeof v === 'string' && v ? v : undefined;
  };
  const groups = values.filters.groupIdx;
  const options = parseFilterOptions(
    JSON.stringify({
      gender: one('gender'),
      isAgreeMarketing: one('isAgreeMarketing'),
      isAgreeSMS: one('isAgreeSMS'),
      hasWallet: one('hasWallet'),
      groupIdx: Array.isArray(groups) ? groups.map(Number) : undefined,
      registeredFrom: values.startDate ?? undefined,
      registeredTo: values.endDate ?? undefined,
    }),
  );
  return {
    searchTarget: (SEARCH_TARGETS as readonly string[]).includes(values.searchType) ? (values.searchType as SearchTarget) : 'all',
    searchKeyword: values.searchText,
    filterOptions: options,
  };
}
