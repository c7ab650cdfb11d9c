import * as yup from 'yup';
import type { AccessRule, AdminType } from './access';
import { idxSchema } from './integers';
import { josa } from './josa';
import { digitsOnly, formatPhone } from './patterns';

/**
 * After-service (spec 3 sections 2–7, issue 13): repair and laundry requests, their workflow, the
 * brand's A/S settings and its repair and laundry partners. One request moves through stages; every
 * move is a transition of `AS_TRANSITIONS`, checked here for the console's buttons and by the server
 * (a move from any other status answers 409 and changes nothing). The docs are docs/api/afterService.md.
 */

/** The two request kinds: the `{type}` of /v1/admin/{type}. */
export const AS_TYPES = ['repair', 'laundry'] as const;
export type AsType = (typeof AS_TYPES)[number];

/** The partner admin type that serves each kind. */
export const AS_PARTNER_ADMIN_TYPE: Record<AsType, Exclude<AdminType, 'b2b'>> = { repair: 'repairer', laundry: 'launderer' };
export const AS_FEATURE = { repair: 'REPAIR', laundry: 'LAUNDRY' } as const;

/**
 * The stages (spec 3 section 4): received, first estimate, final estimate, in progress (laundry:
 * washing), complete, then shipping back; cancelled and exchanged end a request early.
 */
export const AS_STATUSES = ['request', 'preinspect', 'inspecting', 'working', 'washing', 'complete', 'shipping', 'cancel', 'exchanged'] as const;
export type AsStatus = (typeof AS_STATUSES)[number];

export const AS_STATUS_LABELS: Record<AsStatus, string> = {
  request: '접수',
  preinspect: '1차 견적',
  inspecting: '최종 견적',
  working: '수선 중',
  washing: '세탁 중',
  complete: '완료',
  shipping: '발송',
  cancel: '취소',
  exchanged: '교환',
};

/** The statuses a kind's list filter offers (laundry has washing instead of working). */
export const AS_STATUS_FILTERS: Record<AsType, readonly AsStatus[]> = {
  repair: ['request', 'preinspect', 'inspecting', 'working', 'complete', 'shipping', 'cancel', 'exchanged'],
  laundry: ['request', 'preinspect', 'inspecting', 'washing', 'complete', 'shipping', 'cancel', 'exchanged'],
};

/** The actions of PATCH /v1/admin/{type}/{id}/{action} (and complete/{id}, cancel/{id}). */
export const AS_ACTIONS = ['preestimate', 'estimate', 'working', 'complete', 'shipping', 'cancel', 'exchanged'] as const;
export type AsAction = (typeof AS_ACTIONS)[number];

const OPEN: readonly AsStatus[] = ['request', 'preinspect', 'inspecting'];

/** Where each action may start; `to` of working depends on the kind (`targetStatus`). */
export const AS_TRANSITIONS: Record<AsAction, { from: readonly AsStatus[]; to: AsStatus }> = {
  preestimate: { from: ['request'], to: 'preinspect' },
  estimate: { from: ['request', 'preinspect'], to: 'inspecting' },
  working: { from: OPEN, to: 'working' },
  complete: { from: ['working', 'washing'], to: 'complete' },
  shipping: { from: ['complete'], to: 'shipping' },
  cancel: { from: OPEN, to: 'cancel' },
  exchanged: { from: [...OPEN, 'working', 'washing'], to: 'exchanged' },
};

export function targetStatus(type: AsType, action: AsAction): AsStatus {
  return action === 'working' && type === 'laundry' ? 'washing' : AS_TRANSITIONS[action].to;
}

export function canAsTransition(action: AsAction, from: AsStatus): boolean {
  return AS_TRANSITIONS[action].from.includes(from);
}

/** The actions a request in `status` offers, in the order of the workflow. */
export function actionsFrom(status: AsStatus): AsAction[] {
  return AS_ACTIONS.filter((a) => canAsTransition(a, status));
}

