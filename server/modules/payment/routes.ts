import type { FastifyPluginAsync } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import { docs, obj, str, ok } from '../../http/docs';
import { principalOf } from '../../plugins/auth';
import { PAYMENT_ACCESS } from './access';
import { cardRoutes } from './cards';
import { subscriptionRoutes, subscriptionView } from './subscription';
import { billRoutes } from './bills';

const TAG = ['payment'];

/** The payment base (`/api/payment`): plans, the tenant's subscription and its payment cards (./cards.ts). */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(cardRoutes);
  await app.register(subscriptionRoutes);
  await app.register(billRoutes);
  app.get('/v2/plan', {
    config: { access: PAYMENT_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '요금제 목록',
      querystring: obj('조건', { isActivated: str('Y: 판매 중인 요금제만, N: 중단된 요금제만, 생략: 전부') }),
      response: {
        200: ok('요금제', obj('목록', {
          list: { type: 'array', items: obj('요금제', { groupId: str('FREE | STARTER | STANDARD | PRO | ENTERPRISE'), planId: str('요금제 id'), name: str('이름'), price: { type: 'integer', description: '월 요금 (원, VAT 별도)' }, level: { type: 'integer' }, plusList: { type: 'array', items: { type: 'string' } } }) },
          total: { type: 'integer' },
        })),
      },
    }),
  }, async (request) => {
    const { isActivated } = request.query as { isActivated?: string };
    const filter = isActivated === 'Y' || isActivated === 'N' ? eq(plans.isActivated, isActivated === 'Y') : undefined;
    const rows = await app.db
      .select({ groupId: plans.groupId, planId: plans.planId, name: plans.name, price: plans.price, level: plans.level, plusList: plans.plusList })
      .from(plans)
      .where(filter)
      .orderBy(asc(plans.level));
    return { data: { list: rows, total: rows.length } };
  });

  app.get('/v2/subscription', {
    config: { access: PAYMENT_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '현재 구독',
      description: '구독이 없으면 data는 null. state는 ENTERPRISE | TRIAL | CHARGED | TRIAL_FINISHED | CHARGED_PLAN_FINISHED, '
        + 'status는 콘솔이 보여 주는 하나의 상태(state에 CANCEL_SCHEDULED: 해지했지만 이용 기간이 남음)로, 둘 다 서버의 시계로 계산합니다.',
      response: {
        200: ok('구독', obj('구독', {
          planId: str('요금제 id'), planGroup: str('요금제 그룹'), planName: str('요금제 이름'), price: { type: 'integer' },
          startDate: str('ISO'), endDate: str('ISO 또는 null'), isCanceled: { type: 'boolean' }, isTrial: { type: 'boolean' },
          state: str('파생 상태'), status: str('표시 상태: state 또는 CANCEL_SCHEDULED'), daysLeft: { type: 'integer', description: '남은 일수 (종료일 없으면 null)' },
        })),
      },
    }),
  }, async (request) => ({ data: await subscriptionView(app, principalOf(request).tenantIdx) }));
};
