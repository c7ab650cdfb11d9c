import type { FastifyPluginAsync } from 'fastify';
import { storeSchema } from '../../../src/domain/product';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../src/domain/listQuery';
import { FIELD_MSG } from '../../../src/domain/messages';
import { notFound, validationFailed } from '../../http/errors';
import { validateWith } from '../../http/validate';
import { docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { STORES } from '../paths';
import { STORE_ACCESS } from './access';
import { createStore, deleteStore, listAllStores, listStores, updateStore } from './service';

const TAG = ['stores and brands'];
const int = (description: string) => ({ type: 'integer', description });
const storeDoc = obj('매장', { idx: int('매장 idx'), name: str('매장명'), tag: { type: ['string', 'null'], description: '태그' }, pinned: str('Y | N (상단 고정)'), createdAt: str('ISO') });
const storeBody = bodyFromYup(storeSchema, '매장 입력', { name: '매장명 (필수, 100자까지)', tag: '태그 (100자까지)', pinned: 'Y | N (기본 N)' });

function parseIdx(raw: unknown): number {
  const idx = Number(raw);
  if (!Number.isSafeInteger(idx) || idx <= 0) throw notFound();
  return idx;
}

const valuesOf = (form: { name: string; tag?: string | null; pinned: 'Y' | 'N' }) => ({ name: form.name, tag: form.tag?.trim() ? form.tag.trim() : null, pinned: form.pinned });

export const storeRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${STORES}/list`, {
    config: { access: STORE_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '매장 전체 목록 (선택 상자용)', description: '고정 매장이 먼저, 그다음 이름순.',
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: obj('매장', { idx: int('idx'), name: str('매장명'), tag: str('태그'), pinned: str('Y | N') }) } })) },
    }),
  }, async (request) => ({ data: { list: await listAllStores(app.db, principalOf(request).tenantIdx) } }));

  app.get(STORES, {
    config: { access: STORE_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '매장 목록 (페이지)',
      querystring: obj('페이지', { page: int('1부터'), pageSize: int('10 | 25 | 50 | 100 | 250 | 500 (기본 25)'), searchText: str('매장명 부분 일치') }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: storeDoc }, total: int('전체 개수') })), 400: errorEnvelope('VALIDATION_FAILED: errors.pageSize') },
    }),
  }, async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const page = Math.max(1, Math.trunc(Number(q.page)) || 1);
    // A page beyond any safe offset (1e309 is Infinity) is a mistake, not a page to clamp.
    if (!Number.isSafeInteger(page)) throw validationFailed({ page: FIELD_MSG.pageInvalid });
    const pageSize = q.pageSize ? Number(q.pageSize) : DEFAULT_PAGE_SIZE;
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw validationFailed({ pageSize: FIELD_MSG.pageSizeInvalid });
    return { data: await listStores(app.db, principalOf(request).tenantIdx, page, pageSize, q.searchText?.trim() || null) };
  });

  app.post(STORES, {
    config: { access: STORE_ACCESS.write },
    schema: docs({ tags: TAG, summary: '매장 추가', body: storeBody, response: { 201: ok('추가됨', storeDoc), 400: errorEnvelope('VALIDATION_FAILED') } }),
  }, async (request, reply) => {
    const form = await validateWith(storeSchema, request.body);
    return reply.status(201).send({ data: await createStore(app.db, principalOf(request).tenantIdx, valuesOf(form), app.clock.now()) });
  });

  app.patch(STORES, {
    config: { access: STORE_ACCESS.write },
    schema: docs({
      tags: TAG, summary: '매장 수정', description: '수정할 매장의 idx는 본문에 (spec 경로 그대로).',
      body: obj('매장 수정', { idx: int('매장 idx'), name: str('매장명'), tag: str('태그'), pinned: str('Y | N') }),
      response: { 200: ok('매장', storeDoc), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope('NOT_FOUND') },
    }),
  }, async (request) => {
    const idx = Number((request.body as { idx?: unknown } | undefined)?.idx);
    if (!Number.isSafeInteger(idx) || idx <= 0) throw notFound();
    const form = await validateWith(storeSchema, request.body);
    const store = await updateStore(app.db, principalOf(request).tenantIdx, idx, valuesOf(form));
    if (!store) throw notFound();
    return { data: store };
  });

  app.delete(`${STORES}/:idx`, {
    config: { access: STORE_ACCESS.write },
    schema: docs({ tags: TAG, summary: '매장 삭제', params: obj('경로', { idx: int('매장 idx') }), response: { 200: ok('삭제됨', obj('삭제', { idx: int('idx') })), 404: errorEnvelope('NOT_FOUND') } }),
  }, async (request) => {
    const idx = parseIdx((request.params as { idx: string }).idx);
    if (!(await deleteStore(app.db, principalOf(request).tenantIdx, idx))) throw notFound();
    return { data: { idx } };
  });
};
