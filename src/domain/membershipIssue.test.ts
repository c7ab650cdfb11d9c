import {
  CUSTOMER_MEMBERSHIP_LABELS, MEMBERSHIP_ISSUE_MSG, couponExpired, customerMembershipStatusOf, membershipExpiresAt, membershipIssueSchema,
  membershipPointAmount, membershipStateOf, templateExpired,
} from './membershipIssue';
import { bulkIssueFailureMessage } from './guarantee';
import { membershipSheet } from './membershipSheet';

const now = new Date('2026-11-24T03:00:00Z'); // 2026-11-24 12:00 in Seoul

describe('membership issue rules', () => {
  it('states: stopped or cancelled is stop, past its end expired, else issuing', () => {
    expect(membershipStateOf({ nftStatus: 3, expiresAt: '2026-12-01T00:00:00Z', stoppedAt: null }, now)).toBe('issuing');
    expect(membershipStateOf({ nftStatus: 3, expiresAt: null, stoppedAt: null }, now)).toBe('issuing');
    expect(membershipStateOf({ nftStatus: 3, expiresAt: '2026-11-24T02:59:59Z', stoppedAt: null }, now)).toBe('expired');
    expect(membershipStateOf({ nftStatus: 3, expiresAt: '2026-11-20T00:00:00Z', stoppedAt: '2026-11-10T00:00:00Z' }, now)).toBe('stop');
    expect(membershipStateOf({ nftStatus: 9, expiresAt: null, stoppedAt: null }, now)).toBe('stop');
  });

  it('customer-facing: READY, CONFIRMED and COMPLETED show as issued, CANCELED as issue cancelled, EXPIRED as expired', () => {
    const of = (nftStatus: number, expiresAt: string | null = null, stoppedAt: string | null = null) => customerMembershipStatusOf({ nftStatus, expiresAt, stoppedAt }, now);
    expect([of(1), of(4), of(3), of(5)]).toEqual(['READY', 'CONFIRMED', 'COMPLETED', 'COMPLETED']);
    expect([of(9), of(10), of(3, null, '2026-11-01T00:00:00Z')]).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
    expect(of(3, '2026-11-01T00:00:00Z')).toBe('EXPIRED');
    expect([CUSTOMER_MEMBERSHIP_LABELS.READY, CUSTOMER_MEMBERSHIP_LABELS.CONFIRMED, CUSTOMER_MEMBERSHIP_LABELS.COMPLETED]).toEqual(['발급', '발급', '발급']);
    expect(CUSTOMER_MEMBERSHIP_LABELS.CANCELED).toBe('발급 취소');
    expect(CUSTOMER_MEMBERSHIP_LABELS.EXPIRED).toBe('만료');
  });

  it('the end: the template\'s date through 23:59:59 Seoul, or days from the issue day (1 day is the issue day)', () => {
    expect(membershipExpiresAt({ expireType: 'DATE', expireDate: '2026-12-31 23:59:59', expireDays: null }, now)?.toISOString()).toBe('2026-12-31T14:59:59.000Z');
    expect(membershipExpiresAt({ expireType: 'DAY', expireDate: null, expireDays: 1 }, now)?.toISOString()).toBe('2026-11-24T14:59:59.000Z');
    expect(membershipExpiresAt({ expireType: 'DAY', expireDate: null, expireDays: 30 }, now)?.toISOString()).toBe('2026-12-23T14:59:59.000Z');
    expect(membershipExpiresAt({ expireType: null, expireDate: null, expireDays: null }, now)).toBeNull();
  });

  it('INVALID_NFT_TEMPLATE_EXPIRE_DATE: an end date before today; INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE: an attached or membership coupon ended', () => {
    expect(templateExpired({ expireType: 'DATE', expireDate: '2026-11-23 23:59:59', expireDays: null }, '2026-11-24')).toBe(true);
    expect(templateExpired({ expireType: 'DATE', expireDate: '2026-11-24 23:59:59', expireDays: null }, '2026-11-24')).toBe(false);
    expect(templateExpired({ expireType: 'DAY', expireDate: null, expireDays: 3 }, '2026-11-24')).toBe(false);
    expect(couponExpired([{ endDate: '2026-11-23' }], [], '2026-11-24')).toBe(true);
    expect(couponExpired([{ endDate: '' }, { endDate: '2026-11-24' }], [null, '2026-11-25'], '2026-11-24')).toBe(false);
    expect(couponExpired([], ['2026-11-01'], '2026-11-24')).toBe(true);
    expect(bulkIssueFailureMessage('MEMBERSHIP_NFT_ALREADY_EXISTS')).toBe(MEMBERSHIP_ISSUE_MSG.alreadyExists);
    expect(bulkIssueFailureMessage('INVALID_NFT_TEMPLATE_EXPIRE_DATE')).toBe(MEMBERSHIP_ISSUE_MSG.templateExpired);
    expect(bulkIssueFailureMessage('INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE')).toBe(MEMBERSHIP_ISSUE_MSG.couponExpired);
  });

  it('the point variant: floor(paymentAmount × rate %)', () => {
    expect(membershipPointAmount(12_345, 2.5)).toBe(308);
    expect(membershipPointAmount(10_000, 1)).toBe(100);
    expect(membershipPointAmount(null, 5)).toBe(0);
    expect(membershipPointAmount(10_000, 0)).toBe(0);
  });

  it('the issue schema takes the card for the product (no product name needed) and keeps the phone rules', () => {
    expect(membershipIssueSchema.isValidSync({ nftTemplateIdx: 1, ordererName: '홍길동', ordererTel: '01012345678' }, { context: { requireBrand: false } })).toBe(true);
    expect(membershipIssueSchema.isValidSync({ nftTemplateIdx: 1, ordererName: '홍길동', ordererTel: '07012345678' }, { context: { requireBrand: false } })).toBe(false);
    expect(membershipIssueSchema.isValidSync({ nftTemplateIdx: 1, ordererName: '', ordererTel: '01012345678' }, { context: { requireBrand: false } })).toBe(false);
  });

  it('the membership sheet: a row is validated with the issue schema, name and phone required', () => {
    const ok = membershipSheet.validate({ ordererName: '홍길동', ordererTel: '010-1234-5678', paymentAmount: '10,000' }, {});
    expect(ok.errors).toEqual([]);
    expect(ok.value).toMatchObject({ ordererName: '홍길동', paymentAmount: 10000 });
    const bad = membershipSheet.validate({ ordererName: '', ordererTel: '070-1234-5678' }, {});
    expect(bad.value).toBeNull();
    expect(bad.errors.map((e) => e.key).sort()).toEqual(['ordererName', 'ordererTel']);
  });
});
