import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { RESERVATION_MSG } from '../../../src/domain/reservation';
import { SANDBOX_CARDS, type sandboxBilling } from '../../providers/billing';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { storeGuests } from '../../../tests/helpers/storeGuests';
import { sessionOf as demoSession } from '../../../tests/helpers/accounts';
import { recordingMessaging } from '../../../tests/helpers/messaging';
import { customers, messageOutbox, reservationBookings, reservationSlots } from '../../db/schema';
import { ensureLoungeKey } from '../lounge/service';
import { runReservationReminderJob } from '../../jobs/reservationReminders';

const URL = '/api/waiting/v1/reservation';
const G = '/api/waiting/v1/public/reservation';
const HOUR = 3_600_000;
const recorder = recordingMessaging();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, messaging: recorder.messaging });
});
afterAll(() => t.close());

const sessionOf = (email: string) => demoSession(t, email);
const today = () => seoulToday(t.clock.now());
/** A slot's instant: hh:00 Seoul, `days` after today. */
const slot = (days: number, hh: number) => new Date(`${addDays(today(), days)}T${String(hh).padStart(2, '0')}:00:00+09:00`).toISOString();
const body = (extra: Record<string, unknown> = {}) => ({
  name: '성수 오마카세', startAt: addDays(today(), -1), endAt: addDays(today(), 60), address: '서울 성동구 연무장길 1',
  mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', openTime: 600, closeTime: 1320, slotMinutes: 60, slotCapacity: 3,
  partyMin: 1, partyMax: 6, opensDaysAhead: 14, closesHoursBefore: 1, freeCancelHours: 24, autoConfirm: 'Y', deposit: null, reminder: 'Y', ...extra,
});

const { newPhone, newIp, guestOf, guestCall } = storeGuests(() => t, { base: G, phonePrefix: '0107', subnet: '10.3', name: '예약 손님' });

