import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { creditAccounts } from '../../db/schema';
import { docs, obj, ok } from '../../http/docs';
import { principalOf } from '../../plugins/auth';
import { CREDIT_ACCESS } from './access';

/** The credit base (`/api/credit`): the tenant's prepaid message balance. */
export const creditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account', {
    config: { access: CREDIT_ACCESS.read },
    schema: docs({
      tags: ['credit'], summary: '크레딧 계정 (잔액과 자동 충전 설정)',
      response: {
        200: ok('계정', obj('크레딧 계정', {
          accountIdx: { type: 'integer' }, balance: { type: 'integer', description: '잔액 (원)' },
          config: obj('자동 충전', { rechargeThreshold: { type: 'integer' }, rechargeAmount: { type: 'integer' }, autoRechargeActivated: { type: 'boolean' } }),
        })),
      },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    // Every brand gets its account at sign-up; this also covers tenants created before credit existed.
    await app.db.insert(creditAccounts).values({ tenantIdx }).onConflictDoNothing();
    const [row] = await app.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx)).limit(1);
    return {
      data: {
        accountIdx: row.accountIdx,
        balance: row.balance,
        config: { rechargeThreshold: row.rechargeThreshold, rechargeAmount: row.rechargeAmount, autoRechargeActivated: row.autoRechargeActivated },
      },
    };
  });
};
