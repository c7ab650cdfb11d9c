import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY_CODE } from '../../../src/domain/guarantee';
import { maskPhone } from '../../../src/domain/lounge';
import { checkAccessAt } from '../../../src/domain/access';
import {
  LIVE_STATUSES, RESERVATION_MSG, RESERVATION_RULE, bookingRefusal, bookingWhen, depositOf, freeCancelUntil, isOpenDay, lastBookableDay,
  nextBooking, partySizeRefusal, reminderWindow, reservationStatusOn, slotsOfDay, type BookingAction, type BookingStatus, type CancelBy,
  type DepositStatus, type ReservationRules, type StaffAction,
} from '../../../src/domain/reservation';
import { seoulDate, seoulDateTime, seoulDayEnd, seoulDayStart, seoulToday } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { customers, loungeKeys, reservationBookings, reservations } from '../../db/schema';
import { ApiError, conflict, isUniqueViolationOf, notFound, validationFailed } from '../../http/errors';
import { BillingError, type BillingProvider } from '../../providers/billing';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { loadFeatureSettings, loadSubscription } from '../../plugins/auth';
import { rowsOf } from '../products/service';
import { brandNameOf } from '../waiting/service';

/**
 * Reservations' bookings (issue 26 item 5, docs/api/reservations.md). A slot's seats are a row of
 * `reservation_slots` taken by one conditional statement (`… booked = booked + 1 … WHERE booked <
 * capacity RETURNING`) in the transaction that inserts the booking, so concurrent bookings never
 * overbook; a cancel gives the seat back. A move on a booking is one conditional UPDATE (the status
 * as read), so two staff tapping at once move it once. Locks are always taken in one order: the
 * booking's row, then slots by start time, so a change and a cancel never deadlock.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;

export interface Deps { db: Db; messaging: MessagingProvider; billing: BillingProvider }

export type ReservationRow = typeof reservations.$inferSelect;
export type BookingRow = typeof reservationBookings.$inferSelect;

const theBooking = (tenantIdx: number, idx: number) => and(eq(reservationBookings.tenantIdx, tenantIdx), eq(reservationBookings.idx, idx));
const live = inArray(reservationBookings.status, [...LIVE_STATUSES]);

export async function reservationOf(db: Exec, tenantIdx: number, idx: number): Promise<ReservationRow> {
  const [row] = await db.select().from(reservations).where(and(eq(reservations.tenantIdx, tenantIdx), eq(reservations.idx, idx)));
  if (!row) throw notFound(RESERVATION_MSG.notFound);
  return row;
}

export const rulesOf = (r: ReservationRow): ReservationRules => ({
  startAt: r.startAt as string, endAt: r.endAt as string,
  mon: r.mon as 'Y' | 'N', tue: r.tue as 'Y' | 'N', wed: r.wed as 'Y' | 'N', thu: r.thu as 'Y' | 'N', fri: r.fri as 'Y' | 'N', sat: r.sat as 'Y' | 'N', sun: r.sun as 'Y' | 'N',
  openTime: r.openTime as number, closeTime: r.closeTime as number, slotMinutes: r.slotMinutes as number,
  slotCapacity: (r.slotCapacity as number | null) ?? 1, partyMin: (r.partyMin as number | null) ?? 1, partyMax: (r.partyMax as number | null) ?? 1,
  opensDaysAhead: (r.opensDaysAhead as number | null) ?? 1, closesHoursBefore: (r.closesHoursBefore as number | null) ?? 0,
  freeCancelHours: (r.freeCancelHours as number | null) ?? 0, autoConfirm: r.autoConfirm as 'Y' | 'N', deposit: (r.deposit as number | null) ?? null,
  reminder: r.reminder as 'Y' | 'N',
});

/** The tenant whose public lounge key this is, while it may take bookings (404 otherwise). */
export async function reservationTenant(db: Db, loungeKey: string, now: Date): Promise<{ tenantIdx: number; brandName: string }> {
  const [row] = await db.select({ tenantIdx: loungeKeys.tenantIdx }).from(loungeKeys).where(eq(loungeKeys.loungeKey, loungeKey)).limit(1);
  if (!row) throw notFound(RESERVATION_MSG.notFound);
  const [settings, subscription, brandName] = await Promise.all([loadFeatureSettings(db, row.tenantIdx), loadSubscription(db, row.tenantIdx), brandNameOf(db, row.tenantIdx)]);
  if (checkAccessAt({ adminType: 'b2b', isSubAccount: false, settings, subscription }, RESERVATION_RULE, now) !== null) throw notFound(RESERVATION_MSG.notFound);
  return { tenantIdx: row.tenantIdx, brandName };
}