/** The 알림톡 template a customer is sent when a request reaches a status (none for request: the intake sends its own). */
export const AS_NOTICE_TEMPLATE: Partial<Record<AsStatus, string>> & { request: string } = {
  request: 'AS_RECEIVED',
  preinspect: 'AS_PREESTIMATE',
  inspecting: 'AS_ESTIMATE',
  working: 'AS_WORKING',
  washing: 'AS_WASHING',
  complete: 'AS_COMPLETE',
  shipping: 'AS_SHIPPING',
  cancel: 'AS_CANCEL',
  exchanged: 'AS_EXCHANGED',
};

/** Limits of spec 3 section 9. */
export const AS_CONTENT_MAX = 1000;
export const AS_MEMO_MAX = 1000;
export const AS_IMAGES_MAX = 6;
export const AS_AMOUNT_MAX = 100_000_000;
export const AS_TEXT_MAX = 100;
export const AS_REASON_MAX = 200;
/** Digits, parentheses and hyphens only (spec 3 section 5), at most 100 characters (section 9). */
export const AS_RECEIVER_PHONE = /^[\d()-]+$/;
export const AS_PHONE_MAX = 100;

/**
 * A receiver's phone as every A/S screen shows it (issue 23 #20): stored as national digits
 * (the server's normalizePhone, as customers), shown hyphenated; a number longer than a Korean one
 * is shown as stored rather than losing digits.
 */
export function asPhoneText(phone: string | null | undefined): string {
  if (!phone) return '';
  return digitsOnly(phone).length <= 11 ? formatPhone(phone) : phone;
}

/** Korean texts of the area; the exact ones of spec 3 section 5 and 8 are quoted as the spec gives them. */
export const AS_MSG = {
  received: 'A/S 접수 완료되었어요',
  imageUploadError: '이미지 업로드 중 오류가 발생했습니다.',
  imagesTooMany: `최대 ${AS_IMAGES_MAX}장만 업로드할 수 있습니다`,
  phoneRequired: '전화번호를 입력해주세요.',
  phoneInvalid: '전화번호는 숫자, 괄호, 하이픈만 입력할 수 있어요',
  productRequired: '상품을 입력해주세요.',
  productNameRequired: '상품명을 입력해주세요.',
  productPick: '상품을 선택해주세요',
  productsTooMany: (n: number) => `상품은 최대 ${n}개까지 추가가 가능합니다`,
  customerRequired: '고객을 선택하거나 주문자 정보를 입력해 주세요',
  guaranteeRequired: '보증서를 선택해 주세요',
  categoryRequired: '수선 카테고리를 선택해 주세요',
  contentRequired: '요청 내용을 입력해 주세요',
  contentTooLong: `요청 내용은 ${AS_CONTENT_MAX}자 이하로 입력해 주세요`,
  memoRequired: '메모를 입력해 주세요',
  memoTooLong: `메모는 ${AS_MEMO_MAX}자 이하로 입력해 주세요`,
  receiverNameRequired: '받는 분 이름을 입력해 주세요',
  addressRequired: '주소를 입력해 주세요',
  zipInvalid: '우편번호는 숫자 5자리로 입력해 주세요',
  textTooLong: `${AS_TEXT_MAX}자 이하로 입력해 주세요`,
  amountInvalid: '견적 금액을 0원 이상으로 입력해 주세요',
  reasonRequired: '취소 사유를 입력해 주세요',
  reasonTooLong: `취소 사유는 ${AS_REASON_MAX}자 이하로 입력해 주세요`,
  courierRequired: '택배사를 입력해 주세요',
  trackingRequired: '송장 번호를 입력해 주세요',
  completeImagesRequired: '완료 사진을 1장 이상 올려 주세요',
  imageInvalid: '올린 이미지만 쓸 수 있어요',
  illegalTransition: (status: AsStatus) => `${AS_STATUS_LABELS[status]} 상태에서는 처리할 수 없어요`,
  notFound: '요청을 찾을 수 없어요',
  listRequired: '처리할 요청을 선택해 주세요',
  categoryNameRequired: '카테고리 이름을 입력해 주세요',
  optionNameRequired: '옵션 이름을 입력해 주세요',
  partnerEmailInvalid: '파트너 계정의 이메일을 올바르게 입력해 주세요',
  partnerNotFound: '이 이메일의 수선·세탁 파트너 계정이 없어요',
  /** The partner serves the other kind (issue 23 #20: said plainly, with the kind asked for). */
  partnerWrongType: (type: AsType) => `${AS_KIND_LABELS[type]} 파트너 계정이 아니에요. ${josa(AS_KIND_LABELS[type], '을/를')} 맡는 파트너의 이메일을 입력해 주세요`,
  partnerAlreadyLinked: '이미 연결했거나 초대한 파트너예요',
  invitationNotFound: '초대를 찾을 수 없어요',
  contactInvalid: 'A/S 연락처를 올바르게 입력해 주세요',
} as const;

