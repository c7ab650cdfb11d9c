import * as yup from 'yup';
import { DAY_MS, SEOUL_OFFSET_MS, addDays, isYmd, seoulDayStart, seoulToday } from './seoulDay';
import { TIME_OPTIONS, WEEKDAY_FIELDS, eventStatusOn, seoulClock, type WaitingEventStatus } from './waiting';

/**
 * Reservations (spec 3 §2 Stores: /b2b/store/reservation; issue 26 item 5, docs/api/reservations.md):
 * the rules the console, the guest's page and the server share. A store sets up a reservation (the
 * days and hours it takes bookings for, the slot length and how many teams a slot holds, party sizes,
 * how far ahead bookings open and how close to the time they close, the free-cancel window, whether
 * staff confirm, an optional deposit and the day-before reminder). Guests book a slot, change it or
 * cancel by that policy; staff confirm, mark visited or no-show, or cancel.
 */

/** The feature that gates reservations (spec 3 §6 "booking"). */
export const RESERVATION_RULE = { feature: 'BOOKING' } as const;

const HOUR_MS = 60 * 60_000;

/** A reservation's status by the Seoul day, as waiting events: ready, progress, end. */
export type ReservationStatus = WaitingEventStatus;
export const reservationStatusOn = (r: { startAt: string; endAt: string }, today: string): ReservationStatus => eventStatusOn(r, today);

/** Slot lengths (minutes): a booking's length and the spacing of start times. */
export const SLOT_MINUTES = [30, 60, 90, 120] as const;
export const SLOT_MINUTE_OPTIONS: Readonly<Record<number, string>> = Object.fromEntries(SLOT_MINUTES.map((m) => [m, m < 60 ? `${m}분` : m % 60 ? `${Math.floor(m / 60)}시간 ${m % 60}분` : `${m / 60}시간`]));
export { TIME_OPTIONS };

export const LIMITS = {
  slotCapacity: { min: 1, max: 999 },
  party: { min: 1, max: 99 },
  opensDaysAhead: { min: 1, max: 90 },
  closesHoursBefore: { min: 0, max: 72 },
  freeCancelHours: { min: 0, max: 168 },
  deposit: { min: 1_000, max: 1_000_000 },
} as const;

