import * as yup from 'yup';
import { COLUMN_RANGE, idxSchema } from './integers';
import dayjs from 'dayjs';
import { SEOUL_OFFSET_MS } from './seoulDay';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './listQuery';
import { isYmd } from './guarantee';
import { emailRule, filePasswordRule } from './validation/account';

/**
 * Customers, grades and points (spec 3 sections 2–9, spec 1 customer metrics and dashboard): the
 * rules shared by the console and the server, and every Korean text they show.
 */

export const CUSTOMER_SEARCH_TARGETS = ['all', 'name', 'phone', 'email'] as const;
export type CustomerSearchTarget = (typeof CUSTOMER_SEARCH_TARGETS)[number];
export const CUSTOMER_ORDER_BY = ['registeredAt', 'customerName', 'totalOrderPrice', 'totalOrderCount', 'latestOrderedAt', 'customerPoint'] as const;
export type CustomerOrderBy = (typeof CUSTOMER_ORDER_BY)[number];
export const CUSTOMER_PAGE_SIZES = PAGE_SIZES;
export const CUSTOMER_DEFAULT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Customer top list (spec 3 section 9): 25 rows by totalOrderPrice descending. */
export const CUSTOMER_TOP_LIST_SIZE = 25;
/** Marketable: a purchase within this many months (spec 1 Customer metrics). */
export const MARKETABLE_ORDER_MONTHS = 6;
/** The export (download request) holds at most this many customers, newest first; the mail says when it was cut. */
export const CUSTOMER_EXPORT_MAX_ROWS = 100_000;
export const CUSTOMER_NAME_MAX = 50;
export const DOWNLOAD_REASON_MAX = 200;
export const GRADE_NAME_MAX = 20;
/** A point adjustment by hand: at most this many points either way (Cafe24 takes up to 1,000,000 a call). */
export const POINT_ADJUST_MAX = 1_000_000;
export const POINT_REASON_MAX = 100;
export const GRADES_MAX = 10;
/** Grade runs happen at this hour, Asia/Seoul (spec 3 section 9 "Group schedule 3 a.m."). */
export const GRADE_RUN_HOUR_KST = 3;
export const GRADE_SCHEDULES = ['daily', 'monthly', 'quarterly', 'half-yearly', 'yearly'] as const;
export type GradeSchedule = (typeof GRADE_SCHEDULES)[number];
export const GRADE_PERIOD_MONTHS_MAX = 36;
export const ORDER_CHANNELS = ['platform', 'ownMall', 'offline'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const YN = ['Y', 'N'] as const;
export type Yn = (typeof YN)[number];
export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

export const CUSTOMER_MSG = {
  notFound: '고객을 찾을 수 없어요',
  nameRequired: '고객명을 입력해 주세요',
  nameTooLong: `고객명은 ${CUSTOMER_NAME_MAX}자까지 입력할 수 있어요`,
  phoneDuplicate: '이미 등록된 연락처예요',
  genderInvalid: '성별은 M(남성) 또는 F(여성)이에요',
  birthdayInvalid: '생년월일은 YYYY-MM-DD 형식의 날짜로 입력해 주세요',
  ynInvalid: 'Y 또는 N으로 입력해 주세요',
  emailFormat: '이메일 형식이 올바르지 않아요',
  reasonRequired: '다운로드 사유를 입력해 주세요',
  reasonTooLong: `다운로드 사유는 ${DOWNLOAD_REASON_MAX}자까지 입력할 수 있어요`,
  searchTargetInvalid: `검색 대상은 ${CUSTOMER_SEARCH_TARGETS.join(', ')} 중 하나예요`,
  orderByInvalid: `정렬 기준은 ${CUSTOMER_ORDER_BY.join(', ')} 중 하나예요`,
  orderDirectionInvalid: '정렬 방향은 ASC 또는 DESC예요',
  pageSizeInvalid: `한 페이지 개수는 ${CUSTOMER_PAGE_SIZES.join(', ')} 중 하나예요`,
  filterOptionsInvalid: 'filterOptions는 JSON 객체여야 해요 (gender, groupIdx, isAgreeMarketing, isAgreeSMS, hasWallet, registeredFrom, registeredTo)',
  dateInvalid: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요',
  gradeNotFound: '등급을 찾을 수 없어요',
  gradesRequired: '등급을 하나 이상 입력해 주세요',
  gradesTooMany: `등급은 ${GRADES_MAX}개까지 만들 수 있어요`,
  gradeNameRequired: '등급명을 입력해 주세요',
  gradeNameTooLong: `등급명은 ${GRADE_NAME_MAX}자까지 입력할 수 있어요`,
  gradeNameDuplicate: '같은 이름의 등급이 있어요',
  groupNoInvalid: '등급 번호는 1 이상의 정수예요',
  groupNoOrder: '등급 번호는 겹치지 않게 오름차순으로 입력해 주세요',
  minAmountInvalid: '구매 금액 기준은 0 이상의 정수(원)예요',
  minCountInvalid: '구매 횟수 기준은 0 이상의 정수예요',
  gradeIdxUnknown: '이 계정의 등급이 아니에요',
  pointRateInvalid: '적립률은 0~100 사이, 소수점 둘째 자리까지 입력해 주세요',
  gradeScheduleInvalid: '등급 산정 주기는 매일, 매월, 분기, 반기, 매년 중 하나예요',
  gradePeriodInvalid: `등급 산정 기간은 1~${GRADE_PERIOD_MONTHS_MAX}개월이에요`,
  downloadMailSubject: '[고객 목록] 요청하신 고객 목록 파일이에요',
  downloadMailText: '요청하신 고객 목록 파일을 첨부해 드려요. 파일을 열 때 요청 시 입력한 비밀번호가 필요해요.',
  pointReasonOrder: '구매 적립',
  downloadMailTruncated: `고객이 많아 최근 가입한 ${CUSTOMER_EXPORT_MAX_ROWS.toLocaleString('ko-KR')}명만 담았어요.`,
  orderedAtInvalid: '주문 시각을 ISO 형식으로 입력해 주세요',
  channelInvalid: '주문 채널은 platform, ownMall, offline 중 하나예요',
  productNameRequired: '상품명을 200자 이내로 입력해 주세요',
  paymentAmountInvalid: '결제 금액은 0 이상의 정수(원)예요',
  pointAmountRequired: '더하거나 뺄 포인트를 입력해 주세요',
  pointAmountInvalid: `포인트는 1부터 ${POINT_ADJUST_MAX.toLocaleString('ko-KR')}까지의 정수로 입력해 주세요 (빼려면 앞에 -)`,
  pointReasonRequired: '포인트 조정 사유를 입력해 주세요',
  pointReasonTooLong: `사유는 ${POINT_REASON_MAX}자까지 입력할 수 있어요`,
  pointNotEnough: '보유 포인트보다 많이 뺄 수 없어요',
  /** A change made at the Cafe24 mall (its mileage), read back into the customer's points. */
  pointReasonMall: '쇼핑몰 적립금',
  pointChangeNotFound: '쇼핑몰로 보낸 포인트 변경을 찾을 수 없어요',
} as const;

/**
 * A point adjustment by hand (POST /v1/admin/customers/{idx}/points): a whole number of points, added
 * when positive and taken when negative, never 0, and its reason. With the Cafe24 point integration on,
 * it also reaches the mall member's mileage (docs/api/integrations.md "Points both ways").
 */
export const pointAdjustSchema = yup.object({
  amount: yup.number().typeError(CUSTOMER_MSG.pointAmountInvalid).required(CUSTOMER_MSG.pointAmountRequired)
    .integer(CUSTOMER_MSG.pointAmountInvalid).min(-POINT_ADJUST_MAX, CUSTOMER_MSG.pointAmountInvalid).max(POINT_ADJUST_MAX, CUSTOMER_MSG.pointAmountInvalid)
    .test('nonzero', CUSTOMER_MSG.pointAmountInvalid, (v) => v !== 0),
  reason: yup.string().trim().required(CUSTOMER_MSG.pointReasonRequired).max(POINT_REASON_MAX, CUSTOMER_MSG.pointReasonTooLong),
}).noUnknown();

/** Where a point change stands at the Cafe24 mall (null: it does not go to a mall). */
export const MALL_SYNC_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type MallSyncState = (typeof MALL_SYNC_STATES)[number];


export const CUSTOMER_EXPORT_FILENAME = 'customers.xlsx';
export const CUSTOMER_EXPORT_ZIPNAME = 'customers.zip';
export const CUSTOMER_EXPORT_SHEET = '고객 목록';
/** Columns of the export: every field of the customer row, Korean headers. */
export const CUSTOMER_EXPORT_COLUMNS = [
  ['customerIdx', '고객 번호'], ['customerName', '고객명'], ['countryCode', '국가 번호'], ['customerPhone', '연락처'], ['email', '이메일'],
  ['userGender', '성별'], ['birthday', '생년월일'], ['registeredAt', '가입일'], ['hasWallet', '라운지 가입'], ['hasCafe24Interwork', '카페24 연동'],
  ['customerGroupName', '등급'], ['interworkCustomerGroupName', '연동 등급'], ['nftTotalGuaranteeAmount', '보증서 총액'],
  ['totalOrderPrice', '총 구매 금액'], ['totalOrderCount', '총 구매 횟수'], ['platformOrderCount', '플랫폼 구매 횟수'],
  ['ownMallOrderCount', '자사몰 구매 횟수'], ['offlineOrderCount', '오프라인 구매 횟수'], ['latestOrderedAt', '최근 구매일'],
  ['customerPoint', '포인트'], ['interworkPoint', '연동 포인트'], ['latestIssuedMembershipName', '최근 발급 멤버십'],
  ['couponRemainCount', '보유 쿠폰'], ['couponUsedCount', '사용 쿠폰'], ['isAgreeMarketing', '마케팅 수신 동의'], ['isAgreeSMS', 'SMS 수신 동의'],
  ['isAgreeEmail', '이메일 수신 동의'], ['isInterworkAgreeSendSMS', '연동 SMS 동의'], ['isInterworkAgreeSendEmail', '연동 이메일 동의'],
  ['interworkEmail', '연동 이메일'],
] as const;

// ---------------------------------------------------------------------------------------------
// Points, marketable customers, grades

/**
 * Points an order earns: floor(paymentAmount × pointRate %). The rate has two decimals; the sum is
 * done in integers (rate in hundredths of a percent) so 0.29 % of 100 is 0, not a float artefact.
 */
export function pointAmountOf(paymentAmount: number, pointRate: number): number {
  if (!(paymentAmount > 0) || !(pointRate > 0)) return 0;
  const hundredths = Math.round(pointRate * 100);
  return Math.floor((Math.trunc(paymentAmount) * hundredths) / 10_000);
}

/** Orders at or after this instant make a customer marketable (6 calendar months before `now`). */
export function marketableSince(now: Date): Date {
  return dayjs(now).subtract(MARKETABLE_ORDER_MONTHS, 'month').toDate();
}

/** Two decimals, as every overview figure is shown. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Sign-up rate in percent (the console adds %): 0 without customers. */
export function signUpRateOf(signUps: number, customers: number): number {
  return customers > 0 ? round2((signUps / customers) * 100) : 0;
}

export interface GradeCriteria { groupNo: number; minPurchaseAmount: number; minPurchaseCount: number }

/**
 * The grade a customer holds: the highest groupNo whose minimum purchase amount and count (over
 * the grade period) it meets; none when it meets none.
 */
export function gradeFor<G extends GradeCriteria>(grades: readonly G[], amount: number, count: number): G | null {
  let best: G | null = null;
  for (const g of grades) {
    if (amount >= g.minPurchaseAmount && count >= g.minPurchaseCount && (!best || g.groupNo > best.groupNo)) best = g;
  }
  return best;
}

/** First month (1-based) of each run of a schedule; daily runs every day. */
const SCHEDULE_MONTHS: Record<Exclude<GradeSchedule, 'daily'>, number[]> = {
  monthly: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], quarterly: [1, 4, 7, 10], 'half-yearly': [1, 7], yearly: [1],
};

