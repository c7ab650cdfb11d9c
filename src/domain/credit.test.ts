import { describe, expect, it } from 'vitest';
import {
  CREDIT_MSG, RECHARGE_AMOUNTS, RECHARGE_THRESHOLDS, chargeTotalOf, creditConfigSchema, refundRefusal, transactionRangeErrors, withinRefundWindow,
} from './credit';

const DAY = 24 * 60 * 60 * 1000;
const errorsOf = async (body: unknown) => {
  try {
    await creditConfigSchema.validate(body, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
};

describe('credit rules', () => {
  it('offers the spec option lists', () => {
    expect(RECHARGE_THRESHOLDS).toEqual([50_000, 100_000, 300_000, 500_000, 1_000_000]);
    expect(RECHARGE_AMOUNTS).toEqual([100_000, 300_000, 500_000, 1_000_000, 5_000_000]);
  });

  it('adds VAT 10% (src/domain/vat.ts)', () => {
    expect(chargeTotalOf(100_000)).toEqual({ amount: 100_000, vat: 10_000, total: 110_000 });
    expect(chargeTotalOf(5_000_000)).toEqual({ amount: 5_000_000, vat: 500_000, total: 5_500_000 });
  });

  it('accepts a threshold below the amount', async () => {
    expect(await errorsOf({ accountIdx: 1, rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: true })).toEqual({});
  });

  it.each([[100_000, 100_000], [300_000, 100_000], [1_000_000, 500_000]])('refuses threshold %i with amount %i with the spec message', async (threshold, amount) => {
    expect(await errorsOf({ accountIdx: 1, rechargeThreshold: threshold, rechargeAmount: amount, autoRechargeActivated: true }))
      .toEqual({ rechargeAmount: '충전 조건보다 큰 금액을 선택해주세요.' });
  });

  it('refuses values outside the option lists and a missing flag', async () => {
    expect(await errorsOf({ accountIdx: 1, rechargeThreshold: 60_000, rechargeAmount: 200_000 })).toEqual({
      rechargeThreshold: CREDIT_MSG.thresholdInvalid, rechargeAmount: CREDIT_MSG.amountInvalid, autoRechargeActivated: CREDIT_MSG.activatedInvalid,
    });
    expect(await errorsOf({ accountIdx: 'x', rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: 'yes' }))
      .toEqual({ accountIdx: CREDIT_MSG.accountInvalid, autoRechargeActivated: CREDIT_MSG.activatedInvalid });
  });

  it('refunds within 7 days only, unused and paid', () => {
    const paid = new Date('2026-11-01T00:00:00Z');
    expect(withinRefundWindow(paid, new Date(paid.getTime() + 7 * DAY))).toBe(true);
    expect(withinRefundWindow(paid, new Date(paid.getTime() + 7 * DAY + 1))).toBe(false);
    expect(refundRefusal({ status: 'PAID', chargedAt: paid, usedSince: false }, new Date(paid.getTime() + DAY))).toBeNull();
    expect(refundRefusal({ status: 'PAID', chargedAt: paid, usedSince: true }, new Date(paid.getTime() + DAY))).toBe(CREDIT_MSG.refundUsed);
    expect(refundRefusal({ status: 'PAID', chargedAt: paid, usedSince: false }, new Date(paid.getTime() + 8 * DAY))).toBe(CREDIT_MSG.refundWindowPassed);
    expect(refundRefusal({ status: 'REFUNDED', chargedAt: paid, usedSince: false }, paid)).toBe(CREDIT_MSG.refundNotPaid);
  });

  it('needs start and end as days, in order, within a year, and a known sort', () => {
    expect(transactionRangeErrors({ start: '2026-11-01', end: '2026-11-30', sort: 'startedAt,desc' })).toEqual({});
    expect(transactionRangeErrors({})).toEqual({ start: CREDIT_MSG.startInvalid, end: CREDIT_MSG.endInvalid });
    expect(transactionRangeErrors({ start: '2026-02-30', end: '2026-03-01' })).toEqual({ start: CREDIT_MSG.startInvalid });
    expect(transactionRangeErrors({ start: '2026-11-02', end: '2026-11-01' })).toEqual({ end: CREDIT_MSG.rangeInvalid });
    expect(transactionRangeErrors({ start: '2025-01-01', end: '2026-11-01' })).toEqual({ end: CREDIT_MSG.rangeTooWide });
    expect(transactionRangeErrors({ start: '2026-11-01', end: '2026-11-01', sort: 'amount,asc' })).toEqual({ sort: CREDIT_MSG.sortInvalid });
  });
});
