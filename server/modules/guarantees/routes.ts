import { fieldsDetail, idsDetail, rowsDetail } from '../../audit/audit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import {
  CANCEL_REASON_MAX, GUARANTEE_API_MSG, GUARANTEE_MSG, NFT_BULK_MAX_ROWS, NFT_STATUS, NFT_DASHBOARD_PERIODS,
  NFT_EDITABLE_STATUSES, NFT_ISSUED_STATUSES, NFT_SEARCH_TYPES, NFT_USE_MEMO_MAX, REQUEST_ROUTE_VALUES,
} from '../../../src/domain/guarantee';
import { guaranteeSchema } from '../../../src/domain/resources/guarantee';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import { bulkOutcomeDoc, docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { pagingDocs } from '../../http/params';
import { sentFields, type Checked } from '../../http/routeInput';
import { bodyFromYup, partialBodyFromYup } from '../../http/yupDocs';
import { principalOf, type Principal } from '../../plugins/auth';
import { NFT } from '../paths';
import { certificateUrl } from '../certificates/url';
import { GUARANTEE_ACCESS } from './access';
import { TOTAL_CAP } from '../../db/listTotals';
import { listGuarantees, type NftQuery } from './service';
import { getGuarantee, getGuaranteeDetail, getGuaranteeRow, issueInputOf } from './rows';
import { catalogueByModelNumbers, prepareIssues, type Tenant } from './issue';
import { batchRows, insertIssues, updateGuarantee } from './write';
import { issueBulk } from './bulk';
import { applyTransition, type AdminOperation } from './transitions';
import { certificateHolders, customerExists, dashboard, readyToday, recordUse, useCount, usesOf } from './stats';
import { BULK_BODY_LIMIT } from '../../http/bodyLimits';
import {
  NFT_PAGES, bulkIssueSchema, cancelPendingSchema, catalogueLookupSchema, customerParams, dashboardQuery, guaranteeParams, holdersQuery,
  idempotencyBatchKey, idempotencyKeyInput, issueBody, issueBodySchema, nftIdxListSchema, nftPagingQuery, parseNftQuery, useBody, type UseInput,
} from './input';
import { claimIdempotencyKey } from '../../http/idempotency';
import { idxJson } from '../../../src/domain/integers';

const TAG = ['guarantees'];
const int = (description: string) => ({ type: 'integer', description });
const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

export const guaranteeDoc = obj('보증서', {
  idx: int('보증서 idx'), nftNumber: str('보증서 번호 (G + yymmdd + - + idx)'), nftType: str('GUARANTEE | MEMBERSHIP'),
  nftTemplateIdx: nullable('integer', '템플릿 idx'), nftCardName: nullable('string', '템플릿 카드 이름'),
  nftStatus: int('상태 코드 (1 대기, 2 대기 완료, 3 발급 완료, 4 연동 완료, 5 이전 중, 7 발급 예약, 9 발급 취소, 10 대기 취소, 11 임시 저장)'),
  nftStatusName: str('상태 이름'), requestRoute: str('user | product | excel | cafe24 | naver | api'),
  customerIdx: nullable('integer', '고객 idx'), ordererName: str('주문자명'), ordererTel: str('연락처 (국내 번호 숫자)'),
  ordererCountryCode: str('국가 번호 (기본 82)'), orderedAt: nullable('string', '주문일 YYYY-MM-DD'), refOrderId: nullable('string', '주문번호'),
  storeIdx: nullable('integer', '매장 idx'), storeName: nullable('string', '매장명'), brandIdx: nullable('integer', '브랜드 idx'),
  brandName: nullable('string', '브랜드명'), partnersProductIdx: nullable('integer', '상품 idx'), productName: str('상품명'),
  warrantyDate: nullable('string', '보증 기한 YYYY-MM-DD'), price: nullable('number', '가격'), paymentAmount: nullable('number', '결제 금액'),
  productCode: nullable('string', '상품 코드'), productImage: { type: ['object', 'null'], description: '이미지: 업로드는 {path,url}, 외부 URL은 {path:null,url}' },
  modelNumber: nullable('string', '모델 번호'), categoryCode: nullable('integer', '카테고리 1~7'), categoryName: nullable('string', '카테고리명'),
  material: nullable('string', '소재'), size: nullable('string', '사이즈'), weight: nullable('string', '무게'), customField: { type: ['object', 'null'], description: '사용자 정의 필드' },
  issueAt: nullable('string', '예약 발급 시각 ISO'), issuedAt: nullable('string', '발급 시각 ISO'), canceledAt: nullable('string', '취소 시각 ISO'),
  cancelReason: nullable('string', '취소 사유'), cancelDetail: nullable('string', '취소 상세'), createdAt: str('ISO'), updatedAt: str('ISO'),
});
const detailDoc = { ...guaranteeDoc, properties: { ...(guaranteeDoc.properties as object), certificateUrl: str('공개 보증서 URL'), usedCount: int('사용 기록 수') } };
const inputTexts = {
  nftTemplateIdx: '템플릿 (생략 시 대표 템플릿)', ordererName: '주문자명 (필수)', ordererCountryCode: '국가 번호 (기본 82)',
  ordererTel: '연락처 (필수, 050/070 불가)', orderedAt: '주문일 YYYY-MM-DD', refOrderId: '주문번호', storeIdx: '매장 (이 테넌트의 매장)',
  brandIdx: '브랜드: 멀티 브랜드(cooperator) 계정은 필수, 브랜드 계정은 생략 시 자기 브랜드', partnersProductIdx: '상품 (이 테넌트의 상품): 상품명, 모델 번호, 카테고리, 가격, 브랜드, 이미지를 채움',
  productName: '상품명 (상품을 고르지 않으면 필수)', warrantyDate: '보증 기한 YYYY-MM-DD', productCode: '상품 코드', modelNumber: '모델 번호',
  productImage: '업로드 path 또는 jpg/jpeg/png/webp URL', categoryCode: '1~7', material: '소재', size: '사이즈', weight: '무게',
  temporary: '임시 저장 (11)', reservationDays: '예약 발급: 배송일(deliveredAt, 없으면 주문일, 없으면 오늘) + n일 00:00 KST (7)', deliveredAt: '배송일 YYYY-MM-DD',
};
const issueDoc = bodyFromYup(issueBodySchema, '보증서 입력 (guaranteeSchema)', {
  ...inputTexts, requestRoute: 'product (기본, 즉시 발급 3) | excel (발급 대기 1)', nftStatus: 'request: 발급 대기(1)로 만들고 발급 알림톡을 보내지 않음 (A/S 접수의 발급 요청)',
});
const patchDoc = partialBodyFromYup(guaranteeSchema, '보증서 수정 (보낸 항목만, guaranteeSchema)', inputTexts);
const idxParam = obj('경로', { idx: int('보증서 idx') });
const idxListBody = bodyFromYup(nftIdxListSchema, '대상', { nftIdxList: `보증서 idx 목록 (1~${NFT_BULK_MAX_ROWS})` });
type NftIdx = Checked<typeof guaranteeParams>;
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  404: errorEnvelope('NOT_FOUND: 없는 보증서 또는 다른 테넌트의 보증서'),
  409: errorEnvelope('ILLEGAL_TRANSITION: 상태가 허용하지 않는 처리 (errors["nftIdxList.<idx>"]) 또는 CONFLICT'),
};
const listDoc = (description: string) => ok(description, obj('목록', {
  list: { type: 'array', items: guaranteeDoc }, total: int('전체 개수'), totalIsEstimate: { type: 'boolean', description: 'total이 추정치인지' },
}));