/** Who may use each part (spec 1 section 6, spec 3 section 6). */
export const AS_RULES = {
  /** The brand's histories, details and memos: the brand's accounts (sub-accounts too) with the feature. */
  brand: (type: AsType): AccessRule => ({ feature: AS_FEATURE[type] }),
  /** A history shared by the brand and its partner (each sees its own scope, docs/api/afterService.md). */
  history: (type: AsType): AccessRule => ({ feature: AS_FEATURE[type], adminTypes: ['b2b', AS_PARTNER_ADMIN_TYPE[type]] }),
  /** The admin intake: the brand only (the repairer cannot use it). */
  intake: { feature: 'REPAIR', write: true } satisfies AccessRule,
  /** The A/S settings: the main account only (hidden from sub-accounts and refused on the server). */
  setting: (type: AsType): AccessRule => ({ feature: AS_FEATURE[type], mainOnly: true }),
  /** The partner's own dashboard and invitations. */
  partner: (type: AsType): AccessRule => ({ adminTypes: [AS_PARTNER_ADMIN_TYPE[type]] }),
} as const;

const idx = idxSchema;
const text = (max: number, message: string) => yup.string().trim().max(max, message);
/** Uploaded image paths (POST /v1/admin/repair/image answers them). */
const images = (max: number) => yup.array(yup.string().trim().required(AS_MSG.imageInvalid).max(500, AS_MSG.imageInvalid)).max(max, AS_MSG.imagesTooMany).default([]);

/** POST /v1/admin/repair (the intake) and PATCH /v1/admin/repair/{id}: spec 3 section 3's payload. */
export const asRequestSchema = yup.object({
  repairType: yup.string().oneOf(AS_TYPES, AS_MSG.notFound).default('repair'),
  nftIdx: idx(AS_MSG.guaranteeRequired).required(AS_MSG.guaranteeRequired),
  requestMessage: yup.string().trim().required(AS_MSG.contentRequired).max(AS_CONTENT_MAX, AS_MSG.contentTooLong),
  receiverName: text(AS_TEXT_MAX, AS_MSG.textTooLong).required(AS_MSG.receiverNameRequired),
  receiverPhone: yup.string().trim().required(AS_MSG.phoneRequired).max(AS_PHONE_MAX, AS_MSG.phoneInvalid).matches(AS_RECEIVER_PHONE, AS_MSG.phoneInvalid),
  receiverZipCode: yup.string().trim().required(AS_MSG.zipInvalid).matches(/^\d{5}$/, AS_MSG.zipInvalid),
  receiverAddress1: text(200, AS_MSG.textTooLong).required(AS_MSG.addressRequired),
  receiverAddress2: text(200, AS_MSG.textTooLong).default(''),
  images: images(AS_IMAGES_MAX),
  /** The repair category option (required by the server when the category has options). */
  options: idx(AS_MSG.categoryRequired).nullable().default(null),
});
export type AsRequestInput = yup.InferType<typeof asRequestSchema>;

