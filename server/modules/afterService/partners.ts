import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AS_MSG, AS_PARTNER_ADMIN_TYPE, type AsType } from '../../../src/domain/afterService';
import type { Db } from '../../db/client';
import { asPartnerLinks, partnerships } from '../../db/schema';
import { conflict, isUniqueViolation, notFound, validationFailed } from '../../http/errors';

/**
 * A brand's repair and laundry partners, linked by invitation (docs/api/afterService.md, "Who sees
 * what"). The brand's main account invites a partner main account by its e-mail; the partner
 * accepts; only an accepted (active) link routes new requests. One active link per kind per brand:
 * accepting while the brand already has an active partner of the kind replaces that link (the old
 * one is removed; requests already routed stay with the old partner). The partner may instead
 * decline an invitation, which removes it (the brand may invite again).
 */

/**
 * A tenant's name as the other side of a link sees it: its first brand's name, or the account's
 * company name when it has no brand. The only thing of a brand a partner reads besides routed
 * requests. A column is written fully qualified (drizzle leaves it bare, which the subquery's own
 * tables would capture); the inner tables are aliased so they never shadow the outer one.
 */
export function tenantNameSql(tenantIdx: AnyPgColumn | number): SQL<string> {
  const outer = typeof tenantIdx === 'number' ? sql`${tenantIdx}` : sql`${sql.identifier(getTableName(tenantIdx.table))}.${sql.identifier(tenantIdx.name)}`;
  return sql<string>`coalesce(
    (select b.name from brands b where b.tenant_idx = ${outer} order by b.idx limit 1),
    (select p.company_name from partnerships p where p.idx = ${outer}), '')`;
}

export interface PartnerLinkRow {
  idx: number;
  partnerIdx: number;
  companyName: string;
  email: string;
  status: 'invited' | 'active';
  createdAt: string;
  acceptedAt: string | null;
}

/** The brand's links of a kind (GET /v1/admin/{type}/partner), the active one first, then the newest invitations. */
export async function listPartnerLinks(db: Db, tenantIdx: number, type: AsType): Promise<PartnerLinkRow[]> {
  const rows = await db
    .select({
      idx: asPartnerLinks.idx, partnerIdx: asPartnerLinks.partnerIdx, companyName: partnerships.companyName, email: partnerships.email,
      status: asPartnerLinks.status, createdAt: asPartnerLinks.createdAt, acceptedAt: asPartnerLinks.acceptedAt,
    })
    .from(asPartnerLinks)
    .innerJoin(partnerships, eq(partnerships.idx, asPartnerLinks.partnerIdx))
    .where(and(eq(asPartnerLinks.tenantIdx, tenantIdx), eq(asPartnerLinks.type, type)))
    .orderBy(sql`${asPartnerLinks.status} = 'active' desc`, desc(asPartnerLinks.idx));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), acceptedAt: r.acceptedAt?.toISOString() ?? null }));
}

/**
 * Invites the partner main account with that e-mail (POST /v1/admin/{type}/partner). Refused as a
 * field error on `email` when no account has it or it serves another kind, 409 when already linked or invited.
 */
export async function invitePartner(db: Db, who: { tenantIdx: number; adminIdx: number }, type: AsType, email: string, now: Date) {
  const [partner] = await db
    .select({ idx: partnerships.idx, adminType: partnerships.adminType, email: partnerships.email, companyName: partnerships.companyName })
    .from(partnerships)
    // A main account is its own parent (accounts/repository.ts insertMainAccount).
    .where(and(sql`lower(${partnerships.email}) = ${email.toLowerCase()}`, eq(partnerships.parentIdx, partnerships.idx), eq(partnerships.isLeaved, 'N')))
    .limit(1);
  if (!partner || partner.adminType === 'b2b') throw validationFailed({ email: AS_MSG.partnerNotFound }, AS_MSG.partnerNotFound);
  if (partner.adminType !== AS_PARTNER_ADMIN_TYPE[type]) throw validationFailed({ email: AS_MSG.partnerWrongType(type) }, AS_MSG.partnerWrongType(type));
  try {
    const [link] = await db.insert(asPartnerLinks)
      .values({ tenantIdx: who.tenantIdx, type, partnerIdx: partner.idx, status: 'invited', invitedBy: who.adminIdx, createdAt: now })
      .returning({ idx: asPartnerLinks.idx });
    return { idx: link.idx, partner };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', 'email', AS_MSG.partnerAlreadyLinked);
    throw err;
  }
}

