import { defineResource, field, type InputOf } from '../resource';
import {
  BIRTHDAY_DAYS_MAX, COUPON_CODE_MAX, COUPON_COUNT_MAX, COUPON_DAYS_MAX, COUPON_EXPIRE_TYPES, COUPON_MSG, COUPON_USE_PLACES,
  EXPIRE_BY_DATE, EXPIRE_BY_DAYS, USE_PLACE_STORES, couponRuleErrors, type CouponRuleValues,
} from '../coupon';
import { seoulToday } from '../seoulDay';
import ko from '../../i18n/resources/coupon.ko';
import { MEMBERSHIP_RULE, MEMBERSHIP_WRITE_RULE } from './membershipTemplate';

const number = (max: number) => field.number({ invalid: COUPON_MSG.numberInvalid, min: 0, max: { value: max, message: COUPON_MSG.numberInvalid }, span: 6 });
/** An input shown only while `source` is Y (or one of the codes). */
const when = (source: string, ...values: unknown[]) => ({ shownWhen: { field: source, in: values.length ? values : ['Y'] } });
const flag = (o: { column?: boolean; span?: 6 } = {}) => field.flag({ invalid: COUPON_MSG.choiceInvalid, default: 'N', span: 6, ...o });

/**
 * Coupons (spec 2 sections 2, 3, 5 and 9; issue 11 item 4): each belongs to a membership template
 * of the tenant, with its expiry (days from issue, or a date after today), use place (online,
 * offline, or offline at the stores chosen), an optional count limit, code, barcode and image, the
 * staff-password option, the birthday and once-per-customer options. The rules across fields are
 * src/domain/coupon.ts; the server checks the membership, stores and image against the tenant
 * (server/modules/coupons). The MEMBERSHIP feature gates them and the STANDARD plan blocks them,
 * like every membership setup item; sub-accounts use them.
 */
export const couponResource = defineResource({
  name: 'coupon',
  base: 'main',
  apiPath: '/v1/admin/coupon',
  idField: 'idx',
  route: '/b2b/coupon',
  registerPath: 'new',
  menu: { key: 'coupon', section: 'customer', after: 'marketingMessage' },
  views: [{ path: ':id', view: 'show' }],
  access: { read: MEMBERSHIP_RULE, write: MEMBERSHIP_WRITE_RULE },
  fields: {
    idx: field.key(),
    title: field.text({ required: true, max: 100, searchable: true, column: true }),
    membershipIdx: field.reference({ picker: 'membership-template', required: COUPON_MSG.membershipRequired }),
    membershipName: field.text({ readOnly: true, computed: true, column: true }),
    expireType: field.select({ options: COUPON_EXPIRE_TYPES, invalid: COUPON_MSG.choiceInvalid, span: 6 }),
    expireDays: { ...number(COUPON_DAYS_MAX), ...when('expireType', EXPIRE_BY_DAYS) },
    expireDate: { ...field.date(), span: 6, ...when('expireType', EXPIRE_BY_DATE) },
    usePlace: field.select({ options: COUPON_USE_PLACES, invalid: COUPON_MSG.choiceInvalid, column: true }),
    storeIdxList: { ...field.references({ picker: 'store', invalid: COUPON_MSG.storesInvalid, max: 1000 }), ...when('usePlace', USE_PLACE_STORES) },
    useCountLimit: flag(),
    countLimit: { ...number(COUPON_COUNT_MAX), ...when('useCountLimit') },
    code: field.text({ max: { length: COUPON_CODE_MAX, message: COUPON_MSG.codeInvalid }, searchable: true, span: 6 }),
    barcode: field.text({ max: { length: COUPON_CODE_MAX, message: COUPON_MSG.barcodeTooLong }, span: 6 }),
    useImage: flag(),
    image: { ...field.image({ maxPathLength: 500, invalid: COUPON_MSG.imageInvalid }), ...when('useImage') },
    usePassword: flag({ column: true }),
    oncePerCustomer: flag(),
    isBirthday: flag(),
    birthdayDays: { ...when('isBirthday'), ...field.number({ invalid: COUPON_MSG.birthdayDaysInvalid, min: 0, max: { value: BIRTHDAY_DAYS_MAX, message: COUPON_MSG.birthdayDaysInvalid }, span: 6 }) },
    createdAt: field.createdAt(),
  },
  list: { order: [{ field: 'createdAt', dir: 'desc' }, { field: 'idx', dir: 'desc' }], linkColumn: 'title' },
  rules: (values, context) =>
    couponRuleErrors(values as CouponRuleValues, typeof context?.today === 'string' ? context.today : seoulToday(Date.now())),
  api: { notFound: COUPON_MSG.notFound },
  labels: ko.coupon.fields,
});

export type CouponInput = InputOf<typeof couponResource>;
