import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  COUPON_STATE, LOUNGE_MSG, couponStateOf, joinStatusOf, loungeStatusOf, maskPhone,
} from '../../../src/domain/lounge';
import { NFT_STATUS } from '../../../src/domain/guarantee';
import { USE_PLACE_STORES } from '../../../src/domain/coupon';
import { addDays, seoulDate } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import {
  brands, coupons, customerCoupons, customers, loungeKeys, membershipAttachedCoupons, nftTemplates, nfts, stores,
} from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { STORAGE_KEY, mediaUrl } from '../../providers/storage';
import type { MessagingProvider } from '../../providers/messaging';
import { prepareIssues } from '../guarantees/issue';
import { insertIssues } from '../guarantees/write';
import { certificateUrl } from '../certificates/url';
import { grantCoupon } from '../coupons/wallet';
import { notAttachedCoupon } from '../memberships/attachedCoupons';
import { checkAccessAt } from '../../../src/domain/access';
import { MEMBERSHIP_RULE } from '../../../src/domain/resources/membershipTemplate';
import { loadFeatureSettings, loadSubscription } from '../../plugins/auth';
import { loungeRecord, loungeSettingsOf } from '../brandLounge/service';
import { stampCardOf } from '../stamps/accrue';
import { checkStaffPin } from './staffPin';

/**
 * The customer's lounge (issue 11 item 8): the brand behind a public key, what it offers, the
 * signed-in customer's wallet, joining a membership and redeeming a coupon.
 */

/** Use place 1: online (src/domain/coupon.ts COUPON_USE_PLACES). */
const USE_PLACE_ONLINE = 1;

export interface LoungeTenant { tenantIdx: number; brandName: string }

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newKey = () => Array.from({ length: 12 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');

/** The tenant's lounge key, made once (a concurrent first ask keeps the first one). */
export async function ensureLoungeKey(db: Db, tenantIdx: number): Promise<string> {
  await db.insert(loungeKeys).values({ tenantIdx, loungeKey: newKey() }).onConflictDoNothing();
  const [row] = await db.select({ key: loungeKeys.loungeKey }).from(loungeKeys).where(eq(loungeKeys.tenantIdx, tenantIdx));
  return row.key;
}

async function brandNameOf(db: Db, tenantIdx: number): Promise<string> {
  const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx)).limit(1);
  return brand?.name ?? '';
}

/**
 * The lounge of a key, or 404; also 404 (LOUNGE_MSG.closed) while the brand may not run
 * memberships (the MEMBERSHIP feature not in use, no subscription, or a plan that blocks it): the
 * lounge closes with the console's membership menu.
 */
export async function loungeTenant(db: Db, key: string, now: Date): Promise<LoungeTenant> {
  const [row] = await db.select({ tenantIdx: loungeKeys.tenantIdx }).from(loungeKeys).where(eq(loungeKeys.loungeKey, key)).limit(1);
  if (!row) throw notFound(LOUNGE_MSG.notFound);
  const [settings, subscription] = await Promise.all([loadFeatureSettings(db, row.tenantIdx), loadSubscription(db, row.tenantIdx)]);
  if (checkAccessAt({ adminType: 'b2b', isSubAccount: false, settings, subscription }, MEMBERSHIP_RULE, now) !== null) throw notFound(LOUNGE_MSG.closed);
  return { tenantIdx: row.tenantIdx, brandName: await brandNameOf(db, row.tenantIdx) };
}

/**
 * What the lounge front shows: the brand lounge settings (texts, logo, image, theme) and the
 * memberships to join, those the settings list in their order once saved, else every ACTIVE one.
 */
export async function loungeFront(db: Db, tenant: LoungeTenant) {
  const [record, settings, memberships] = await Promise.all([
    loungeRecord(db, tenant.tenantIdx), loungeSettingsOf(db, tenant.tenantIdx), activeMemberships(db, tenant.tenantIdx),
  ]);
  const { memberships: listed, ...look } = settings;
  const shown = record.saved
    ? listed.map((m) => memberships.find((a) => a.idx === m.idx)).filter((m): m is (typeof memberships)[number] => Boolean(m))
    : memberships;
  return { brandName: tenant.brandName, lounge: look, memberships: shown };
}

