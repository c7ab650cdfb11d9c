import { noteAudit, valuesDetail } from '../../audit/audit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { creditAccounts } from '../../db/schema';
import { docs, errorEnvelope, idempotencyKeyHeader, obj, ok, str } from '../../http/docs';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import { headerCheck, type Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import {
  CREDIT_KEY_MAX, CREDIT_MSG, RECHARGE_AMOUNTS, REFUND_WINDOW_DAYS, RECHARGE_THRESHOLDS, creditChargeSchema, creditConfigSchema, transactionRangeErrors, type TransactionSort,
} from '../../../src/domain/credit';
import type { FieldErrors } from '../../../src/domain/errors';
import { CREDIT_ACCESS } from './access';
import { charge, ensureAccount, latestNotice, refund, type ChargeRow } from './ledger';
import { transactionGroups } from './transactions';
import { claimIdempotencyKey } from '../../http/idempotency';

const TAG = ['credit'];
const int = (description: string) => ({ type: 'integer', description });
const accountDoc = obj('크레딧 계정', {
  accountIdx: int('계정 idx'), balance: int('잔액 (원)'),
  config: obj('자동 충전', { rechargeThreshold: { type: ['integer', 'null'] }, rechargeAmount: { type: ['integer', 'null'] }, autoRechargeActivated: { type: 'boolean' } }),
  notice: { type: ['object', 'null'], description: '브랜드에 알릴 최근 안내 (자동 충전 실패: kind AUTO_TOPUP_FAILED, message, createdAt)' },
});
const chargeDoc = obj('충전', {
  chargeIdx: int('충전 idx'), amount: int('충전 크레딧 (원)'), vat: int('부가세 10% (원 단위 반올림)'), total: int('카드 결제 금액 (원)'),
  status: str('PENDING | PAID | FAILED | REFUNDED'), auto: { type: 'boolean', description: '자동 충전' },
  createdAt: str('ISO'), paidAt: { type: ['string', 'null'] }, refundedAt: { type: ['string', 'null'] },
});
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FORBIDDEN_ROLE'),
};

async function accountRecord(app: Parameters<FastifyPluginAsync>[0], tenantIdx: number) {
  const row = await ensureAccount(app.db, tenantIdx);
  return {
    accountIdx: row.accountIdx,
    balance: row.balance,
    config: { rechargeThreshold: row.rechargeThreshold, rechargeAmount: row.rechargeAmount, autoRechargeActivated: row.autoRechargeActivated },
    notice: await latestNotice(app.db, tenantIdx),
  };
}

const chargeRecord = (c: ChargeRow) => ({
  chargeIdx: c.chargeIdx, amount: c.amount, vat: c.vat, total: c.amount + c.vat, status: c.status, auto: c.auto,
  createdAt: c.createdAt.toISOString(), paidAt: c.paidAt?.toISOString() ?? null, refundedAt: c.refundedAt?.toISOString() ?? null,
});

function idempotencyKeyOf(headers: FastifyRequest['headers']): string | undefined {
  const header = headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (key.length > CREDIT_KEY_MAX) throw validationFailed({ 'Idempotency-Key': CREDIT_MSG.idempotencyKeyInvalid });
  return key || undefined;
}
const idempotencyKeyInput = headerCheck(idempotencyKeyOf, idempotencyKeyHeader({ maxLength: CREDIT_KEY_MAX }));

