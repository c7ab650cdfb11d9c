import * as yup from 'yup';
import type { AdminType, B2bType } from './access';
import { isActiveState, isFeatureInUse, type FeatureSetting, type PlanGroup, type SubscriptionState } from './plans';

/**
 * Analytics and error reports (spec 1 sections 3, 7 to 9; issue 27 item 6). Events go out on page
 * views, clicks and identification, each with exactly the spec's user properties, computed by the
 * server from the session (the console cannot send others). Nothing personal beyond them: the
 * distinct id is the account's idx, a click names the link's path or the button's `data-track`.
 */
export const ANALYTICS_USER_PROPERTIES = ['type', 'name', 'brand', 'plan_type', 'plan_status', 'setting', 'hierarchy', 'plan_name'] as const;
export type AnalyticsUserProperties = {
  type: AdminType;
  name: string;
  brand: string | null;
  plan_type: 'free' | 'subscription';
  plan_status: 'valid' | 'expired';
  /** The features in use, comma-separated. */
  setting: string;
  hierarchy: 'parent' | 'child';
  plan_name: string | null;
};

export interface PropertySource {
  adminType: AdminType;
  b2bType: B2bType | null;
  companyName: string;
  brandName: string | null;
  isSubAccount: boolean;
  settings: FeatureSetting[];
  subscription: { planGroup: PlanGroup; planName: string } | null;
  subscriptionState: SubscriptionState | null;
}

export function analyticsUserProperties(s: PropertySource, now: Date): AnalyticsUserProperties {
  const valid = isActiveState(s.subscriptionState);
  return {
    type: s.adminType,
    name: s.adminType === 'b2b' && s.b2bType === 'brand' ? s.brandName || s.companyName : s.companyName,
    brand: s.brandName,
    plan_type: !s.subscription || s.subscription.planGroup === 'FREE' ? 'free' : 'subscription',
    plan_status: valid ? 'valid' : 'expired',
    setting: s.settings.filter((f) => isFeatureInUse(s.settings, f.name, valid, now)).map((f) => f.name).sort().join(','),
    hierarchy: s.isSubAccount ? 'child' : 'parent',
    plan_name: s.subscription?.planName ?? null,
  };
}

export const ANALYTICS_EVENT_KINDS = ['pageview', 'click', 'identify'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];
export const ANALYTICS_BATCH_MAX = 50;
/** Every render and lazy-load failure is reported (spec 1 section 9: sample rate 1). */
export const ERROR_SAMPLE_RATE = 1;
export const ERROR_KINDS = ['render', 'lazyLoad'] as const;

const path = yup.string().trim().max(300, '경로는 300자까지예요').matches(/^\//, '경로는 /로 시작해요').required('경로가 필요해요');
export const analyticsEventsSchema = yup.object({
  events: yup.array(yup.object({
    kind: yup.string().oneOf([...ANALYTICS_EVENT_KINDS], '알 수 없는 이벤트예요').required('이벤트 종류가 필요해요'),
    path,
    target: yup.string().trim().max(100, '대상은 100자까지예요'),
  }).noUnknown()).min(1, '이벤트가 없어요').max(ANALYTICS_BATCH_MAX, `한 번에 ${ANALYTICS_BATCH_MAX}개까지 보낼 수 있어요`).required('이벤트가 없어요'),
}).noUnknown();
export const errorReportSchema = yup.object({
  kind: yup.string().oneOf([...ERROR_KINDS], '알 수 없는 오류 종류예요').required('오류 종류가 필요해요'),
  message: yup.string().trim().max(500, '메시지는 500자까지예요').required('메시지가 필요해요'),
  path,
}).noUnknown();
