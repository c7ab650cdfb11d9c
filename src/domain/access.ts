import type { ErrorCode } from './errors';
import {
  deriveSubscriptionState, isActiveState, isFeatureInUse,
  type Feature, type FeatureSetting, type PlanGroup, type SubscriptionInfo, type SubscriptionState,
} from './plans';

/**
 * Who is asking, as the console and the server both see it (spec 1 sections 1, 3 and 6).
 *
 * The role model is a principal kind plus, for partners, adminType and hierarchy. Today every
 * principal is a partner. A later operator-support role is a second kind ('operator') that
 * carries the tenant it is looking at; `checkAccess` will let it through read rules only
 * (`write: false`), and the server audits each of its requests. Partner rules never consult the
 * operator branch, so adding it cannot widen what any partner sees.
 */
export type AdminType = 'b2b' | 'repairer' | 'launderer';
export type B2bType = 'brand' | 'cooperator';

export interface AccessContext {
  adminType: AdminType;
  isSubAccount: boolean;
  settings: FeatureSetting[];
  subscription: SubscriptionInfo | null;
}

export interface AccessRule {
  /** Admin types allowed; default b2b only. */
  adminTypes?: readonly AdminType[];
  /** Hidden from sub-accounts (spec 1 section 6). */
  mainOnly?: boolean;
  /** The feature that must be in use. */
  feature?: Feature;
  /** Needs an active subscription (non-subscribers see only home and payment). Default true for b2b. */
  subscribed?: boolean;
  /** Whether the rule guards a write; read-only principals are refused writes. */
  write?: boolean;
  /** Plans that block it (spec 1 section 4, spec 2 section 5: STANDARD blocks membership setup): FEATURE_DISABLED. */
  blockedPlans?: readonly PlanGroup[];
}

export function subscriptionStateOf(ctx: Pick<AccessContext, 'subscription'>, now: Date): SubscriptionState | null {
  return deriveSubscriptionState(ctx.subscription, now);
}

export function isSubscribed(ctx: Pick<AccessContext, 'subscription'>, now: Date): boolean {
  return isActiveState(subscriptionStateOf(ctx, now));
}

/**
 * The one access check, used by the sidebar, the route guard, `canAccess` and every server route.
 * Returns null when allowed, else the error code the server answers with (403).
 */
export function checkAccess(ctx: AccessContext, rule: AccessRule, now: Date): ErrorCode | null {
  const adminTypes = rule.adminTypes ?? ['b2b'];
  if (!adminTypes.includes(ctx.adminType)) return 'FORBIDDEN_ROLE';
  if (rule.mainOnly && ctx.isSubAccount) return 'SUB_ACCOUNT_FORBIDDEN';
  // Repairer and launderer consoles are fixed; they have no subscription of their own.
  if (ctx.adminType !== 'b2b') return null;
  const subscribed = isSubscribed(ctx, now);
  if ((rule.subscribed ?? true) && !subscribed) {
    return subscriptionStateOf(ctx, now) === 'TRIAL_FINISHED' ? 'TRIAL_FINISHED' : 'SUBSCRIPTION_REQUIRED';
  }
  if (rule.feature && !isFeatureInUse(ctx.settings, rule.feature, subscribed, now)) return 'FEATURE_DISABLED';
  if (rule.blockedPlans && ctx.subscription && rule.blockedPlans.includes(ctx.subscription.planGroup)) return 'FEATURE_DISABLED';
  return null;
}

export type { PlanGroup };
