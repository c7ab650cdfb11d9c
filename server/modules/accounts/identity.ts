import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, plans, subscriptions } from '../../db/schema';
import { loadFeatureSettings } from '../../plugins/auth';
import { deriveSubscriptionState, isActiveState, isFeatureInUse, type Feature, type FeatureSetting, type PlanGroup } from '../../../src/domain/plans';
import type { AdminType, B2bType } from '../../../src/domain/access';
import type { Partnership } from '../../../src/domain/identity';
import { findAccount } from './repository';

type Subscription = NonNullable<Partnership['subscription']>;

/** The tenant's current subscription (the newest), with its plan's display name. */
export async function loadSubscriptionWithPlan(db: Db, tenantIdx: number): Promise<(Subscription & { planId: string; price: number }) | null> {
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.planId, subscriptions.planId))
    .where(eq(subscriptions.tenantIdx, tenantIdx))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.idx))
    .limit(1);
  if (!row) return null;
  return {
    planId: row.plan.planId,
    planGroup: row.plan.groupId as PlanGroup,
    planName: row.plan.name,
    price: row.plan.price,
    startDate: row.sub.startDate.toISOString(),
    endDate: row.sub.endDate ? row.sub.endDate.toISOString() : null,
    isCanceled: row.sub.isCanceled,
    isTrial: row.sub.isTrial,
  };
}

export async function loadBrand(db: Db, tenantIdx: number): Promise<{ idx: number; name: string } | null> {
  const [row] = await db
    .select({ idx: brands.idx, name: brands.name })
    .from(brands)
    .where(eq(brands.tenantIdx, tenantIdx))
    .orderBy(asc(brands.idx))
    .limit(1);
  return row ?? null;
}

function useFlag(settings: FeatureSetting[], features: Feature[], subscribed: boolean, now: Date) {
  return { use: features.some((f) => isFeatureInUse(settings, f, subscribed, now)) };
}

/** `GET /v1/admin/partnerships`, shaped exactly as the console's `Partnership`. */
export async function loadIdentity(db: Db, adminIdx: number, now: Date): Promise<Partnership | null> {
  const admin = await findAccount(db, adminIdx);
  if (!admin) return null;
  const tenantIdx = admin.parentIdx ?? admin.idx;
  const [brand, setting, subscription] = await Promise.all([
    loadBrand(db, tenantIdx),
    loadFeatureSettings(db, tenantIdx),
    loadSubscriptionWithPlan(db, tenantIdx),
  ]);
  const subscriptionState = deriveSubscriptionState(subscription, now);
  const subscribed = isActiveState(subscriptionState);
  const isMainB2b = admin.adminType === 'b2b' && tenantIdx === admin.idx;
  return {
    idx: admin.idx,
    parentIdx: tenantIdx,
    adminType: admin.adminType as AdminType,
    b2bType: (admin.b2bType as B2bType | null) ?? null,
    companyName: admin.companyName,
    email: admin.email,
    phoneNum: admin.phoneNum,
    isLeaved: admin.isLeaved,
    brand,
    setting,
    useGuarantee: useFlag(setting, ['GUARANTEE'], subscribed, now),
    useMembership: useFlag(setting, ['MEMBERSHIP'], subscribed, now),
    useRepair: useFlag(setting, ['REPAIR'], subscribed, now),
    useLaundry: useFlag(setting, ['LAUNDRY'], subscribed, now),
    useStore: useFlag(setting, ['WAITING', 'BOOKING'], subscribed, now),
    subscription: subscription && {
      planGroup: subscription.planGroup,
      planName: subscription.planName,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      isCanceled: subscription.isCanceled,
      isTrial: subscription.isTrial,
    },
    subscriptionState,
    isIncomplete: isMainB2b && (!brand?.name.trim() || !admin.phoneNum.trim()),
  };
}