async function newReservation(email = 'brand@demo.test', extra: Record<string, unknown> = {}) {
  const { call, tenantIdx } = await sessionOf(email);
  const res = await call({ method: 'POST', url: URL, payload: body(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return { call, tenantIdx, r: res.json().data as { idx: number; status: string }, key: await ensureLoungeKey(t.database.db, tenantIdx) };
}
const book = (key: string, idx: number, token: string, startsAt: string, extra: Record<string, unknown> = {}) =>
  guestCall(key, idx, token)({ method: 'POST', url: '/book', payload: { startsAt, partySize: 2, agreePrivacy: 'Y', ...extra } });
async function slotRow(tenantIdx: number, reservationIdx: number, startsAt: string) {
  const [row] = await t.database.db.select().from(reservationSlots)
    .where(and(eq(reservationSlots.tenantIdx, tenantIdx), eq(reservationSlots.reservationIdx, reservationIdx), eq(reservationSlots.startsAt, new Date(startsAt))));
  return row ?? { booked: 0 };
}
/** Moves the test clock forward to the next hh:00 Seoul. */
function advanceToSeoulHour(hh: number) {
  const now = t.clock.now().getTime();
  let target = Date.parse(`${today()}T${String(hh).padStart(2, '0')}:00:00+09:00`);
  if (target <= now) target += 24 * HOUR;
  t.clock.set(new Date(target));
}

describe(`reservations (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('declares reservations: CRUD with the status by day, the spec list query, every form rule naming its field', async () => {
    const { call, r } = await newReservation();
    expect(r.status).toBe('progress');
    const ready = (await call({ method: 'POST', url: URL, payload: body({ name: '다음 달 코스', startAt: addDays(today(), 30), endAt: addDays(today(), 31) }) })).json().data;
    expect(ready.status).toBe('ready');
    const list = await call({ method: 'GET', url: `${URL}?page=1&pageSize=1000&startDate=2000-01-01&endDate=9999-12-31&searchText=오마카세` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((x: { idx: number }) => x.idx)).toContain(r.idx);
    expect(list.json().data.list.map((x: { idx: number }) => x.idx)).not.toContain(ready.idx);
    const edited = await call({ method: 'PATCH', url: `${URL}/${ready.idx}`, payload: body({ name: '다음 달 코스 (수정)', startAt: addDays(today(), 30), endAt: addDays(today(), 31), deposit: 5000 }) });
    expect(edited.json().data).toMatchObject({ name: '다음 달 코스 (수정)', status: 'ready', deposit: 5000 });
    expect((await call({ method: 'DELETE', url: `${URL}/${ready.idx}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `${URL}/${ready.idx}` })).json().message).toBe(RESERVATION_MSG.notFound);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', RESERVATION_MSG.nameRequired],
      [{ startAt: addDays(today(), 2), endAt: addDays(today(), 1) }, 'endAt', RESERVATION_MSG.periodOrder],
      [{ mon: 'N', tue: 'N', wed: 'N', thu: 'N', fri: 'N', sat: 'N', sun: 'N' }, 'mon', RESERVATION_MSG.weekdayRequired],
      [{ openTime: 600, closeTime: 630 }, 'closeTime', RESERVATION_MSG.hoursTooShort],
      [{ slotMinutes: 45 }, 'slotMinutes', RESERVATION_MSG.slotMinutesInvalid],
      [{ slotCapacity: 1000 }, 'slotCapacity', RESERVATION_MSG.slotCapacityInvalid],
      [{ slotCapacity: null }, 'slotCapacity', RESERVATION_MSG.slotCapacityInvalid],
      [{ partyMin: 4, partyMax: 2 }, 'partyMax', RESERVATION_MSG.partyOrder],
      [{ opensDaysAhead: 91 }, 'opensDaysAhead', RESERVATION_MSG.opensDaysAheadInvalid],
      [{ closesHoursBefore: -1 }, 'closesHoursBefore', RESERVATION_MSG.closesHoursBeforeInvalid],
      [{ freeCancelHours: 169 }, 'freeCancelHours', RESERVATION_MSG.freeCancelHoursInvalid],
      [{ deposit: 500 }, 'deposit', RESERVATION_MSG.depositInvalid],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call({ method: 'POST', url: URL, payload: body(extra) });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('never overbooks: 50 guests at once for the last 3 seats, exactly 3 succeed and 47 get 409 SLOT_FULL', async () => {
    const { call, tenantIdx, r, key } = await newReservation('brand@demo.test', { slotCapacity: 5 });
    const at = slot(2, 19);
    const early = await Promise.all([guestOf(tenantIdx), guestOf(tenantIdx)]);
    for (const g of early) expect((await book(key, r.idx, g.token, at)).statusCode).toBe(200);
    const guests = await Promise.all(Array.from({ length: 50 }, () => guestOf(tenantIdx)));
    const results = await Promise.all(guests.map((g) => book(key, r.idx, g.token, at)));
    const won = results.filter((x) => x.statusCode === 200);
    const lost = results.filter((x) => x.statusCode !== 200);
    expect(won).toHaveLength(3);
    expect(lost.map((x) => [x.statusCode, x.json().code, x.json().message])).toEqual(Array(47).fill([409, 'SLOT_FULL', RESERVATION_MSG.slotFull]));
    expect((await slotRow(tenantIdx, r.idx, at)).booked).toBe(5);
    const day = (await call({ method: 'GET', url: `${URL}/${r.idx}/booking?date=${addDays(today(), 2)}` })).json().data;
    expect(day.list.filter((b: { status: string }) => b.status === 'confirmed')).toHaveLength(5);
    expect(day.slots.find((s: { startsAt: string }) => s.startsAt === at)).toMatchObject({ capacity: 5, booked: 5 });
    const front = (await guestCall(key, r.idx)({ method: 'GET', url: `/slots?date=${addDays(today(), 2)}` })).json().data;
    expect(front.find((s: { startsAt: string }) => s.startsAt === at)).toMatchObject({ left: 0, refusal: RESERVATION_MSG.slotFull });
  });

  it('a guest signs in by the lounge code, books by the policy, staff confirm; changes and cancels follow freeCancelHours', async () => {
    const { call, tenantIdx, r, key } = await newReservation('brand@demo.test', { autoConfirm: 'N', partyMin: 2, partyMax: 4 });
    const phone = newPhone();
    const ip = newIp();
    expect((await t.app.inject({ method: 'GET', url: `${G}/${key}/${r.idx}` })).json().data).toMatchObject({ name: '성수 오마카세', partyMin: 2, partyMax: 4, freeCancelHours: 24, lastDay: addDays(today(), 14) });
    expect((await t.app.inject({ method: 'POST', url: `${G}/${key}/${r.idx}/otp`, payload: { phone }, remoteAddress: ip })).statusCode).toBe(200);
    const code = recorder.sent.filter((m) => m.phone === phone && m.templateCode === 'LOUNGE_OTP').at(-1)!.variables.code;
    const verified = await t.app.inject({ method: 'POST', url: `${G}/${key}/${r.idx}/otp/verify`, payload: { phone, code }, remoteAddress: ip });
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.json().data.token as string;
    const guest = guestCall(key, r.idx, token);
    expect((await guest({ method: 'GET', url: '/me' })).json().data).toEqual([]);

    // The policy: party within 2..4, a real slot, not within an hour, not past 14 days ahead, the consent.
    expect((await book(key, r.idx, token, slot(3, 18), { partySize: 5 })).json().errors.partySize).toBe(RESERVATION_MSG.partySizeInvalid(2, 4));
    expect((await book(key, r.idx, token, slot(3, 18).replace(':00:00', ':30:00'))).json().message).toBe(RESERVATION_MSG.slotInvalid);
    expect((await book(key, r.idx, token, slot(0, 10))).json().message).toBe(RESERVATION_MSG.closedBefore(1));
    expect((await book(key, r.idx, token, slot(15, 18))).json().message).toBe(RESERVATION_MSG.notOpenYet(14));
    expect((await book(key, r.idx, token, slot(3, 18), { agreePrivacy: 'N' })).json().errors.agreePrivacy).toBe(RESERVATION_MSG.privacyRequired);
    const booked = await book(key, r.idx, token, slot(3, 18), { agreeMarketing: 'Y' });
    expect(booked.statusCode, booked.body).toBe(200);
    const mine = booked.json().data[0];
    expect(mine).toMatchObject({ status: 'requested', partySize: 2, canChange: true, canCancel: true, depositAmount: 0 });
    expect((await book(key, r.idx, token, slot(3, 18))).json().message).toBe(RESERVATION_MSG.alreadyBooked);
    expect(recorder.sent.filter((m) => m.phone === phone).map((m) => m.templateCode)).toEqual(['LOUNGE_OTP', 'RESERVATION_REQUESTED']);
    const [c] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.phone, phone)));
    expect([c.agreeMarketing, c.hasWallet]).toEqual(['Y', 'N']);

    // Staff see it on its day and confirm it (once: a second confirm is refused).
    const day = (await call({ method: 'GET', url: `${URL}/${r.idx}/booking?date=${addDays(today(), 3)}` })).json().data;
    expect(day.list).toHaveLength(1);
    expect(day.list[0]).toMatchObject({ idx: mine.idx, status: 'requested', time: '18:00', phoneMasked: expect.stringContaining('****'), noShowAllowed: false });
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'confirm' } })).json().data.status).toBe('confirmed');
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'confirm' } })).json().message).toBe(RESERVATION_MSG.moveRefused);
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'noShow' } })).json().message).toBe(RESERVATION_MSG.noShowTooEarly);
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'seat' } })).statusCode).toBe(400);
    expect(recorder.sent.filter((m) => m.phone === phone).at(-1)).toMatchObject({ channel: 'ALIMTALK', templateCode: 'RESERVATION_CONFIRMED' });

    // Change: to a full slot refused, to the same one refused, to a free one moves both counters.
    const others = await Promise.all([1, 2, 3].map(() => guestOf(tenantIdx)));
    for (const g of others) expect((await book(key, r.idx, g.token, slot(3, 20))).statusCode).toBe(200);
    const change = (to: string) => guest({ method: 'POST', url: `/me/${mine.idx}/change`, payload: { startsAt: to } });
    expect((await change(slot(3, 20))).json().code).toBe('SLOT_FULL');
    expect((await change(slot(3, 18))).json().message).toBe(RESERVATION_MSG.sameSlot);
    const [newAt, laterAt] = [slot(4, 12), slot(4, 14)];
    const moved = await change(newAt);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data[0]).toMatchObject({ idx: mine.idx, startsAt: newAt, status: 'confirmed' });
    expect([(await slotRow(tenantIdx, r.idx, slot(3, 18))).booked, (await slotRow(tenantIdx, r.idx, newAt)).booked, (await slotRow(tenantIdx, r.idx, slot(3, 20))).booked]).toEqual([0, 1, 3]);
    expect(recorder.sent.filter((m) => m.phone === phone).at(-1)!.templateCode).toBe('RESERVATION_CHANGED');

    // Within 24 hours of the time: no change; a cancel is still allowed (the seat comes back).
    t.clock.set(new Date(Date.parse(newAt) - 23 * HOUR));
    expect((await change(laterAt)).json().message).toBe(RESERVATION_MSG.changeClosed(24));
    const cancelled = await guest({ method: 'POST', url: `/me/${mine.idx}/cancel` });
    expect(cancelled.json().data[0]).toMatchObject({ idx: mine.idx, status: 'cancelled', cancelBy: 'guest', canCancel: false });
    expect((await slotRow(tenantIdx, r.idx, newAt)).booked).toBe(0);
    expect((await guest({ method: 'POST', url: `/me/${mine.idx}/cancel` })).json().message).toBe(RESERVATION_MSG.moveRefused);
  });

  it('charges a deposit per person, refunds it in full before freeCancelHours or on a staff cancel, keeps it after or on a no-show; a declined card frees the seat', async () => {
    const { tenantIdx, r, key } = await newReservation('brand@demo.test', { deposit: 10_000, slotCapacity: 1 });
    // A fresh staff session after the clock moves (a session expires on the server's clock).
    const call = async (opts: InjectOptions) => (await sessionOf('brand@demo.test')).call(opts);
    const sandbox = t.app.billing as ReturnType<typeof sandboxBilling>;
    const card = (cardNumber: string = SANDBOX_CARDS.approve) => ({ cardNumber, expiry: '12/29', password: '00', birth: '900101' });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => guestOf(tenantIdx)));
    expect((await book(key, r.idx, a.token, slot(5, 18))).json().errors.card).toBe(RESERVATION_MSG.cardRequired);
    const declined = await book(key, r.idx, a.token, slot(5, 18), { card: card(SANDBOX_CARDS.decline) });
    expect([declined.statusCode, declined.json().code]).toEqual([400, 'PAYMENT_DECLINED']);
    expect((await slotRow(tenantIdx, r.idx, slot(5, 18))).booked).toBe(0);

    // A pays 20,000 (2 people) and cancels two days ahead: refunded in full.
    const paid = (await book(key, r.idx, a.token, slot(5, 18), { card: card() })).json().data[0];
    expect(paid).toMatchObject({ depositAmount: 20_000, depositStatus: 'paid', refundOnCancel: true });
    const aCancel = (await guestCall(key, r.idx, a.token)({ method: 'POST', url: `/me/${paid.idx}/cancel` })).json().data[0];
    expect(aCancel).toMatchObject({ status: 'cancelled', depositStatus: 'refunded' });
    expect(sandbox.refunds.get(`resv-refund-${tenantIdx}-${paid.idx}`)).toMatchObject({ amount: 20_000 });
    expect(recorder.sent.filter((m) => m.phone === a.phone).at(-1)!.variables.text).toContain('20,000원은 환불해 드려요');

    // B books the freed seat, C another slot, D a third; then within 24 hours of the time.
    const [bAt, cAt, dAt] = [slot(5, 18), slot(5, 19), slot(5, 20)];
    const bBooking = (await book(key, r.idx, b.token, bAt, { card: card() })).json().data[0];
    const cBooking = (await book(key, r.idx, c.token, cAt, { card: card(), partySize: 1 })).json().data[0];
    const dBooking = (await book(key, r.idx, d.token, dAt, { card: card() })).json().data[0];
    t.clock.set(new Date(Date.parse(bAt) - 3 * HOUR));
    // B cancels late: kept. Staff cancel D: refunded. C does not come: no-show after the time, kept.
    const late = (await guestCall(key, r.idx, b.token)({ method: 'POST', url: `/me/${bBooking.idx}/cancel` })).json().data[0];
    expect(late).toMatchObject({ status: 'cancelled', depositStatus: 'kept' });
    expect(sandbox.refunds.has(`resv-refund-${tenantIdx}-${bBooking.idx}`)).toBe(false);
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${dBooking.idx}`, payload: { action: 'cancel' } })).json().data).toMatchObject({ status: 'cancelled', depositStatus: 'refunded' });
    t.clock.set(new Date(Date.parse(cAt) + 10 * 60_000));
    expect((await call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${cBooking.idx}`, payload: { action: 'noShow' } })).json().data).toMatchObject({ status: 'noShow', depositStatus: 'kept' });
    expect(sandbox.refunds.has(`resv-refund-${tenantIdx}-${cBooking.idx}`)).toBe(false);
    // A past booking can no longer be cancelled by the guest.
    expect((await guestCall(key, r.idx, c.token)({ method: 'POST', url: `/me/${cBooking.idx}/cancel` })).json().message).toBe(RESERVATION_MSG.moveRefused);
  });

  it('reminds confirmed bookings of the next Seoul day at 10:00, once, claiming rows (requested ones and reservations with the reminder off are left)', async () => {
    advanceToSeoulHour(9);
    const on = await newReservation();
    const off = await newReservation('brand@demo.test', { reminder: 'N' });
    const asked = await newReservation('brand@demo.test', { autoConfirm: 'N' });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => guestOf(on.tenantIdx)));
    expect((await book(on.key, on.r.idx, a.token, slot(1, 19))).statusCode).toBe(200);
    expect((await book(on.key, on.r.idx, d.token, slot(2, 19))).statusCode).toBe(200);
    expect((await book(off.key, off.r.idx, b.token, slot(1, 19))).statusCode).toBe(200);
    expect((await book(asked.key, asked.r.idx, c.token, slot(1, 19))).statusCode).toBe(200);
    expect(await runReservationReminderJob(t.app)).toBe(0); // 09:00 Seoul
    advanceToSeoulHour(10);
    const [first, second] = await Promise.all([runReservationReminderJob(t.app), runReservationReminderJob(t.app)]);
    expect(first + second).toBe(1);
    expect(await runReservationReminderJob(t.app)).toBe(0);
    const told = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.templateCode, 'RESERVATION_REMINDER'), eq(messageOutbox.phone, a.phone)));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ channel: 'ALIMTALK', refType: 'reservation_booking' });
    for (const g of [b, c, d]) expect(recorder.sent.filter((m) => m.phone === g.phone && m.templateCode === 'RESERVATION_REMINDER')).toEqual([]);
    const [row] = await t.database.db.select().from(reservationBookings).where(and(eq(reservationBookings.tenantIdx, on.tenantIdx), eq(reservationBookings.customerIdx, a.customerIdx)));
    expect(row.remindedAt).toEqual(t.clock.now());
  });

  it('keeps tenants apart and follows the roles: another brand 404s, a guest token of one brand is refused by another, store staff work bookings, partners are refused', async () => {
    const { tenantIdx, r, key } = await newReservation();
    const g = await guestOf(tenantIdx);
    const mine = (await book(key, r.idx, g.token, slot(6, 13))).json().data[0];
    const other = await sessionOf('coop@demo.test');
    expect((await other.call({ method: 'GET', url: `${URL}/${r.idx}` })).statusCode).toBe(404);
    expect((await other.call({ method: 'GET', url: `${URL}/${r.idx}/booking` })).statusCode).toBe(404);
    expect((await other.call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'cancel' } })).statusCode).toBe(404);
    expect((await other.call({ method: 'GET', url: `${URL}/${r.idx}/link` })).statusCode).toBe(404);
    const otherKey = await ensureLoungeKey(t.database.db, other.tenantIdx);
    expect((await guestCall(otherKey, r.idx, g.token)({ method: 'GET', url: '/me' })).statusCode).toBe(404);
    const otherR = (await other.call({ method: 'POST', url: URL, payload: body() })).json().data;
    expect((await guestCall(otherKey, otherR.idx, g.token)({ method: 'GET', url: '/me' })).statusCode).toBe(401);
    expect((await guestCall(otherKey, otherR.idx, g.token)({ method: 'POST', url: `/me/${mine.idx}/cancel` })).statusCode).toBe(401);
    // Another guest of the same brand cannot touch this booking.
    const stranger = await guestOf(tenantIdx);
    expect((await guestCall(key, r.idx, stranger.token)({ method: 'POST', url: `/me/${mine.idx}/cancel` })).json().message).toBe(RESERVATION_MSG.bookingNotFound);
    // A sub-account (store staff) works the bookings; a repair partner may not.
    const staff = await sessionOf('staff@demo.test');
    expect((await staff.call({ method: 'GET', url: `${URL}/${r.idx}/booking?date=${addDays(today(), 6)}` })).json().data.list).toHaveLength(1);
    expect((await staff.call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${mine.idx}`, payload: { action: 'visit' } })).json().data.status).toBe('visited');
    const repair = await sessionOf('repair@demo.test');
    expect((await repair.call({ method: 'GET', url: `${URL}/${r.idx}/booking` })).statusCode).toBe(403);
    expect((await staff.call({ method: 'GET', url: `${URL}/${r.idx}/booking?date=2026-02-30` })).statusCode).toBe(400);
    // Staff and the guest cancelling, and the guest changing, at once: one move wins, the seat comes back once.
    const at = slot(6, 15);
    const again = (await book(key, r.idx, g.token, at)).json().data.find((x: { startsAt: string }) => x.startsAt === at);
    const raced = await Promise.all([
      staff.call({ method: 'PATCH', url: `${URL}/${r.idx}/booking/${again.idx}`, payload: { action: 'cancel' } }),
      guestCall(key, r.idx, g.token)({ method: 'POST', url: `/me/${again.idx}/cancel` }),
      guestCall(key, r.idx, g.token)({ method: 'POST', url: `/me/${again.idx}/change`, payload: { startsAt: slot(6, 16) } }),
    ]);
    expect(raced.filter((x) => x.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(raced.filter((x) => x.statusCode !== 200).every((x) => x.statusCode === 409)).toBe(true);
    const seats = (await slotRow(tenantIdx, r.idx, at)).booked + (await slotRow(tenantIdx, r.idx, slot(6, 16))).booked;
    const [final] = await t.database.db.select().from(reservationBookings).where(and(eq(reservationBookings.tenantIdx, tenantIdx), eq(reservationBookings.idx, again.idx)));
    expect(seats).toBe(final.status === 'cancelled' ? 0 : 1);
  });
});