export const RESERVATION_MSG = {
  notFound: '존재하지 않는 예약이에요',
  nameRequired: '예약명을 입력해 주세요',
  addressRequired: '주소를 입력해 주세요',
  periodOrder: '시작일은 종료일보다 늦을 수 없어요',
  weekdayRequired: '운영 요일을 1개 이상 선택해 주세요',
  timeInvalid: '운영 시간을 선택해 주세요',
  timeOrder: '시작 시간은 종료 시간보다 빨라야 해요',
  slotMinutesInvalid: '예약 단위를 선택해 주세요',
  hoursTooShort: '운영 시간이 예약 단위보다 짧아요',
  slotCapacityInvalid: `시간당 예약 팀 수는 ${LIMITS.slotCapacity.min}팀부터 ${LIMITS.slotCapacity.max}팀까지 입력해 주세요`,
  partyMinInvalid: `최소 인원은 ${LIMITS.party.min}명부터 ${LIMITS.party.max}명까지 입력해 주세요`,
  partyMaxInvalid: `최대 인원은 ${LIMITS.party.min}명부터 ${LIMITS.party.max}명까지 입력해 주세요`,
  partyOrder: '최대 인원은 최소 인원보다 적을 수 없어요',
  opensDaysAheadInvalid: `예약 오픈은 ${LIMITS.opensDaysAhead.min}일부터 ${LIMITS.opensDaysAhead.max}일 전까지 입력해 주세요`,
  closesHoursBeforeInvalid: `예약 마감은 ${LIMITS.closesHoursBefore.min}시간부터 ${LIMITS.closesHoursBefore.max}시간 전까지 입력해 주세요`,
  freeCancelHoursInvalid: `무료 취소는 ${LIMITS.freeCancelHours.min}시간부터 ${LIMITS.freeCancelHours.max}시간 전까지 입력해 주세요`,
  depositInvalid: `예약금은 1인당 ${LIMITS.deposit.min.toLocaleString('ko-KR')}원부터 ${LIMITS.deposit.max.toLocaleString('ko-KR')}원까지 입력해 주세요`,
  flagInvalid: 'Y 또는 N이어야 해요',
  // Bookings.
  bookingNotFound: '존재하지 않는 예약 내역이에요',
  actionInvalid: '처리할 수 없는 요청이에요',
  moveRefused: '이미 처리된 예약이에요',
  slotInvalid: '예약할 수 없는 시간이에요',
  slotFull: '이 시간은 예약이 마감되었어요',
  notOpenYet: (days: number) => `예약은 ${days}일 전부터 할 수 있어요`,
  closedBefore: (hours: number) => (hours > 0 ? `예약 시간 ${hours}시간 전까지만 예약하거나 변경할 수 있어요` : '이미 지난 시간이에요'),
  changeClosed: (hours: number) => `예약 시간 ${hours}시간 전부터는 변경할 수 없어요`,
  sameSlot: '지금 예약과 같은 시간이에요',
  alreadyBooked: '이 시간에 이미 예약했어요',
  pastBooking: '이미 지난 예약이에요',
  noShowTooEarly: '예약 시간이 지나야 노쇼로 처리할 수 있어요',
  partySizeInvalid: (min: number, max: number) => `인원은 ${min}명부터 ${max}명까지 선택해 주세요`,
  startsAtInvalid: '예약 시간을 선택해 주세요',
  dateInvalid: '날짜를 YYYY-MM-DD로 입력해 주세요',
  privacyRequired: '개인정보 수집·이용에 동의해 주세요',
  cardRequired: '예약금을 결제할 카드 정보를 입력해 주세요',
  cardNumberInvalid: '카드 번호 16자리를 입력해 주세요',
  cardExpiryInvalid: '유효기간을 MM/YY로 입력해 주세요',
  cardPasswordInvalid: '카드 비밀번호 앞 2자리를 입력해 주세요',
  cardIdentityInvalid: '생년월일 6자리를 입력해 주세요',
  paymentFailed: '예약금 결제에 실패했어요. 다시 시도해 주세요',
  // 알림톡 texts (variables: brand, reservation, when, party).
  requestedText: (brand: string, name: string, when: string, party: number) => `[${brand}] ${name} ${when} ${party}명 예약을 요청했어요. 매장에서 확정하면 다시 알려 드려요.`,
  confirmedText: (brand: string, name: string, when: string, party: number) => `[${brand}] ${name} ${when} ${party}명 예약이 확정되었어요.`,
  changedText: (brand: string, name: string, when: string, party: number) => `[${brand}] ${name} 예약을 ${when} ${party}명으로 변경했어요.`,
  cancelledText: (brand: string, name: string, when: string, refund: string) => `[${brand}] ${name} ${when} 예약이 취소되었어요.${refund}`,
  reminderText: (brand: string, name: string, when: string, party: number) => `[${brand}] 내일 ${when} ${name} ${party}명 예약이 있어요. 늦지 않게 와 주세요.`,
  refundNote: (won: number) => ` 예약금 ${won.toLocaleString('ko-KR')}원은 환불해 드려요.`,
  keptNote: (won: number) => ` 예약금 ${won.toLocaleString('ko-KR')}원은 취소 규정에 따라 환불되지 않아요.`,
} as const;

/** What the form and the rules read of a reservation. */
export interface ReservationRules {
  startAt: string; endAt: string;
  mon: 'Y' | 'N'; tue: 'Y' | 'N'; wed: 'Y' | 'N'; thu: 'Y' | 'N'; fri: 'Y' | 'N'; sat: 'Y' | 'N'; sun: 'Y' | 'N';
  openTime: number; closeTime: number; slotMinutes: number; slotCapacity: number;
  partyMin: number; partyMax: number; opensDaysAhead: number; closesHoursBefore: number; freeCancelHours: number;
  autoConfirm: 'Y' | 'N'; deposit: number | null; reminder: 'Y' | 'N';
}

