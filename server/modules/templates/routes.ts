import { fieldsDetail } from '../../audit/audit';
import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_CUSTOM_CONTENT_TITLES, NFT_TYPES, TEMPLATE_MSG, fieldSettingSchema, templateSchema, templateSettingSchema, type NftType,
} from '../../../src/domain/guarantee';
import { TEMPLATE_RULE_MSG, TEMPLATE_STATUSES, type TemplateStatus } from '../../../src/domain/template';
import { templateResource } from '../../../src/domain/resources/template';
import type { FieldErrors } from '../../../src/domain/errors';
import { notFound, validationFailed } from '../../http/errors';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import { sentFields, type Checked } from '../../http/routeInput';
import { docs, obj, str, ok, errorEnvelope, bool } from '../../http/docs';
import { bodyFromYup, partialBodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { assertTemplateTypeAccess, readsMembershipTemplates } from './typeAccess';
import {
  checkTemplateBody, createTemplate, getTemplate, listTemplates, pickTemplates, stopTemplate, templateRecord, updateTemplate, validateCard, validateFields,
  validateSetting, type TemplateQuery,
} from './service';

const TAG = ['nft-templates'];
const int = (description: string) => ({ type: 'integer', description });
const yn = (description: string) => ({ type: 'string', enum: ['Y', 'N'], description });
const strList = (description: string) => ({ type: 'array', items: { type: 'string' }, description });
const fieldsDoc = { type: 'array', description: '사용자 정의 필드 (20개까지)', items: obj('필드', { name: str('이름 (필수)'), value: str('값') }) };
const linksDoc = { type: 'array', description: '링크 (20개까지)', items: obj('링크', { name: str('이름 (필수)'), url: str('http:// 또는 https:// URL (필수)') }) };
const contentsDoc = {
  type: 'array', description: `사용자 정의 내용 (20개까지, 새 템플릿은 ${DEFAULT_CUSTOM_CONTENT_TITLES.join(', ')})`,
  items: obj('내용', { title: str('제목 (필수, 100자까지)'), contents: str('내용 (2,000자까지, 줄바꿈 유지)') }),
};

const templateDoc = obj('보증서 템플릿', {
  idx: int('템플릿 idx'), templateType: str('GUARANTEE | MEMBERSHIP'), isMain: bool('대표 템플릿 (종류마다 하나)'),
  nftCardName: str('카드 이름'),
  backgroundImg: { type: ['object', 'null'], description: '카드 배경', properties: { path: str('저장 경로'), url: str('표시 URL') } },
  nftCustomFields: fieldsDoc, nftCustomLinks: linksDoc, nftCustomContents: contentsDoc,
  useFieldMaterial: yn('소재 표시'), useFieldSize: yn('사이즈 표시'), useFieldWeight: yn('무게 표시'), useNftProdImage: yn('상품 이미지 표시'),
  userMintingField: strList('사용자 신청 시 받는 필드'), useUserMinting: yn('사용자 신청 사용'),
  filteringStores: { type: 'array', items: { type: 'integer' }, description: '신청 가능한 매장 idx (이 테넌트의 매장)' },
  useAllPlaceSearch: yn('모든 매장 검색'), status: str('ACTIVE | STOP'), createdAt: str('ISO'), updatedAt: str('ISO'),
});
const cardTexts = {
  templateType: 'GUARANTEE (기본) | MEMBERSHIP; 수정 시에는 바뀌지 않음', nftCardName: '카드 이름 (필수, 100자까지)',
  isMain: '대표 템플릿으로 지정 (같은 종류의 다른 대표는 해제)', backgroundImg: '업로드한 이미지의 path (이 테넌트의 업로드만), 빈 값이면 없음',
  nftCustomFields: fieldsDoc.description, nftCustomLinks: linksDoc.description,
};
const cardInputDoc = bodyFromYup(templateSchema, '템플릿 입력', cardTexts);
// PATCH merges the body onto the stored template (service.ts), so nothing is required there.
const cardPatchDoc = partialBodyFromYup(templateSchema, '템플릿 수정 (보낸 항목만)', cardTexts);
const settingInputDoc = partialBodyFromYup(templateSettingSchema, '신청 설정 (보낸 항목만)', {
  userMintingField: '사용자 신청 시 받는 필드', useUserMinting: '사용자 신청 사용 (Y | N, 기본 N)',
  filteringStores: '이 테넌트의 매장 idx', useAllPlaceSearch: '모든 매장 검색 (Y | N, 기본 Y)',
});
const fieldInputDoc = partialBodyFromYup(fieldSettingSchema, '필드 설정 (보낸 항목만)', {
  nftCustomFields: fieldsDoc.description, nftCustomContents: contentsDoc.description, useFieldMaterial: '소재 표시 (Y | N)',
  useFieldSize: '사이즈 표시 (Y | N)', useFieldWeight: '무게 표시 (Y | N)', useNftProdImage: '상품 이미지 표시 (Y | N)',
});
const idxParam = obj('경로', { idx: int('템플릿 idx') });
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴 (배열은 nftCustomLinks[0].url 처럼)'),
  404: errorEnvelope('NOT_FOUND: 없는 템플릿 또는 다른 테넌트의 템플릿'),
};

