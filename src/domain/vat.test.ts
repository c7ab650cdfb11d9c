import { describe, expect, it } from 'vitest';
import { receiptTotals, vatOf, withVat } from './vat';

describe('the VAT split rule (issue 23 item 14)', () => {
  it('is 10% of the supply value, rounded half up to a whole won', () => {
    expect(vatOf(99_000)).toBe(9_900);
    expect(vatOf(5_000_000)).toBe(500_000);
    expect(vatOf(15)).toBe(2); // 1.5 → 2
    expect(vatOf(14)).toBe(1); // 1.4 → 1
    expect(vatOf(46_433)).toBe(4_643); // 4,643.3
    expect(vatOf(46_435)).toBe(4_644); // 4,643.5
    expect(vatOf(0)).toBe(0);
  });

  it("mirrors a charge's VAT for a refund, never -0", () => {
    expect(vatOf(-15)).toBe(-2);
    expect(vatOf(-23_100)).toBe(-2_310);
    expect(Object.is(vatOf(-4), 0)).toBe(true);
  });

  it('splits a price into 공급가액, 부가세 and 합계', () => {
    expect(withVat(99_000)).toEqual({ supply: 99_000, vat: 9_900, total: 108_900 });
    expect(withVat(-23_100)).toEqual({ supply: -23_100, vat: -2_310, total: -25_410 });
  });

  it("totals a receipt from its lines: 공급가액 + 부가세 = 합계, each line's VAT as it was charged", () => {
    // An upgrade: Pro for 7 of 30 days, minus the unused Standard part.
    const lines = [{ price: 46_433, vat: vatOf(46_433) }, { price: -23_100, vat: vatOf(-23_100) }];
    expect(receiptTotals(lines)).toEqual({ supply: 23_333, vat: 2_333, total: 25_666 });
    expect(receiptTotals([])).toEqual({ supply: 0, vat: 0, total: 0 });
  });
});
