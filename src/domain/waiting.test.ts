import {
  CALL_ARRIVE_MS, CALL_CONFIRM_MS, DEFAULT_MINUTES_PER_TEAM, WAITING_MSG, effectiveState, estimateWaitMinutes, eventStatusOn, guestRegisterSchema,
  isNoShow, minutesPerTeam, nextStatus, registrationRefusal, trendGrouping, waitingEventErrors, type WaitingEventRules,
} from './waiting';
import { waitingGuestOfPath } from './waitingPath';

const ALL_DAYS = { mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y' } as const;
const event: WaitingEventRules = { startAt: '2026-11-20', endAt: '2026-11-30', startTime: 600, endTime: 1260, maxGuests: 4, ...ALL_DAYS };
/** 2026-11-22 (a Sunday) at hh:mm Seoul. */
const at = (hhmm: string, day = '2026-11-22') => Date.parse(`${day}T${hhmm}:00+09:00`);

describe('waiting rules', () => {
  it('derives the event status from the Seoul day', () => {
    expect(['2026-11-19', '2026-11-20', '2026-11-30', '2026-12-01'].map((d) => eventStatusOn(event, d))).toEqual(['ready', 'progress', 'progress', 'end']);
  });

  it('moves entries by the state machine: call, enter, cancel only while waiting; push back at most twice; confirm only when called', () => {
    expect(nextStatus({ status: 'request', pushBacks: 0, confirmedAt: null }, 'call')).toEqual({ status: 'called' });
    expect(nextStatus({ status: 'request', pushBacks: 0, confirmedAt: null }, 'enter')).toEqual({ status: 'enter' });
    expect(nextStatus({ status: 'called', pushBacks: 0, confirmedAt: null }, 'confirm')).toEqual({ status: 'called' });
    expect(nextStatus({ status: 'request', pushBacks: 0, confirmedAt: null }, 'confirm')).toEqual({ refused: WAITING_MSG.moveRefused });
    for (const done of ['enter', 'cancel'] as const) {
      for (const action of ['call', 'enter', 'cancel', 'guestCancel', 'pushBack'] as const) {
        expect(nextStatus({ status: done, pushBacks: 0, confirmedAt: null }, action)).toEqual({ refused: WAITING_MSG.moveRefused });
      }
    }
    expect(nextStatus({ status: 'called', pushBacks: 1, confirmedAt: null }, 'pushBack')).toEqual({ status: 'request' });
    expect(nextStatus({ status: 'request', pushBacks: 2, confirmedAt: null }, 'pushBack')).toEqual({ refused: WAITING_MSG.pushBackLimit });
  });

  it('times out a call: no confirmation in 3 minutes, or no arrival in 10', () => {
    const calledAt = 1_000_000;
    const called = { status: 'called' as const, calledAt, confirmedAt: null };
    expect(isNoShow(called, calledAt + CALL_CONFIRM_MS - 1)).toBe(false);
    expect(isNoShow(called, calledAt + CALL_CONFIRM_MS)).toBe(true);
    const confirmed = { ...called, confirmedAt: calledAt + 60_000 };
    expect(isNoShow(confirmed, calledAt + CALL_ARRIVE_MS - 1)).toBe(false);
    expect(isNoShow(confirmed, calledAt + CALL_ARRIVE_MS)).toBe(true);
    expect(isNoShow({ status: 'request', calledAt: null, confirmedAt: null }, calledAt + CALL_ARRIVE_MS)).toBe(false);
  });

  it('estimates the wait from the recent seatings', () => {
    expect(minutesPerTeam([])).toBe(DEFAULT_MINUTES_PER_TEAM);
    expect(minutesPerTeam([0, 4 * 60_000, 12 * 60_000, 16 * 60_000])).toBe(4);
    expect(minutesPerTeam([0, 90 * 60_000])).toBe(30);
    expect(estimateWaitMinutes(1, 5)).toBe(5);
    expect(estimateWaitMinutes(3, 4)).toBe(12);
  });

  it('takes waits only on the event days, weekdays and hours, while the store is open; a pause resumes by itself', () => {
    expect(registrationRefusal(event, 'open', at('10:00'))).toBeNull();
    expect(registrationRefusal(event, 'open', at('09:59'))).toBe(WAITING_MSG.notOpenTime);
    expect(registrationRefusal(event, 'open', at('21:00'))).toBe(WAITING_MSG.notOpenTime);
    expect(registrationRefusal({ ...event, sun: 'N' }, 'open', at('12:00'))).toBe(WAITING_MSG.notOpenDay);
    expect(registrationRefusal(event, 'open', at('12:00', '2026-12-01'))).toBe(WAITING_MSG.eventNotRunning);
    expect(registrationRefusal(event, 'walkIn', at('12:00'))).toBe(WAITING_MSG.stateWalkIn);
    expect(registrationRefusal(event, 'closed', at('12:00'))).toBe(WAITING_MSG.stateClosed);
    expect(effectiveState('paused', 2000, 1999)).toBe('paused');
    expect(effectiveState('paused', 2000, 2000)).toBe('open');
  });

  it('checks the event form (spec 3 §5) and the guest body', () => {
    expect(waitingEventErrors({ ...event, startAt: '2026-12-01' })).toEqual({ endAt: WAITING_MSG.periodOrder });
    expect(waitingEventErrors({ ...event, mon: 'N', tue: 'N', wed: 'N', thu: 'N', fri: 'N', sat: 'N', sun: 'N' })).toEqual({ mon: WAITING_MSG.weekdayRequired });
    expect(waitingEventErrors({ ...event, endTime: 600 })).toEqual({ endTime: WAITING_MSG.timeOrder });
    expect(waitingEventErrors({ ...event, maxGuests: null })).toEqual({ maxGuests: WAITING_MSG.maxGuestsInvalid });
    expect(guestRegisterSchema.isValidSync({ partySize: 2, agreePrivacy: 'Y' })).toBe(true);
    expect(guestRegisterSchema.isValidSync({ partySize: 2, agreePrivacy: 'N' })).toBe(false);
    expect(guestRegisterSchema.isValidSync({ partySize: 0, agreePrivacy: 'Y' })).toBe(false);
  });

  it('groups trends by the period (spec 1 §9) and reads the guest path', () => {
    expect([21, 22, 90, 91].map(trendGrouping)).toEqual(['day', 'week', 'week', 'month']);
    expect(waitingGuestOfPath('/waiting/abcdefghijkl/12')).toEqual({ loungeKey: 'abcdefghijkl', eventIdx: 12 });
    expect(waitingGuestOfPath('/waiting/abc/12')).toBeNull();
    expect(waitingGuestOfPath('/waiting/abcdefghijkl/0')).toBeNull();
  });
});
