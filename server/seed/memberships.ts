import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coupons, nftTemplates } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { EXPIRE_BY_DAYS } from '../../src/domain/coupon';

/**
 * The demo brand's membership (issue 11): a main VIP card valid 365 days from its issue, with two
 * benefits and two attached coupons, and one coupon of it in the coupon list; only where the brand
 * has no membership yet, so a restart leaves edits alone.
 */
export async function seedMemberships(db: Db, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  if (!brand) return;
  const tenantIdx = brand.idx;
  const [existing] = await db.select({ idx: nftTemplates.idx }).from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'))).limit(1);
  if (existing) return;
  const [membership] = await db.insert(nftTemplates).values({
    tenantIdx, templateType: 'MEMBERSHIP', isMain: true, nftCardName: '데모 VIP 멤버십', nftCustomContents: [],
    nftCustomFields: [{ name: '등급', value: 'VIP' }], nftCustomLinks: [{ name: '브랜드 홈', url: 'https://brand.example' }],
    expireType: 'DAY', expireDays: 365,
    benefits: [{ title: '전 상품 5% 할인', contents: '온라인과 오프라인 매장 모두' }, { title: '무료 수선 연 1회', contents: '' }],
    partnersCoupon: [
      { title: '웰컴 10% 쿠폰', offline: 'N', couponNumber: 'WELCOME10', couponUrl: '', endDate: '', isIssuable: 'Y' },
      { title: '매장 음료 1잔', offline: 'Y', couponNumber: '', couponUrl: '', endDate: '', isIssuable: 'Y' },
    ],
    createdAt: now, updatedAt: now,
  }).returning({ idx: nftTemplates.idx });
  await db.insert(coupons).values({
    tenantIdx, title: '생일 축하 20% 쿠폰', membershipIdx: membership.idx, expireType: EXPIRE_BY_DAYS, expireDays: 30, usePlace: 1,
    code: 'BIRTHDAY20', usePassword: 'Y', oncePerCustomer: 'Y', isBirthday: 'Y', birthdayDays: 7, createdAt: now,
  });
}
