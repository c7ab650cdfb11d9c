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
