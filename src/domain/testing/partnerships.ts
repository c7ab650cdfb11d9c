import type { Partnership } from '../identity';
import { FEATURES, type Feature } from '../plans';

/**
 * Partnership fixtures shared by the domain, shell and page tests (pure TS: no React, no msw).
 * One main b2b brand account on a paid PRO plan with every feature; tests override what they need.
 */

type Subscription = NonNullable<Partnership['subscription']>;

/** `setting` entries for the given features, none with an option or an end date. */
export function featureSettings(features: readonly Feature[]): Partnership['setting'] {
  return features.map((name) => ({ name, option: null, endAt: null }));
}

/** A running paid PRO plan; override the dates or the plan. */
export function subscription(over: Partial<Subscription> = {}): Subscription {
  return { planGroup: 'PRO', planName: 'Pro', startDate: '2025-01-01T00:00:00Z', endDate: '2026-06-15T00:00:00Z', isCanceled: false, isTrial: false, ...over };
}

export function partnership(over: Partial<Partnership> = {}): Partnership {
  return {
    idx: 1,
    parentIdx: 1,
    adminType: 'b2b',
    b2bType: 'brand',
    companyName: '데모컴퍼니',
    email: 'brand@demo.test',
    phoneNum: '01012345678',
    isLeaved: 'N',
    brand: { idx: 1, name: '데모브랜드' },
    setting: featureSettings(FEATURES),
    useGuarantee: { use: true },
    useMembership: { use: true },
    useRepair: { use: true },
    useLaundry: { use: true },
    useStore: { use: true },
    subscription: subscription(),
    subscriptionState: 'CHARGED',
    // What the server counts for a plan renewed a year ahead: no banner (over 7 days).
    daysLeft: 365,
    isIncomplete: false,
    ...over,
  };
}

/** The fields that make a repairer or launderer console: no brand, no features, no subscription. */
export const fixedConsole = (adminType: 'repairer' | 'launderer'): Partial<Partnership> => ({
  adminType,
  b2bType: null,
  brand: null,
  setting: [],
  subscription: null,
  subscriptionState: null,
  daysLeft: null,
});
