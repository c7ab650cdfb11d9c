import { checkAccess, checkAccessAt, isSubscribed, type AccessContext } from './access';
import type { SubscriptionInfo } from './plans';
import { MEMBERSHIP_RULE, MEMBERSHIP_WRITE_RULE } from './resources/membershipTemplate';

const NOW = new Date('2026-11-22T01:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const active: SubscriptionInfo = { planGroup: 'PRO', startDate: iso(-DAY), endDate: iso(DAY), isCanceled: false, isTrial: false };

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  adminType: 'b2b', isSubAccount: false, settings: [{ name: 'GUARANTEE', option: null, endAt: null }], subscription: active, subscriptionState: 'CHARGED', ...over,
});

describe('checkAccess (the one rule check)', () => {
  it('allows a subscribed brand admin by default', () => {
    expect(checkAccess(ctx(), {}, NOW)).toBeNull();
  });

  it('admits only b2b unless the rule lists other admin types', () => {
    expect(checkAccess(ctx({ adminType: 'repairer' }), {}, NOW)).toBe('FORBIDDEN_ROLE');
    expect(checkAccess(ctx({ adminType: 'launderer' }), { adminTypes: ['b2b', 'repairer'] }, NOW)).toBe('FORBIDDEN_ROLE');
    expect(checkAccess(ctx({ adminType: 'repairer' }), { adminTypes: ['b2b', 'repairer'] }, NOW)).toBeNull();
  });

  it('refuses sub-accounts on main-only rules', () => {
    expect(checkAccess(ctx({ isSubAccount: true }), { mainOnly: true }, NOW)).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect(checkAccess(ctx({ isSubAccount: true }), {}, NOW)).toBeNull();
  });

  it('refuses the plans a rule blocks (STANDARD blocks membership setup) as a disabled feature', () => {
    const membership = ctx({ settings: [{ name: 'MEMBERSHIP', option: null, endAt: null }] });
    expect(checkAccess(membership, MEMBERSHIP_RULE, NOW)).toBeNull();
    expect(checkAccess({ ...membership, subscription: { ...active, planGroup: 'STANDARD' } }, MEMBERSHIP_RULE, NOW)).toBe('FEATURE_DISABLED');
    expect(checkAccess({ ...membership, subscription: { ...active, planGroup: 'ENTERPRISE' } }, MEMBERSHIP_WRITE_RULE, NOW)).toBeNull();
    expect(checkAccess(ctx(), MEMBERSHIP_RULE, NOW)).toBe('FEATURE_DISABLED');
  });

  it('checks the role before the hierarchy', () => {
    expect(checkAccess(ctx({ adminType: 'repairer', isSubAccount: true }), { mainOnly: true }, NOW)).toBe('FORBIDDEN_ROLE');
  });

  it('never asks repairers and launderers for a subscription or feature', () => {
    const partner = ctx({ adminType: 'launderer', subscription: null, settings: [] });
    expect(checkAccess(partner, { adminTypes: ['launderer'], feature: 'LAUNDRY' }, NOW)).toBeNull();
  });

  it('requires a subscription by default, naming the ended trial apart', () => {
    expect(checkAccess(ctx({ subscription: null, subscriptionState: null }), {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
    expect(checkAccess(ctx({ subscriptionState: 'TRIAL_FINISHED' }), {}, NOW)).toBe('TRIAL_FINISHED');
    expect(checkAccess(ctx({ subscriptionState: 'CHARGED_PLAN_FINISHED' }), {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
    expect(checkAccess(ctx({ subscriptionState: 'ENTERPRISE' }), {}, NOW)).toBeNull();
  });

  it("takes the subscription's state from the context, never from the dates and `now` (issue 23 item 11)", () => {
    // The console's context carries the state the server computed; a browser clock years off changes nothing.
    const endedByDates = { ...active, endDate: iso(-1) };
    expect(checkAccess(ctx({ subscription: endedByDates, subscriptionState: 'CHARGED' }), { feature: 'GUARANTEE' }, NOW)).toBeNull();
    expect(checkAccess(ctx({ subscriptionState: 'TRIAL_FINISHED' }), {}, new Date('1999-01-01T00:00:00Z'))).toBe('TRIAL_FINISHED');
  });

  it('checkAccessAt (the server) derives the state from the subscription at its own now', () => {
    const source = { adminType: 'b2b' as const, isSubAccount: false, settings: [], subscription: active };
    expect(checkAccessAt(source, {}, NOW)).toBeNull();
    expect(checkAccessAt({ ...source, subscription: { ...active, isTrial: true, endDate: iso(-1) } }, {}, NOW)).toBe('TRIAL_FINISHED');
    expect(checkAccessAt({ ...source, subscription: { ...active, endDate: iso(-1) } }, {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
    expect(checkAccessAt({ ...source, subscription: { ...active, planGroup: 'ENTERPRISE', endDate: iso(-1) } }, {}, NOW)).toBeNull();
    expect(checkAccessAt({ ...source, subscription: null }, {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('lets non-subscribers through rules with subscribed: false', () => {
    expect(checkAccess(ctx({ subscription: null, subscriptionState: null }), { subscribed: false }, NOW)).toBeNull();
  });

  it('requires the rule\'s feature to be in use', () => {
    expect(checkAccess(ctx(), { feature: 'GUARANTEE' }, NOW)).toBeNull();
    expect(checkAccess(ctx(), { feature: 'WAITING' }, NOW)).toBe('FEATURE_DISABLED');
    const ending = ctx({ settings: [{ name: 'WAITING', option: null, endAt: iso(DAY) }], subscription: null, subscriptionState: null });
    expect(checkAccess(ending, { feature: 'WAITING', subscribed: false }, NOW)).toBe('FEATURE_DISABLED');
  });

  it("isSubscribed follows the context's state", () => {
    expect(isSubscribed(ctx())).toBe(true);
    expect(isSubscribed(ctx({ subscriptionState: 'TRIAL_FINISHED' }))).toBe(false);
    expect(isSubscribed(ctx({ subscription: null, subscriptionState: null }))).toBe(false);
  });
});
