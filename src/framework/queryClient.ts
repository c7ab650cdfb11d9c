import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../providers/http';
import { authProvider } from '../authProvider';
import { presentReadError } from '../dataProvider/errors';

export const REFETCH_INTERVAL_MS = 3 * 60 * 1000;
export const STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The react-query `meta` (not part of the cache key) of a read whose page presents its failures
 * itself: a detail page shows a 404 as its not-found dialog (src/framework/record/useRecordOr404.tsx).
 */
export const PAGE_PRESENTS_ERRORS = { pagePresentsErrors: true } as const;

/**
 * The one place where failed reads are presented: a dataProvider read's failure once (the
 * dataProvider presents only its writes), unless the query's page does it (PAGE_PRESENTS_ERRORS).
 * Queries that call the API directly show their own failure states; they too log out on 401.
 */
export function createQueryCache(): QueryCache {
  return new QueryCache({
    onError: (err, query) => {
      if (err instanceof ApiRequestError && err.status === 401) {
        void authProvider.checkError({ status: 401, body: { code: err.code } }).catch(() => undefined);
      }
      if (!query.meta?.pagePresentsErrors) presentReadError(err);
    },
  });
}

/** What react-admin's useDelete and useDeleteMany send as their mutation's variables. */
interface DeleteVariables {
  resource?: string;
  id?: string | number;
  ids?: (string | number)[];
}

/**
 * A deleted record's detail leaves the cache with it: react-admin's delete mutations update the
 * cached lists only, and a detail opened again within the stale time would show the deleted record.
 */
export function createMutationCache(client: () => QueryClient): MutationCache {
  return new MutationCache({
    onSuccess: (_data, variables, _context, mutation) => {
      const kind = mutation.options.mutationKey?.[1];
      const { resource, id, ids } = (variables ?? {}) as DeleteVariables;
      if (!resource || (kind !== 'delete' && kind !== 'deleteMany')) return;
      for (const each of kind === 'delete' ? [id] : ids ?? []) {
        if (each != null) client().removeQueries({ queryKey: [resource, 'getOne', { id: String(each) }] });
      }
    },
  });
}

/** Data refresh of spec 1 section 9: no retry, no refetch on focus, every 3 minutes, stale after 5. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: createQueryCache(),
    mutationCache: createMutationCache(() => client),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: REFETCH_INTERVAL_MS,
        staleTime: STALE_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
