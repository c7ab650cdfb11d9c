import * as yup from 'yup';
import { idxSchema, isIdx } from './integers';
import type { CountryCode } from 'libphonenumber-js/min';
import { isValidKoreanNumber } from './koreanPhone';
import { digitsOnly } from './patterns';
import { isYmd } from './seoulDay';
import { PRODUCT_CATEGORY_CODES, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_TEXT_MAX, parsePrice } from './product';
import type { GuaranteeInput } from './resources/guarantee';

/**
 * Guarantees (spec 2 sections 3, 4, 5, 8 and 9): status codes and their legal transitions, issue
 * routes, the rules and the Korean texts. One module for the form, the spreadsheet rows and the
 * server; the certificate's fields and the issue schema are the definition (resources/guarantee.ts). Memberships share the certificate entity (nftType) and reuse these rules.
 */

export const NFT_TYPES = ['GUARANTEE', 'MEMBERSHIP'] as const;
export type NftType = (typeof NFT_TYPES)[number];

/** Status codes of spec 2 section 4. */
export const NFT_STATUS = {
  ready: 1,
  readyComplete: 2,
  complete: 3,
  linkComplete: 4,
  pending: 5,
  reservation: 7,
  cancel: 9,
  cancelReady: 10,
  temporary: 11,
} as const;
export type NftStatus = (typeof NFT_STATUS)[keyof typeof NFT_STATUS];

export const NFT_STATUS_LABELS: Record<NftStatus, string> = {
  1: '발급 대기',
  2: '대기 완료',
  3: '발급 완료',
  4: '연동 완료',
  5: '이전 중',
  7: '발급 예약',
  9: '발급 취소',
  10: '대기 취소',
  11: '임시 저장',
};

/** The status filter of the history (spec 2 section 4: values 1, 2, 3, 4 and 9). */
export const NFT_STATUS_FILTER_VALUES = [1, 2, 3, 4, 9] as const satisfies readonly NftStatus[];
/** Codes a status filter value matches: complete also includes pending (being transferred). */
export function statusesForFilter(value: NftStatus): NftStatus[] {
  return value === NFT_STATUS.complete ? [NFT_STATUS.complete, NFT_STATUS.pending] : [value];
}

/** The admin operations on a certificate and the codes each may start from (spec 2 section 4). */
export const NFT_TRANSITIONS = {
  /** Issue now: waiting applications, scheduled reservations and drafts. */
  complete: { from: [1, 2, 7, 11], to: NFT_STATUS.complete },
  /** Cancel an issued certificate. Pending (being transferred) ones need a reason: cancelPending. */
  cancel: { from: [3, 4], to: NFT_STATUS.cancel },
  /** The cancel-reason submission for pending ones (POST /v1/admin/nft/pending/cancel-reason). */
  cancelPending: { from: [5], to: NFT_STATUS.cancel },
  /** Delete while waiting: the row stays as cancelReady (10), "deleted while waiting". */
  deleteWaiting: { from: [1, 2, 7], to: NFT_STATUS.cancelReady },
  /** Delete what is finished or never issued: the row is removed from lists (deleted_at). */
  remove: { from: [9, 10, 11], to: null },
  /** The scheduled job: a reservation whose day has come is issued. */
  issueReservation: { from: [7], to: NFT_STATUS.complete },
} as const satisfies Record<string, { from: readonly NftStatus[]; to: NftStatus | null }>;
export type NftOperation = keyof typeof NFT_TRANSITIONS;

/** Whether an operation may start from a status. */
export function canTransition(op: NftOperation, from: number): boolean {
  return (NFT_TRANSITIONS[op].from as readonly number[]).includes(from);
}

/** Delete (single or bulk) picks the kind of delete by status; null when the status cannot be deleted. */
export function deleteOperationFor(status: number): 'deleteWaiting' | 'remove' | null {
  if (canTransition('deleteWaiting', status)) return 'deleteWaiting';
  if (canTransition('remove', status)) return 'remove';
  return null;
}

/** A guarantee can be edited until it is cancelled, deleted or being transferred. */
export const NFT_EDITABLE_STATUSES = [1, 2, 3, 4, 7, 11] as const satisfies readonly NftStatus[];

