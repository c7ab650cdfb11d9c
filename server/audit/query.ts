import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditQuery } from '../../src/domain/audit';
import { seoulDayEnd, seoulDayStart } from '../../src/domain/seoulDay';

/** One page of the log, newest first. `tenantIdx` undefined: every tenant's (operators only). */
export async function listAudit(db: Db, tenantIdx: number | undefined, q: AuditQuery) {
  const where: SQL[] = [];
  if (tenantIdx !== undefined) where.push(eq(auditLog.tenantIdx, tenantIdx));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.outcome) where.push(eq(auditLog.outcome, q.outcome as 'ok' | 'refused'));
  if (q.actorKind) where.push(eq(auditLog.actorKind, q.actorKind as 'partner' | 'operator'));
  if (q.from) where.push(gte(auditLog.at, seoulDayStart(q.from)));
  if (q.to) where.push(lt(auditLog.at, seoulDayEnd(q.to)));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(filter).orderBy(desc(auditLog.at), desc(auditLog.idx))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLog).where(filter),
  ]);
  return {
    total: Number(total),
    list: rows.map((r) => ({
      idx: r.idx, tenantIdx: r.tenantIdx, at: r.at.toISOString(), actorKind: r.actorKind, actorIdx: r.actorIdx, actorEmail: r.actorEmail,
      action: r.action, target: r.target, outcome: r.outcome, code: r.code, ip: r.ip, method: r.method, path: r.path, detail: r.detail,
    })),
  };
}

/** The documented row of the log. */
export const auditRowDoc = {
  type: 'object',
  properties: {
    idx: { type: 'integer' }, tenantIdx: { type: 'integer', description: '브랜드 (0: 플랫폼 운영 작업)' }, at: { type: 'string', description: 'ISO 시각' },
    actorKind: { type: 'string', description: 'partner | operator' }, actorIdx: { type: 'integer' }, actorEmail: { type: 'string' },
    action: { type: 'string', description: 'src/domain/audit.ts AUDIT_ACTIONS' }, target: { type: 'string', nullable: true },
    outcome: { type: 'string', description: 'ok | refused' }, code: { type: 'string', nullable: true, description: '거절 코드' },
    ip: { type: 'string' }, method: { type: 'string' }, path: { type: 'string', description: '라우트 (경로 매개변수는 {..})' },
    detail: { type: 'object', nullable: true, description: '전후 값, 건수 (개인정보 제외)' },
  },
} as const;
