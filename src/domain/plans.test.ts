import {
  daysLeft, deriveSubscriptionState, trialEndFor, isActiveState, isFeatureInUse, issueGate,
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

describe('daysLeft and the trial end (issue 9 B15: Seoul days)', () => {
  // Sign-ups at 00:05, 10:00 and 23:59 KST on 2026-11-24; the first is 2026-11-23 in UTC.
  const STARTS = ['2026-11-23T15:05:00Z', '2026-11-24T01:00:00Z', '2026-11-24T14:59:00Z'].map((s) => new Date(s));

  it('ends a trial at 00:00 KST after 14 Seoul days, the sign-up day first', () => {
    for (const start of STARTS) expect(trialEndFor(start).toISOString()).toBe('2026-12-07T15:00:00.000Z');
  });

  it('shows 14 on the first day and 1 on the last, at any hour of those days', () => {
    for (const start of STARTS) {
      const end = trialEndFor(start).toISOString();
      expect(daysLeft(end, start)).toBe(14);
      expect(daysLeft(end, new Date('2026-11-24T14:59:59Z'))).toBe(14);
      expect(daysLeft(end, new Date('2026-11-24T15:00:00Z'))).toBe(13);
      expect(daysLeft(end, new Date('2026-12-06T15:00:00Z'))).toBe(1);
      expect(daysLeft(end, new Date('2026-12-07T14:59:59Z'))).toBe(1);
      expect(deriveSubscriptionState(sub({ isTrial: true, endDate: end }), new Date('2026-12-07T14:59:59Z'))).toBe('TRIAL');
      expect(deriveSubscriptionState(sub({ isTrial: true, endDate: end }), new Date('2026-12-07T15:00:00Z'))).toBe('TRIAL_FINISHED');
    }
  });

  it('counts to the end day in Seoul: 0 when it ends later today, never negative, null without an end', () => {
    expect(daysLeft('2026-11-22T12:00:00Z', NOW)).toBe(0); // 21:00 KST today
    expect(daysLeft('2026-11-22T15:00:00Z', NOW)).toBe(1); // 00:00 KST tomorrow
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