export const asEstimateSchema = yup.object({
  amount: yup.number().typeError(AS_MSG.amountInvalid).required(AS_MSG.amountInvalid).integer(AS_MSG.amountInvalid).min(0, AS_MSG.amountInvalid).max(AS_AMOUNT_MAX, AS_MSG.amountInvalid),
  comment: text(AS_CONTENT_MAX, AS_MSG.contentTooLong).default(''),
});
export const asCancelSchema = yup.object({ reason: yup.string().trim().required(AS_MSG.reasonRequired).max(AS_REASON_MAX, AS_MSG.reasonTooLong) });
export const asShippingSchema = yup.object({
  courier: text(AS_TEXT_MAX, AS_MSG.textTooLong).required(AS_MSG.courierRequired),
  trackingNumber: yup.string().trim().required(AS_MSG.trackingRequired).max(50, AS_MSG.textTooLong),
});
export const asCompleteSchema = yup.object({ images: images(AS_IMAGES_MAX).min(1, AS_MSG.completeImagesRequired) });
export const asBulkSchema = yup.object({ repairIdxList: yup.array(idx(AS_MSG.notFound).required(AS_MSG.notFound)).required(AS_MSG.listRequired).min(1, AS_MSG.listRequired).max(500, AS_MSG.listRequired) });
export const asPartnersMemoSchema = yup.object({ partnersMemo: yup.string().trim().max(AS_MEMO_MAX, AS_MSG.memoTooLong).default('') });
export const asMemoSchema = yup.object({ memo: yup.string().trim().required(AS_MSG.memoRequired).max(AS_MEMO_MAX, AS_MSG.memoTooLong) });

/** A caller's side of a request (server/modules/afterService/scope.ts): the brand's accounts or the routed partner. */
export type AsSide = 'brand' | 'partner';

/**
 * Who may move a request (docs/api/afterService.md): the routed partner, or the brand when no
 * partner is routed; the brand may always cancel (cancel starts only from the open statuses).
 */
export function asMayMove(side: AsSide, routed: boolean, action: AsAction): boolean {
  return side === 'partner' || !routed || action === 'cancel';
}

/** What a caller may do now with a request (the detail's `actions`, the console's buttons). */
export function asActionsFor(side: AsSide, routed: boolean, status: AsStatus): AsAction[] {
  return actionsFrom(status).filter((action) => asMayMove(side, routed, action));
}

/** The history's search fields (GET /v1/admin/{type} `search`). */
export const AS_SEARCH_TYPES = ['all', 'customerName', 'receiverPhone', 'productName', 'nftNumber'] as const;
export type AsSearchType = (typeof AS_SEARCH_TYPES)[number];

/** Texts of the requests API beyond AS_MSG. */
export const AS_REQUEST_MSG = {
  partnerMoves: '파트너가 처리하는 요청이에요. 취소만 할 수 있어요',
  statusInvalid: '상태를 올바르게 선택해 주세요',
  searchInvalid: `검색 기준은 ${AS_SEARCH_TYPES.join(', ')} 중 하나예요`,
  optionInvalid: '수선 옵션을 올바르게 선택해 주세요',
  memoNotFound: '메모를 찾을 수 없어요',
} as const;

/** PATCH /v1/admin/{type}/cancel/bulk: the selection and the one reason for all. */
export const asBulkCancelSchema = asBulkSchema.concat(asCancelSchema);

/** A memo edited or removed by its author (PATCH/DELETE /v1/admin/memo/{memoIdx}): any of the brand's or partners' accounts; the request's own rule is checked on the memo's kind. */
export const AS_MEMO_RULE: AccessRule = { adminTypes: ['b2b', 'repairer', 'launderer'] };

export const AS_CATEGORIES_MAX = 50;
export const AS_OPTIONS_MAX = 50;

/** Texts of the intake and the A/S settings (issue 13 items 3 and 5), beside AS_MSG. */
export const AS_INTAKE_MSG = {
  categoryNotFound: '카테고리를 찾을 수 없어요',
  optionNotFound: '옵션을 찾을 수 없어요',
  categoriesTooMany: `카테고리는 ${AS_CATEGORIES_MAX}개까지 만들 수 있어요`,
  optionsTooMany: `옵션은 카테고리마다 ${AS_OPTIONS_MAX}개까지 만들 수 있어요`,
  featureOff: '이 A/S 종류를 사용하지 않는 계정이에요',
  imageInUse: '접수에 쓰인 이미지는 지울 수 없어요',
  imageStatusInvalid: 'A/S 상태를 올바르게 보내 주세요',
  imageTargetRequired: 'nftIdx 또는 repairIdx를 보내 주세요',
  noticeTooLong: `안내 문구는 ${AS_CONTENT_MAX}자 이하로 입력해 주세요`,
} as const;