/**
 * The latest scheduled grade run at or before `now`: 03:00 Asia/Seoul every day (daily) or on the
 * first day of each month, quarter, half-year or year. A tenant is due when its last run is older.
 */
export function latestGradeSlot(schedule: GradeSchedule, now: Date): Date {
  const kst = new Date(now.getTime() + SEOUL_OFFSET_MS);
  let y = kst.getUTCFullYear();
  let m = kst.getUTCMonth();
  let d = kst.getUTCDate();
  const slot = (yy: number, mm: number, dd: number) => new Date(Date.UTC(yy, mm, dd, GRADE_RUN_HOUR_KST) - SEOUL_OFFSET_MS);
  if (schedule === 'daily') {
    const today = slot(y, m, d);
    return today.getTime() <= now.getTime() ? today : slot(y, m, d - 1);
  }
  const months = SCHEDULE_MONTHS[schedule];
  d = 1;
  for (let i = 0; i < 24; i += 1) {
    if (months.includes(m + 1)) {
      const s = slot(y, m, d);
      if (s.getTime() <= now.getTime()) return s;
    }
    m -= 1;
    if (m < 0) { m = 11; y -= 1; }
  }
  return slot(y, m, d);
}

// ---------------------------------------------------------------------------------------------
// Dashboard distribution buckets (spec 1 Customer dashboard: salesAmount, count, price)

