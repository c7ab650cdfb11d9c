import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, creditAccounts, creditLedger, featureSettings, plans, subscriptions } from '../../db/schema';
import type { Feature, PlanGroup } from '../../../src/domain/plans';

/** What a new brand gets (docs/api-contract.md): the core features of the trial. */
export const DEFAULT_FEATURES: readonly Feature[] = ['GUARANTEE', 'PRODUCT', 'CUSTOMER', 'MEMBERSHIP', 'ALIMTALK', 'TEMPLATE'];

export interface TenantSetup {
  tenantIdx: number;
  brandName: string;
  planGroup: PlanGroup;
  startDate: Date;
  endDate: Date | null;
  isTrial: boolean;
  features: readonly Feature[];
  creditBalance: number;
}

/** Brand, subscription, features and credit account of a new brand tenant, in the caller's transaction. */
export async function setUpBrandTenant(db: Db, s: TenantSetup): Promise<void> {
  const [plan] = await db.select({ planId: plans.planId }).from(plans).where(eq(plans.groupId, s.planGroup)).limit(1);
  if (!plan) throw new Error(`Reference plan ${s.planGroup} is missing; run ensureReferenceData first`);
  await db.insert(brands).values({ tenantIdx: s.tenantIdx, name: s.brandName, createdAt: s.startDate });
  await db.insert(subscriptions).values({
    tenantIdx: s.tenantIdx,
    planId: plan.planId,
    startDate: s.startDate,
    endDate: s.endDate,
    isTrial: s.isTrial,
    createdAt: s.startDate,
  });
  if (s.features.length) {
    await db.insert(featureSettings).values(s.features.map((name) => ({ tenantIdx: s.tenantIdx, name, option: null, endAt: null })));
  }
  await db.insert(creditAccounts).values({ tenantIdx: s.tenantIdx, balance: s.creditBalance });
  // The ledger explains every won of the balance (server/modules/credit/ledger.ts).
  if (s.creditBalance) {
    await db.insert(creditLedger).values({ tenantIdx: s.tenantIdx, kind: 'OPENING', amount: s.creditBalance, balanceAfter: s.creditBalance, groupKey: 'opening', createdAt: s.startDate });
  }
}
