/** Patterns of spec 1 section 5. Inputs are compared on digits only where the spec says only digits are sent. */
export const MOBILE_PHONE = /^01[0179]-?\d{3,4}-?\d{4}$/;
export const GENERAL_PHONE = /^(\d{2,3}-?)?\d{3,4}-?\d{4}$/;
export const BUSINESS_NUMBER = /^\d{3}-?\d{2}-?\d{5}$/;
export const DATE_YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** At least one letter, one digit and one special character. */
const PASSWORD_CLASSES = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).+$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

export const PHONE_INPUT_MAX_LENGTH = 13;
export const BUSINESS_NUMBER_INPUT_MAX_LENGTH = 12;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function isStrongPassword(value: string, minLength = 8): boolean {
  return value.length >= minLength && PASSWORD_CLASSES.test(value);
}

/** The National Tax Service check digit of a 10-digit business registration number. */
export function isValidBusinessNumber(value: string): boolean {
  const digits = digitsOnly(value);
  if (digits.length !== 10 || !BUSINESS_NUMBER.test(value.trim())) return false;
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const d = [...digits].map(Number);
  let sum = weights.reduce((acc, w, i) => acc + w * d[i], 0);
  sum += Math.floor((d[8] * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/**
 * 01012345678 → 010-1234-5678 while typing; other numbers 02-123-4567 style; nationwide
 * representative numbers (15xx, 16xx, 18xx: eight digits, no area code) 1577-1234.
 */
export function formatPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 11);
  if (/^1[568]/.test(d) && d.length <= 8) return d.length <= 4 ? d : `${d.slice(0, 4)}-${d.slice(4)}`;
  if (d.startsWith('02')) {
    if (d.length <= 2) return d;
    if (d.length <= 5) return `${d.slice(0, 2)}-${d.slice(2)}`;
    if (d.length <= 9) return `${d.slice(0, 2)}-${d.slice(2, 5)}-${d.slice(5)}`;
    return `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6, 10)}`;
  }
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  if (d.length <= 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
}

/** 1234567890 → 123-45-67890 while typing. */
export function formatBusinessNumber(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}