const background = (path: string | null) => (path && STORAGE_KEY.test(path) ? mediaUrl(path) : null);

/**
 * The brand's memberships a customer may join: its ACTIVE membership templates, main first.
 * (Which ones show is the brand lounge setting of issue 11 item 7; until it is wired, all ACTIVE.)
 */
export async function activeMemberships(db: Db, tenantIdx: number) {
  const rows = await db.select().from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), eq(nftTemplates.status, 'ACTIVE')))
    .orderBy(desc(nftTemplates.isMain), desc(nftTemplates.createdAt), desc(nftTemplates.idx));
  return rows.map((t) => ({
    idx: t.idx,
    name: t.nftCardName,
    backgroundUrl: background(t.backgroundImg),
    benefits: t.benefits.map((b) => ({ title: b.title, contents: b.contents })),
    needsApproval: t.useUserMinting === 'Y',
    expireType: t.expireType,
    expireDate: t.expireDate ? t.expireDate.slice(0, 10) : null,
    expireDays: t.expireDays,
  }));
}

/** The last Seoul day a membership is valid: its template's date, or N days from its issue. */
function membershipEndDay(t: { expireType: string | null; expireDate: string | null; expireDays: number | null } | undefined, issuedAt: Date | null): string | null {
  if (!t) return null;
  if (t.expireType === 'DATE' && t.expireDate) return t.expireDate.slice(0, 10);
  if (t.expireType === 'DAY' && t.expireDays && issuedAt) return addDays(seoulDate(issuedAt), t.expireDays - 1);
  return null;
}

/** A link the customer's page may open: http(s) only. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** Statuses the lounge shows: requested, issued, linked, pending, cancelled (not temporary, reserved or cancel-requested). */
const SHOWN_STATUSES = [NFT_STATUS.ready, NFT_STATUS.readyComplete, NFT_STATUS.complete, NFT_STATUS.linkComplete, NFT_STATUS.pending, NFT_STATUS.cancel];

