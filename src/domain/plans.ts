import { addDays, daysBetween, seoulDate, seoulDayStart, seoulToday } from './seoulDay';

/** Plans, subscriptions and features (spec 1 sections 3, 4 and 6). */

export const PLAN_GROUPS = ['FREE', 'STARTER', 'STANDARD', 'PRO', 'ENTERPRISE'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

export const FEATURES = [
  'MEMBERSHIP', 'WAITING', 'BOOKING', 'REPAIR', 'LAUNDRY', 'TALKTALK', 'CUSTOMER',
  'ALIMTALK', 'GUARANTEE', 'PRODUCT', 'WALLET', 'TEMPLATE', 'EXAM',
] as const;
export type Feature = (typeof FEATURES)[number];

export const TRIAL_DAYS = 14;

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
 * The end of a trial started at `start`: 00:00 Seoul after TRIAL_DAYS Seoul days, the day of sign-up
 * being the first (signed up on the 24th at any hour: the trial runs through the 7th of the next month).
 */
export const trialEndFor = (start: Date): Date => seoulDayStart(addDays(seoulToday(start), TRIAL_DAYS));

/**
 * Seoul days from today to the end date's day (issue 9 B15), whatever the hour: a new trial shows 14
 * on its first day and 1 on its last (it ends at the next 00:00). An end later today leaves 0, which
 * the banner shows as 'ends tomorrow' (spec 1 section 4); never negative.
 */
export function daysLeft(endDate: string | null, now: Date): number | null {
  if (!endDate) return null;
  return Math.max(0, daysBetween(seoulToday(now), seoulDate(endDate)));
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
