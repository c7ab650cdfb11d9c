import * as yup from 'yup';
import { MSG } from './messages';
import type { AdminType } from './access';
import type { Feature, FeatureSetting, PlanGroup } from './plans';

/**
 * The onboarding checklist of home (spec 1 sections 2.5, 3, 4 and 5; issue 27 item 1).
 *
 * Four sections and their items, exactly as spec 1 section 3 lists them. An item is completed in one
 * of two ways:
 * - `computed`: the server reads the brand's real settings (server/modules/onboarding/checkers.ts,
 *   one checker per key), like Stripe's requirements; nobody ticks it.
 * - `button`: the three items the spec completes by pressing a button (personal-info delegation,
 *   kakao chat menu and the notification settings); the server stores the press
 *   (PATCH /v1/statistics/onboarding/status/{id}) and the console shows the item's toast.
 * Progress is done / total of the items the account is shown and may do, rounded (spec 1 section 4).
 */

export const ONBOARDING_SECTIONS = ['basicSettings', 'guarantee', 'promotionMembership', 'externalDataInterwork'] as const;
export type OnboardingSectionKey = (typeof ONBOARDING_SECTIONS)[number];

export type OnboardingPrerequisite = 'guarantee' | 'membership';

export interface OnboardingItemDef {
  key: string;
  section: OnboardingSectionKey;
  isRequired: boolean;
  completion: 'computed' | 'button';
  /** The console path the item's MAIN button opens (the setting itself); null when it has no page yet. */
  link: string | null;
  /** The item that must be done first (spec 1 section 5, Onboarding actions). */
  prerequisite?: OnboardingPrerequisite;
}

const item = (key: string, section: OnboardingSectionKey, o: Omit<OnboardingItemDef, 'key' | 'section'>): OnboardingItemDef => ({ key, section, ...o });

export const ONBOARDING_ITEMS = [
  item('lounge', 'basicSettings', { isRequired: true, completion: 'computed', link: '/b2b/brand/setting' }),
  item('kakaoChannelInterwork', 'basicSettings', { isRequired: false, completion: 'computed', link: '/b2b/interwork/kakao' }),
  item('personalInfoDelegation', 'basicSettings', { isRequired: true, completion: 'button', link: null }),
  item('kakaoChatMenu', 'basicSettings', { isRequired: false, completion: 'button', link: null }),
  item('brandTermsRegistration', 'basicSettings', { isRequired: true, completion: 'computed', link: '/setting/brand' }),
  item('profileSetting', 'basicSettings', { isRequired: false, completion: 'computed', link: '/b2b/brand/setting' }),
  item('guaranteeSettings', 'guarantee', { isRequired: true, completion: 'computed', link: '/b2b/guarantee/setting' }),
  item('sellerManagement', 'guarantee', { isRequired: false, completion: 'computed', link: '/b2b/store' }),
  item('purchaseVerificationSettings', 'guarantee', { isRequired: false, completion: 'computed', link: '/b2b/guarantee/setting', prerequisite: 'guarantee' }),
  item('guaranteeNotificationTalk', 'guarantee', { isRequired: false, completion: 'button', link: '/b2b/guarantee/setting', prerequisite: 'guarantee' }),
  item('membershipAddition', 'promotionMembership', { isRequired: true, completion: 'computed', link: '/b2b/membership/setting/register' }),
  item('couponAddition', 'promotionMembership', { isRequired: false, completion: 'computed', link: '/b2b/coupon/new', prerequisite: 'membership' }),
  item('membershipApplicationSettings', 'promotionMembership', { isRequired: false, completion: 'computed', link: '/b2b/membership/setting', prerequisite: 'membership' }),
  item('membershipNotificationTalk', 'promotionMembership', { isRequired: false, completion: 'computed', link: '/b2b/message/auto', prerequisite: 'membership' }),
  // Contract names of two online shop platforms (spec 1 section 3), kept as keys.
  item('cafe24OrderInterwork', 'externalDataInterwork', { isRequired: false, completion: 'computed', link: '/b2b/interwork/cafe24' }),
  item('naverOrderInterwork', 'externalDataInterwork', { isRequired: false, completion: 'computed', link: '/b2b/interwork/naver' }),
  item('cafe24CustomerInterwork', 'externalDataInterwork', { isRequired: false, completion: 'computed', link: '/b2b/interwork/cafe24' }),
  item('cafe24PointInterwork', 'externalDataInterwork', { isRequired: false, completion: 'computed', link: '/b2b/interwork/cafe24' }),
] as const satisfies readonly OnboardingItemDef[];

export type OnboardingItemKey = (typeof ONBOARDING_ITEMS)[number]['key'];
export const ONBOARDING_ITEM_KEYS = ONBOARDING_ITEMS.map((i) => i.key) as OnboardingItemKey[];
export const BUTTON_ITEM_KEYS = ONBOARDING_ITEMS.filter((i) => i.completion === 'button').map((i) => i.key) as OnboardingItemKey[];

export const onboardingItem = (key: string): OnboardingItemDef | undefined => ONBOARDING_ITEMS.find((i) => i.key === key);
export const isOnboardingItemKey = (key: unknown): key is OnboardingItemKey => typeof key === 'string' && ONBOARDING_ITEM_KEYS.includes(key as OnboardingItemKey);
export const itemsOf = (section: OnboardingSectionKey): OnboardingItemDef[] => ONBOARDING_ITEMS.filter((i) => i.section === section);

