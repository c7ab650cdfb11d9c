import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/messages';
import { PREREQUISITES, hasOnboarding } from '../../../domain/onboarding';
import type { Partnership } from '../../../domain/identity';
import { ONBOARDING_QUERY_KEY, fetchOnboarding, type OnboardingItemStatus } from './api';

/** The onboarding status of the signed-in brand (none for sub-accounts and the service partners). */
export function useOnboarding(partnership: Partnership) {
  const enabled = hasOnboarding(partnership);
  const query = useQuery({
    queryKey: ONBOARDING_QUERY_KEY,
    queryFn: ({ signal }) => fetchOnboarding(partnership.parentIdx, signal),
    enabled,
    retry: false,
  });
  return { enabled, ...query };
}

/** The dialog's query parameter (spec 1 section 2.5: `?type={key}`). */
export const TYPE_PARAM = 'type';

/**
 * What pressing an item does: a plan restriction shows the blocked-feature toast, an unmet
 * prerequisite its message ('먼저 보증서를 설정해 주세요'), otherwise `go` runs (spec 1 section 5).
 */
export function useGuardedAction() {
  const notify = useNotify();
  return useCallback((item: OnboardingItemStatus, go: () => void) => {
    if (item.blocked) return notify(MSG.featureBlocked, { type: 'warning' });
    if (item.prerequisite && !item.prerequisiteMet) return notify(PREREQUISITES[item.prerequisite].message, { type: 'warning' });
    go();
  }, [notify]);
}

/** Opens the dialog on an item (sets ?type=) and closes it (clears the query). */
export function useDialogParam() {
  const [params, setParams] = useSearchParams();
  const type = params.get(TYPE_PARAM);
  const open = useCallback((key: string) => setParams((p) => { const next = new URLSearchParams(p); next.set(TYPE_PARAM, key); return next; }), [setParams]);
  const close = useCallback(() => setParams((p) => { const next = new URLSearchParams(p); next.delete(TYPE_PARAM); return next; }, { replace: true }), [setParams]);
  return { type, open, close };
}
