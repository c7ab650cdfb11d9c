import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, useRecordSelection, useSelectAll, type ListControllerResult, type RaRecord, type SortPayload } from 'react-admin';
import { fromFilterPayload, toFilterPayload, type SearchDeclaration } from './urlParams';
import { useUrlListParams, type UrlListParams } from './useUrlListParams';
import { requestListEarly } from '../../dataProvider';
import { dropEarly } from '../../providers/http';

export interface SchemaListControllerProps {
  resource: string;
  search: SearchDeclaration;
  /** Filters always sent, never shown in the URL (e.g. a parent id). */
  permanentFilter?: Record<string, unknown>;
}

export type SchemaListControllerResult<R extends RaRecord = RaRecord> = ListControllerResult<R> & { url: UrlListParams };

const noop = () => undefined;

/**
 * react-admin's list controller, fed by the query string of `useUrlListParams` instead of its own.
 *
 * Why not `<List>`/`useListController` with `syncWithLocation`: react-admin writes its state as
 * `?filter={json}&page=&perPage=&sort=&order=`, not the API's flat names (`searchText=a,b&pageSize=50
 * &sort=createdAt,DESC&categoryCode=1,2`) that the spec's links use; and with
 * `disableSyncWithLocation` its page, sort and filters live in component state that we would have to
 * mirror both ways. So this hook builds the same `ListControllerResult` (the value of
 * `ListContextProvider`) from the URL: DataTable, Pagination, BulkActionsToolbar and every
 * `useListContext()` consumer work unchanged, and their setters write the URL.
 *
 * Access is checked by the page's route guard (src/framework/Page.tsx) and a failed read is presented by
 * the query cache (src/framework/queryClient.ts), so neither is repeated here.
 */
export function useSchemaListController<R extends RaRecord = RaRecord>({ resource, search, permanentFilter }: SchemaListControllerProps): SchemaListControllerResult<R> {
  const url = useUrlListParams(search);
  const { page, pageSize, sort, setPage } = url;
  const filterValues = useMemo(() => toFilterPayload(url, search), [url, search]);
  const filter = useMemo(() => ({ ...filterValues, ...permanentFilter }), [filterValues, permanentFilter]);

  const [selectedIds, selection] = useRecordSelection<R>({ resource });
  const onSelectAll = useSelectAll({ resource, sort, filter });
  // A selection belongs to one visit of its page (issue 23 #5): react-admin keeps it in its store
  // (localStorage), which would bring it to the next visit, even after a browser restart, with the
  // rows it names out of sight, and a bulk 삭제 would act on them.
  const { clearSelection } = selection;
  useEffect(() => {
    clearSelection();
    return () => clearSelection();
  }, [clearSelection]);

  // A list this session has not read yet asks for its rows while its page renders: the query itself
  // starts only after the whole page (shell included) has committed (issue 24). A list read before
  // is left to its query, which knows whether its cached rows are fresh.
  const queryClient = useQueryClient();
  const [early] = useState(() =>
    queryClient.getQueryCache().findAll({ queryKey: [resource, 'getList'] }).length > 0 ? null : requestListEarly(resource, { pagination: { page, perPage: pageSize }, sort, filter }),
  );
  useEffect(() => () => (early ? dropEarly(early) : undefined), [early]);

  const { data, total, pageInfo, meta, error, isLoading, isFetching, isPending, isPaused, isPlaceholderData, refetch } = useGetList<R>(
    resource,
    { pagination: { page, perPage: pageSize }, sort, filter },
    { placeholderData: (previous) => previous, retry: false },
  );

  // A page past the end (a shared link after deletions, or the last row of the last page deleted): go to the last page.
  useEffect(() => {
    if (isPending || isFetching || page <= 1 || total === undefined) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [isPending, isFetching, page, pageSize, total, setPage]);

  const onUnselectItems = useCallback((fromAllStoreKeys?: boolean) => selection.unselect(selectedIds, fromAllStoreKeys), [selectedIds, selection]);
  const setFilters = useCallback((next: Record<string, unknown>) => url.setSearch(fromFilterPayload(next, search)), [url, search]);
  const setSort = useCallback((next: SortPayload) => url.setSort(next), [url]);
  const setPerPage = useCallback((n: number) => url.setPageSize(n), [url]);
  const setPageCb = useCallback((n: number) => setPage(n), [setPage]);

  return {
    sort,
    data,
    meta,
    defaultTitle: '',
    displayedFilters: {},
    error,
    exporter: false,
    filter: permanentFilter,
    filterValues,
    hideFilter: noop,
    showFilter: noop,
    isFetching,
    isLoading,
    isPaused,
    isPending,
    isPlaceholderData,
    onSelect: selection.select,
    onSelectAll,
    onToggleItem: selection.toggle,
    onUnselectItems,
    page,
    perPage: pageSize,
    refetch,
    resource,
    selectedIds,
    setFilters,
    setPage: setPageCb,
    setPerPage,
    setSort,
    total,
    getData: async () => data ?? [],
    hasNextPage: pageInfo ? pageInfo.hasNextPage : total !== undefined ? page * pageSize < total : undefined,
    hasPreviousPage: pageInfo ? pageInfo.hasPreviousPage : page > 1,
    url,
  } as SchemaListControllerResult<R>;
}
