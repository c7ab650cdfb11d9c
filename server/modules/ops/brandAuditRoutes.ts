import type { FastifyPluginAsync } from 'fastify';
import type { AccessRule } from '../../../src/domain/access';
import { auditQuerySchema, type AuditQuery } from '../../../src/domain/audit';
import { principalOf } from '../../plugins/auth';
import { docs, errorEnvelope, obj, ok } from '../../http/docs';
import { partialBodyFromYup } from '../../http/yupDocs';
import { listAudit, auditRowDoc } from '../../audit/query';

/** Main accounts only, subscribed or not: a brand's own log (who did what in its console, and what operators read of it). */
export const AUDIT_LOG_ACCESS: AccessRule = { mainOnly: true, subscribed: false };
export const BRAND_AUDIT_PATH = '/v1/admin/audit-log';
const brandAuditQuery = auditQuerySchema.omit(['tenantIdx']);

/** GET /v1/admin/audit-log: the brand's own audit log, filtered; never another tenant's (the tenant is the session's). */
export const brandAuditRoutes: FastifyPluginAsync = async (app) => {
  app.get(BRAND_AUDIT_PATH, {
    config: {
      access: AUDIT_LOG_ACCESS,
      // The tenant is the session's: a `tenantIdx` sent is dropped with any other unknown key.
      input: { query: brandAuditQuery },
    },
    schema: docs({
      tags: ['audit: the brand\'s log'], summary: '감사 로그 (이 브랜드)',
      description: '이 브랜드의 계정이 한 작업(발급, 취소, 삭제, 일괄 작업, 고객 다운로드, 계정·결제·크레딧·설정 변경)과 운영자가 이 브랜드를 조회한 기록. 메인 계정만. 최신순.',
      querystring: partialBodyFromYup(brandAuditQuery, '필터', {
        action: '작업 (AUDIT_ACTIONS)', outcome: 'ok | refused', actorKind: 'partner | operator', from: 'YYYY-MM-DD (Asia/Seoul)', to: 'YYYY-MM-DD (Asia/Seoul)',
        page: '1부터', pageSize: '25 | 50 | 100',
      }),
      response: { 200: ok('로그', obj('로그', { total: { type: 'integer' }, list: { type: 'array', items: auditRowDoc } })), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request) => {
    return { data: await listAudit(app.db, principalOf(request).tenantIdx, request.query as AuditQuery) };
  });
};