/** Customer-facing status (spec 2 section 3, Other related). */
export function customerFacingStatus(status: number): '발급' | '발급 취소' | null {
  if (status === NFT_STATUS.complete || status === NFT_STATUS.linkComplete || status === NFT_STATUS.pending) return '발급';
  if (status === NFT_STATUS.cancel) return '발급 취소';
  return null;
}

/** Issue routes (requestRoute) and the issue-type filter's labels. `product` is the default. */
export const REQUEST_ROUTES = {
  user: '사용자 신청',
  product: '개별 발급',
  excel: '대량 발급',
  cafe24: '카페24 연동',
  naver: '네이버 연동',
  api: 'API 연동',
} as const;
export type RequestRoute = keyof typeof REQUEST_ROUTES;
export const REQUEST_ROUTE_VALUES = Object.keys(REQUEST_ROUTES) as RequestRoute[];

/** The history's search types (searchType / the API's `search`). */
export const NFT_SEARCH_TYPES = ['all', 'ordererName', 'ordererTel', 'productName', 'nftNumber', 'refOrderId'] as const;
export type NftSearchType = (typeof NFT_SEARCH_TYPES)[number];
export const NFT_SEARCH_TYPE_LABELS: Record<NftSearchType, string> = {
  all: '전체',
  ordererName: '주문자명',
  ordererTel: '연락처',
  productName: '상품명',
  nftNumber: '보증서 번호',
  refOrderId: '주문번호',
};
/** Which date the history's range applies to (the API's dateType). */
export const NFT_DATE_TYPES = ['createdAt', 'issuedAt', 'orderedAt'] as const;

export const DEFAULT_COUNTRY_CODE = '82';
export const PHONE_INPUT_MAX = 100;
/** Offline register issues one certificate of one product. */
export const OFFLINE_GUARANTEE_COUNT = 1;
/** Bulk issue accepts only these image extensions (spec 2 section 5). */
export const BULK_ISSUE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Rows per bulk-issue request: a 10,000-row sheet goes in 10 chunks, each one transaction that refuses only its bad rows. */
export const NFT_BULK_MAX_ROWS = 1000;
/**
 * Bulk-issue chunks the console's guarantee upload (and `npm run bench:bulk-issue`) keeps in flight at
 * once. Two let one chunk's server work (parsing, validation, prepareIssues) overlap the other's statement,
 * and the second backend use the second core: `npm run bench:bulk-issue-concurrency`, 10,000 rows on 2
 * shared cores (2026-11-24, load 5–11), PostgreSQL 0.59–0.76 of the wall time of one at a time (faster in
 * 17 of 19 paired rounds, same CPU); 3 in flight no better than 2; PGlite (in the server's thread) neither
 * gains nor loses (same CPU, same-round wall ratios 0.88–1.47 with the load). Each chunk is one
 * transaction with its own batch key; the customers upsert locks in a sorted order, so concurrent
 * chunks sharing customers wait rather than deadlock. The membership upload stays at 1 (README, Benchmarks).
 */
export const NFT_BULK_CHUNK_CONCURRENCY = 2;
/** The spec's client method: batches of 10 concurrent single POSTs (what the benchmark compares with). */
export const SPEC_BULK_CONCURRENCY = 10;
export const RESERVATION_DAYS_MAX = 365;
export const CANCEL_REASON_MAX = 100;
export const CANCEL_DETAIL_MAX = 1000;

/** Default custom content titles of the guarantee settings (spec 2 section 3). */
export const DEFAULT_CUSTOM_CONTENT_TITLES = ['보증 기간', '교환 및 반품 안내', 'A/S 주의사항'] as const;

