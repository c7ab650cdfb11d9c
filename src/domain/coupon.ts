import { isYmd, seoulToday } from './seoulDay';

/**
 * Coupons (spec 2 sections 3 and 5 "Coupon form", issue 11 item 4): the rules of the form that
 * reach across fields, shared by the console's form and the server (the coupon definition's
 * `rules`, src/domain/resources/coupon.ts). The single-field limits are the definition's.
 */

export const COUPON_MSG = {
  membershipRequired: '멤버십을 선택해 주세요',
  membershipInvalid: '선택할 수 없는 멤버십이에요',
  expireTypeRequired: '유효기간 방식을 선택해 주세요',
  expireDaysInvalid: '유효기간은 1일 이상으로 입력해 주세요',
  expireDateRequired: '만료일을 입력해 주세요',
  expireDateFuture: '만료일은 오늘 이후 날짜로 입력해 주세요',
  usePlaceRequired: '사용처를 선택해 주세요',
  storesRequired: '사용할 매장을 선택해 주세요',
  storesInvalid: '선택할 수 없는 매장이 있어요',
  countLimitInvalid: '발급 수량은 1장 이상으로 입력해 주세요',
  codeInvalid: '쿠폰 코드는 공백이나 특수문자 없이 20자까지 입력해 주세요',
  barcodeTooLong: '바코드는 20자까지 입력할 수 있어요',
  imageRequired: '쿠폰 이미지를 올려 주세요',
  imageInvalid: '업로드한 이미지만 사용할 수 있어요',
  birthdayDaysInvalid: '생일 쿠폰 발급일은 0~30일 사이로 입력해 주세요',
  numberInvalid: '숫자만 입력해 주세요',
  choiceInvalid: '선택할 수 없는 값이에요',
  notFound: '존재하지 않는 쿠폰이에요',
} as const;

/** Coupon code and barcode: at most 20 characters (spec 2 section 9). */
export const COUPON_CODE_MAX = 20;
/** A birthday coupon is issued at most 30 days before the birthday (spec 2 section 9). */
export const BIRTHDAY_DAYS_MAX = 30;
export const COUPON_DAYS_MAX = 3650;
export const COUPON_COUNT_MAX = 1_000_000;

/** Expiry: days from the issue, or a fixed date. */
export const COUPON_EXPIRE_TYPES = { 1: '발급일로부터 N일', 2: '만료일 지정' } as const;
export const EXPIRE_BY_DAYS = 1;
export const EXPIRE_BY_DATE = 2;
/** Where the coupon is used: online, offline (any store), or offline at the stores chosen. */
export const COUPON_USE_PLACES = { 1: '온라인', 2: '오프라인', 3: '오프라인 특정 매장' } as const;
export const USE_PLACE_STORES = 3;

/** Letters (Korean too) and digits only: no spaces, no special characters. */
const CODE = /^[\p{L}\p{N}]+$/u;
export const isCouponCode = (code: string) => code.length <= COUPON_CODE_MAX && CODE.test(code);

export interface CouponRuleValues {
  membershipIdx?: number | null;
  expireType?: number | null;
  expireDays?: number | null;
  expireDate?: string | null;
  usePlace?: number | null;
  storeIdxList?: readonly number[] | null;
  useCountLimit?: 'Y' | 'N';
  countLimit?: number | null;
  code?: string | null;
  useImage?: 'Y' | 'N';
  image?: string | null;
  isBirthday?: 'Y' | 'N';
  birthdayDays?: number | null;
}

/**
 * The coupon form's rules across fields, by field, in Korean; `today` is the Seoul day (YYYY-MM-DD).
 * Empty when the coupon may be saved.
 */
export function couponRuleErrors(v: CouponRuleValues, today: string = seoulToday(Date.now())): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.membershipIdx) errors.membershipIdx = COUPON_MSG.membershipRequired;
  if (v.expireType === EXPIRE_BY_DAYS) {
    if (!v.expireDays || v.expireDays < 1) errors.expireDays = COUPON_MSG.expireDaysInvalid;
  } else if (v.expireType === EXPIRE_BY_DATE) {
    if (!v.expireDate) errors.expireDate = COUPON_MSG.expireDateRequired;
    else if (isYmd(v.expireDate) && v.expireDate <= today) errors.expireDate = COUPON_MSG.expireDateFuture;
  } else {
    errors.expireType = COUPON_MSG.expireTypeRequired;
  }
  if (!v.usePlace) errors.usePlace = COUPON_MSG.usePlaceRequired;
  else if (v.usePlace === USE_PLACE_STORES && !v.storeIdxList?.length) errors.storeIdxList = COUPON_MSG.storesRequired;
  if (v.useCountLimit === 'Y' && (!v.countLimit || v.countLimit < 1)) errors.countLimit = COUPON_MSG.countLimitInvalid;
  if (v.code && !isCouponCode(v.code)) errors.code = COUPON_MSG.codeInvalid;
  if (v.useImage === 'Y' && !v.image) errors.image = COUPON_MSG.imageRequired;
  if (v.isBirthday === 'Y' && (v.birthdayDays === null || v.birthdayDays === undefined)) errors.birthdayDays = COUPON_MSG.birthdayDaysInvalid;
  return errors;
}
