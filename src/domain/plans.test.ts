import {
  daysLeft, deriveSubscriptionState, isActiveState, isFeatureInUse, isPlanRestricted, issueGate,
  type FeatureSetting, type SubscriptionInfo,
} from './plans';

const NOW = new Date('2026-11-22T01:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const sub = (over: Partial<SubscriptionInfo> = {}): SubscriptionInfo => ({
  planGroup: 'PRO', startDate: iso(-DAY), endDate: iso(DAY), isCanceled: false, isTrial: false, ...over,
});

describe('deriveSubscriptionState (spec 1 section 3)', () => {
  it('derives each of the five states, and null without a subscription', () => {
    expect(deriveSubscriptionState(null, NOW)).toBeNull();
    expect(deriveSubscriptionState(sub({ planGroup: 'ENTERPRISE', endDate: iso(-DAY) }), NOW)).toBe('ENTERPRISE');
    expect(deriveSubscriptionState(sub({ isTrial: true }), NOW)).toBe('TRIAL');
    expect(deriveSubscriptionState(sub({ isTrial: true, endDate: iso(-1) }), NOW)).toBe('TRIAL_FINISHED');
    expect(deriveSubscriptionState(sub(), NOW)).toBe('CHARGED');
    expect(deriveSubscriptionState(sub({ endDate: iso(-1) }), NOW)).toBe('CHARGED_PLAN_FINISHED');
  });

  it('ends exactly at the end date, runs on without one, and keeps a cancelled plan until its end', () => {
    expect(deriveSubscriptionState(sub({ endDate: iso(0) }), NOW)).toBe('CHARGED_PLAN_FINISHED');
    expect(deriveSubscriptionState(sub({ endDate: null }), NOW)).toBe('CHARGED');
    expect(deriveSubscriptionState(sub({ isCanceled: true }), NOW)).toBe('CHARGED');
  });

  it('counts only ENTERPRISE, TRIAL and CHARGED as active', () => {
    expect([null, 'ENTERPRISE', 'TRIAL', 'CHARGED', 'TRIAL_FINISHED', 'CHARGED_PLAN_FINISHED'].map((s) => isActiveState(s as never)))
      .toEqual([false, true, true, true, false, false]);
  });
});

describe('daysLeft', () => {
  it('counts whole days left, 0 on the last day, never negative, null without an end', () => {
    expect(daysLeft(iso(14 * DAY), NOW)).toBe(14);
    expect(daysLeft(iso(14 * DAY - 1), NOW)).toBe(13);
    expect(daysLeft(iso(DAY - 1), NOW)).toBe(0);
    expect(daysLeft(iso(-5 * DAY), NOW)).toBe(0);
    expect(daysLeft(null, NOW)).toBeNull();
  });
});

describe('isFeatureInUse (spec 1 section 4)', () => {
  const settings: FeatureSetting[] = [
    { name: 'GUARANTEE', option: null, endAt: null },
    { name: 'MEMBERSHIP', option: null, endAt: iso(DAY) },
    { name: 'REPAIR', option: null, endAt: iso(-DAY) },
  ];
  it('is off for a feature that is not set', () => {
    expect(isFeatureInUse(settings, 'WAITING', true, NOW)).toBe(false);
  });
  it('is on for a feature without an end date', () => {
    expect(isFeatureInUse(settings, 'GUARANTEE', true, NOW)).toBe(true);
    expect(isFeatureInUse(settings, 'GUARANTEE', false, NOW)).toBe(true);
  });
  it('with an end date, is on only until then and only when subscribed', () => {
    expect(isFeatureInUse(settings, 'MEMBERSHIP', true, NOW)).toBe(true);
    expect(isFeatureInUse(settings, 'MEMBERSHIP', false, NOW)).toBe(false);
    expect(isFeatureInUse(settings, 'REPAIR', true, NOW)).toBe(false);
  });
});

describe('issueGate (spec 1 section 4, issuing warranties)', () => {
  it('lets active states issue and names the modal otherwise', () => {
    expect(issueGate('TRIAL')).toBe('ok');
    expect(issueGate('CHARGED')).toBe('ok');
    expect(issueGate('ENTERPRISE')).toBe('ok');
    expect(issueGate('TRIAL_FINISHED')).toBe('TRIAL_FINISHED');
    expect(issueGate('CHARGED_PLAN_FINISHED')).toBe('SUBSCRIPTION_REQUIRED');
    expect(issueGate(null)).toBe('SUBSCRIPTION_REQUIRED');
  });
});

describe('isPlanRestricted', () => {
  it('blocks shop integration on Starter and Standard, membership setup on Standard, guarantee setup on Enterprise without the feature', () => {
    expect(isPlanRestricted('cafe24CustomerInterwork', 'STARTER', true)).toBe(true);
    expect(isPlanRestricted('cafe24PointInterwork', 'STANDARD', true)).toBe(true);
    expect(isPlanRestricted('cafe24PointInterwork', 'PRO', true)).toBe(false);
    expect(isPlanRestricted('membershipSetup', 'STANDARD', true)).toBe(true);
    expect(isPlanRestricted('membershipSetup', 'STARTER', true)).toBe(false);
    expect(isPlanRestricted('guaranteeSetup', 'ENTERPRISE', false)).toBe(true);
    expect(isPlanRestricted('guaranteeSetup', 'ENTERPRISE', true)).toBe(false);
  });
});
