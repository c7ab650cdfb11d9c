import type { Db } from '../db/client';
import { plans } from '../db/schema';

/** The plan catalogue of spec 1 section 9. Prices are monthly, in won, VAT excluded. */
export const PLAN_CATALOGUE: (typeof plans.$inferInsert)[] = [
  { planId: 'FREE', groupId: 'FREE', name: 'Free', price: 0, level: 0, plusList: [] },
  { planId: 'STARTER_MONTHLY', groupId: 'STARTER', name: 'Starter', price: 49_000, level: 1, plusList: [] },
  { planId: 'STANDARD_MONTHLY', groupId: 'STANDARD', name: 'Standard', price: 99_000, level: 2, plusList: ['MEMBERSHIP'] },
  { planId: 'PRO_MONTHLY', groupId: 'PRO', name: 'Pro', price: 199_000, level: 3, plusList: ['MEMBERSHIP', 'CUSTOMER', 'ALIMTALK'] },
  { planId: 'ENTERPRISE', groupId: 'ENTERPRISE', name: 'Enterprise', price: 0, level: 4, plusList: [] },
];

/**
 * Reference rows every database needs (plans), inserted when missing and never overwritten,
 * so an operator's later price change survives a restart. Safe to call at every start.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(plans).values(PLAN_CATALOGUE).onConflictDoNothing({ target: plans.planId });
}
