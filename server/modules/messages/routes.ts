import type { FastifyPluginAsync } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  autoCampaignSchema, autoStateSchema, channelSchema, estimateCost, estimateSchema, MESSAGE_MSG, MESSAGE_RULE, optOutWebhookSchema, resultsWebhookSchema,
  reviewWebhookSchema, messageTemplateSchema, tempCampaignSchema, type AutoState, type MessageType, LINK_PATH, parseLinkCode,
} from '../../../src/domain/message';
import { seoulDate } from '../../../src/domain/seoulDay';
import { autoCondition, listBatches, setAutoState } from './auto';
import type { FieldErrors } from '../../../src/domain/errors';
import { messageRecipients, partnerships } from '../../db/schema';
import { validationFailed, ApiError } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import { headerCheck, type Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { validateWith } from '../../http/validate';
import { perIp } from '../../http/rateLimit';
import { principalOf } from '../../plugins/auth';
import {
  campaignRecord, campaignWithStats, cancelCampaign, channelOfTenant, channelRecord, countAudience, createCampaign, createTemplate, deleteCampaign, deleteTemplate,
  findCampaign, findTemplate, listCampaigns, listTemplates, pricingOf, saveChannel, scheduleCampaign, senderOf, templateRecord, updateCampaign, updateTemplate,
} from './service';
import { applyResults, testSend } from './sender';
import { recordClick } from './links';
import { applyOptOut, applyReview, checkSignature, SIGNATURE_HEADER } from './webhooks';

const TAG = ['messages'];
const int = (description: string) => ({ type: 'integer', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED'),
};
const templateParams = idxParams(MESSAGE_MSG.templateNotFound);
const campaignParams = idxParams(MESSAGE_MSG.campaignNotFound);

const channelDoc = obj('메시지 채널 연동', {
  senderKey: nullable('string', '카카오 채널 발신 프로필 키'), kakaoState: str('NONE | REQUESTED | APPROVED'),
  senderNumber: nullable('string', '발신번호 (숫자)'), senderNumberState: str('NONE | REQUESTED | REGISTERED'),
  optOutNumber: nullable('string', '080 무료수신거부 번호'), contact: nullable('string', '광고에 적는 문의 연락처'), frequencyCap: int('고객 1명이 채널별로 하루에 받는 광고 수 한도'),
});
const buttonsDoc = { type: 'array', items: obj('버튼', { name: str('버튼명'), url: str('링크') }) };
const templateDoc = obj('메시지 템플릿', {
  idx: int('idx'), scope: str('temp | auto'), messageTitle: str('메시지명'), messageType: str('TEXT | IMAGE | SMS | ALIM_TALK'), templateTalkClass: str('템플릿 종류'),
  content: str('본문'), title: nullable('string', 'LMS 제목'), imageUrl: nullable('string', '이미지'), wide: { type: 'boolean', description: '와이드 이미지' },
  buttons: buttonsDoc, couponTitle: nullable('string', '쿠폰 제목'), couponDay: nullable('integer', '쿠폰 사용 기간(일)'),
  reviewState: nullable('string', '알림톡 검수: REQUESTED | IN_REVIEW | APPROVED | REJECTED'), reviewComment: nullable('string', '반려 사유'),
  providerCode: nullable('string', '알림톡 템플릿 코드'), createdAt: str('ISO'), updatedAt: str('ISO'),
});
const campaignDoc = obj('메시지', {
  idx: int('idx'), kind: str('TEMP | AUTO'), basicMessageTitle: str('메시지명'), basicMessageStatus: str('DRAFT | SCHEDULED | SENDING | SENT | CANCELED'),
  messageType: str('TEXT | IMAGE | SMS | ALIM_TALK'), messageTypeDescription: str('유형 설명'), createdAt: str('ISO'), sendDate: nullable('string', '발송 시각 ISO'),
  sendCount: int('보낸 수'), successCount: int('성공'), failCount: int('실패'), replaceSendCount: int('문자 대체 발송'), unsentCount: int('크레딧 부족으로 못 보낸 수'),
  messageCost: int('비용(원)'), clickRate: { type: 'number', description: '클릭률(%): 링크를 누른 수신자 ÷ 받은 수신자' },
  clickCount: int('링크를 누른 수신자 수'), attributedOrders: int('발송 후 attributionDays일 안의 주문 수 (가장 최근 메시지에 귀속)'),
  attributedRevenue: int('그 주문의 결제 금액 합(원)'), attributionDays: int('주문을 메시지에 귀속하는 기간(일)'), repeatType: str('ONCE | REPEAT'), held: { type: 'boolean', description: '광고 발송 시간대 밖이라 08:00로 미뤄짐' },
  notice: nullable('string', '관리자에게 알리는 말'), sentAt: nullable('string', 'ISO'), payload: { type: 'object', description: '작성 내용 (spec 3 §3)' },
  templateTalkClass: str('템플릿 종류 (자동: BIRTHDAY_COUPON | PURCHASE_COUPON | SATISFACTION | MBA | RFM_PRODUCT)'),
  autoState: nullable('string', '자동 메시지: ON | OFF (일회성은 null)'),
});
const batchDoc = obj('자동 메시지 발송 회차', {
  idx: int('idx'), runKey: str('회차 (서울 날짜, 바로 보내기는 날짜와 시)'), status: str('PENDING | PROCESSING | COMPLETED'), dueAt: str('발송 시각 ISO'),
  targetCount: int('대상 수'), sendCount: int('보낸 수'), successCount: int('성공'), failCount: int('실패'), unsentCount: int('크레딧 부족으로 못 보낸 수'),
  messageCost: int('비용(원)'), notice: nullable('string', '관리자에게 알리는 말'), createdAt: str('ISO'), completedAt: nullable('string', 'ISO'),
});
const recipientDoc = obj('수신자', {
  customerIdx: int('고객'), name: str('이름'), phone: str('휴대폰'), status: str('PENDING | SENT | FAILED | UNSENT'), sentKind: nullable('string', 'SMS | LMS | MMS | ALIMTALK | BRAND_TEXT | BRAND_IMAGE'),
  fallback: { type: 'boolean', description: '문자로 대체 발송' }, cost: int('비용(원)'), failReason: nullable('string', '실패 사유'), resultAt: nullable('string', 'ISO'),
});

const SCOPES = ['temp', 'auto'] as const;
function parseScope(raw: unknown) {
  const q = (raw ?? {}) as Record<string, string | undefined>;
  const scope = q.scope || undefined;
  if (scope && !(SCOPES as readonly string[]).includes(scope)) throw validationFailed({ scope: MESSAGE_MSG.typeRequired });
  return { scope: scope as (typeof SCOPES)[number] | undefined };
}
function parseCampaignList(raw: unknown) {
  const q = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const paging = readPaging(q, errors);
  const kind = (q.kind || 'TEMP').toUpperCase();
  if (kind !== 'TEMP' && kind !== 'AUTO') errors.kind = MESSAGE_MSG.typeRequired;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { ...paging, kind: kind as 'TEMP' | 'AUTO' };
}
function parseKind(raw: unknown) {
  const kind = String(((raw ?? {}) as Record<string, string | undefined>).kind || 'TEMP').toUpperCase();
  if (kind !== 'TEMP' && kind !== 'AUTO') throw validationFailed({ kind: MESSAGE_MSG.typeRequired });
  return { kind: kind as 'TEMP' | 'AUTO' };
}
const campaignBody = (raw: unknown, request: { query: unknown }) => {
  const { kind } = parseKind(request.query);
  return validateWith(kind === 'AUTO' ? autoCampaignSchema : tempCampaignSchema, raw ?? {});
};

/**
 * Messages (issue 25; docs/api/messages.md): the channel link, templates, campaigns (estimate, test
 * send, schedule, cancel, results) and the provider's webhooks. The main account's only (spec 3 §6).
 */
export const messageRoutes: FastifyPluginAsync = async (app) => {
  const rule = MESSAGE_RULE;

  app.get('/v2/message-integration', {
    config: { access: rule },
    schema: docs({ tags: TAG, summary: '메시지 채널 연동 조회', response: { 200: ok('연동', channelDoc), 403: refusals[403] } }),
  }, async (request) => ({ data: channelRecord(await channelOfTenant(app.db, principalOf(request).tenantIdx)) }));

  app.put('/v2/message-integration', {
    config: { access: { ...rule, write: true }, input: { body: channelSchema } },
    schema: docs({
      tags: TAG, summary: '메시지 채널 연동 저장', description: '발신 프로필 키와 발신번호는 등록 요청되고, 로컬 제공자는 바로 승인합니다.',
      body: bodyFromYup(channelSchema, '연동', { senderKey: '카카오 발신 프로필 키', senderNumber: '발신번호 (8~11자리)', optOutNumber: '080 수신거부 번호', contact: '문의 연락처', frequencyCap: '하루 광고 수신 한도 (1~10, 기본 1)' }),
      response: { 200: ok('저장됨', channelDoc), ...refusals },
    }),
  }, async (request) => ({ data: channelRecord(await saveChannel(app.db, principalOf(request).tenantIdx, request.body as Checked<typeof channelSchema>, app.clock.now())) }));

  // Templates -------------------------------------------------------------------------------
  app.get('/v1/template', {
    config: { access: rule, input: { query: parseScope } },
    schema: docs({ tags: TAG, summary: '메시지 템플릿 목록', querystring: obj('필터', { scope: str('temp | auto (없으면 모두)') }), response: { 200: ok('목록', { type: 'array', items: templateDoc }), ...refusals } }),
  }, async (request) => ({ data: await listTemplates(app.db, principalOf(request).tenantIdx, (request.query as ReturnType<typeof parseScope>).scope) }));

  app.post('/v1/template', {
    config: { access: { ...rule, write: true }, input: { query: parseScope, body: messageTemplateSchema } },
    schema: docs({
      tags: TAG, summary: '메시지 템플릿 등록', description: '알림톡(ALIM_TALK)은 검수 요청(REQUESTED)되고, 검수 결과는 제공자의 웹훅이 바꿉니다.',
      querystring: obj('범위', { scope: str('temp | auto (기본 temp)') }),
      body: bodyFromYup(messageTemplateSchema, '템플릿'), response: { 201: ok('등록됨', templateDoc), ...refusals },
    }),
  }, async (request, reply) => {
    const { scope } = request.query as ReturnType<typeof parseScope>;
    const row = await createTemplate(app.db, principalOf(request).tenantIdx, scope ?? 'temp', request.body as Checked<typeof messageTemplateSchema>, app.clock.now());
    return reply.status(201).send({ data: templateRecord(row) });
  });

  app.get('/v1/template/:idx', {
    config: { access: rule, input: { params: templateParams } },
    schema: docs({ tags: TAG, summary: '메시지 템플릿 상세', response: { 200: ok('템플릿', templateDoc), 403: refusals[403], 404: errorEnvelope(`NOT_FOUND: ${MESSAGE_MSG.templateNotFound}`) } }),
  }, async (request) => ({ data: templateRecord(await findTemplate(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx)) }));

  app.put('/v1/template/:idx', {
    config: { access: { ...rule, write: true }, input: { params: templateParams, body: messageTemplateSchema } },
    schema: docs({
      tags: TAG, summary: '메시지 템플릿 수정', description: '알림톡은 다시 검수 요청됩니다.', body: bodyFromYup(messageTemplateSchema, '템플릿'),
      response: { 200: ok('저장됨', templateDoc), ...refusals, 404: errorEnvelope(`NOT_FOUND: ${MESSAGE_MSG.templateNotFound}`) },
    }),
  }, async (request) => ({ data: templateRecord(await updateTemplate(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, request.body as Checked<typeof messageTemplateSchema>, app.clock.now())) }));

  app.delete('/v1/template/:idx', {
    config: { access: { ...rule, write: true }, input: { params: templateParams } },
    schema: docs({ tags: TAG, summary: '메시지 템플릿 삭제', response: { 200: ok('삭제됨'), 403: refusals[403], 404: errorEnvelope(`NOT_FOUND: ${MESSAGE_MSG.templateNotFound}`) } }),
  }, async (request) => {
    await deleteTemplate(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx);
    return { data: {} };
  });

  // Campaigns -------------------------------------------------------------------------------
  const C = '/campaign/v1/campaign';

  app.post(`${C}/estimate`, {
    config: { access: rule, input: { body: estimateSchema } },
    schema: docs({
      tags: TAG, summary: '예상 수신자 수와 비용', description: '지금의 동의·수신거부·하루 한도로 센 수와, 1명당 예약 금액(카카오와 문자 대체 중 비싼 쪽) × 수. 자동 메시지 종류(templateTalkClass)를 주면 오늘 조건에 맞는 고객 수.',
      body: bodyFromYup(estimateSchema, '조건'),
      response: { 200: ok('예상', obj('예상', { estimatedCustomerCount: int('예상 수신자 수'), unitCost: int('1명당 최대 비용(원)'), estimatedCost: int('예상 비용(원)'), kind: str('보내는 형태') })), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const body = request.body as Checked<typeof estimateSchema>;
    const type = body.messageType as MessageType;
    const channel = await channelOfTenant(app.db, tenantIdx);
    const sender = await senderOf(app.db, tenantIdx, channel);
    const now = app.clock.now();
    const condition = body.templateTalkClass ? autoCondition(body.templateTalkClass, body.recipient, seoulDate(now)) ?? undefined : undefined;
    const count = await countAudience(app.db, tenantIdx, type, body.recipient, now, channel.frequencyCap, condition);
    const pricing = pricingOf(type, { messageContent: { content: body.content, imageUrl: body.imageUrl } as never, smsFallback: body.smsFallback }, sender);
    return { data: { estimatedCustomerCount: count, unitCost: pricing.perRecipient, estimatedCost: estimateCost(count, pricing.perRecipient), kind: pricing.primary } };
  });

  app.get(C, {
    config: { access: rule, input: { query: parseCampaignList } },
    schema: docs({
      tags: TAG, summary: '메시지 목록', querystring: obj('필터', { ...pagingDocs(), kind: str('TEMP (일회성, 기본) | AUTO (자동)') }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: campaignDoc }, total: int('전체') })), ...refusals },
    }),
  }, async (request) => {
    const q = request.query as ReturnType<typeof parseCampaignList>;
    return { data: await listCampaigns(app.db, principalOf(request).tenantIdx, q.kind, q.page, q.pageSize) };
  });

  app.post(C, {
    config: { access: { ...rule, write: true }, input: { query: parseKind, body: campaignBody } },
    schema: docs({
      tags: TAG, summary: '메시지 작성 (DRAFT)', querystring: obj('종류', { kind: str('TEMP | AUTO') }),
      body: bodyFromYup(tempCampaignSchema, '메시지 (basicInfo, templateTalkClass, recipient, messageContent, smsFallback, schedule)'),
      response: { 201: ok('작성됨', campaignDoc), ...refusals },
    }),
  }, async (request, reply) => {
    const { kind } = request.query as ReturnType<typeof parseKind>;
    const row = await createCampaign(app.db, principalOf(request).tenantIdx, kind, request.body as Checked<typeof tempCampaignSchema>, app.clock.now());
    return reply.status(201).send({ data: campaignRecord(row) });
  });

  const notFound404 = errorEnvelope(`NOT_FOUND: ${MESSAGE_MSG.campaignNotFound}`);
  app.get(`${C}/:idx`, {
    config: { access: rule, input: { params: campaignParams } },
    schema: docs({ tags: TAG, summary: '메시지 상세', response: { 200: ok('메시지', campaignDoc), 403: refusals[403], 404: notFound404 } }),
  }, async (request) => ({ data: await campaignWithStats(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx) }));

  app.put(`${C}/:idx`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams, query: parseKind, body: campaignBody } },
    schema: docs({
      tags: TAG, summary: '메시지 수정 (DRAFT만)', querystring: obj('종류', { kind: str('TEMP | AUTO') }), body: bodyFromYup(tempCampaignSchema, '메시지'),
      response: { 200: ok('저장됨', campaignDoc), ...refusals, 404: notFound404, 409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.notDraft}`) },
    }),
  }, async (request) => {
    const { kind } = request.query as ReturnType<typeof parseKind>;
    return { data: campaignRecord(await updateCampaign(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, request.body as Checked<typeof tempCampaignSchema>, kind)) };
  });

  app.put(`${C}/:idx/auto-state`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams, body: autoStateSchema } },
    schema: docs({
      tags: TAG, summary: '자동 메시지 켜기/끄기 (ON | OFF)',
      description: 'ON이면 매일 발송 시각(바로 보내기는 매시)에 그날 조건에 맞는 고객에게 보내고 크레딧이 차감됩니다. 발송 시각 뒤에 조건에 맞게 된 고객은 다음 날 받습니다. OFF는 멈춥니다.',
      body: bodyFromYup(autoStateSchema, '상태', { autoState: 'ON | OFF' }),
      response: {
        200: ok('바뀜', campaignDoc), ...refusals, 404: notFound404,
        409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.autoStateInvalid} | ${MESSAGE_MSG.channelMissingOptOut} | ${MESSAGE_MSG.alimTalkNotApproved}`),
      },
    }),
  }, async (request) => {
    const { autoState } = request.body as Checked<typeof autoStateSchema>;
    return { data: campaignRecord(await setAutoState(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, autoState as AutoState)) };
  });

  app.get(`${C}/:idx/batches`, {
    config: { access: rule, input: { params: campaignParams, query: (raw: unknown) => { const errors: FieldErrors = {}; const p = readPaging((raw ?? {}) as Record<string, unknown>, errors); if (Object.keys(errors).length) throw validationFailed(errors); return p; } } },
    schema: docs({
      tags: TAG, summary: '자동 메시지 발송 회차 (PENDING → PROCESSING → COMPLETED)', querystring: obj('페이지', pagingDocs()),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: batchDoc }, total: int('전체') })), ...refusals, 404: notFound404 },
    }),
  }, async (request) => {
    const { page, pageSize } = request.query as { page: number; pageSize: number };
    return { data: await listBatches(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, page, pageSize) };
  });

  app.delete(`${C}/:idx`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams } },
    schema: docs({ tags: TAG, summary: '메시지 삭제 (DRAFT만; 자동 메시지는 꺼져 있고 보낸 적이 없을 때만)', response: { 200: ok('삭제됨'), 403: refusals[403], 404: notFound404, 409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.notDraft} | ${MESSAGE_MSG.autoDeleteOn} | ${MESSAGE_MSG.autoDeleteSent}`) } }),
  }, async (request) => {
    await deleteCampaign(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx);
    return { data: {} };
  });

  app.post(`${C}/:idx/schedule`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams } },
    schema: docs({
      tags: TAG, summary: '발송 예약 (DRAFT → SCHEDULED)',
      description: 'IMMEDIATE는 지금, TIME은 고른 시각. 광고가 08:00~20:50 밖이면 다음 08:00로 미뤄지고 notice가 알립니다. 받는 사람은 보내기 직전에 다시 뽑습니다.',
      response: {
        200: ok('예약됨', obj('예약', { campaign: campaignDoc, estimatedCustomerCount: int('지금 기준 예상 수신자') })), 403: refusals[403], 400: refusals[400], 404: notFound404,
        409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.notDraft} | ${MESSAGE_MSG.noRecipients} | ${MESSAGE_MSG.channelMissingOptOut} | ${MESSAGE_MSG.alimTalkNotApproved} | ${MESSAGE_MSG.autoOnly}`),
      },
    }),
  }, async (request) => {
    const r = await scheduleCampaign(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, app.clock.now());
    return { data: { campaign: campaignRecord(r.campaign), estimatedCustomerCount: r.estimatedCustomerCount } };
  });

  app.post(`${C}/:idx/cancel`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams } },
    schema: docs({ tags: TAG, summary: '예약 취소 (SCHEDULED → CANCELED)', response: { 200: ok('취소됨', campaignDoc), 403: refusals[403], 404: notFound404, 409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.notScheduled}`) } }),
  }, async (request) => ({ data: campaignRecord(await cancelCampaign(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx)) }));

  app.post(`${C}/:idx/test`, {
    config: { access: { ...rule, write: true }, input: { params: campaignParams } },
    schema: docs({
      tags: TAG, summary: '테스트 발송 (내 휴대폰으로)', description: '계정의 휴대폰 번호로 고객이 받을 그대로 보냅니다. 크레딧이 차감됩니다.',
      response: { 200: ok('보냄', obj('결과', { status: str('SENT | FAILED'), cost: int('비용(원)'), phone: str('받은 번호 (가림)') })), 403: refusals[403], 404: notFound404, 409: errorEnvelope(`CONFLICT: ${MESSAGE_MSG.insufficientCredit}`) },
    }),
  }, async (request) => {
    const principal = principalOf(request);
    const campaign = await findCampaign(app.db, principal.tenantIdx, (request.params as { idx: number }).idx);
    const [admin] = await app.db.select({ phone: partnerships.phoneNum, companyName: partnerships.companyName }).from(partnerships).where(eq(partnerships.idx, principal.adminIdx));
    const phone = (admin?.phone ?? '').replace(/\D/g, '');
    if (!phone) throw new ApiError(409, 'CONFLICT', MESSAGE_MSG.testPhoneMissing);
    const result = await testSend(app, campaign, phone, admin.companyName);
    return { data: { ...result, phone: `${phone.slice(0, 3)}-****-${phone.slice(-4)}` } };
  });

  app.get(`${C}/:idx/recipients`, {
    config: { access: rule, input: { params: campaignParams, query: (raw: unknown) => { const errors: FieldErrors = {}; const p = readPaging((raw ?? {}) as Record<string, unknown>, errors); if (Object.keys(errors).length) throw validationFailed(errors); return p; } } },
    schema: docs({
      tags: TAG, summary: '수신자별 결과', querystring: obj('페이지', pagingDocs()),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: recipientDoc }, total: int('전체') })), ...refusals, 404: notFound404 },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { idx } = request.params as { idx: number };
    const { page, pageSize } = request.query as { page: number; pageSize: number };
    await findCampaign(app.db, tenantIdx, idx);
    const where = and(eq(messageRecipients.tenantIdx, tenantIdx), eq(messageRecipients.campaignIdx, idx));
    const rows = await app.db.select().from(messageRecipients).where(where).orderBy(messageRecipients.customerIdx).limit(pageSize).offset((page - 1) * pageSize);
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(messageRecipients).where(where);
    return {
      data: {
        total: Number(n),
        list: rows.map((r) => ({
          customerIdx: r.customerIdx, name: r.name, phone: r.phone, status: r.status, sentKind: r.sentKind, fallback: r.fallback, cost: r.cost,
          failReason: r.failReason, resultAt: r.resultAt ? r.resultAt.toISOString() : null,
        })),
      },
    };
  });

  // Webhooks (the provider's; signed) -------------------------------------------------------
  const W = '/v1/webhooks/messaging';
  const signed = { [SIGNATURE_HEADER]: { type: 'string', maxLength: 200, description: 'sha256=<본문의 HMAC-SHA256 hex> (MESSAGING_WEBHOOK_SECRET)' } };
  const hook = { public: true, rateLimit: perIp(600) } as const;
  const signedHeader = headerCheck(() => ({}), signed);
  const webhookRefusals = { 400: refusals[400], 401: errorEnvelope('INVALID_TOKEN: 서명이 틀림'), 404: errorEnvelope('NOT_FOUND: 웹훅 비밀이 설정되지 않음') };

  app.post(`${W}/results`, {
    config: { ...hook, input: { headers: signedHeader, body: resultsWebhookSchema } },
    preValidation: async (request) => checkSignature(request, app.config.messagingWebhookSecret),
    schema: docs({
      isPublic: true, tags: TAG, summary: '발송 결과 웹훅', description: '우리 키(providerKey)별 결과. PENDING인 수신자에만 한 번 적용되고, 배치의 결과가 모두 오면 크레딧이 정산됩니다.',
      body: bodyFromYup(resultsWebhookSchema, '결과'), response: { 200: ok('반영됨'), ...webhookRefusals },
    }),
  }, async (request) => {
    await applyResults(app, null, (request.body as Checked<typeof resultsWebhookSchema>).results.map((r) => ({ key: r.key, status: r.status as 'SENT' | 'FAILED', fallback: r.fallback, reason: r.reason ?? undefined })));
    return { data: {} };
  });

  app.post(`${W}/template-review`, {
    config: { ...hook, input: { headers: signedHeader, body: reviewWebhookSchema } },
    preValidation: async (request) => checkSignature(request, app.config.messagingWebhookSecret),
    schema: docs({
      isPublic: true, tags: TAG, summary: '알림톡 템플릿 검수 웹훅', body: bodyFromYup(reviewWebhookSchema, '검수 결과', { templateCode: '템플릿 코드 (providerCode)', state: 'REQUESTED | IN_REVIEW | APPROVED | REJECTED', comment: '반려 사유' }),
      response: { 200: ok('반영됨', obj('결과', { updated: int('바뀐 템플릿 수') })), ...webhookRefusals },
    }),
  }, async (request) => {
    const b = request.body as Checked<typeof reviewWebhookSchema>;
    return { data: { updated: await applyReview(app.db, b.templateCode, b.state as 'APPROVED', b.comment ?? null, app.clock.now()) } };
  });

  app.post(`${W}/opt-out`, {
    config: { ...hook, input: { headers: signedHeader, body: optOutWebhookSchema } },
    preValidation: async (request) => checkSignature(request, app.config.messagingWebhookSecret),
    schema: docs({
      isPublic: true, tags: TAG, summary: '080 수신거부 웹훅', description: '그 080 번호의 브랜드에서 고객의 마케팅·문자·카카오 동의를 거두고, 이후 광고에서 뺍니다.',
      body: bodyFromYup(optOutWebhookSchema, '수신거부', { optOutNumber: '걸려 온 080 번호', phone: '수신거부한 휴대폰' }),
      response: { 200: ok('반영됨', obj('결과', { brands: int('반영된 브랜드 수') })), ...webhookRefusals },
    }),
  }, async (request) => {
    const b = request.body as Checked<typeof optOutWebhookSchema>;
    return { data: { brands: await applyOptOut(app.db, b.optOutNumber, b.phone, app.clock.now()) } };
  });

};

/**
 * The tracked links' redirect (public; docs/api/messages.md "Links, clicks and orders"):
 * `GET /l/<token><button>` records the recipient's click of that button and sends the browser on to
 * the button's address. The token is the recipient's own random one, so the URL holds nothing
 * personal; an unknown code, or an address that is not a web address, answers a small 404 page.
 */
export const messageLinkRoutes: FastifyPluginAsync = async (app) => {
  const notFoundPage = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${MESSAGE_MSG.linkNotFoundTitle}</title></head><body style="font-family:sans-serif;padding:24px"><h1 style="font-size:20px">${MESSAGE_MSG.linkNotFoundTitle}</h1>`
    + `<p>${MESSAGE_MSG.linkNotFoundBody}</p></body></html>`;
  app.get(`${LINK_PATH}/:code`, {
    config: { public: true, rateLimit: perIp(300) },
    schema: docs({
      isPublic: true, tags: TAG, summary: '메시지 링크 (클릭 기록 후 이동)',
      description: '수신자별 토큰과 버튼 번호. 클릭을 기록하고 버튼의 주소로 302 이동합니다. 개인정보는 주소에 없습니다.',
      params: obj('링크', { code: { type: 'string', maxLength: 40, description: '수신자 토큰(12자) + 버튼 번호(1~5)' } }),
      response: { 302: { description: '버튼의 주소로 이동', type: 'null' }, 404: { description: '없는 링크 (안내 페이지)', type: 'string' } },
    }),
  }, async (request, reply) => {
    const parsed = parseLinkCode((request.params as { code: string }).code);
    const target = parsed ? await recordClick(app.db, parsed.token, parsed.button, app.clock.now()) : null;
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage);
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
};
