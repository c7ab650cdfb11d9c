/** Plans, subscriptions and features (spec 1 sections 3, 4 and 6). */

export const PLAN_GROUPS = ['FREE', 'STARTER', 'STANDARD', 'PRO', 'ENTERPRISE'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

export const FEATURES = [
  'MEMBERSHIP', 'WAITING', 'BOOKING', 'REPAIR', 'LAUNDRY', 'TALKTALK', 'CUSTOMER',
  'ALIMTALK', 'GUARANTEE', 'PRODUCT', 'WALLET', 'TEMPLATE', 'EXAM',
] as const;
export type Feature = (typeof FEATURES)[number];

export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionInfo {
  planGroup: PlanGroup;
  /** ISO timestamps */
  startDate: string;
  endDate: string | null;
  isCanceled: boolean;
  /** A trial is a subscription the account did not pay for, created at sign-up. */
  isTrial: boolean;
}

export type SubscriptionState = 'ENTERPRISE' | 'TRIAL' | 'CHARGED' | 'TRIAL_FINISHED' | 'CHARGED_PLAN_FINISHED';

/**
 * The derived state of spec 1 section 3. Enterprise is unlimited whatever its dates; a cancelled
 * subscription keeps running until its end date (it is simply not renewed).
 */
export function deriveSubscriptionState(sub: SubscriptionInfo | null, now: Date): SubscriptionState | null {
  if (!sub) return null;
  if (sub.planGroup === 'ENTERPRISE') return 'ENTERPRISE';
  const ended = sub.endDate !== null && new Date(sub.endDate).getTime() <= now.getTime();
  if (sub.isTrial) return ended ? 'TRIAL_FINISHED' : 'TRIAL';
  return ended ? 'CHARGED_PLAN_FINISHED' : 'CHARGED';
}

export function isActiveState(state: SubscriptionState | null): boolean {
  return state === 'ENTERPRISE' || state === 'TRIAL' || state === 'CHARGED';
}

/**
 * Whole days left before the end date, counted from the start of today. The banner shows
 * 'ends tomorrow' when this is 0 (spec 1 section 4).
 */
export function daysLeft(endDate: string | null, now: Date): number | null {
  if (!endDate) return null;
  const diff = new Date(endDate).getTime() - now.getTime();
  return Math.max(0, Math.floor(diff / DAY_MS));
}

export interface FeatureSetting {
  name: Feature;
  option: Record<string, unknown> | null;
  endAt: string | null;
}

/** A feature with an end date counts as in use only until that date, when the account is subscribed. */
export function isFeatureInUse(settings: FeatureSetting[], feature: Feature, subscribed: boolean, now: Date): boolean {
  const entry = settings.find((s) => s.name === feature);
  if (!entry) return false;
  if (entry.endAt === null) return true;
  return subscribed && new Date(entry.endAt).getTime() > now.getTime();
}

/** Issuing warranties needs an active subscription, an enterprise plan or a trial. */
export type IssueGate = 'ok' | 'TRIAL_FINISHED' | 'SUBSCRIPTION_REQUIRED';
export function issueGate(state: SubscriptionState | null): IssueGate {
  if (isActiveState(state)) return 'ok';
  if (state === 'TRIAL_FINISHED') return 'TRIAL_FINISHED';
  return 'SUBSCRIPTION_REQUIRED';
}

/** Plan restrictions on onboarding and integration items (spec 1 section 4). */
export type RestrictedItem = 'cafe24CustomerInterwork' | 'cafe24PointInterwork' | 'membershipSetup' | 'guaranteeSetup';
export function isPlanRestricted(item: RestrictedItem, planGroup: PlanGroup | null, hasGuaranteeFeature: boolean): boolean {
  switch (item) {
    case 'cafe24CustomerInterwork':
    case 'cafe24PointInterwork':
      return planGroup === 'STARTER' || planGroup === 'STANDARD';
    case 'membershipSetup':
      return planGroup === 'STANDARD';
    case 'guaranteeSetup':
      return planGroup === 'ENTERPRISE' && !hasGuaranteeFeature;
  }
}
