import * as yup from 'yup';
import { isYmd, seoulToday, SEOUL_OFFSET_MS, DAY_MS } from './seoulDay';

/**
 * Waiting (spec 3 §2 Stores, §3 Waiting event, §4, §5; issue 26, docs/api/waiting.md): the rules the
 * console, the guest's page and the server share. A waiting event is a store's waiting list over a
 * period (days, weekdays, opening hours); guests register (request), staff call them (called), seat
 * them (enter) or cancel; a called guest confirms within 3 minutes and arrives within 10, else the
 * entry is cancelled (no-show). Statuses are the spec's request, enter, cancel plus called.
 */

/** The feature that gates waiting (spec 1 §3 setting names). */
export const WAITING_RULE = { feature: 'WAITING' } as const;

/** An event's status by the Seoul day: ready before its start day, progress through its end day, end after. */
export type WaitingEventStatus = 'ready' | 'progress' | 'end';
export function eventStatusOn(event: { startAt: string; endAt: string }, today: string): WaitingEventStatus {
  if (today < event.startAt) return 'ready';
  if (today > event.endAt) return 'end';
  return 'progress';
}

/** Weekday fields of the event form, Monday to Sunday (spec 3 §9 weekday labels), and their JS getUTCDay numbers. */
export const WEEKDAY_FIELDS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayField = (typeof WEEKDAY_FIELDS)[number];
const JS_DAY: Record<WeekdayField, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 0 };