const JS_DAY: Record<(typeof WEEKDAY_FIELDS)[number], number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 0 };
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The form's rules across fields: the period and hours in order, a weekday, the slot fitting the hours, party min ≤ max, the required numbers. */
export function reservationErrors(v: Partial<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof v.startAt === 'string' && typeof v.endAt === 'string' && isYmd(v.startAt) && isYmd(v.endAt) && v.startAt > v.endAt) errors.endAt = RESERVATION_MSG.periodOrder;
  if (!WEEKDAY_FIELDS.some((d) => v[d] === 'Y')) errors.mon = RESERVATION_MSG.weekdayRequired;
  const open = v.openTime;
  const close = v.closeTime;
  if (typeof open === 'number' && typeof close === 'number') {
    if (open >= close) errors.closeTime = RESERVATION_MSG.timeOrder;
    else if (typeof v.slotMinutes === 'number' && close - open < v.slotMinutes) errors.closeTime = RESERVATION_MSG.hoursTooShort;
  }
  const required: [string, string][] = [
    ['slotCapacity', RESERVATION_MSG.slotCapacityInvalid], ['partyMin', RESERVATION_MSG.partyMinInvalid], ['partyMax', RESERVATION_MSG.partyMaxInvalid],
    ['opensDaysAhead', RESERVATION_MSG.opensDaysAheadInvalid], ['closesHoursBefore', RESERVATION_MSG.closesHoursBeforeInvalid],
    ['freeCancelHours', RESERVATION_MSG.freeCancelHoursInvalid],
  ];
  for (const [k, message] of required) if (!present(v[k])) errors[k] = message;
  if (typeof v.partyMin === 'number' && typeof v.partyMax === 'number' && v.partyMin > v.partyMax) errors.partyMax = RESERVATION_MSG.partyOrder;
  return errors;
}

/** The start times of a Seoul day (minutes of the day): from the opening, every slot, each ending by the closing. */
export function slotMinutesOf(r: Pick<ReservationRules, 'openTime' | 'closeTime' | 'slotMinutes'>): number[] {
  const out: number[] = [];
  for (let m = r.openTime; m + r.slotMinutes <= r.closeTime; m += r.slotMinutes) out.push(m);
  return out;
}

/** Whether the reservation takes bookings on a Seoul day: inside its period, on an open weekday. */
export function isOpenDay(r: ReservationRules, day: string): boolean {
  if (!isYmd(day) || day < r.startAt || day > r.endAt) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAY_FIELDS.some((d) => r[d] === 'Y' && JS_DAY[d] === weekday);
}

/** A slot's instant: minutes after 00:00 of a Seoul day. */
export const slotInstant = (day: string, minutes: number): Date => new Date(seoulDayStart(day).getTime() + minutes * 60_000);

/** The instants a Seoul day offers (none on a closed day). */
export const slotsOfDay = (r: ReservationRules, day: string): Date[] => (isOpenDay(r, day) ? slotMinutesOf(r).map((m) => slotInstant(day, m)) : []);

/** Whether an instant is one of the reservation's slots. */
export function isSlot(r: ReservationRules, startsAt: number): boolean {
  const { day, minutes } = seoulClock(startsAt);
  return new Date(startsAt).getUTCSeconds() === 0 && new Date(startsAt).getUTCMilliseconds() === 0 && isOpenDay(r, day) && slotMinutesOf(r).includes(minutes);
}

/** The last Seoul day bookings are open for today (opensDaysAhead after today). */
export const lastBookableDay = (r: Pick<ReservationRules, 'opensDaysAhead'>, now: number) => addDays(seoulToday(now), r.opensDaysAhead);