export const GUARANTEE_MSG = {
  ordererNameRequired: '주문자명을 입력해 주세요',
  ordererTelRequired: '연락처를 입력해 주세요',
  ordererTelInvalid: '연락처 형식이 올바르지 않아요',
  safeNumberRejected: '050, 070 번호로는 발급할 수 없어요',
  countryCodeInvalid: '국가 번호가 올바르지 않아요',
  dateFormat: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요',
  amountFormat: '0 이상의 숫자로 입력해 주세요',
  amountMax: '100,000,000원 이하로 입력해 주세요',
  productRequired: '상품을 선택해주세요',
  productNameRequired: '상품명을 입력해 주세요',
  brandRequired: '브랜드를 선택해 주세요',
  categoryRequired: '카테고리를 선택해 주세요',
  categoryInvalid: '카테고리는 1~7 중에서 선택해 주세요',
  imageUrlInvalid: '이미지 URL은 jpg, jpeg, png, webp 파일이어야 해요',
  templateRequired: '보증서 템플릿을 선택해 주세요',
  textTooLong: `${PRODUCT_TEXT_MAX}자까지 입력할 수 있어요`,
  reservationDaysInvalid: `예약 발급일은 1~${RESERVATION_DAYS_MAX}일 사이로 입력해 주세요`,
  cancelReasonRequired: '취소 사유를 선택해 주세요',
  notFound: '존재하지 않는 보증서예요',
  productMismatch: '상품명이 일치하지 않아요',
  /** A transition refused for one certificate; the list names each refused one. */
  illegalTransition: (number: string, status: number) => `${number}: ${NFT_STATUS_LABELS[status as NftStatus] ?? status} 상태에서는 처리할 수 없어요`,
  notEditable: '취소·삭제되었거나 이전 중인 보증서는 수정할 수 없어요',
  unsupportedFileType: 'jpg, jpeg, png, webp 파일만 사용할 수 있어요',
  alreadyIssuing: '이미 발급되었거나 발급 중일 수 있어요. 발급 내역을 확인해 주세요',
  membershipAlreadyExists: '같은 멤버십을 이미 보유하고 있어요',
  templateExpireInvalid: '멤버십 만료일이 올바르지 않아요',
  templateCouponExpireInvalid: '쿠폰 만료일이 올바르지 않아요',
  setupFirst: '먼저 보증서를 설정해 주세요',
} as const;

/** Bulk issue failure codes (spec 2 section 8) and their messages; any other code is "may already be issuing". */
export const BULK_ISSUE_FAILURES = {
  MEMBERSHIP_NFT_ALREADY_EXISTS: GUARANTEE_MSG.membershipAlreadyExists,
  INVALID_NFT_TEMPLATE_EXPIRE_DATE: GUARANTEE_MSG.templateExpireInvalid,
  INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE: GUARANTEE_MSG.templateCouponExpireInvalid,
  UNSUPPORTED_FILE_TYPE: GUARANTEE_MSG.unsupportedFileType,
} as const;
export function bulkIssueFailureMessage(code: string | undefined): string {
  return (code && (BULK_ISSUE_FAILURES as Record<string, string>)[code]) || GUARANTEE_MSG.alreadyIssuing;
}

/** Korean "safe numbers" (050x) and internet phones (070) cannot receive a certificate. */
const KOREAN_SAFE_NUMBER = /^0?(50|70)/;

/** Another country's rule (libphonenumber, src/domain/phoneIntl.ts), registered when that module loads. */
type IntlPhoneRule = (countryCode: string, nationalDigits: string) => boolean;
let intlPhoneRule: IntlPhoneRule | null = null;
export function setIntlPhoneRule(rule: IntlPhoneRule) {
  intlPhoneRule = rule;
}
/** Whether phoneError can answer for any country now (else only for Korea until phoneIntl.ts loads). */
export const phoneRulesLoaded = () => intlPhoneRule !== null;

/**
 * A phone for a country code (digits, e.g. '82'): valid by libphonenumber's metadata for that
 * country, and for Korea not a 050/070 number. Returns null when valid, else the message. Korean
 * numbers use the same rule without libphonenumber (koreanPhone.ts), so a page that only shows
 * guarantees does not load its metadata (issue 24); another country needs src/domain/phoneIntl.ts
 * loaded (the server, the forms and the sheet import it; a form's check loads it when missing).
 */
