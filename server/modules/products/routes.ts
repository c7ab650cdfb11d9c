import type { FastifyPluginAsync } from 'fastify';
import { FIELD_MSG } from '../../../src/domain/messages';
import { isYmd, seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { DEFAULT_PAGE_SIZE, LIST_MSG, PAGE_SIZES, splitSearchTerms } from '../../../src/domain/listQuery';
import {
  PRODUCT_BULK_MAX_ROWS, PRODUCT_CATEGORY_CODES, PRODUCT_EXPORT_PAGE_SIZE, PRODUCT_MSG, PRODUCT_SEARCH_TYPES, PRODUCT_SORT_FIELDS,
  type ProductSearchType,
} from '../../../src/domain/product';
import type { FieldErrors } from '../../../src/domain/errors';
import { notFound, validationFailed } from '../../http/errors';
import { docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { principalOf, type Principal } from '../../plugins/auth';
import { PRODUCTS } from '../paths';
import { PRODUCT_ACCESS } from './access';
import { GUARANTEE_ACCESS } from '../guarantees/access';
import { listGuarantees } from '../guarantees/service';
import { guaranteeDoc, parseNftQuery } from '../guarantees/routes';
import {
  TOTAL_CAP, batchResult, createBatch, createProduct, deleteProduct, deleteProducts, getProduct, listProducts, removeImage,
  updateProduct, validateProducts, type Product, type ProductQuery, type Tenant,
} from './service';

const TAG = ['products'];
const int = (description: string) => ({ type: 'integer', description });
const num = (description: string) => ({ type: 'number', description });
const nullableStr = (description: string) => ({ type: ['string', 'null'], description });

const productDoc = obj('상품', {
  idx: int('상품 idx'), brandIdx: int('브랜드 idx'), brandName: str('브랜드명'), name: str('상품명'), code: nullableStr('상품 코드 (모델 번호)'),
  barcode: nullableStr('바코드'), modelNum: nullableStr('모델명'), price: { type: ['number', 'null'], description: '가격 (원)' },
  paymentAmount: { type: ['number', 'null'], description: '결제 금액 (원)' }, warranty: nullableStr('보증 내용 (2,000자까지)'),
  categoryCode: { type: ['integer', 'null'], description: '1 가방, 2 지갑, 3 시계, 4 의류, 5 신발, 6 액세서리, 7 잡화' },
  categoryName: nullableStr('카테고리명'), material: nullableStr('소재'), size: nullableStr('사이즈'), weight: nullableStr('무게'),
  productImage: { type: ['object', 'null'], description: '상품 이미지', properties: { path: str('저장 경로'), url: str('표시 URL') } },
  createdAt: str('ISO'), updatedAt: str('ISO'),
});
const productInputDoc = obj('상품 입력 (productSchema)', {
  name: str('상품명 (필수, 100자까지)'), brandIdx: int('브랜드 idx: 멀티 브랜드(cooperator) 계정은 필수, 브랜드 계정은 생략 시 자기 브랜드'),
  code: str('상품 코드'), barcode: str('바코드'), modelNum: str('모델명'), price: num('가격: 0~100,000,000 (숫자 또는 "1,234,000")'),
  paymentAmount: num('결제 금액'), warranty: str('보증 내용 (2,000자까지)'), categoryCode: int('1~7'),
  material: str('소재'), size: str('사이즈'), weight: str('무게'), productImage: str('업로드한 이미지의 path (이 테넌트의 업로드만)'),
});
const idxParam = obj('경로', { idx: int('상품 idx') });
const refusals = { 400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'), 404: errorEnvelope('NOT_FOUND: 없는 상품 또는 다른 테넌트의 상품') };

/** A path idx that is not a positive integer cannot name a product: answer as not found. */
function parseIdx(raw: unknown): number {
  const idx = Number(raw);
  if (!Number.isSafeInteger(idx) || idx <= 0) throw notFound(PRODUCT_MSG.notFound);
  return idx;
}

const tenantOf = (p: Principal): Tenant => ({ tenantIdx: p.tenantIdx, adminIdx: p.adminIdx, b2bType: p.b2bType });

const ALLOWED_PAGE_SIZES: number[] = [...PAGE_SIZES, PRODUCT_EXPORT_PAGE_SIZE];

/** The list query, checked: bad paging, search or filters answer 400 naming the parameter. */
export function parseProductQuery(query: Record<string, string | undefined>): ProductQuery {
  const errors: FieldErrors = {};
  const page = query.page === undefined || query.page === '' ? 1 : Number(query.page);
  if (!Number.isSafeInteger(page) || page < 1) errors.page = FIELD_MSG.pageInvalid;
  const pageSize = query.pageSize === undefined || query.pageSize === '' ? DEFAULT_PAGE_SIZE : Number(query.pageSize);
  if (!ALLOWED_PAGE_SIZES.includes(pageSize)) errors.pageSize = FIELD_MSG.pageSizeInvalid;
  const searchType = (query.searchType || 'all') as ProductSearchType;
  if (!PRODUCT_SEARCH_TYPES.includes(searchType)) errors.searchType = FIELD_MSG.searchTypeInvalid;
  const terms = splitSearchTerms(query.searchText);
  if (terms === null) errors.searchText = LIST_MSG.tooManyTerms;
  let brandIdx: number | undefined;
  if (query.brandIdx) {
    brandIdx = Number(query.brandIdx);
    if (!Number.isSafeInteger(brandIdx) || brandIdx <= 0) errors.brandIdx = FIELD_MSG.brandInvalid;
  }
  const categoryCodes = query.categoryCode ? query.categoryCode.split(',').map((c) => Number(c.trim())) : [];
  if (categoryCodes.some((c) => !(PRODUCT_CATEGORY_CODES as number[]).includes(c))) errors.categoryCode = FIELD_MSG.categoryListInvalid;
  if (query.startDate && !isYmd(query.startDate)) errors.startDate = FIELD_MSG.dateFormat;
  if (query.endDate && !isYmd(query.endDate)) errors.endDate = FIELD_MSG.dateFormat;
  if (Object.keys(errors).length) throw validationFailed(errors);

  const [field, dir] = String(query.sort ?? '').split(',');
  const sort = (PRODUCT_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as ProductQuery['sort']['field'], desc: dir?.toUpperCase() !== 'ASC' }
    : { field: 'createdAt' as const, desc: true };
  return {
    page, pageSize, searchType, terms: terms ?? [], brandIdx, categoryCodes, sort,
    from: query.startDate ? seoulDayStart(query.startDate) : undefined,
    to: query.endDate ? seoulDayEnd(query.endDate) : undefined,
  };
}

/** The product as a form input, so a PATCH can send only what changes. */
function inputOf(p: Product): Record<string, unknown> {
  return {
    name: p.name, brandIdx: p.brandIdx, code: p.code, barcode: p.barcode, modelNum: p.modelNum, price: p.price,
    paymentAmount: p.paymentAmount, warranty: p.warranty, categoryCode: p.categoryCode, material: p.material,
    size: p.size, weight: p.weight, productImage: p.productImage?.path ?? null,
  };
}

export const productRoutes: FastifyPluginAsync = async (app) => {
  const base = PRODUCTS;

  app.get(base, {
    config: { access: PRODUCT_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '상품 목록',
      description: `검색어는 쉼표·줄바꿈으로 최대 10개, 하나라도 포함하면 일치합니다 (부분 일치, 대소문자 무시). total은 ${TOTAL_CAP.toLocaleString('en-US')}건까지 정확히 세고, 넘으면 추정치와 totalIsEstimate: true를 줍니다.`,
      querystring: obj('페이지, 검색, 필터, 정렬', {
        page: int('1부터'), pageSize: int('10 | 25 | 50 | 100 | 250 | 500 (기본 25), 엑셀 내보내기는 1000'),
        searchType: str('all | name | code | barcode (기본 all)'), searchText: str('검색어, 쉼표로 구분 (최대 10개)'),
        brandIdx: int('브랜드'), categoryCode: str('카테고리 코드, 쉼표로 구분 (예: 1,3)'),
        startDate: str('등록일 시작 YYYY-MM-DD (Asia/Seoul, 포함)'), endDate: str('등록일 끝 YYYY-MM-DD (Asia/Seoul, 포함)'),
        sort: str('createdAt | name | price 뒤에 ,ASC 또는 ,DESC (기본 createdAt,DESC)'),
      }),
      response: {
        200: ok('목록', obj('목록', { list: { type: 'array', items: productDoc }, total: int('전체 개수'), totalIsEstimate: { type: 'boolean', description: 'total이 추정치인지' } })),
        400: errorEnvelope('VALIDATION_FAILED: errors.pageSize, errors.searchText (검색어 10개 초과), errors.categoryCode, errors.startDate ...'),
      },
    }),
  }, async (request) => {
    const q = parseProductQuery(request.query as Record<string, string | undefined>);
    return { data: await listProducts(app.db, principalOf(request).tenantIdx, q) };
  });

  app.post(base, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({ tags: TAG, summary: '상품 등록', body: productInputDoc, response: { 201: ok('등록됨', productDoc), 400: refusals[400] } }),
  }, async (request, reply) => {
    const tenant = tenantOf(principalOf(request));
    const { values, errors } = await validateProducts(app.db, tenant, [request.body], () => '');
    if (Object.keys(errors).length) throw validationFailed(errors);
    return reply.status(201).send({ data: await createProduct(app.db, tenant, values[0], app.clock.now()) });
  });

  app.post(`${base}/bulk`, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '상품 일괄 등록',
      description: `한 요청에 ${PRODUCT_BULK_MAX_ROWS.toLocaleString('en-US')}행까지. 모두 등록하거나 하나도 등록하지 않습니다: 잘못된 행이 있으면 400, errors는 rows.<i>.<field>. 같은 batchKey를 다시 보내면 (동시에 보내도) 다시 등록하지 않고 처음 결과를 200으로 돌려줍니다.`,
      body: obj('일괄 등록', { batchKey: str('요청마다 새로 만든 키 (재시도에는 같은 키), 100자까지'), rows: { type: 'array', items: productInputDoc } }),
      response: {
        201: ok('등록됨', obj('결과', { list: { type: 'array', items: obj('행', { row: int('rows의 index'), idx: int('상품 idx') }) } })),
        200: ok('같은 batchKey의 처음 결과'),
        400: errorEnvelope('VALIDATION_FAILED: errors["rows.3.name"] 처럼 행과 필드를 가리킴'),
      },
    }),
  }, async (request, reply) => {
    const tenant = tenantOf(principalOf(request));
    const body = (request.body ?? {}) as { batchKey?: unknown; rows?: unknown };
    const errors: FieldErrors = {};
    const batchKey = typeof body.batchKey === 'string' ? body.batchKey.trim() : '';
    if (!batchKey || batchKey.length > 100) errors.batchKey = FIELD_MSG.batchKeyRequired;
    if (!Array.isArray(body.rows) || body.rows.length === 0) errors.rows = FIELD_MSG.bulkRowsRequired;
    else if (body.rows.length > PRODUCT_BULK_MAX_ROWS) errors.rows = FIELD_MSG.bulkRowsMax;
    if (Object.keys(errors).length) throw validationFailed(errors);

    const done = await batchResult(app.db, tenant.tenantIdx, batchKey);
    if (done) return reply.status(200).send({ data: done });
    const { values, errors: rowErrors } = await validateProducts(app.db, tenant, body.rows as unknown[], (i) => `rows.${i}.`);
    if (Object.keys(rowErrors).length) throw validationFailed(rowErrors);
    const { created, result } = await createBatch(app.db, tenant, batchKey, values, app.clock.now());
    return reply.status(created ? 201 : 200).send({ data: result });
  });

  app.delete(`${base}/bulk`, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '상품 일괄 삭제', description: '모두 삭제하거나 하나도 삭제하지 않습니다: 이 테넌트의 상품이 아닌 idx가 하나라도 있으면 404.',
      body: obj('삭제할 상품', { productIdxList: { type: 'array', items: { type: 'integer' }, description: '상품 idx 목록 (1,000개까지)' } }),
      response: { 200: ok('삭제됨', obj('삭제', { productIdxList: { type: 'array', items: { type: 'integer' } } })), ...refusals },
    }),
  }, async (request) => {
    const list = (request.body as { productIdxList?: unknown } | undefined)?.productIdxList;
    const valid = Array.isArray(list) && list.length > 0 && list.length <= PRODUCT_BULK_MAX_ROWS
      && list.every((i) => Number.isSafeInteger(i) && (i as number) > 0);
    if (!valid) throw validationFailed({ productIdxList: FIELD_MSG.productIdxListRequired });
    const idxList = [...new Set(list as number[])];
    if (!(await deleteProducts(app.db, principalOf(request).tenantIdx, idxList))) throw notFound(PRODUCT_MSG.notFound);
    return { data: { productIdxList: idxList } };
  });

  app.get(`${base}/:idx`, {
    config: { access: PRODUCT_ACCESS.read },
    schema: docs({ tags: TAG, summary: '상품 조회', params: idxParam, response: { 200: ok('상품', productDoc), 404: refusals[404] } }),
  }, async (request) => {
    const product = await getProduct(app.db, principalOf(request).tenantIdx, parseIdx((request.params as { idx: string }).idx));
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    return { data: product };
  });

  app.patch(`${base}/:idx`, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '상품 수정', description: '보낸 필드만 바뀌고, 합친 결과를 등록과 같은 규칙으로 검사합니다.',
      params: idxParam, body: productInputDoc, response: { 200: ok('상품', productDoc), ...refusals },
    }),
  }, async (request) => {
    const tenant = tenantOf(principalOf(request));
    const idx = parseIdx((request.params as { idx: string }).idx);
    const current = await getProduct(app.db, tenant.tenantIdx, idx);
    if (!current) throw notFound(PRODUCT_MSG.notFound);
    const merged = { ...inputOf(current), ...((request.body ?? {}) as Record<string, unknown>) };
    const { values, errors } = await validateProducts(app.db, tenant, [merged], () => '', { keepImage: current.productImage?.path ?? null });
    if (Object.keys(errors).length) throw validationFailed(errors);
    const product = await updateProduct(app.db, tenant.tenantIdx, idx, values[0], app.clock.now());
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    return { data: product };
  });

  app.delete(`${base}/:idx`, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({ tags: TAG, summary: '상품 삭제', params: idxParam, response: { 200: ok('삭제됨', obj('삭제', { idx: int('상품 idx') })), 404: refusals[404] } }),
  }, async (request) => {
    const idx = parseIdx((request.params as { idx: string }).idx);
    if (!(await deleteProduct(app.db, principalOf(request).tenantIdx, idx))) throw notFound(PRODUCT_MSG.notFound);
    return { data: { idx } };
  });

  app.get(`${base}/:idx/nft`, {
    config: { access: GUARANTEE_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '상품의 보증서', description: '이 상품으로 발급한 보증서 (삭제된 것 제외), 최신순. 쿼리는 보증서 발급 내역과 같습니다.',
      params: idxParam, querystring: obj('페이지', { page: int('1부터'), pageSize: int('10 | 25 | 50 | 100 | 250 | 500') }),
      response: { 200: ok('보증서', obj('목록', { list: { type: 'array', items: guaranteeDoc }, total: int('전체 개수') })), 404: refusals[404] },
    }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const idx = parseIdx((request.params as { idx: string }).idx);
    if (!(await getProduct(app.db, tenantIdx, idx))) throw notFound(PRODUCT_MSG.notFound);
    const q = parseNftQuery(request.query as Record<string, string | undefined>);
    return { data: await listGuarantees(app.db, tenantIdx, { ...q, partnersProductIdx: idx }) };
  });

  app.delete(`${base}/:idx/image`, {
    config: { access: PRODUCT_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '상품 이미지 삭제', description: '상품에서 이미지를 뗍니다 (파일은 다른 기록이 쓰고 있을 수 있어 남겨 둡니다).',
      params: idxParam, response: { 200: ok('상품', productDoc), 404: refusals[404] },
    }),
  }, async (request) => {
    const idx = parseIdx((request.params as { idx: string }).idx);
    const product = await removeImage(app.db, principalOf(request).tenantIdx, idx, app.clock.now());
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    return { data: product };
  });
};