/** The item whose completion a prerequisite asks for, and the message of spec 1 section 8 when it is not done. */
export const PREREQUISITES: Record<OnboardingPrerequisite, { item: OnboardingItemKey; message: string }> = {
  guarantee: { item: 'guaranteeSettings', message: MSG.guaranteeNotSetUp },
  membership: { item: 'membershipAddition', message: MSG.membershipNotAdded },
};

/**
 * The two sections the Starter plan hides (spec 1 sections 4 and 6; their values are not in the
 * spec): membership promotion and the online-shop integrations, the Starter plan's missing pieces.
 * The two left widen to 50%.
 */
export const STARTER_HIDDEN_SECTIONS: readonly OnboardingSectionKey[] = ['promotionMembership', 'externalDataInterwork'];

/** Who gets an onboarding checklist: a brand's main account. Repairers and launderers never (spec 1 section 6). */
export const hasOnboarding = (p: { adminType: AdminType; idx: number; parentIdx: number }) => p.adminType === 'b2b' && p.idx === p.parentIdx;

export interface OnboardingPlanContext {
  planGroup: PlanGroup | null;
  settings: readonly Pick<FeatureSetting, 'name'>[];
}

export function visibleSections(ctx: OnboardingPlanContext): OnboardingSectionKey[] {
  return ONBOARDING_SECTIONS.filter((s) => !(ctx.planGroup === 'STARTER' && STARTER_HIDDEN_SECTIONS.includes(s)));
}

/** The width of each shown section on a wide screen, in percent: 25 for four, 50 for Starter's two. */
export const sectionWidthPercent = (ctx: OnboardingPlanContext) => 100 / visibleSections(ctx).length;

const ONLINE_SHOP_DATA: readonly string[] = ['cafe24CustomerInterwork', 'cafe24PointInterwork'];
const hasFeature = (ctx: OnboardingPlanContext, f: Feature) => ctx.settings.some((s) => s.name === f);

/**
 * Plan restrictions (spec 1 section 4): Starter blocks the online-shop customer and point integration;
 * Standard blocks the same plus every membership setup item; Enterprise without the guarantee feature
 * blocks the guarantee setup items; Enterprise is otherwise unlimited. A blocked click shows the
 * blocked-feature toast (MSG.featureBlocked) and the server refuses it with FEATURE_DISABLED.
 */
export function isPlanBlocked(key: string, ctx: OnboardingPlanContext): boolean {
  const def = onboardingItem(key);
  if (!def) return false;
  switch (ctx.planGroup) {
    case 'STARTER':
      return ONLINE_SHOP_DATA.includes(key);
    case 'STANDARD':
      return ONLINE_SHOP_DATA.includes(key) || def.section === 'promotionMembership';
    case 'ENTERPRISE':
      return def.section === 'guarantee' && !hasFeature(ctx, 'GUARANTEE');
    default:
      return false;
  }
}

export type OnboardingStatuses = Record<OnboardingItemKey, boolean>;

/**
 * Why an item's action cannot go on now, or null: a plan restriction first (the blocked-feature
 * toast), then an unmet prerequisite ('먼저 보증서를 설정해 주세요', '먼저 멤버십을 추가해 주세요').
 */
export function actionRefusal(key: string, ctx: OnboardingPlanContext, statuses: Partial<OnboardingStatuses>): string | null {
  const def = onboardingItem(key);
  if (!def) return null;
  if (isPlanBlocked(key, ctx)) return MSG.featureBlocked;
  if (def.prerequisite && !statuses[PREREQUISITES[def.prerequisite].item]) return PREREQUISITES[def.prerequisite].message;
  return null;
}

/** The items that count: those of the shown sections that the plan does not block. */
export function countedItems(ctx: OnboardingPlanContext): OnboardingItemDef[] {
  const sections = visibleSections(ctx);
  return ONBOARDING_ITEMS.filter((i) => sections.includes(i.section) && !isPlanBlocked(i.key, ctx));
}

/** Progress in percent: completed / total of the counted items, rounded (spec 1 section 4). */
export function onboardingProgress(ctx: OnboardingPlanContext, statuses: Partial<OnboardingStatuses>): { completed: number; total: number; percent: number } {
  const items = countedItems(ctx);
  const completed = items.filter((i) => statuses[i.key as OnboardingItemKey]).length;
  return { completed, total: items.length, percent: items.length ? Math.round((completed / items.length) * 100) : 0 };
}

/** The local storage key of the fold state (spec 1 section 2.5). */
export const ONBOARDING_FOLD_KEY = 'onboarding-isFold';
/** The onboarding dialog's bounds (spec 1 section 9). */
export const ONBOARDING_DIALOG = { maxWidth: 740, maxHeight: 740, navWidth: 241 } as const;

export const ONBOARDING_MSG = {
  itemInvalid: '온보딩 항목을 다시 확인해 주세요',
  notFound: '온보딩 정보를 찾을 수 없어요',
  notButtonItem: '이 항목은 설정을 마치면 자동으로 완료돼요',
  sectionMismatch: '온보딩 항목과 분류가 맞지 않아요',
} as const;

/** The body of PATCH /v1/statistics/onboarding/status/{id}: the section (parent key) and the item pressed. */
export const onboardingCompleteSchema = yup.object({
  parentKey: yup.string().required(ONBOARDING_MSG.itemInvalid).oneOf([...ONBOARDING_SECTIONS], ONBOARDING_MSG.itemInvalid),
  key: yup.string().required(ONBOARDING_MSG.itemInvalid).oneOf([...ONBOARDING_ITEM_KEYS], ONBOARDING_MSG.itemInvalid),
});