/** The signed-in customer's page: who, their memberships and certificates, their coupons. */
export async function customerWallet(db: Db, publicUrl: string, tenantIdx: number, customerIdx: number, now: Date) {
  const [customer] = await db.select({ name: customers.name, phone: customers.phone }).from(customers)
    .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, customerIdx))).limit(1);
  if (!customer) throw notFound(LOUNGE_MSG.signInRequired);
  const [held, wallet, templates, storeRows] = await Promise.all([
    db.select().from(nfts).where(and(
      eq(nfts.tenantIdx, tenantIdx), eq(nfts.customerIdx, customerIdx), isNull(nfts.deletedAt), inArray(nfts.nftStatus, SHOWN_STATUSES),
    )).orderBy(desc(nfts.createdAt), desc(nfts.idx)),
    db.select({
      cc: customerCoupons, title: coupons.title, usePassword: coupons.usePassword, usePlace: coupons.usePlace, storeIdxList: coupons.storeIdxList,
      code: coupons.code, url: membershipAttachedCoupons.couponUrl,
    })
      .from(customerCoupons)
      .innerJoin(coupons, and(eq(coupons.tenantIdx, customerCoupons.tenantIdx), eq(coupons.idx, customerCoupons.couponIdx)))
      .leftJoin(membershipAttachedCoupons, and(eq(membershipAttachedCoupons.tenantIdx, customerCoupons.tenantIdx), eq(membershipAttachedCoupons.couponIdx, customerCoupons.couponIdx)))
      .where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.customerIdx, customerIdx)))
      .orderBy(desc(customerCoupons.createdAt), desc(customerCoupons.idx)),
    db.select().from(nftTemplates).where(eq(nftTemplates.tenantIdx, tenantIdx)),
    db.select({ idx: stores.idx, name: stores.name }).from(stores).where(eq(stores.tenantIdx, tenantIdx)).orderBy(asc(stores.idx)),
  ]);
  const templateOf = new Map(templates.map((t) => [t.idx, t]));
  const today = seoulDate(now);
  const couponList = wallet.map(({ cc, title, usePassword, usePlace, storeIdxList, code, url }) => {
    const state = couponStateOf({ status: cc.status, expiresAt: cc.expiresAt.getTime() }, now.getTime());
    const online = usePlace === USE_PLACE_ONLINE;
    return {
      idx: cc.idx, title, barcode: cc.barcode, state, stateLabel: COUPON_STATE[state], usePassword: usePassword === 'Y', usePlace,
      // An online coupon is used by its code (the coupon's own, else the wallet's) or its URL; an offline one is shown to staff.
      online, code: online ? code || cc.barcode : null, url: online && url && isWebUrl(url) ? url : null, membershipIdx: cc.nftIdx,
      stores: redeemStores({ usePlace, storeIdxList }, storeRows), storeRequired: usePlace === USE_PLACE_STORES,
      expiresAt: cc.expiresAt.toISOString(), usedAt: cc.usedAt ? cc.usedAt.toISOString() : null,
    };
  });
  const memberships = held.filter((n) => n.nftType === 'MEMBERSHIP').map((n) => {
    const t = n.nftTemplateIdx ? templateOf.get(n.nftTemplateIdx) : undefined;
    const endDay = membershipEndDay(t, n.issuedAt);
    const statusLabel = loungeStatusOf(n.nftStatus, { expired: endDay !== null && endDay < today, requestedByUser: n.requestRoute === 'user' })!;
    return {
      idx: n.idx, nftNumber: n.nftNumber, templateIdx: n.nftTemplateIdx, name: t?.nftCardName ?? n.productName,
      backgroundUrl: background(t?.backgroundImg ?? null), status: n.nftStatus, statusLabel,
      issuedAt: n.issuedAt ? n.issuedAt.toISOString() : null, endDay,
      // What the brand put on the card (issue 23 item 2): its benefits, its links, and the coupons it gave (in `coupons` too).
      benefits: (t?.benefits ?? []).map((b) => ({ title: b.title, contents: b.contents })),
      links: (t?.nftCustomLinks ?? []).filter((l) => l.name && isWebUrl(l.url)).map((l) => ({ name: l.name, url: l.url })),
      coupons: couponList.filter((c) => c.membershipIdx === n.idx),
    };
  });
  const certificates = held.filter((n) => n.nftType === 'GUARANTEE').map((n) => ({
    idx: n.idx, nftNumber: n.nftNumber, productName: n.productName, status: n.nftStatus,
    statusLabel: loungeStatusOf(n.nftStatus)!, issuedAt: n.issuedAt ? n.issuedAt.toISOString() : null,
    url: certificateUrl(publicUrl, n.publicToken),
  }));
  return {
    customer: { name: customer.name, phoneMasked: maskPhone(customer.phone) },
    memberships,
    certificates,
    coupons: couponList,
    stampCard: (await loungeRecord(db, tenantIdx)).showStamp === 'Y' ? await activeStampCard(db, tenantIdx, customerIdx) : null,
  };
}

/** The customer's stamp card while the brand's stamps accrue (issue 11 item 6). */
async function activeStampCard(db: Db, tenantIdx: number, customerIdx: number) {
  const card = await stampCardOf(db, tenantIdx, customerIdx);
  return card?.active ? { count: card.count, goal: card.goal, rewardCouponTitle: card.rewardCouponTitle, description: card.description } : null;
}

/** Where staff may redeem a coupon: its stores (offline at specific stores), any store (offline), none (online). */
function redeemStores(c: { usePlace: number | null; storeIdxList: unknown }, all: { idx: number; name: string }[]) {
  if (c.usePlace === USE_PLACE_STORES) {
    const allowed = new Set(Array.isArray(c.storeIdxList) ? (c.storeIdxList as number[]) : []);
    return all.filter((s) => allowed.has(s.idx));
  }
  return c.usePlace === USE_PLACE_ONLINE ? [] : all;
}

