/**
 * VAT (부가세) of what the console sells (spec 1 §9: 10%, extra to the price), one rule for the server's
 * charges, bills and receipts and the console's totals (issue 23 item 14):
 * - A price is the supply value (공급가액) in whole won, VAT excluded. Its VAT is 10% rounded half up to
 *   the won, in integer arithmetic; a refund's (negative) is the mirror of the same charge's (−15 → −2).
 * - Each line of a bill carries its own VAT. A receipt's 공급가액 is the sum of its lines' prices, its 부가세
 *   the sum of their VAT, and 합계 = 공급가액 + 부가세: the amount charged (or refunded).
 */
const VAT_RATE_PERCENT = 10;

export function vatOf(supply: number): number {
  const vat = Math.floor((Math.abs(supply) * VAT_RATE_PERCENT + 50) / 100);
  return supply < 0 && vat > 0 ? -vat : vat;
}

export interface VatSplit {
  /** 공급가액 */
  supply: number;
  /** 부가세 */
  vat: number;
  /** 합계 */
  total: number;
}

export const withVat = (supply: number): VatSplit => ({ supply, vat: vatOf(supply), total: supply + vatOf(supply) });

/** A receipt's totals from its lines (each `price` VAT excluded, with its `vat`). */
export function receiptTotals(lines: readonly { price: number; vat: number }[]): VatSplit {
  const supply = lines.reduce((s, l) => s + l.price, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0);
  return { supply, vat, total: supply + vat };
}
