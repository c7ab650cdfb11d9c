import { fieldsDetail, idsDetail, rowsDetail } from '../../audit/audit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { GUARANTEE_MSG, NFT_BULK_MAX_ROWS, NFT_EDITABLE_STATUSES, NFT_SEARCH_TYPES, NFT_STATUS } from '../../../src/domain/guarantee';
import {
  MEMBERSHIP_DASHBOARD_PERIODS, MEMBERSHIP_ISSUE_MSG, membershipIssueSchema, type MembershipDashboardPeriod,
} from '../../../src/domain/membershipIssue';
import { membershipIssueResource } from '../../../src/domain/resources/membershipIssue';
import type { ErrorCode, FieldErrors } from '../../../src/domain/errors';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import { bulkOutcomeDoc, docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams, pagingDocs } from '../../http/params';
import { sentFields, type Checked } from '../../http/routeInput';
import { validateWith } from '../../http/validate';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf, type Principal } from '../../plugins/auth';
import { guaranteeDoc } from '../guarantees/routes';
import { listGuarantees, type NftQuery } from '../guarantees/service';
import { getGuarantee, issueInputOf } from '../guarantees/rows';
import { prepareIssues, type Tenant } from '../guarantees/issue';
import { batchRows, insertIssues, updateGuarantee } from '../guarantees/write';
import { issueBulk } from '../guarantees/bulk';
import { applyTransition } from '../guarantees/transitions';
import { illegalTransition } from '../guarantees/transitions';
import { bulkIssueSchema, idempotencyBatchKey, idempotencyKeyInput, nftIdxListSchema, parseNftQuery, requiresBrand } from '../guarantees/input';
import { couponsOfMembership, requireMemberships, stopMemberships, withMembership, withMemberships, membershipExtras } from './issued';
import { membershipCoupons, membershipIssued, membershipSummary } from './dashboard';
import { membershipHeldViolation } from './grants';
import { rowsOf } from '../products/service';
import { sql } from 'drizzle-orm';
import { claimIdempotencyKey } from '../../http/idempotency';
import { BULK_BODY_LIMIT } from '../../http/bodyLimits';
import { idxJson } from '../../../src/domain/integers';

/**
 * Membership issue (spec 2 sections 2, 3, 4 and 8; issue 11 items 2 and 5): the history, detail,
 * issue (single and bulk), edit, stop, cancel and delete of certificates of type MEMBERSHIP, on the
 * guarantees' machinery (list query, prepareIssues, the set-based insert idempotent by batch key,
 * the transitions), under the membership access rules (the MEMBERSHIP feature, STANDARD refused).
 * A guarantee's idx is not found here. The dashboards are at /v1/admin/nft/dashboard/membership/*.
 */

const TAG = ['membership-issue'];
const int = (description: string) => ({ type: 'integer', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });
const { read, write } = membershipIssueResource.access;
const params = idxParams(MEMBERSHIP_ISSUE_MSG.notFound);
type Idx = Checked<typeof params>;

