import * as yup from 'yup';
import { IDX_MAX, IDX_MIN } from './integers';
import { GUARANTEE_MSG, TEMPLATE_LIST_MAX, TEMPLATE_MSG, TEMPLATE_TEXT_MAX, templateSchema } from './guarantee';
import { isYmd, seoulToday } from './seoulDay';

/**
 * Membership templates (spec 2 sections 3 and 5 "Membership", issue 11 item 1): the certificate
 * template of type MEMBERSHIP with what its card needs beyond a guarantee's: an expiry by date or by
 * days, benefits and attached coupons. The form and the server validate with `membershipTemplateSchema`;
 * the rules against "today" read the Seoul day from the context's `today` (the server's clock), else
 * from the machine's clock.
 */

export const MEMBERSHIP_MSG = {
  cardNameRequired: TEMPLATE_MSG.cardNameRequired,
  expireTypeInvalid: '유효기간 방식을 선택해 주세요',
  expireDateRequired: '만료일을 입력해 주세요',
  expireDateInvalid: '만료일을 올바른 날짜(YYYY-MM-DD)로 입력해 주세요',
  expireDatePast: '만료일은 오늘 이후로 입력해 주세요',
  expireDaysRequired: '유효기간(일)을 입력해 주세요',
  expireDaysInvalid: '유효기간은 1~3,650일 사이로 입력해 주세요',
  benefitTitleRequired: '혜택 제목을 입력해 주세요',
  couponTitleRequired: '쿠폰 이름을 입력해 주세요',
  couponNumberOrUrlRequired: '쿠폰 번호나 URL을 입력해 주세요',
  couponEndInvalid: '쿠폰 종료일을 올바른 날짜(YYYY-MM-DD)로 입력해 주세요',
  couponEndPast: '쿠폰 종료일은 오늘 이후로 입력해 주세요',
  notFound: '존재하지 않는 멤버십이에요',
  gradeInvalid: '존재하지 않는 고객 등급이에요',
} as const;

/** A membership named in a sentence: "VIP 멤버십", but "골드 멤버십" stays as it is (issue 22 C met "골드 멤버십 멤버십의"). */
export function membershipTitle(name: string): string {
  return /멤버십\s*$/.test(name) ? name.trim() : `${name} 멤버십`;
}

export const MEMBERSHIP_EXPIRE_TYPES = ['DATE', 'DAY'] as const;
export type MembershipExpireType = (typeof MEMBERSHIP_EXPIRE_TYPES)[number];
export const MEMBERSHIP_EXPIRE_DAYS_MAX = 3650;
/** The time appended to an expiry date: the card is valid through the whole (Seoul) day. */
export const DAY_END_TIME = '23:59:59';
/** The card background the form asks for (spec 2 section 9, image guidance). */
export const MEMBERSHIP_CARD_SIZE = '658x1024';

/** The Seoul day the rules compare with: the context's `today` (YYYY-MM-DD), else now. */
const todayOf = (context: unknown): string => {
  const today = (context as { today?: unknown } | undefined)?.today;
  return typeof today === 'string' ? today : seoulToday(Date.now());
};

/** The day of a date as typed (YYYY-MM-DD) or as stored (YYYY-MM-DD 23:59:59). */
const dayOf = (v: string) => v.slice(0, 10);
const isDayValue = (v: string) => (v.length === 10 || v === `${dayOf(v)} ${DAY_END_TIME}`) && isYmd(dayOf(v));

const text = (max = TEMPLATE_TEXT_MAX) => yup.string().trim().max(max, GUARANTEE_MSG.textTooLong);
/** An optional text: empty (a cleared input sends null) is ''. */
const optional = (max = TEMPLATE_TEXT_MAX) => text(max).transform((v: string | null) => v ?? '').default('');
const yn = yup.string().oneOf(['Y', 'N'] as const, TEMPLATE_MSG.choiceInvalid);

/** A benefit on the card: its title (required) and what it gives. */
const benefitSchema = yup.object({
  title: text().required(MEMBERSHIP_MSG.benefitTitleRequired),
  contents: optional(1000),
});

