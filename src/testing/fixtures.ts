import type { Partnership } from '../domain/identity';
import { featureSettings, partnership, subscription } from '../domain/testing/partnerships';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A main b2b brand account with an active PRO subscription (dates around today); override per test. */
export function brandAccount(over: Partial<Partnership> = {}): Partnership {
  const now = Date.now();
  return partnership({
    setting: featureSettings(['GUARANTEE', 'PRODUCT', 'CUSTOMER', 'MEMBERSHIP', 'ALIMTALK', 'TEMPLATE', 'WAITING', 'BOOKING', 'REPAIR', 'EXAM']),
    useLaundry: { use: false },
    subscription: subscription({ startDate: new Date(now - 30 * 86_400_000).toISOString(), endDate: new Date(now + YEAR_MS).toISOString() }),
    ...over,
  });
}

export const subAccount = (over: Partial<Partnership> = {}) => brandAccount({ idx: 2, parentIdx: 1, email: 'staff@demo.test', ...over });

export const repairerAccount = (over: Partial<Partnership> = {}) =>
  brandAccount({ idx: 3, parentIdx: 3, adminType: 'repairer', b2bType: null, email: 'repair@demo.test', subscription: null, subscriptionState: null, daysLeft: null, setting: [{ name: 'REPAIR', option: null, endAt: null }], ...over });

export const nonSubscriber = (over: Partial<Partnership> = {}) =>
  brandAccount({
    subscription: subscription({
      startDate: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() - 6 * 86_400_000).toISOString(),
      isTrial: true,
    }),
    subscriptionState: 'TRIAL_FINISHED',
    daysLeft: 0,
    ...over,
  });