export function phoneError(tel: string, countryCode: string = DEFAULT_COUNTRY_CODE): string | null {
  const raw = String(tel ?? '').trim();
  if (!raw) return GUARANTEE_MSG.ordererTelRequired;
  if (!/^\d{1,4}$/.test(countryCode)) return GUARANTEE_MSG.countryCodeInvalid;
  if (!/^[\d\s()+-]+$/.test(raw) || raw.length > PHONE_INPUT_MAX) return GUARANTEE_MSG.ordererTelInvalid;
  const digits = digitsOnly(raw);
  if (countryCode === DEFAULT_COUNTRY_CODE && KOREAN_SAFE_NUMBER.test(digits)) return GUARANTEE_MSG.safeNumberRejected;
  const national = digits.replace(/^0/, '');
  if (countryCode === DEFAULT_COUNTRY_CODE) return isValidKoreanNumber(national) ? null : GUARANTEE_MSG.ordererTelInvalid;
  if (!intlPhoneRule) throw new Error('phoneError: src/domain/phoneIntl.ts is not loaded');
  return intlPhoneRule(countryCode, national) ? null : GUARANTEE_MSG.ordererTelInvalid;
}

/** The stored form of a phone: national digits (Korean numbers keep their leading 0). */
export function normalizePhone(tel: string, countryCode: string = DEFAULT_COUNTRY_CODE): string {
  const digits = digitsOnly(tel);
  return countryCode === DEFAULT_COUNTRY_CODE && !digits.startsWith('0') ? `0${digits}` : digits;
}

export type { CountryCode };

export { isYmd };

/**
 * Whether a guarantee's product name differs from the catalogue name of the product its model number
 * names (spec 2 section 5, "does not match"). Both sides are trimmed; an empty name takes the
 * catalogue's, so it never differs. The bulk issue refuses such a row and the sheet's preview marks it.
 */
export function productNameDiffers(typed: string | null | undefined, catalogueName: string): boolean {
  const name = typed?.trim() ?? '';
  return name !== '' && name !== catalogueName.trim();
}

/** An image URL bulk issue may carry: http(s) with a jpg, jpeg, png or webp path. */
export function isBulkImageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const ext = url.pathname.split('.').pop()?.toLowerCase() ?? '';
    return (BULK_ISSUE_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  } catch {
    return false;
  }
}

/**
 * guaranteeSchema's result for a row it accepts, computed without yup (a bulk request validates up
 * to NFT_BULK_MAX_ROWS rows, and yup spends ~50 µs on each), or null when the row needs yup: any
 * rule broken, or a value of an unusual type (a numeric string for a number, a boolean for a text).
 * The caller then runs guaranteeSchema, so every refusal and its message still come from the
 * schema; this only shortcuts the rows that pass. Mirrors the schema rule by rule (trim, defaults,
 * null → undefined transforms, the brand/category/product-name conditions): keep the two in step —
 * guaranteeFast.test.ts compares them over generated rows and fails when they drift apart.
 */
