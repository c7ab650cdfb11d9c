import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SortPayload } from 'react-admin';
import { defaultPageSizeOf, defaultSortOf, emptySearchValues, parseListUrl, serializeListUrl, type ListSearchValues, type SearchDeclaration, type UrlListState } from './urlParams';

export interface UrlListParams extends UrlListState {
  /** Applies a new search: page back to 1, paging size and sort kept. */
  setSearch: (values: ListSearchValues) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (pageSize: number) => void;
  /** A new sort starts again at page 1. */
  setSort: (sort: SortPayload) => void;
  /** Drops every parameter the declaration owns (search, filters, page, page size, sort). */
  reset: () => void;
}

/**
 * The list state of the query string. The URL is the single source of truth: the state is parsed
 * from it on every render and every setter navigates (a history entry per search or page, so Back
 * returns to the previous list; a reload or a shared link restores it).
 */
export function useUrlListParams(decl: SearchDeclaration): UrlListParams {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListUrl(location.search, decl), [location.search, decl]);

  const write = useCallback(
    (next: UrlListState, replace = false) => {
      const search = serializeListUrl(next, decl, location.search);
      if (search === location.search || (search === '' && location.search === '?')) return;
      navigate({ pathname: location.pathname, search }, { replace });
    },
    [decl, location.pathname, location.search, navigate],
  );

  const setSearch = useCallback((values: ListSearchValues) => write({ ...state, ...values, page: 1 }), [state, write]);
  const setPage = useCallback((page: number, options?: { replace?: boolean }) => write({ ...state, page }, options?.replace), [state, write]);
  const setPageSize = useCallback((pageSize: number) => write({ ...state, pageSize, page: 1 }), [state, write]);
  const setSort = useCallback((sort: SortPayload) => write({ ...state, sort, page: 1 }), [state, write]);
  const reset = useCallback(() => {
    write({ ...emptySearchValues(decl), page: 1, pageSize: defaultPageSizeOf(decl), sort: defaultSortOf(decl) });
  }, [decl, write]);

  return useMemo(() => ({ ...state, setSearch, setPage, setPageSize, setSort, reset }), [state, setSearch, setPage, setPageSize, setSort, reset]);
}
