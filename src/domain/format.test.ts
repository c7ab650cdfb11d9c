import { describe, expect, it } from 'vitest';
import { formatNumber, formatWon } from './format';

describe('formatNumber', () => {
  it('groups thousands the Korean way', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-5000)).toBe('-5,000');
  });
});

describe('formatWon', () => {
  it('adds 원 to a grouped amount, numeric strings included', () => {
    expect(formatWon(1234000)).toBe('1,234,000원');
    expect(formatWon(0)).toBe('0원');
    expect(formatWon('12345')).toBe('12,345원');
  });
  it('shows a dash, or the given empty text, for anything that is not an amount', () => {
    expect([formatWon(null), formatWon(undefined), formatWon(''), formatWon('abc'), formatWon(Number.NaN), formatWon(Infinity)]).toEqual(['-', '-', '-', '-', '-', '-']);
    expect(formatWon(null, '')).toBe('');
  });
});
