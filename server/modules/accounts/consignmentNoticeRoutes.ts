import type { FastifyPluginAsync } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consignmentNotices } from '../../db/schema';
import { docs, obj, ok, bool } from '../../http/docs';
import { principalOf } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { ACCOUNT_ACCESS } from './access';

/**
 * Flags an account to read the consignment notice (spec 1 section 2.2): it is sent to /auth/profile
 * once. The platform's operators call this (the operator console, later); the demo seed does not.
 */
export async function flagConsignmentNotice(db: Db, account: { tenantIdx: number; adminIdx: number }, now: Date): Promise<void> {
  await db.insert(consignmentNotices).values({ ...account, flaggedAt: now })
    .onConflictDoUpdate({ target: [consignmentNotices.tenantIdx, consignmentNotices.adminIdx], set: { flaggedAt: now, seenAt: null } });
}

/** The console calls this when it sends the flagged account to /auth/profile, so it happens once. */
export const consignmentNoticeRoutes: FastifyPluginAsync = async (app) => {
  app.post(`${PARTNERSHIPS}/consignment-notice/seen`, {
    config: { access: ACCOUNT_ACCESS.selfWrite },
    schema: docs({
      tags: ['accounts'], summary: '위탁 고지 확인', description: '위탁 고지 플래그가 있는 계정을 계정 설정(/auth/profile)으로 한 번 보낸 뒤 호출합니다. 플래그가 없어도 200.',
      response: { 200: ok('결과', obj('결과', { consignmentNotice: bool('남은 플래그 (항상 false)') })) },
    }),
  }, async (request) => {
    const p = principalOf(request);
    await app.db.update(consignmentNotices).set({ seenAt: app.clock.now() })
      .where(and(eq(consignmentNotices.tenantIdx, p.tenantIdx), eq(consignmentNotices.adminIdx, p.adminIdx), isNull(consignmentNotices.seenAt)));
    return { data: { consignmentNotice: false } };
  });
};
