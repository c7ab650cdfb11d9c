import type { FastifyPluginAsync } from 'fastify';
import { AS_MEMO_MAX, AS_MEMO_RULE, AS_MSG, AS_REQUEST_MSG, AS_RULES, AS_TYPES, asMemoSchema } from '../../../src/domain/afterService';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { assertAccess, principalOf } from '../../plugins/auth';
import { addMemo, editMemo, listMemos, ownMemo, removeMemo } from './memos';
import { memoParams, requestParams } from './requestInput';
import { KIND_LABEL } from './requestRoutes';

const TAG = ['afterService'];
const int = (description: string) => ({ type: 'integer', description });

const memoDoc = obj('메모', {
  idx: int('메모 idx'), memo: str('내용'), authorName: { type: ['string', 'null'], description: '작성한 계정 이름' }, authorType: str('b2b | repairer | launderer'),
  createdAt: str('ISO'), updatedAt: str('ISO'), mine: { type: 'boolean', description: '호출한 계정이 쓴 메모 (수정·삭제 가능)' },
});
const memoBody = bodyFromYup(asMemoSchema, '메모', { memo: `내용 (${AS_MEMO_MAX.toLocaleString('ko-KR')}자까지)` });
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors.memo'),
  403: errorEnvelope('FORBIDDEN_ROLE | FEATURE_DISABLED | SUBSCRIPTION_REQUIRED | TRIAL_FINISHED'),
};

/**
 * Memos on a request (docs/api/afterService.md, "Memos"): GET and POST under the request's kind
 * (whoever may read the request), PATCH and DELETE by the memo's idx, by its author only (the
 * request's kind rule is checked once the memo is found).
 */
export const memoRoutes: FastifyPluginAsync = async (app) => {
  for (const type of AS_TYPES) {
    const read = AS_RULES.history(type);
    const path = `/v1/admin/memo/${type}/:idx`;
    const params = obj('경로', { idx: int('요청 idx') });
    const notFound = errorEnvelope(`NOT_FOUND: ${AS_MSG.notFound}`);

    app.get(path, {
      config: { access: read, input: { params: requestParams } },
      schema: docs({ tags: TAG, summary: `${KIND_LABEL[type]} 요청의 메모 목록`, description: '최신순. 브랜드 계정이 쓴 메모는 브랜드의 내부 메모라 브랜드에게만, 파트너가 쓴 메모는 파트너와 브랜드에게 보입니다.', params, response: { 200: ok('메모', { type: 'array', items: memoDoc }), 403: refusals[403], 404: notFound } }),
    }, async (request) => {
      const { idx } = request.params as Checked<typeof requestParams>;
      return { data: await listMemos(app.db, principalOf(request), type, idx) };
    });

    app.post(path, {
      config: { access: { ...read, write: true }, input: { params: requestParams, body: asMemoSchema } },
      schema: docs({ tags: TAG, summary: `${KIND_LABEL[type]} 요청에 메모 쓰기`, params, body: memoBody, response: { 201: ok('쓴 메모', memoDoc), ...refusals, 404: notFound } }),
    }, async (request, reply) => {
      const { idx } = request.params as Checked<typeof requestParams>;
      const { memo } = request.body as Checked<typeof asMemoSchema>;
      return reply.status(201).send({ data: await addMemo(app.db, principalOf(request), type, idx, memo, app.clock.now()) });
    });
  }

  const memoParamDoc = obj('경로', { idx: int('메모 idx') });
  const ownNotFound = errorEnvelope(`NOT_FOUND: ${AS_REQUEST_MSG.memoNotFound} (다른 계정이 쓴 메모도)`);

  app.patch('/v1/admin/memo/:idx', {
    config: { access: { ...AS_MEMO_RULE, write: true }, input: { params: memoParams, body: asMemoSchema } },
    schema: docs({ tags: TAG, summary: '메모 고치기 (쓴 계정만)', params: memoParamDoc, body: memoBody, response: { 200: ok('고친 메모', memoDoc), ...refusals, 404: ownNotFound } }),
  }, async (request) => {
    const principal = principalOf(request);
    const memo = await ownMemo(app.db, principal, (request.params as Checked<typeof memoParams>).idx);
    assertAccess(principal, AS_RULES.history(memo.targetType), app.clock.now());
    return { data: await editMemo(app.db, principal, memo, (request.body as Checked<typeof asMemoSchema>).memo, app.clock.now()) };
  });

  app.delete('/v1/admin/memo/:idx', {
    config: { access: { ...AS_MEMO_RULE, write: true }, input: { params: memoParams } },
    schema: docs({ tags: TAG, summary: '메모 지우기 (쓴 계정만)', params: memoParamDoc, response: { 200: ok('지움', obj('결과', { idx: int('지운 메모 idx') })), 403: refusals[403], 404: ownNotFound } }),
  }, async (request) => {
    const principal = principalOf(request);
    const memo = await ownMemo(app.db, principal, (request.params as Checked<typeof memoParams>).idx);
    assertAccess(principal, AS_RULES.history(memo.targetType), app.clock.now());
    await removeMemo(app.db, principal, memo);
    return { data: { idx: memo.idx } };
  });
};
