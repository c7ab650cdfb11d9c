import * as yup from 'yup';
import type { AccessRule } from './access';
import { idxSchema } from './integers';
import { josa } from './josa';
import { NFT_STATUS } from './guarantee';
import { MEMBERSHIP_RULE } from './resources/membershipTemplate';
import { MOBILE_PHONE, digitsOnly } from './patterns';

/**
 * The customer's lounge (issue 11 item 8): the brand's public page at `/lounge/{loungeKey}` where a
 * customer signs in by phone with a one-time code, joins the brand's memberships, sees their
 * certificates, memberships, coupons (with a Code128 barcode) and stamp card, and has a coupon
 * redeemed by staff on their phone (with the brand's 4-digit staff PIN when the coupon asks for it).
 *
 * The rules here are shared by the lounge page (src/lounge) and the server (server/modules/lounge).
 */

export { LOUNGE_KEY_PATTERN, LOUNGE_PATH_PREFIX, loungePath, loungeKeyOfPath } from './loungePath';

/** The header that carries the customer's lounge token: never the partner's Authorization / X-Auth-Token. */
export const LOUNGE_TOKEN_HEADER = 'x-lounge-token';

/**
 * One-time sign-in codes. Six digits, valid 3 minutes, locked after 5 wrong tries; a new send
 * replaces the phone's earlier codes. Sends are limited per phone (5 an hour, and one every 30
 * seconds) and per client IP (20 an hour), counted from the stored sends.
 */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 3 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_LIMITS = {
  windowMs: 60 * 60 * 1000,
  perPhone: 5,
  perIp: 20,
  /** The shortest gap between two sends to one phone. */
  resendGapMs: 30 * 1000,
} as const;
/** A customer's lounge session: 30 days. */
export const LOUNGE_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The brand's staff PIN: exactly 4 digits. Wrong PINs are limited per customer (5 in 10 minutes)
 * and per brand: after `brandMaxWrong` wrong PINs across all its customers within an hour, PIN
 * redemption pauses for the brand (a right PIN is refused too) until the hour has passed or the
 * brand saves a new PIN. 10 an hour leaves room for staff typos at a busy brand while a guesser
 * signing in with ever new phone numbers gets at most 240 of the 10,000 PINs a day, with the
 * console showing the pause each time (and a new PIN voids the guesses).
 */
export const STAFF_PIN_PATTERN = /^\d{4}$/;
/** Who sets the staff PIN and sees its pause (GET/PUT /v1/admin/coupon-staff-pin, the coupon list and home): the main account, under the membership rules. */
export const STAFF_PIN_RULE: AccessRule = { ...MEMBERSHIP_RULE, mainOnly: true };
export const STAFF_PIN_LIMITS = { windowMs: 10 * 60 * 1000, maxWrong: 5, brandWindowMs: 60 * 60 * 1000, brandMaxWrong: 10 } as const;

export type OtpSendRefusal = 'PHONE_GAP' | 'PHONE_LIMIT' | 'IP_LIMIT';

/**
 * Whether one more code may be sent, from the sends already stored in the window (newest first for
 * the phone). Pure, so the limits are tested without a server.
 */
export function otpSendRefusal(
  now: number,
  phoneSends: readonly number[],
  ipSendCount: number,
): OtpSendRefusal | null {
  const since = now - OTP_LIMITS.windowMs;
  const recent = phoneSends.filter((t) => t > since);
  if (recent.some((t) => t > now - OTP_LIMITS.resendGapMs)) return 'PHONE_GAP';
  if (recent.length >= OTP_LIMITS.perPhone) return 'PHONE_LIMIT';
  if (ipSendCount >= OTP_LIMITS.perIp) return 'IP_LIMIT';
  return null;
}

export type OtpCheck = 'OK' | 'WRONG' | 'LOCKED' | 'EXPIRED';

/** What a try at a stored code means: expired, locked (5 wrong tries), right or wrong. `attempts` counts the wrong tries so far. */
export function otpCheck(code: { expiresAt: number; attempts: number }, now: number, matches: boolean): OtpCheck {
  if (code.expiresAt <= now) return 'EXPIRED';
  if (code.attempts >= OTP_MAX_ATTEMPTS) return 'LOCKED';
  return matches ? 'OK' : 'WRONG';
}

/** A Korean mobile number (01X…), as typed with or without hyphens. */
export const isLoungePhone = (value: string) => MOBILE_PHONE.test(value.trim());
export const loungePhoneDigits = (value: string) => digitsOnly(value.trim());
export const isOtpCode = (value: string) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value);

