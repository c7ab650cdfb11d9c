import type { FastifyPluginAsync } from 'fastify';
import {
  STAMP_GOAL_MAX, STAMP_GOAL_MIN, STAMP_MSG, STAMP_RULE, STAMP_STATUS_FILTERS, STAMP_WRITE_RULE, stampActiveSchema, stampSettingSchema,
  stampVisitSchema, type StampStatusFilter,
} from '../../../src/domain/stamp';
import type { FieldErrors } from '../../../src/domain/errors';
import { ApiError, validationFailed } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { applyStamps, stampCardOf, stampSettingOf } from './accrue';
import { findCustomer, listHistory, saveSetting, setActive, settingRecord } from './service';

const TAG = ['stamp'];
const int = (description: string) => ({ type: 'integer', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

const settingDoc = obj('스탬프 카드', {
  goal: int(`리워드까지 스탬프 수 (${STAMP_GOAL_MIN}~${STAMP_GOAL_MAX})`), rewardCouponIdx: int('리워드 쿠폰 idx'),
  rewardCouponTitle: nullable('string', '리워드 쿠폰 이름 (삭제되면 null)'), trigger: str('GUARANTEE (보증서 발급) | ORDER (구매 기록) | VISIT (방문 확인)'),
  active: str('Y | N (적립 켜짐)'), description: str('안내 문구'), updatedAt: str('ISO'),
});
const cardDoc = obj('고객의 현재 카드', {
  count: int('지금 카드의 스탬프'), goal: int('리워드까지'), cardNo: int('카드 번호 (1부터)'), rewardCouponIdx: int('리워드 쿠폰'),
  rewardCouponTitle: nullable('string', '리워드 쿠폰 이름'), trigger: str('적립 기준'), active: { type: 'boolean', description: '적립 켜짐' }, description: str('안내 문구'),
});
const historyDoc = obj('적립 내역', {
  idx: int('idx'), createdAt: str('ISO'), customerIdx: int('고객'), customerName: nullable('string', '고객 이름'), customerPhone: nullable('string', '휴대폰'),
  stampStatus: str('ACCRUED (적립) | REWARDED (리워드 지급) | REWARD_FAILED (리워드 지급 실패) | CANCELED (보증서 발급 취소로 회수)'), trigger: str('적립 기준'),
  refIdx: nullable('integer', '보증서 idx (GUARANTEE) 또는 주문 idx (ORDER)'), cardNo: int('카드 번호'), countAfter: int('적립 뒤 스탬프 수'), goal: int('리워드까지'),
  couponIdx: nullable('integer', '리워드 쿠폰'), couponTitle: nullable('string', '리워드 쿠폰 이름'), failReason: nullable('string', '지급 실패 사유'), memo: nullable('string', '방문 메모'),
});
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FEATURE_DISABLED | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED'),
};

function parseHistoryQuery(raw: unknown) {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const paging = readPaging(query, errors);
  const stampStatus = (query.stampStatus || 'ALL') as StampStatusFilter;
  if (!STAMP_STATUS_FILTERS.includes(stampStatus)) errors.stampStatus = STAMP_MSG.statusInvalid;
  const searchText = (query.searchText ?? '').trim().slice(0, 100);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { ...paging, stampStatus, searchText };
}

const customerParams = idxParams(STAMP_MSG.customerNotFound);

/**
 * Stamps (issue 11 item 6; docs/api/stamps.md): the card's setting (GET/PUT /v1/admin/stamp,
 * PATCH stamp/active), the accrual history (GET stamp/list), a visit confirmed by staff
 * (POST /v1/admin/stamps) and a customer's current card (GET stamps/{idx}, the customer's idx). The main
 * account's only, under the MEMBERSHIP feature, STANDARD blocked (src/domain/stamp.ts STAMP_RULE).
 */
export const stampRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/stamp', {
    config: { access: STAMP_RULE },
    schema: docs({ tags: TAG, summary: '스탬프 카드 설정 조회', description: '설정하기 전에는 data가 null입니다.', response: { 200: ok('설정', { ...settingDoc, type: ['object', 'null'] }), 403: refusals[403] } }),
  }, async (request) => ({ data: await settingRecord(app.db, principalOf(request).tenantIdx) }));

  app.put('/v1/admin/stamp', {
    config: { access: STAMP_WRITE_RULE, input: { body: stampSettingSchema } },
    schema: docs({
      tags: TAG, summary: '스탬프 카드 저장', description: '본문 전체. 이미 적립 중인 카드의 스탬프는 그대로이고, 목표를 낮추면 다음 적립에서 리워드가 지급됩니다.',
      body: bodyFromYup(stampSettingSchema, '스탬프 카드', {
        goal: `리워드까지 스탬프 수 (${STAMP_GOAL_MIN}~${STAMP_GOAL_MAX})`, rewardCouponIdx: '리워드 쿠폰 (이 테넌트의 쿠폰, 고객당 1회 쿠폰 제외)',
        trigger: 'GUARANTEE | ORDER | VISIT', active: 'Y | N', description: '안내 문구 (200자까지)',
      }),
      response: { 200: ok('저장됨', settingDoc), ...refusals },
    }),
  }, async (request) => ({ data: await saveSetting(app.db, principalOf(request).tenantIdx, request.body as Checked<typeof stampSettingSchema>, app.clock.now()) }));

  app.patch('/v1/admin/stamp/active', {
    config: { access: STAMP_WRITE_RULE, input: { body: stampActiveSchema } },
    schema: docs({
      tags: TAG, summary: '스탬프 적립 켜기/끄기', body: bodyFromYup(stampActiveSchema, '적립', { active: 'Y | N' }),
      response: { 200: ok('저장됨', settingDoc), ...refusals, 404: errorEnvelope(`NOT_FOUND: ${STAMP_MSG.notSetUp}`) },
    }),
  }, async (request) => {
    const { active } = request.body as Checked<typeof stampActiveSchema>;
    return { data: await setActive(app.db, principalOf(request).tenantIdx, active, app.clock.now()) };
  });

  app.get('/v1/admin/stamp/list', {
    config: { access: STAMP_RULE, input: { query: parseHistoryQuery } },
    schema: docs({
      tags: TAG, summary: '스탬프 적립 내역', description: '최신순. stampStatus 기본 ALL.',
      querystring: obj('필터', { ...pagingDocs(), stampStatus: str(`${STAMP_STATUS_FILTERS.join(' | ')} (기본 ALL)`), searchText: str('고객 이름 또는 휴대폰 번호') }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: historyDoc }, total: int('전체 개수') })), ...refusals },
    }),
  }, async (request) => ({ data: await listHistory(app.db, principalOf(request).tenantIdx, request.query as Checked<typeof parseHistoryQuery>) }));

  app.post('/v1/admin/stamps', {
    config: { access: STAMP_WRITE_RULE, input: { body: stampVisitSchema } },
    schema: docs({
      tags: TAG, summary: '방문 확인 (스탬프 적립)', description: '적립 기준이 VISIT이고 적립이 켜져 있을 때 고객에게 스탬프 하나. 목표에 닿으면 리워드 쿠폰이 지급되고 새 카드가 시작됩니다. 아니면 409 CONFLICT.',
      body: bodyFromYup(stampVisitSchema, '방문', { customerIdx: '고객 idx (또는 phone)', phone: '고객 휴대폰 번호 (010-0000-0000)', memo: '메모 (100자까지)' }),
      response: {
        201: ok('적립됨', obj('결과', { customerIdx: int('고객'), customerName: str('이름'), count: int('지금 카드의 스탬프'), goal: int('리워드까지'), cardNo: int('카드 번호'), rewarded: { type: 'boolean', description: '이번 적립으로 리워드 지급' }, rewardFailed: { type: 'boolean', description: '리워드 쿠폰이 지급을 거절' } })),
        ...refusals, 404: errorEnvelope(`NOT_FOUND: ${STAMP_MSG.customerNotFound}`), 409: errorEnvelope(`CONFLICT: ${STAMP_MSG.notSetUp} | ${STAMP_MSG.notActive} | ${STAMP_MSG.notVisitTrigger}`),
      },
    }),
  }, async (request, reply) => {
    const principal = principalOf(request);
    const body = request.body as Checked<typeof stampVisitSchema>;
    const now = app.clock.now();
    const result = await app.db.transaction(async (tx) => {
      const setting = await stampSettingOf(tx, principal.tenantIdx);
      if (!setting) throw new ApiError(409, 'CONFLICT', STAMP_MSG.notSetUp);
      if (setting.active !== 'Y') throw new ApiError(409, 'CONFLICT', STAMP_MSG.notActive);
      if (setting.trigger !== 'VISIT') throw new ApiError(409, 'CONFLICT', STAMP_MSG.notVisitTrigger);
      const customer = await findCustomer(tx, principal.tenantIdx, body);
      const [card] = await applyStamps(tx, setting, [{ customerIdx: customer.idx }], now, { createdBy: principal.adminIdx, memo: body.memo || null });
      return { customerIdx: customer.idx, customerName: customer.name, count: card.count, goal: card.goal, cardNo: card.cardNo, rewarded: card.rewards > 0, rewardFailed: card.rewardsFailed > 0 };
    });
    return reply.status(201).send({ data: result });
  });

  app.get('/v1/admin/stamps/:idx', {
    config: { access: STAMP_RULE, input: { params: customerParams } },
    schema: docs({
      tags: TAG, summary: '고객의 스탬프 카드', params: obj('경로', { idx: int('고객 idx') }),
      response: { 200: ok('카드 (설정 전에는 null)', { ...cardDoc, type: ['object', 'null'] }), 403: refusals[403], 404: errorEnvelope(`NOT_FOUND: ${STAMP_MSG.customerNotFound}`) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { idx: customerIdx } = request.params as Checked<typeof customerParams>;
    await findCustomer(app.db, tenantIdx, { customerIdx });
    return { data: await stampCardOf(app.db, tenantIdx, customerIdx) };
  });
};
