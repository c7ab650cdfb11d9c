import {
  BUTTON_ITEM_KEYS, ONBOARDING_ITEMS, ONBOARDING_SECTIONS, actionRefusal, countedItems, hasOnboarding, isPlanBlocked, itemsOf,
  onboardingCompleteSchema, onboardingProgress, sectionWidthPercent, visibleSections, type OnboardingPlanContext, type OnboardingStatuses,
} from './onboarding';
import { MSG } from './messages';

const ctx = (planGroup: OnboardingPlanContext['planGroup'], settings: string[] = ['GUARANTEE', 'MEMBERSHIP']): OnboardingPlanContext => ({
  planGroup, settings: settings.map((name) => ({ name: name as never })),
});
const all = (value: boolean) => Object.fromEntries(ONBOARDING_ITEMS.map((i) => [i.key, value])) as OnboardingStatuses;

describe('onboarding sections and items (spec 1 section 3)', () => {
  it('lists the four sections and their items exactly', () => {
    expect(ONBOARDING_SECTIONS).toEqual(['basicSettings', 'guarantee', 'promotionMembership', 'externalDataInterwork']);
    expect(itemsOf('basicSettings').map((i) => i.key)).toEqual(['lounge', 'kakaoChannelInterwork', 'personalInfoDelegation', 'kakaoChatMenu', 'brandTermsRegistration', 'profileSetting']);
    expect(itemsOf('guarantee').map((i) => i.key)).toEqual(['guaranteeSettings', 'sellerManagement', 'purchaseVerificationSettings', 'guaranteeNotificationTalk']);
    expect(itemsOf('promotionMembership').map((i) => i.key)).toEqual(['membershipAddition', 'couponAddition', 'membershipApplicationSettings', 'membershipNotificationTalk']);
    expect(itemsOf('externalDataInterwork').map((i) => i.key)).toEqual(['cafe24OrderInterwork', 'naverOrderInterwork', 'cafe24CustomerInterwork', 'cafe24PointInterwork']);
  });

  it('completes three items by a button: personal-info delegation, kakao chat menu and the notification settings', () => {
    expect(BUTTON_ITEM_KEYS).toEqual(['personalInfoDelegation', 'kakaoChatMenu', 'guaranteeNotificationTalk']);
  });

  it('gives onboarding to a brand main account only: never a repairer, launderer or sub-account', () => {
    expect(hasOnboarding({ adminType: 'b2b', idx: 1, parentIdx: 1 })).toBe(true);
    expect(hasOnboarding({ adminType: 'b2b', idx: 2, parentIdx: 1 })).toBe(false);
    expect(hasOnboarding({ adminType: 'repairer', idx: 3, parentIdx: 3 })).toBe(false);
    expect(hasOnboarding({ adminType: 'launderer', idx: 4, parentIdx: 4 })).toBe(false);
  });
});

describe('plan rules (spec 1 section 4)', () => {
  it('Starter hides two sections and widens the other two to 50%', () => {
    expect(visibleSections(ctx('STARTER'))).toEqual(['basicSettings', 'guarantee']);
    expect(sectionWidthPercent(ctx('STARTER'))).toBe(50);
    expect(visibleSections(ctx('PRO'))).toEqual(ONBOARDING_SECTIONS);
    expect(sectionWidthPercent(ctx('PRO'))).toBe(25);
  });

  it('Starter blocks the online-shop customer and point integration', () => {
    expect(isPlanBlocked('cafe24CustomerInterwork', ctx('STARTER'))).toBe(true);
    expect(isPlanBlocked('cafe24PointInterwork', ctx('STARTER'))).toBe(true);
    expect(isPlanBlocked('cafe24OrderInterwork', ctx('STARTER'))).toBe(false);
    expect(isPlanBlocked('membershipAddition', ctx('STARTER'))).toBe(false);
  });

  it('Standard blocks the same plus every membership setup item', () => {
    for (const i of itemsOf('promotionMembership')) expect(isPlanBlocked(i.key, ctx('STANDARD'))).toBe(true);
    expect(isPlanBlocked('cafe24PointInterwork', ctx('STANDARD'))).toBe(true);
    expect(isPlanBlocked('guaranteeSettings', ctx('STANDARD'))).toBe(false);
    expect(actionRefusal('membershipAddition', ctx('STANDARD'), all(false))).toBe(MSG.featureBlocked);
  });

  it('Enterprise without the guarantee feature blocks the guarantee items; otherwise nothing', () => {
    expect(isPlanBlocked('guaranteeSettings', ctx('ENTERPRISE', ['MEMBERSHIP']))).toBe(true);
    expect(isPlanBlocked('guaranteeSettings', ctx('ENTERPRISE'))).toBe(false);
    expect(ONBOARDING_ITEMS.some((i) => isPlanBlocked(i.key, ctx('ENTERPRISE')))).toBe(false);
    expect(ONBOARDING_ITEMS.some((i) => isPlanBlocked(i.key, ctx('PRO')))).toBe(false);
  });
});

describe('prerequisites (spec 1 section 5)', () => {
  it('asks for the guarantee before purchase verification and the notification talk', () => {
    const none = all(false);
    expect(actionRefusal('purchaseVerificationSettings', ctx('PRO'), none)).toBe('먼저 보증서를 설정해 주세요');
    expect(actionRefusal('guaranteeNotificationTalk', ctx('PRO'), none)).toBe('먼저 보증서를 설정해 주세요');
    expect(actionRefusal('guaranteeNotificationTalk', ctx('PRO'), { ...none, guaranteeSettings: true })).toBeNull();
  });

  it('asks for a membership before coupons, the application settings and the notification talk', () => {
    const none = all(false);
    for (const key of ['couponAddition', 'membershipApplicationSettings', 'membershipNotificationTalk']) {
      expect(actionRefusal(key, ctx('PRO'), none)).toBe('먼저 멤버십을 추가해 주세요');
      expect(actionRefusal(key, ctx('PRO'), { ...none, membershipAddition: true })).toBeNull();
    }
    expect(actionRefusal('lounge', ctx('PRO'), none)).toBeNull();
  });
});

describe('progress (spec 1 section 4)', () => {
  it('is completed / total of the counted items, rounded', () => {
    expect(onboardingProgress(ctx('PRO'), all(false))).toEqual({ completed: 0, total: 18, percent: 0 });
    expect(onboardingProgress(ctx('PRO'), { ...all(false), lounge: true, guaranteeSettings: true, membershipAddition: true })).toEqual({ completed: 3, total: 18, percent: 17 });
    expect(onboardingProgress(ctx('PRO'), all(true)).percent).toBe(100);
  });

  it('counts only the shown, unblocked items', () => {
    expect(countedItems(ctx('STARTER')).map((i) => i.section)).not.toContain('promotionMembership');
    expect(onboardingProgress(ctx('STARTER'), { ...all(false), lounge: true }).total).toBe(10);
    // Standard: the membership section and the two online-shop data items cannot be done.
    expect(onboardingProgress(ctx('STANDARD'), { ...all(false), lounge: true })).toEqual({ completed: 1, total: 12, percent: 8 });
  });
});

describe('the completion body', () => {
  it('takes a known section and item, else the item message', async () => {
    await expect(onboardingCompleteSchema.validate({ parentKey: 'basicSettings', key: 'kakaoChatMenu' })).resolves.toEqual({ parentKey: 'basicSettings', key: 'kakaoChatMenu' });
    await expect(onboardingCompleteSchema.validate({ parentKey: 'basicSettings', key: 'nope' })).rejects.toThrow('온보딩 항목을 다시 확인해 주세요');
  });
});
