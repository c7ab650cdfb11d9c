import { ValidationError } from 'yup';
import { and, eq } from 'drizzle-orm';
import { membershipTemplateSchema, MEMBERSHIP_MSG, type MembershipTemplateInput } from '../../../src/domain/membership';
import { TEMPLATE_RULE_MSG, templateFieldErrors } from '../../../src/domain/template';
import { seoulToday } from '../../../src/domain/seoulDay';
import type { FieldErrors } from '../../../src/domain/errors';
import type { Db } from '../../db/client';
import { customerGroups, nftTemplates } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import { isTenantImage, type TemplateRecord, type TemplateValues } from '../templates/service';

/**
 * Membership templates (issue 11 item 1): the tenant's nft_templates of type MEMBERSHIP, read and
 * written through the certificate templates' service (one main per type, stop) with the membership
 * body of src/domain/membership.ts. A guarantee template's idx is not found here.
 */

/** The body check of POST and PATCH (`config.input`): the membership schema with today's Seoul day from the server's clock. */
export const membershipBody = (now: () => Date) => async (raw: unknown): Promise<MembershipTemplateInput> => {
  try {
    return await membershipTemplateSchema.validate(raw ?? {}, { abortEarly: false, stripUnknown: true, context: { today: seoulToday(now()) } });
  } catch (err) {
    if (err instanceof ValidationError) throw validationFailed(templateFieldErrors(err));
    throw err;
  }
};

export async function membershipRecord(db: Db, tenantIdx: number, idx: number): Promise<TemplateRecord> {
  const [row] = await db.select().from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, idx), eq(nftTemplates.templateType, 'MEMBERSHIP'))).limit(1);
  if (!row) throw notFound(MEMBERSHIP_MSG.notFound);
  return row;
}

/** The stored values of a checked body: its background must be the tenant's upload (unless unchanged), a stopped template cannot be main. */
export async function membershipValues(db: Db, tenantIdx: number, body: MembershipTemplateInput, current?: TemplateRecord): Promise<TemplateValues> {
  const errors: FieldErrors = {};
  const backgroundImg = body.backgroundImg?.trim() || null;
  if (backgroundImg && backgroundImg !== current?.backgroundImg && !(await isTenantImage(db, tenantIdx, backgroundImg))) {
    errors.backgroundImg = TEMPLATE_RULE_MSG.backgroundInvalid;
  }
  if (body.isMain && current?.status === 'STOP') errors.isMain = TEMPLATE_RULE_MSG.mainStopped;
  if (body.customerGroupIdx) {
    const [grade] = await db.select({ idx: customerGroups.idx }).from(customerGroups)
      .where(and(eq(customerGroups.tenantIdx, tenantIdx), eq(customerGroups.idx, body.customerGroupIdx))).limit(1);
    if (!grade) errors.customerGroupIdx = MEMBERSHIP_MSG.gradeInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    templateType: 'MEMBERSHIP',
    nftCardName: body.nftCardName,
    isMain: body.isMain,
    backgroundImg,
    nftCustomFields: body.nftCustomFields.map((f) => ({ name: f.name, ...(f.value ? { value: f.value } : {}) })),
    nftCustomLinks: body.nftCustomLinks.map((l) => ({ name: l.name, url: l.url })),
    expireType: body.expireType,
    expireDate: body.expireDate ?? null,
    expireDays: body.expireDays ?? null,
    benefits: body.benefits.map((b) => ({ title: b.title, contents: b.contents })),
    partnersCoupon: body.partnersCoupon.map((c) => ({
      title: c.title, offline: c.offline, couponNumber: c.couponNumber, couponUrl: c.couponUrl, endDate: c.endDate, isIssuable: c.isIssuable,
    })),
    customerGroupIdx: body.customerGroupIdx ?? null,
  };
}
