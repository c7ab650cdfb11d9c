import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isValidKoreanNumber } from './koreanPhone';
import { phoneError, GUARANTEE_MSG } from './guarantee';

/** libphonenumber-js/min's verdict, the rule phoneError used for Korea before koreanPhone.ts. */
const byLibphonenumber = (digits: string) => {
  const parsed = parsePhoneNumberFromString(`+82${digits}`);
  return !!parsed && parsed.countryCallingCode === '82' && parsed.isValid();
};

describe('isValidKoreanNumber (issue 24: Korean phones without libphonenumber)', () => {
  it('agrees with libphonenumber on every prefix of up to 3 digits (also with leading zeros) at every length from 1 to 18 digits', () => {
    // A fixed pseudo-random tail (LCG), so a failure reproduces.
    let seed = 24;
    const digit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 10);
    const cases: string[] = [];
    for (let p = 0; p < 1_000; p++) {
      for (const prefix of new Set([String(p), String(p).padStart(3, '0'), String(p).padStart(4, '0')])) {
        for (let len = prefix.length; len <= 18; len++) cases.push(prefix + Array.from({ length: len - prefix.length }, digit).join(''));
      }
    }
    const mismatches = cases.filter((d) => isValidKoreanNumber(d) !== byLibphonenumber(d));
    expect(mismatches).toEqual([]);
    // The generated set holds many valid numbers of every kind, not only rejections.
    expect(cases.filter(byLibphonenumber).length).toBeGreaterThan(5_000);
    expect(cases.length).toBeGreaterThan(30_000);
  });

  it('is what phoneError uses for Korea, before and after the 050/070 rule', () => {
    expect(phoneError('010-1234-5678', '82')).toBeNull();
    expect(phoneError('02-123-4567', '82')).toBeNull();
    expect(phoneError('1588-1234', '82')).toBeNull();
    expect(phoneError('010-123', '82')).toBe(GUARANTEE_MSG.ordererTelInvalid);
    expect(phoneError('0505-123-4567', '82')).toBe(GUARANTEE_MSG.safeNumberRejected);
  });
});