/** What the guest's page shows of a reservation: its policy and the days it may book now. */
export function publicReservation(r: ReservationRow, brandName: string, now: Date) {
  const rules = rulesOf(r);
  const today = seoulToday(now);
  const last = lastBookableDay(rules, now.getTime());
  return {
    brandName, idx: r.idx, name: r.name, address: r.address, status: reservationStatusOn(rules, today),
    partyMin: rules.partyMin, partyMax: rules.partyMax, slotMinutes: rules.slotMinutes, deposit: rules.deposit,
    freeCancelHours: rules.freeCancelHours, closesHoursBefore: rules.closesHoursBefore, opensDaysAhead: rules.opensDaysAhead,
    autoConfirm: rules.autoConfirm, firstDay: today > rules.startAt ? today : rules.startAt, lastDay: last < rules.endAt ? last : rules.endAt,
  };
}

/** Seats booked per slot of a Seoul day: start instant (ms) → booked. */
async function bookedOfDay(db: Exec, tenantIdx: number, reservationIdx: number, day: string): Promise<Map<number, number>> {
  const rows = rowsOf<{ startsAt: Date | string; booked: number }>(await db.execute(sql`
    select starts_at as "startsAt", booked from reservation_slots
    where tenant_idx = ${tenantIdx} and reservation_idx = ${reservationIdx}
      and starts_at >= ${seoulDayStart(day).toISOString()}::timestamptz and starts_at < ${seoulDayEnd(day).toISOString()}::timestamptz`));
  return new Map(rows.map((r) => [new Date(r.startsAt).getTime(), Number(r.booked)]));
}

/** A day's slots with the seats left and, for the guest, why one may not be booked now. */
export async function daySlots(db: Exec, r: ReservationRow, day: string, now: Date) {
  const rules = rulesOf(r);
  const booked = await bookedOfDay(db, r.tenantIdx, r.idx, day);
  return slotsOfDay(rules, day).map((at) => {
    const taken = booked.get(at.getTime()) ?? 0;
    const left = Math.max(0, rules.slotCapacity - taken);
    return {
      startsAt: at.toISOString(), time: seoulDateTime(at).slice(11, 16), capacity: rules.slotCapacity, booked: taken, left,
      refusal: bookingRefusal(rules, at.getTime(), now.getTime()) ?? (left === 0 ? RESERVATION_MSG.slotFull : null),
    };
  });
}

/**
 * Takes one seat of a slot, or answers false when it is full: one statement that makes the slot's
 * row on first use (booked 1) or adds one to it only while below the capacity, and row-locks it to
 * the end of the transaction. The capacity in force is written with it, so an edit applies at once.
 */
async function takeSeat(tx: Tx, tenantIdx: number, reservationIdx: number, startsAt: Date, capacity: number): Promise<boolean> {
  const rows = rowsOf<{ booked: number }>(await tx.execute(sql`
    insert into reservation_slots (tenant_idx, reservation_idx, starts_at, capacity, booked)
    values (${tenantIdx}, ${reservationIdx}, ${startsAt.toISOString()}::timestamptz, ${capacity}, 1)
    on conflict (tenant_idx, reservation_idx, starts_at) do update set booked = reservation_slots.booked + 1, capacity = excluded.capacity
    where reservation_slots.booked < excluded.capacity
    returning booked`));
  return rows.length === 1;
}

/** Gives a seat back (never below 0). */
async function freeSeat(tx: Tx, tenantIdx: number, reservationIdx: number, startsAt: Date): Promise<void> {
  await tx.execute(sql`
    update reservation_slots set booked = greatest(booked - 1, 0)
    where tenant_idx = ${tenantIdx} and reservation_idx = ${reservationIdx} and starts_at = ${startsAt.toISOString()}::timestamptz`);
}