const membershipDoc = {
  ...guaranteeDoc,
  properties: {
    ...(guaranteeDoc.properties as object),
    expiresAt: nullable('string', '만료 시각 ISO (템플릿의 만료일, 또는 발급일부터 N일)'), stoppedAt: nullable('string', '중지 시각 ISO'),
    pointAmount: nullable('integer', '적립 포인트 floor(결제 금액 × 적립률 %)'),
    membershipStatus: str('issuing | expired | stop'), membershipStatusName: str('발급 중 | 만료 | 중지'),
    customerStatus: str('READY | CONFIRMED | COMPLETED | CANCELED | EXPIRED'), customerStatusName: str('고객에게 보이는 상태: 발급 | 발급 취소 | 만료'),
  },
};
const detailDoc = {
  ...membershipDoc,
  properties: {
    ...membershipDoc.properties,
    coupons: { type: 'array', items: obj('받은 쿠폰', { idx: int('지갑 idx'), couponIdx: int('쿠폰 idx'), title: str('쿠폰 이름'), status: str('ISSUED | USED | CANCELED'), barcode: str('바코드'), expiresAt: str('ISO'), usedAt: nullable('string', 'ISO') }) },
  },
};
const idxParam = obj('경로', { idx: int('멤버십 발급 idx') });
const idxListBody = bodyFromYup(nftIdxListSchema, '대상', { nftIdxList: `멤버십 발급 idx 목록 (1~${NFT_BULK_MAX_ROWS})` });
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED (errors가 필드를 가리킴), INVALID_NFT_TEMPLATE_EXPIRE_DATE, INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE'),
  404: errorEnvelope(`NOT_FOUND: ${MEMBERSHIP_ISSUE_MSG.notFound} (다른 테넌트의 것, 보증서 포함)`),
  409: errorEnvelope('MEMBERSHIP_NFT_ALREADY_EXISTS: 같은 멤버십을 이미 보유; ILLEGAL_TRANSITION: 상태가 허용하지 않는 처리'),
};
const inputTexts: Record<string, string> = {
  nftTemplateIdx: '멤버십 템플릿 (생략 시 대표 멤버십)', ordererName: '고객명 (필수)', ordererCountryCode: '국가 번호 (기본 82)',
  ordererTel: '연락처 (필수, 050/070 불가)', orderedAt: '구매일 YYYY-MM-DD', paymentAmount: '결제 금액 (적립 포인트의 기준)', productName: '생략 시 카드 이름',
};
const issueDoc = bodyFromYup(membershipIssueSchema, '멤버십 발급 입력 (보증서 발급과 같은 필드, 상품은 카드)', inputTexts);
const periodQuery = (raw: unknown): { period: MembershipDashboardPeriod } => {
  const dateType = ((raw ?? {}) as Record<string, string | undefined>).dateType || 'ALL';
  if (!(dateType in MEMBERSHIP_DASHBOARD_PERIODS)) throw validationFailed({ dateType: MEMBERSHIP_ISSUE_MSG.dashboardPeriodInvalid });
  return { period: dateType as MembershipDashboardPeriod };
};
const periodDoc = obj('기간', { dateType: str(`${Object.keys(MEMBERSHIP_DASHBOARD_PERIODS).join(' | ')} (생략 시 ALL)`) });

const tenantOf = (p: Principal): Tenant => ({ tenantIdx: p.tenantIdx, adminIdx: p.adminIdx, b2bType: p.b2bType });
const depsOf = (app: FastifyInstance) => ({ messaging: app.messaging, publicUrl: app.config.publicUrl });
const issueBody = (raw: unknown, request: FastifyRequest) => validateWith(membershipIssueSchema, raw, { requireBrand: requiresBrand(request) });

/** The rule errors of prepareIssues as the spec's codes: a held membership 409, an ended template or coupon 400; else 400 VALIDATION_FAILED. */
function refusalOf(errors: FieldErrors, codes: Record<string, string>): ApiError {
  const coded = Object.keys(errors).find((k) => codes[k]);
  if (!coded) return validationFailed(errors);
  const code = codes[coded] as ErrorCode;
  return new ApiError(code === 'MEMBERSHIP_NFT_ALREADY_EXISTS' ? 409 : 400, code, errors[coded], errors);
}


