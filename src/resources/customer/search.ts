import type { SearchDeclaration } from '../../framework/list';

/**
 * The customer list's search (spec 3 section 2), as options of the shared list machinery. Its query
 * string keeps the spec's names, which GET /v1/admin/customers takes verbatim:
 * `?searchTarget=name&searchKeyword=김,이&page=2&pageSize=50&orderBy=totalOrderPrice&orderDirection=ASC
 * &filterOptions={"gender":"F","groupIdx":[1,2],"isAgreeMarketing":"Y","registeredFrom":"2026-01-01"}`
 * (filterOptions keys are the API's: src/domain/customer.ts parseCustomerFilters).
 */

export const SEARCH_TARGETS = ['all', 'name', 'phone', 'email'] as const;
/** The columns the API sorts by (orderBy). */
export const ORDER_FIELDS = ['registeredAt', 'customerName', 'totalOrderPrice', 'totalOrderCount', 'latestOrderedAt', 'customerPoint'] as const;

const yn = (prefix: string) => [
  { value: 'Y', label: `customer.${prefix}.Y` },
  { value: 'N', label: `customer.${prefix}.N` },
];

/** Targets, the registration date range, gender, consent, lounge and grades (shown once they are loaded; 0 = no grade). */
export function customerSearch(grades: { idx: number; name: string }[]): SearchDeclaration {
  return {
    searchTypes: SEARCH_TARGETS.map((value) => ({ value, label: `customer.search.${value}` })),
    dateRange: true,
    dateLabel: 'customer.search.registeredAt',
    filters: [
      { type: 'radio', source: 'gender', label: 'customer.search.gender', options: [{ value: 'M', label: 'customer.gender.M' }, { value: 'F', label: 'customer.gender.F' }, { value: 'NONE', label: 'customer.search.noGender' }] },
      { type: 'radio', source: 'isAgreeMarketing', label: 'customer.search.marketing', options: yn('agree') },
      { type: 'radio', source: 'isAgreeSMS', label: 'customer.search.sms', options: yn('agree') },
      { type: 'radio', source: 'hasWallet', label: 'customer.search.hasWallet', options: yn('yn') },
      {
        type: 'checkbox',
        source: 'groupIdx',
        label: 'customer.search.group',
        options: grades.length ? [...grades.map((g) => ({ value: String(g.idx), label: g.name })), { value: '0', label: 'customer.search.noGroup' }] : [],
        numeric: true,
        accept: /^\d+$/,
      },
    ],
    defaultSort: { field: 'registeredAt', order: 'DESC' },
    sortFields: ORDER_FIELDS,
    names: {
      searchType: 'searchTarget',
      searchText: 'searchKeyword',
      omitDefaultSearchType: true,
      sort: { field: 'orderBy', order: 'orderDirection' },
      filterObject: { param: 'filterOptions', startDate: 'registeredFrom', endDate: 'registeredTo' },
    },
  };
}