type Template = 'RESERVATION_REQUESTED' | 'RESERVATION_CONFIRMED' | 'RESERVATION_CHANGED' | 'RESERVATION_CANCELLED' | 'RESERVATION_REMINDER';
function message(tenantIdx: number, phone: string, templateCode: Template, b: { idx: number; startsAt: Date; partySize: number }, names: { brand: string; reservation: string }, text: string): OutboundMessage {
  return {
    tenantIdx, channel: 'ALIMTALK', templateCode, countryCode: DEFAULT_COUNTRY_CODE, phone,
    variables: { brandName: names.brand, reservationName: names.reservation, when: bookingWhen(b.startsAt), partySize: String(b.partySize), text },
    refType: 'reservation_booking', refIdx: b.idx,
  };
}

async function phoneOf(db: Exec, tenantIdx: number, customerIdx: number): Promise<string> {
  const [c] = await db.select({ phone: customers.phone }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, customerIdx)));
  return c.phone;
}

const slotFull = () => new ApiError(409, 'SLOT_FULL', RESERVATION_MSG.slotFull, { startsAt: RESERVATION_MSG.slotFull });
const refused = (message: string, field = 'startsAt') => new ApiError(409, 'CONFLICT', message, { [field]: message });
const illegal = (message: string) => new ApiError(409, 'ILLEGAL_TRANSITION', message);

export interface BookInput {
  customerIdx: number; startsAt: Date; partySize: number; agreeMarketing: 'Y' | 'N';
  card?: { cardNumber: string; expiry: string; password: string; birth: string };
}

/**
 * A guest's booking. The checks that need no lock first (the policy, the party, the card when a
 * deposit is due); then one transaction: the seat (409 SLOT_FULL when none is left), the booking
 * (one live per customer and slot) and, without a deposit, its 알림톡. A deposit is charged after
 * the seat is taken, with the booking's id as the provider's order id and idempotency key; a
 * refused charge cancels the booking and frees the seat in a second transaction.
 */
export async function book(deps: Deps, tenant: { tenantIdx: number; brandName: string }, reservationIdx: number, input: BookInput, now: Date): Promise<number> {
  const { db } = deps;
  const { tenantIdx } = tenant;
  const [r, [customer]] = await Promise.all([
    reservationOf(db, tenantIdx, reservationIdx),
    db.select({ phone: customers.phone, agreeMarketing: customers.agreeMarketing }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, input.customerIdx))),
  ]);
  const rules = rulesOf(r);
  const party = partySizeRefusal(rules, input.partySize);
  if (party) throw validationFailed({ partySize: party });
  const refusal = bookingRefusal(rules, input.startsAt.getTime(), now.getTime());
  if (refusal) throw refused(refusal);
  const amount = depositOf(rules, input.partySize);
  if (amount > 0 && !input.card) throw validationFailed({ card: RESERVATION_MSG.cardRequired });
  const status: BookingStatus = rules.autoConfirm === 'Y' ? 'confirmed' : 'requested';
  const names = { brand: tenant.brandName, reservation: r.name as string };
  const notify = (tx: Exec, b: { idx: number; startsAt: Date; partySize: number }) => {
    const when = bookingWhen(b.startsAt);
    const text = status === 'confirmed' ? RESERVATION_MSG.confirmedText(names.brand, names.reservation, when, b.partySize) : RESERVATION_MSG.requestedText(names.brand, names.reservation, when, b.partySize);
    return deps.messaging.queue([message(tenantIdx, customer.phone, status === 'confirmed' ? 'RESERVATION_CONFIRMED' : 'RESERVATION_REQUESTED', b, names, text)], tx);
  };
  let idx: number;
  try {
    idx = await db.transaction(async (tx) => {
      if (!(await takeSeat(tx, tenantIdx, reservationIdx, input.startsAt, rules.slotCapacity))) throw slotFull();
      const [row] = await tx.insert(reservationBookings).values({
        tenantIdx, reservationIdx, customerIdx: input.customerIdx, startsAt: input.startsAt, partySize: input.partySize, status,
        agreeMarketing: input.agreeMarketing, depositAmount: amount, depositStatus: amount > 0 ? 'pending' : 'none',
        confirmedAt: status === 'confirmed' ? now : null, createdAt: now, updatedAt: now,
      }).returning({ idx: reservationBookings.idx });
      if (amount === 0) await notify(tx, { idx: row.idx, startsAt: input.startsAt, partySize: input.partySize });
      return row.idx;
    });
  } catch (err) {
    if (isUniqueViolationOf(err, 'reservation_bookings_one_live')) throw conflict('CONFLICT', 'startsAt', RESERVATION_MSG.alreadyBooked);
    throw err;
  }
  if (amount > 0) {
    const key = `resv-${tenantIdx}-${idx}`;
    let paymentKey: string;
    try {
      const card = input.card!;
      const customerKey = `resv_${tenantIdx}_${input.customerIdx}`;
      const issued = await deps.billing.issueBillingKey(customerKey, {
        cardNumber: card.cardNumber, cardExpirationMonth: card.expiry.slice(0, 2), cardExpirationYear: card.expiry.slice(-2), cardPassword: card.password, customerIdentityNumber: card.birth,
      });
      paymentKey = (await deps.billing.charge({ billingKey: issued.billingKey, customerKey, amount, orderId: key, orderName: `${names.reservation} 예약금`, idempotencyKey: key })).paymentKey;
    } catch (err) {
      await db.transaction(async (tx) => {
        const [undone] = await tx.update(reservationBookings).set({ status: 'cancelled', cancelBy: 'policy', cancelledAt: now, updatedAt: now, depositStatus: 'none' })
          .where(and(theBooking(tenantIdx, idx), live, eq(reservationBookings.startsAt, input.startsAt))).returning({ idx: reservationBookings.idx });
        if (undone) await freeSeat(tx, tenantIdx, reservationIdx, input.startsAt);
      });
      if (err instanceof BillingError && err.kind === 'DECLINED') throw new ApiError(400, 'PAYMENT_DECLINED', err.message || RESERVATION_MSG.paymentFailed, { card: err.message || RESERVATION_MSG.paymentFailed });
      if (err instanceof BillingError) throw new ApiError(502, 'PAYMENT_FAILED', RESERVATION_MSG.paymentFailed);
      throw err;
    }
    await db.transaction(async (tx) => {
      await tx.update(reservationBookings).set({ depositStatus: 'paid', paymentKey, updatedAt: now }).where(theBooking(tenantIdx, idx));
      await notify(tx, { idx, startsAt: input.startsAt, partySize: input.partySize });
    });
  }
  if (input.agreeMarketing === 'Y' && customer.agreeMarketing !== 'Y') {
    await db.update(customers).set({ agreeMarketing: 'Y', agreeMarketingAt: now, updatedAt: now })
      .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, input.customerIdx), eq(customers.agreeMarketing, 'N')));
  }
  return idx;
}