export function castGuaranteeInput(input: unknown, requireBrand: boolean): GuaranteeInput | null {
  if (input === null || input === undefined) return castGuaranteeInput({}, requireBrand);
  if (Object.prototype.toString.call(input) !== '[object Object]') return null;
  const raw = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  let ok = true;
  const fail = (): undefined => {
    ok = false;
    return undefined;
  };
  /** A text: strings and numbers (yup casts them with toString), trimmed; FAIL when it is not one or breaks a rule. */
  const text = (key: string, max: number, required: boolean, test?: (v: string) => boolean): string | null | undefined => {
    const v = raw[key];
    if (v === undefined || v === null) {
      if (required) ok = false;
      return v;
    }
    if (typeof v !== 'string' && typeof v !== 'number') return fail();
    const s = String(v).trim();
    if (s.length > max || (required && s === '') || (test && !test(s))) ok = false;
    return s;
  };
  /** idxSchema: null stays null; a JS number only. */
  const idx = (key: string, required: boolean): number | null | undefined => {
    const v = raw[key];
    if (v === undefined || v === null) {
      if (required) ok = false;
      return v;
    }
    if (!isIdx(v)) ok = false;
    return v as number;
  };
  /** A number whose transform turns '' and null into undefined (categoryCode, reservationDays). */
  const blankToUndefined = (key: string): number | undefined => {
    const v = raw[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'number' || Number.isNaN(v)) return fail();
    return v;
  };
  const amount = (key: string): number | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') return fail();
    const parsed = parsePrice(v);
    if (parsed === null) return undefined;
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > PRODUCT_PRICE_MAX) ok = false;
    return parsed;
  };
  const date = (key: string) => text(key, Number.POSITIVE_INFINITY, false, (s) => !s || isYmd(s));

  set('nftTemplateIdx', idx('nftTemplateIdx', false));
  set('ordererName', text('ordererName', PRODUCT_TEXT_MAX, true));
  let countryCode: string | undefined = DEFAULT_COUNTRY_CODE;
  if (raw.ordererCountryCode !== undefined) {
    const cc = raw.ordererCountryCode;
    if (typeof cc !== 'string' && typeof cc !== 'number') return null;
    countryCode = String(cc).trim();
    if (!/^\d{1,4}$/.test(countryCode)) return null;
  }
  set('ordererCountryCode', countryCode);
  set('ordererTel', text('ordererTel', PHONE_INPUT_MAX, true, (s) => phoneError(s, countryCode || DEFAULT_COUNTRY_CODE) === null));
  set('orderedAt', date('orderedAt'));
  set('refOrderId', text('refOrderId', PRODUCT_TEXT_MAX, false));
  set('storeIdx', idx('storeIdx', false));
  set('storeName', text('storeName', PRODUCT_TEXT_MAX, false));
  set('brandIdx', idx('brandIdx', requireBrand));
  const productIdx = idx('partnersProductIdx', false);
  set('partnersProductIdx', productIdx);
  set('productName', text('productName', PRODUCT_NAME_MAX, productIdx === null || productIdx === undefined));
  set('warrantyDate', date('warrantyDate'));
  set('price', amount('price'));
  set('paymentAmount', amount('paymentAmount'));
  set('productCode', text('productCode', PRODUCT_TEXT_MAX, false));
  set('modelNumber', text('modelNumber', PRODUCT_TEXT_MAX, false));
  set('productImage', text('productImage', Number.POSITIVE_INFINITY, false, (s) => !s || isBulkImageUrl(s) || /^\d+\/[\w-]+\.(jpe?g|png|webp)$/i.test(s)));
  const category = blankToUndefined('categoryCode');
  if (category === undefined ? requireBrand && !productIdx : !(PRODUCT_CATEGORY_CODES as number[]).includes(category)) ok = false;
  set('categoryCode', category);
  set('material', text('material', PRODUCT_TEXT_MAX, false));
  set('size', text('size', PRODUCT_TEXT_MAX, false));
  set('weight', text('weight', PRODUCT_TEXT_MAX, false));
  if (raw.customField !== undefined && raw.customField !== null) return null;
  set('customField', raw.customField);
  if (raw.temporary !== undefined && typeof raw.temporary !== 'boolean') return null;
  set('temporary', raw.temporary);
  const days = blankToUndefined('reservationDays');
  if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > RESERVATION_DAYS_MAX)) ok = false;
  set('reservationDays', days);
  set('deliveredAt', date('deliveredAt'));
  return ok ? (out as GuaranteeInput) : null;
}

/** The cancel-reason submission for pending ones. */
export const cancelReasonSchema = yup.object({
  nftIdxList: yup.array(idxSchema(GUARANTEE_MSG.notFound).required()).min(1).max(NFT_BULK_MAX_ROWS).required(),
  reason: yup.string().trim().required(GUARANTEE_MSG.cancelReasonRequired).max(CANCEL_REASON_MAX, GUARANTEE_MSG.textTooLong),
  detail: yup.string().trim().max(CANCEL_DETAIL_MAX, GUARANTEE_MSG.textTooLong).nullable().optional(),
});

/** Template and guarantee settings (spec 2 section 3, Template; Guarantee settings). */
export const TEMPLATE_MSG = {
  cardNameRequired: '카드 이름을 입력해 주세요',
  linkIncomplete: '링크 이름과 URL을 모두 입력해 주세요',
  linkUrlInvalid: 'URL은 http:// 또는 https://로 시작해야 해요',
  contentTitleRequired: '제목을 입력해 주세요',
  notFound: '존재하지 않는 템플릿이에요',
  stopped: '사용 중지된 템플릿이에요',
  listTooLong: '20개까지 입력할 수 있어요',
  contentTooLong: '2,000자까지 입력할 수 있어요',
  choiceInvalid: '선택할 수 없는 값이에요',
  storesTooMany: '매장은 1,000개까지 선택할 수 있어요',
  storeInvalid: '매장을 다시 선택해 주세요',
} as const;
export const TEMPLATE_TEXT_MAX = 100;
export const TEMPLATE_CONTENT_MAX = 2000;
export const TEMPLATE_LIST_MAX = 20;
const yn = yup.string().oneOf(['Y', 'N'] as const, TEMPLATE_MSG.choiceInvalid);