/**
 * Why a slot may not be booked (or moved to) at `now`, or null: it is a slot of an open day, not
 * further ahead than opensDaysAhead (Seoul days), and not closer than closesHoursBefore (never past).
 */
export function bookingRefusal(r: ReservationRules, startsAt: number, now: number): string | null {
  if (!isSlot(r, startsAt)) return RESERVATION_MSG.slotInvalid;
  if (startsAt <= now || startsAt - r.closesHoursBefore * HOUR_MS <= now) return RESERVATION_MSG.closedBefore(r.closesHoursBefore);
  if (seoulClock(startsAt).day > lastBookableDay(r, now)) return RESERVATION_MSG.notOpenYet(r.opensDaysAhead);
  return null;
}

export function partySizeRefusal(r: Pick<ReservationRules, 'partyMin' | 'partyMax'>, partySize: number): string | null {
  return Number.isInteger(partySize) && partySize >= r.partyMin && partySize <= r.partyMax ? null : RESERVATION_MSG.partySizeInvalid(r.partyMin, r.partyMax);
}

/** Until when a guest may cancel with a full refund or change: freeCancelHours before the booking. */
export const freeCancelUntil = (r: Pick<ReservationRules, 'freeCancelHours'>, startsAt: number) => startsAt - r.freeCancelHours * HOUR_MS;