async function bookingOf(db: Exec, tenantIdx: number, reservationIdx: number, bookingIdx: number, customerIdx?: number): Promise<BookingRow> {
  const [b] = await db.select().from(reservationBookings).where(and(
    theBooking(tenantIdx, bookingIdx), eq(reservationBookings.reservationIdx, reservationIdx),
    customerIdx === undefined ? undefined : eq(reservationBookings.customerIdx, customerIdx),
  ));
  if (!b) throw notFound(RESERVATION_MSG.bookingNotFound);
  return b;
}

/**
 * A guest moves a booking to another slot: only before freeCancelHours, to a slot the policy allows
 * with a seat left. One transaction: the booking's row (conditional on it being live at its slot),
 * then both slots' counters in start order (free the old, take the new).
 */
export async function changeBooking(deps: Deps, tenant: { tenantIdx: number; brandName: string }, reservationIdx: number, customerIdx: number, bookingIdx: number, to: Date, now: Date) {
  const { db } = deps;
  const { tenantIdx } = tenant;
  const [r, b] = await Promise.all([reservationOf(db, tenantIdx, reservationIdx), bookingOf(db, tenantIdx, reservationIdx, bookingIdx, customerIdx)]);
  const rules = rulesOf(r);
  const next = nextBooking(rules, { status: b.status, startsAt: b.startsAt.getTime() }, 'change', now.getTime());
  if ('refused' in next) throw illegal(next.refused);
  if (to.getTime() === b.startsAt.getTime()) throw refused(RESERVATION_MSG.sameSlot);
  const refusal = bookingRefusal(rules, to.getTime(), now.getTime());
  if (refusal) throw refused(refusal);
  try {
    await db.transaction(async (tx) => {
      const [moved] = await tx.update(reservationBookings).set({ startsAt: to, remindedAt: null, updatedAt: now })
        .where(and(theBooking(tenantIdx, bookingIdx), live, eq(reservationBookings.startsAt, b.startsAt))).returning();
      if (!moved) throw illegal(RESERVATION_MSG.moveRefused);
      const [first, second] = to < b.startsAt ? [to, b.startsAt] : [b.startsAt, to];
      for (const at of [first, second]) {
        if (at.getTime() === b.startsAt.getTime()) await freeSeat(tx, tenantIdx, reservationIdx, at);
        else if (!(await takeSeat(tx, tenantIdx, reservationIdx, at, rules.slotCapacity))) throw slotFull();
      }
      const names = { brand: tenant.brandName, reservation: r.name as string };
      await deps.messaging.queue([message(tenantIdx, await phoneOf(tx, tenantIdx, customerIdx), 'RESERVATION_CHANGED', moved, names,
        RESERVATION_MSG.changedText(names.brand, names.reservation, bookingWhen(to), moved.partySize))], tx);
    });
  } catch (err) {
    if (isUniqueViolationOf(err, 'reservation_bookings_one_live')) throw conflict('CONFLICT', 'startsAt', RESERVATION_MSG.alreadyBooked);
    throw err;
  }
}

