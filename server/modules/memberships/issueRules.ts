import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, customerSettings, nftTemplates } from '../../db/schema';
import {
  MEMBERSHIP_ISSUE_CODES, MEMBERSHIP_ISSUE_MSG, couponExpired, membershipExpiresAt, membershipPointAmount, templateExpired,
} from '../../../src/domain/membershipIssue';
import { seoulDate } from '../../../src/domain/seoulDay';
import { EXPIRE_BY_DATE } from '../../../src/domain/coupon';
import type { FieldErrors } from '../../../src/domain/errors';
import { rowsOf } from '../products/service';
import type { NftValues } from '../guarantees/issue';
import { heldAt } from './held';
import { notAttachedCoupon } from './attachedCoupons';

/**
 * The membership rules of the shared issue path (server/modules/guarantees/issue.ts prepareIssues,
 * so the single issue, the bulk issue, the grade job and the lounge's self-join all get them), each
 * in a fixed number of queries whatever the row count:
 * - the template is required (the main membership when none is named) and its card name stands for the product;
 * - INVALID_NFT_TEMPLATE_EXPIRE_DATE: its end date has passed;
 * - INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE: an attached coupon or one of its coupon records has ended;
 * - MEMBERSHIP_NFT_ALREADY_EXISTS: the customer (by phone) holds one of this template, or the batch names them twice.
 *   The partial unique index nfts_membership_held makes this race-safe (../guarantees/write.ts maps its violation).
 *   An expired membership is not held (./held.ts): the same membership can be issued again, and the
 *   issuing transaction supersedes the expired row so that it leaves the index.
 * Each issued row gets its end (expires_at) and its points (floor(paymentAmount × the tenant's point rate %)).
 */

type MembershipTemplate = {
  idx: number; isMain: boolean; status: string; nftCardName: string; expireType: 'DATE' | 'DAY' | null; expireDate: string | null; expireDays: number | null;
  partnersCoupon: { endDate: string }[];
};

async function membershipTemplates(db: Db, tenantIdx: number): Promise<MembershipTemplate[]> {
  return db.select({
    idx: nftTemplates.idx, isMain: nftTemplates.isMain, status: nftTemplates.status, nftCardName: nftTemplates.nftCardName,
    expireType: nftTemplates.expireType, expireDate: nftTemplates.expireDate, expireDays: nftTemplates.expireDays, partnersCoupon: nftTemplates.partnersCoupon,
  }).from(nftTemplates).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP')));
}

const isRecord = (v: unknown): v is Record<string, unknown> => Object.prototype.toString.call(v) === '[object Object]';
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Inputs whose product name is blank get their membership card's name (the named template, else the main one). */
export async function withMembershipCardNames(db: Db, tenantIdx: number, inputs: unknown[]): Promise<unknown[]> {
  if (!inputs.some((i) => isRecord(i) && blank(i.productName))) return inputs;
  const templates = await membershipTemplates(db, tenantIdx);
  const byIdx = new Map(templates.map((t) => [t.idx, t]));
  const main = templates.find((t) => t.isMain && t.status === 'ACTIVE');
  return inputs.map((input) => {
    if (!isRecord(input) || !blank(input.productName)) return input;
    const named = typeof input.nftTemplateIdx === 'number' ? byIdx.get(input.nftTemplateIdx) : blank(input.nftTemplateIdx) ? main : undefined;
    return named ? { ...input, productName: named.nftCardName } : input;
  });
}