export const templateSchema = yup.object({
  templateType: yup.string().oneOf(NFT_TYPES, TEMPLATE_MSG.choiceInvalid).default('GUARANTEE'),
  nftCardName: yup.string().trim().required(TEMPLATE_MSG.cardNameRequired).max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong),
  isMain: yup.boolean().default(false),
  backgroundImg: yup.string().trim().max(500).nullable().optional(),
  nftCustomFields: yup
    .array(yup.object({ name: yup.string().trim().required(TEMPLATE_MSG.contentTitleRequired).max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong), value: yup.string().trim().max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong).optional() }))
    .max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong)
    .default([]),
  nftCustomLinks: yup
    .array(
      yup.object({
        name: yup.string().trim().required(TEMPLATE_MSG.linkIncomplete).max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong),
        url: yup.string().trim().required(TEMPLATE_MSG.linkIncomplete).matches(/^https?:\/\/\S+$/, TEMPLATE_MSG.linkUrlInvalid),
      }),
    )
    .max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong)
    .default([]),
});

export const templateSettingSchema = yup.object({
  userMintingField: yup.array(yup.string().required()).max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong).default([]),
  useUserMinting: yn.default('N'),
  filteringStores: yup.array(idxSchema(TEMPLATE_MSG.storeInvalid).required(TEMPLATE_MSG.storeInvalid)).max(1000, TEMPLATE_MSG.storesTooMany).default([]),
  useAllPlaceSearch: yn.default('Y'),
});

export const fieldSettingSchema = yup.object({
  nftCustomFields: yup
    .array(yup.object({ name: yup.string().trim().required(TEMPLATE_MSG.contentTitleRequired).max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong), value: yup.string().trim().max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong).optional() }))
    .max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong)
    .default([]),
  nftCustomContents: yup
    .array(
      yup.object({
        title: yup.string().trim().required(TEMPLATE_MSG.contentTitleRequired).max(TEMPLATE_TEXT_MAX, GUARANTEE_MSG.textTooLong),
        contents: yup.string().max(TEMPLATE_CONTENT_MAX, TEMPLATE_MSG.contentTooLong).default(''),
      }),
    )
    .max(TEMPLATE_LIST_MAX, TEMPLATE_MSG.listTooLong)
    .default(DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: '' }))),
  useFieldMaterial: yn.default('N'),
  useFieldSize: yn.default('N'),
  useFieldWeight: yn.default('N'),
  useNftProdImage: yn.default('Y'),
});

/** The 알림톡 sent when a guarantee is issued: template code and the variables it fills. */
export const GUARANTEE_ALIMTALK = {
  templateCode: 'GUARANTEE_ISSUED',
  variables: ['brandName', 'ordererName', 'productName', 'nftNumber', 'certificateUrl'] as const,
} as const;

export type GuaranteeAlimtalkVariables = Record<(typeof GUARANTEE_ALIMTALK.variables)[number], string>;

/**
 * The 알림톡 text a customer receives when a guarantee is issued, with its #{variable} slots filled
 * (the guarantee settings screen previews it; a real Kakao adapter registers the same text).
 */
export const GUARANTEE_ALIMTALK_TEXT =
  '[#{brandName}] 디지털 보증서 발급 안내\n\n#{ordererName}님, 구매하신 상품의 디지털 보증서가 발급되었어요.\n\n■ 상품명: #{productName}\n■ 보증서 번호: #{nftNumber}\n\n아래 링크에서 보증서를 확인해 주세요.\n#{certificateUrl}';
export const GUARANTEE_ALIMTALK_BUTTON = '보증서 보기';

