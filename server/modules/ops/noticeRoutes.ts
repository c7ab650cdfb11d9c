import type { FastifyPluginAsync } from 'fastify';
import { OPS_ACCESS } from '../../../src/domain/operators';
import { NOTICE_READ_LIMIT, noticeSchema } from '../../../src/domain/notice';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { valuesDetail } from '../../audit/audit';
import { createNotice, listNotices } from '../notices/service';

const TAG = ['ops: operator console'];
const refusals = { 401: errorEnvelope('UNAUTHORIZED'), 403: errorEnvelope('FORBIDDEN_ROLE') };
const noticeDoc = obj('공지', { no: { type: 'integer' }, title: str('제목'), date: str('게시일 (YYYY-MM-DD)'), link: { type: 'string', nullable: true, description: '링크' } });

/**
 * The platform's notices as operators write them (issue 27 item 3, docs/api/ops.md): every brand reads
 * them on home (POST /v1/common/notion). Support and admin operators both write them, the one write
 * support has; each write is in the audit log. Registered inside opsRoutes, so its routes carry the
 * operator's security in the document.
 */
export const opsNoticeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/notices', {
    config: { operatorAccess: OPS_ACCESS.read, audit: { action: 'ops.notices.read' } },
    schema: docs({ tags: TAG, summary: '공지 목록 (최근 순)', response: { 200: ok('공지', obj('목록', { list: { type: 'array', items: noticeDoc } })), ...refusals } }),
  }, async () => ({ data: { list: await listNotices(app.db, NOTICE_READ_LIMIT) } }));

  app.post('/v1/notices', {
    config: { operatorAccess: OPS_ACCESS.notices, input: { body: noticeSchema }, audit: { action: 'ops.notice.create', detail: valuesDetail } },
    schema: docs({
      tags: TAG, summary: '공지 작성',
      body: bodyFromYup(noticeSchema, '공지', { title: '제목', link: '링크 (http:// 또는 https://, 없으면 비움)', date: '게시일 (YYYY-MM-DD)' }),
      response: { 201: ok('작성됨', noticeDoc), 400: errorEnvelope('VALIDATION_FAILED'), ...refusals },
    }),
  }, async (request, reply) => {
    const notice = await createNotice(app.db, request.body, { operatorIdx: request.operator!.operatorIdx }, app.clock.now());
    return reply.status(201).send({ data: notice });
  });
};
