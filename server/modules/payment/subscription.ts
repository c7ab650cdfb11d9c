import { valuesDetail } from '../../audit/audit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { bills, plans, subscriptions } from '../../db/schema';
import { daysLeft, deriveSubscriptionState } from '../../../src/domain/plans';
import {
  SUBSCRIBABLE_GROUPS, SUBSCRIPTION_MSG, quote, subscribeSchema, subscriptionStatusOf, type Quote, type SubscribeForm,
} from '../../../src/domain/subscription';
import { ApiError, validationFailed } from '../../http/errors';
import { docs, errorEnvelope, idempotencyKeyHeader, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { headerCheck } from '../../http/routeInput';
import { loadSubscription, principalOf } from '../../plugins/auth';
import { PAYMENT_ACCESS } from './access';
import {
  billByKey, billItems, billView, chargeTenant, currentSubscription, newOrderId, paidPeriodOf, planOf,
} from './subscriptionBilling';
import { claimIdempotencyKey } from '../../http/idempotency';

const TAG = ['payment'];
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The optional Idempotency-Key header: 8–64 of [A-Za-z0-9_-]; a retry with the same key answers the same bill. */
function idempotencyKeyOf(headers: FastifyRequest['headers']): string | null {
  const header = headers['idempotency-key'];
  if (header === undefined) return null;
  const key = typeof header === 'string' ? header.trim() : '';
  if (!KEY_PATTERN.test(key)) throw validationFailed({ 'Idempotency-Key': SUBSCRIPTION_MSG.idempotencyKey });
  return key;
}
const idempotencyKeyInput = headerCheck(idempotencyKeyOf, idempotencyKeyHeader({ minLength: 8, maxLength: 64, pattern: KEY_PATTERN.source }));

/** The plan of the body: unknown or not for sale → 400 on planId; Free and Enterprise are not subscribed to here. */
async function planFor(app: FastifyInstance, planId: string) {
  const [row] = await app.db.select().from(plans).where(eq(plans.planId, planId));
  if (!row || !row.isActivated) throw validationFailed({ planId: SUBSCRIPTION_MSG.planNotFound });
  if (!SUBSCRIBABLE_GROUPS.includes(row.groupId)) throw validationFailed({ planId: SUBSCRIPTION_MSG.planNotSubscribable });
  return planOf(row);
}

async function quoteFor(app: FastifyInstance, tenantIdx: number, planId: string) {
  const plan = await planFor(app, planId);
  const now = app.clock.now();
  const current = await currentSubscription(app.db, tenantIdx);
  // Enterprise is contracted, not changed from the console.
  if (current?.plan.groupId === 'ENTERPRISE') {
    throw new ApiError(409, 'CONFLICT', SUBSCRIPTION_MSG.planNotSubscribable);
  }
  return { plan, now, current, q: quote(plan, paidPeriodOf(current, now), now) };
}

/**
 * The subscription as GET /v2/subscription answers it: the state and the one status the console shows
 * (`status`, issue 23 item 11), both derived here with the server's clock, never the browser's.
 */
export async function subscriptionView(app: FastifyInstance, tenantIdx: number) {
  const sub = await loadSubscription(app.db, tenantIdx);
  if (!sub) return null;
  const now = app.clock.now();
  return { ...sub, state: deriveSubscriptionState(sub, now), status: subscriptionStatusOf(sub, now), daysLeft: daysLeft(sub.endDate, now) };
}

const quoteDoc = obj('계산 결과', {
  kind: str('NEW | UPGRADE | DOWNGRADE | SAME'), planId: str('요금제 id'), startDate: str('ISO'), endDate: str('ISO: 이용 기간의 끝'),
  remainingDays: { type: ['integer', 'null'], description: '남은 일수 (오늘 포함, 변경일 때)' }, periodDays: { type: ['integer', 'null'] },
  items: { type: 'array', items: { type: 'object', additionalProperties: true } },
  price: { type: 'integer', description: 'VAT 별도' }, vat: { type: 'integer' }, totalAmount: { type: 'integer', description: '지금 결제할 금액 (VAT 포함, 음수면 환불)' },
});
const body = bodyFromYup(subscribeSchema, '구독', { planId: '요금제 id (GET /v2/plan의 planId)' });

/**
 * The subscription's writes (issue 12 item 1; docs/api/payment.md, "Subscription"): subscribe or
 * change plan with the registered card, cancel at the period's end, and the price calculator. The
 * rules (VAT, periods, proration) are src/domain/subscription.ts.
 */
export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  app.post('/v2/subscription/calculator', {
    config: { access: PAYMENT_ACCESS.read, input: { body: subscribeSchema } },
    schema: docs({ tags: TAG, summary: '구독 요금 계산 (일할 계산)', body, response: { 200: ok('계산', quoteDoc), 400: errorEnvelope('VALIDATION_FAILED') } }),
  }, async (request) => {
    const { planId } = request.body as SubscribeForm;
    return { data: (await quoteFor(app, principalOf(request).tenantIdx, planId)).q };
  });

  app.post('/v2/subscription', {
    config: { audit: { replayStatus: 200, action: 'subscription.create', detail: valuesDetail }, access: PAYMENT_ACCESS.write, input: { headers: idempotencyKeyInput, body: subscribeSchema } },
    schema: docs({
      tags: TAG, summary: '구독 (요금제 가입 또는 변경)',
      description: '등록된 결제 카드로 결제한 뒤 구독과 청구서를 만듭니다. 이용 중에 요금제를 바꾸면 남은 일수만큼 일할 계산합니다 (계산기와 같은 금액, 내리면 환불 청구서). '
        + 'Idempotency-Key 헤더(8~64자)를 보내면 같은 키의 재시도는 한 번만 결제하고 같은 청구서를 답합니다. 카드사 거절은 400 PAYMENT_DECLINED (대행사의 메시지 그대로).',
      body,
      response: {
        201: ok('구독됨', obj('결과', { subscription: { type: 'object', additionalProperties: true }, bill: { type: ['object', 'null'], additionalProperties: true }, quote: quoteDoc })),
        400: errorEnvelope('VALIDATION_FAILED | PAYMENT_DECLINED'),
        409: errorEnvelope('CONFLICT: 이미 이용 중인 요금제, 등록된 카드 없음, Enterprise'),
        422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'),
        502: errorEnvelope(`PAYMENT_FAILED: ${SUBSCRIPTION_MSG.chargeFailed}`),
      },
    }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    const key = idempotencyKeyOf(request.headers);
    if (key) await claimIdempotencyKey(app.db, { tenantIdx, scope: 'subscription.payment', key }, request.body);
    const { planId } = request.body as SubscribeForm;
    const plan = await planFor(app, planId);
    const subscription = async () => subscriptionView(app, tenantIdx);

    // One payment of a tenant at a time (both drivers: PGlite is real PostgreSQL): the quote, the charge and the writes
    // see one state, so two requests (a double click with two keys, two tabs) cannot both charge for one change.
    const done = await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`subscription:${tenantIdx}`}))`);
      if (key) {
        const replay = await billByKey(tx, tenantIdx, key);
        if (replay) return { kind: 'done' as const, bill: replay, q: null };
      }
      const now = app.clock.now();
      const current = await currentSubscription(tx, tenantIdx);
      // Enterprise is contracted, not changed from the console.
      if (current?.plan.groupId === 'ENTERPRISE') throw new ApiError(409, 'CONFLICT', SUBSCRIPTION_MSG.planNotSubscribable);
      const q = quote(plan, paidPeriodOf(current, now), now);

      if (q.kind === 'SAME') {
        // The same plan again: a cancelled subscription is resumed (nothing to pay), a running one refused.
        if (!current?.sub.isCanceled) throw new ApiError(409, 'CONFLICT', SUBSCRIPTION_MSG.alreadySubscribed);
        await tx.update(subscriptions).set({ isCanceled: false }).where(and(eq(subscriptions.tenantIdx, tenantIdx), eq(subscriptions.idx, current.sub.idx)));
        return { kind: 'done' as const, bill: null, q };
      }

      const orderId = newOrderId(q.kind === 'NEW' ? 'sub' : 'chg', tenantIdx);
      let paymentKey: string | null = null;
      let cardNumber: string | null = null;
      if (q.totalAmount > 0) {
        const outcome = await chargeTenant(app, tenantIdx, q.totalAmount, orderId, `${plan.name} 구독`, key ? `sub-${tenantIdx}-${key}` : orderId, tx);
        if (!outcome.ok) return { kind: 'refused' as const, outcome, q, orderId, now };
        paymentKey = outcome.paymentKey;
        cardNumber = outcome.cardNumber;
      }

      let subscriptionIdx: number;
      if (q.kind === 'NEW') {
        const [row] = await tx.insert(subscriptions).values({
          tenantIdx, planId: plan.planId, startDate: now, endDate: new Date(q.endDate), isCanceled: false, isTrial: false, createdAt: now,
        }).returning({ idx: subscriptions.idx });
        subscriptionIdx = row.idx;
      } else {
        // A change keeps the period: the plan moves, the end stays; a cancelled subscription changed is renewed again.
        await tx.update(subscriptions).set({ planId: plan.planId, isCanceled: false })
          .where(and(eq(subscriptions.tenantIdx, tenantIdx), eq(subscriptions.idx, current!.sub.idx)));
        subscriptionIdx = current!.sub.idx;
      }
      const [bill] = await tx.insert(bills).values({
        tenantIdx, kind: q.kind === 'NEW' ? 'SUBSCRIBE' : 'CHANGE',
        // A downgrade's refund is owed to the card: ready until it is paid back.
        status: q.totalAmount < 0 ? 'ready' : 'complete',
        planId: plan.planId, subscriptionIdx, itemList: billItems(q.items), totalAmount: q.totalAmount, orderId, idempotencyKey: key,
        paymentKey, cardNumber, payDate: q.totalAmount > 0 ? now : null, createdAt: now,
      }).returning();
      return { kind: 'done' as const, bill, q };
    });

    if (done.kind === 'refused') {
      const { outcome, q, orderId, now } = done;
      if (outcome.kind === 'NO_CARD') throw new ApiError(409, 'CONFLICT', outcome.message);
      // The refusal is kept as a failed bill, without the key: the brand may retry after changing its card.
      await app.db.insert(bills).values({
        tenantIdx, kind: q.kind === 'NEW' ? 'SUBSCRIBE' : 'CHANGE', status: 'fail', planId: plan.planId, itemList: billItems(q.items),
        totalAmount: q.totalAmount, orderId, failMessage: outcome.message, createdAt: now,
      });
      if (outcome.kind === 'DECLINED') throw new ApiError(400, 'PAYMENT_DECLINED', outcome.message);
      throw new ApiError(502, 'PAYMENT_FAILED', outcome.message);
    }
    app.principals.forgetTenant(tenantIdx);
    return reply.status(201).send({ data: { subscription: await subscription(), bill: done.bill ? billView(done.bill) : null, quote: done.q satisfies Quote | null } });
  });

  app.delete('/v2/subscription', {
    config: { audit: { action: 'subscription.cancel' }, access: PAYMENT_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '구독 해지 (이용 기간 끝까지 이용)',
      description: 'isCanceled가 true가 되고 endDate까지 상태는 CHARGED로 유지되며, 갱신 결제를 하지 않습니다.',
      response: { 200: ok('해지됨', { type: 'object', additionalProperties: true }), 409: errorEnvelope('CONFLICT: 해지할 구독이 없거나 이미 해지됨') },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const now = app.clock.now();
    const current = await currentSubscription(app.db, tenantIdx);
    if (!paidPeriodOf(current, now)) throw new ApiError(409, 'CONFLICT', current ? SUBSCRIPTION_MSG.notCancelable : SUBSCRIPTION_MSG.noSubscription);
    const [row] = await app.db.update(subscriptions).set({ isCanceled: true })
      .where(and(eq(subscriptions.tenantIdx, tenantIdx), eq(subscriptions.idx, current!.sub.idx), eq(subscriptions.isCanceled, false)))
      .returning({ idx: subscriptions.idx });
    if (!row) throw new ApiError(409, 'CONFLICT', SUBSCRIPTION_MSG.alreadyCanceled);
    app.principals.forgetTenant(tenantIdx);
    return { data: await subscriptionView(app, tenantIdx) };
  });
};
