import { describe, expect, it } from 'vitest';
import {
  isPlanInUse, nextPeriodEnd, periodEndFor, prorationLines, quote, quoteDirection, remainingDays, renewalAttemptAt, renewalAttemptDue, subscriptionStatusOf,
  type PricedPlan,
} from './subscription';
import { withVat } from './vat';
import type { SubscriptionInfo } from './plans';

const STANDARD: PricedPlan = { planId: 'STANDARD_MONTHLY', groupId: 'STANDARD', name: 'Standard', price: 99_000 };
const PRO: PricedPlan = { planId: 'PRO_MONTHLY', groupId: 'PRO', name: 'Pro', price: 199_000 };
// 2026-11-24 10:00 Seoul
const now = new Date('2026-11-24T01:00:00Z');

describe('subscription prices', () => {
  it('adds VAT 10%', () => {
    expect(withVat(99_000)).toEqual({ supply: 99_000, vat: 9_900, total: 108_900 });
  });

  it('starts a new period today and ends it at 00:00 Seoul the same day next month', () => {
    expect(periodEndFor(now).toISOString()).toBe('2026-12-23T15:00:00.000Z');
    expect(nextPeriodEnd(new Date('2027-01-30T15:00:00Z')).toISOString()).toBe('2027-02-27T15:00:00.000Z');
    const q = quote(STANDARD, null, now);
    expect(q).toMatchObject({ kind: 'NEW', price: 99_000, vat: 9_900, totalAmount: 108_900, endDate: '2026-12-23T15:00:00.000Z' });
    expect(q.items).toEqual([expect.objectContaining({ itemType: 'PLAN', itemName: 'Standard', originPrice: 99_000, price: 99_000 })]);
  });

  it('charges a full month when the running period already ended', () => {
    const ended = { plan: STANDARD, startDate: new Date('2026-10-01T00:00:00Z'), endDate: new Date('2026-11-01T00:00:00Z') };
    expect(quote(PRO, ended, now).kind).toBe('NEW');
  });

  it('prorates an upgrade over the days left in the period, today included', () => {
    // Period 2026-11-14 → 2026-12-14 (30 days); on the 24th, 20 days are left.
    const period = { plan: STANDARD, startDate: new Date('2026-11-13T15:00:00Z'), endDate: new Date('2026-12-13T15:00:00Z') };
    expect(remainingDays(period.endDate, now)).toBe(20);
    const q = quote(PRO, period, now);
    const credit = Math.round((99_000 * 20) / 30); // 66,000
    const charge = Math.round((199_000 * 20) / 30); // 132,667
    expect(q).toMatchObject({ kind: 'UPGRADE', remainingDays: 20, periodDays: 30, price: charge - credit, endDate: period.endDate.toISOString() });
    expect(q.items.map((i) => [i.itemType, i.price])).toEqual([['PLAN', charge], ['REFUND_PLAN', -credit]]);
    expect(q.totalAmount).toBe(charge + Math.round(charge * 0.1) - credit - Math.round(credit * 0.1));
    expect(q.vat).toBe(q.totalAmount - q.price);
  });

  it('refunds a downgrade: the amount is negative, the period end stays', () => {
    const period = { plan: PRO, startDate: new Date('2026-11-13T15:00:00Z'), endDate: new Date('2026-12-13T15:00:00Z') };
    const q = quote(STANDARD, period, now);
    expect(q.kind).toBe('DOWNGRADE');
    expect(q.price).toBe(66_000 - 132_667);
    expect(q.totalAmount).toBeLessThan(0);
    expect(q.endDate).toBe(period.endDate.toISOString());
  });

  it('quotes nothing for the same plan', () => {
    const period = { plan: PRO, startDate: new Date('2026-11-13T15:00:00Z'), endDate: new Date('2026-12-13T15:00:00Z') };
    expect(quote(PRO, period, now)).toMatchObject({ kind: 'SAME', totalAmount: 0, items: [] });
  });
});

describe('renewal schedule', () => {
  const end = new Date('2026-12-23T15:00:00Z');
  it('tries 3 times a day apart, the last at the period end', () => {
    expect(renewalAttemptAt(end, 0)!.toISOString()).toBe('2026-12-21T15:00:00.000Z');
    expect(renewalAttemptAt(end, 2)!.toISOString()).toBe(end.toISOString());
    expect(renewalAttemptAt(end, 3)).toBeNull();
  });
  it('is due only from its time', () => {
    expect(renewalAttemptDue(end, 0, new Date('2026-12-21T14:59:59Z'))).toBe(false);
    expect(renewalAttemptDue(end, 0, new Date('2026-12-21T15:00:00Z'))).toBe(true);
    expect(renewalAttemptDue(end, 1, new Date('2026-12-21T15:00:00Z'))).toBe(false);
    expect(renewalAttemptDue(end, 3, new Date('2027-01-21T15:00:00Z'))).toBe(false);
  });
  it('waits a day after the last try, so a late job catches up one try a day', () => {
    const late = new Date('2026-12-24T03:00:00Z');
    expect(renewalAttemptDue(end, 0, late)).toBe(true);
    expect(renewalAttemptDue(end, 1, late, late)).toBe(false);
    expect(renewalAttemptDue(end, 1, new Date(late.getTime() + 19 * 3_600_000), late)).toBe(false);
    expect(renewalAttemptDue(end, 1, new Date(late.getTime() + 20 * 3_600_000), late)).toBe(true);
    // On schedule, a run a few minutes earlier in the day than the last try still makes its try.
    const first = new Date('2026-12-21T15:40:00Z');
    expect(renewalAttemptDue(end, 1, new Date('2026-12-22T15:05:00Z'), first)).toBe(true);
  });
});

