import {
  RESERVATION_MSG, bookingRefusal, bookingWhen, depositOf, guestBookSchema, isSlot, nextBooking, partySizeRefusal, reminderWindow, reservationErrors,
  slotMinutesOf, slotsOfDay, type ReservationRules,
} from './reservation';
import { reservationGuestOfPath } from './reservationPath';
import { resolveEntry } from '../entry';

const ALL_DAYS = { mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y' } as const;
/** 11:00–21:00 in 90-minute slots, 2026-11-20..12-31, closed on Mondays. */
const rules: ReservationRules = {
  startAt: '2026-11-20', endAt: '2026-12-31', ...ALL_DAYS, mon: 'N', openTime: 660, closeTime: 1260, slotMinutes: 90, slotCapacity: 4,
  partyMin: 2, partyMax: 6, opensDaysAhead: 14, closesHoursBefore: 2, freeCancelHours: 24, autoConfirm: 'Y', deposit: 10_000, reminder: 'Y',
};
/** An instant at hh:mm Seoul on a day (2026-11-22 is a Sunday). */
const at = (hhmm: string, day = '2026-11-22') => Date.parse(`${day}T${hhmm}:00+09:00`);
const HOUR = 3_600_000;

describe('reservation rules', () => {
  it('checks the form across fields: period, weekday, hours fitting a slot, party min ≤ max, the required policy numbers', () => {
    const ok = { ...rules };
    expect(reservationErrors(ok)).toEqual({});
    expect(reservationErrors({ ...ok, startAt: '2026-12-02', endAt: '2026-12-01' }).endAt).toBe(RESERVATION_MSG.periodOrder);
    expect(reservationErrors({ ...ok, ...Object.fromEntries(Object.keys(ALL_DAYS).map((d) => [d, 'N'])) }).mon).toBe(RESERVATION_MSG.weekdayRequired);
    expect(reservationErrors({ ...ok, openTime: 600, closeTime: 600 }).closeTime).toBe(RESERVATION_MSG.timeOrder);
    expect(reservationErrors({ ...ok, openTime: 600, closeTime: 660, slotMinutes: 90 }).closeTime).toBe(RESERVATION_MSG.hoursTooShort);
    expect(reservationErrors({ ...ok, partyMin: 4, partyMax: 3 }).partyMax).toBe(RESERVATION_MSG.partyOrder);
    expect(reservationErrors({ ...ok, slotCapacity: null, freeCancelHours: undefined })).toEqual({
      slotCapacity: RESERVATION_MSG.slotCapacityInvalid, freeCancelHours: RESERVATION_MSG.freeCancelHoursInvalid,
    });
    // 0 hours is a value (closes at the time), not a missing one.
    expect(reservationErrors({ ...ok, closesHoursBefore: 0, freeCancelHours: 0 })).toEqual({});
  });

  it('lays out the slots of a day from the opening, each ending by the closing, none on a closed weekday or outside the period', () => {
    expect(slotMinutesOf(rules)).toEqual([660, 750, 840, 930, 1020, 1110]);
    expect(slotsOfDay(rules, '2026-11-22').map((d) => d.toISOString())).toContain('2026-11-22T02:00:00.000Z');
    expect(slotsOfDay(rules, '2026-11-23')).toEqual([]); // Monday
    expect(slotsOfDay(rules, '2027-01-01')).toEqual([]);
    expect(isSlot(rules, at('12:30', '2026-11-24'))).toBe(true);
    expect(isSlot(rules, at('12:00', '2026-11-24'))).toBe(false);
    expect(isSlot(rules, at('12:30', '2026-11-24') + 1000)).toBe(false);
  });

  it('refuses a booking outside the slots, closer than closesHoursBefore or past, and further ahead than opensDaysAhead', () => {
    const now = at('10:00');
    expect(bookingRefusal(rules, at('12:30', '2026-11-24'), now)).toBeNull();
    expect(bookingRefusal(rules, at('12:00', '2026-11-24'), now)).toBe(RESERVATION_MSG.slotInvalid);
    expect(bookingRefusal(rules, at('11:00'), now)).toBe(RESERVATION_MSG.closedBefore(2));
    expect(bookingRefusal(rules, at('12:30'), now)).toBeNull(); // 2.5 hours ahead
    expect(bookingRefusal(rules, at('12:30'), at('10:31'))).toBe(RESERVATION_MSG.closedBefore(2));
    expect(bookingRefusal({ ...rules, closesHoursBefore: 0 }, at('11:00'), at('11:00'))).toBe(RESERVATION_MSG.closedBefore(0));
  });

  it('opens bookings opensDaysAhead Seoul days ahead and takes the party within min and max', () => {
    const now = at('10:00');
    expect(bookingRefusal(rules, at('11:00', '2026-12-06'), now)).toBeNull();
    expect(bookingRefusal(rules, at('11:00', '2026-12-08'), now)).toBe(RESERVATION_MSG.notOpenYet(14));
    expect(partySizeRefusal(rules, 2)).toBeNull();
    expect(partySizeRefusal(rules, 6)).toBeNull();
    expect([1, 7, 2.5].map((n) => partySizeRefusal(rules, n))).toEqual(Array(3).fill(RESERVATION_MSG.partySizeInvalid(2, 6)));
    expect(depositOf(rules, 3)).toBe(30_000);
    expect(depositOf({ deposit: null }, 3)).toBe(0);
  });

  it('moves bookings by the state machine, refunding before freeCancelHours and keeping after it or on a no-show', () => {
    const startsAt = at('18:30', '2026-11-25');
    const b = { status: 'confirmed' as const, startsAt };
    expect(nextBooking(rules, { status: 'requested', startsAt }, 'confirm', at('10:00'))).toEqual({ status: 'confirmed', deposit: 'hold' });
    expect(nextBooking(rules, b, 'confirm', at('10:00'))).toEqual({ refused: RESERVATION_MSG.moveRefused });
    // Guest: before the free window, refund and change; after it, cancel without refund and no change; after the time, neither.
    expect(nextBooking(rules, b, 'guestCancel', startsAt - 25 * HOUR)).toEqual({ status: 'cancelled', deposit: 'refund' });
    expect(nextBooking(rules, b, 'change', startsAt - 25 * HOUR)).toEqual({ status: 'confirmed', deposit: 'hold' });
    expect(nextBooking(rules, b, 'guestCancel', startsAt - 23 * HOUR)).toEqual({ status: 'cancelled', deposit: 'keep' });
    expect(nextBooking(rules, b, 'change', startsAt - 24 * HOUR)).toEqual({ refused: RESERVATION_MSG.changeClosed(24) });
    expect(nextBooking(rules, b, 'guestCancel', startsAt)).toEqual({ refused: RESERVATION_MSG.pastBooking });
    // Staff: a cancel refunds; a no-show only once the time has come, deposit kept.
    expect(nextBooking(rules, b, 'cancel', startsAt + HOUR)).toEqual({ status: 'cancelled', deposit: 'refund' });
    expect(nextBooking(rules, b, 'noShow', startsAt - 1)).toEqual({ refused: RESERVATION_MSG.noShowTooEarly });
    expect(nextBooking(rules, b, 'noShow', startsAt)).toEqual({ status: 'noShow', deposit: 'keep' });
    expect(nextBooking(rules, b, 'visit', startsAt)).toEqual({ status: 'visited', deposit: 'hold' });
    for (const done of ['visited', 'noShow', 'cancelled'] as const) {
      for (const action of ['confirm', 'visit', 'noShow', 'cancel', 'guestCancel', 'change'] as const) {
        expect(nextBooking(rules, { status: done, startsAt }, action, startsAt - 48 * HOUR)).toEqual({ refused: RESERVATION_MSG.moveRefused });
      }
    }
  });

  it('reminds from 10:00 Seoul the day before: the next Seoul day window', () => {
    expect(reminderWindow(at('09:59'))).toBeNull();
    expect(reminderWindow(at('10:00'))).toEqual({ from: new Date('2026-11-22T15:00:00Z'), to: new Date('2026-11-23T15:00:00Z') });
    expect(reminderWindow(at('23:59'))!.from.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(bookingWhen(at('18:30', '2026-11-25'))).toBe('11월 25일 (수) 18:30');
  });

  it("checks the guest's booking body: consent, party, instant, and the card's shape", () => {
    const body = { startsAt: new Date(at('18:30', '2026-11-25')).toISOString(), partySize: 2, agreePrivacy: 'Y' };
    expect(guestBookSchema.validateSync(body)).toMatchObject({ partySize: 2, agreeMarketing: 'N' });
    const errorOf = (extra: Record<string, unknown>) => { try { guestBookSchema.validateSync({ ...body, ...extra }); return null; } catch (e) { return (e as Error).message; } };
    expect(errorOf({ agreePrivacy: 'N' })).toBe(RESERVATION_MSG.privacyRequired);
    expect(errorOf({ startsAt: 'tomorrow' })).toBe(RESERVATION_MSG.startsAtInvalid);
    expect(errorOf({ card: { cardNumber: '4242 4242 4242 4242', expiry: '12/29', password: '00', birth: '900101' } })).toBeNull();
    expect(errorOf({ card: { cardNumber: '4242', expiry: '12/29', password: '00', birth: '900101' } })).toBe(RESERVATION_MSG.cardNumberInvalid);
    expect(errorOf({ card: { cardNumber: '4242424242424242', expiry: '13/29', password: '00', birth: '900101' } })).toBe(RESERVATION_MSG.cardExpiryInvalid);
  });

  it("opens the guest's page as its own light app at /reservation/{key}/{idx}, whatever the partner session", () => {
    expect(reservationGuestOfPath('/reservation/abcdefghijkl/12')).toEqual({ loungeKey: 'abcdefghijkl', reservationIdx: 12 });
    expect(reservationGuestOfPath('/reservation/ABC/12')).toBeNull();
    expect(resolveEntry('/reservation/abcdefghijkl/12/', '', 'none')).toEqual({ app: 'reservation', loungeKey: 'abcdefghijkl', reservationIdx: 12 });
  });
});
