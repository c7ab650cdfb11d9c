import { QueryClient } from '@tanstack/react-query';

export const REFETCH_INTERVAL_MS = 3 * 60 * 1000;
export const STALE_TIME_MS = 5 * 60 * 1000;

/** Data refresh of spec 1 section 9: no retry, no refetch on focus, every 3 minutes, stale after 5. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