export interface Bucket { label: string; min: number; max: number | null }
export const CUSTOMER_DISTRIBUTION: Record<'salesAmount' | 'count' | 'price', Bucket[]> = {
  /** Total purchase amount per customer. */
  salesAmount: [
    { label: '10만 원 미만', min: 0, max: 100_000 }, { label: '10만~50만 원', min: 100_000, max: 500_000 },
    { label: '50만~100만 원', min: 500_000, max: 1_000_000 }, { label: '100만~300만 원', min: 1_000_000, max: 3_000_000 },
    { label: '300만 원 이상', min: 3_000_000, max: null },
  ],
  /** Number of orders per customer. */
  count: [
    { label: '0회', min: 0, max: 1 }, { label: '1회', min: 1, max: 2 }, { label: '2~3회', min: 2, max: 4 },
    { label: '4~9회', min: 4, max: 10 }, { label: '10회 이상', min: 10, max: null },
  ],
  /** Average order price per customer (customers with orders). */
  price: [
    { label: '5만 원 미만', min: 0, max: 50_000 }, { label: '5만~10만 원', min: 50_000, max: 100_000 },
    { label: '10만~30만 원', min: 100_000, max: 300_000 }, { label: '30만~50만 원', min: 300_000, max: 500_000 },
    { label: '50만 원 이상', min: 500_000, max: null },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schemas

const yn = () => yup.string().oneOf([...YN], CUSTOMER_MSG.ynInvalid);

/** The download request (spec 3 section 5): a valid e-mail, a file password (≥6, letter, digit, special), a reason. */
export const customerDownloadSchema = yup.object({
  email: emailRule,
  password: filePasswordRule,
  reason: yup.string().trim().required(CUSTOMER_MSG.reasonRequired).max(DOWNLOAD_REASON_MAX, CUSTOMER_MSG.reasonTooLong),
});
export type CustomerDownloadRequest = yup.InferType<typeof customerDownloadSchema>;

const wholeNumber = (message: string) => yup.number().typeError(message).integer(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

/**
 * The whole grade list, saved at once: 1..10 grades, names unique, group numbers unique and
 * ascending in the order sent. Errors are keyed list[i].field.
 */
export const gradeListSchema = yup.object({
  list: yup.array(yup.object({
    idx: idxSchema(CUSTOMER_MSG.gradeNotFound).nullable().default(null),
    name: yup.string().trim().required(CUSTOMER_MSG.gradeNameRequired).max(GRADE_NAME_MAX, CUSTOMER_MSG.gradeNameTooLong)
      .test('unique', CUSTOMER_MSG.gradeNameDuplicate, function unique(v) {
        const list = (this.from?.[1]?.value as { list?: { name?: string }[] } | undefined)?.list ?? [];
        return list.filter((g) => String(g.name ?? '').trim() === v).length <= 1;
      }),
    groupNo: yup.number().typeError(CUSTOMER_MSG.groupNoInvalid).required(CUSTOMER_MSG.groupNoInvalid).integer(CUSTOMER_MSG.groupNoInvalid).min(1, CUSTOMER_MSG.groupNoInvalid).max(COLUMN_RANGE.integer.max, CUSTOMER_MSG.groupNoInvalid)
      .test('ascending', CUSTOMER_MSG.groupNoOrder, function ascending(v) {
        const list = (this.from?.[1]?.value as { list?: { groupNo?: number }[] } | undefined)?.list ?? [];
        const i = Number(/\[(\d+)\]/.exec(this.path)?.[1] ?? -1);
        return i <= 0 || v === undefined || Number(list[i - 1]?.groupNo) < v;
      }),
    minPurchaseAmount: wholeNumber(CUSTOMER_MSG.minAmountInvalid).default(0),
    minPurchaseCount: wholeNumber(CUSTOMER_MSG.minCountInvalid).default(0),
  })).required(CUSTOMER_MSG.gradesRequired).min(1, CUSTOMER_MSG.gradesRequired).max(GRADES_MAX, CUSTOMER_MSG.gradesTooMany),
});
export type GradeListInput = yup.InferType<typeof gradeListSchema>;

/** An order recorded on a customer (POST /v1/admin/customers/{id}/orders). */
export const customerOrderSchema = yup.object({
  orderedAt: yup.string().required(CUSTOMER_MSG.orderedAtInvalid).test('iso', CUSTOMER_MSG.orderedAtInvalid, (v) => !v || !Number.isNaN(new Date(v).getTime())),
  channel: yup.string().required(CUSTOMER_MSG.channelInvalid).oneOf([...ORDER_CHANNELS], CUSTOMER_MSG.channelInvalid),
  productName: yup.string().trim().required(CUSTOMER_MSG.productNameRequired).max(200, CUSTOMER_MSG.productNameRequired),
  paymentAmount: wholeNumber(CUSTOMER_MSG.paymentAmountInvalid).required(CUSTOMER_MSG.paymentAmountInvalid),
});

/** Point and grade settings (PATCH /v1/admin/customers/setting): partial. */
export const customerSettingSchema = yup.object({
  pointRate: yup.number().typeError(CUSTOMER_MSG.pointRateInvalid).min(0, CUSTOMER_MSG.pointRateInvalid).max(100, CUSTOMER_MSG.pointRateInvalid)
    .test('2dp', CUSTOMER_MSG.pointRateInvalid, (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6),
  onOfflinePointToggle: yn(),
  gradeSchedule: yup.string().oneOf([...GRADE_SCHEDULES], CUSTOMER_MSG.gradeScheduleInvalid),
  gradePeriodMonths: yup.number().typeError(CUSTOMER_MSG.gradePeriodInvalid).integer(CUSTOMER_MSG.gradePeriodInvalid)
    .min(1, CUSTOMER_MSG.gradePeriodInvalid).max(GRADE_PERIOD_MONTHS_MAX, CUSTOMER_MSG.gradePeriodInvalid),
});
export type CustomerSettingInput = yup.InferType<typeof customerSettingSchema>;

/**
 * List filters (filterOptions, a JSON object): gender (['M','F'] and/or 'NONE'), groupIdx (number[];
 * 0 = no grade), isAgreeMarketing / isAgreeSMS / hasWallet ('Y'|'N'), registeredFrom / registeredTo (YYYY-MM-DD, inclusive).
 */
export interface CustomerFilters {
  gender?: ('M' | 'F' | 'NONE')[];
  groupIdx?: number[];
  isAgreeMarketing?: Yn;
  isAgreeSMS?: Yn;
  hasWallet?: Yn;
  registeredFrom?: string;
  registeredTo?: string;
}

/** filterOptions text → filters, or null when it is not a valid filter object. */
export function parseCustomerFilters(raw: string | null | undefined): CustomerFilters | null {
  if (!raw || !raw.trim()) return {};
  let value: unknown;
  try { value = JSON.parse(raw); } catch { return null; }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const out: CustomerFilters = {};
  const asList = (x: unknown) => (Array.isArray(x) ? x : x === undefined || x === null || x === '' ? [] : [x]);
  for (const key of Object.keys(v)) {
    const x = v[key];
    if (key === 'gender') {
      const list = asList(x).map(String);
      if (!list.every((g) => g === 'M' || g === 'F' || g === 'NONE')) return null;
      if (list.length) out.gender = list as CustomerFilters['gender'];
    } else if (key === 'groupIdx') {
      const list = asList(x).map(Number);
      if (!list.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
      if (list.length) out.groupIdx = list;
    } else if (key === 'isAgreeMarketing' || key === 'isAgreeSMS' || key === 'hasWallet') {
      if (x === undefined || x === null || x === '') continue;
      if (x !== 'Y' && x !== 'N') return null;
      out[key] = x;
    } else if (key === 'registeredFrom' || key === 'registeredTo') {
      if (x === undefined || x === null || x === '') continue;
      if (typeof x !== 'string' || !isYmd(x)) return null;
      out[key] = x;
    } else {
      return null;
    }
  }
  return out;
}
