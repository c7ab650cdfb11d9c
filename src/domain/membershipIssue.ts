import * as yup from 'yup';
import { GUARANTEE_MSG, NFT_SEARCH_TYPE_LABELS, NFT_STATUS, REQUEST_ROUTES, type NftSearchType, type NftStatus } from './guarantee';
import { PRODUCT_NAME_MAX } from './product';
import { guaranteeSchema } from './resources/guarantee';
import { pointAmountOf } from './customer';
import { addDays, isYmd, seoulDate, seoulDayEnd } from './seoulDay';

/**
 * Issued memberships (spec 2 sections 3, 4 and 8; issue 11 items 2 and 3): a certificate of type
 * MEMBERSHIP. Its end comes from its template (a date, or days from the issue), its status for the
 * console is issuing, expired or stop, and the customer sees READY, CONFIRMED or COMPLETED as
 * issued, CANCELED as issue cancelled and EXPIRED as expired. One membership of a template per
 * customer (MEMBERSHIP_NFT_ALREADY_EXISTS); a template whose end or attached coupons' end has passed
 * cannot be issued. The server (server/modules/memberships) and the console read these rules.
 */

export const MEMBERSHIP_ISSUE_CODES = {
  alreadyExists: 'MEMBERSHIP_NFT_ALREADY_EXISTS',
  templateExpired: 'INVALID_NFT_TEMPLATE_EXPIRE_DATE',
  couponExpired: 'INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE',
} as const;
export type MembershipIssueCode = (typeof MEMBERSHIP_ISSUE_CODES)[keyof typeof MEMBERSHIP_ISSUE_CODES];

/** The spec's messages of the three codes (the bulk-issue failure catalogue, src/domain/guarantee.ts). */
export const MEMBERSHIP_ISSUE_MSG = {
  alreadyExists: GUARANTEE_MSG.membershipAlreadyExists,
  templateExpired: GUARANTEE_MSG.templateExpireInvalid,
  couponExpired: GUARANTEE_MSG.templateCouponExpireInvalid,
  templateRequired: '멤버십을 선택해 주세요',
  notFound: '존재하지 않는 멤버십 발급 내역이에요',
  notStoppable: '발급된 멤버십만 중지할 수 있어요',
  dashboardPeriodInvalid: '기간은 ALL, 7d, 1m, 3m, 6m 중에서 선택해 주세요',
  pointReason: '멤버십 적립',
} as const;

