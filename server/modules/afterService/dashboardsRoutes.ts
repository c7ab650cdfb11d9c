import type { FastifyPluginAsync } from 'fastify';
import { AS_RECENT_MAX, AS_RULES, AS_TYPES } from '../../../src/domain/afterService';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { principalOf } from '../../plugins/auth';
import { asDashboard } from './dashboards';
import { scopeOf } from './scope';

const TAG = ['after-service'];
const int = (description: string) => ({ type: 'integer', description });
const dashboardDoc = obj('A/S 현황', {
  requestCount: int('접수 (request)'), preInspectCount: int('1차 견적 (preinspect)'), inspectCount: int('최종 견적 (inspecting)'),
  workCount: int('작업 중 (working, washing)'),
  recentRequest: {
    type: 'array', description: `최근 요청 ${AS_RECENT_MAX}건`,
    items: obj('요청', { idx: int('요청 idx'), tenantName: str('브랜드 이름'), productName: str('상품명'), status: str('상태'), createdAt: str('접수 시각 ISO') }),
  },
});
const refused = errorEnvelope('FEATURE_DISABLED | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED');

/**
 * The A/S counts (docs/api/afterService.md): the partner's dashboard over the requests routed to it
 * (GET /v1/admin/{type}/request/dashboard, the repairer or launderer only) and the brand's over its
 * own (GET /v1/admin/{type}/dashboard), both over `scopeOf` so neither side counts the other's rows.
 */
export const asDashboardRoutes: FastifyPluginAsync = async (app) => {
  for (const type of AS_TYPES) {
    app.get(`/v1/admin/${type}/request/dashboard`, {
      config: { access: AS_RULES.partner(type) },
      schema: docs({ tags: TAG, summary: `${type} 파트너 대시보드`, description: '이 파트너에게 온 요청만 셉니다.', response: { 200: ok('현황', dashboardDoc), 403: refused } }),
    }, async (request) => ({ data: await asDashboard(app.db, scopeOf(principalOf(request), type)) }));

    app.get(`/v1/admin/${type}/dashboard`, {
      config: { access: AS_RULES.brand(type) },
      schema: docs({ tags: TAG, summary: `${type} 브랜드 A/S 현황`, description: '브랜드의 요청을 셉니다 (상품 대시보드의 A/S 카드, 홈의 할 일).', response: { 200: ok('현황', dashboardDoc), 403: refused } }),
    }, async (request) => ({ data: await asDashboard(app.db, scopeOf(principalOf(request), type)) }));
  }
};
