import { idsDetail } from '../../audit/audit';
import { TOTAL_CAP } from '../../db/listTotals';
import type { FastifyPluginAsync } from 'fastify';
import {
  AS_ACTIONS, AS_IMAGES_MAX, AS_MSG, AS_REQUEST_MSG, AS_RULES, AS_SEARCH_TYPES, AS_STATUSES, AS_STATUS_FILTERS, AS_TYPES, asBulkCancelSchema, asBulkSchema,
  asCancelSchema, asCompleteSchema, asEstimateSchema, asPartnersMemoSchema, asShippingSchema, type AsAction, type AsType,
} from '../../../src/domain/afterService';
import type { AccessRule } from '../../../src/domain/access';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { pagingDocs } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { listQueryOf, requestParams } from './requestInput';
import { moveRequests, savePartnersMemo, type MoveBody } from './requestMoves';
import { listRequests, requestDetail } from './requests';
import { scopeOf } from './scope';
import { idxJson } from '../../../src/domain/integers';

const TAG = ['afterService'];
/** The kinds' names in the OpenAPI summaries. */
export const KIND_LABEL: Record<AsType, string> = { repair: '수선', laundry: '세탁' };
const int = (description: string) => ({ type: 'integer', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });
const strings = (description: string) => ({ type: 'array', items: { type: 'string' }, description });

const rowProps = {
  idx: int('요청 idx'), type: str('repair | laundry'), status: str(AS_STATUSES.join(' | ')), nftIdx: int('보증서 idx'), nftNumber: str('보증서 번호'),
  productName: str('상품명'), customerName: str('고객 이름'), receiverName: str('받는 분'), receiverPhone: str('받는 분 연락처 (숫자만)'),
  categoryName: nullable('string', '수선 카테고리'), optionName: nullable('string', '수선 옵션'), partnerName: nullable('string', '파트너 (없으면 브랜드가 처리)'),
  preEstimateAmount: nullable('integer', '1차 견적 금액'), estimateAmount: nullable('integer', '최종 견적 금액'), createdAt: str('ISO'), updatedAt: str('ISO'),
};
const eventDoc = obj('처리 이력', {
  action: str(AS_ACTIONS.join(' | ')), fromStatus: nullable('string', '이전 상태'), toStatus: str('바뀐 상태'), actorName: nullable('string', '처리한 계정 이름'),
  actorType: str('b2b | repairer | launderer'), detail: { type: 'object', description: '요청 본문 (금액, 사유, 택배 등)' }, createdAt: str('ISO'),
});
const detailDoc = obj('A/S 요청', {
  ...rowProps, categoryIdx: nullable('integer', '카테고리 idx'), optionIdx: nullable('integer', '옵션 idx'), requestMessage: str('요청 내용'),
  receiverZipCode: str('우편번호'), receiverAddress1: str('주소'), receiverAddress2: str('상세 주소'),
  images: strings('접수 사진 경로'), imageUrls: strings('접수 사진 URL'), completeImages: strings('완료 사진 경로'), completeImageUrls: strings('완료 사진 URL'),
  estimateComment: nullable('string', '견적 설명'), cancelReason: nullable('string', '취소 사유'), courier: nullable('string', '택배사'),
  trackingNumber: nullable('string', '송장 번호'), partnersMemo: str('파트너 메모'), completedAt: nullable('string', '완료 시각 ISO'),
  events: { type: 'array', items: eventDoc, description: '처리 이력 (오래된 순)' },
  actions: { type: 'array', items: { type: 'string' }, description: `호출한 계정이 지금 할 수 있는 처리 (${AS_ACTIONS.join(' | ')})` },
});
const refusals = {
  403: errorEnvelope('FORBIDDEN_ROLE | FEATURE_DISABLED | SUBSCRIPTION_REQUIRED | TRIAL_FINISHED'),
  404: errorEnvelope(`NOT_FOUND: ${AS_MSG.notFound} (호출한 계정의 범위 밖 요청도)`),
};
const moveRefusals = {
  ...refusals,
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  409: errorEnvelope(`ILLEGAL_TRANSITION: ${AS_MSG.illegalTransition('request')} 등 (아무것도 바뀌지 않음) | CONFLICT: ${AS_REQUEST_MSG.partnerMoves}`),
};
const idxParam = obj('경로', { idx: int('요청 idx') });
const bulkResult = ok('처리됨', obj('결과', { repairIdxList: { type: 'array', items: { type: 'integer' }, description: '처리한 요청 idx' } }));

