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
  /**
   * The subscription's derived state, computed by the server with its own clock (issue 23 item 11):
   * the console takes it from the identity, so a browser with a wrong clock gates as the server does.
   */
  subscriptionState: SubscriptionState | null;
}

/** What the server holds of a principal (cached across requests): the subscription, whose state it derives per request. */
export type AccessSource = Omit<AccessContext, 'subscriptionState'>;

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

export const isSubscribed = (ctx: Pick<AccessContext, 'subscriptionState'>): boolean => isActiveState(ctx.subscriptionState);

/**
 * The one access check, used by the sidebar, the route guard, `canAccess` and every server route.
 * Returns null when allowed, else the error code the server answers with (403). `now` only ends
 * features with an end date; the subscription's state is the context's.
 */
export function checkAccess(ctx: AccessContext, rule: AccessRule, now: Date): ErrorCode | null {
  const adminTypes = rule.adminTypes ?? ['b2b'];
  if (!adminTypes.includes(ctx.adminType)) return 'FORBIDDEN_ROLE';
  if (rule.mainOnly && ctx.isSubAccount) return 'SUB_ACCOUNT_FORBIDDEN';
  // Repairer and launderer consoles are fixed; they have no subscription of their own.
  if (ctx.adminType !== 'b2b') return null;
  const subscribed = isSubscribed(ctx);
  if ((rule.subscribed ?? true) && !subscribed) {
    return ctx.subscriptionState === 'TRIAL_FINISHED' ? 'TRIAL_FINISHED' : 'SUBSCRIPTION_REQUIRED';
  }
  if (rule.feature && !isFeatureInUse(ctx.settings, rule.feature, subscribed, now)) return 'FEATURE_DISABLED';
  if (rule.blockedPlans && ctx.subscription && rule.blockedPlans.includes(ctx.subscription.planGroup)) return 'FEATURE_DISABLED';
  return null;
}

/** The server's check: the subscription's state derived at the server's `now`, then `checkAccess`. */
export const checkAccessAt = (source: AccessSource, rule: AccessRule, now: Date): ErrorCode | null =>
  checkAccess({ ...source, subscriptionState: deriveSubscriptionState(source.subscription, now) }, rule, now);

export type { PlanGroup };
