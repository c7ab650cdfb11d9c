import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reservations } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { addDays, seoulToday } from '../../src/domain/seoulDay';

/**
 * The demo brand's reservation (issue 26 item 5): from three days ago for two months, every day,
 * 11:00–21:00 in 90-minute slots of 4 teams, 2–6 people, opening 14 days ahead, closing an hour
 * before, free to cancel until 24 hours before, confirmed at once, no deposit; only where the brand
 * has none yet, so a restart leaves edits alone.
 */
export async function seedReservation(db: Db, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  if (!brand) return;
  const [existing] = await db.select({ idx: reservations.idx }).from(reservations).where(eq(reservations.tenantIdx, brand.idx)).limit(1);
  if (existing) return;
  const today = seoulToday(now);
  await db.insert(reservations).values({
    tenantIdx: brand.idx, name: '데모 성수 다이닝', startAt: addDays(today, -3), endAt: addDays(today, 60), address: '서울 성동구 연무장길 1',
    mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', openTime: 660, closeTime: 1260, slotMinutes: 90, slotCapacity: 4,
    partyMin: 2, partyMax: 6, opensDaysAhead: 14, closesHoursBefore: 1, freeCancelHours: 24, autoConfirm: 'Y', deposit: null, reminder: 'Y', createdAt: now,
  });
}
