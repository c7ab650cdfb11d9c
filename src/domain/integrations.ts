import * as yup from 'yup';
import type { AccessRule } from './access';
import type { PlanGroup } from './plans';

/**
 * Shop platform integrations (spec 3 sections 2, 3, 6 and 7; issue 28; docs/api/integrations.md):
 * a brand's Cafe24 mall and Naver Commerce seller account, whose orders become customer orders,
 * warranties and stamps. The main account's only (sub-accounts are refused the area); the plan
 * restrictions of spec 3 section 6: STARTER blocks the Cafe24 customer and point integration,
 * STANDARD the same plus all membership setup (the blocked-feature toast).
 */

export const INTERWORK_RULE: AccessRule = { mainOnly: true };
export const INTERWORK_WRITE_RULE: AccessRule = { mainOnly: true, write: true };
/** Cafe24 customer and point integration: blocked for STARTER and (the same plus membership) STANDARD. */
export const CUSTOMER_SYNC_BLOCKED: readonly PlanGroup[] = ['STARTER', 'STANDARD'];
/** Whether a plan may use the Cafe24 customer and point integration (spec 3 section 6: STARTER and STANDARD may not). */
export const customerSyncAllowed = (plan: PlanGroup | null | undefined): boolean => Boolean(plan) && !CUSTOMER_SYNC_BLOCKED.includes(plan!);
export const INTERWORK_CUSTOMER_RULE: AccessRule = { ...INTERWORK_WRITE_RULE, blockedPlans: CUSTOMER_SYNC_BLOCKED };
/** Cafe24 membership integration: membership setup is blocked for STANDARD (and STARTER, which has no membership setup either). */
export const MEMBERSHIP_SYNC_BLOCKED: readonly PlanGroup[] = ['STARTER', 'STANDARD'];