/** A coupon attached to the card: an offline one is shown at the counter, otherwise it needs its number or URL. */
const attachedCouponSchema = yup.object({
  title: text().required(MEMBERSHIP_MSG.couponTitleRequired),
  offline: yn.default('N'),
  couponNumber: optional(),
  couponUrl: optional(500),
  endDate: optional()
    .test('ymd', MEMBERSHIP_MSG.couponEndInvalid, (v) => !v || isYmd(v))
    .test('notPast', MEMBERSHIP_MSG.couponEndPast, function (v) {
      return !v || !isYmd(v) || v >= todayOf(this.options.context);
    }),
  isIssuable: yn.default('Y'),
}).test('numberOrUrl', MEMBERSHIP_MSG.couponNumberOrUrlRequired, function (c) {
  if (!c || c.offline === 'Y' || c.couponNumber || c.couponUrl) return true;
  return this.createError({ path: `${this.path}.couponNumber`, message: MEMBERSHIP_MSG.couponNumberOrUrlRequired });
});

export const membershipTemplateSchema = templateSchema.shape({
  templateType: yup.string().oneOf(['MEMBERSHIP'] as const).default('MEMBERSHIP'),
  expireType: yup.string().oneOf(MEMBERSHIP_EXPIRE_TYPES, MEMBERSHIP_MSG.expireTypeInvalid).required(MEMBERSHIP_MSG.expireTypeInvalid),
  /** With type DATE: a valid day not before today, answered with 23:59:59 appended; null otherwise. */
  expireDate: yup.string().trim().nullable().default(null)
    .when('expireType', {
      is: 'DATE',
      then: (s) => s.required(MEMBERSHIP_MSG.expireDateRequired)
        .test('ymd', MEMBERSHIP_MSG.expireDateInvalid, (v) => !v || isDayValue(v))
        .test('notPast', MEMBERSHIP_MSG.expireDatePast, function (v) {
          return !v || !isDayValue(v) || dayOf(v) >= todayOf(this.options.context);
        })
        .transform((v: string | null) => (v && isDayValue(v.trim()) ? `${dayOf(v.trim())} ${DAY_END_TIME}` : v)),
      otherwise: (s) => s.transform(() => null),
    }),
  /** With type DAY: the days a membership lasts from its issue (required); null otherwise. */
  expireDays: yup.number().nullable().default(null)
    .transform((v: number, original: unknown) => (original === '' || original === null || original === undefined ? null : v))
    .when('expireType', {
      is: 'DAY',
      then: (s) => s.typeError(MEMBERSHIP_MSG.expireDaysInvalid).required(MEMBERSHIP_MSG.expireDaysRequired)
        .integer(MEMBERSHIP_MSG.expireDaysInvalid).min(1, MEMBERSHIP_MSG.expireDaysInvalid).max(MEMBERSHIP_EXPIRE_DAYS_MAX, MEMBERSHIP_MSG.expireDaysInvalid),
      otherwise: (s) => s.transform(() => null),
    }),
  benefits: yup.array(benefitSchema).max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong).default([]),
  partnersCoupon: yup.array(attachedCouponSchema).max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong).default([]),
  /** Automatic membership by grade (issue 11 item 3): the customer grade whose customers get it from the grade job; null for none. */
  customerGroupIdx: yup.number().nullable().default(null)
    .transform((v: number, original: unknown) => (original === '' || original === null || original === undefined ? null : v))
    .typeError(MEMBERSHIP_MSG.gradeInvalid).integer(MEMBERSHIP_MSG.gradeInvalid).min(IDX_MIN, MEMBERSHIP_MSG.gradeInvalid).max(IDX_MAX, MEMBERSHIP_MSG.gradeInvalid),
});

export type MembershipTemplateInput = yup.InferType<typeof membershipTemplateSchema>;
export type MembershipBenefit = yup.InferType<typeof benefitSchema>;
export type AttachedCoupon = yup.InferType<typeof attachedCouponSchema>;
