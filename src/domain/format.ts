/**
 * Numbers as the console shows them (Korean grouping): one place for counts and won amounts, so a
 * screen, a dashboard and a message never disagree about "1,234,000원".
 */

/** 1234567 → '1,234,567'. */
export function formatNumber(n: number): string {
  return n.toLocaleString('ko-KR');
}

/**
 * A won amount: 1234000 → '1,234,000원'. Numeric strings count (the API sends some amounts as text);
 * anything that is not a finite number shows as `empty` (a dash by default).
 */
export function formatWon(value: unknown, empty = '-'): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? `${formatNumber(n)}원` : empty;
}

/** "1,234,000" → 1234000; '' → null; anything else that is not a whole number → NaN. */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return input;
  const raw = input.replace(/,/g, '').trim();
  if (raw === '') return null;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** 1234000 → "1,234,000" while typing; non-digits are dropped. */
export function formatPrice(input: string | number | null | undefined): string {
  const digits = String(input ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits ? formatNumber(Number(digits)) : '';
}
