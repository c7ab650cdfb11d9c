import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { COUPON_MSG, couponRuleErrors, isCouponCode } from './coupon';
import { couponResource } from './resources/coupon';
import { yupSchemaOf } from './resource';
import { toFieldErrors } from './validation/account';

const TODAY = '2026-11-24';
const valid = { title: '생일 축하 쿠폰', membershipIdx: 3, expireType: 1, expireDays: 30, usePlace: 1 };

/** The field errors of a coupon body through the definition's schema (fields, then rules), or {}. */
async function errorsOf(body: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await yupSchemaOf(couponResource).validate(body, { abortEarly: false, stripUnknown: true, context: { today: TODAY } });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return toFieldErrors(err);
    throw err;
  }
}

describe('coupon form rules (spec 2 section 5, Coupon form)', () => {
  it('accepts a valid coupon', async () => {
    expect(await errorsOf(valid)).toEqual({});
  });

  it('requires the title and the membership', async () => {
    expect(await errorsOf({ ...valid, title: ' ' })).toMatchObject({ title: '쿠폰 이름을 입력해 주세요' });
    expect(await errorsOf({ ...valid, membershipIdx: null })).toEqual({ membershipIdx: COUPON_MSG.membershipRequired });
  });

  it('needs an expiry of at least 1 day, or a date after today', async () => {
    expect(await errorsOf({ ...valid, expireDays: 0 })).toEqual({ expireDays: COUPON_MSG.expireDaysInvalid });
    expect(await errorsOf({ ...valid, expireType: null })).toEqual({ expireType: COUPON_MSG.expireTypeRequired });
    const byDate = { ...valid, expireType: 2, expireDays: null };
    expect(await errorsOf(byDate)).toEqual({ expireDate: COUPON_MSG.expireDateRequired });
    expect(await errorsOf({ ...byDate, expireDate: TODAY })).toEqual({ expireDate: COUPON_MSG.expireDateFuture });
    expect(await errorsOf({ ...byDate, expireDate: '2026-11-25' })).toEqual({});
  });

  it('requires the use place, and stores when offline at specific stores', async () => {
    expect(await errorsOf({ ...valid, usePlace: null })).toEqual({ usePlace: COUPON_MSG.usePlaceRequired });
    expect(await errorsOf({ ...valid, usePlace: 3 })).toEqual({ storeIdxList: COUPON_MSG.storesRequired });
    expect(await errorsOf({ ...valid, usePlace: 3, storeIdxList: [4, 5] })).toEqual({});
    expect(await errorsOf({ ...valid, usePlace: 2 })).toEqual({});
  });

  it('needs a count limit of at least 1 when limited', async () => {
    expect(await errorsOf({ ...valid, useCountLimit: 'Y', countLimit: 0 })).toEqual({ countLimit: COUPON_MSG.countLimitInvalid });
    expect(await errorsOf({ ...valid, useCountLimit: 'Y', countLimit: 100 })).toEqual({});
    expect(await errorsOf({ ...valid, useCountLimit: 'N' })).toEqual({});
  });

  it('takes a code without spaces or special characters, at most 20, and a barcode of at most 20', async () => {
    expect(isCouponCode('WELCOME2026')).toBe(true);
    expect(isCouponCode('웰컴쿠폰1')).toBe(true);
    expect(await errorsOf({ ...valid, code: 'WELCOME 10' })).toEqual({ code: COUPON_MSG.codeInvalid });
    expect(await errorsOf({ ...valid, code: 'WELCOME-10' })).toEqual({ code: COUPON_MSG.codeInvalid });
    expect(await errorsOf({ ...valid, code: 'A'.repeat(21) })).toEqual({ code: COUPON_MSG.codeInvalid });
    expect(await errorsOf({ ...valid, code: 'A'.repeat(20), barcode: '1'.repeat(20) })).toEqual({});
    expect(await errorsOf({ ...valid, barcode: '1'.repeat(21) })).toEqual({ barcode: COUPON_MSG.barcodeTooLong });
  });

  it('requires the image when it is used', async () => {
    expect(await errorsOf({ ...valid, useImage: 'Y' })).toEqual({ image: COUPON_MSG.imageRequired });
    expect(await errorsOf({ ...valid, useImage: 'Y', image: '1/abc.png' })).toEqual({});
  });

  it('keeps the password and once-per-customer options as Y/N', async () => {
    const body = await yupSchemaOf(couponResource).validate({ ...valid, usePassword: 'Y' }, { context: { today: TODAY } });
    expect(body).toMatchObject({ usePassword: 'Y', oncePerCustomer: 'N' });
    expect(await errorsOf({ ...valid, oncePerCustomer: 'X' })).toEqual({ oncePerCustomer: COUPON_MSG.choiceInvalid });
  });

  it('takes a birthday coupon\'s day up to 30, required when it is one', async () => {
    expect(await errorsOf({ ...valid, isBirthday: 'Y' })).toEqual({ birthdayDays: COUPON_MSG.birthdayDaysInvalid });
    expect(await errorsOf({ ...valid, isBirthday: 'Y', birthdayDays: 31 })).toEqual({ birthdayDays: COUPON_MSG.birthdayDaysInvalid });
    expect(await errorsOf({ ...valid, isBirthday: 'Y', birthdayDays: 30 })).toEqual({});
  });

  it('compares dates with the Seoul day it is given', () => {
    expect(couponRuleErrors({ ...valid, expireType: 2, expireDate: '2026-11-25' }, '2026-11-25')).toEqual({ expireDate: COUPON_MSG.expireDateFuture });
  });
});
