import type { AccessContext, AdminType, B2bType } from './access';
import type { FeatureSetting, PlanGroup, SubscriptionState } from './plans';

/** The answer of `GET /v1/admin/partnerships` (spec 1 section 3, Partnership). */
export interface Partnership {
  idx: number;
  parentIdx: number;
  adminType: AdminType;
  b2bType: B2bType | null;
  companyName: string;
  email: string;
  phoneNum: string;
  isLeaved: 'Y' | 'N';
  brand: { idx: number; name: string } | null;
  setting: FeatureSetting[];
  useGuarantee: { use: boolean };
  useMembership: { use: boolean };
  useRepair: { use: boolean };
  useLaundry: { use: boolean };
  useStore: { use: boolean };
  subscription: {
    planGroup: PlanGroup;
    planName: string;
    startDate: string;
    endDate: string | null;
    isCanceled: boolean;
    isTrial: boolean;
  } | null;
  /** The state and the days left (src/domain/plans.ts `daysLeft`), both at the server's now: the console never derives them (issue 23 item 11). */
  subscriptionState: SubscriptionState | null;
  daysLeft: number | null;
  /** A brand admin with a missing brand name or phone (spec 1 section 6). */
  isIncomplete: boolean;
  /** Flagged to read the changed notice on the consignment of personal data: sent to /auth/profile once (spec 1 section 2.2; src/domain/home.ts). */
  consignmentNotice?: boolean;
}

/**
 * The name the console greets an account by: a brand account's brand; a cooperator (an edit shop
 * selling several brands) and the service partners by their company, never by their first brand.
 */
export const displayNameOf = (p: Pick<Partnership, 'adminType' | 'b2bType' | 'brand' | 'companyName'>) =>
  p.adminType === 'b2b' && p.b2bType === 'brand' ? p.brand?.name || p.companyName : p.companyName;

export const isSubAccount = (p: Pick<Partnership, 'idx' | 'parentIdx'>) => p.parentIdx !== p.idx;

export function toAccessContext(p: Partnership): AccessContext {
  return {
    adminType: p.adminType,
    isSubAccount: isSubAccount(p),
    settings: p.setting,
    subscription: p.subscription,
    subscriptionState: p.subscriptionState,
  };
}