/** Booking statuses: requested → confirmed → visited | noShow, or cancelled. */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'visited', 'noShow', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Holding a seat. */
export const LIVE_STATUSES: readonly BookingStatus[] = ['requested', 'confirmed'];
export type CancelBy = 'guest' | 'staff' | 'policy';
export const STAFF_ACTIONS = ['confirm', 'visit', 'noShow', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export type BookingAction = StaffAction | 'guestCancel' | 'change';

/** A deposit's state: none, paid (held), refunded, kept (after the free window or a no-show), refundFailed (the provider refused; staff follow up). */
export type DepositStatus = 'none' | 'pending' | 'paid' | 'refunded' | 'kept' | 'refundFailed';

export interface BookingState { status: BookingStatus; startsAt: number }

/**
 * The state machine: the status an action moves a booking to, with what happens to a deposit, or
 * the refusal's message. Staff confirm a request; mark visited any live booking; mark a no-show once
 * its time has come (deposit kept); cancel (deposit refunded). A guest cancels before the time
 * (refunded only before freeCancelHours) and changes only before freeCancelHours.
 */
export function nextBooking(
  r: Pick<ReservationRules, 'freeCancelHours'>, b: BookingState, action: BookingAction, now: number,
): { status: BookingStatus; deposit: 'refund' | 'keep' | 'hold' } | { refused: string } {
  const live = LIVE_STATUSES.includes(b.status);
  if (!live) return { refused: RESERVATION_MSG.moveRefused };
  switch (action) {
    case 'confirm':
      return b.status === 'requested' ? { status: 'confirmed', deposit: 'hold' } : { refused: RESERVATION_MSG.moveRefused };
    case 'visit':
      return { status: 'visited', deposit: 'hold' };
    case 'noShow':
      return now >= b.startsAt ? { status: 'noShow', deposit: 'keep' } : { refused: RESERVATION_MSG.noShowTooEarly };
    case 'cancel':
      return { status: 'cancelled', deposit: 'refund' };
    case 'guestCancel':
      if (now >= b.startsAt) return { refused: RESERVATION_MSG.pastBooking };
      return { status: 'cancelled', deposit: now < freeCancelUntil(r, b.startsAt) ? 'refund' : 'keep' };
    case 'change':
      if (now >= freeCancelUntil(r, b.startsAt)) return { refused: RESERVATION_MSG.changeClosed(r.freeCancelHours) };
      return { status: b.status, deposit: 'hold' };
  }
}

/** A booking's deposit: won per person times the party, or 0 without one. */
export const depositOf = (r: Pick<ReservationRules, 'deposit'>, partySize: number) => (r.deposit ? r.deposit * partySize : 0);

/** The reminder goes out the day before at 10:00 Seoul. */
export const REMINDER_MINUTES = 10 * 60;

/**
 * The bookings the reminder job sends to at `now`: those starting on the next Seoul day, once it is
 * 10:00 in Seoul (null before). A booking made after 10:00 for tomorrow is reminded at the next run.
 */
export function reminderWindow(now: number): { from: Date; to: Date } | null {
  const { day, minutes } = seoulClock(now);
  if (minutes < REMINDER_MINUTES) return null;
  const from = seoulDayStart(addDays(day, 1));
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** 'M월 D일 (요일) HH:mm' in Seoul, for messages and the guest's page. */
export function bookingWhen(startsAt: Date | number | string): string {
  const t = new Date(startsAt).getTime() + SEOUL_OFFSET_MS;
  const d = new Date(t);
  const weekday = '일월화수목금토'[d.getUTCDay()];
  return `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 (${weekday}) ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

// ── Bodies ──

const yn = yup.string().oneOf(['Y', 'N'], RESERVATION_MSG.flagInvalid);
const instant = yup.string().required(RESERVATION_MSG.startsAtInvalid)
  .test('iso', RESERVATION_MSG.startsAtInvalid, (v) => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)));

/** The deposit's card, passed to the billing provider for one charge and never kept. */
export const depositCardSchema = yup.object({
  cardNumber: yup.string().transform((v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v))
    .required(RESERVATION_MSG.cardNumberInvalid).matches(/^\d{16}$/, RESERVATION_MSG.cardNumberInvalid),
  expiry: yup.string().trim().required(RESERVATION_MSG.cardExpiryInvalid).matches(/^(0[1-9]|1[0-2])\/?\d{2}$/, RESERVATION_MSG.cardExpiryInvalid),
  password: yup.string().trim().required(RESERVATION_MSG.cardPasswordInvalid).matches(/^\d{2}$/, RESERVATION_MSG.cardPasswordInvalid),
  birth: yup.string().trim().required(RESERVATION_MSG.cardIdentityInvalid).matches(/^\d{6}$/, RESERVATION_MSG.cardIdentityInvalid),
}).default(undefined);

const partySize = yup.number().typeError(RESERVATION_MSG.partySizeInvalid(LIMITS.party.min, LIMITS.party.max))
  .integer(RESERVATION_MSG.partySizeInvalid(LIMITS.party.min, LIMITS.party.max))
  .min(LIMITS.party.min, RESERVATION_MSG.partySizeInvalid(LIMITS.party.min, LIMITS.party.max))
  .max(LIMITS.party.max, RESERVATION_MSG.partySizeInvalid(LIMITS.party.min, LIMITS.party.max));

/** A guest's booking: the slot, party size (checked again against the reservation), consents, and the card when there is a deposit. */
export const guestBookSchema = yup.object({
  startsAt: instant,
  partySize: partySize.required(RESERVATION_MSG.partySizeInvalid(LIMITS.party.min, LIMITS.party.max)),
  agreePrivacy: yup.string().required(RESERVATION_MSG.privacyRequired).oneOf(['Y'], RESERVATION_MSG.privacyRequired),
  agreeMarketing: yn.default('N'),
  card: depositCardSchema.optional(),
});
/** A guest's change: another slot. */
export const guestChangeSchema = yup.object({ startsAt: instant });
export const staffBookingActionSchema = yup.object({
  action: yup.string().oneOf([...STAFF_ACTIONS], RESERVATION_MSG.actionInvalid).required(RESERVATION_MSG.actionInvalid),
});
/** A Seoul day in a query (the bookings and slots of that day). */
export const dayQuerySchema = yup.object({
  date: yup.string().optional().test('ymd', RESERVATION_MSG.dateInvalid, (v) => v === undefined || v === '' || isYmd(v)),
});

/** The guest page's path: /reservation/{loungeKey}/{reservationIdx}. */
export const reservationGuestPath = (loungeKey: string, idx: number) => `/reservation/${loungeKey}/${idx}`;
