import { valuesDetail } from '../../audit/audit';
import { syncGradeMemberships } from '../memberships/gradeMemberships';
import type { FastifyPluginAsync } from 'fastify';
import { LIST_MSG, splitSearchTerms } from '../../../src/domain/listQuery';
import {
  CUSTOMER_DEFAULT_PAGE_SIZE, CUSTOMER_MSG, CUSTOMER_ORDER_BY, CUSTOMER_PAGE_SIZES, CUSTOMER_SEARCH_TARGETS, GRADE_SCHEDULES,
  POINT_ADJUST_MAX, POINT_REASON_MAX, customerDownloadSchema, customerOrderSchema, customerSettingSchema, gradeListSchema, parseCustomerFilters, pointAdjustSchema,
  type CustomerOrderBy, type CustomerSearchTarget, type GradeListInput, type OrderChannel,
} from '../../../src/domain/customer';
import { bodyJsonSchemaOf, recordJsonSchemaOf } from '../../../src/domain/resource';
import { customerFormSchema, customerResource, type CustomerForm } from '../../../src/domain/resources/customer';
import type { FieldErrors } from '../../../src/domain/errors';
import { validationFailed } from '../../http/errors';
import { idxParams, pagingDocs, pagingQuery, readPaging, type PageRule, type Paging } from '../../http/params';
import { sentFields, type Checked } from '../../http/routeInput';
import { validateWith } from '../../http/validate';
import { docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { bodyFromYup, partialBodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { CUSTOMERS, CUSTOMERS_DASHBOARD, CUSTOMERS_GROUP, CUSTOMER_OVERVIEW } from '../paths';
import { parseNftQuery } from '../guarantees/input';
import { listGuarantees } from '../guarantees/service';
import { CUSTOMER_ACCESS } from './access';
import { listCustomers, type CustomerQuery } from './list';
import { assertCustomer, getCustomerDetail } from './rows';
import { createCustomer, formOf, updateCustomer } from './write';
import { listOrders, listPoints, recordOrder } from './history';
import { adjustPoints } from './points';
import { idempotencyBatchKey, idempotencyKeyInput } from '../guarantees/input';
import { claimIdempotencyKey } from '../../http/idempotency';
import { getSettings, saveSettings } from './settings';
import { getGrade, listGrades, previewGrades, runGrades, saveGrades } from './grades';
import { customerDashboard, overviewRuns, readOverview, startOverviewRefresh } from './overview';
import { downloadRuns, listDownloads, requestDownload } from './download';

const TAG = ['customers'];
const int = (description: string) => ({ type: 'integer', description });
const num = (description: string) => ({ type: 'number', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });
const yn = (description: string) => str(`${description} (Y | N)`);

/** The customer record and the register/edit body, from the customer definition. */
const customerDoc = recordJsonSchemaOf(customerResource);
const gradeDoc = obj('등급', { idx: int('idx'), name: str('등급명'), groupNo: int('등급 번호 (오름차순, 클수록 높은 등급)'), minPurchaseAmount: int('구매 금액 기준 (원)'), minPurchaseCount: int('구매 횟수 기준'), customerCount: int('이 등급 고객 수') });
const gradeListDoc = bodyFromYup(gradeListSchema, '{ list }', { list: '등급 (idx가 없으면 새 등급; 등급명 20자, 중복 불가; groupNo 1 이상, 오름차순; 기준 0 이상)' });
const gradeListBody = {
  description: '등급 목록 전체 (gradeListSchema): { list: [...] } 또는 배열 그대로',
  oneOf: [gradeListDoc, (gradeListDoc.properties as Record<string, unknown>).list],
};
const settingDoc = obj('포인트·등급 설정', {
  pointRate: num('적립률 % (0~100, 소수 둘째 자리)'), onOfflinePointToggle: yn('구매 적립 사용 (N이면 적립 0)'),
  gradeSchedule: str(GRADE_SCHEDULES.join(' | ')), gradePeriodMonths: int('등급 산정 기간 (개월, 1~36)'), lastGradeRunAt: nullable('string', '마지막 등급 산정 ISO'),
});
const figuresDoc = obj('지표', { totalCustomers: num('전체 고객'), totalSignUps: num('라운지 가입 고객'), signUpRate: num('가입률 % (소수 둘째 자리)'), totalMarketableCustomers: num('마케팅 가능 고객') });
const overviewDoc = obj('고객 지표', {
  ...(figuresDoc.properties as Record<string, Record<string, unknown>>), lastWeek: figuresDoc,
  updating: { type: 'boolean', description: '재계산 중 (5초마다 다시 조회)' }, updatedAt: nullable('string', '계산 시각 ISO'),
});
const pagedDoc = (item: Record<string, unknown>) => obj('목록', { list: { type: 'array', items: item }, total: int('전체 개수') });
const idxParam = obj('경로', { idx: int('고객 idx') });
const pointEntryDoc = obj('포인트', {
  idx: int('idx'), createdAt: str('ISO'), amount: int('증감'), reason: str('사유'), balance: int('잔액'), orderIdx: nullable('integer', '주문'),
  mallSync: nullable('string', 'Cafe24 쇼핑몰 적립금 반영: PENDING (대기·재시도 중) | SENT | FAILED (쇼핑몰이 거절); null이면 쇼핑몰로 가지 않는 변경'),
});
const CUSTOMER_PAGES: PageRule = { sizes: CUSTOMER_PAGE_SIZES, defaultSize: CUSTOMER_DEFAULT_PAGE_SIZE, sizeMessage: CUSTOMER_MSG.pageSizeInvalid };
const customerPaging = pagingQuery(CUSTOMER_PAGES);
const pagingDoc = obj('페이지', pagingDocs(CUSTOMER_PAGES));
const customerParams = idxParams(CUSTOMER_MSG.notFound);
type CustomerIdx = Checked<typeof customerParams>;
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  404: errorEnvelope('NOT_FOUND: 없는 고객 또는 다른 테넌트의 고객'),
  409: errorEnvelope('CONFLICT: 같은 연락처의 고객이 있음 (errors.customerPhone)'),
};

/** The list query, checked: bad paging, search, order or filters answer 400 naming the parameter. */
function parseCustomerQuery(raw: unknown): CustomerQuery {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const paging = readPaging(query, errors, CUSTOMER_PAGES);
  const searchTarget = (query.searchTarget || 'all') as CustomerSearchTarget;
  if (!CUSTOMER_SEARCH_TARGETS.includes(searchTarget)) errors.searchTarget = CUSTOMER_MSG.searchTargetInvalid;
  const terms = splitSearchTerms(query.searchKeyword);
  if (terms === null) errors.searchKeyword = LIST_MSG.tooManyTerms;
  const orderBy = (query.orderBy || 'registeredAt') as CustomerOrderBy;
  if (!CUSTOMER_ORDER_BY.includes(orderBy)) errors.orderBy = CUSTOMER_MSG.orderByInvalid;
  const direction = (query.orderDirection || 'DESC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') errors.orderDirection = CUSTOMER_MSG.orderDirectionInvalid;
  const filters = parseCustomerFilters(query.filterOptions);
  if (filters === null) errors.filterOptions = CUSTOMER_MSG.filterOptionsInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { ...paging, searchTarget, terms: terms ?? [], orderBy, desc: direction === 'DESC', filters: filters ?? {} };
}

/** The grade list, sent as `{ list }` or as the bare array. */
const gradeListBodyOf = (raw: unknown) => validateWith(gradeListSchema, Array.isArray(raw) ? { list: raw } : raw) as Promise<GradeListInput>;

export const customerRoutes: FastifyPluginAsync = async (app) => {
  const tenantOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).tenantIdx;
  // Background work (overview recomputes, exports) finishes before the database is closed.
  app.addHook('onClose', async () => { await Promise.allSettled([...overviewRuns(app.db), ...downloadRuns(app.db)]); });

  app.get(CUSTOMERS, {
    config: { access: CUSTOMER_ACCESS.read, input: { query: parseCustomerQuery } },
    schema: docs({
      tags: TAG, summary: '고객 목록',
      description: '검색어는 쉼표·줄바꿈으로 최대 10개 (부분 일치, 연락처는 숫자로). filterOptions는 JSON 객체: {"gender":["M","F","NONE"],"groupIdx":[0 (등급 없음), 3],"isAgreeMarketing":"Y","isAgreeSMS":"N","hasWallet":"Y","registeredFrom":"YYYY-MM-DD","registeredTo":"YYYY-MM-DD"}. total은 10,000건까지 정확히, 넘으면 추정치와 totalIsEstimate: true.',
      querystring: obj('검색, 필터, 페이지, 정렬', {
        searchTarget: str(`${CUSTOMER_SEARCH_TARGETS.join(' | ')} (기본 all)`), searchKeyword: str('검색어'),
        ...pagingDocs(CUSTOMER_PAGES),
        orderBy: str(`${CUSTOMER_ORDER_BY.join(' | ')} (기본 registeredAt)`), orderDirection: str('ASC | DESC (기본 DESC)'), filterOptions: str('JSON 객체'),
      }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: customerDoc }, total: int('전체 개수'), totalIsEstimate: { type: 'boolean' } })), 400: refusals[400] },
    }),
  }, async (request) => ({ data: await listCustomers(app.db, tenantOf(request), request.query as CustomerQuery, app.clock.now()) }));

  app.post(CUSTOMERS, {
    config: { access: CUSTOMER_ACCESS.write, input: { body: customerFormSchema } },
    schema: docs({ tags: TAG, summary: '고객 직접 등록', body: bodyJsonSchemaOf(customerResource), response: { 201: ok('등록됨', customerDoc), 400: refusals[400], 409: refusals[409] } }),
  }, async (request, reply) => {
    const form = request.body as CustomerForm;
    return reply.status(201).send({ data: await createCustomer(app.db, tenantOf(request), form, app.clock.now()) });
  });

  app.get(`${CUSTOMERS}/setting`, {
    config: { access: CUSTOMER_ACCESS.read },
    schema: docs({ tags: TAG, summary: '포인트·등급 설정', response: { 200: ok('설정', settingDoc) } }),
  }, async (request) => ({ data: await getSettings(app.db, tenantOf(request)) }));

  app.patch(`${CUSTOMERS}/setting`, {
    config: { audit: { action: 'settings.customer', detail: valuesDetail }, access: CUSTOMER_ACCESS.mainWrite, input: { body: customerSettingSchema } },
    schema: docs({ tags: TAG, summary: '포인트·등급 설정 저장 (메인 계정)', description: '보낸 항목만 바뀝니다.', body: partialBodyFromYup(customerSettingSchema, '포인트·등급 설정', { pointRate: '적립률 % (0~100, 소수 둘째 자리)', onOfflinePointToggle: '구매 적립 사용 (Y | N, N이면 적립 0)', gradeSchedule: GRADE_SCHEDULES.join(' | '), gradePeriodMonths: '등급 산정 기간 (개월, 1~36)' }), response: { 200: ok('설정', settingDoc), 400: refusals[400] } }),
  }, async (request) => {
    const patch = request.body as Checked<typeof customerSettingSchema>;
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    return { data: await saveSettings(app.db, tenantOf(request), clean, app.clock.now()) };
  });

  app.get(`${CUSTOMERS}/:idx`, {
    config: { access: CUSTOMER_ACCESS.read, input: { params: customerParams } },
    schema: docs({
      tags: TAG, summary: '고객 상세', params: idxParam,
      response: { 200: ok('고객과 수신 동의 (terms: marketing, sms, email 각각 {isAgree, changedAt})', customerDoc), 404: refusals[404] },
    }),
  }, async (request) => ({ data: await getCustomerDetail(app.db, tenantOf(request), (request.params as CustomerIdx).idx, app.clock.now()) }));

  app.patch(`${CUSTOMERS}/:idx`, {
    config: { access: CUSTOMER_ACCESS.write, input: { params: customerParams, body: sentFields(customerFormSchema) } },
    schema: docs({ tags: TAG, summary: '고객 수정', description: '보낸 항목만 바뀝니다. 수신 동의가 바뀌면 그 날짜가 기록됩니다.', params: idxParam, body: bodyJsonSchemaOf(customerResource, true), response: { 200: ok('수정됨', customerDoc), 400: refusals[400], 404: refusals[404], 409: refusals[409] } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const { idx } = request.params as CustomerIdx;
    const { form, row } = await formOf(app.db, tenantIdx, idx);
    // The sent fields were checked one by one; the merged customer is checked as a whole (required fields, cross-field rules).
    const merged = await validateWith(customerFormSchema, { ...form, ...(request.body as Record<string, unknown>) }) as CustomerForm;
    return { data: await updateCustomer(app.db, tenantIdx, idx, merged, row, app.clock.now()) };
  });

  app.get(`${CUSTOMERS}/:idx/nfts`, {
    config: { access: CUSTOMER_ACCESS.read, input: { params: customerParams, query: parseNftQuery } },
    schema: docs({
      tags: TAG, summary: '고객의 보증서·멤버십', params: idxParam,
      description: 'GET /v1/admin/nft와 같은 행과 쿼리 (nftType GUARANTEE | MEMBERSHIP, page, pageSize, sort ...), 이 고객의 것만.',
      response: { 200: ok('목록'), 404: refusals[404] },
    }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const { idx } = request.params as CustomerIdx;
    await assertCustomer(app.db, tenantIdx, idx);
    return { data: await listGuarantees(app.db, tenantIdx, { ...(request.query as Checked<typeof parseNftQuery>), customerIdx: idx }) };
  });

  app.get(`${CUSTOMERS}/:idx/orders`, {
    config: { access: CUSTOMER_ACCESS.read, input: { params: customerParams, query: customerPaging } },
    schema: docs({
      tags: TAG, summary: '고객의 주문', params: idxParam, querystring: pagingDoc,
      response: { 200: ok('최신순', pagedDoc(obj('주문', { idx: int('idx'), orderedAt: str('ISO'), channel: str('platform | ownMall | offline'), productName: str('상품명'), paymentAmount: int('결제 금액'), pointAmount: int('적립 포인트') }))), 404: refusals[404] },
    }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const { idx } = request.params as CustomerIdx;
    await assertCustomer(app.db, tenantIdx, idx);
    return { data: await listOrders(app.db, tenantIdx, idx, request.query as Paging) };
  });

  app.post(`${CUSTOMERS}/:idx/orders`, {
    config: { access: CUSTOMER_ACCESS.write, input: { params: customerParams, body: customerOrderSchema } },
    schema: docs({
      tags: TAG, summary: '고객 주문 기록 (구매 적립)', params: idxParam,
      description: '주문 합계·채널별 횟수·최근 구매일을 갱신하고, 구매 적립이 켜져 있으면 floor(결제 금액 × 적립률 %) 포인트를 적립합니다.',
      body: bodyFromYup(customerOrderSchema, '주문', { orderedAt: 'ISO', channel: 'platform | ownMall | offline', productName: '상품명', paymentAmount: '결제 금액 (원)' }),
      response: { 201: ok('기록됨'), 400: refusals[400], 404: refusals[404] },
    }),
  }, async (request, reply) => {
    const tenantIdx = tenantOf(request);
    const { idx } = request.params as CustomerIdx;
    const body = request.body as Checked<typeof customerOrderSchema>;
    const order = await recordOrder(app.db, tenantIdx, idx, {
      orderedAt: new Date(body.orderedAt), channel: body.channel as OrderChannel, productName: body.productName, paymentAmount: body.paymentAmount,
    }, app.clock.now());
    return reply.status(201).send({ data: order });
  });

  app.get(`${CUSTOMERS}/:idx/points`, {
    config: { access: CUSTOMER_ACCESS.read, input: { params: customerParams, query: customerPaging } },
    schema: docs({
      tags: TAG, summary: '고객의 포인트 내역', params: idxParam, querystring: pagingDoc,
      response: { 200: ok('최신순', pagedDoc(pointEntryDoc)), 404: refusals[404] },
    }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const { idx } = request.params as CustomerIdx;
    await assertCustomer(app.db, tenantIdx, idx);
    return { data: await listPoints(app.db, tenantIdx, idx, request.query as Paging) };
  });

  app.post(`${CUSTOMERS}/:idx/points`, {
    config: {
      audit: { replayStatus: 200, action: 'customer.points', detail: (request) => ({ amount: (request.body as { amount?: unknown } | undefined)?.amount }) },
      access: CUSTOMER_ACCESS.mainWrite, input: { headers: idempotencyKeyInput, params: customerParams, body: pointAdjustSchema },
    },
    schema: docs({
      tags: TAG, summary: '고객 포인트 조정 (메인 계정)', params: idxParam,
      description: '양수는 적립, 음수는 차감 (보유 포인트보다 많이 뺄 수 없음). Cafe24 적립금 연동이 켜져 있고 고객이 쇼핑몰 회원이면 같은 변경이 쇼핑몰 적립금에도 반영됩니다 (mallSync PENDING → SENT, 쇼핑몰이 거절하면 FAILED). 헤더 Idempotency-Key를 보내면 같은 키의 재요청은 처음 변경을 200으로 돌려줍니다.',
      body: bodyFromYup(pointAdjustSchema, '조정', { amount: `포인트 (±1 ~ ±${POINT_ADJUST_MAX.toLocaleString('ko-KR')}, 0 불가)`, reason: `사유 (${POINT_REASON_MAX}자까지)` }),
      response: {
        201: ok('조정됨', pointEntryDoc), 200: ok('같은 Idempotency-Key의 처음 결과', pointEntryDoc),
        400: refusals[400], 404: refusals[404], 422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'),
      },
    }),
  }, async (request, reply) => {
    const principal = principalOf(request);
    const { idx } = request.params as CustomerIdx;
    const key = idempotencyBatchKey(request.headers);
    if (key) await claimIdempotencyKey(app.db, { tenantIdx: principal.tenantIdx, scope: 'customer.points', key }, request.body);
    const { entry, replayed } = await adjustPoints(app.db, { tenantIdx: principal.tenantIdx, plan: principal.subscription?.planGroup }, idx,
      request.body as Checked<typeof pointAdjustSchema>, key, app.clock.now());
    return reply.status(replayed ? 200 : 201).send({ data: entry });
  });

  // Grades ------------------------------------------------------------------------------------

  app.get(`${CUSTOMERS_GROUP}/list`, {
    config: { access: CUSTOMER_ACCESS.read },
    schema: docs({ tags: TAG, summary: '등급 목록', description: 'groupNo 순.', response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: gradeDoc }, total: int('개수') })) } }),
  }, async (request) => {
    const list = await listGrades(app.db, tenantOf(request));
    return { data: { list, total: list.length } };
  });

  app.post(`${CUSTOMERS_GROUP}/direct`, {
    config: { access: CUSTOMER_ACCESS.mainWrite, input: { body: gradeListBodyOf } },
    schema: docs({
      tags: TAG, summary: '등급 목록 저장 (메인 계정)', description: '목록 전체를 한 번에 저장합니다 (전부 또는 전무). idx가 없는 등급은 새로 만들고, 목록에 없는 기존 등급은 지웁니다 (그 고객은 다음 산정까지 등급 없음).',
      body: gradeListBody, response: { 200: ok('저장된 목록', obj('목록', { list: { type: 'array', items: gradeDoc }, total: int('개수') })), 400: refusals[400] },
    }),
  }, async (request) => {
    const list = await saveGrades(app.db, tenantOf(request), request.body as GradeListInput, app.clock.now());
    return { data: { list, total: list.length } };
  });

  app.post(`${CUSTOMERS_GROUP}/preview`, {
    config: { access: CUSTOMER_ACCESS.read, input: { body: gradeListBodyOf } },
    schema: docs({
      tags: TAG, summary: '등급 미리보기', description: '저장하지 않고, 보낸 등급 목록이면 각 등급에 몇 명이 들어가는지 (설정의 산정 기간 주문 기준).',
      body: gradeListBody, response: { 200: ok('등급별 고객 수', obj('목록', { list: { type: 'array', items: obj('등급', { groupNo: int('등급 번호'), name: str('등급명'), customerCount: int('고객 수') }) } })), 400: refusals[400] },
    }),
  }, async (request) => {
    return { data: { list: await previewGrades(app.db, tenantOf(request), request.body as GradeListInput, app.clock.now()) } };
  });

  app.post(`${CUSTOMERS_GROUP}/run`, {
    config: { access: CUSTOMER_ACCESS.mainWrite },
    schema: docs({ tags: TAG, summary: '등급 산정 지금 실행 (메인 계정)', description: '매일/매월/분기/반기/매년 03:00 (Asia/Seoul) 작업과 같은 일을 지금 합니다.', response: { 200: ok('바뀐 고객 수', obj('결과', { updated: int('등급이 바뀐 고객 수') })) } }),
  }, async (request) => {
    const now = app.clock.now();
    const updated = await runGrades(app.db, tenantOf(request), now);
    // As the 03:00 job: memberships bound to a grade follow it (server/modules/memberships/gradeMemberships.ts).
    await syncGradeMemberships(app.db, { messaging: app.messaging, publicUrl: app.config.publicUrl }, tenantOf(request), now);
    return { data: { updated } };
  });

  app.get(`${CUSTOMERS_GROUP}/:idx`, {
    config: { access: CUSTOMER_ACCESS.read, input: { params: idxParams(CUSTOMER_MSG.gradeNotFound) } },
    schema: docs({ tags: TAG, summary: '등급 하나', params: obj('경로', { idx: int('등급 idx') }), response: { 200: ok('등급', gradeDoc), 404: errorEnvelope('NOT_FOUND') } }),
  }, async (request) => ({ data: await getGrade(app.db, tenantOf(request), (request.params as CustomerIdx).idx) }));

  // Overview, download, dashboard -------------------------------------------------------------

  app.get(CUSTOMER_OVERVIEW, {
    config: { access: CUSTOMER_ACCESS.read },
    schema: docs({ tags: TAG, summary: '고객 지표', description: '마지막으로 계산된 값. 한 번도 계산된 적이 없으면 백그라운드 계산을 시작하고 updating: true로 답합니다. updating이면 5초마다 다시 조회합니다.', response: { 200: ok('지표', overviewDoc) } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const data = await readOverview(app.db, tenantIdx);
    if (data.updatedAt || data.updating) return { data };
    await startOverviewRefresh(app.db, tenantIdx, () => app.clock.now(), app.log);
    return { data: { ...data, updating: true } };
  });

  app.post(`${CUSTOMER_OVERVIEW}/refresh`, {
    config: { access: CUSTOMER_ACCESS.write },
    schema: docs({ tags: TAG, summary: '고객 지표 다시 계산', description: '백그라운드에서 다시 계산합니다. 이미 계산 중이면 새로 시작하지 않습니다.', response: { 202: ok('시작됨', obj('상태', { updating: { type: 'boolean' } })) } }),
  }, async (request, reply) => {
    await startOverviewRefresh(app.db, tenantOf(request), () => app.clock.now(), app.log);
    return reply.status(202).send({ data: { updating: true } });
  });

  app.post(`${CUSTOMER_OVERVIEW}/download`, {
    config: { audit: { action: 'customer.download' }, access: CUSTOMER_ACCESS.mainWrite, input: { body: customerDownloadSchema } },
    schema: docs({
      tags: TAG, summary: '고객 목록 다운로드 요청 (메인 계정)',
      description: '요청을 기록하고, 고객 목록 xlsx를 비밀번호로 AES-256 암호화한 zip으로 만들어 메일로 보냅니다 (최근 가입 100,000명까지). 비밀번호는 저장·기록하지 않습니다.',
      body: bodyFromYup(customerDownloadSchema, '요청', { email: '받을 이메일', password: '파일 비밀번호 (6자 이상, 영문·숫자·특수문자)', reason: '사유 (필수, 200자)' }),
      response: { 202: ok('접수됨', obj('요청', { requestIdx: int('기록 idx') })), 400: refusals[400] },
    }),
  }, async (request, reply) => {
    const body = request.body as Checked<typeof customerDownloadSchema>;
    const p = principalOf(request);
    const requestIdx = await requestDownload({ db: app.db, mail: app.mail, log: app.log }, { tenantIdx: p.tenantIdx, adminIdx: p.adminIdx }, body, app.clock.now());
    return reply.status(202).send({ data: { requestIdx } });
  });

  app.get(`${CUSTOMER_OVERVIEW}/download`, {
    config: { access: CUSTOMER_ACCESS.mainRead, input: { query: customerPaging } },
    schema: docs({
      tags: TAG, summary: '고객 목록 다운로드 기록 (메인 계정)', querystring: pagingDoc,
      response: { 200: ok('최신순', pagedDoc(obj('기록', { idx: int('idx'), adminIdx: int('요청한 관리자'), adminEmail: nullable('string', '요청한 관리자 이메일'), email: str('받은 이메일'), reason: str('사유'), rowCount: int('담긴 고객 수 (보내기 전 0)'), createdAt: str('ISO') }))) },
    }),
  }, async (request) => ({ data: await listDownloads(app.db, tenantOf(request), request.query as Paging) }));

  app.get(CUSTOMERS_DASHBOARD, {
    config: { access: CUSTOMER_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '고객 대시보드',
      description: 'distribution: salesAmount(총 구매 금액), count(구매 횟수), price(평균 구매 단가, 구매 고객만) 구간별 고객 수 (구간 이름은 src/domain/customer.ts CUSTOMER_DISTRIBUTION). topList: 총 구매 금액 순 25명.',
      response: { 200: ok('대시보드') },
    }),
  }, async (request) => ({ data: await customerDashboard(app.db, tenantOf(request)) }));
};