/** Masks a phone for the screen: 010-****-5678. */
export function maskPhone(digits: string): string {
  if (digits.length < 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/**
 * Joining a membership from the lounge (requestRoute `user`, 사용자 신청). The template's
 * useUserMinting ("사용자 신청 사용") Y means applications wait for the brand's approval: the
 * membership is created as a request (status 1, shown in the console's history to approve); N
 * issues it at once (status 3).
 */
export const joinStatusOf = (useUserMinting: 'Y' | 'N') => (useUserMinting === 'Y' ? NFT_STATUS.ready : NFT_STATUS.complete);

/**
 * The customer-facing status of a certificate or membership (issue 11 item 2): READY (requested),
 * CONFIRMED and COMPLETED show as 발급, CANCELED as 발급 취소, EXPIRED as 만료. The lounge shows a
 * request still waiting for approval as 승인 대기 (it is the customer's own application).
 */
export const LOUNGE_STATUS = { issued: '발급', canceled: '발급 취소', expired: '만료', waiting: '승인 대기' } as const;
export function loungeStatusOf(status: number, opts: { expired?: boolean; requestedByUser?: boolean } = {}): string | null {
  if (status === NFT_STATUS.cancel) return LOUNGE_STATUS.canceled;
  if (opts.expired) return LOUNGE_STATUS.expired;
  if (status === NFT_STATUS.ready && opts.requestedByUser) return LOUNGE_STATUS.waiting;
  if (status === NFT_STATUS.complete || status === NFT_STATUS.linkComplete || status === NFT_STATUS.pending || status === NFT_STATUS.ready) {
    return LOUNGE_STATUS.issued;
  }
  return null;
}

/** A wallet coupon's state on the lounge: usable, used, or past its end. */
export const COUPON_STATE = { usable: '사용 가능', used: '사용 완료', expired: '기간 만료', canceled: '발급 취소' } as const;
export function couponStateOf(c: { status: 'ISSUED' | 'USED' | 'CANCELED'; expiresAt: number }, now: number): keyof typeof COUPON_STATE {
  if (c.status === 'USED') return 'used';
  if (c.status === 'CANCELED') return 'canceled';
  return c.expiresAt <= now ? 'expired' : 'usable';
}

/** The lounge's messages (server answers and page texts share them). 해요체. */
export const LOUNGE_MSG = {
  notFound: '존재하지 않는 라운지예요',
  closed: '지금은 이용할 수 없는 라운지예요',
  phoneInvalid: '휴대폰 번호를 정확히 입력해 주세요',
  codeInvalid: `인증번호 ${OTP_LENGTH}자리를 입력해 주세요`,
  codeWrong: (left: number) => `인증번호가 맞지 않아요. ${left}번 더 입력할 수 있어요`,
  codeExpired: '인증번호가 만료됐어요. 인증번호를 다시 받아 주세요',
  codeLocked: '인증번호를 5번 잘못 입력했어요. 인증번호를 다시 받아 주세요',
  codeMissing: '인증번호를 먼저 받아 주세요',
  sendGap: '인증번호를 방금 보냈어요. 30초 후에 다시 요청해 주세요',
  sendPhoneLimit: '인증번호 요청이 너무 많아요. 1시간 후에 다시 시도해 주세요',
  sendIpLimit: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요',
  otpMessage: (brand: string, code: string) => `[${brand}] 라운지 인증번호는 ${josa(code, '이에요/예요')}. 3분 안에 입력해 주세요.`,
  signInRequired: '다시 로그인해 주세요',
  defaultCustomerName: '라운지 회원',
  membershipNotFound: '가입할 수 없는 멤버십이에요',
  membershipAlreadyJoined: '이미 가입한 멤버십이에요',
  couponNotFound: '쿠폰을 찾을 수 없어요',
  couponUsed: '이미 사용한 쿠폰이에요',
  couponExpired: '유효기간이 지난 쿠폰이에요',
  couponCanceled: '발급이 취소된 쿠폰이에요',
  pinRequired: '매장 PIN 4자리를 입력해 주세요',
  pinWrong: '매장 PIN이 맞지 않아요',
  pinLocked: 'PIN을 여러 번 잘못 입력했어요. 10분 후에 다시 시도해 주세요',
  pinNotSet: '매장 PIN이 아직 설정되지 않았어요. 매장에 문의해 주세요',
  pinPaused: '매장 PIN 확인이 잠시 멈췄어요. 매장에 문의해 주세요',
  storeInvalid: '이 쿠폰을 쓸 수 없는 매장이에요',
  storeRequired: '쿠폰을 사용하는 매장을 선택해 주세요',
  pinMismatch: 'PIN이 서로 달라요',
} as const;

/** The lounge's bodies, checked alike by the page and the server. */
export const loungeSendSchema = yup.object({
  phone: yup.string().trim().required(LOUNGE_MSG.phoneInvalid).test('phone', LOUNGE_MSG.phoneInvalid, (v) => !v || isLoungePhone(v)),
});
export const loungeVerifySchema = loungeSendSchema.shape({
  code: yup.string().trim().required(LOUNGE_MSG.codeInvalid).test('code', LOUNGE_MSG.codeInvalid, (v) => !v || isOtpCode(v)),
});
export const loungeRedeemSchema = yup.object({
  pin: yup.string().trim().nullable().default(null).test('pin', LOUNGE_MSG.pinRequired, (v) => !v || STAFF_PIN_PATTERN.test(v)),
  storeIdx: idxSchema(LOUNGE_MSG.storeInvalid).nullable().default(null),
});
/** The console's staff PIN setting (main account only). */
export const staffPinSchema = yup.object({
  pin: yup.string().trim().required(LOUNGE_MSG.pinRequired).matches(STAFF_PIN_PATTERN, LOUNGE_MSG.pinRequired),
  pinConfirm: yup.string().trim().required(LOUNGE_MSG.pinRequired).oneOf([yup.ref('pin')], LOUNGE_MSG.pinMismatch),
});
