import { checkAccess, isSubscribed, type AccessContext } from './access';
import type { SubscriptionInfo } from './plans';
import { MEMBERSHIP_RULE, MEMBERSHIP_WRITE_RULE } from './resources/membershipTemplate';

const NOW = new Date('2026-11-22T01:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const active: SubscriptionInfo = { planGroup: 'PRO', startDate: iso(-DAY), endDate: iso(DAY), isCanceled: false, isTrial: false };

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  adminType: 'b2b', isSubAccount: false, settings: [{ name: 'GUARANTEE', option: null, endAt: null }], subscription: active, ...over,
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
    expect(checkAccess(ctx({ subscription: null }), {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
    expect(checkAccess(ctx({ subscription: { ...active, isTrial: true, endDate: iso(-1) } }), {}, NOW)).toBe('TRIAL_FINISHED');
    expect(checkAccess(ctx({ subscription: { ...active, endDate: iso(-1) } }), {}, NOW)).toBe('SUBSCRIPTION_REQUIRED');
    expect(checkAccess(ctx({ subscription: { ...active, planGroup: 'ENTERPRISE', endDate: iso(-1) } }), {}, NOW)).toBeNull();
  });

  it('lets non-subscribers through rules with subscribed: false', () => {
    expect(checkAccess(ctx({ subscription: null }), { subscribed: false }, NOW)).toBeNull();
  });

  it('requires the rule\'s feature to be in use', () => {
    expect(checkAccess(ctx(), { feature: 'GUARANTEE' }, NOW)).toBeNull();
    expect(checkAccess(ctx(), { feature: 'WAITING' }, NOW)).toBe('FEATURE_DISABLED');
    const ending = ctx({ settings: [{ name: 'WAITING', option: null, endAt: iso(DAY) }], subscription: null });
    expect(checkAccess(ending, { feature: 'WAITING', subscribed: false }, NOW)).toBe('FEATURE_DISABLED');
  });

  it('isSubscribed follows the derived state', () => {
    expect(isSubscribed(ctx(), NOW)).toBe(true);
    expect(isSubscribed(ctx({ subscription: null }), NOW)).toBe(false);
  });
});