const tenantOf = (p: Principal): Tenant => ({ tenantIdx: p.tenantIdx, adminIdx: p.adminIdx, b2bType: p.b2bType });


const depsOf = (app: FastifyInstance) => ({ messaging: app.messaging, publicUrl: app.config.publicUrl });

export const guaranteeRoutes: FastifyPluginAsync = async (app) => {
  const base = NFT;
  const transition = async (request: { principal?: Principal }, idxList: number[], op: AdminOperation, reason?: { reason: string; detail: string | null }) =>
    applyTransition(app.db, depsOf(app), principalOf(request).tenantIdx, idxList, op, app.clock.now(), reason);

  app.get(base, {
    config: { access: GUARANTEE_ACCESS.read, input: { query: parseNftQuery } },
    schema: docs({
      tags: TAG, summary: '보증서 발급 내역',
      description: `삭제된 보증서는 보이지 않습니다. 검색어는 쉼표·줄바꿈으로 최대 10개 (부분 일치). nftStatus 3은 5(이전 중)를 포함합니다. total은 ${TOTAL_CAP.toLocaleString('en-US')}건까지 정확히 세고, 넘으면 추정치와 totalIsEstimate: true.`,
      querystring: obj('검색, 필터, 페이지, 정렬', {
        search: str(`${NFT_SEARCH_TYPES.join(' | ')} (기본 all)`), keyword: str('검색어 (쉼표/줄바꿈, 최대 10개)'),
        from: str('YYYY-MM-DD (Asia/Seoul, 포함)'), to: str('YYYY-MM-DD (Asia/Seoul, 포함)'), dateType: str('createdAt | issuedAt | orderedAt (기본 createdAt)'),
        ...pagingDocs(NFT_PAGES, ', 1000은 내보내기'),
        nftStatus: str('1, 2, 3, 4, 9 (쉼표로 여러 개)'), templateIdx: idxJson('템플릿'), storeIdx: idxJson('매장'),
        requestRoute: str(`${REQUEST_ROUTE_VALUES.join(' | ')} (쉼표로 여러 개)`), nftType: str('GUARANTEE (기본) | MEMBERSHIP'),
        sort: str('createdAt | issuedAt | ordererName 뒤에 ,ASC 또는 ,DESC (기본 createdAt,DESC)'),
      }),
      response: { 200: listDoc('목록'), 400: refusals[400] },
    }),
  }, async (request) => {
    return { data: await listGuarantees(app.db, principalOf(request).tenantIdx, request.query as NftQuery) };
  });

  app.post(base, {
    config: { audit: { replayStatus: 200, action: 'guarantee.issue' }, access: GUARANTEE_ACCESS.write, input: { headers: idempotencyKeyInput, body: issueBody } },
    schema: docs({
      tags: TAG, summary: '보증서 발급',
      description: 'temporary: true → 임시 저장(11); nftStatus request → 발급 대기(1), 알림톡 없음; reservationDays → 발급 예약(7); requestRoute excel → 발급 대기(1); 그 밖에는 즉시 발급(3)하고 알림톡을 보냅니다. 고객은 (국가 번호, 연락처)로 찾거나 만듭니다. 헤더 Idempotency-Key를 보내면 같은 키의 재요청은 다시 발급하지 않고 처음 결과를 200으로 돌려줍니다.',
      body: issueDoc,
      response: { 201: ok('발급됨', guaranteeDoc), 200: ok('같은 Idempotency-Key의 처음 결과', guaranteeDoc), 422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'), 400: refusals[400] },
    }),
  }, async (request, reply) => {
    const tenant = tenantOf(principalOf(request));
    const { requestRoute: route, nftStatus, ...body } = request.body as Checked<typeof issueBody>;
    const batchKey = idempotencyBatchKey(request.headers);
    if (batchKey) {
      await claimIdempotencyKey(app.db, { tenantIdx: tenant.tenantIdx, scope: 'nft.issue', key: batchKey }, request.body);
      const [done] = await batchRows(app.db, tenant.tenantIdx, batchKey);
      if (done) return reply.status(200).send({ data: await getGuarantee(app.db, tenant.tenantIdx, done.idx) });
    }
    const now = app.clock.now();
    const { values, errors } = await prepareIssues(app.db, tenant, [body], () => '', { nftType: 'GUARANTEE', requestRoute: route, matchModelNumber: false }, now);
    if (Object.keys(errors).length) throw validationFailed(errors);
    // An issue request (the A/S intake) waits as 1 and sends nothing: insertIssues messages only status 3.
    const rows = nftStatus === 'request' ? values.map((v) => ({ ...v, nftStatus: NFT_STATUS.ready, issueAt: null, issuedAt: null })) : values;
    const [inserted] = await insertIssues(app.db, depsOf(app), tenant, rows, now, batchKey);
    if (!inserted) {
      // A concurrent request with the same key won: answer its certificate.
      const [done] = await batchRows(app.db, tenant.tenantIdx, batchKey!);
      return reply.status(200).send({ data: await getGuarantee(app.db, tenant.tenantIdx, done.idx) });
    }
    return reply.status(201).send({ data: await getGuarantee(app.db, tenant.tenantIdx, inserted.idx) });
  });

  app.post(`${base}/bulk`, {
    bodyLimit: BULK_BODY_LIMIT,
    config: { audit: { replayStatus: 200, action: 'guarantee.bulkIssue', detail: rowsDetail }, access: GUARANTEE_ACCESS.write, input: { body: bulkIssueSchema } },
    schema: docs({
      tags: TAG, summary: '보증서 대량 발급 (엑셀)',
      description: `한 요청에 ${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}행까지. 올바른 행은 모두 발급 대기(1, requestRoute excel)로 만들고 (list), 잘못된 행은 그 행의 이유로 failed에 답합니다 (한 트랜잭션; 다른 행 때문에 실패하는 행은 없습니다). 모델 번호가 카탈로그 상품과 같으면 그 상품으로 연결하고, 상품명이 다르면 그 행의 productName 오류. 같은 batchKey를 다시 보내면 (동시에 보내도) 다시 만들지 않고 처음 결과(실패한 행 포함)를 200으로 돌려줍니다.`,
      body: bodyFromYup(bulkIssueSchema, '대량 발급', { batchKey: '요청마다 새로 만든 키 (재시도에는 같은 키), 100자까지', rows: `보증서 입력 (1~${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}행)` }),
      response: {
        201: ok('처리됨', bulkOutcomeDoc('발급 대기로 등록된 행', { idx: int('보증서 idx'), nftNumber: str('보증서 번호') })),
        200: ok('같은 batchKey의 처음 결과'), 400: errorEnvelope('VALIDATION_FAILED: batchKey 또는 rows 자체가 잘못됨'),
      },
    }),
  }, async (request, reply) => {
    const { created, outcome } = await issueBulk(app.db, depsOf(app), tenantOf(principalOf(request)), request.body as Checked<typeof bulkIssueSchema>, {
      nftType: 'GUARANTEE', requestRoute: 'excel', matchModelNumber: true, stateOf: (v) => ({ ...v, nftStatus: NFT_STATUS.ready, issueAt: null, issuedAt: null }),
    }, app.clock.now());
    return reply.status(created ? 201 : 200).send({ data: outcome });
  });

  app.post(`${base}/bulk/catalogue`, {
    config: { access: GUARANTEE_ACCESS.read, input: { body: catalogueLookupSchema } },
    schema: docs({
      tags: TAG, summary: '대량 발급 시트의 모델 번호로 카탈로그 상품 찾기',
      description: `대량 발급 미리보기가 행을 보내기 전에 대량 발급과 같은 규칙으로 확인하도록, 모델 번호마다 이 테넌트의 카탈로그 상품(상품 코드가 정확히 같은 것, 여럿이면 먼저 등록된 것)을 돌려줍니다. 없는 모델 번호는 목록에 없습니다. 읽기만 하지만 모델 번호 목록이 길어 POST로 받습니다. 한 요청에 ${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}개까지.`,
      body: bodyFromYup(catalogueLookupSchema, '찾을 모델 번호', { modelNumbers: `모델 번호 (1~${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}개)` }),
      response: {
        200: ok('찾은 상품', obj('결과', { list: { type: 'array', items: obj('상품', { modelNumber: str('모델 번호'), idx: int('상품 idx'), name: str('카탈로그 상품명') }) } })),
        400: errorEnvelope('VALIDATION_FAILED: errors.modelNumbers'),
      },
    }),
  }, async (request) => {
    const list = (request.body as Checked<typeof catalogueLookupSchema>).modelNumbers as string[];
    const modelNumbers = [...new Set(list.map((m) => m.trim()).filter((m) => m !== ''))];
    const found = await catalogueByModelNumbers(app.db, principalOf(request).tenantIdx, modelNumbers);
    return { data: { list: [...found.values()].map((p) => ({ modelNumber: p.code!, idx: p.idx, name: p.name })) } };
  });

  const BULK_AUDIT = { complete: 'guarantee.bulkComplete', cancel: 'guarantee.bulkCancel', delete: 'guarantee.bulkDelete' } as Record<AdminOperation, string>;
  const bulkOp = (path: string, method: 'PATCH' | 'DELETE', op: AdminOperation, summary: string, description: string) =>
    app.route({
      method, url: `${base}/${path}`,
      config: { audit: { action: BULK_AUDIT[op], detail: idsDetail('nftIdxList') }, access: GUARANTEE_ACCESS.write, input: { body: nftIdxListSchema } },
      schema: docs({ tags: TAG, summary, description, body: idxListBody, response: { 200: ok('처리됨', idxListBody), ...refusals } }),
      handler: async (request) => ({ data: { nftIdxList: await transition(request, (request.body as Checked<typeof nftIdxListSchema>).nftIdxList as number[], op) } }),
    });
  const allOrNothing = '모두 처리하거나 하나도 처리하지 않습니다: 이 테넌트의 보증서가 아닌 idx가 있으면 404, 상태가 허용하지 않는 보증서가 있으면 409 ILLEGAL_TRANSITION (errors["nftIdxList.<idx>"]).';
  bulkOp('complete/bulk', 'PATCH', 'complete', '보증서 일괄 발급 완료', `1, 2, 7, 11 → 3, 알림톡을 보냅니다. ${allOrNothing}`);
  bulkOp('cancel/bulk', 'PATCH', 'cancel', '보증서 일괄 발급 취소', `3, 4 → 9 (5 이전 중은 사유 제출로). ${allOrNothing}`);
  bulkOp('bulk', 'DELETE', 'delete', '보증서 일괄 삭제', `1, 2, 7 → 10 (대기 취소); 9, 10, 11 → 목록에서 삭제. ${allOrNothing}`);

  app.patch(`${base}/cancel/:idx`, {
    config: { audit: { action: 'guarantee.cancel', detail: () => ({ after: { nftStatus: 9 } }) }, access: GUARANTEE_ACCESS.write, input: { params: guaranteeParams } },
    schema: docs({ tags: TAG, summary: '보증서 발급 취소', description: '3, 4 → 9. 5(이전 중)는 409: 취소 사유 제출로 처리합니다.', params: idxParam, response: { 200: ok('취소됨', guaranteeDoc), ...refusals } }),
  }, async (request) => {
    const idx = (request.params as NftIdx).idx;
    await transition(request, [idx], 'cancel');
    return { data: await getGuarantee(app.db, principalOf(request).tenantIdx, idx) };
  });

  app.post(`${base}/pending/cancel-reason`, {
    config: { audit: { action: 'guarantee.cancelPending', detail: idsDetail('nftIdxList') }, access: GUARANTEE_ACCESS.write, input: { body: cancelPendingSchema } },
    schema: docs({
      tags: TAG, summary: '이전 중 보증서 취소 (사유 제출)', description: `모두 5(이전 중)여야 하며 9로 바뀝니다. reason ${CANCEL_REASON_MAX}자까지. ${allOrNothing}`,
      body: bodyFromYup(cancelPendingSchema, '사유', { nftIdxList: '취소할 보증서 idx', reason: '취소 사유 (필수)', detail: '상세' }),
      response: { 200: ok('취소됨', idxListBody), ...refusals },
    }),
  }, async (request) => {
    const input = request.body as Checked<typeof cancelPendingSchema>;
    const list = await transition(request, input.nftIdxList as number[], 'cancelPending', { reason: input.reason, detail: input.detail ?? null });
    return { data: { nftIdxList: list } };
  });

  app.post(`${base}/used`, {
    config: { access: GUARANTEE_ACCESS.write, input: { body: useBody } },
    schema: docs({
      tags: TAG, summary: '보증서 사용 기록 / 기간 사용 수',
      description: '{nftIdx, memo?}: 발급된 보증서(3, 4, 5)에 사용을 기록하고 기록을 돌려줍니다 (그 밖의 상태는 409). {from, to} (YYYY-MM-DD)만 보내면 그 기간의 사용 수 {count}를 돌려줍니다.',
      body: obj('사용', { nftIdx: idxJson('보증서 idx'), memo: str(`메모 (${NFT_USE_MEMO_MAX}자까지)`), from: str('YYYY-MM-DD'), to: str('YYYY-MM-DD') }),
      response: { 201: ok('기록됨'), 200: ok('{count}'), ...refusals },
    }),
  }, async (request, reply) => {
    const principal = principalOf(request);
    const use = request.body as UseInput;
    if (use.kind === 'count') return reply.status(200).send({ data: { count: await useCount(app.db, principal.tenantIdx, use.from, use.to) } });
    const { nftIdx, memo } = use;
    const row = await getGuaranteeRow(app.db, principal.tenantIdx, nftIdx);
    if (!row) throw notFound(GUARANTEE_MSG.notFound);
    if (!(NFT_ISSUED_STATUSES as readonly number[]).includes(row.nftStatus)) {
      throw new ApiError(409, 'ILLEGAL_TRANSITION', GUARANTEE_API_MSG.notIssued, { nftIdx: GUARANTEE_API_MSG.notIssued });
    }
    return reply.status(201).send({ data: await recordUse(app.db, principal.tenantIdx, nftIdx, memo, principal.adminIdx, app.clock.now()) });
  });

  app.get(`${base}/users`, {
    config: { access: GUARANTEE_ACCESS.read, input: { query: holdersQuery } },
    schema: docs({
      tags: TAG, summary: '보증서 보유 고객', description: '보증서가 있는 고객, 최근 발급순. keyword는 이름(부분 일치) 또는 연락처 숫자.',
      querystring: obj('조건', { keyword: str('이름 또는 연락처'), ...pagingDocs() }),
      response: { 200: ok('고객', obj('목록', { list: { type: 'array', items: obj('고객', { customerIdx: int('고객 idx'), name: str('이름'), countryCode: str('국가 번호'), phone: str('연락처'), nftCount: int('보증서 수') }) }, total: int('전체') })), 400: refusals[400] },
    }),
  }, async (request) => {
    return { data: await certificateHolders(app.db, principalOf(request).tenantIdx, 'GUARANTEE', request.query as Checked<typeof holdersQuery>) };
  });

  app.get(`${base}/user/:idx/nfts`, {
    config: { access: GUARANTEE_ACCESS.read, input: { params: customerParams, query: nftPagingQuery } },
    schema: docs({ tags: TAG, summary: '고객의 보증서', params: obj('경로', { idx: int('고객 idx') }), querystring: obj('페이지', pagingDocs(NFT_PAGES)), response: { 200: listDoc('보증서'), 404: errorEnvelope('NOT_FOUND: 없는 고객') } }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const customerIdx = (request.params as Checked<typeof customerParams>).idx;
    if (!(await customerExists(app.db, tenantIdx, customerIdx))) throw notFound(GUARANTEE_API_MSG.customerNotFound);
    const q = parseNftQuery(request.query);
    return { data: await listGuarantees(app.db, tenantIdx, { ...q, customerIdx }) };
  });

  app.get(`${base}/ready/today`, {
    config: { access: GUARANTEE_ACCESS.read },
    schema: docs({ tags: TAG, summary: '오늘·이번 달 발급 대기 수', description: '상태 1(발급 대기)로 오늘, 이번 달(Asia/Seoul) 만들어진 보증서 수.', response: { 200: ok('개수', obj('개수', { today: int('오늘'), monthly: int('이번 달') })) } }),
  }, async (request) => ({ data: await readyToday(app.db, principalOf(request).tenantIdx, 'GUARANTEE', app.clock.now()) }));

  app.get(`${base}/dashboard`, {
    config: { access: GUARANTEE_ACCESS.read, input: { query: dashboardQuery } },
    schema: docs({
      tags: TAG, summary: '보증서 대시보드',
      description: `dateType: ${Object.keys(NFT_DASHBOARD_PERIODS).join(' | ')} (기본 7d): 오늘까지 n일과 그 전 n일 비교. issuedGraph (발급 시각 기준 일별), issueStatusCount (기간에 만든 보증서의 현재 상태: 1, 3(4, 5 포함), 9), totalPrice (기간에 발급되어 발급 상태인 보증서의 가격 합), issuedFrom (기간에 만든 보증서의 발급 경로별 수). rate는 %, 이전 값이 0이면 null.`,
      querystring: obj('조건', { dateType: str('7d | 1m | 3m | 6m'), nftType: str('GUARANTEE (기본) | MEMBERSHIP') }),
      response: { 200: ok('대시보드'), 400: refusals[400] },
    }),
  }, async (request) => {
    const { period, nftType } = request.query as Checked<typeof dashboardQuery>;
    return { data: await dashboard(app.db, principalOf(request).tenantIdx, nftType, period, app.clock.now()) };
  });

  app.get(`${base}/:idx`, {
    config: { access: GUARANTEE_ACCESS.read, input: { params: guaranteeParams } },
    schema: docs({ tags: TAG, summary: '보증서 조회', params: idxParam, response: { 200: ok('보증서', detailDoc), 404: refusals[404] } }),
  }, async (request) => {
    const detail = await getGuaranteeDetail(app.db, principalOf(request).tenantIdx, (request.params as NftIdx).idx, app.config.publicUrl);
    if (!detail) throw notFound(GUARANTEE_MSG.notFound);
    return { data: detail };
  });

  app.patch(`${base}/:idx`, {
    // Each sent field by its rule here; the merged certificate (brand and product rules) by prepareIssues below.
    config: { audit: { action: 'guarantee.edit', detail: fieldsDetail }, access: GUARANTEE_ACCESS.write, input: { params: guaranteeParams, body: sentFields(guaranteeSchema) } },
    schema: docs({
      tags: TAG, summary: '보증서 수정',
      description: '보낸 필드만 바뀌고, 합친 결과를 발급과 같은 규칙으로 검사합니다. 상태·발급 시각·번호는 바뀌지 않습니다. 취소·삭제·이전 중(9, 10, 5)은 409 CONFLICT.',
      params: idxParam, body: patchDoc, response: { 200: ok('보증서', guaranteeDoc), ...refusals },
    }),
  }, async (request) => {
    const tenant = tenantOf(principalOf(request));
    const idx = (request.params as NftIdx).idx;
    const current = await getGuarantee(app.db, tenant.tenantIdx, idx);
    if (!current) throw notFound(GUARANTEE_MSG.notFound);
    if (!(NFT_EDITABLE_STATUSES as readonly number[]).includes(current.nftStatus)) throw new ApiError(409, 'CONFLICT', GUARANTEE_MSG.notEditable);
    const merged = { ...issueInputOf(current), ...(request.body as Record<string, unknown>) };
    const now = app.clock.now();
    const { values, errors } = await prepareIssues(app.db, tenant, [merged], () => '', {
      nftType: current.nftType, requestRoute: current.requestRoute === 'excel' ? 'excel' : 'product', matchModelNumber: false, keepStatus: true,
    }, now);
    if (Object.keys(errors).length) throw validationFailed(errors);
    await updateGuarantee(app.db, tenant.tenantIdx, idx, values[0], now);
    return { data: await getGuarantee(app.db, tenant.tenantIdx, idx) };
  });

  app.delete(`${base}/:idx`, {
    config: { audit: { action: 'guarantee.delete' }, access: GUARANTEE_ACCESS.write, input: { params: guaranteeParams } },
    schema: docs({ tags: TAG, summary: '보증서 삭제', description: '1, 2, 7 → 10 (대기 취소); 9, 10, 11 → 목록에서 삭제; 그 밖은 409 ILLEGAL_TRANSITION.', params: idxParam, response: { 200: ok('삭제됨', obj('삭제', { idx: int('보증서 idx') })), ...refusals } }),
  }, async (request) => {
    const idx = (request.params as NftIdx).idx;
    await transition(request, [idx], 'delete');
    return { data: { idx } };
  });

  app.get(`${base}/:idx/used`, {
    config: { access: GUARANTEE_ACCESS.read, input: { params: guaranteeParams } },
    schema: docs({ tags: TAG, summary: '보증서 사용 기록', params: idxParam, response: { 200: ok('기록', obj('목록', { list: { type: 'array', items: obj('사용', { idx: int('idx'), usedAt: str('ISO'), memo: nullable('string', '메모'), usedBy: nullable('integer', '기록한 관리자'), usedByName: nullable('string', '기록한 관리자의 이름(처리자)') }) }, total: int('전체') })), 404: refusals[404] } }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const idx = (request.params as NftIdx).idx;
    if (!(await getGuaranteeRow(app.db, tenantIdx, idx))) throw notFound(GUARANTEE_MSG.notFound);
    return { data: await usesOf(app.db, tenantIdx, idx) };
  });

  app.get(`${base}/:idx/qrs`, {
    config: { access: GUARANTEE_ACCESS.read, input: { params: guaranteeParams } },
    schema: docs({ tags: TAG, summary: '보증서 QR', description: '공개 보증서 URL과 그 QR 코드 SVG.', params: idxParam, response: { 200: ok('QR', obj('목록', { list: { type: 'array', items: obj('QR', { url: str('공개 보증서 URL'), svg: str('SVG') }) } })), 404: refusals[404] } }),
  }, async (request) => {
    const row = await getGuaranteeRow(app.db, principalOf(request).tenantIdx, (request.params as NftIdx).idx);
    if (!row) throw notFound(GUARANTEE_MSG.notFound);
    const url = certificateUrl(app.config.publicUrl, row.publicToken);
    return { data: { list: [{ url, svg: await QRCode.toString(url, { type: 'svg', margin: 1 }) }] } };
  });
};