/** The console's status of an issued membership (spec 2 "Membership issue status values"). */
export const MEMBERSHIP_STATES = ['issuing', 'expired', 'stop'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
export const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = { issuing: '발급 중', expired: '만료', stop: '중지' };

/** What the customer sees (spec 2 "Customer-facing status"). */
export const CUSTOMER_MEMBERSHIP_STATUSES = ['READY', 'CONFIRMED', 'COMPLETED', 'CANCELED', 'EXPIRED'] as const;
export type CustomerMembershipStatus = (typeof CUSTOMER_MEMBERSHIP_STATUSES)[number];
export const CUSTOMER_MEMBERSHIP_LABELS: Record<CustomerMembershipStatus, string> = {
  READY: '발급', CONFIRMED: '발급', COMPLETED: '발급', CANCELED: '발급 취소', EXPIRED: '만료',
};

export interface MembershipTiming {
  nftStatus: number;
  expiresAt: Date | string | null;
  stoppedAt: Date | string | null;
}

const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
const isCancelled = (status: number) => status === NFT_STATUS.cancel || status === NFT_STATUS.cancelReady;

/** issuing, expired or stop: stopped first, then past its end (kept on the customer), else issuing. */
export function membershipStateOf(m: MembershipTiming, now: Date): MembershipState {
  if (m.stoppedAt !== null || isCancelled(m.nftStatus)) return 'stop';
  const end = ms(m.expiresAt);
  if (end !== null && end <= now.getTime()) return 'expired';
  return 'issuing';
}

/** The customer-facing status: waiting is READY, issued COMPLETED (linked CONFIRMED), cancelled or stopped CANCELED, past its end EXPIRED. */
export function customerMembershipStatusOf(m: MembershipTiming, now: Date): CustomerMembershipStatus {
  if (m.stoppedAt !== null || isCancelled(m.nftStatus)) return 'CANCELED';
  const end = ms(m.expiresAt);
  if (end !== null && end <= now.getTime()) return 'EXPIRED';
  if (m.nftStatus === NFT_STATUS.linkComplete) return 'CONFIRMED';
  if (m.nftStatus === NFT_STATUS.complete || m.nftStatus === NFT_STATUS.pending) return 'COMPLETED';
  return 'READY';
}

export interface MembershipExpiry {
  expireType: 'DATE' | 'DAY' | null;
  /** 'YYYY-MM-DD 23:59:59' (Seoul) as stored, or YYYY-MM-DD. */
  expireDate: string | null;
  expireDays: number | null;
}

/**
 * The end of a membership issued at `issuedAt`: the last second of its template's date, or of the
 * day `expireDays - 1` after the issue day (a 1-day card lasts through the issue day); null without an expiry.
 */
export function membershipExpiresAt(template: MembershipExpiry, issuedAt: Date): Date | null {
  if (template.expireType === 'DATE' && template.expireDate && isYmd(template.expireDate.slice(0, 10))) {
    return new Date(seoulDayEnd(template.expireDate.slice(0, 10)).getTime() - 1000);
  }
  if (template.expireType === 'DAY' && template.expireDays && template.expireDays > 0) {
    return new Date(seoulDayEnd(addDays(seoulDate(issuedAt), template.expireDays - 1)).getTime() - 1000);
  }
  return null;
}

/** INVALID_NFT_TEMPLATE_EXPIRE_DATE: a template whose end date is before today cannot be issued. */
export function templateExpired(template: MembershipExpiry, today: string): boolean {
  return template.expireType === 'DATE' && !!template.expireDate && template.expireDate.slice(0, 10) < today;
}

/**
 * INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE: a coupon attached to the card (its end date) or one of the
 * membership's coupon records (a fixed expiry date) has ended before today.
 */
export function couponExpired(attached: { endDate: string }[], couponEnds: (string | null)[], today: string): boolean {
  return attached.some((c) => !!c.endDate && c.endDate < today) || couponEnds.some((d) => !!d && d < today);
}

/** The point variant (spec 2 section 3): floor(paymentAmount × rate %). */
export const membershipPointAmount = (paymentAmount: number | null | undefined, ratePercent: number): number =>
  pointAmountOf(paymentAmount ?? 0, ratePercent);

/** The membership dashboards' periods: ALL when omitted (spec 1 "dateType optional, omitted for ALL"). */
export const MEMBERSHIP_DASHBOARD_PERIODS = { ALL: null, '7d': 7, '1m': 30, '3m': 90, '6m': 180 } as const;
export type MembershipDashboardPeriod = keyof typeof MEMBERSHIP_DASHBOARD_PERIODS;

/**
 * One membership to issue (the register form, a sheet row and the server's POST body): the
 * certificate's fields (guaranteeSchema) where the product is the card, so its name is optional (the
 * card's name is taken). Context `{ requireBrand }` as for guarantees.
 */
export const membershipIssueSchema = guaranteeSchema.shape({
  productName: yup.string().trim().max(PRODUCT_NAME_MAX, GUARANTEE_MSG.textTooLong).nullable().optional(),
});

/** How a membership was issued: the certificates' routes plus the grade job's. */
export const MEMBERSHIP_GRADE_ROUTE = 'grade';
export const MEMBERSHIP_REQUEST_ROUTES = { ...REQUEST_ROUTES, [MEMBERSHIP_GRADE_ROUTE]: '등급 자동 발급' } as const;

/**
 * The membership history's words where the certificates' would be wrong (issue 23 #8): a
 * membership has a 멤버십 번호, and of the status filter only what a membership goes through
 * (applied 1, issued 3, cancelled 9); 대기 완료 (2) and 연동 완료 (4) are the certificates' own.
 */
export const MEMBERSHIP_SEARCH_TYPE_LABELS: Record<NftSearchType, string> = { ...NFT_SEARCH_TYPE_LABELS, nftNumber: '멤버십 번호' };
export const MEMBERSHIP_STATUS_FILTER_VALUES = [1, 3, 9] as const satisfies readonly NftStatus[];
