import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { LOUNGE_MSG, STAFF_PIN_LIMITS, STAFF_PIN_PATTERN } from '../../../src/domain/lounge';
import type { Db } from '../../db/client';
import { staffPinFailures, staffPins } from '../../db/schema';
import { ApiError, tooManyRequests, validationFailed } from '../../http/errors';
import { hashPassword, verifyPassword } from '../accounts/passwords';

/**
 * The brand's staff PIN (issue 11 item 8, issue 20): 4 digits, stored as argon2id, typed by staff on
 * the customer's phone to redeem a coupon with the password option. Wrong PINs are limited per
 * customer and by the brand's hourly budget (src/domain/lounge.ts STAFF_PIN_LIMITS), both counted in
 * the database under the brand's staff_pins row lock, so they hold however concurrent the tries and
 * however many server processes share the database.
 */

/**
 * When the brand's wrong-PIN budget is spent, the time PIN redemption resumes (the newest
 * `brandMaxWrong` tries since the last PIN save, the oldest of them an hour old), else null.
 */
async function pausedUntil(db: Db, tenantIdx: number, budgetFromIdx: number, now: Date): Promise<Date | null> {
  const { brandWindowMs, brandMaxWrong } = STAFF_PIN_LIMITS;
  const tries = await db.select({ createdAt: staffPinFailures.createdAt }).from(staffPinFailures).where(and(
    eq(staffPinFailures.tenantIdx, tenantIdx), gt(staffPinFailures.idx, budgetFromIdx),
    gt(staffPinFailures.createdAt, new Date(now.getTime() - brandWindowMs)),
  )).orderBy(desc(staffPinFailures.createdAt)).limit(brandMaxWrong);
  return tries.length < brandMaxWrong ? null : new Date(tries[brandMaxWrong - 1].createdAt.getTime() + brandWindowMs);
}

/**
 * Checks the PIN typed for a coupon. Under the brand's staff_pins row lock, one transaction refuses
 * when the brand's budget is spent (429, a right PIN too) or the customer's 5 tries are (429), and
 * otherwise records the try; only then is the PIN compared (outside the lock: argon2 takes a while),
 * and a right PIN's try is deleted. So of any number of concurrent wrong PINs exactly the allowed
 * number are ever compared.
 */
export async function checkStaffPin(db: Db, tenantIdx: number, customerIdx: number, pin: string, now: Date): Promise<void> {
  const { pinHash, tryIdx } = await db.transaction(async (tx) => {
    const [stored] = await tx.select({ pinHash: staffPins.pinHash, budgetFromIdx: staffPins.budgetFromIdx }).from(staffPins)
      .where(eq(staffPins.tenantIdx, tenantIdx)).for('update');
    if (!stored) throw new ApiError(409, 'CONFLICT', LOUNGE_MSG.pinNotSet);
    if (await pausedUntil(tx, tenantIdx, stored.budgetFromIdx, now)) throw tooManyRequests(LOUNGE_MSG.pinPaused);
    const [mine] = await tx.select({ n: count() }).from(staffPinFailures).where(and(
      eq(staffPinFailures.tenantIdx, tenantIdx), eq(staffPinFailures.customerIdx, customerIdx),
      gt(staffPinFailures.createdAt, new Date(now.getTime() - STAFF_PIN_LIMITS.windowMs)),
    ));
    if (mine.n >= STAFF_PIN_LIMITS.maxWrong) throw tooManyRequests(LOUNGE_MSG.pinLocked);
    if (!STAFF_PIN_PATTERN.test(pin)) throw validationFailed({ pin: LOUNGE_MSG.pinRequired });
    const [recorded] = await tx.insert(staffPinFailures).values({ tenantIdx, customerIdx, createdAt: now }).returning({ idx: staffPinFailures.idx });
    return { pinHash: stored.pinHash, tryIdx: recorded.idx };
  });
  if (await verifyPassword(pinHash, pin)) {
    await db.delete(staffPinFailures).where(and(eq(staffPinFailures.tenantIdx, tenantIdx), eq(staffPinFailures.idx, tryIdx)));
    return;
  }
  throw validationFailed({ pin: LOUNGE_MSG.pinWrong }, LOUNGE_MSG.pinWrong);
}

/** What the console shows of the brand's PIN: whether one is set (never the PIN) and until when redemption is paused. */
export async function staffPinState(db: Db, tenantIdx: number, now: Date): Promise<{ pinSet: boolean; pausedUntil: string | null }> {
  const [row] = await db.select({ budgetFromIdx: staffPins.budgetFromIdx }).from(staffPins).where(eq(staffPins.tenantIdx, tenantIdx)).limit(1);
  if (!row) return { pinSet: false, pausedUntil: null };
  const until = await pausedUntil(db, tenantIdx, row.budgetFromIdx, now);
  return { pinSet: true, pausedUntil: until ? until.toISOString() : null };
}

/**
 * Saves a new PIN. The brand's budget starts over from here (budget_from_idx: the newest try so
 * far), so saving a PIN ends a pause: the wrong guesses were at the old one.
 */
export async function saveStaffPin(db: Db, tenantIdx: number, adminIdx: number, pin: string, now: Date): Promise<void> {
  const pinHash = await hashPassword(pin);
  const budgetFromIdx = sql`(SELECT coalesce(max(${staffPinFailures.idx}), 0) FROM ${staffPinFailures} WHERE ${staffPinFailures.tenantIdx} = ${tenantIdx})`;
  await db.insert(staffPins).values({ tenantIdx, pinHash, budgetFromIdx, updatedBy: adminIdx, updatedAt: now })
    .onConflictDoUpdate({ target: staffPins.tenantIdx, set: { pinHash, budgetFromIdx, updatedBy: adminIdx, updatedAt: now } });
}