/**
 * Moves a booking by the state machine: one conditional UPDATE on the status and slot as read (a
 * second move, or a change, at once finds it changed: 409, so a seat is never given back twice or to
 * the wrong slot), the seat given back on a cancel and the 알림톡 of a confirm
 * or a cancel, in one transaction; then a deposit to refund is refunded through the billing
 * provider (the booking's id as its idempotency key), its outcome recorded on the booking.
 */
async function applyMove(deps: Deps, tenantIdx: number, r: ReservationRow, b: BookingRow, action: BookingAction, by: CancelBy | null, now: Date) {
  const next = nextBooking(rulesOf(r), { status: b.status, startsAt: b.startsAt.getTime() }, action, now.getTime());
  if ('refused' in next) throw illegal(next.refused);
  const paid = b.depositStatus === 'paid';
  const refund = paid && next.deposit === 'refund';
  const deposit: DepositStatus = paid && next.deposit === 'keep' ? 'kept' : b.depositStatus;
  const moved = await deps.db.transaction(async (tx) => {
    const [done] = await tx.update(reservationBookings).set({
      status: next.status, updatedAt: now, depositStatus: deposit,
      ...(next.status === 'confirmed' ? { confirmedAt: now } : {}),
      ...(next.status === 'visited' ? { visitedAt: now } : {}),
      ...(next.status === 'cancelled' ? { cancelledAt: now, cancelBy: by } : {}),
    }).where(and(theBooking(tenantIdx, b.idx), eq(reservationBookings.status, b.status), eq(reservationBookings.startsAt, b.startsAt))).returning();
    if (!done) throw illegal(RESERVATION_MSG.moveRefused);
    if (next.status === 'cancelled') await freeSeat(tx, tenantIdx, r.idx, b.startsAt);
    if (next.status === 'confirmed' || next.status === 'cancelled') {
      const names = { brand: await brandNameOf(tx, tenantIdx), reservation: r.name as string };
      const when = bookingWhen(b.startsAt);
      const note = refund ? RESERVATION_MSG.refundNote(b.depositAmount) : deposit === 'kept' ? RESERVATION_MSG.keptNote(b.depositAmount) : '';
      const text = next.status === 'confirmed' ? RESERVATION_MSG.confirmedText(names.brand, names.reservation, when, b.partySize) : RESERVATION_MSG.cancelledText(names.brand, names.reservation, when, note);
      await deps.messaging.queue([message(tenantIdx, await phoneOf(tx, tenantIdx, b.customerIdx), next.status === 'confirmed' ? 'RESERVATION_CONFIRMED' : 'RESERVATION_CANCELLED', b, names, text)], tx);
    }
    return done;
  });
  if (refund && b.paymentKey) {
    let outcome: DepositStatus = 'refunded';
    try {
      await deps.billing.refund({ paymentKey: b.paymentKey, amount: b.depositAmount, reason: '예약 취소', idempotencyKey: `resv-refund-${tenantIdx}-${b.idx}` });
    } catch {
      outcome = 'refundFailed';
    }
    await deps.db.update(reservationBookings).set({ depositStatus: outcome }).where(theBooking(tenantIdx, b.idx));
    moved.depositStatus = outcome;
  }
  return moved;
}