const templateParams = idxParams(TEMPLATE_MSG.notFound);
const idxOf = (params: unknown) => (params as Checked<typeof templateParams>).idx;
const cardBody = (raw: unknown) => checkTemplateBody(templateSchema, raw);

function parseType(raw: string | undefined, errors: FieldErrors): NftType | undefined {
  if (raw === undefined || raw === '') return undefined;
  if ((NFT_TYPES as readonly string[]).includes(raw)) return raw as NftType;
  errors.templateType = TEMPLATE_RULE_MSG.templateTypeInvalid;
  return undefined;
}

/** `?templateType=` of the picker, GUARANTEE when absent. */
function pickerQuery(raw: unknown): { templateType: NftType } {
  const errors: FieldErrors = {};
  const templateType = parseType((raw as { templateType?: string } | null)?.templateType, errors) ?? 'GUARANTEE';
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { templateType };
}

function parseTemplateQuery(raw: unknown): TemplateQuery {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const { page, pageSize } = readPaging(query, errors);
  const templateType = parseType(query.templateType, errors);
  let status: TemplateStatus | undefined;
  if (query.status) {
    if ((TEMPLATE_STATUSES as readonly string[]).includes(query.status)) status = query.status as TemplateStatus;
    else errors.status = TEMPLATE_RULE_MSG.statusInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { page, pageSize, templateType, status };
}

export const templateRoutes: FastifyPluginAsync = async (app) => {
  const base = templateResource.apiPath;

  app.get(`${base}/list`, {
    config: { access: templateResource.access.read, input: { query: pickerQuery } },
    schema: docs({
      tags: TAG, summary: '템플릿 선택 목록', description: '한 종류의 모든 템플릿 (사용 중과 중지). 대표가 먼저, 다음은 사용 중, 최신순. 보조 계정도 볼 수 있습니다 (발급 화면).',
      querystring: obj('종류', { templateType: str('GUARANTEE (기본) | MEMBERSHIP') }),
      response: {
        200: ok('목록', obj('목록', {
          list: { type: 'array', items: obj('템플릿', { idx: int('idx'), nftCardName: str('카드 이름'), isMain: bool('대표'), status: str('ACTIVE | STOP'), templateType: str('종류') }) },
          total: int('개수'),
        })),
        400: errorEnvelope('VALIDATION_FAILED: errors.templateType'),
      },
    }),
  }, async (request) => {
    const { templateType } = request.query as Checked<typeof pickerQuery>;
    assertTemplateTypeAccess(request, templateType, 'read', app.clock.now());
    return { data: await pickTemplates(app.db, principalOf(request).tenantIdx, templateType) };
  });

  app.get(base, {
    config: { access: templateResource.access.read, input: { query: parseTemplateQuery } },
    schema: docs({
      tags: TAG, summary: '템플릿 목록', description: '대표가 먼저, 다음은 사용 중, 최신순.',
      querystring: obj('페이지와 필터', {
        ...pagingDocs(), templateType: str('GUARANTEE | MEMBERSHIP (없으면 전부)'),
        status: str('ACTIVE | STOP (없으면 전부)'),
      }),
      response: {
        200: ok('목록', obj('목록', { list: { type: 'array', items: templateDoc }, total: int('전체 개수') })),
        400: errorEnvelope('VALIDATION_FAILED: errors.page, errors.pageSize, errors.templateType, errors.status'),
      },
    }),
  }, async (request) => {
    const q = request.query as TemplateQuery;
    const now = app.clock.now();
    assertTemplateTypeAccess(request, q.templateType, 'read', now);
    const templateType = q.templateType ?? (readsMembershipTemplates(request, now) ? undefined : 'GUARANTEE');
    return { data: await listTemplates(app.db, principalOf(request).tenantIdx, { ...q, templateType }) };
  });

  app.post(base, {
    config: { access: templateResource.access.write, input: { body: cardBody } },
    schema: docs({
      tags: TAG, summary: '템플릿 등록', description: `사용자 정의 내용은 기본 제목(${DEFAULT_CUSTOM_CONTENT_TITLES.join(', ')})으로 시작합니다. isMain이면 같은 종류의 다른 대표는 같은 트랜잭션에서 해제됩니다.`,
      body: cardInputDoc, response: { 201: ok('등록됨', templateDoc), 400: refusals[400] },
    }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    assertTemplateTypeAccess(request, (request.body as { templateType?: NftType }).templateType, 'write', app.clock.now());
    const { values, errors } = await validateCard(app.db, tenantIdx, request.body);
    if (Object.keys(errors).length) throw validationFailed(errors);
    return reply.status(201).send({ data: await createTemplate(app.db, tenantIdx, values, app.clock.now()) });
  });

  app.get(`${base}/:idx`, {
    config: { access: templateResource.access.read, input: { params: templateParams } },
    schema: docs({ tags: TAG, summary: '템플릿 조회', params: idxParam, response: { 200: ok('템플릿', templateDoc), 404: refusals[404] } }),
  }, async (request) => {
    const template = await getTemplate(app.db, principalOf(request).tenantIdx, idxOf(request.params));
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, template.templateType, 'read', app.clock.now());
    return { data: template };
  });

  app.patch(`${base}/:idx`, {
    config: { access: templateResource.access.write, input: { params: templateParams, body: sentFields(templateSchema, checkTemplateBody) } },
    schema: docs({
      tags: TAG, summary: '템플릿 수정', description: '보낸 필드만 바뀌고, 합친 결과를 등록과 같은 규칙으로 검사합니다. 종류(templateType)는 바뀌지 않습니다. 사용 중지된 템플릿은 대표가 될 수 없습니다 (errors.isMain).',
      params: idxParam, body: cardPatchDoc, response: { 200: ok('템플릿', templateDoc), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const idx = idxOf(request.params);
    const current = await templateRecord(app.db, tenantIdx, idx);
    if (!current) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, current.templateType, 'write', app.clock.now());
    const { values, errors } = await validateCard(app.db, tenantIdx, request.body, current);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const template = await updateTemplate(app.db, tenantIdx, idx, values, app.clock.now());
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    return { data: template };
  });

  app.patch(`${base}/:idx/setting`, {
    config: { audit: { action: 'settings.template', detail: fieldsDetail }, access: templateResource.access.write, input: { params: templateParams, body: sentFields(templateSettingSchema, checkTemplateBody) } },
    schema: docs({
      tags: TAG, summary: '템플릿 신청 설정', description: '보낸 필드만 바뀝니다. filteringStores는 이 테넌트의 매장 idx만 (중복은 하나로).',
      params: idxParam, body: settingInputDoc, response: { 200: ok('템플릿', templateDoc), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const idx = idxOf(request.params);
    const current = await templateRecord(app.db, tenantIdx, idx);
    if (!current) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, current.templateType, 'write', app.clock.now());
    const { values, errors } = await validateSetting(app.db, tenantIdx, request.body, current);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const template = await updateTemplate(app.db, tenantIdx, idx, values, app.clock.now());
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    return { data: template };
  });

  app.get(`${base}/:idx/nft/field`, {
    config: { access: templateResource.access.read, input: { params: templateParams } },
    schema: docs({
      tags: TAG, summary: '템플릿 필드 설정 조회', description: '템플릿 전체를 돌려줍니다 (필드 설정: nftCustomFields, nftCustomContents, useField*, useNftProdImage).',
      params: idxParam, response: { 200: ok('템플릿', templateDoc), 404: refusals[404] },
    }),
  }, async (request) => {
    const template = await getTemplate(app.db, principalOf(request).tenantIdx, idxOf(request.params));
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, template.templateType, 'read', app.clock.now());
    return { data: template };
  });

  app.patch(`${base}/:idx/nft/field`, {
    config: { access: templateResource.access.write, input: { params: templateParams, body: sentFields(fieldSettingSchema, checkTemplateBody) } },
    schema: docs({
      tags: TAG, summary: '템플릿 필드 설정', description: '보낸 필드만 바뀌고 합친 결과를 fieldSettingSchema로 검사합니다.',
      params: idxParam, body: fieldInputDoc, response: { 200: ok('템플릿', templateDoc), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const idx = idxOf(request.params);
    const current = await templateRecord(app.db, tenantIdx, idx);
    if (!current) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, current.templateType, 'write', app.clock.now());
    const { values, errors } = await validateFields(request.body, current);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const template = await updateTemplate(app.db, tenantIdx, idx, values, app.clock.now());
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    return { data: template };
  });

  app.patch(`${base}/:idx/stop`, {
    config: { access: templateResource.access.write, input: { params: templateParams } },
    schema: docs({
      tags: TAG, summary: '템플릿 사용 중지', description: '상태를 STOP으로 (이미 중지면 그대로 200). 대표였다면 대표에서 해제됩니다. 중지된 템플릿으로는 발급할 수 없습니다.',
      params: idxParam, response: { 200: ok('템플릿', templateDoc), 404: refusals[404] },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const current = await templateRecord(app.db, tenantIdx, idxOf(request.params));
    if (!current) throw notFound(TEMPLATE_MSG.notFound);
    assertTemplateTypeAccess(request, current.templateType, 'write', app.clock.now());
    const template = await stopTemplate(app.db, tenantIdx, current.idx, app.clock.now());
    if (!template) throw notFound(TEMPLATE_MSG.notFound);
    return { data: template };
  });
};