interface MoveRoute {
  action: AsAction;
  path: (base: string) => string;
  summary: string;
  body?: typeof asEstimateSchema | typeof asCompleteSchema | typeof asCancelSchema | typeof asShippingSchema;
  bodyDoc?: Record<string, unknown>;
}

const estimateDoc = (what: string) => bodyFromYup(asEstimateSchema, what, { amount: '금액 (원, 0 이상)', comment: '설명 (1,000자까지)' });
const MOVES: MoveRoute[] = [
  { action: 'preestimate', path: (b) => `${b}/:idx/preestimate`, summary: '1차 견적 (request → preinspect)', body: asEstimateSchema, bodyDoc: estimateDoc('1차 견적') },
  { action: 'estimate', path: (b) => `${b}/:idx/estimate`, summary: '최종 견적 (request, preinspect → inspecting)', body: asEstimateSchema, bodyDoc: estimateDoc('최종 견적') },
  { action: 'working', path: (b) => `${b}/:idx/working`, summary: '작업 시작 (접수·견적 → working, 세탁은 washing)' },
  { action: 'exchanged', path: (b) => `${b}/:idx/exchanged`, summary: '교환 처리 (완료 전 → exchanged)' },
  {
    action: 'shipping', path: (b) => `${b}/:idx/shipping`, summary: '발송 (complete → shipping)', body: asShippingSchema,
    bodyDoc: bodyFromYup(asShippingSchema, '발송', { courier: '택배사', trackingNumber: '송장 번호' }),
  },
  {
    action: 'complete', path: (b) => `${b}/complete/:idx`, summary: '완료 (working, washing → complete)', body: asCompleteSchema,
    bodyDoc: bodyFromYup(asCompleteSchema, '완료 사진', { images: `POST /v1/admin/repair/image로 올린 사진 경로 (1~${AS_IMAGES_MAX}장, 요청한 브랜드의 업로드)` }),
  },
  {
    action: 'cancel', path: (b) => `${b}/cancel/:idx`, summary: '취소 (접수·견적 → cancel; 브랜드는 파트너 요청도 취소 가능)', body: asCancelSchema,
    bodyDoc: bodyFromYup(asCancelSchema, '취소', { reason: '취소 사유' }),
  },
];

/**
 * The request workflow's routes (docs/api/afterService.md), registered once per kind under its
 * concrete prefix (/v1/admin/repair, /v1/admin/laundry), so the other slices' static routes under the
 * same prefix (category, image, info, dashboards, partner, invitation) stay theirs and a path idx
 * that is not a number is the request's 404. Every query goes through `scopeOf`: the brand's
 * accounts see the brand's requests, a partner those routed to it.
 */
