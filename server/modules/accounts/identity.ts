import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, consignmentNotices } from '../../db/schema';
import { loadFeatureSettings, loadSubscription } from '../../plugins/auth';
import { daysLeft, deriveSubscriptionState, isActiveState, isFeatureInUse, type Feature, type FeatureSetting } from '../../../src/domain/plans';
import type { AdminType, B2bType } from '../../../src/domain/access';
import type { Partnership } from '../../../src/domain/identity';
import { findAccount } from './repository';

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
  const isSubAccount = tenantIdx !== admin.idx;
  const [brand, setting, subscription, main, consignment] = await Promise.all([
    loadBrand(db, tenantIdx),
    loadFeatureSettings(db, tenantIdx),
    loadSubscription(db, tenantIdx),
    isSubAccount ? findAccount(db, tenantIdx) : admin,
    db.select({ adminIdx: consignmentNotices.adminIdx }).from(consignmentNotices)
      .where(and(eq(consignmentNotices.tenantIdx, tenantIdx), eq(consignmentNotices.adminIdx, admin.idx), isNull(consignmentNotices.seenAt))).limit(1),
  ]);
  const subscriptionState = deriveSubscriptionState(subscription, now);
  const subscribed = isActiveState(subscriptionState);
  const isMainB2b = admin.adminType === 'b2b' && !isSubAccount;
  return {
    idx: admin.idx,
    parentIdx: tenantIdx,
    adminType: admin.adminType as AdminType,
    b2bType: (admin.b2bType as B2bType | null) ?? null,
    companyName: admin.companyName,
    email: admin.email,
    phoneNum: admin.phoneNum,
    // A sub-account leaves with its brand, so the console sends it to /signedout as well.
    isLeaved: admin.isLeaved === 'Y' || main?.isLeaved === 'Y' ? 'Y' : 'N',
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
    daysLeft: daysLeft(subscription?.endDate ?? null, now),
    isIncomplete: isMainB2b && (!brand?.name.trim() || !admin.phoneNum.trim()),
    consignmentNotice: consignment.length > 0,
  };
}
