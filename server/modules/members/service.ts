import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentRecords, emailTokens, partnerships, sessions } from '../../db/schema';

/**
 * Sub-accounts of one tenant. Every query is scoped to `parent_idx = tenantIdx` and excludes the
 * main account itself, so another tenant's idx (or the main account's) is simply not found.
 */
const ofTenant = (tenantIdx: number) => and(eq(partnerships.parentIdx, tenantIdx), ne(partnerships.idx, tenantIdx));
const memberOf = (tenantIdx: number, idx: number) => and(ofTenant(tenantIdx), eq(partnerships.idx, idx));

const memberColumns = {
  idx: partnerships.idx,
  parentIdx: partnerships.parentIdx,
  email: partnerships.email,
  companyName: partnerships.companyName,
  phoneNum: partnerships.phoneNum,
  createdAt: partnerships.createdAt,
};

type MemberRow = { idx: number; parentIdx: number | null; email: string; companyName: string; phoneNum: string; createdAt: Date };
export const toMember = (r: MemberRow) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** Columns a list may sort on (`sort=field,ASC|DESC`); anything else falls back to newest first. */
const SORTABLE = { idx: partnerships.idx, email: partnerships.email, companyName: partnerships.companyName, createdAt: partnerships.createdAt };
export type MemberSort = { field: keyof typeof SORTABLE; desc: boolean };

export function parseMemberSort(raw: unknown): MemberSort {
  const [field, dir] = String(raw ?? '').split(',');
  if (!(field in SORTABLE)) return { field: 'idx', desc: true };
  return { field: field as MemberSort['field'], desc: dir?.toUpperCase() !== 'ASC' };
}

export async function listMembers(db: Db, tenantIdx: number, page: number, pageSize: number, sort: MemberSort) {
  const column = SORTABLE[sort.field];
  const [rows, [{ total }]] = await Promise.all([
    db.select(memberColumns).from(partnerships).where(ofTenant(tenantIdx))
      .orderBy(sort.desc ? desc(column) : asc(column), desc(partnerships.idx))
      .limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(partnerships).where(ofTenant(tenantIdx)),
  ]);
  return { list: rows.map(toMember), total };
}

/** A sub-account of the tenant, confirmed at once since its main account vouches for it. */
export async function createMember(
  db: Db,
  tenant: { tenantIdx: number; b2bType: 'brand' | 'cooperator' | null },
  values: { email: string; passwordHash: string; companyName: string; phoneNum: string },
  now: Date,
) {
  const [row] = await db
    .insert(partnerships)
    .values({
      ...values,
      parentIdx: tenant.tenantIdx,
      adminType: 'b2b',
      b2bType: tenant.b2bType,
      emailConfirmedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning(memberColumns);
  return toMember(row);
}

export async function getMember(db: Db, tenantIdx: number, idx: number) {
  const [row] = await db.select(memberColumns).from(partnerships).where(memberOf(tenantIdx, idx)).limit(1);
  return row ? toMember(row) : null;
}

export async function updateMember(db: Db, tenantIdx: number, idx: number, values: { companyName: string; phoneNum: string }, now: Date) {
  const [row] = await db.update(partnerships).set({ ...values, updatedAt: now }).where(memberOf(tenantIdx, idx)).returning(memberColumns);
  return row ? toMember(row) : null;
}

/** Deletes a sub-account with everything that hangs on it, ending its sessions at once. */
export async function deleteMember(db: Db, tenantIdx: number, idx: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(partnerships).where(memberOf(tenantIdx, idx)).returning({ idx: partnerships.idx });
    if (!row) return false;
    await tx.delete(sessions).where(eq(sessions.adminIdx, idx));
    await tx.delete(emailTokens).where(eq(emailTokens.adminIdx, idx));
    await tx.delete(consentRecords).where(and(eq(consentRecords.tenantIdx, tenantIdx), eq(consentRecords.adminIdx, idx)));
    return true;
  });
}
