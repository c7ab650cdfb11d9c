import type { SortPayload } from 'react-admin';

/**
 * A list's query names where they differ from the machinery's (`searchType`, `searchText`,
 * `startDate`, `endDate`, one parameter per filter, `sort=field,DIR`). The customer list keeps spec 3's
 * own names, which its API takes verbatim:
 * `?searchTarget=name&searchKeyword=김,이&filterOptions={"gender":"F","groupIdx":[1,2]}&orderBy=customerName&orderDirection=ASC`.
 * The names hold for the URL and for the dataProvider filter alike; an API with yet other names
 * renames them in its endpoint (src/dataProvider/resources.ts `listParams`, `sortParams`).
 */
export interface ListQueryNames {
  searchType?: string;
  searchText?: string;
  /** The URL leaves out the first (default) search type; the filter still sends it with a text. */
  omitDefaultSearchType?: boolean;
  /** Sort as two parameters (`orderBy=name&orderDirection=ASC`) instead of `sort=name,ASC`. */
  sort?: { field: string; order: string };
  /**
   * The filters and the date range travel as one JSON object in this parameter
   * (`filterOptions={"gender":"F","registeredFrom":"2026-01-01"}`), the dates under these keys.
   */
  filterObject?: { param: string; startDate: string; endDate: string };
}

const DEFAULT_NAMES = { searchType: 'searchType', searchText: 'searchText', startDate: 'startDate', endDate: 'endDate' };

/** The search and date names in force. */
export function searchNamesOf(names: ListQueryNames = {}) {
  return {
    searchType: names.searchType ?? DEFAULT_NAMES.searchType,
    searchText: names.searchText ?? DEFAULT_NAMES.searchText,
    startDate: names.filterObject?.startDate ?? DEFAULT_NAMES.startDate,
    endDate: names.filterObject?.endDate ?? DEFAULT_NAMES.endDate,
  };
}

/**
 * Where the filters and dates are read from: the query string itself, or the keys of the filter
 * object. Object values come back as the flat form's texts (arrays as comma lists); a value that is
 * neither text, number nor a list of them reads as absent, like a malformed object.
 */
export function filterReader(params: URLSearchParams, names: ListQueryNames = {}): (key: string) => string | null {
  if (!names.filterObject) return (key) => params.get(key);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(params.get(names.filterObject.param) ?? 'null');
  } catch {
    // Not JSON: no filters.
  }
  const object = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  return (key) => {
    const value = object[key];
    if (!Array.isArray(value)) return scalar(value);
    const items = value.map(scalar);
    return items.includes(null) ? null : items.join(',');
  };
}

/** The sort of the query string: `sort=field,DIR`, or the two named parameters, each falling back on its own. */
export function readSort(params: URLSearchParams, names: ListQueryNames, fallback: SortPayload): SortPayload {
  if (names.sort) {
    const field = params.get(names.sort.field);
    const order = params.get(names.sort.order);
    return { field: field && /^[A-Za-z_][\w.]*$/.test(field) ? field : fallback.field, order: order === 'ASC' || order === 'DESC' ? order : fallback.order };
  }
  const match = /^([A-Za-z_][\w.]*),(ASC|DESC)$/.exec(params.get('sort') ?? '');
  return match ? { field: match[1], order: match[2] as SortPayload['order'] } : fallback;
}

/** The sort's query pairs. */
export function sortPairs(sort: SortPayload, names: ListQueryNames): [string, string][] {
  return names.sort ? [[names.sort.field, sort.field], [names.sort.order, sort.order]] : [['sort', `${sort.field},${sort.order}`]];
}

/** The parameters a list's names own besides its search terms and filters. */
export function pagingKeysOf(names: ListQueryNames = {}): string[] {
  return ['page', 'pageSize', ...(names.sort ? [names.sort.field, names.sort.order] : ['sort'])];
}
