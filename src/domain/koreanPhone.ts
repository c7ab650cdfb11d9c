/**
 * Whether a Korean number is valid, without libphonenumber (issue 24: its metadata is ~120 KB of the
 * list pages' first load). The same decision as libphonenumber-js/min's
 * `parsePhoneNumberFromString('+82' + digits).isValid()`, from its KR metadata: the national prefix
 * (and carrier code) is stripped when what is left still fits the plan, then the national number must
 * match the plan's pattern. koreanPhone.unit.test.ts checks it against libphonenumber on generated numbers.
 */
const KR_PATTERN = /^(?:00[1-9]\d{8,11}|(?:[12]|5\d{3})\d{7}|[13-6]\d{9}|(?:[1-6]\d|80)\d{7}|[3-6]\d{4,5}|(?:00|7)0\d{8})$/;
const KR_LENGTHS = [5, 6, 8, 9, 10, 11, 12, 13, 14];
const KR_PREFIX_FOR_PARSING = /^0(8(?:[1-46-8]|5\d\d))?/;
/** libphonenumber's bounds for a national significant number. */
const NSN_MIN = 2;
const NSN_MAX = 17;

/** `digits`: what follows +82 (a leading 0 already dropped or not). */
export function isValidKoreanNumber(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < NSN_MIN || digits.length > NSN_MAX) return false;
  let national = digits;
  const prefix = KR_PREFIX_FOR_PARSING.exec(digits);
  if (prefix && prefix[0].length > 0) {
    const stripped = digits.slice(prefix[0].length);
    const keepsPattern = !(KR_PATTERN.test(digits) && !KR_PATTERN.test(stripped));
    const possible = stripped.length >= KR_LENGTHS[0] && (stripped.length > KR_LENGTHS[KR_LENGTHS.length - 1] || KR_LENGTHS.includes(stripped.length));
    if (keepsPattern && possible) national = stripped;
  }
  if (national.length < NSN_MIN || national.length > NSN_MAX) return false;
  return KR_PATTERN.test(national);
}
