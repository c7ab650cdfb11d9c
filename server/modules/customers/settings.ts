import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerSettings } from '../../db/schema';
import type { GradeSchedule, Yn } from '../../../src/domain/customer';

/** The tenant's point and grade settings. */

export interface CustomerSettings {
  pointRate: number;
  onOfflinePointToggle: Yn;
  gradeSchedule: GradeSchedule;
  gradePeriodMonths: number;
  lastGradeRunAt: string | null;
}

const DEFAULT_SETTINGS = { pointRate: 0, onOfflinePointToggle: 'N' as Yn, gradeSchedule: 'monthly' as GradeSchedule, gradePeriodMonths: 12 };

export async function getSettings(db: Db, tenantIdx: number): Promise<CustomerSettings> {
  const [row] = await db.select().from(customerSettings).where(eq(customerSettings.tenantIdx, tenantIdx)).limit(1);
  if (!row) return { ...DEFAULT_SETTINGS, lastGradeRunAt: null };
  return {
    pointRate: Number(row.pointRate), onOfflinePointToggle: row.onOfflinePointToggle, gradeSchedule: row.gradeSchedule,
    gradePeriodMonths: row.gradePeriodMonths, lastGradeRunAt: row.lastGradeRunAt ? row.lastGradeRunAt.toISOString() : null,
  };
}

/**
 * The settings row, created with the defaults when missing, and locked for this transaction: the
 * grade list and settings of a tenant change one writer at a time. A new row's last run is `now`,
 * so the first scheduled run is the next 03:00 slot, not the moment it is created.
 */
export async function lockSettings(tx: Db, tenantIdx: number, now: Date): Promise<void> {
  await tx.insert(customerSettings).values({ tenantIdx, lastGradeRunAt: now, updatedAt: now }).onConflictDoNothing();
  await tx.execute(sql`SELECT 1 FROM ${customerSettings} WHERE tenant_idx = ${tenantIdx} FOR UPDATE`);
}

export async function saveSettings(db: Db, tenantIdx: number, patch: Partial<Omit<CustomerSettings, 'lastGradeRunAt'>>, now: Date): Promise<CustomerSettings> {
  await db.transaction(async (tx) => {
    await lockSettings(tx, tenantIdx, now);
    await tx.update(customerSettings).set({ ...patch, updatedAt: now }).where(eq(customerSettings.tenantIdx, tenantIdx));
  });
  return getSettings(db, tenantIdx);
}