describe('what the console shows of a subscription (issue 23 items 10 to 12)', () => {
  const paid = (over: Partial<SubscriptionInfo> = {}): SubscriptionInfo => ({
    planGroup: 'PRO', startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', isCanceled: false, isTrial: false, ...over,
  });
  const before = new Date('2026-11-24T01:00:00Z');
  const after = new Date('2026-12-02T00:00:00Z');

  it('has one status: a cancelled running period is CANCEL_SCHEDULED, once ended only CHARGED_PLAN_FINISHED', () => {
    expect(subscriptionStatusOf(paid(), before)).toBe('CHARGED');
    expect(subscriptionStatusOf(paid({ isCanceled: true }), before)).toBe('CANCEL_SCHEDULED');
    expect(subscriptionStatusOf(paid({ isCanceled: true }), after)).toBe('CHARGED_PLAN_FINISHED');
    expect(subscriptionStatusOf(paid(), after)).toBe('CHARGED_PLAN_FINISHED');
    expect(subscriptionStatusOf(paid({ isTrial: true }), before)).toBe('TRIAL');
    expect(subscriptionStatusOf(paid({ isTrial: true }), after)).toBe('TRIAL_FINISHED');
    expect(subscriptionStatusOf(paid({ planGroup: 'ENTERPRISE', isCanceled: true }), after)).toBe('ENTERPRISE');
    expect(subscriptionStatusOf(null, before)).toBeNull();
  });

  it('keeps the plan in use (이용 중) only while it runs: not after a trial or a paid period ended', () => {
    expect(isPlanInUse('CHARGED')).toBe(true);
    expect(isPlanInUse('CANCEL_SCHEDULED')).toBe(true);
    expect(isPlanInUse('TRIAL')).toBe(true);
    expect(isPlanInUse('ENTERPRISE')).toBe(true);
    expect(isPlanInUse('TRIAL_FINISHED')).toBe(false);
    expect(isPlanInUse('CHARGED_PLAN_FINISHED')).toBe(false);
    expect(isPlanInUse(null)).toBe(false);
  });

  // Period 2026-11-14 → 2026-12-14 (30 days); on the 24th, 20 days are left.
  const period = (plan: PricedPlan) => ({ plan, startDate: new Date('2026-11-13T15:00:00Z'), endDate: new Date('2026-12-13T15:00:00Z') });

  it('says where the money goes: a new plan and an upgrade are paid, a downgrade refunded, a resumed plan moves nothing', () => {
    expect(quoteDirection(quote(STANDARD, null, now))).toBe('PAY');
    expect(quoteDirection(quote(PRO, period(STANDARD), now))).toBe('PAY');
    expect(quoteDirection(quote(STANDARD, period(PRO), now))).toBe('REFUND');
    expect(quoteDirection(quote(PRO, period(PRO), now))).toBe('NONE');
  });

  it('prorates a change in two lines that add up to the total: the new plan for the days left minus the unused part of the old', () => {
    const up = quote(PRO, period(STANDARD), now);
    const lines = prorationLines(up);
    expect(lines).toEqual([
      { kind: 'CHARGE', planName: 'Pro', monthlyPrice: 199_000, days: 20, periodDays: 30, amount: withVat(Math.round((199_000 * 20) / 30)).total },
      { kind: 'CREDIT', planName: 'Standard', monthlyPrice: 99_000, days: 20, periodDays: 30, amount: withVat(Math.round((99_000 * 20) / 30)).total },
    ]);
    expect(lines[0].amount - lines[1].amount).toBe(up.totalAmount);
    const down = quote(STANDARD, period(PRO), now);
    const [charge, credit] = prorationLines(down);
    expect(charge.amount - credit.amount).toBe(down.totalAmount);
    expect(down.totalAmount).toBeLessThan(0);
    expect(prorationLines(quote(STANDARD, null, now))).toEqual([]);
    expect(prorationLines(quote(PRO, period(PRO), now))).toEqual([]);
  });
});
