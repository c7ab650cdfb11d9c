import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useGetList, useRecordSelection, type ListControllerResult, type SortPayload } from 'react-admin';
import type { ListSearchValues } from '../../custom/list';
import { CUSTOMER_RESOURCE, type Customer } from './api';
import { apiFilterOf, DEFAULT_ORDER, ORDER_FIELDS, parseCustomerUrl, searchStateOf, serializeCustomerUrl, type CustomerListState, type OrderField } from './listUrl';

const noop = () => undefined;
/** No `sort=` on the wire: the order travels as orderBy/orderDirection in the filter. */
const NO_SORT: SortPayload = { field: '', order: 'ASC' };

export interface CustomerListUrl extends CustomerListState {
  setSearch: (values: ListSearchValues) => void;
  setPage: (page: number, replace?: boolean) => void;
  setPageSize: (pageSize: number) => void;
  setOrder: (sort: SortPayload) => void;
  reset: () => void;
}

/** The list state of the query string (the spec's names); every setter navigates (a history entry). */
export function useCustomerListUrl(): CustomerListUrl {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseCustomerUrl(location.search), [location.search]);
  const write = useCallback(
    (next: CustomerListState, replace = false) => {
      const search = serializeCustomerUrl(next, location.search);
      if (search === location.search || (search === '' && location.search === '?')) return;
      navigate({ pathname: location.pathname, search }, { replace });
    },
    [location.pathname, location.search, navigate],
  );
  return useMemo(
    () => ({
      ...state,
      setSearch: (values: ListSearchValues) => write({ ...state, ...searchStateOf(values), page: 1 }),
      setPage: (page: number, replace?: boolean) => write({ ...state, page }, replace),
      setPageSize: (pageSize: number) => write({ ...state, pageSize, page: 1 }),
      setOrder: (sort: SortPayload) => {
        const orderBy = (ORDER_FIELDS as readonly string[]).includes(sort.field) ? (sort.field as OrderField) : DEFAULT_ORDER.orderBy;
        write({ ...state, orderBy, orderDirection: sort.order === 'ASC' ? 'ASC' : 'DESC', page: 1 });
      },
      reset: () => write({ searchTarget: 'all', searchKeyword: '', filterOptions: {}, page: 1, pageSize: state.pageSize, ...DEFAULT_ORDER }),
    }),
    [state, write],
  );
}

export type CustomerListController = ListControllerResult<Customer> & { url: CustomerListUrl };

/**
 * react-admin's list controller fed by the customer URL (like src/custom/list/useSchemaListController,
 * whose URL names are searchType/searchText/sort): DataTable, Pagination and every useListContext()
 * consumer work unchanged, and their setters write the spec's names.
 */
export function useCustomerListController(): CustomerListController {
  const url = useCustomerListUrl();
  const { page, pageSize, setPage } = url;
  const filter = useMemo(() => apiFilterOf(url), [url]);
  const sort = useMemo<SortPayload>(() => ({ field: url.orderBy, order: url.orderDirection }), [url.orderBy, url.orderDirection]);
  const [selectedIds, selection] = useRecordSelection<Customer>({ resource: CUSTOMER_RESOURCE });
  const { data, total, meta, error, isLoading, isFetching, isPending, isPaused, isPlaceholderData, refetch } = useGetList<Customer>(
    CUSTOMER_RESOURCE,
    { pagination: { page, perPage: pageSize }, sort: NO_SORT, filter },
    { placeholderData: (previous) => previous, retry: false },
  );
  // A page past the end (a shared link after changes): go to the last page.
  const [corrected, setCorrected] = useState(false);
  useEffect(() => {
    if (isPending || isFetching || page <= 1 || total === undefined || corrected) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      setCorrected(true);
      setPage(lastPage, true);
    }
  }, [isPending, isFetching, page, pageSize, total, setPage, corrected]);

  return {
    sort,
    data,
    meta,
    defaultTitle: '',
    displayedFilters: {},
    error,
    exporter: false,
    filter: undefined,
    filterValues: filter,
    hideFilter: noop,
    showFilter: noop,
    isFetching,
    isLoading,
    isPaused,
    isPending,
    isPlaceholderData,
    onSelect: selection.select,
    onSelectAll: noop,
    onToggleItem: selection.toggle,
    onUnselectItems: () => selection.unselect(selectedIds),
    page,
    perPage: pageSize,
    refetch,
    resource: CUSTOMER_RESOURCE,
    selectedIds,
    setFilters: noop,
    setPage: (n: number) => setPage(n),
    setPerPage: (n: number) => url.setPageSize(n),
    setSort: (s: SortPayload) => url.setOrder(s),
    total,
    getData: async () => data ?? [],
    hasNextPage: total !== undefined ? page * pageSize < total : undefined,
    hasPreviousPage: page > 1,
    url,
  } as CustomerListController;
}
