import { AsYouType } from 'libphonenumber-js';
import { formatNumber } from '../../domain/format';
import { seoulDateTime } from '../../domain/seoulDay';

/**
 * Console-only formatting of customer values (spec 3 section 3): gender M/F/dash, 8-digit dates as
 * year-month-day, Y/N flags (won amounts: formatWon in src/domain/format.ts), 2-decimal metrics. Pure functions, unit-tested in
 * customer.test.tsx through the screens and directly.
 */

export const DASH = '-';

/** 'M' → 남성, 'F' → 여성, anything else a dash. */
export function formatGender(gender: unknown, labels: { M: string; F: string } = { M: '남성', F: '여성' }): string {
  return gender === 'M' ? labels.M : gender === 'F' ? labels.F : DASH;
}

/** '20260105' → '2026-01-05'; an ISO date or timestamp → its date; anything else a dash. */
export function formatYmd(value: unknown): string {
  if (typeof value !== 'string' || value === '') return DASH;
  const eight = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (eight) return `${eight[1]}-${eight[2]}-${eight[3]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (iso) return iso[1]!;
  return DASH;
}

/** A count with thousands separators; null/undefined → dash. */
export function formatCount(value: unknown): string {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DASH;
  return formatNumber(n);
}

/** 2 decimals at most (spec 1 "Customer metrics"), with separators: 1234.5 → '1,234.5', 12.345 → '12.35'. */
export function formatMetric(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DASH;
  return value.toLocaleString('ko-KR', { maximumFractionDigits: 2 });
}

/** The sign-up rate with % (spec 1): 12.345 → '12.35%'. */
export function formatRatePercent(value: unknown): string {
  const text = formatMetric(value);
  return text === DASH ? DASH : `${text}%`;
}

/** 'Y'/'N' → the given labels; anything else a dash. */
export function formatYn(value: unknown, labels: { Y: string; N: string }): string {
  return value === 'Y' ? labels.Y : value === 'N' ? labels.N : DASH;
}

/** National digits → the hyphenated form ('01012345678' → '010-1234-5678'); others as given. */
export function formatPhone(phone: unknown, countryCode: unknown = '82'): string {
  if (typeof phone !== 'string' || phone === '') return DASH;
  if (String(countryCode ?? '82') !== '82') return `+${String(countryCode)} ${phone}`;
  const digits = phone.replace(/\D/g, '');
  const m = /^(01\d)(\d{3,4})(\d{4})$/.exec(digits);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  return new AsYouType('KR').input(digits) || phone;
}

/** An ISO timestamp → 'YYYY-MM-DD HH:mm' in Seoul time; anything else a dash. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return DASH;
  return seoulDateTime(value) || formatYmd(value);
}
