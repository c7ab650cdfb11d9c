import type { FastifyPluginAsync } from 'fastify';
import { FIELD_MSG } from '../../../src/domain/messages';
import { PRODUCT_BULK_MAX_ROWS, PRODUCT_MSG } from '../../../src/domain/product';
import { bodyJsonSchemaOf, recordJsonSchemaOf } from '../../../src/domain/resource';
import { productResource } from '../../../src/domain/resources/product';
import type { FieldErrors } from '../../../src/domain/errors';
import { notFound, validationFailed } from '../../http/errors';
import { bulkOutcomeDoc, docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { idxParams, pagingDocs } from '../../http/params';
import { principalOf } from '../../plugins/auth';
import { GUARANTEE_ACCESS } from '../guarantees/access';
import { listGuarantees } from '../guarantees/service';
import { NFT_PAGES, parseNftQuery } from '../guarantees/input';
import { guaranteeDoc } from '../guarantees/routes';
import type { NftQuery } from '../guarantees/service';
import { tenantOf } from './handlers';
import { rowFailures } from '../../../src/domain/bulkOutcome';
import { batchResult, createBatch, getProduct, removeImage, validateProducts } from './service';
import { BULK_BODY_LIMIT } from '../../http/bodyLimits';

const TAG = [productResource.name];
const { access, apiPath: base } = productResource;
const int = (description: string) => ({ type: 'integer', description });
const idxParam = obj('경로', { idx: int('상품 idx') });
const notFoundDoc = errorEnvelope(`NOT_FOUND: ${PRODUCT_MSG.notFound}`);
const productParams = idxParams(PRODUCT_MSG.notFound);

interface BulkBody { batchKey: string; rows: unknown[] }

/** The bulk request's envelope: a batch key and 1..PRODUCT_BULK_MAX_ROWS rows (each row is checked with the database). */
function bulkBody(raw: unknown): BulkBody {
  const body = (raw ?? {}) as { batchKey?: unknown; rows?: unknown };
  const errors: FieldErrors = {};
  const batchKey = typeof body.batchKey === 'string' ? body.batchKey.trim() : '';
  if (!batchKey || batchKey.length > 100) errors.batchKey = FIELD_MSG.batchKeyRequired;
  if (!Array.isArray(body.rows) || body.rows.length === 0) errors.rows = FIELD_MSG.bulkRowsRequired;
  else if (body.rows.length > PRODUCT_BULK_MAX_ROWS) errors.rows = FIELD_MSG.bulkRowsMax;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { batchKey, rows: body.rows as unknown[] };
}

/**
 * The product routes beside the generic ones (server/modules/resources.ts serves list, get, create,
 * update and delete from the definition): the spreadsheet's bulk create, the product's
 * certificates and the image removal. Their schemas come from the definition too.
 */
export const productRoutes: FastifyPluginAsync = async (app) => {
  app.post(`${base}/bulk`, {
    bodyLimit: BULK_BODY_LIMIT,
    config: { access: access.write, input: { body: bulkBody } },
    schema: docs({
      tags: TAG, summary: '상품 일괄 등록',
      description: `한 요청에 ${PRODUCT_BULK_MAX_ROWS.toLocaleString('en-US')}행까지. 올바른 행은 모두 등록하고 (list), 잘못된 행은 그 행의 이유로 failed에 답합니다 (한 트랜잭션; 다른 행 때문에 실패하는 행은 없습니다). 같은 batchKey를 다시 보내면 (동시에 보내도) 다시 등록하지 않고 처음 결과(실패한 행 포함)를 200으로 돌려줍니다.`,
      body: obj('일괄 등록', { batchKey: str('요청마다 새로 만든 키 (재시도에는 같은 키), 100자까지'), rows: { type: 'array', items: bodyJsonSchemaOf(productResource) } }),
      response: {
        201: ok('처리됨', bulkOutcomeDoc('등록된 행', { idx: int('상품 idx') })),
        200: ok('같은 batchKey의 처음 결과'),
        400: errorEnvelope('VALIDATION_FAILED: batchKey 또는 rows 자체가 잘못됨'),
      },
    }),
  }, async (request, reply) => {
    const tenant = tenantOf(principalOf(request));
    const { batchKey, rows } = request.body as BulkBody;
    const done = await batchResult(app.db, tenant.tenantIdx, batchKey);
    if (done) return reply.status(200).send({ data: done });
    const { values, rows: passed, errors } = await validateProducts(app.db, tenant, rows, (i) => `rows.${i}.`);
    const { created, result } = await createBatch(app.db, tenant, batchKey, { values, rows: passed, failed: rowFailures(errors) }, app.clock.now());
    return reply.status(created ? 201 : 200).send({ data: result });
  });

  app.get(`${base}/:idx/nft`, {
    config: { access: GUARANTEE_ACCESS.read, input: { params: productParams, query: parseNftQuery } },
    schema: docs({
      tags: TAG, summary: '상품의 보증서', description: '이 상품으로 발급한 보증서 (삭제된 것 제외), 최신순. 쿼리는 보증서 발급 내역과 같습니다.',
      params: idxParam, querystring: obj('페이지', pagingDocs(NFT_PAGES)),
      response: { 200: ok('보증서', obj('목록', { list: { type: 'array', items: guaranteeDoc }, total: int('전체 개수') })), 404: notFoundDoc },
    }),
  }, async (request) => {
    const tenantIdx = principalOf(request).tenantIdx;
    const { idx } = request.params as { idx: number };
    if (!(await getProduct(app.db, tenantIdx, idx))) throw notFound(PRODUCT_MSG.notFound);
    return { data: await listGuarantees(app.db, tenantIdx, { ...(request.query as NftQuery), partnersProductIdx: idx }) };
  });

  app.delete(`${base}/:idx/image`, {
    config: { access: access.write, input: { params: productParams } },
    schema: docs({
      tags: TAG, summary: '상품 이미지 삭제', description: '상품에서 이미지를 뗍니다 (파일은 다른 기록이 쓰고 있을 수 있어 남겨 둡니다).',
      params: idxParam, response: { 200: ok('상품', recordJsonSchemaOf(productResource)), 404: notFoundDoc },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const product = await removeImage(app.db, principalOf(request).tenantIdx, idx, app.clock.now());
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    return { data: product };
  });
};