/** The guest cancels: before the time; the deposit refunded only before freeCancelHours. */
export async function guestCancelBooking(deps: Deps, tenantIdx: number, reservationIdx: number, customerIdx: number, bookingIdx: number, now: Date) {
  const [r, b] = await Promise.all([reservationOf(deps.db, tenantIdx, reservationIdx), bookingOf(deps.db, tenantIdx, reservationIdx, bookingIdx, customerIdx)]);
  await applyMove(deps, tenantIdx, r, b, 'guestCancel', 'guest', now);
}

/** A staff move: confirm, visit, noShow (deposit kept), cancel (deposit refunded). */
export async function staffMoveBooking(deps: Deps, tenantIdx: number, reservationIdx: number, bookingIdx: number, action: StaffAction, now: Date) {
  const [r, b] = await Promise.all([reservationOf(deps.db, tenantIdx, reservationIdx), bookingOf(deps.db, tenantIdx, reservationIdx, bookingIdx)]);
  const moved = await applyMove(deps, tenantIdx, r, b, action, action === 'cancel' ? 'staff' : null, now);
  return { idx: moved.idx, status: moved.status, depositStatus: moved.depositStatus };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A booking as the guest sees it, with what the policy lets them do now. */
function guestView(rules: ReservationRules, b: BookingRow, now: Date) {
  const t = now.getTime();
  const change = nextBooking(rules, { status: b.status, startsAt: b.startsAt.getTime() }, 'change', t);
  const cancel = nextBooking(rules, { status: b.status, startsAt: b.startsAt.getTime() }, 'guestCancel', t);
  return {
    idx: b.idx, startsAt: b.startsAt.toISOString(), when: bookingWhen(b.startsAt), partySize: b.partySize, status: b.status, cancelBy: b.cancelBy,
    depositAmount: b.depositAmount, depositStatus: b.depositStatus, freeCancelUntil: new Date(freeCancelUntil(rules, b.startsAt.getTime())).toISOString(),
    canChange: !('refused' in change), canCancel: !('refused' in cancel), refundOnCancel: !('refused' in cancel) && cancel.deposit === 'refund' && b.depositAmount > 0,
  };
}

/** The guest's bookings in the reservation: live ones first (soonest first), then the last 10 others. */
export async function guestBookings(db: Db, tenantIdx: number, reservationIdx: number, customerIdx: number, now: Date) {
  const [r, rows] = await Promise.all([
    reservationOf(db, tenantIdx, reservationIdx),
    db.select().from(reservationBookings)
      .where(and(eq(reservationBookings.tenantIdx, tenantIdx), eq(reservationBookings.reservationIdx, reservationIdx), eq(reservationBookings.customerIdx, customerIdx)))
      .orderBy(desc(reservationBookings.idx)).limit(50),
  ]);
  const rules = rulesOf(r);
  const isLive = (b: BookingRow) => LIVE_STATUSES.includes(b.status);
  const liveOnes = rows.filter(isLive).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return [...liveOnes, ...rows.filter((b) => !isLive(b)).slice(0, 10)].map((b) => guestView(rules, b, now));
}

/** The staff's view of a Seoul day: its slots with seats, the bookings by time, counts by status. */
export async function staffDay(db: Db, tenantIdx: number, reservationIdx: number, day: string, now: Date) {
  const r = await reservationOf(db, tenantIdx, reservationIdx);
  const rules = rulesOf(r);
  const [slots, rows] = await Promise.all([
    daySlots(db, r, day, now),
    db.select({
      idx: reservationBookings.idx, startsAt: reservationBookings.startsAt, partySize: reservationBookings.partySize, status: reservationBookings.status,
      cancelBy: reservationBookings.cancelBy, depositAmount: reservationBookings.depositAmount, depositStatus: reservationBookings.depositStatus,
      agreeMarketing: reservationBookings.agreeMarketing, remindedAt: reservationBookings.remindedAt, createdAt: reservationBookings.createdAt,
      customerName: customers.name, phone: customers.phone,
    }).from(reservationBookings)
      .innerJoin(customers, and(eq(customers.tenantIdx, reservationBookings.tenantIdx), eq(customers.idx, reservationBookings.customerIdx)))
      .where(and(eq(reservationBookings.tenantIdx, tenantIdx), eq(reservationBookings.reservationIdx, reservationIdx),
        gte(reservationBookings.startsAt, seoulDayStart(day)), lt(reservationBookings.startsAt, seoulDayEnd(day))))
      .orderBy(asc(reservationBookings.startsAt), asc(reservationBookings.idx)).limit(1000),
  ]);
  const counts = Object.fromEntries(['requested', 'confirmed', 'visited', 'noShow', 'cancelled'].map((s) => [s, rows.filter((b) => b.status === s).length]));
  return {
    reservation: { idx: r.idx, name: r.name, status: reservationStatusOn(rules, seoulToday(now)), autoConfirm: rules.autoConfirm, deposit: rules.deposit, slotCapacity: rules.slotCapacity },
    date: day, open: isOpenDay(rules, day), slots: slots.map(({ refusal: _r, ...s }) => s), counts,
    list: rows.map((b) => ({
      idx: b.idx, startsAt: b.startsAt.toISOString(), time: seoulDateTime(b.startsAt).slice(11, 16), when: bookingWhen(b.startsAt), partySize: b.partySize,
      status: b.status, cancelBy: b.cancelBy, depositAmount: b.depositAmount, depositStatus: b.depositStatus, agreeMarketing: b.agreeMarketing,
      customerName: b.customerName, phoneMasked: maskPhone(b.phone), remindedAt: iso(b.remindedAt), createdAt: iso(b.createdAt),
      noShowAllowed: now.getTime() >= b.startsAt.getTime(),
    })),
  };
}

export const REMINDER_BATCH = 200;

/**
 * The reminder job's batch (server/jobs/reservationReminders.ts): from 10:00 Seoul, claims confirmed
 * bookings of the next Seoul day not yet reminded, of reservations with the reminder on
 * (`FOR UPDATE … SKIP LOCKED`, so processes running it at once take different rows), sets
 * `reminded_at` and queues each guest's 알림톡 in the same transaction. Answers how many.
 */
export async function sendReminders(db: Db, messaging: MessagingProvider, now: Date): Promise<number> {
  const window = reminderWindow(now.getTime());
  if (!window) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ tenantIdx: number; idx: number; reservationIdx: number; customerIdx: number; startsAt: Date | string; partySize: number }>(await tx.execute(sql`
      with due as (
        select b.tenant_idx, b.idx from reservation_bookings b
        join reservations r on r.tenant_idx = b.tenant_idx and r.idx = b.reservation_idx
        where b.status = 'confirmed' and b.reminded_at is null and r.reminder = 'Y'
          and b.starts_at >= ${window.from.toISOString()}::timestamptz and b.starts_at < ${window.to.toISOString()}::timestamptz
        order by b.starts_at
        limit ${REMINDER_BATCH}
        for update of b skip locked
      )
      update reservation_bookings b set reminded_at = ${at}
      from due where b.tenant_idx = due.tenant_idx and b.idx = due.idx and b.status = 'confirmed' and b.reminded_at is null
      returning b.tenant_idx as "tenantIdx", b.idx, b.reservation_idx as "reservationIdx", b.customer_idx as "customerIdx", b.starts_at as "startsAt", b.party_size as "partySize"`));
    const messages: OutboundMessage[] = [];
    const brands = new Map<number, string>();
    for (const row of rows) {
      const tenantIdx = Number(row.tenantIdx);
      if (!brands.has(tenantIdx)) brands.set(tenantIdx, await brandNameOf(tx, tenantIdx));
      const r = await reservationOf(tx, tenantIdx, Number(row.reservationIdx));
      const b = { idx: Number(row.idx), startsAt: new Date(row.startsAt), partySize: Number(row.partySize) };
      const names = { brand: brands.get(tenantIdx)!, reservation: r.name as string };
      messages.push(message(tenantIdx, await phoneOf(tx, tenantIdx, Number(row.customerIdx)), 'RESERVATION_REMINDER', b, names,
        RESERVATION_MSG.reminderText(names.brand, names.reservation, seoulDateTime(b.startsAt).slice(11, 16), b.partySize)));
    }
    if (messages.length) await messaging.queue(messages, tx);
    return rows.length;
  });
}

/** The Seoul day asked for, or today. */
export const dayOr = (date: string | undefined, now: Date) => (date ? date : seoulDate(now));
