import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { setIntlPhoneRule } from './guarantee';

/**
 * Phones of countries other than Korea, by libphonenumber's metadata (~120 KB): importing this module
 * lets phoneError (src/domain/guarantee.ts) answer for them. The server and the forms import it; the
 * list pages do not need it (issue 24).
 */
export function isValidIntlNumber(countryCode: string, nationalDigits: string): boolean {
  const parsed = parsePhoneNumberFromString(`+${countryCode}${nationalDigits}`);
  return !!parsed && parsed.countryCallingCode === countryCode && parsed.isValid();
}

setIntlPhoneRule(isValidIntlNumber);