export function guaranteeAlimtalkText(vars: GuaranteeAlimtalkVariables): string {
  return GUARANTEE_ALIMTALK_TEXT.replace(/#\{(\w+)\}/g, (slot, name: string) => (name in vars ? vars[name as keyof GuaranteeAlimtalkVariables] : slot));
}

/** The reasons offered when cancelling a pending (being transferred) certificate; the text is what is stored. */
export const CANCEL_REASONS = ['고객 요청', '반품·환불', '잘못 발급', '기타'] as const;

/** The history's page sizes; 1000 is the export's page (NFT_BULK_MAX_ROWS). */
export const NFT_LIST_PAGE_SIZES = [10, 25, 50, 100, 250, 500, 1000] as const;
/** The history's sort fields (`sort=<field>,ASC|DESC`). */
export const NFT_SORT_FIELDS = ['createdAt', 'issuedAt', 'ordererName'] as const;
/** The guarantee dashboard's periods (GET /v1/admin/nft/dashboard?dateType=): the last n days up to today, compared with the n days before. */
export const NFT_DASHBOARD_PERIODS = { '7d': 7, '1m': 30, '3m': 90, '6m': 180 } as const;
export type NftDashboardPeriod = keyof typeof NFT_DASHBOARD_PERIODS;
/** Statuses that count as issued (a use can be recorded, the dashboard sums their price). */
export const NFT_ISSUED_STATUSES = [NFT_STATUS.complete, NFT_STATUS.linkComplete, NFT_STATUS.pending] as const satisfies readonly NftStatus[];
export const NFT_USE_MEMO_MAX = 500;
export const IDEMPOTENCY_KEY_MAX = 100;

/** The partner API's refusals of guarantee requests (field errors and 409s). */
export const GUARANTEE_API_MSG = {
  storeInvalid: '선택할 수 없는 매장이에요',
  productInvalid: '선택할 수 없는 상품이에요',
  imagePathInvalid: '업로드한 이미지만 사용할 수 있어요',
  requestRouteInvalid: '발급 경로는 product 또는 excel이에요',
  nftStatusInvalid: 'nftStatus는 request만 보낼 수 있어요',
  statusFilterInvalid: '발급 상태는 1, 2, 3, 4, 9 중에서 선택해 주세요',
  requestRouteFilterInvalid: `발급 유형은 ${REQUEST_ROUTE_VALUES.join(', ')} 중에서 선택해 주세요`,
  nftTypeInvalid: '보증서 종류는 GUARANTEE 또는 MEMBERSHIP이에요',
  dateTypeInvalid: '날짜 기준은 createdAt, issuedAt, orderedAt 중 하나예요',
  searchTypeInvalid: `검색 기준은 ${NFT_SEARCH_TYPES.join(', ')} 중 하나예요`,
  pageSizeInvalid: `한 페이지에 볼 개수는 ${NFT_LIST_PAGE_SIZES.join(', ')} 중에서 선택해 주세요`,
  idxInvalid: '올바른 번호가 아니에요',
  idxListRequired: '처리할 보증서를 선택해 주세요',
  rowsRequired: '발급할 보증서를 1개 이상 보내 주세요',
  rowsMax: `한 번에 ${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}개까지 발급할 수 있어요`,
  batchKeyRequired: '요청 키(batchKey)를 100자까지 보내 주세요',
  modelNumbersInvalid: `모델번호(modelNumbers)를 문자열로 1~${NFT_BULK_MAX_ROWS.toLocaleString('en-US')}개 보내 주세요`,
  idempotencyKeyInvalid: `Idempotency-Key는 ${IDEMPOTENCY_KEY_MAX}자까지예요`,
  notIssued: '발급된 보증서에만 사용을 기록할 수 있어요',
  memoTooLong: `메모는 ${NFT_USE_MEMO_MAX}자까지 입력할 수 있어요`,
  usedQueryInvalid: 'nftIdx 또는 기간(from, to)을 보내 주세요',
  dashboardPeriodInvalid: `기간은 ${Object.keys(NFT_DASHBOARD_PERIODS).join(', ')} 중 하나예요`,
  customerNotFound: '존재하지 않는 고객이에요',
} as const;

/** The history's spreadsheet export: pages of 1,000 (the API allows pageSize 1000 for it); its headers are the definition's labels. */
export const NFT_EXPORT_PAGE_SIZE = 1000;