/** Removes one of the brand's links (DELETE /v1/admin/{type}/partner/{idx}); another tenant's idx is 404. */
export async function removePartnerLink(db: Db, tenantIdx: number, type: AsType, idx: number): Promise<void> {
  const removed = await db.delete(asPartnerLinks)
    .where(and(eq(asPartnerLinks.tenantIdx, tenantIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.idx, idx)))
    .returning({ idx: asPartnerLinks.idx });
  if (!removed.length) throw notFound(AS_MSG.invitationNotFound);
}

/** The invitations waiting for a partner (GET /v1/admin/{type}/invitation): the brand's name and when, nothing else of the brand. */
export async function listInvitations(db: Db, partnerIdx: number, type: AsType) {
  const rows = await db
    .select({ idx: asPartnerLinks.idx, brandName: tenantNameSql(asPartnerLinks.tenantIdx), createdAt: asPartnerLinks.createdAt })
    .from(asPartnerLinks)
    .where(and(eq(asPartnerLinks.partnerIdx, partnerIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'invited')))
    .orderBy(desc(asPartnerLinks.idx));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The partner accepts an invitation (PATCH /v1/admin/{type}/partner/{idx}/accept): the link becomes
 * the brand's active partner of the kind, replacing the brand's previous active link in the same
 * transaction. An idx that is not an invitation to this partner is 404.
 */
export async function acceptInvitation(db: Db, partnerIdx: number, type: AsType, idx: number, now: Date) {
  return db.transaction(async (tx) => {
    const [link] = await tx.select({ tenantIdx: asPartnerLinks.tenantIdx }).from(asPartnerLinks)
      .where(and(eq(asPartnerLinks.idx, idx), eq(asPartnerLinks.partnerIdx, partnerIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'invited')));
    if (!link) throw notFound(AS_MSG.invitationNotFound);
    // Lock every link of the brand's kind, so two accepts for one brand run one after the other and the later one wins.
    await tx.select({ idx: asPartnerLinks.idx }).from(asPartnerLinks)
      .where(and(eq(asPartnerLinks.tenantIdx, link.tenantIdx), eq(asPartnerLinks.type, type))).for('update');
    await tx.delete(asPartnerLinks)
      .where(and(eq(asPartnerLinks.tenantIdx, link.tenantIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'active')));
    const [accepted] = await tx.update(asPartnerLinks).set({ status: 'active', acceptedAt: now })
      .where(and(eq(asPartnerLinks.tenantIdx, link.tenantIdx), eq(asPartnerLinks.idx, idx), eq(asPartnerLinks.status, 'invited')))
      .returning({ idx: asPartnerLinks.idx, status: asPartnerLinks.status, acceptedAt: asPartnerLinks.acceptedAt });
    // Removed by the brand or accepted by a concurrent call meanwhile: the same 404 as any non-invitation.
    if (!accepted) throw notFound(AS_MSG.invitationNotFound);
    return { idx: accepted.idx, status: accepted.status, acceptedAt: accepted.acceptedAt?.toISOString() ?? null };
  });
}

/**
 * The partner declines an invitation (PATCH /v1/admin/{type}/partner/{idx}/decline): the invitation
 * row is deleted, so the brand's list no longer shows it and the brand may invite again. One
 * conditional DELETE: only this partner's invitation of this kind still waiting; anything else (an
 * active link, another partner's invitation, the other kind, an unknown idx) is the same 404.
 */
export async function declineInvitation(db: Db, partnerIdx: number, type: AsType, idx: number): Promise<{ idx: number }> {
  const [declined] = await db.delete(asPartnerLinks)
    .where(and(eq(asPartnerLinks.idx, idx), eq(asPartnerLinks.partnerIdx, partnerIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'invited')))
    .returning({ idx: asPartnerLinks.idx });
  if (!declined) throw notFound(AS_MSG.invitationNotFound);
  return { idx: declined.idx };
}
