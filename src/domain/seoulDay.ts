import { DATE_YMD } from './patterns';

/**
 * Days are the brand's days in Asia/Seoul, whatever the zone of the browser or the server (issue 9
 * B16): date presets, date pickers, "today" counts, date columns and the API's date filters all use
 * these helpers, in the console and on the server.
 *
 * Korea has kept UTC+9 without daylight saving since 1988, so a fixed +09:00 offset is exact for every
 * day we handle; it spares the console bundle a time-zone database.
 */

export const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

function timeOf(at: Instant | null | undefined): number | null {
  if (at === null || at === undefined || at === '') return null;
  const t = at instanceof Date ? at.getTime() : new Date(at).getTime();
  return Number.isNaN(t) ? null : t;
}

/** The instant shifted so that its UTC fields read as Seoul wall-clock time. */
const seoulIso = (t: number) => new Date(t + SEOUL_OFFSET_MS).toISOString();

/** An instant's Seoul day, YYYY-MM-DD; '' when there is none or it is not a time. */
export function seoulDate(at: Instant | null | undefined): string {
  const t = timeOf(at);
  return t === null ? '' : seoulIso(t).slice(0, 10);
}

/** An instant's Seoul day and time, 'YYYY-MM-DD HH:mm'; '' when there is none or it is not a time. */
export function seoulDateTime(at: Instant | null | undefined): string {
  const t = timeOf(at);
  return t === null ? '' : seoulIso(t).slice(0, 16).replace('T', ' ');
}

/** Today in Seoul at the given instant (the console passes its clock, the server its own). */
export const seoulToday = (now: Date | number): string => seoulDate(now);

/** A real calendar day in YYYY-MM-DD (2026-02-30 is not). */
export function isYmd(value: string): boolean {
  if (!DATE_YMD.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** YYYY-MM-DD or YYYYMMDD → YYYYMMDD when it is a real day, else null. */
export function toYmd8(v: string | null | undefined): string | null {
  const s = String(v ?? '').trim();
  const dashed = /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : s;
  return isYmd(dashed) ? dashed.replace(/-/g, '') : null;
}

/** 00:00 in Seoul of a YYYY-MM-DD day: the first instant of that day. */
export const seoulDayStart = (ymd: string): Date => new Date(`${ymd}T00:00:00+09:00`);

/** 00:00 in Seoul of the next day: the first instant after the day (an exclusive end). */
export const seoulDayEnd = (ymd: string): Date => new Date(seoulDayStart(ymd).getTime() + DAY_MS);

/** A YYYY-MM-DD day moved by n days (negative for earlier). */
export const addDays = (ymd: string, n: number): string => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A YYYY-MM-DD day moved by n months; a day past the end of the target month becomes its last day
 * (03-31 minus one month is 02-28), as dayjs does.
 */
export function addMonths(ymd: string, n: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
