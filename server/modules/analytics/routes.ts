import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { brands, partnerships } from '../../db/schema';
import type { AccessRule } from '../../../src/domain/access';
import { deriveSubscriptionState } from '../../../src/domain/plans';
import { analyticsEventsSchema, analyticsUserProperties, errorReportSchema, ERROR_SAMPLE_RATE, type AnalyticsEventKind } from '../../../src/domain/analytics';
import { principalOf } from '../../plugins/auth';
import type { Checked } from '../../http/routeInput';
import { docs, errorEnvelope, ok } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';

/** Any signed-in account, subscribed or not (the console reports on every screen). */
export const ANALYTICS_ACCESS: AccessRule = { adminTypes: ['b2b', 'repairer', 'launderer'], subscribed: false };
const TAG = ['analytics: page views, clicks and errors'];

/**
 * POST /v1/analytics/events and /v1/analytics/errors (issue 27 item 6): the console's events, with the
 * spec's user properties computed here from the session (src/domain/analytics.ts), handed to the
 * providers (server/providers/analytics). A provider's failure is logged, never the user's problem
 * (spec 1 section 7: such failures are only logged).
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  async function propertiesOf(request: FastifyRequest) {
    const p = principalOf(request);
    const now = app.clock.now();
    const [[account], [brand]] = await Promise.all([
      app.db.select({ companyName: partnerships.companyName }).from(partnerships).where(eq(partnerships.idx, p.adminIdx)),
      app.db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, p.tenantIdx)).orderBy(asc(brands.idx)).limit(1),
    ]);
    const sub = p.subscription as (typeof p.subscription & { planName?: string }) | null;
    return analyticsUserProperties({
      adminType: p.adminType, b2bType: p.b2bType, companyName: account?.companyName ?? '', brandName: brand?.name ?? null,
      isSubAccount: p.isSubAccount, settings: p.settings,
      subscription: sub ? { planGroup: sub.planGroup, planName: sub.planName ?? sub.planGroup } : null,
      subscriptionState: deriveSubscriptionState(p.subscription, now),
    }, now);
  }

  app.post('/v1/analytics/events', {
    config: { access: ANALYTICS_ACCESS, allowUnconfirmed: true, input: { body: analyticsEventsSchema } },
    schema: docs({
      tags: TAG, summary: '페이지 조회, 클릭, 사용자 식별 이벤트',
      description: '사용자 속성(type, name, brand, plan_type, plan_status, setting, hierarchy, plan_name)은 서버가 세션으로 채웁니다. 한 번에 50개까지.',
      body: bodyFromYup(analyticsEventsSchema, '이벤트', { events: 'kind (pageview | click | identify), path, target' }),
      response: { 202: ok('받음', { type: 'null' }), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request, reply) => {
    const { events } = request.body as Checked<typeof analyticsEventsSchema>;
    const p = principalOf(request);
    const properties = await propertiesOf(request);
    const at = app.clock.now();
    try {
      await app.analytics.capture(events.map((e) => ({
        tenantIdx: p.tenantIdx, kind: e.kind as AnalyticsEventKind, distinctId: String(p.adminIdx), at, path: e.path, target: e.target || null, properties,
      })));
    } catch (err) {
      request.log.warn({ err, provider: app.analytics.name }, 'analytics capture failed');
    }
    return reply.status(202).send({ data: null });
  });

  app.post('/v1/analytics/errors', {
    config: { access: ANALYTICS_ACCESS, allowUnconfirmed: true, input: { body: errorReportSchema } },
    schema: docs({
      tags: TAG, summary: '화면 오류 보고 (렌더링, 지연 로딩 실패)', description: `샘플링 비율 ${ERROR_SAMPLE_RATE}: 모두 보고합니다.`,
      body: bodyFromYup(errorReportSchema, '오류', { kind: 'render | lazyLoad', message: '오류 메시지 (500자까지)', path: '화면 경로' }),
      response: { 202: ok('받음', { type: 'null' }), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request, reply) => {
    const body = request.body as Checked<typeof errorReportSchema>;
    const p = principalOf(request);
    try {
      await app.errorReporter.report({
        tenantIdx: p.tenantIdx, kind: body.kind as 'render' | 'lazyLoad', message: body.message, path: body.path, distinctId: String(p.adminIdx), at: app.clock.now(),
      });
    } catch (err) {
      request.log.warn({ err, provider: app.errorReporter.name }, 'error report failed');
    }
    return reply.status(202).send({ data: null });
  });
};