/** Opening-time choices: every 30 minutes from 00:00 to 24:00, as minutes of the day (code → label). */
export const TIME_STEP_MINUTES = 30;
export const TIME_OPTIONS: Readonly<Record<number, string>> = Object.fromEntries(
  Array.from({ length: 24 * 60 / TIME_STEP_MINUTES + 1 }, (_, i) => {
    const m = i * TIME_STEP_MINUTES;
    return [m, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`];
  }),
);

/** The most guests in one party an event may allow (the form's max guests). */
export const MAX_GUESTS_LIMIT = 99;

export const WAITING_MSG = {
  notFound: '존재하지 않는 웨이팅 이벤트예요',
  nameRequired: '이벤트명을 입력해 주세요',
  periodOrder: '시작일은 종료일보다 늦을 수 없어요',
  addressRequired: '주소를 입력해 주세요',
  weekdayRequired: '운영 요일을 1개 이상 선택해 주세요',
  timeInvalid: '운영 시간을 선택해 주세요',
  timeOrder: '시작 시간은 종료 시간보다 빨라야 해요',
  maxGuestsInvalid: `최대 인원은 1명부터 ${MAX_GUESTS_LIMIT}명까지 입력해 주세요`,
  flagInvalid: 'Y 또는 N이어야 해요',
  entryNotFound: '존재하지 않는 웨이팅이에요',
  actionInvalid: '처리할 수 없는 요청이에요',
  moveRefused: '이미 처리된 웨이팅이에요',
  pushBackLimit: '순서 미루기는 2번까지 할 수 있어요',
  stateInvalid: '매장 상태를 선택해 주세요',
  pauseMinutesInvalid: '일시 정지 시간을 선택해 주세요',
  // The guest's page.
  notOpenDay: '오늘은 웨이팅을 받지 않아요',
  notOpenTime: '지금은 웨이팅 접수 시간이 아니에요',
  eventNotRunning: '진행 중인 웨이팅이 아니에요',
  stateWalkIn: '지금은 바로 입장할 수 있어요. 매장으로 와 주세요',
  statePaused: '웨이팅 접수가 잠시 멈췄어요',
  stateClosed: '오늘 웨이팅 접수를 마감했어요',
  alreadyWaiting: '이미 웨이팅 중이에요',
  partySizeInvalid: (max: number) => `인원은 1명부터 ${max}명까지 선택해 주세요`,
  privacyRequired: '개인정보 수집·이용에 동의해 주세요',
  noEntry: '웨이팅 내역이 없어요',
  // 알림톡 texts (variables: brand, event, ticket number).
  registeredText: (brand: string, event: string, ticket: number, position: number) =>
    `[${brand}] ${event} 웨이팅 ${ticket}번으로 접수했어요. 지금 ${position}번째예요.`,
  calledText: (brand: string, event: string, ticket: number) =>
    `[${brand}] ${event} 웨이팅 ${ticket}번 입장 순서예요. 3분 안에 확인하고 10분 안에 매장으로 와 주세요.`,
  cancelledText: (brand: string, event: string, ticket: number) => `[${brand}] ${event} 웨이팅 ${ticket}번이 취소되었어요.`,
  noShowText: (brand: string, event: string, ticket: number) =>
    `[${brand}] ${event} 웨이팅 ${ticket}번은 호출 후 확인이나 입장이 없어 취소되었어요.`,
} as const;

/** Entry statuses: the spec's request, enter, cancel and the called step between (issue 26). */
export const ENTRY_STATUSES = ['request', 'called', 'enter', 'cancel'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
/** Still in the queue (counted for positions). */
export const ACTIVE_STATUSES: readonly EntryStatus[] = ['request', 'called'];
export type CancelReason = 'guest' | 'staff' | 'noShow';

/** A called guest confirms within 3 minutes and arrives within 10 (issue 26). */
export const CALL_CONFIRM_MS = 3 * 60_000;
export const CALL_ARRIVE_MS = 10 * 60_000;
/** A guest may push back at most twice, to the end of the queue. */
export const MAX_PUSH_BACKS = 2;
/** Minutes per team when nothing has been seated yet (the estimate's default). */
export const DEFAULT_MINUTES_PER_TEAM = 5;
/** The guest's page asks for its place every 5 seconds (docs/api/waiting.md: polling, not SSE). */
export const GUEST_POLL_MS = 5_000;

export type EntryAction = 'call' | 'enter' | 'cancel' | 'confirm' | 'pushBack' | 'guestCancel';
export const STAFF_ACTIONS = ['call', 'enter', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

interface EntryState { status: EntryStatus; pushBacks: number; confirmedAt: unknown }

/**
 * The state machine: the status an action moves an entry to, or the refusal's message. Calling a
 * called guest again re-sends the call; staff may seat a waiting guest who walked up without a call
 * (request → enter). A push-back keeps the entry waiting, at the queue's end.
 */
export function nextStatus(entry: EntryState, action: EntryAction): { status: EntryStatus } | { refused: string } {
  const active = entry.status === 'request' || entry.status === 'called';
  switch (action) {
    case 'call':
      return active ? { status: 'called' } : { refused: WAITING_MSG.moveRefused };
    case 'enter':
      return active ? { status: 'enter' } : { refused: WAITING_MSG.moveRefused };
    case 'cancel':
    case 'guestCancel':
      return active ? { status: 'cancel' } : { refused: WAITING_MSG.moveRefused };
    case 'confirm':
      return entry.status === 'called' ? { status: 'called' } : { refused: WAITING_MSG.moveRefused };
    case 'pushBack':
      if (!active) return { refused: WAITING_MSG.moveRefused };
      if (entry.pushBacks >= MAX_PUSH_BACKS) return { refused: WAITING_MSG.pushBackLimit };
      return { status: 'request' };
  }
}

/** Whether a called entry has timed out at `now`: no confirmation within 3 minutes, or not seated within 10. */
export function isNoShow(entry: { status: EntryStatus; calledAt: number | null; confirmedAt: number | null }, now: number): boolean {
  if (entry.status !== 'called' || entry.calledAt === null) return false;
  if (entry.confirmedAt === null && now - entry.calledAt >= CALL_CONFIRM_MS) return true;
  return now - entry.calledAt >= CALL_ARRIVE_MS;
}

/**
 * Minutes per team from the recent seatings (epoch ms, any order): the median gap between
 * consecutive ones, 1..30, or the default with fewer than two.
 */
export function minutesPerTeam(enteredAt: readonly number[]): number {
  if (enteredAt.length < 2) return DEFAULT_MINUTES_PER_TEAM;
  const sorted = [...enteredAt].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((t, i) => (t - sorted[i]) / 60_000).sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  return Math.min(30, Math.max(1, Math.round(median)));
}
/** The estimated wait of the team at `position` (1 = next). */
export const estimateWaitMinutes = (position: number, perTeam: number) => Math.max(0, position - 1) * perTeam + (position > 0 ? perTeam : 0);

/** The store's state while an event runs (as CatchTable runs it). */
export const STORE_STATES = ['open', 'walkIn', 'paused', 'closed'] as const;
export type StoreState = (typeof STORE_STATES)[number];
export const PAUSE_MINUTES = [10, 20, 30, 60] as const;
/** The state in force: a pause resumes by itself when its time is up. */
export const effectiveState = (state: StoreState, pausedUntil: number | null, now: number): StoreState =>
  state === 'paused' && (pausedUntil === null || pausedUntil <= now) ? 'open' : state;

/** Minutes of the Seoul day at `now`, and its weekday (0 Sunday). */
export function seoulClock(now: number): { day: string; minutes: number; weekday: number } {
  const shifted = new Date(now + SEOUL_OFFSET_MS);
  return { day: seoulToday(now), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(), weekday: shifted.getUTCDay() };
}

export interface WaitingEventRules {
  startAt: string; endAt: string; startTime: number; endTime: number; maxGuests: number;
  mon: 'Y' | 'N'; tue: 'Y' | 'N'; wed: 'Y' | 'N'; thu: 'Y' | 'N'; fri: 'Y' | 'N'; sat: 'Y' | 'N'; sun: 'Y' | 'N';
}

/** Why a guest may not register now (the message), or null: the event runs today, on its weekday, in its hours, and the store takes waits. */
export function registrationRefusal(event: WaitingEventRules, state: StoreState, now: number): string | null {
  const { day, minutes, weekday } = seoulClock(now);
  if (eventStatusOn(event, day) !== 'progress') return WAITING_MSG.eventNotRunning;
  const open = WEEKDAY_FIELDS.filter((d) => event[d] === 'Y').map((d) => JS_DAY[d]);
  if (!open.includes(weekday)) return WAITING_MSG.notOpenDay;
  if (minutes < event.startTime || minutes >= event.endTime) return WAITING_MSG.notOpenTime;
  if (state === 'walkIn') return WAITING_MSG.stateWalkIn;
  if (state === 'paused') return WAITING_MSG.statePaused;
  if (state === 'closed') return WAITING_MSG.stateClosed;
  return null;
}

/** The event form's rules across fields (spec 3 §5): the period and hours in order, a weekday chosen, max guests set. */
export function waitingEventErrors(v: Partial<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof v.startAt === 'string' && typeof v.endAt === 'string' && isYmd(v.startAt) && isYmd(v.endAt) && v.startAt > v.endAt) errors.endAt = WAITING_MSG.periodOrder;
  if (!WEEKDAY_FIELDS.some((d) => v[d] === 'Y')) errors.mon = WAITING_MSG.weekdayRequired;
  if (typeof v.startTime === 'number' && typeof v.endTime === 'number' && v.startTime >= v.endTime) errors.endTime = WAITING_MSG.timeOrder;
  if (v.maxGuests === null || v.maxGuests === undefined || v.maxGuests === 0) errors.maxGuests = WAITING_MSG.maxGuestsInvalid;
  return errors;
}

/** The days between two Seoul days, inclusive, for the statistics windows. */
export const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The entry trend's grouping by the period's length (spec 1 §9): up to 21 days daily, 22–90 weekly, more monthly. */
export const trendGrouping = (days: number): 'day' | 'week' | 'month' => (days <= 21 ? 'day' : days <= 90 ? 'week' : 'month');

// ── The guest's bodies ──

const yn = yup.string().oneOf(['Y', 'N'], WAITING_MSG.flagInvalid);
/** Registration: party size (1..the event's max, checked again by the server), the privacy consent (Y), marketing consent. */
export const guestRegisterSchema = yup.object({
  partySize: yup.number().typeError(WAITING_MSG.partySizeInvalid(MAX_GUESTS_LIMIT)).integer(WAITING_MSG.partySizeInvalid(MAX_GUESTS_LIMIT))
    .min(1, WAITING_MSG.partySizeInvalid(MAX_GUESTS_LIMIT)).max(MAX_GUESTS_LIMIT, WAITING_MSG.partySizeInvalid(MAX_GUESTS_LIMIT))
    .required(WAITING_MSG.partySizeInvalid(MAX_GUESTS_LIMIT)),
  agreePrivacy: yup.string().required(WAITING_MSG.privacyRequired).oneOf(['Y'], WAITING_MSG.privacyRequired),
  agreeMarketing: yn.default('N'),
});
export const staffActionSchema = yup.object({
  action: yup.string().oneOf([...STAFF_ACTIONS], WAITING_MSG.actionInvalid).required(WAITING_MSG.actionInvalid),
});
export const storeStateSchema = yup.object({
  state: yup.string().oneOf([...STORE_STATES], WAITING_MSG.stateInvalid).required(WAITING_MSG.stateInvalid),
  pauseMinutes: yup.number().nullable().default(null).oneOf([null, ...PAUSE_MINUTES], WAITING_MSG.pauseMinutesInvalid)
    .when('state', { is: 'paused', then: (s) => s.required(WAITING_MSG.pauseMinutesInvalid) }),
});

/** The guest page's path: /waiting/{loungeKey}/{eventIdx} (the QR code's link). */
export const waitingGuestPath = (loungeKey: string, eventIdx: number) => `/waiting/${loungeKey}/${eventIdx}`;