/** GET/POST /v1/admin/{type}/info: the brand's A/S contact, notice and where items are sent. */
export const asInfoSchema = yup.object({
  contactPhone: yup.string().trim().max(AS_PHONE_MAX, AS_MSG.contactInvalid).matches(/^[\d()-]*$/, AS_MSG.contactInvalid).default(''),
  notice: yup.string().trim().max(AS_CONTENT_MAX, AS_INTAKE_MSG.noticeTooLong).default(''),
  receiveZipCode: yup.string().trim().matches(/^(\d{5})?$/, AS_MSG.zipInvalid).default(''),
  receiveAddress1: text(200, AS_MSG.textTooLong).default(''),
  receiveAddress2: text(200, AS_MSG.textTooLong).default(''),
});
export type AsInfoInput = yup.InferType<typeof asInfoSchema>;

/**
 * POST /v1/admin/repair/category: the whole list at once. A row with an idx keeps it (requests keep
 * their option idx); a row without one is new; a stored row not sent is removed.
 */
export const repairCategoriesSchema = yup.object({
  list: yup.array(yup.object({
    idx: idx(AS_INTAKE_MSG.categoryNotFound).nullable().default(null),
    name: text(AS_TEXT_MAX, AS_MSG.textTooLong).required(AS_MSG.categoryNameRequired),
    options: yup.array(yup.object({
      idx: idx(AS_INTAKE_MSG.optionNotFound).nullable().default(null),
      name: text(AS_TEXT_MAX, AS_MSG.textTooLong).required(AS_MSG.optionNameRequired),
    })).max(AS_OPTIONS_MAX, AS_INTAKE_MSG.optionsTooMany).default([]),
  })).max(AS_CATEGORIES_MAX, AS_INTAKE_MSG.categoriesTooMany).default([]),
});
export type RepairCategoriesInput = yup.InferType<typeof repairCategoriesSchema>;

/** POST /v1/admin/repair/image: an intake photo of a certificate, or a request's photo at a status (completion). */
export const asImageRequestSchema = yup.object({
  ext: yup.string().trim().required(AS_MSG.imageInvalid),
  nftIdx: idx(AS_MSG.guaranteeRequired).nullable().default(null),
  repairIdx: idx(AS_MSG.notFound).nullable().default(null),
  status: yup.string().oneOf([...AS_STATUSES, undefined], AS_INTAKE_MSG.imageStatusInvalid).nullable().default(null),
}).test('target', AS_INTAKE_MSG.imageTargetRequired, function target(v) {
  return v.nftIdx || v.repairIdx ? true : this.createError({ path: 'nftIdx', message: AS_INTAKE_MSG.imageTargetRequired });
});

/**
 * The couriers a shipment is usually sent with, offered when the 발송 is recorded (issue 23 #20);
 * another name may still be typed (a local or quick-delivery service).
 */
export const KOREAN_COURIERS = [
  'CJ대한통운', '우체국택배', '한진택배', '롯데택배', '로젠택배', '경동택배', '대신택배', '일양로지스', '합동택배', '천일택배', '건영택배', 'CU 편의점택배', 'GS Postbox 택배', '쿠팡 로지스틱스',
] as const;

/** The kinds as the certificate page, the intake and the partners' consoles name them. */
export const AS_KIND_LABELS: Record<AsType, string> = { repair: '수선', laundry: '세탁' };

/** A partner link's state: invited by the brand, or accepted by the partner (then requests route to it). */
export const AS_PARTNER_LINK_STATUSES = ['invited', 'active'] as const;
export type AsPartnerLinkStatus = (typeof AS_PARTNER_LINK_STATUSES)[number];
export const AS_PARTNER_LINK_LABELS: Record<AsPartnerLinkStatus, string> = { invited: '초대 중', active: '연결됨' };