export const membershipIssueRoutes: FastifyPluginAsync = async (app) => {
  const base = membershipIssueResource.apiPath;
  const one = async (tenantIdx: number, idx: number) => {
    const g = await getGuarantee(app.db, tenantIdx, idx);
    if (!g || g.nftType !== 'MEMBERSHIP') throw notFound(MEMBERSHIP_ISSUE_MSG.notFound);
    const extras = await membershipExtras(app.db, tenantIdx, [idx]);
    return withMembership(g, extras.get(idx), app.clock.now());
  };

  app.get(base, {
    config: { access: read, input: { query: parseNftQuery } },
    schema: docs({
      tags: TAG, summary: '멤버십 발급 내역',
      description: '보증서 발급 내역과 같은 검색, 필터, 정렬, 페이지 (nftType은 항상 MEMBERSHIP). 각 행에 멤버십 상태(발급 중, 만료, 중지)와 고객에게 보이는 상태.',
      querystring: obj('검색, 필터, 페이지, 정렬', {
        search: str(`${NFT_SEARCH_TYPES.join(' | ')} (기본 all)`), keyword: str('검색어 (쉼표/줄바꿈, 최대 10개)'),
        from: str('YYYY-MM-DD'), to: str('YYYY-MM-DD'), dateType: str('createdAt | issuedAt | orderedAt'), ...pagingDocs(),
        nftStatus: str('1, 2, 3, 4, 9'), templateIdx: idxJson('멤버십 템플릿'), storeIdx: idxJson('매장'), requestRoute: str('발급 경로 (쉼표로 여러 개)'),
        nftType: str('무시됨 (MEMBERSHIP)'), sort: str('createdAt | issuedAt | ordererName 뒤에 ,ASC 또는 ,DESC'),
      }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: membershipDoc }, total: int('전체'), totalIsEstimate: { type: 'boolean', description: '추정치인지' } })), 400: refusals[400] },
    }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const page = await listGuarantees(app.db, tenantIdx, { ...(request.query as NftQuery), nftType: 'MEMBERSHIP' });
    return { data: { ...page, list: await withMemberships(app.db, tenantIdx, page.list, app.clock.now()) } };
  });

  app.post(base, {
    config: { audit: { replayStatus: 200, action: 'membership.issue' }, access: write, input: { headers: idempotencyKeyInput, body: issueBody } },
    schema: docs({
      tags: TAG, summary: '멤버십 발급',
      description: '즉시 발급(3)하고, 그 멤버십의 쿠폰(생일 쿠폰 제외)을 고객 지갑에 넣고, 결제 금액이 있으면 floor(결제 금액 × 적립률 %) 포인트를 적립합니다 (한 트랜잭션). 같은 템플릿의 멤버십을 이미 가진 고객은 409 MEMBERSHIP_NFT_ALREADY_EXISTS, 만료일이 지난 템플릿은 400 INVALID_NFT_TEMPLATE_EXPIRE_DATE, 종료된 쿠폰이 있으면 400 INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE. Idempotency-Key 헤더는 보증서 발급과 같습니다.',
      body: issueDoc,
      response: { 201: ok('발급됨', membershipDoc), 200: ok('같은 Idempotency-Key의 처음 결과', membershipDoc), 422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'), ...refusals },
    }),
  }, async (request, reply) => {
    const tenant = tenantOf(principalOf(request));
    const { temporary: _t, reservationDays: _r, ...body } = request.body as Checked<typeof issueBody> & { temporary?: unknown; reservationDays?: unknown };
    void [_t, _r];
    const batchKey = idempotencyBatchKey(request.headers);
    if (batchKey) {
      await claimIdempotencyKey(app.db, { tenantIdx: tenant.tenantIdx, scope: 'nft.issue', key: batchKey }, request.body);
      const [done] = await batchRows(app.db, tenant.tenantIdx, batchKey);
      if (done) return reply.status(200).send({ data: await one(tenant.tenantIdx, done.idx) });
    }
    const now = app.clock.now();
    const { values, errors, codes } = await prepareIssues(app.db, tenant, [body], () => '', { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
    if (Object.keys(errors).length) throw refusalOf(errors, codes);
    const [inserted] = await insertIssues(app.db, depsOf(app), tenant, values, now, batchKey);
    if (!inserted) {
      const [done] = await batchRows(app.db, tenant.tenantIdx, batchKey!);
      return reply.status(200).send({ data: await one(tenant.tenantIdx, done.idx) });
    }
    return reply.status(201).send({ data: await one(tenant.tenantIdx, inserted.idx) });
  });

  app.post(`${base}/bulk`, {
    bodyLimit: BULK_BODY_LIMIT,
    config: { audit: { replayStatus: 200, action: 'membership.bulkIssue', detail: rowsDetail }, access: write, input: { body: bulkIssueSchema } },
    schema: docs({
      tags: TAG, summary: '멤버십 대량 발급 (엑셀)',
      description: `한 요청에 ${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}행까지. 올바른 행은 모두 즉시 발급(3, requestRoute excel)하고 (list), 잘못된 행은 그 행의 이유로 failed에 답합니다: 이미 보유한 고객은 MEMBERSHIP_NFT_ALREADY_EXISTS, 만료된 템플릿·쿠폰은 그 코드, 그 밖에는 VALIDATION_FAILED (다른 행 때문에 실패하는 행은 없습니다). 발급과 쿠폰, 포인트는 한 트랜잭션에서 한꺼번에. 같은 batchKey를 다시 보내면 다시 발급하지 않고 처음 결과(실패한 행 포함)를 200으로 돌려줍니다.`,
      body: bodyFromYup(bulkIssueSchema, '대량 발급', { batchKey: '요청마다 새로 만든 키 (재시도에는 같은 키), 100자까지', rows: `멤버십 발급 입력 (1~${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}행)` }),
      response: {
        201: ok('처리됨', bulkOutcomeDoc('발급된 행', { idx: int('idx'), nftNumber: str('번호') })),
        200: ok('같은 batchKey의 처음 결과'), 400: errorEnvelope('VALIDATION_FAILED: batchKey 또는 rows 자체가 잘못됨'),
      },
    }),
  }, async (request, reply) => {
    const now = app.clock.now();
    const { created, outcome } = await issueBulk(app.db, depsOf(app), tenantOf(principalOf(request)), request.body as Checked<typeof bulkIssueSchema>, {
      nftType: 'MEMBERSHIP', requestRoute: 'excel', matchModelNumber: false, stateOf: (v) => ({ ...v, nftStatus: NFT_STATUS.complete, issueAt: null, issuedAt: now }),
    }, now);
    return reply.status(created ? 201 : 200).send({ data: outcome });
  });

  const bulkOp = (path: string, method: 'PATCH' | 'DELETE', op: 'complete' | 'cancel' | 'delete', summary: string) =>
    app.route({
      method, url: `${base}/${path}`,
      config: { audit: { action: `membership.bulk${op[0].toUpperCase()}${op.slice(1)}`, detail: idsDetail('nftIdxList') }, access: write, input: { body: nftIdxListSchema } },
      schema: docs({ tags: TAG, summary, description: '모두 처리하거나 하나도 처리하지 않습니다 (보증서와 같은 상태 규칙). 이 테넌트의 멤버십이 아닌 idx가 있으면 404.', body: idxListBody, response: { 200: ok('처리됨', idxListBody), ...refusals } }),
      handler: async (request) => {
        const tenantIdx = principalOf(request).tenantIdx;
        const list = (request.body as Checked<typeof nftIdxListSchema>).nftIdxList as number[];
        await requireMemberships(app.db, tenantIdx, list);
        return { data: { nftIdxList: await applyTransition(app.db, depsOf(app), tenantIdx, list, op, app.clock.now()) } };
      },
    });
  bulkOp('complete/bulk', 'PATCH', 'complete', '멤버십 일괄 발급 완료 (대기 중인 신청 승인: 쿠폰과 포인트도 지급)');
  bulkOp('cancel/bulk', 'PATCH', 'cancel', '멤버십 일괄 발급 취소');
  bulkOp('bulk', 'DELETE', 'delete', '멤버십 일괄 삭제');

  app.patch(`${base}/stop/bulk`, {
    config: { audit: { action: 'membership.bulkStop', detail: idsDetail('nftIdxList') }, access: write, input: { body: nftIdxListSchema } },
    schema: docs({ tags: TAG, summary: '멤버십 일괄 중지', description: '발급된(3, 4, 5) 멤버십을 중지합니다. 모두 처리하거나 하나도 처리하지 않습니다: 이미 중지되었거나 발급되지 않은 것이 있으면 409 ILLEGAL_TRANSITION. 받은 쿠폰은 그 만료일까지 유효합니다.', body: idxListBody, response: { 200: ok('중지됨', idxListBody), ...refusals } }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const list = [...new Set((request.body as Checked<typeof nftIdxListSchema>).nftIdxList as number[])];
    await requireMemberships(app.db, tenantIdx, list);
    const { refused } = await stopMemberships(app.db, tenantIdx, list, app.clock.now());
    if (refused.length) {
      const rows = rowsOf<{ idx: number; nftNumber: string; nftStatus: number }>(await app.db.execute(sql`SELECT idx, nft_number AS "nftNumber", nft_status AS "nftStatus" FROM nfts WHERE tenant_idx = ${tenantIdx} AND idx IN (${sql.join(refused.map((i) => sql`${i}`), sql`, `)})`));
      throw illegalTransition(rows.map((r) => ({ idx: Number(r.idx), nftNumber: r.nftNumber, nftStatus: Number(r.nftStatus) })));
    }
    return { data: { nftIdxList: list } };
  });

  app.get(`${base}/:idx`, {
    config: { access: read, input: { params } },
    schema: docs({ tags: TAG, summary: '멤버십 발급 조회', description: '멤버십과 그 멤버십으로 받은 쿠폰.', params: idxParam, response: { 200: ok('멤버십', detailDoc), 404: refusals[404] } }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const idx = (request.params as Idx).idx;
    return { data: { ...(await one(tenantIdx, idx)), coupons: await couponsOfMembership(app.db, tenantIdx, idx) } };
  });

  app.patch(`${base}/:idx`, {
    config: { audit: { action: 'membership.edit', detail: fieldsDetail }, access: write, input: { params, body: sentFields(membershipIssueSchema) } },
    schema: docs({
      tags: TAG, summary: '멤버십 발급 수정', description: '보낸 필드만 바뀌고 합친 결과를 발급과 같은 규칙으로 검사합니다. 상태, 만료, 포인트, 번호는 바뀌지 않습니다. 취소·삭제된 것은 409 CONFLICT.',
      params: idxParam, body: bodyFromYup(membershipIssueSchema.partial(), '바꿀 필드', inputTexts), response: { 200: ok('멤버십', membershipDoc), ...refusals },
    }),
  }, async (request) => {
    const tenant = tenantOf(principalOf(request));
    const idx = (request.params as Idx).idx;
    const current = await one(tenant.tenantIdx, idx);
    if (!(NFT_EDITABLE_STATUSES as readonly number[]).includes(current.nftStatus)) throw new ApiError(409, 'CONFLICT', GUARANTEE_MSG.notEditable);
    const merged = { ...issueInputOf(current), ...(request.body as Record<string, unknown>) };
    const now = app.clock.now();
    const { values, errors, codes } = await prepareIssues(app.db, tenant, [merged], () => '', {
      nftType: 'MEMBERSHIP', requestRoute: current.requestRoute === 'excel' ? 'excel' : 'product', matchModelNumber: false, keepStatus: true,
    }, now);
    if (Object.keys(errors).length) throw refusalOf(errors, codes);
    try {
      await updateGuarantee(app.db, tenant.tenantIdx, idx, values[0], now);
    } catch (err) {
      throw membershipHeldViolation(err) ?? err;
    }
    return { data: await one(tenant.tenantIdx, idx) };
  });

  app.delete(`${base}/:idx`, {
    config: { audit: { action: 'membership.delete' }, access: write, input: { params } },
    schema: docs({ tags: TAG, summary: '멤버십 발급 삭제', description: '보증서와 같은 규칙: 1, 2, 7 → 10; 9, 10, 11 → 삭제; 그 밖은 409.', params: idxParam, response: { 200: ok('삭제됨', obj('삭제', { idx: int('idx') })), ...refusals } }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const idx = (request.params as Idx).idx;
    await requireMemberships(app.db, tenantIdx, [idx]);
    await applyTransition(app.db, depsOf(app), tenantIdx, [idx], 'delete', app.clock.now());
    return { data: { idx } };
  });

  // The membership dashboards (spec 1 section 7), shown on the product dashboard.
  const dash = '/v1/admin/nft/dashboard/membership';
  app.get(`${dash}/issued`, {
    config: { access: read, input: { query: periodQuery } },
    schema: docs({ tags: TAG, summary: '멤버십 발급 추이', description: '기간(생략 시 ALL)에 발급된 멤버십의 일별 수 (Asia/Seoul).', querystring: periodDoc, response: { 200: ok('발급 추이'), 400: refusals[400] } }),
  }, async (request) => ({ data: await membershipIssued(app.db, principalOf(request).tenantIdx, (request.query as { period: MembershipDashboardPeriod }).period, app.clock.now()) }));
  app.get(`${dash}/summary`, {
    config: { access: read, input: { query: periodQuery } },
    schema: docs({ tags: TAG, summary: '멤버십 현황', description: '기간에 발급된 멤버십의 지금 상태별 수 (발급 중, 만료, 중지)와 템플릿별 수.', querystring: periodDoc, response: { 200: ok('현황'), 400: refusals[400] } }),
  }, async (request) => ({ data: await membershipSummary(app.db, principalOf(request).tenantIdx, (request.query as { period: MembershipDashboardPeriod }).period, app.clock.now()) }));
  app.get(`${dash}/coupon`, {
    config: { access: read, input: { query: periodQuery } },
    schema: docs({ tags: TAG, summary: '멤버십 쿠폰 현황', description: '기간에 멤버십으로 지급된 쿠폰 수와 사용 수, 쿠폰별.', querystring: periodDoc, response: { 200: ok('쿠폰 현황'), 400: refusals[400] } }),
  }, async (request) => ({ data: await membershipCoupons(app.db, principalOf(request).tenantIdx, (request.query as { period: MembershipDashboardPeriod }).period, app.clock.now()) }));
};
