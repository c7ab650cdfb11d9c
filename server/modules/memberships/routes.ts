import type { FastifyPluginAsync } from 'fastify';
import { MEMBERSHIP_EXPIRE_DAYS_MAX, MEMBERSHIP_MSG, membershipTemplateSchema } from '../../../src/domain/membership';
import { membershipTemplateResource } from '../../../src/domain/resources/membershipTemplate';
import { TEMPLATE_STATUSES, TEMPLATE_RULE_MSG, type TemplateStatus } from '../../../src/domain/template';
import type { FieldErrors } from '../../../src/domain/errors';
import { validationFailed } from '../../http/errors';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bool, docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { createTemplate, listTemplates, pickTemplates, stopTemplate, toTemplate, updateTemplate } from '../templates/service';
import { membershipBody, membershipRecord, membershipValues } from './service';

const TAG = [membershipTemplateResource.name];
const int = (description: string) => ({ type: 'integer', description });
const yn = (description: string) => ({ type: 'string', enum: ['Y', 'N'], description });
const list = (description: string, item: Record<string, Record<string, unknown>>) => ({ type: 'array', description, items: obj(description, item) });

const membershipDoc = obj('멤버십 템플릿', {
  idx: int('템플릿 idx'), templateType: str('MEMBERSHIP'), isMain: bool('대표 멤버십 (하나)'), nftCardName: str('카드 이름'),
  backgroundImg: { type: ['object', 'null'], description: '카드 배경 (658x1024)', properties: { path: str('저장 경로'), url: str('표시 URL') } },
  nftCustomFields: list('사용자 정의 필드', { name: str('이름'), value: str('값') }),
  nftCustomLinks: list('링크', { name: str('이름'), url: str('URL') }),
  expireType: { type: ['string', 'null'], description: 'DATE (만료일) | DAY (발급일로부터 N일)' },
  expireDate: { type: ['string', 'null'], description: 'DATE일 때 YYYY-MM-DD 23:59:59 (Asia/Seoul)' },
  expireDays: { type: ['integer', 'null'], description: `DAY일 때 1~${MEMBERSHIP_EXPIRE_DAYS_MAX}` },
  benefits: list('혜택', { title: str('제목'), contents: str('내용') }),
  partnersCoupon: list('첨부 쿠폰', {
    title: str('이름'), offline: yn('오프라인 쿠폰'), couponNumber: str('쿠폰 번호'), couponUrl: str('쿠폰 URL'), endDate: str('종료일 YYYY-MM-DD'), isIssuable: yn('발급 가능'),
  }),
  status: str('ACTIVE | STOP'), customerGroupIdx: { type: ['integer', 'null'], description: '자동 발급 고객 등급 (등급 작업이 이 등급 고객에게 발급, 떠나면 중지)' },
  createdAt: str('ISO'), updatedAt: str('ISO'),
});
const inputDoc = bodyFromYup(membershipTemplateSchema, '멤버십 템플릿 입력 (수정도 전체)', {
  nftCardName: '카드 이름 (필수, 100자까지)', isMain: '대표 멤버십으로 지정 (다른 대표는 해제)', backgroundImg: '업로드한 이미지의 path (이 테넌트의 업로드만)',
  expireType: 'DATE | DAY (필수)', expireDate: 'DATE일 때 필수: YYYY-MM-DD, 오늘(서울) 이후, 23:59:59가 붙어 저장됨',
  expireDays: `DAY일 때 필수: 1~${MEMBERSHIP_EXPIRE_DAYS_MAX}일`, benefits: '혜택 (제목 필수, 20개까지)',
  partnersCoupon: '첨부 쿠폰 (이름 필수, 오프라인이 아니면 번호나 URL, 종료일은 오늘 이후, 20개까지)',
  customerGroupIdx: '자동 발급 고객 등급 idx (이 테넌트의 등급, 없으면 null)',
});
const idxParam = obj('경로', { idx: int('템플릿 idx') });
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴 (배열은 benefits[0].title 처럼)'),
  404: errorEnvelope(`NOT_FOUND: ${MEMBERSHIP_MSG.notFound} (다른 테넌트의 템플릿, 보증서 템플릿 포함)`),
};

const params = idxParams(MEMBERSHIP_MSG.notFound);
const idxOf = (p: unknown) => (p as Checked<typeof params>).idx;

