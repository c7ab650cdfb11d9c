import { http } from 'msw';
import { json } from './server';
import {
  ONBOARDING_ITEMS, ONBOARDING_SECTIONS, PREREQUISITES, isPlanBlocked, itemsOf, onboardingProgress, sectionWidthPercent, visibleSections,
  type OnboardingItemKey, type OnboardingPlanContext, type OnboardingStatuses,
} from '../domain/onboarding';
import { FEATURES } from '../domain/plans';
import type { OnboardingAnswer } from '../custom/home/onboarding/api';
import type { Notice } from '../domain/notice';

export const ONBOARDING_URL = '/api/statistics/v1/statistics/onboarding/status/:idx';
export const NOTICES_URL = '/api/v1/common/notion';
export const CONSENTS_URL = '/api/v1/admin/partnerships/consents';

/** The server's answer (server/modules/onboarding/routes.ts) for these statuses, made with the same domain rules. */
export function onboardingAnswer(done: Partial<OnboardingStatuses> = {}, planGroup: OnboardingPlanContext['planGroup'] = 'PRO', settings: readonly string[] = FEATURES): OnboardingAnswer {
  const ctx: OnboardingPlanContext = { planGroup, settings: settings.map((name) => ({ name: name as never })) };
  const statuses = Object.fromEntries(ONBOARDING_ITEMS.map((i) => [i.key, Boolean(done[i.key])])) as OnboardingStatuses;
  return {
    adminIdx: 1,
    planGroup,
    progress: onboardingProgress(ctx, statuses),
    sections: visibleSections(ctx).map((key) => ({
      key,
      width: sectionWidthPercent(ctx),
      items: itemsOf(key).map((i) => ({
        key: i.key as OnboardingItemKey, parentKey: i.section, isRequired: i.isRequired, isCompleted: statuses[i.key as OnboardingItemKey], completion: i.completion,
        blocked: isPlanBlocked(i.key, ctx), prerequisite: i.prerequisite ?? null, prerequisiteMet: !i.prerequisite || statuses[PREREQUISITES[i.prerequisite].item], link: i.link,
      })),
    })),
    statuses: Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, Object.fromEntries(itemsOf(s).map((i) => [i.key, statuses[i.key as OnboardingItemKey]]))])) as OnboardingAnswer['statuses'],
  };
}

/** Home's other calls answered quietly: onboarding at 0%, no notices, the marketing consents answered (no modal). */
export const quietHome = (over: { onboarding?: OnboardingAnswer; notices?: Notice[]; consents?: { service: string; isAgreed: string }[] } = {}) => [
  http.get(ONBOARDING_URL, () => json(over.onboarding ?? onboardingAnswer())),
  http.post(NOTICES_URL, () => json({ list: over.notices ?? [], total: over.notices?.length ?? 0 })),
  http.get(CONSENTS_URL, () => {
    const list = over.consents ?? [{ service: 'PROMOTION', isAgreed: 'N' }, { service: 'MARKETING', isAgreed: 'N' }];
    return json({ list, total: list.length });
  }),
];
