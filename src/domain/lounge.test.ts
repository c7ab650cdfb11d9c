import { describe, expect, it } from 'vitest';
import {
  LOUNGE_STATUS, OTP_LIMITS, OTP_MAX_ATTEMPTS, OTP_TTL_MS, couponStateOf, isLoungePhone, isOtpCode, joinStatusOf, loungeKeyOfPath,
  loungeStatusOf, maskPhone, otpCheck, otpSendRefusal,
} from './lounge';

const MIN = 60_000;
describe('the lounge one-time code', () => {
  it('lives 3 minutes and locks after 5 wrong tries', () => {
    expect(OTP_TTL_MS).toBe(3 * MIN);
    expect(OTP_MAX_ATTEMPTS).toBe(5);
    const now = 1_000_000;
    expect(otpCheck({ expiresAt: now + 1, attempts: 0 }, now, true)).toBe('OK');
    expect(otpCheck({ expiresAt: now + 1, attempts: 4 }, now, false)).toBe('WRONG');
    expect(otpCheck({ expiresAt: now + 1, attempts: 5 }, now, true)).toBe('LOCKED');
    expect(otpCheck({ expiresAt: now, attempts: 0 }, now, true)).toBe('EXPIRED');
  });

  it('limits sends per phone (a 30 s gap, 5 an hour) and per IP (20 an hour)', () => {
    const now = 10 * 60 * MIN;
    expect(otpSendRefusal(now, [], 0)).toBeNull();
    expect(otpSendRefusal(now, [now - 10_000], 0)).toBe('PHONE_GAP');
    expect(otpSendRefusal(now, [now - MIN, now - 2 * MIN, now - 3 * MIN, now - 4 * MIN], 0)).toBeNull();
    expect(otpSendRefusal(now, [now - MIN, now - 2 * MIN, now - 3 * MIN, now - 4 * MIN, now - 5 * MIN], 0)).toBe('PHONE_LIMIT');
    // Sends older than the hour no longer count.
    expect(otpSendRefusal(now, Array.from({ length: 5 }, (_, i) => now - OTP_LIMITS.windowMs - i), 0)).toBeNull();
    expect(otpSendRefusal(now, [], OTP_LIMITS.perIp - 1)).toBeNull();
    expect(otpSendRefusal(now, [], OTP_LIMITS.perIp)).toBe('IP_LIMIT');
  });

  it('takes Korean mobile numbers and six-digit codes', () => {
    expect(isLoungePhone('010-1234-5678')).toBe(true);
    expect(isLoungePhone('01012345678')).toBe(true);
    expect(isLoungePhone('02-123-4567')).toBe(false);
    expect(isOtpCode('123456')).toBe(true);
    expect(isOtpCode('12345')).toBe(false);
    expect(maskPhone('01012345678')).toBe('010-****-5678');
  });
});

describe('the lounge page rules', () => {
  it('names a lounge by its 12-character key', () => {
    expect(loungeKeyOfPath('/lounge/abcdef123456')).toBe('abcdef123456');
    expect(loungeKeyOfPath('/lounge/abc')).toBeNull();
    expect(loungeKeyOfPath('/b2b/home')).toBeNull();
  });

  it('joins at once unless the template asks for approval', () => {
    expect(joinStatusOf('N')).toBe(3);
    expect(joinStatusOf('Y')).toBe(1);
  });

  it('shows the customer-facing statuses', () => {
    expect(loungeStatusOf(3)).toBe(LOUNGE_STATUS.issued);
    expect(loungeStatusOf(4)).toBe(LOUNGE_STATUS.issued);
    expect(loungeStatusOf(1)).toBe(LOUNGE_STATUS.issued);
    expect(loungeStatusOf(1, { requestedByUser: true })).toBe(LOUNGE_STATUS.waiting);
    expect(loungeStatusOf(9)).toBe(LOUNGE_STATUS.canceled);
    expect(loungeStatusOf(3, { expired: true })).toBe(LOUNGE_STATUS.expired);
    expect(loungeStatusOf(11)).toBeNull();
  });

  it('tells a coupon usable, used or expired', () => {
    expect(couponStateOf({ status: 'ISSUED', expiresAt: 2 }, 1)).toBe('usable');
    expect(couponStateOf({ status: 'ISSUED', expiresAt: 1 }, 1)).toBe('expired');
    expect(couponStateOf({ status: 'USED', expiresAt: 2 }, 1)).toBe('used');
  });
});