/** Sets each row's end and points and drops (with its error and code) each row a rule refuses; returns the rows kept, with their input indexes. */
export async function applyMembershipRules(
  db: Db, tenantIdx: number, values: NftValues[], rows: number[], prefix: (i: number) => string,
  errors: FieldErrors, codes: Record<string, string>, now: Date, opts: { checkHeld: boolean },
): Promise<{ values: NftValues[]; rows: number[] }> {
  if (!values.length) return { values, rows };
  const templateIds = [...new Set(values.map((v) => v.nftTemplateIdx).filter((v): v is number => typeof v === 'number'))];
  const phones = [...new Set(values.map((v) => v.ordererTel))];
  const [templates, couponEnds, settings, held] = await Promise.all([
    templateIds.length ? membershipTemplates(db, tenantIdx).then((list) => list.filter((t) => templateIds.includes(t.idx))) : Promise.resolve([]),
    templateIds.length
      ? db.select({ membershipIdx: coupons.membershipIdx, expireType: coupons.expireType, expireDate: coupons.expireDate }).from(coupons)
        .where(and(eq(coupons.tenantIdx, tenantIdx), inArray(coupons.membershipIdx, templateIds), ne(coupons.isBirthday, 'Y'), notAttachedCoupon))
      : Promise.resolve([]),
    db.select({ pointRate: customerSettings.pointRate }).from(customerSettings).where(eq(customerSettings.tenantIdx, tenantIdx)),
    opts.checkHeld && templateIds.length
      ? db.execute(sql`SELECT n.nft_template_idx AS "templateIdx", c.country_code AS "countryCode", c.phone
          FROM nfts n JOIN customers c ON c.tenant_idx = n.tenant_idx AND c.idx = n.customer_idx
          WHERE n.tenant_idx = ${tenantIdx} AND ${heldAt(now)} AND n.nft_template_idx IN (${sql.join(templateIds.map((t) => sql`${t}`), sql`, `)})
            AND c.phone IN (${sql.join(phones.map((p) => sql`${p}`), sql`, `)})`).then((r) => rowsOf<{ templateIdx: number; countryCode: string; phone: string }>(r))
      : Promise.resolve([]),
  ]);
  const templateOf = new Map(templates.map((t) => [t.idx, t]));
  const endsOf = new Map<number, (string | null)[]>();
  for (const c of couponEnds) {
    if (c.membershipIdx === null || c.membershipIdx === undefined) continue;
    const key = Number(c.membershipIdx);
    endsOf.set(key, [...(endsOf.get(key) ?? []), c.expireType === EXPIRE_BY_DATE ? (c.expireDate ?? null) : null]);
  }
  const rate = Number(settings[0]?.pointRate ?? 0);
  const holding = new Set(held.map((h) => `${Number(h.templateIdx)}|${h.countryCode}|${h.phone}`));
  const today = seoulDate(now);
  const kept: NftValues[] = [];
  const keptRows: number[] = [];
  values.forEach((v, k) => {
    const p = prefix(rows[k]);
    const refuse = (field: string, code: string, message: string) => {
      errors[`${p}${field}`] = message;
      codes[`${p}${field}`] = code;
    };
    const template = v.nftTemplateIdx ? templateOf.get(v.nftTemplateIdx) : undefined;
    if (!template) {
      errors[`${p}nftTemplateIdx`] = MEMBERSHIP_ISSUE_MSG.templateRequired;
      return;
    }
    // An edit (checkHeld false) keeps the issued membership as it is: only a new issue meets the ends and the one-per-type rule.
    if (opts.checkHeld) {
      if (templateExpired(template, today)) return refuse('nftTemplateIdx', MEMBERSHIP_ISSUE_CODES.templateExpired, MEMBERSHIP_ISSUE_MSG.templateExpired);
      if (couponExpired(template.partnersCoupon, endsOf.get(template.idx) ?? [], today)) {
        return refuse('nftTemplateIdx', MEMBERSHIP_ISSUE_CODES.couponExpired, MEMBERSHIP_ISSUE_MSG.couponExpired);
      }
      const key = `${template.idx}|${v.ordererCountryCode}|${v.ordererTel}`;
      if (holding.has(key)) return refuse('ordererTel', MEMBERSHIP_ISSUE_CODES.alreadyExists, MEMBERSHIP_ISSUE_MSG.alreadyExists);
      holding.add(key);
      v.expiresAt = membershipExpiresAt(template, now);
      v.pointAmount = membershipPointAmount(v.paymentAmount, rate) || null;
    }
    kept.push(v);
    keptRows.push(rows[k]);
  });
  return { values: kept, rows: keptRows };
}
