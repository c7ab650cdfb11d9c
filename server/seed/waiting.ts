import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { waitings } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { addDays, seoulToday } from '../../src/domain/seoulDay';

/**
 * The demo brand's waiting event (issue 26): running from three days ago for two months, every day,
 * all day, so the staff screen and the guest's QR page work whenever the demo runs; only where the
 * brand has none yet, so a restart leaves edits alone.
 */
export async function seedWaiting(db: Db, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  if (!brand) return;
  const [existing] = await db.select({ idx: waitings.idx }).from(waitings).where(eq(waitings.tenantIdx, brand.idx)).limit(1);
  if (existing) return;
  const today = seoulToday(now);
  await db.insert(waitings).values({
    tenantIdx: brand.idx, name: '데모 성수 팝업스토어', startAt: addDays(today, -3), endAt: addDays(today, 60), address: '서울 성동구 연무장길 1',
    mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', startTime: 0, endTime: 1440, maxGuests: 6, createdAt: now,
  });
}