function parseQuery(raw: unknown) {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const { page, pageSize } = readPaging(query, errors);
  let status: TemplateStatus | undefined;
  if (query.status) {
    if ((TEMPLATE_STATUSES as readonly string[]).includes(query.status)) status = query.status as TemplateStatus;
    else errors.status = TEMPLATE_RULE_MSG.statusInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { page, pageSize, status };
}

/**
 * Membership templates (issue 11 item 1) at their own path, under the membership access rules
 * (src/domain/resources/membershipTemplate.ts): the picker list (coupons name their membership),
 * the paged list, one, register, edit (the whole body) and stop. No delete.
 */
export const membershipTemplateRoutes: FastifyPluginAsync = async (app) => {
  const base = membershipTemplateResource.apiPath;
  const { read, write } = membershipTemplateResource.access;
  const body = membershipBody(() => app.clock.now());

  app.get(`${base}/list`, {
    config: { access: read },
    schema: docs({
      tags: TAG, summary: '멤버십 선택 목록', description: '모든 멤버십 템플릿 (사용 중과 중지), 대표 먼저.',
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: obj('멤버십', { idx: int('idx'), nftCardName: str('카드 이름'), isMain: bool('대표'), status: str('ACTIVE | STOP') }) }, total: int('개수') })) },
    }),
  }, async (request) => ({ data: await pickTemplates(app.db, principalOf(request).tenantIdx, 'MEMBERSHIP') }));

  app.get(base, {
    config: { access: read, input: { query: parseQuery } },
    schema: docs({
      tags: TAG, summary: '멤버십 템플릿 목록', description: '대표가 먼저, 다음은 사용 중, 최신순.',
      querystring: obj('페이지와 필터', { ...pagingDocs(), status: str('ACTIVE | STOP (없으면 전부)') }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: membershipDoc }, total: int('전체 개수') })), 400: refusals[400] },
    }),
  }, async (request) => {
    const q = request.query as Checked<typeof parseQuery>;
    return { data: await listTemplates(app.db, principalOf(request).tenantIdx, { ...q, templateType: 'MEMBERSHIP' }) };
  });

  app.get(`${base}/:idx`, {
    config: { access: read, input: { params } },
    schema: docs({ tags: TAG, summary: '멤버십 템플릿 조회', params: idxParam, response: { 200: ok('멤버십', membershipDoc), 404: refusals[404] } }),
  }, async (request) => ({ data: toTemplate(await membershipRecord(app.db, principalOf(request).tenantIdx, idxOf(request.params))) }));

  app.post(base, {
    config: { access: write, input: { body } },
    schema: docs({ tags: TAG, summary: '멤버십 템플릿 등록', body: inputDoc, response: { 201: ok('등록됨', membershipDoc), 400: refusals[400] } }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    const values = await membershipValues(app.db, tenantIdx, request.body as Checked<typeof body>);
    return reply.status(201).send({ data: await createTemplate(app.db, tenantIdx, values, app.clock.now()) });
  });

  app.patch(`${base}/:idx`, {
    config: { access: write, input: { params, body } },
    schema: docs({
      tags: TAG, summary: '멤버십 템플릿 수정', description: '등록과 같은 본문 전체를 같은 규칙으로 검사합니다. 사용 중지된 템플릿은 대표가 될 수 없습니다 (errors.isMain).',
      params: idxParam, body: inputDoc, response: { 200: ok('멤버십', membershipDoc), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const current = await membershipRecord(app.db, tenantIdx, idxOf(request.params));
    const values = await membershipValues(app.db, tenantIdx, request.body as Checked<typeof body>, current);
    return { data: (await updateTemplate(app.db, tenantIdx, current.idx, values, app.clock.now()))! };
  });

  app.patch(`${base}/:idx/stop`, {
    config: { access: write, input: { params } },
    schema: docs({
      tags: TAG, summary: '멤버십 템플릿 사용 중지', description: '상태를 STOP으로 (이미 중지면 그대로 200). 대표였다면 해제됩니다.',
      params: idxParam, response: { 200: ok('멤버십', membershipDoc), 404: refusals[404] },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const current = await membershipRecord(app.db, tenantIdx, idxOf(request.params));
    return { data: (await stopTemplate(app.db, tenantIdx, current.idx, app.clock.now()))! };
  });
};
