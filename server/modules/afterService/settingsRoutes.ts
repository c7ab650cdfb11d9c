import type { FastifyPluginAsync } from 'fastify';
import { AS_RULES, AS_TYPES, asInfoSchema, repairCategoriesSchema, type AsInfoInput, type RepairCategoriesInput } from '../../../src/domain/afterService';
import { docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { readCategories, readInfo, saveCategories, saveInfo } from './settings';

const TAG = ['afterService'];
const infoDoc = obj('A/S 설정', {
  contactPhone: str('A/S 연락처'), notice: str('안내 문구'), receiveZipCode: str('받는 곳 우편번호'), receiveAddress1: str('주소'), receiveAddress2: str('상세 주소'),
});
const categoryDoc = obj('카테고리 목록', {
  list: { type: 'array', items: obj('카테고리', { idx: { type: 'integer' }, name: str('이름'), options: { type: 'array', items: obj('옵션', { idx: { type: 'integer' }, name: str('이름') }) } }) },
});
const subAccount = { 403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN: 부계정') };

/** The brand's A/S settings (docs/api/afterService.md, Settings): main account only, except reading the categories the intake offers. */
export const asSettingsRoutes: FastifyPluginAsync = async (app) => {
  for (const type of AS_TYPES) {
    const url = `/v1/admin/${type}/info`;
    app.get(url, {
      config: { access: AS_RULES.setting(type) },
      schema: docs({ tags: TAG, summary: `A/S 설정 조회 (${type})`, description: '저장한 적이 없으면 빈 값.', response: { 200: ok('설정', infoDoc), ...subAccount } }),
    }, async (request) => ({ data: await readInfo(app.db, principalOf(request).tenantIdx, type) }));

    app.post(url, {
      config: { access: { ...AS_RULES.setting(type), write: true }, input: { body: asInfoSchema } },
      schema: docs({
        tags: TAG, summary: `A/S 설정 저장 (${type})`, description: '보낸 값으로 통째로 바꿉니다.',
        body: bodyFromYup(asInfoSchema, 'A/S 설정 (asInfoSchema)'), response: { 200: ok('저장됨', infoDoc), 400: errorEnvelope('VALIDATION_FAILED'), ...subAccount },
      }),
    }, async (request) => ({ data: await saveInfo(app.db, principalOf(request).tenantIdx, type, request.body as AsInfoInput, app.clock.now()) }));
  }

  app.get('/v1/admin/repair/category', {
    // The intake's category select reads it too, so every brand account with repair does.
    config: { access: AS_RULES.brand('repair') },
    schema: docs({ tags: TAG, summary: '수선 카테고리와 옵션', description: '저장한 순서대로. 부계정도 읽습니다 (A/S 접수의 카테고리 선택).', response: { 200: ok('목록', categoryDoc) } }),
  }, async (request) => ({ data: { list: await readCategories(app.db, principalOf(request).tenantIdx) } }));

  app.post('/v1/admin/repair/category', {
    config: { access: { ...AS_RULES.setting('repair'), write: true }, input: { body: repairCategoriesSchema } },
    schema: docs({
      tags: TAG, summary: '수선 카테고리 저장 (목록 전체)',
      description: '목록 전체를 한 번에 바꿉니다: idx가 있는 행은 그 행을 유지하고 (요청의 옵션 idx가 그대로), idx가 없는 행은 새로 만들고, 보내지 않은 행은 지웁니다. 이 테넌트의 것이 아닌 idx는 400 (list[i].idx).',
      body: bodyFromYup(repairCategoriesSchema, '카테고리 목록'), response: { 200: ok('저장된 목록', categoryDoc), 400: errorEnvelope('VALIDATION_FAILED'), ...subAccount },
    }),
  }, async (request) => ({ data: { list: await saveCategories(app.db, principalOf(request).tenantIdx, request.body as RepairCategoriesInput) } }));
};