export const PLATFORMS = ['cafe24', 'naver'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** What a launch links (the launch path names it): orders, customers (and points), membership. */
export const LAUNCH_KINDS = ['ORDER', 'CUSTOMER', 'MEMBERSHIP'] as const;
export type LaunchKind = (typeof LAUNCH_KINDS)[number];

/** The blocked plans of a launch kind (spec 3 section 6). */
export function blockedPlansOf(kind: LaunchKind): readonly PlanGroup[] {
  if (kind === 'CUSTOMER') return CUSTOMER_SYNC_BLOCKED;
  if (kind === 'MEMBERSHIP') return MEMBERSHIP_SYNC_BLOCKED;
  return [];
}

/**
 * When a delivered order line's warranty is issued: at delivery (Cafe24 N40 배송완료; Naver: see
 * `NAVER_DELIVERED_BY`), N days after it (a reservation through the issue path), or by hand.
 */
export const ISSUE_MODES = ['DELIVERED', 'DAYS_AFTER', 'MANUAL'] as const;
export type IssueMode = (typeof ISSUE_MODES)[number];
export const ISSUE_DAYS_MAX = 90;
export const SELECTED_PRODUCTS_MAX = 500;
export const LEAVE_REASON_MAX = 500;

/**
 * Naver gives no delivered date. The substitute, by the brand's choice: PURCHASE_DECIDED (구매확정,
 * the buyer's confirmation, or the automatic one 8 days after delivery) or DISPATCHED + N days (발송 처리
 * plus the brand's typical transit, `dispatchDays`).
 */
export const NAVER_DELIVERED_BY = ['PURCHASE_DECIDED', 'DISPATCHED_PLUS_DAYS'] as const;
export type NaverDeliveredBy = (typeof NAVER_DELIVERED_BY)[number];
export const DISPATCH_DAYS_DEFAULT = 3;
export const DISPATCH_DAYS_MAX = 14;

export interface InterworkSettings {
  issueMode: IssueMode;
  /** DAYS_AFTER: days after delivery (1..90). */
  issueDays: number;
  /** The platform's product numbers whose lines get a warranty; none selected issues none. */
  productNos: string[];
  /** Naver only: what stands for delivery. */
  deliveredBy: NaverDeliveredBy;
  dispatchDays: number;
  /** Cafe24 customer and point integration (blocked on STARTER and STANDARD). */
  customerSync: boolean;
  pointSync: boolean;
}

export const DEFAULT_SETTINGS: InterworkSettings = {
  issueMode: 'DELIVERED', issueDays: 7, productNos: [], deliveredBy: 'PURCHASE_DECIDED', dispatchDays: DISPATCH_DAYS_DEFAULT,
  customerSync: false, pointSync: false,
};

export const INTERWORK_MSG = {
  issueModeInvalid: '발급 시점을 선택해 주세요',
  issueDaysInvalid: `발급일은 1일부터 ${ISSUE_DAYS_MAX}일까지 입력할 수 있어요`,
  productNosInvalid: `상품은 ${SELECTED_PRODUCTS_MAX}개까지 선택할 수 있어요`,
  deliveredByInvalid: '배송완료 기준을 선택해 주세요',
  dispatchDaysInvalid: `발송 후 일수는 1일부터 ${DISPATCH_DAYS_MAX}일까지 입력할 수 있어요`,
  choiceInvalid: '켜거나 끄는 값만 보낼 수 있어요',
  reasonRequired: '연동 해제 사유를 입력해 주세요',
  reasonTooLong: `사유는 ${LEAVE_REASON_MAX}자까지 입력할 수 있어요`,
  tokenInvalid: '연동 요청이 만료되었거나 올바르지 않아요. 쇼핑몰 관리자에서 앱을 다시 실행해 주세요',
  mallIdInvalid: '쇼핑몰 ID를 확인해 주세요',
  clientIdRequired: '애플리케이션 ID를 입력해 주세요',
  clientSecretRequired: '애플리케이션 시크릿을 입력해 주세요',
  credentialsRejected: '애플리케이션 ID 또는 시크릿이 올바르지 않아요',
  platformUnavailable: '쇼핑몰 플랫폼에 연결하지 못했어요. 잠시 후 다시 시도해 주세요',
  notConnected: '연동된 쇼핑몰이 없어요',
  alreadyConnected: '이미 다른 계정에 연동된 쇼핑몰이에요',
  orderNotFound: '주문을 찾을 수 없어요',
  orderNotDelivered: '배송완료된 주문만 보증서를 발급할 수 있어요',
  launchRefused: '앱 실행 주소를 확인할 수 없어요',
  launchRefusedBody: '쇼핑몰 관리자에서 앱을 다시 실행해 주세요. 주소가 바뀌었거나 5분이 지났거나 이미 사용되었어요.',
  oauthFailed: '쇼핑몰 연동을 마치지 못했어요',
  oauthFailedBody: '연동 화면에서 다시 시도해 주세요.',
  warrantyNoPhone: '주문자 휴대폰 번호로 보증서를 발급할 수 없어요',
  warrantyNoTemplate: '사용 중인 대표 보증서 템플릿이 없어요',
} as const;

const idList = yup.array(yup.string().trim().max(100).required()).max(SELECTED_PRODUCTS_MAX, INTERWORK_MSG.productNosInvalid);

/** PUT setting (Cafe24 and Naver): every field optional, merged onto the stored settings. */
export const interworkSettingSchema = yup.object({
  issueMode: yup.string().oneOf(ISSUE_MODES, INTERWORK_MSG.issueModeInvalid),
  issueDays: yup.number().typeError(INTERWORK_MSG.issueDaysInvalid).integer(INTERWORK_MSG.issueDaysInvalid)
    .min(1, INTERWORK_MSG.issueDaysInvalid).max(ISSUE_DAYS_MAX, INTERWORK_MSG.issueDaysInvalid),
  productNos: idList.typeError(INTERWORK_MSG.productNosInvalid),
  deliveredBy: yup.string().oneOf(NAVER_DELIVERED_BY, INTERWORK_MSG.deliveredByInvalid),
  dispatchDays: yup.number().typeError(INTERWORK_MSG.dispatchDaysInvalid).integer(INTERWORK_MSG.dispatchDaysInvalid)
    .min(1, INTERWORK_MSG.dispatchDaysInvalid).max(DISPATCH_DAYS_MAX, INTERWORK_MSG.dispatchDaysInvalid),
  customerSync: yup.boolean().typeError(INTERWORK_MSG.choiceInvalid).strict(),
  pointSync: yup.boolean().typeError(INTERWORK_MSG.choiceInvalid).strict(),
}).noUnknown();

export const leaveReasonSchema = yup.object({
  reason: yup.string().trim().required(INTERWORK_MSG.reasonRequired).max(LEAVE_REASON_MAX, INTERWORK_MSG.reasonTooLong),
});

export const launchTokenSchema = yup.object({
  token: yup.string().trim().required(INTERWORK_MSG.tokenInvalid).max(200, INTERWORK_MSG.tokenInvalid),
});

export const naverSubscribeSchema = yup.object({
  clientId: yup.string().trim().required(INTERWORK_MSG.clientIdRequired).max(200, INTERWORK_MSG.clientIdRequired),
  clientSecret: yup.string().trim().required(INTERWORK_MSG.clientSecretRequired).max(200, INTERWORK_MSG.clientSecretRequired),
});

export const orderConfirmSchema = yup.object({
  orderIdx: yup.number().typeError(INTERWORK_MSG.orderNotFound).integer(INTERWORK_MSG.orderNotFound).min(1, INTERWORK_MSG.orderNotFound)
    .max(2_147_483_647, INTERWORK_MSG.orderNotFound).required(INTERWORK_MSG.orderNotFound),
});

/** The warranty of a line cancelled or returned at the shop is cancelled with this reason (one of the guarantees' CANCEL_REASONS). */
export const ORDER_CANCEL_REASON = '반품·환불';
/** The cancel detail: which shop and which of its statuses (e.g. Cafe24 C40 취소 완료, Naver RETURNED). */
export const orderCanceledDetail = (platform: Platform, platformStatus: string | null) =>
  `${platform === 'cafe24' ? 'Cafe24' : '네이버 스마트스토어'} 주문 취소·반품 (${platformStatus ?? '-'})`;

/** The normalised order line statuses, ranked: a line never moves back (CANCELED is final). */
export const LINE_STATUSES = ['ORDERED', 'DISPATCHED', 'DELIVERED', 'PURCHASE_DECIDED', 'CANCELED'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const lineRank = (s: LineStatus): number => LINE_STATUSES.indexOf(s);

/** Cafe24 order_status → the line status (N40 is 배송완료). */
export function cafe24LineStatus(code: string): LineStatus {
  if (code === 'N40') return 'DELIVERED';
  if (code === 'N50') return 'PURCHASE_DECIDED';
  if (code === 'N30') return 'DISPATCHED';
  if (/^C|^R|^E/.test(code)) return 'CANCELED';
  return 'ORDERED';
}

/** Naver productOrderStatus → the line status. */
export function naverLineStatus(code: string): LineStatus {
  if (code === 'PURCHASE_DECIDED') return 'PURCHASE_DECIDED';
  if (code === 'DELIVERED') return 'DELIVERED';
  if (code === 'DELIVERING' || code === 'DISPATCHED') return 'DISPATCHED';
  if (code === 'CANCELED' || code === 'RETURNED' || code === 'CANCELED_BY_NOPAYMENT' || code === 'EXCHANGED') return 'CANCELED';
  return 'ORDERED';
}