function parseGroupQuery(raw: unknown) {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = { ...transactionRangeErrors(query) };
  const paging = readPaging(query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { start: query.start!, end: query.end!, sort: (query.sort ?? 'startedAt,desc') as TransactionSort, ...paging };
}

/**
 * The credit base (`/api/credit`, docs/api/credit.md): the tenant's prepaid message balance,
 * its auto top-up, its charges and refunds, and its ledger grouped by transaction. The debit API
 * (reserve, settle, release) is the service in ./ledger.ts, for messages; it has no route.
 */
export const creditRoutes: FastifyPluginAsync = async (app) => {
  const accountDocs = (summary: string) => docs({ tags: TAG, summary, response: { 200: ok('계정', accountDoc), 403: refusals[403] } });
  app.get('/account', { config: { access: CREDIT_ACCESS.read }, schema: accountDocs('크레딧 계정 (잔액과 자동 충전 설정)') },
    async (request) => ({ data: await accountRecord(app, principalOf(request).tenantIdx) }));
  // spec 1 §7: the same account read through the main gateway (/api + /credit/v1/account).
  app.get('/v1/account', { config: { access: CREDIT_ACCESS.read }, schema: accountDocs('크레딧 계정 (메인 게이트웨이 경로)') },
    async (request) => ({ data: await accountRecord(app, principalOf(request).tenantIdx) }));

  app.put('/account/config', {
    config: { audit: { action: 'credit.config', detail: valuesDetail }, access: CREDIT_ACCESS.write, input: { body: creditConfigSchema } },
    schema: docs({
      tags: TAG, summary: '자동 충전 설정', description: '충전 조건(rechargeThreshold)은 충전 금액(rechargeAmount)보다 작아야 합니다. 잔액이 충전 조건 아래로 내려가는 차감이 자동 충전을 실행합니다.',
      body: bodyFromYup(creditConfigSchema, '자동 충전', {
        accountIdx: '계정 idx (GET /account)', rechargeThreshold: `충전 조건 (${RECHARGE_THRESHOLDS.join(', ')})`,
        rechargeAmount: `충전 금액 (${RECHARGE_AMOUNTS.join(', ')})`, autoRechargeActivated: '자동 충전 사용',
      }),
      response: { 200: ok('저장됨', accountDoc), ...refusals, 404: errorEnvelope('NOT_FOUND: 다른 계정의 accountIdx') },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const body = request.body as Checked<typeof creditConfigSchema>;
    await ensureAccount(app.db, tenantIdx);
    const [before] = await app.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
    noteAudit(request, { before: { rechargeThreshold: before?.rechargeThreshold ?? null, rechargeAmount: before?.rechargeAmount ?? null, autoRechargeActivated: before?.autoRechargeActivated ?? false } });
    const [saved] = await app.db.update(creditAccounts)
      .set({ rechargeThreshold: body.rechargeThreshold, rechargeAmount: body.rechargeAmount, autoRechargeActivated: body.autoRechargeActivated })
      .where(and(eq(creditAccounts.tenantIdx, tenantIdx), eq(creditAccounts.accountIdx, body.accountIdx)))
      .returning();
    if (!saved) throw notFound(CREDIT_MSG.accountInvalid);
    return { data: await accountRecord(app, tenantIdx) };
  });

  app.post('/account/charge', {
    config: { audit: { replayStatus: 200, action: 'credit.charge', detail: valuesDetail }, access: CREDIT_ACCESS.write, input: { headers: idempotencyKeyInput, body: creditChargeSchema } },
    schema: docs({
      tags: TAG, summary: '크레딧 충전 (부가세 10% 별도)',
      description: '등록된 결제 카드로 amount + 부가세를 결제하고 amount만큼 잔액을 늘립니다. 헤더 Idempotency-Key를 보내면 같은 키의 재요청은 다시 결제하지 않고 처음 결과를 200으로 돌려줍니다.',
      body: bodyFromYup(creditChargeSchema, '충전', { amount: `충전 금액 (${RECHARGE_AMOUNTS.join(', ')})` }),
      response: { 201: ok('충전됨', chargeDoc), 200: ok('같은 Idempotency-Key의 처음 결과', chargeDoc), 422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'), ...refusals, 409: errorEnvelope('CONFLICT: 등록된 결제 카드 없음, 카드 거절(카드사 메시지) 또는 결제 실패') },
    }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers);
    if (idempotencyKey) await claimIdempotencyKey(app.db, { tenantIdx, scope: 'credit.charge', key: idempotencyKey }, request.body);
    const { amount } = request.body as Checked<typeof creditChargeSchema>;
    const result = await charge(app.db, app.chargeCard, { tenantIdx, amount, idempotencyKey }, app.clock.now());
    if (result.charge.status === 'FAILED' && !result.replayed) throw new ApiError(409, 'CONFLICT', result.refusal ?? CREDIT_MSG.chargeDeclined);
    return reply.status(result.replayed ? 200 : 201).send({ data: chargeRecord(result.charge) });
  });

  app.post('/account/charge/:idx/refund', {
    config: { audit: { action: 'credit.refund' }, access: CREDIT_ACCESS.write, input: { params: idxParams(CREDIT_MSG.chargeNotFound) } },
    schema: docs({
      tags: TAG, summary: '크레딧 충전 환불',
      description: `충전 후 ${REFUND_WINDOW_DAYS}일 안에, 충전 뒤 차감이 없었을 때만 환불합니다. 그 밖에는 409 CONFLICT: "${CREDIT_MSG.refundWindowPassed}", "${CREDIT_MSG.refundUsed}" 또는 "${CREDIT_MSG.refundNotPaid}".`,
      params: obj('경로', { idx: int('충전 idx') }),
      response: { 200: ok('환불됨', chargeDoc), 403: refusals[403], 404: errorEnvelope('NOT_FOUND'), 409: errorEnvelope('CONFLICT: 기간 경과, 사용함, 이미 환불') },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { idx } = request.params as { idx: number };
    return { data: chargeRecord(await refund(app.db, app.chargeCard, tenantIdx, idx, app.clock.now())) };
  });

  app.get('/transaction/group', {
    config: { access: CREDIT_ACCESS.read, input: { query: parseGroupQuery } },
    schema: docs({
      tags: TAG, summary: '크레딧 거래 내역 (거래별 묶음)',
      description: '한 충전과 그 환불, 한 차감의 예약·정산·해제를 한 묶음으로, 시작 시각(startedAt)이 start~end(서울 날짜, 포함)인 묶음을 정렬해 돌려줍니다.',
      querystring: obj('조회', {
        start: str('YYYY-MM-DD (필수)'), end: str('YYYY-MM-DD (필수)'), sort: str('startedAt,desc (기본) | startedAt,asc'), ...pagingDocs(),
      }),
      response: {
        200: ok('묶음', obj('목록', {
          list: { type: 'array', items: obj('묶음', { groupKey: str('charge:{idx} | debit:{idx} | opening'), type: str('CHARGE | AUTO_TOPUP | DEBIT | OPENING'), startedAt: str('ISO'), endedAt: str('ISO'), amount: int('잔액 변화 합계'), status: str('상태'),
            refundable: { type: 'boolean', description: '충전 묶음: 지금 환불할 수 있는지 (결제 완료, 7일 이내, 충전 뒤 사용 없음)' },
            refundRefusal: { type: ['string', 'null'], description: '충전 묶음: 환불할 수 없는 이유 (환불 요청이 답할 메시지)' },
            entries: { type: 'array' } }) },
          total: int('묶음 수'),
        })),
        ...refusals,
      },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    return { data: await transactionGroups(app.db, tenantIdx, request.query as ReturnType<typeof parseGroupQuery>, app.clock.now()) };
  });
};
