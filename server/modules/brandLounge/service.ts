import { and, asc, eq, inArray } from 'drizzle-orm';
import { LOUNGE_MSG, defaultLounge, type LoungeSettingInput } from '../../../src/domain/brandLounge';
import type { FieldErrors } from '../../../src/domain/errors';
import type { Db } from '../../db/client';
import { brands, coupons, loungeSettings, nftTemplates } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { mediaUrl } from '../../providers/storage';
import { isTenantImage } from '../templates/service';

/** A lounge's settings as the console edits them, with the images' URLs (the saved row, else the defaults). */
export async function loungeRecord(db: Db, tenantIdx: number) {
  const [row] = await db.select().from(loungeSettings).where(eq(loungeSettings.tenantIdx, tenantIdx)).limit(1);
  const base = row ?? (await defaultsOf(db, tenantIdx));
  return {
    title: base.title, subtitle: base.subtitle, description: base.description, notice: base.notice, themeColor: base.themeColor,
    logo: base.logo, logoUrl: base.logo ? mediaUrl(base.logo) : null, image: base.image, imageUrl: base.image ? mediaUrl(base.image) : null,
    membershipIdxList: base.membershipIdxList, couponIdxList: base.couponIdxList, showStamp: base.showStamp,
    saved: Boolean(row), updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

async function defaultsOf(db: Db, tenantIdx: number) {
  const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx)).limit(1);
  return defaultLounge(brand?.name ?? '');
}

/** Saves the whole settings: images must be the tenant's ready uploads, memberships and coupons the tenant's. */
export async function saveLounge(db: Db, tenantIdx: number, input: LoungeSettingInput, now: Date) {
  const errors: FieldErrors = {};
  for (const key of ['logo', 'image'] as const) {
    const path = input[key];
    if (path && !(await isTenantImage(db, tenantIdx, path))) errors[key] = LOUNGE_MSG.imageInvalid;
  }
  if (input.membershipIdxList.length) {
    const found = await db.select({ idx: nftTemplates.idx }).from(nftTemplates).where(and(
      eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), inArray(nftTemplates.idx, input.membershipIdxList)));
    if (found.length !== input.membershipIdxList.length) errors.membershipIdxList = LOUNGE_MSG.membershipsInvalid;
  }
  if (input.couponIdxList.length) {
    const found = await db.select({ idx: coupons.idx }).from(coupons)
      .where(and(eq(coupons.tenantIdx, tenantIdx), inArray(coupons.idx, input.couponIdxList)));
    if (found.length !== input.couponIdxList.length) errors.couponIdxList = LOUNGE_MSG.couponsInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  const values = { ...input, updatedAt: now };
  await db.insert(loungeSettings).values({ tenantIdx, ...values, createdAt: now })
    .onConflictDoUpdate({ target: loungeSettings.tenantIdx, set: values });
  return loungeRecord(db, tenantIdx);
}

/**
 * What the customer's public lounge page shows (the lounge helper reads this): the texts, theme
 * colour, image URLs, whether the stamp card shows, and the memberships and coupons chosen, in the
 * brand's order, leaving out stopped memberships and deleted rows.
 */
export async function loungeSettingsOf(db: Db, tenantIdx: number) {
  const s = await loungeRecord(db, tenantIdx);
  const [memberships, couponRows] = await Promise.all([
    s.membershipIdxList.length
      ? db.select({ idx: nftTemplates.idx, nftCardName: nftTemplates.nftCardName, backgroundImg: nftTemplates.backgroundImg, status: nftTemplates.status }).from(nftTemplates)
        .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), inArray(nftTemplates.idx, s.membershipIdxList)))
      : Promise.resolve([]),
    s.couponIdxList.length
      ? db.select({ idx: coupons.idx, title: coupons.title, membershipIdx: coupons.membershipIdx }).from(coupons)
        .where(and(eq(coupons.tenantIdx, tenantIdx), inArray(coupons.idx, s.couponIdxList)))
      : Promise.resolve([]),
  ]);
  const inOrder = <T extends { idx: number }>(rows: T[], order: number[]) => order.map((idx) => rows.find((r) => r.idx === idx)).filter((r): r is T => Boolean(r));
  return {
    title: s.title, subtitle: s.subtitle, description: s.description, notice: s.notice, themeColor: s.themeColor,
    logoUrl: s.logoUrl, imageUrl: s.imageUrl, showStamp: s.showStamp === 'Y',
    memberships: inOrder(memberships.filter((m) => m.status !== 'STOP'), s.membershipIdxList)
      .map((m) => ({ idx: m.idx, nftCardName: m.nftCardName, backgroundUrl: m.backgroundImg ? mediaUrl(m.backgroundImg) : null })),
    coupons: inOrder(couponRows, s.couponIdxList).map((c) => ({ idx: c.idx, title: c.title, membershipIdx: c.membershipIdx })),
  };
}
