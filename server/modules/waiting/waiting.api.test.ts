import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { CALL_ARRIVE_MS, CALL_CONFIRM_MS, WAITING_MSG } from '../../../src/domain/waiting';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { storeGuests } from '../../../tests/helpers/storeGuests';
import { sessionOf as demoSession } from '../../../tests/helpers/accounts';
import { recordingMessaging } from '../../../tests/helpers/messaging';
import { customers, messageOutbox, waitingEntries } from '../../db/schema';
import { ensureLoungeKey } from '../lounge/service';
import { runWaitingNoShowJob } from '../../jobs/waitingNoShows';

const URL = '/api/waiting/v1/waiting';
const G = '/api/waiting/v1/public/waiting';
const recorder = recordingMessaging();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, messaging: recorder.messaging });
});
afterAll(() => t.close());

const sessionOf = (email: string) => demoSession(t, email);
const today = () => seoulToday(t.clock.now());
const eventBody = (extra: Record<string, unknown> = {}) => ({
  name: '성수 팝업', startAt: addDays(today(), -1), endAt: addDays(today(), 3), address: '서울 성동구 연무장길 1',
  mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', startTime: 0, endTime: 1440, maxGuests: 6, ...extra,
});

const { newPhone, newIp, guestOf, guestCall } = storeGuests(() => t, { base: G, phonePrefix: '0108', subnet: '10.2', name: '웨이팅 손님' });