/** Statuses that hold a membership (anything but cancelled, cancel-requested or a temporary save). */
const HOLDING_STATUSES = [NFT_STATUS.ready, NFT_STATUS.readyComplete, NFT_STATUS.complete, NFT_STATUS.linkComplete, NFT_STATUS.pending, NFT_STATUS.reservation];

/**
 * Joins a membership through the issue machinery (prepareIssues, insertIssues) as a user
 * application: issued at once, or a request waiting for approval (joinStatusOf). A batch key of
 * the customer, the template and their earlier memberships of it makes a double tap or a
 * concurrent join insert one row. The coupons of the membership are granted when it is issued at
 * once, unless the issue machinery already granted them. A membership that has expired does not
 * stop the customer from joining it again.
 */
export async function joinMembership(
  db: Db, deps: { messaging: MessagingProvider; publicUrl: string }, tenantIdx: number, customerIdx: number, templateIdx: number, now: Date,
) {
  const [template] = await db.select().from(nftTemplates).where(and(
    eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, templateIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), eq(nftTemplates.status, 'ACTIVE'),
  )).limit(1);
  if (!template) throw notFound(LOUNGE_MSG.membershipNotFound);
  const [customer] = await db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, customerIdx))).limit(1);
  if (!customer) throw notFound(LOUNGE_MSG.signInRequired);
  const mine = and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.customerIdx, customerIdx), eq(nfts.nftType, 'MEMBERSHIP'), eq(nfts.nftTemplateIdx, templateIdx), isNull(nfts.deletedAt));
  const [[holding], [earlier]] = await Promise.all([
    // An expired membership (or one superseded after it expired) is not held: the customer may join it again
    // (server/modules/memberships/held.ts; the issue supersedes the expired row, which stays on the customer as expired).
    // One not issued yet (an application waiting for approval) has not expired: it still holds.
    db.select({ idx: nfts.idx }).from(nfts).where(and(
      mine, inArray(nfts.nftStatus, HOLDING_STATUSES), isNull(nfts.supersededAt), or(isNull(nfts.issuedAt), isNull(nfts.expiresAt), gt(nfts.expiresAt, now)),
    )).limit(1),
    db.select({ n: count() }).from(nfts).where(mine),
  ]);
  if (holding) throw conflict('CONFLICT', 'membership', LOUNGE_MSG.membershipAlreadyJoined);

  const tenant = { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' as const };
  const input = {
    ordererName: customer.name, ordererTel: customer.phone, ordererCountryCode: customer.countryCode, nftTemplateIdx: templateIdx, productName: template.nftCardName,
  };
  const { values, errors } = await prepareIssues(db, tenant, [input], () => '', { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const status = joinStatusOf(template.useUserMinting);
  const issued = status === NFT_STATUS.complete;
  const row = { ...values[0], requestRoute: 'user', nftStatus: status, issueAt: null, issuedAt: issued ? now : null, createdBy: null };
  const [inserted] = await insertIssues(db, deps, tenant, [row], now, `lounge:${customerIdx}:${templateIdx}:${earlier.n}`);
  if (!inserted) throw conflict('CONFLICT', 'membership', LOUNGE_MSG.membershipAlreadyJoined);
  if (issued) await grantMembershipCoupons(db, tenantIdx, customerIdx, templateIdx, inserted.idx, now);
  return { idx: inserted.idx, nftNumber: inserted.nftNumber, status, statusLabel: loungeStatusOf(status, { requestedByUser: true })! };
}

/** The membership's coupons (not birthday ones) into the customer's wallet, unless the issue already granted them. */
async function grantMembershipCoupons(db: Db, tenantIdx: number, customerIdx: number, templateIdx: number, nftIdx: number, now: Date) {
  await db.transaction(async (tx) => {
    const [already] = await tx.select({ idx: customerCoupons.idx }).from(customerCoupons)
      .where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.nftIdx, nftIdx))).limit(1);
    if (already) return;
    const list = await tx.select({ idx: coupons.idx }).from(coupons)
      .where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.membershipIdx, templateIdx), sql`${coupons.isBirthday} IS DISTINCT FROM 'Y'`, notAttachedCoupon))
      .orderBy(asc(coupons.idx));
    for (const c of list) await grantCoupon(tx, { tenantIdx, couponIdx: c.idx, customerIdx, source: 'MEMBERSHIP', nftIdx }, now);
  });
}

