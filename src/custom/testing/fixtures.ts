import type { Partnership } from '../../domain/identity';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A main b2b brand account with an active PRO subscription and all features; override per test. */
export function brandAccount(over: Partial<Partnership> = {}): Partnership {
  const now = Date.now();
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
    setting: ['GUARANTEE', 'PRODUCT', 'CUSTOMER', 'MEMBERSHIP', 'ALIMTALK', 'TEMPLATE', 'WAITING', 'BOOKING', 'REPAIR', 'EXAM'].map((name) => ({
      name: name as Partnership['setting'][number]['name'],
      option: null,
      endAt: null,
    })),
    useGuarantee: { use: true },
    useMembership: { use: true },
    useRepair: { use: true },
    useLaundry: { use: false },
    useStore: { use: true },
    subscription: {
      planGroup: 'PRO',
      planName: 'Pro',
      startDate: new Date(now - 30 * 86_400_000).toISOString(),
      endDate: new Date(now + YEAR_MS).toISOString(),
      isCanceled: false,
      isTrial: false,
    },
    subscriptionState: 'CHARGED',
    isIncomplete: false,
    ...over,
  };
}

export const subAccount = (over: Partial<Partnership> = {}) => brandAccount({ idx: 2, parentIdx: 1, email: 'staff@demo.test', ...over });

export const repairerAccount = (over: Partial<Partnership> = {}) =>
  brandAccount({ idx: 3, parentIdx: 3, adminType: 'repairer', b2bType: null, email: 'repair@demo.test', subscription: null, subscriptionState: null, setting: [{ name: 'REPAIR', option: null, endAt: null }], ...over });

export const nonSubscriber = (over: Partial<Partnership> = {}) =>
  brandAccount({
    subscription: {
      planGroup: 'PRO',
      planName: 'Pro',
      startDate: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() - 6 * 86_400_000).toISOString(),
      isCanceled: false,
      isTrial: true,
    },
    subscriptionState: 'TRIAL_FINISHED',
    ...over,
  });
