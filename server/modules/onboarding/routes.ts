import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AccessRule } from '../../../src/domain/access';
import { MSG } from '../../../src/domain/messages';
import {
  ONBOARDING_ITEMS, ONBOARDING_MSG, ONBOARDING_SECTIONS, PREREQUISITES, actionRefusal, isPlanBlocked, itemsOf, onboardingCompleteSchema, onboardingItem,
  onboardingProgress, sectionWidthPercent, visibleSections, type OnboardingItemKey, type OnboardingPlanContext, type OnboardingStatuses,
} from '../../../src/domain/onboarding';
import type { Db } from '../../db/client';
import { onboardingCompletions } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import { bool, docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf, type Principal } from '../../plugins/auth';
import { computeStatuses } from './checkers';

/** The brand's main account reads and completes its onboarding; no subscription needed (home is for everyone). */
export const ONBOARDING_READ: AccessRule = { mainOnly: true, subscribed: false };
export const ONBOARDING_WRITE: AccessRule = { ...ONBOARDING_READ, write: true };
export const ONBOARDING_PATH = '/v1/statistics/onboarding/status';

const TAG = ['home: onboarding'];
const int = (description: string) => ({ type: 'integer', description });
const itemDoc = obj('항목', {
  key: str('항목 키'), parentKey: str('분류 키'), isRequired: bool('필수 항목'), isCompleted: bool('완료 (설정에서 계산, 버튼 항목은 저장된 완료)'),
  completion: str('computed (설정에서 계산) | button (버튼으로 완료)'), blocked: bool('요금제로 막힘 (이용할 수 없는 기능)'),
  prerequisite: { type: ['string', 'null'], description: 'guarantee | membership: 먼저 끝내야 하는 설정' },
  prerequisiteMet: bool('먼저 끝내야 하는 설정을 마침 (없으면 true)'), link: { type: ['string', 'null'], description: '설정 화면 경로' },
});
const statusDoc = ok('온보딩 현황', obj('현황', {
  adminIdx: int('브랜드 메인 계정 idx'),
  planGroup: { type: ['string', 'null'], description: '요금제 그룹' },
  progress: obj('진행률', { completed: int('완료'), total: int('전체 (보이고 막히지 않은 항목)'), percent: int('완료 / 전체, 반올림 (%)') }),
  sections: { type: 'array', description: '보이는 분류 (Starter는 2개)', items: obj('분류', { key: str('분류 키'), width: int('넓은 화면에서 너비 (%)'), items: { type: 'array', items: itemDoc } }) },
  statuses: { type: 'object', description: '분류 → 항목 → 완료 여부 (모든 분류)', additionalProperties: { type: 'object', additionalProperties: { type: 'boolean' } } },
}));
const refusals = {
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FORBIDDEN_ROLE | FEATURE_DISABLED (요금제로 막힌 항목)'),
  404: errorEnvelope('NOT_FOUND: 다른 브랜드의 idx'),
};

const planContext = (p: Principal): OnboardingPlanContext => ({ planGroup: p.subscription?.planGroup ?? null, settings: p.settings });

/** The answer of GET and PATCH: every status (from the settings), the shown sections and the progress. */
export async function onboardingStatus(db: Db, p: Principal) {
  const ctx = planContext(p);
  const statuses = await computeStatuses(db, p.tenantIdx);
  const width = sectionWidthPercent(ctx);
  return {
    adminIdx: p.tenantIdx,
    planGroup: ctx.planGroup,
    progress: onboardingProgress(ctx, statuses),
    sections: visibleSections(ctx).map((key) => ({
      key,
      width,
      items: itemsOf(key).map((i) => ({
        key: i.key,
        parentKey: i.section,
        isRequired: i.isRequired,
        isCompleted: statuses[i.key as OnboardingItemKey],
        completion: i.completion,
        blocked: isPlanBlocked(i.key, ctx),
        prerequisite: i.prerequisite ?? null,
        prerequisiteMet: !i.prerequisite || statuses[PREREQUISITES[i.prerequisite].item],
        link: i.link,
      })),
    })),
    statuses: Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, Object.fromEntries(ONBOARDING_ITEMS.filter((i) => i.section === s).map((i) => [i.key, statuses[i.key]]))])),
  };
}

/** {id} is the brand's main account (the tenant); another brand's is a 404 whatever it holds. */
function ownTenant(request: FastifyRequest) {
  const p = principalOf(request);
  if ((request.params as { idx: number }).idx !== p.tenantIdx) throw notFound(ONBOARDING_MSG.notFound);
  return p;
}

/**
 * Home's onboarding checklist (issue 27 item 1; docs/api/home.md): GET the statuses computed from the
 * brand's settings, PATCH to complete one of the three button items. Under the statistics base.
 */
export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  const params = idxParams(ONBOARDING_MSG.notFound);

  app.get(`${ONBOARDING_PATH}/:idx`, {
    config: { access: ONBOARDING_READ, input: { params } },
    schema: docs({
      tags: TAG, summary: '온보딩 현황',
      description: '{id}는 브랜드 메인 계정 idx. 각 항목은 브랜드의 실제 설정(보증서 템플릿, 멤버십, 라운지 …)에서 매번 계산하고, 버튼 항목 3개만 저장된 완료를 읽습니다.',
      response: { 200: statusDoc, ...refusals },
    }),
  }, async (request) => ({ data: await onboardingStatus(app.db, ownTenant(request)) }));

  app.patch(`${ONBOARDING_PATH}/:idx`, {
    config: { access: ONBOARDING_WRITE, input: { params, body: onboardingCompleteSchema } },
    schema: docs({
      tags: TAG, summary: '버튼 항목 완료',
      description: '개인정보 처리 위탁, 카카오 채팅 메뉴, 알림톡 설정만 버튼으로 완료합니다. 다른 항목은 400, 요금제로 막힌 항목은 403 FEATURE_DISABLED, 먼저 끝낼 설정이 없으면 409 CONFLICT(먼저 보증서를 설정해 주세요). 이미 완료한 항목은 그대로 200.',
      body: bodyFromYup(onboardingCompleteSchema, '완료할 항목', { parentKey: '분류 키', key: '항목 키' }),
      response: { 200: statusDoc, 400: errorEnvelope('VALIDATION_FAILED'), 409: errorEnvelope('CONFLICT: 먼저 끝낼 설정'), ...refusals },
    }),
  }, async (request) => {
    const p = ownTenant(request);
    const { parentKey, key } = request.body as Checked<typeof onboardingCompleteSchema>;
    const def = onboardingItem(key)!;
    if (def.section !== parentKey) throw validationFailed({ key: ONBOARDING_MSG.sectionMismatch });
    if (def.completion !== 'button') throw validationFailed({ key: ONBOARDING_MSG.notButtonItem });
    const ctx = planContext(p);
    if (isPlanBlocked(key, ctx) || !visibleSections(ctx).includes(def.section)) throw new ApiError(403, 'FEATURE_DISABLED', MSG.featureBlocked);
    const refusal = actionRefusal(key, ctx, await computeStatuses(app.db, p.tenantIdx));
    if (refusal) throw new ApiError(409, 'CONFLICT', refusal);
    await app.db.insert(onboardingCompletions)
      .values({ tenantIdx: p.tenantIdx, itemKey: key as OnboardingItemKey, adminIdx: p.adminIdx, completedAt: app.clock.now() })
      .onConflictDoNothing();
    return { data: await onboardingStatus(app.db, p) };
  });
};

export type OnboardingStatusAnswer = Awaited<ReturnType<typeof onboardingStatus>>;
export type { OnboardingStatuses };
