import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandSuspensions, partnerships } from '../../db/schema';

export type AccountRow = typeof partnerships.$inferSelect;
type NewAccount = Omit<typeof partnerships.$inferInsert, 'idx' | 'parentIdx'>;

/** E-mails are unique case-insensitively (the unique index is on lower(email)). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(partnerships)
    .where(sql`lower(${partnerships.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findAccount(db: Db, idx: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(partnerships).where(eq(partnerships.idx, idx)).limit(1);
  return row ?? null;
}

export async function isBusinessNumTaken(db: Db, businessNum: string): Promise<boolean> {
  const [row] = await db.select({ idx: partnerships.idx }).from(partnerships).where(eq(partnerships.businessNum, businessNum)).limit(1);
  return Boolean(row);
}

/** A main account is its own tenant: parent_idx = idx, set right after the serial is known. */
export async function insertMainAccount(db: Db, values: NewAccount): Promise<AccountRow> {
  const [inserted] = await db.insert(partnerships).values(values).returning({ idx: partnerships.idx });
  const [row] = await db
    .update(partnerships)
    .set({ parentIdx: inserted.idx })
    .where(eq(partnerships.idx, inserted.idx))
    .returning();
  return row;
}

/** Whether an operator suspended the account's brand (its main account's tenant, sub-accounts included). */
export async function isBrandSuspended(db: Db, account: { idx: number; parentIdx: number | null }): Promise<boolean> {
  const [row] = await db.select({ t: brandSuspensions.tenantIdx }).from(brandSuspensions)
    .where(eq(brandSuspensions.tenantIdx, account.parentIdx ?? account.idx)).limit(1);
  return row !== undefined;
}