/**
 * Redeems a coupon of the signed-in customer, confirmed by staff on the customer's phone: with the
 * brand's staff PIN when the coupon asks for it (wrong PINs limited per customer and per brand,
 * ./staffPin.ts). The state change is one conditional UPDATE (ISSUED → USED while unexpired), so
 * of concurrent redemptions exactly one succeeds; it records the time and the store.
 */
export async function redeemCoupon(
  db: Db, tenantIdx: number, customerIdx: number, walletIdx: number, body: { pin?: string | null; storeIdx?: number | null }, now: Date,
) {
  const [found] = await db.select({
    cc: customerCoupons, usePassword: coupons.usePassword, title: coupons.title, usePlace: coupons.usePlace, storeIdxList: coupons.storeIdxList,
  }).from(customerCoupons)
    .innerJoin(coupons, and(eq(coupons.tenantIdx, customerCoupons.tenantIdx), eq(coupons.idx, customerCoupons.couponIdx)))
    .where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.idx, walletIdx), eq(customerCoupons.customerIdx, customerIdx))).limit(1);
  if (!found) throw notFound(LOUNGE_MSG.couponNotFound);
  const refuseState = (status: string, expiresAt: Date) => {
    if (status === 'USED') throw conflict('CONFLICT', 'coupon', LOUNGE_MSG.couponUsed);
    if (status === 'CANCELED') throw conflict('CONFLICT', 'coupon', LOUNGE_MSG.couponCanceled);
    if (expiresAt <= now) throw conflict('CONFLICT', 'coupon', LOUNGE_MSG.couponExpired);
  };
  refuseState(found.cc.status, found.cc.expiresAt);
  // A coupon for specific stores names one of them; any other coupon may name any store of the tenant.
  if (found.usePlace === USE_PLACE_STORES && !body.storeIdx) throw validationFailed({ storeIdx: LOUNGE_MSG.storeRequired });
  if (body.storeIdx) {
    const allowed = redeemStores(found, await db.select({ idx: stores.idx, name: stores.name }).from(stores)
      .where(and(eq(stores.tenantIdx, tenantIdx), eq(stores.idx, body.storeIdx))));
    if (!allowed.length) throw validationFailed({ storeIdx: LOUNGE_MSG.storeInvalid });
  }
  if (found.usePassword === 'Y') await checkStaffPin(db, tenantIdx, customerIdx, body.pin ?? '', now);
  const [used] = await db.update(customerCoupons).set({ status: 'USED', usedAt: now, usedStoreIdx: body.storeIdx ?? null })
    .where(and(
      eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.idx, walletIdx), eq(customerCoupons.customerIdx, customerIdx),
      eq(customerCoupons.status, 'ISSUED'), gt(customerCoupons.expiresAt, now),
    )).returning({ idx: customerCoupons.idx, usedAt: customerCoupons.usedAt });
  if (!used) {
    const [now2] = await db.select({ status: customerCoupons.status, expiresAt: customerCoupons.expiresAt }).from(customerCoupons)
      .where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.idx, walletIdx)));
    refuseState(now2.status, now2.expiresAt);
    throw conflict('CONFLICT', 'coupon', LOUNGE_MSG.couponUsed);
  }
  return { idx: used.idx, title: found.title, usedAt: used.usedAt!.toISOString(), storeIdx: body.storeIdx ?? null };
}