/** POST /v1/admin/{type}/partner: the partner account's e-mail. */
export const asPartnerInviteSchema = yup.object({
  email: yup.string().trim().required(AS_MSG.partnerEmailInvalid).email(AS_MSG.partnerEmailInvalid).max(254, AS_MSG.partnerEmailInvalid),
});

/** The counts of the partner dashboards and the brand's A/S cards (GET .../request/dashboard, GET /v1/admin/{type}/dashboard). */
export const AS_DASHBOARD_COUNTS = {
  requestCount: ['request'],
  preInspectCount: ['preinspect'],
  inspectCount: ['inspecting'],
  workCount: ['working', 'washing'],
} as const satisfies Record<string, readonly AsStatus[]>;
export const AS_RECENT_MAX = 5;

/** The mail that tells an invited partner (POST /v1/admin/{type}/partner). */
export const AS_PARTNER_MAIL = {
  subject: (brandName: string, type: AsType) => `[${brandName}] ${AS_KIND_LABELS[type]} 파트너 초대가 도착했어요`,
  text: (brandName: string, type: AsType, link: string) =>
    `${brandName}에서 ${AS_KIND_LABELS[type]} 파트너로 초대했어요.\n\n파트너 콘솔의 대시보드에서 초대를 수락하면 이 브랜드의 ${AS_KIND_LABELS[type]} 요청을 받을 수 있어요.\n\n${link}`,
};
/**
 * The console's intake form (spec 3 section 5, "Repair intake"): a repair or a laundry request
 * (`repairType`, issue 23 #18), with a certificate picked, or without one, when the orderer (picked
 * from the customers or typed) and the product (picked from the catalogue, or typed:
 * `productTyped`) make the issue request first. The request's own fields are asRequestSchema's.
 * Context `hasOptions`: the brand has repair categories with options, so a repair names one (the
 * categories are repair categories: a laundry request has none).
 */
export const asIntakeFormSchema = yup.object({
  repairType: yup.string().oneOf(AS_TYPES, AS_MSG.notFound).default('repair'),
  withGuarantee: yup.boolean().default(true),
  nftIdx: idx(AS_MSG.guaranteeRequired).nullable().default(null)
    .when('withGuarantee', { is: true, then: (s) => s.required(AS_MSG.guaranteeRequired) }),
  ordererName: text(AS_TEXT_MAX, AS_MSG.textTooLong).default('')
    .when('withGuarantee', { is: false, then: (s) => s.required(AS_MSG.customerRequired) }),
  ordererTel: yup.string().trim().default('')
    .when('withGuarantee', { is: false, then: (s) => s.required(AS_MSG.phoneRequired).max(AS_PHONE_MAX, AS_MSG.phoneInvalid).matches(AS_RECEIVER_PHONE, AS_MSG.phoneInvalid) }),
  productTyped: yup.boolean().default(false),
  partnersProductIdx: idx(AS_MSG.productRequired).nullable().default(null),
  productName: yup.string().trim().max(AS_TEXT_MAX, AS_MSG.textTooLong).default('')
    .when(['withGuarantee', 'productTyped', 'partnersProductIdx'], ([withGuarantee, typed, picked], s) => {
      if (withGuarantee) return s;
      if (typed) return s.required(AS_MSG.productNameRequired);
      return picked ? s : s.test('product', AS_MSG.productRequired, () => false);
    }),
  options: idx(AS_MSG.categoryRequired).nullable().default(null)
    .when(['$hasOptions', 'repairType'], ([hasOptions, kind], s) => (hasOptions && kind === 'repair' ? s.required(AS_MSG.categoryRequired) : s)),
}).concat(asRequestSchema.pick(['requestMessage', 'receiverName', 'receiverPhone', 'receiverZipCode', 'receiverAddress1', 'receiverAddress2']));
export type AsIntakeFormValues = yup.InferType<typeof asIntakeFormSchema>;