async function newEvent(email = 'brand@demo.test', extra: Record<string, unknown> = {}) {
  const { call, tenantIdx } = await sessionOf(email);
  const res = await call({ method: 'POST', url: URL, payload: eventBody(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return { call, tenantIdx, event: res.json().data as { idx: number; status: string }, key: await ensureLoungeKey(t.database.db, tenantIdx) };
}

describe(`waiting (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('declares events: CRUD with the status by day, the spec list query (page size 1000 over 2000-01-01..9999-12-31), the form rules', async () => {
    const { call, event } = await newEvent();
    expect(event.status).toBe('progress');
    const ready = (await call({ method: 'POST', url: URL, payload: eventBody({ name: '다음 주 팝업', startAt: addDays(today(), 7), endAt: addDays(today(), 8) }) })).json().data;
    expect(ready.status).toBe('ready');
    const ended = (await call({ method: 'POST', url: URL, payload: eventBody({ name: '지난 팝업', startAt: addDays(today(), -9), endAt: addDays(today(), -8) }) })).json().data;
    expect(ended.status).toBe('end');
    const list = await call({ method: 'GET', url: `${URL}?page=1&pageSize=1000&startDate=2000-01-01&endDate=9999-12-31` });
    expect(list.statusCode, list.body).toBe(200);
    const byIdx = new Map((list.json().data.list as { idx: number; status: string }[]).map((e) => [e.idx, e.status]));
    expect([byIdx.get(event.idx), byIdx.get(ready.idx), byIdx.get(ended.idx)]).toEqual(['progress', 'ready', 'end']);
    expect((await call({ method: 'GET', url: `${URL}?pageSize=1001` })).statusCode).toBe(400);
    // The edit keeps the status derived; delete takes its entries along.
    const edited = await call({ method: 'PATCH', url: `${URL}/${ready.idx}`, payload: eventBody({ name: '다음 주 팝업 (수정)', startAt: addDays(today(), 7), endAt: addDays(today(), 8) }) });
    expect(edited.json().data).toMatchObject({ name: '다음 주 팝업 (수정)', status: 'ready' });
    expect((await call({ method: 'DELETE', url: `${URL}/${ready.idx}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `${URL}/${ready.idx}` })).json().message).toBe(WAITING_MSG.notFound);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', WAITING_MSG.nameRequired],
      [{ address: '' }, 'address', WAITING_MSG.addressRequired],
      [{ startAt: addDays(today(), 2), endAt: addDays(today(), 1) }, 'endAt', WAITING_MSG.periodOrder],
      [{ mon: 'N', tue: 'N', wed: 'N', thu: 'N', fri: 'N', sat: 'N', sun: 'N' }, 'mon', WAITING_MSG.weekdayRequired],
      [{ startTime: 600, endTime: 600 }, 'endTime', WAITING_MSG.timeOrder],
      [{ startTime: 601 }, 'startTime', WAITING_MSG.timeInvalid],
      [{ maxGuests: 0 }, 'maxGuests', WAITING_MSG.maxGuestsInvalid],
      [{ maxGuests: null }, 'maxGuests', WAITING_MSG.maxGuestsInvalid],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call({ method: 'POST', url: URL, payload: eventBody(extra) });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('a guest signs in by the lounge code, registers, is called, confirms, and is seated; revisits and consent are recorded', async () => {
    const { call, tenantIdx, event, key } = await newEvent();
    const phone = newPhone();
    const ip = newIp();
    const front = await t.app.inject({ method: 'GET', url: `${G}/${key}/${event.idx}` });
    expect(front.json().data).toMatchObject({ name: '성수 팝업', status: 'progress', state: 'open', refusal: null, teamsWaiting: 0 });
    expect((await t.app.inject({ method: 'POST', url: `${G}/${key}/${event.idx}/otp`, payload: { phone }, remoteAddress: ip })).statusCode).toBe(200);
    const code = recorder.sent.filter((m) => m.phone === phone && m.templateCode === 'LOUNGE_OTP').at(-1)!.variables.code;
    const verified = await t.app.inject({ method: 'POST', url: `${G}/${key}/${event.idx}/otp/verify`, payload: { phone, code }, remoteAddress: ip });
    expect(verified.statusCode, verified.body).toBe(200);
    const guest = guestCall(key, event.idx, verified.json().data.token);
    expect((await guest({ method: 'GET', url: '/me' })).json().data).toBeNull();

    // The guest's body is checked: party size within the event's max, the privacy consent.
    expect((await guest({ method: 'POST', url: '/register', payload: { partySize: 7, agreePrivacy: 'Y' } })).json().errors.partySize).toBe(WAITING_MSG.partySizeInvalid(6));
    expect((await guest({ method: 'POST', url: '/register', payload: { partySize: 2, agreePrivacy: 'N' } })).json().errors.agreePrivacy).toBe(WAITING_MSG.privacyRequired);
    expect((await guest({ method: 'POST', url: '/register', payload: { partySize: 'two', agreePrivacy: 'Y' } })).statusCode).toBe(400);
    const registered = await guest({ method: 'POST', url: '/register', payload: { partySize: 2, agreePrivacy: 'Y', agreeMarketing: 'Y' } });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({ status: 'request', position: 1, partySize: 2, pushBacks: 0, estimateMinutes: 5 });
    expect((await guest({ method: 'POST', url: '/register', payload: { partySize: 2, agreePrivacy: 'Y' } })).json().message).toBe(WAITING_MSG.alreadyWaiting);
    const [c] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.phone, phone)));
    expect([c.agreeMarketing, c.hasWallet]).toEqual(['Y', 'N']);
    expect(recorder.sent.filter((m) => m.phone === phone).map((m) => m.templateCode)).toEqual(['LOUNGE_OTP', 'WAITING_REGISTERED']);

    // The staff list shows the guest first; a call sends the 알림톡; the guest confirms; staff seat.
    const waiting = (await call({ method: 'GET', url: `${URL}/${event.idx}/request` })).json().data;
    expect(waiting.list).toHaveLength(1);
    expect(waiting.list[0]).toMatchObject({ position: 1, partySize: 2, agreeMarketing: 'Y', isRevisit: 'N', phoneMasked: expect.stringContaining('****') });
    const entryIdx = waiting.list[0].idx;
    expect((await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entryIdx}`, payload: { action: 'call' } })).statusCode).toBe(200);
    expect(recorder.sent.filter((m) => m.phone === phone).at(-1)).toMatchObject({ channel: 'ALIMTALK', templateCode: 'WAITING_CALLED' });
    expect((await guest({ method: 'POST', url: '/me/confirm' })).json().data).toMatchObject({ status: 'called', confirmedAt: expect.any(String) });
    expect((await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entryIdx}`, payload: { action: 'enter' } })).statusCode).toBe(200);
    expect((await guest({ method: 'GET', url: '/me' })).json().data).toMatchObject({ status: 'enter', position: null });
    expect((await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entryIdx}`, payload: { action: 'cancel' } })).json().message).toBe(WAITING_MSG.moveRefused);
    expect((await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entryIdx}`, payload: { action: 'seat' } })).statusCode).toBe(400);
    const entered = (await call({ method: 'GET', url: `${URL}/${event.idx}/request?status=entered` })).json().data;
    expect(entered.list.map((e: { idx: number }) => e.idx)).toEqual([entryIdx]);

    // Registering again after the visit is a revisit, recognised by the phone.
    const again = await guest({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } });
    expect(again.statusCode, again.body).toBe(200);
    const second = (await call({ method: 'GET', url: `${URL}/${event.idx}/request` })).json().data.list[0];
    expect(second.isRevisit).toBe('Y');
    expect((await guest({ method: 'POST', url: '/me/cancel' })).json().data).toMatchObject({ status: 'cancel', cancelReason: 'guest' });
  });

  it('a called guest who does not confirm in 3 minutes, or does not arrive in 10, is cancelled by the job and told by 알림톡', async () => {
    const { call, tenantIdx, event, key } = await newEvent();
    const a = await guestOf(tenantIdx);
    const b = await guestOf(tenantIdx);
    for (const g of [a, b]) expect((await guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 2, agreePrivacy: 'Y' } })).statusCode).toBe(200);
    const list = (await call({ method: 'GET', url: `${URL}/${event.idx}/request` })).json().data.list as { idx: number }[];
    for (const e of list) await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${e.idx}`, payload: { action: 'call' } });
    expect((await guestCall(key, event.idx, b.token)({ method: 'POST', url: '/me/confirm' })).statusCode).toBe(200);
    t.clock.advance(CALL_CONFIRM_MS);
    expect(await runWaitingNoShowJob(t.app)).toBe(1);
    expect((await guestCall(key, event.idx, a.token)({ method: 'GET', url: '/me' })).json().data).toMatchObject({ status: 'cancel', cancelReason: 'noShow' });
    expect((await guestCall(key, event.idx, b.token)({ method: 'GET', url: '/me' })).json().data.status).toBe('called');
    const [told] = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.phone, a.phone), eq(messageOutbox.templateCode, 'WAITING_NO_SHOW')));
    expect(told).toMatchObject({ channel: 'ALIMTALK', refType: 'waiting_entry' });
    // The confirmed one still has to arrive within 10 minutes of the call.
    t.clock.advance(CALL_ARRIVE_MS - CALL_CONFIRM_MS);
    expect(await runWaitingNoShowJob(t.app)).toBe(1);
    expect((await guestCall(key, event.idx, b.token)({ method: 'GET', url: '/me' })).json().data.cancelReason).toBe('noShow');
    expect(await runWaitingNoShowJob(t.app)).toBe(0);
  });

  it('keeps positions a gapless order under 100 concurrent registrations and push-backs (at most two each)', async () => {
    const { call, tenantIdx, event, key } = await newEvent('brand@demo.test', { maxGuests: 4 });
    const guests = await Promise.all(Array.from({ length: 100 }, () => guestOf(tenantIdx)));
    const results = await Promise.all(guests.map((g, i) => guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: (i % 4) + 1, agreePrivacy: 'Y' } })));
    expect(results.map((r) => r.statusCode)).toEqual(guests.map(() => 200));
    // 30 guests push back at once, some three times (the third is refused), while 20 more register.
    const late = await Promise.all(Array.from({ length: 20 }, () => guestOf(tenantIdx)));
    const pushers = guests.slice(0, 30);
    const moves = await Promise.all([
      ...pushers.flatMap((g, i) => Array.from({ length: i < 10 ? 3 : 1 }, () => guestCall(key, event.idx, g.token)({ method: 'POST', url: '/me/push-back' }))),
      ...late.map((g) => guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } })),
    ]);
    const refused = moves.filter((r) => r.statusCode === 409);
    expect(refused.map((r) => r.json().message)).toEqual(Array(10).fill(WAITING_MSG.pushBackLimit));
    expect(moves.filter((r) => r.statusCode === 200)).toHaveLength(moves.length - 10);

    const staff = (await call({ method: 'GET', url: `${URL}/${event.idx}/request` })).json().data;
    expect(staff.list.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    const rows = await t.database.db.select({ seq: waitingEntries.seq, customerIdx: waitingEntries.customerIdx, pushBacks: waitingEntries.pushBacks, ticketNo: waitingEntries.ticketNo })
      .from(waitingEntries).where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, event.idx))).orderBy(asc(waitingEntries.seq));
    expect(new Set(rows.map((r) => r.seq)).size).toBe(120);
    expect(new Set(rows.map((r) => r.ticketNo))).toEqual(new Set(Array.from({ length: 120 }, (_, i) => i + 1)));
    expect(rows.filter((r) => r.pushBacks === 2).map((r) => r.customerIdx).sort()).toEqual(pushers.slice(0, 10).map((g) => g.customerIdx).sort());
    // Each guest's own place agrees with the staff's list.
    const mine = await Promise.all(guests.slice(0, 5).map((g) => guestCall(key, event.idx, g.token)({ method: 'GET', url: '/me' })));
    for (const [i, res] of mine.entries()) {
      const staffRow = staff.list.find((e: { idx: number }) => e.idx === res.json().data.idx);
      expect(res.json().data.position, `guest ${i}`).toBe(staffRow.position);
    }
  });

  it('the store state refuses registrations while walk-in, paused (resuming by itself) or closed, and outside the hours and days', async () => {
    const { call, tenantIdx, event, key } = await newEvent();
    const g = await guestOf(tenantIdx);
    const register = () => guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } });
    const state = (payload: Record<string, unknown>) => call({ method: 'PUT', url: `${URL}/${event.idx}/state`, payload });
    expect((await state({ state: 'paused' })).json().errors.pauseMinutes).toBe(WAITING_MSG.pauseMinutesInvalid);
    for (const [s, message] of [['walkIn', WAITING_MSG.stateWalkIn], ['closed', WAITING_MSG.stateClosed]] as const) {
      expect((await state({ state: s })).json().data.state).toBe(s);
      expect((await register()).json().message).toBe(message);
    }
    const paused = (await state({ state: 'paused', pauseMinutes: 10 })).json().data;
    expect(paused.pausedUntil).toEqual(expect.any(String));
    expect((await register()).json().message).toBe(WAITING_MSG.statePaused);
    t.clock.advance(10 * 60_000);
    expect((await guestCall(key, event.idx)({ method: 'GET' })).json().data.state).toBe('open');
    expect((await register()).statusCode).toBe(200);

    const closedDay = await newEvent('brand@demo.test', { startTime: 0, endTime: 30 });
    const late = await guestCall(closedDay.key, closedDay.event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } });
    // TEST_START is 10:00 Seoul: outside 00:00–00:30.
    expect(late.json().message).toBe(WAITING_MSG.notOpenTime);
  });

  it('restarts ticket numbers each Seoul day while the queue order keeps counting', async () => {
    const { tenantIdx, event, key } = await newEvent();
    const [a, b, c] = await Promise.all([guestOf(tenantIdx), guestOf(tenantIdx), guestOf(tenantIdx)]);
    const register = (g: { token: string }) => guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } });
    expect((await register(a)).json().data.ticketNo).toBe(1);
    expect((await register(b)).json().data.ticketNo).toBe(2);
    t.clock.advance(24 * 60 * 60_000);
    expect((await register(c)).json().data).toMatchObject({ ticketNo: 1, position: 3 });
  });

  it('keeps tenants apart: another brand cannot read or move the entries, a guest token of one brand is refused by another', async () => {
    const { event, key, tenantIdx } = await newEvent();
    const g = await guestOf(tenantIdx);
    await guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 1, agreePrivacy: 'Y' } });
    const [entry] = await t.database.db.select().from(waitingEntries).where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, event.idx)));
    const other = await sessionOf('coop@demo.test');
    expect((await other.call({ method: 'GET', url: `${URL}/${event.idx}/request` })).statusCode).toBe(404);
    expect((await other.call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entry.idx}`, payload: { action: 'cancel' } })).statusCode).toBe(404);
    expect((await other.call({ method: 'GET', url: `${URL}/${event.idx}` })).statusCode).toBe(404);
    const otherKey = await ensureLoungeKey(t.database.db, other.tenantIdx);
    expect((await guestCall(otherKey, event.idx, g.token)({ method: 'GET', url: '/me' })).statusCode).toBe(404);
    const otherEvent = (await other.call({ method: 'POST', url: URL, payload: eventBody() })).json().data;
    expect((await guestCall(otherKey, otherEvent.idx, g.token)({ method: 'GET', url: '/me' })).statusCode).toBe(401);
    // A sub-account (store staff) works the list.
    const staff = await sessionOf('staff@demo.test');
    expect((await staff.call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entry.idx}`, payload: { action: 'call' } })).statusCode).toBe(200);
    const stillOne = await t.database.db.select().from(waitingEntries).where(and(eq(waitingEntries.tenantIdx, tenantIdx), inArray(waitingEntries.idx, [entry.idx])));
    expect(stillOne[0].status).toBe('called');
  });

  it('answers the channel dashboard statistics, moving with entries', async () => {
    const { call, tenantIdx, event, key } = await newEvent();
    const stats = async () => (await call({ method: 'GET', url: `/api/statistics/v1/statistics?waitingIdx=${event.idx}` })).json().data;
    const before = await stats();
    const g = await guestOf(tenantIdx);
    await guestCall(key, event.idx, g.token)({ method: 'POST', url: '/register', payload: { partySize: 3, agreePrivacy: 'Y', agreeMarketing: 'Y' } });
    const [entry] = await t.database.db.select().from(waitingEntries).where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, event.idx)));
    await call({ method: 'PATCH', url: `${URL}/${event.idx}/request/${entry.idx}`, payload: { action: 'enter' } });
    const after = await stats();
    expect(after.today.enter).toBe(before.today.enter + 1);
    expect(after.accumulation.visitor).toBe(before.accumulation.visitor + 1);
    expect(after.accumulation.agreeMarketing).toBe(before.accumulation.agreeMarketing + 1);
    expect(after.event).toMatchObject({ idx: event.idx, request: 1, enter: 1, agreeMarketing: 1, byStatus: { request: 0, enter: 1, cancel: 0 } });
    expect(Object.keys(after.entryTrend)).toHaveLength(14);
    expect(Object.values(after.entryTrend as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const weekly = (await call({ method: 'GET', url: `/api/statistics/v1/statistics?startDate=${addDays(today(), -59)}&endDate=${today()}` })).json().data;
    expect(weekly.period.grouping).toBe('week');
    expect((await call({ method: 'GET', url: '/api/statistics/v1/statistics?weekday=7' })).statusCode).toBe(400);
  });
});
