import { MESSAGE_MSG } from './texts';

/**
 * Text limits of the three channels (issue 25, "Facts to build on").
 *
 * SMS counts bytes in EUC-KR (KS X 1001): ASCII one byte, every other character two; a character
 * outside EUC-KR (most emoji, Hangul outside the 2,350 common syllables) cannot be sent and is
 * refused. Past 90 bytes an SMS becomes an LMS (2,000 bytes, a title of 40 bytes).
 */
export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;
export const LMS_TITLE_MAX_BYTES = 40;

/** Brand Message (the successor of FriendTalk) and 알림톡. */
export const BRAND_TEXT_MAX = 1300;
export const BRAND_WIDE_MAX = 76;
export const BRAND_LINE_BREAKS_MAX = 99;
export const BRAND_BUTTONS_MAX = 5;
export const BRAND_BUTTONS_WITH_COUPON_MAX = 4;
export const BUTTON_NAME_MAX = 14;
export const ALIMTALK_MAX = 1000;
export const ALIMTALK_BUTTONS_MAX = 5;

let eucKrSet: Set<string> | null = null;

/**
 * The characters EUC-KR encodes in two bytes: every KS X 1001 code (lead and trail byte 0xA1–0xFE),
 * decoded once with the platform's EUC-KR decoder (browsers and Node both have it), so no table
 * ships in the bundle.
 */
function eucKrDoubleByte(): Set<string> {
  if (eucKrSet) return eucKrSet;
  const decoder = new TextDecoder('euc-kr');
  const set = new Set<string>();
  const pair = new Uint8Array(2);
  for (let a = 0xa1; a <= 0xfe; a += 1) {
    for (let b = 0xa1; b <= 0xfe; b += 1) {
      pair[0] = a; pair[1] = b;
      const ch = decoder.decode(pair);
      if (ch.length === 1 && ch !== '\ufffd') set.add(ch);
    }
  }
  eucKrSet = set;
  return set;
}

export interface ByteCount {
  bytes: number;
  /** The distinct characters EUC-KR cannot encode, in order of first appearance. */
  invalid: string[];
}

/** Counts a text's EUC-KR bytes; iterates code points, so an emoji is one (refused) character. */
export function eucKrBytes(text: string): ByteCount {
  const set = eucKrDoubleByte();
  let bytes = 0;
  const invalid: string[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes += 1;
    else if (set.has(ch)) bytes += 2;
    else if (!invalid.includes(ch)) invalid.push(ch);
  }
  return { bytes, invalid };
}

export type SmsKind = 'SMS' | 'LMS';

export interface SmsCheck {
  kind: SmsKind;
  bytes: number;
  /** The limit for `kind` (90 or 2,000), for the counter "bytes / limit". */
  limit: number;
  error: string | null;
}

/** An SMS body: its kind by length and the first error (characters outside EUC-KR first). */
export function checkSms(content: string): SmsCheck {
  const { bytes, invalid } = eucKrBytes(content);
  const kind: SmsKind = bytes > SMS_MAX_BYTES ? 'LMS' : 'SMS';
  const limit = kind === 'SMS' ? SMS_MAX_BYTES : LMS_MAX_BYTES;
  let error: string | null = null;
  if (invalid.length) error = MESSAGE_MSG.notEucKr(invalid.join(' '));
  else if (bytes > LMS_MAX_BYTES) error = MESSAGE_MSG.lmsTooLong;
  return { kind, bytes, limit, error };
}

/** An LMS title: at most 40 EUC-KR bytes. */
export function checkSmsTitle(title: string): string | null {
  const { bytes, invalid } = eucKrBytes(title);
  if (invalid.length) return MESSAGE_MSG.notEucKr(invalid.join(' '));
  return bytes > LMS_TITLE_MAX_BYTES ? MESSAGE_MSG.smsTitleTooLong : null;
}

/** Characters as Kakao counts them (code points). */
export const charCount = (text: string): number => [...text].length;
export const lineBreaks = (text: string): number => (text.match(/\n/g) ?? []).length;

export type KakaoKind = 'BRAND_TEXT' | 'BRAND_IMAGE' | 'BRAND_WIDE' | 'ALIMTALK';

/** A Kakao body: 1,300 characters and 99 line breaks (Brand Message), 76 (wide image), 1,000 (알림톡). */
export function checkKakaoContent(kind: KakaoKind, content: string): { count: number; limit: number; error: string | null } {
  const count = charCount(content);
  if (kind === 'ALIMTALK') return { count, limit: ALIMTALK_MAX, error: count > ALIMTALK_MAX ? MESSAGE_MSG.alimTalkTooLong : null };
  if (kind === 'BRAND_WIDE') return { count, limit: BRAND_WIDE_MAX, error: count > BRAND_WIDE_MAX ? MESSAGE_MSG.brandWideTooLong : null };
  if (count > BRAND_TEXT_MAX) return { count, limit: BRAND_TEXT_MAX, error: MESSAGE_MSG.brandTooLong };
  if (lineBreaks(content) > BRAND_LINE_BREAKS_MAX) return { count, limit: BRAND_TEXT_MAX, error: MESSAGE_MSG.lineBreaksMax };
  return { count, limit: BRAND_TEXT_MAX, error: null };
}

/**
 * A Brand Message coupon title is one of five fixed patterns: "N원 할인 쿠폰", "N% 할인 쿠폰",
 * "배송비 할인 쿠폰", "<7자 이하> 무료 쿠폰", "<7자 이하> UP 쿠폰".
 */
const COUPON_TITLE_PATTERNS = [
  /^[1-9]\d{0,7}원 할인 쿠폰$/,
  /^(100|[1-9]\d?)% 할인 쿠폰$/,
  /^배송비 할인 쿠폰$/,
  /^\S(?:.{0,5}\S)? 무료 쿠폰$/u,
  /^\S(?:.{0,5}\S)? UP 쿠폰$/u,
];

export function couponTitleValid(title: string): boolean {
  const t = title.trim();
  return COUPON_TITLE_PATTERNS.some((p) => p.test(t));
}