export const requestRoutes: FastifyPluginAsync = async (app) => {
  for (const type of AS_TYPES) registerKind(type);

  function registerKind(type: AsType) {
    const base = `/v1/admin/${type}`;
    const read: AccessRule = AS_RULES.history(type);
    const write: AccessRule = { ...read, write: true };
    const label = KIND_LABEL[type];

    app.get(base, {
      config: { access: read, input: { query: listQueryOf(type) } },
      schema: docs({
        tags: TAG, summary: `${label} 요청 목록`, description: '최신순. 브랜드는 자기 요청, 파트너는 자기에게 배정된 요청만.',
        querystring: obj('필터', {
          ...pagingDocs(), status: str(`${AS_STATUS_FILTERS[type].join(' | ')} (쉼표로 여러 개)`), search: str(`${AS_SEARCH_TYPES.join(' | ')} (기본 all)`),
          keyword: str('검색어 (쉼표로 여러 개)'), from: str('접수일 시작 YYYY-MM-DD (서울)'), to: str('접수일 끝 YYYY-MM-DD (서울, 포함)'), optionIdx: idxJson('수선 옵션 idx'),
        }),
        response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: obj('요청', rowProps) }, total: int(`전체 개수 (${TOTAL_CAP.toLocaleString('en-US')}건까지 정확히, 넘으면 추정치)`), totalIsEstimate: { type: 'boolean', description: 'total이 추정치인지' } })), 400: moveRefusals[400], 403: refusals[403] },
      }),
    }, async (request) => ({ data: await listRequests(app.db, scopeOf(principalOf(request), type), request.query as Checked<ReturnType<typeof listQueryOf>>) }));

    app.get(`${base}/:idx`, {
      config: { access: read, input: { params: requestParams } },
      schema: docs({ tags: TAG, summary: `${label} 요청 상세`, params: idxParam, response: { 200: ok('요청', detailDoc), ...refusals } }),
    }, async (request) => {
      const { idx } = request.params as Checked<typeof requestParams>;
      return { data: await requestDetail(app.db, scopeOf(principalOf(request), type), idx) };
    });

    for (const move of MOVES) {
      app.patch(move.path(base), {
        config: { access: write, input: { params: requestParams, ...(move.body ? { body: move.body } : {}) } },
        schema: docs({
          tags: TAG, summary: `${label} ${move.summary}`, params: idxParam, ...(move.bodyDoc ? { body: move.bodyDoc } : {}),
          description: '처리한 계정과 시각이 이력에 남고 고객에게 알림톡이 갑니다. 배정된 파트너, 또는 파트너가 없을 때 브랜드가 처리합니다.',
          response: { 200: ok('처리된 요청', detailDoc), ...moveRefusals },
        }),
      }, async (request) => {
        const principal = principalOf(request);
        const scope = scopeOf(principal, type);
        const { idx } = request.params as Checked<typeof requestParams>;
        await moveRequests({ db: app.db, messaging: app.messaging, principal, scope, now: app.clock.now() }, [idx], move.action, (request.body ?? {}) as MoveBody);
        return { data: await requestDetail(app.db, scope, idx) };
      });
    }

    const bulk = (action: 'complete' | 'cancel', schema: typeof asBulkSchema | typeof asBulkCancelSchema, bodyDoc: Record<string, unknown>) => app.patch(`${base}/${action}/bulk`, {
      config: { audit: { action: action === 'complete' ? 'as.bulkComplete' : 'as.bulkCancel', detail: idsDetail('repairIdxList') }, access: write, input: { body: schema } },
      schema: docs({
        tags: TAG, summary: `${label} 일괄 ${action === 'complete' ? '완료' : '취소'}`, body: bodyDoc,
        description: '전부 아니면 전무: 한 건이라도 처리할 수 없으면 409로 거절된 요청마다 errors["repairIdxList.<idx>"]를 알려 주고 아무것도 바꾸지 않습니다.',
        response: { 200: bulkResult, ...moveRefusals },
      }),
    }, async (request) => {
      const principal = principalOf(request);
      const { repairIdxList, ...body } = request.body as Checked<typeof asBulkCancelSchema>;
      const moved = await moveRequests({ db: app.db, messaging: app.messaging, principal, scope: scopeOf(principal, type), now: app.clock.now() }, repairIdxList, action, body, true);
      return { data: { repairIdxList: moved } };
    });
    bulk('complete', asBulkSchema, bodyFromYup(asBulkSchema, '대상', { repairIdxList: '요청 idx 목록 (1~500)' }));
    bulk('cancel', asBulkCancelSchema, bodyFromYup(asBulkCancelSchema, '대상과 사유', { repairIdxList: '요청 idx 목록 (1~500)', reason: '취소 사유' }));

    app.patch(`${base}/:idx/memo`, {
      config: { access: write, input: { params: requestParams, body: asPartnersMemoSchema } },
      schema: docs({
        tags: TAG, summary: `${label} 요청의 파트너 메모`, params: idxParam,
        body: bodyFromYup(asPartnersMemoSchema, '파트너 메모', { partnersMemo: '메모 (1,000자까지, 빈 값이면 지움)' }),
        response: { 200: ok('요청', detailDoc), ...refusals, 400: moveRefusals[400] },
      }),
    }, async (request) => {
      const scope = scopeOf(principalOf(request), type);
      const { idx } = request.params as Checked<typeof requestParams>;
      await savePartnersMemo(app.db, scope, idx, (request.body as Checked<typeof asPartnersMemoSchema>).partnersMemo, app.clock.now());
      return { data: await requestDetail(app.db, scope, idx) };
    });
  }
};
