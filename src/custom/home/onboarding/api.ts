import { apiRequest } from '../../../providers/http';
import type { OnboardingItemKey, OnboardingPrerequisite, OnboardingSectionKey } from '../../../domain/onboarding';

/** The answer of GET/PATCH /v1/statistics/onboarding/status/{id} (server/modules/onboarding/routes.ts). */
export interface OnboardingItemStatus {
  key: OnboardingItemKey;
  parentKey: OnboardingSectionKey;
  isRequired: boolean;
  isCompleted: boolean;
  completion: 'computed' | 'button';
  blocked: boolean;
  prerequisite: OnboardingPrerequisite | null;
  prerequisiteMet: boolean;
  link: string | null;
}
export interface OnboardingAnswer {
  adminIdx: number;
  planGroup: string | null;
  progress: { completed: number; total: number; percent: number };
  sections: { key: OnboardingSectionKey; width: number; items: OnboardingItemStatus[] }[];
  statuses: Record<OnboardingSectionKey, Partial<Record<OnboardingItemKey, boolean>>>;
}

export const ONBOARDING_QUERY_KEY = ['home', 'onboarding'] as const;
export const onboardingPath = (idx: number) => `/v1/statistics/onboarding/status/${idx}`;

export const fetchOnboarding = (idx: number, signal?: AbortSignal) => apiRequest<OnboardingAnswer>(onboardingPath(idx), { base: 'statistics', signal });
export const completeOnboardingItem = (idx: number, parentKey: OnboardingSectionKey, key: OnboardingItemKey) =>
  apiRequest<OnboardingAnswer>(onboardingPath(idx), { base: 'statistics', method: 'PATCH', body: { parentKey, key } });

/** Every status flat, item key → done (for the prerequisite rule). */
export const flatStatuses = (a: OnboardingAnswer): Partial<Record<OnboardingItemKey, boolean>> => Object.assign({}, ...Object.values(a.statuses));
