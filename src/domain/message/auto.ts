import { AD_WINDOW_END, AD_WINDOW_START, inAdWindow } from './law';
import type { MessageType, TalkClass } from './template';
import { addDays, daysBetween, seoulDate, seoulDateTime } from '../seoulDay';

/**
 * Automatic messages (spec 3 §2 /b2b/message/auto, §4, §5, §9; issue 25 item 4): an auto campaign is
 * ON or OFF; while ON, a daily run (at its send time, or every hour for IMMEDIATE) sends it to the
 * customers its class names who qualify that day. Customers who qualify after the run go the next day.
 */
export const AUTO_CLASSES = ['BIRTHDAY_COUPON', 'PURCHASE_COUPON', 'SATISFACTION', 'MBA', 'RFM_PRODUCT'] as const satisfies readonly TalkClass[];
export type AutoClass = (typeof AUTO_CLASSES)[number];
export const isAutoClass = (c: unknown): c is AutoClass => (AUTO_CLASSES as readonly unknown[]).includes(c);
/** Classes that count days after a purchase (startDay ≤ days since the latest order ≤ endDay). */
export const PURCHASE_CLASSES: readonly AutoClass[] = ['PURCHASE_COUPON', 'SATISFACTION'];
/** Classes that name products bought and not bought (spec 3 §5: mba and rfm-product). */
export const PRODUCT_CLASSES: readonly AutoClass[] = ['MBA', 'RFM_PRODUCT'];

export const AUTO_STATES = ['ON', 'OFF'] as const;
export type AutoState = (typeof AUTO_STATES)[number];
/** A run's batch (spec 3 §4). */
export const BATCH_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const PRODUCTS_MAX = 20;
export const PRODUCT_NAME_MAX = 100;
export const PURCHASE_COUNT_MAX = 10_000;

const AD_LAST_MINUTE = AD_WINDOW_END.h * 60 + AD_WINDOW_END.m - 1;

/** An auto ad's daily send time must fall inside the ad window (08:00–20:49), so its run is never held. */
export function autoSendTimeInWindow(hhmm: string): boolean {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return false;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes >= AD_WINDOW_START.h * 60 + AD_WINDOW_START.m && minutes <= AD_LAST_MINUTE;
}

/** How many times one customer may receive an automatic message: once, or up to repeatCount (≤ 3) times. */
export const repeatLimit = (s: { repeatType: string; repeatCount: number }): number => (s.repeatType === 'REPEAT' ? s.repeatCount : 1);

/**
 * The run an ON campaign owes at `now`: TIME, one a Seoul day from its send time (none before it);
 * IMMEDIATE, one each Seoul hour (an ad's only inside the ad window). `key` names the run, so a run
 * is made once however often the job looks.
 */
export function autoRunSlot(schedule: { sendType: string; sendTime: string }, now: Date, type: MessageType): { key: string; dueAt: Date } | null {
  const day = seoulDate(now);
  if (schedule.sendType === 'IMMEDIATE') {
    if (type !== 'ALIM_TALK' && !inAdWindow(now)) return null;
    const hour = seoulDateTime(now).slice(11, 13);
    return { key: `${day}T${hour}`, dueAt: new Date(`${day}T${hour}:00:00+09:00`) };
  }
  if (!/^\d{2}:\d{2}$/.test(schedule.sendTime)) return null;
  const dueAt = new Date(`${day}T${schedule.sendTime}:00+09:00`);
  return now.getTime() < dueAt.getTime() ? null : { key: day, dueAt };
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The birthdays (MMDD) a birthday coupon run on `today` sends for, with the year of each: those from
 * today to `day` days ahead, so a customer gets it `day` days before the birthday, or on a later run
 * up to the birthday itself when they qualified after a run. 29 February counts on 28 February in
 * other years.
 */
export function birthdayMonthDays(today: string, day: number): { md: string; year: string }[] {
  const out: { md: string; year: string }[] = [];
  for (let d = 0; d <= day; d += 1) {
    const date = addDays(today, d);
    const md = `${date.slice(5, 7)}${date.slice(8, 10)}`;
    out.push({ md, year: date.slice(0, 4) });
    if (md === '0228' && !isLeap(Number(date.slice(0, 4)))) out.push({ md: '0229', year: date.slice(0, 4) });
  }
  return out;
}

/** The birthday (its year) a customer born on `birthday` (YYYYMMDD) is sent for on `today`; null when none. */
export function birthdayOccurrence(birthday: string | null, today: string, day: number): string | null {
  if (!birthday || !/^\d{8}$/.test(birthday)) return null;
  return birthdayMonthDays(today, day).find((b) => b.md === birthday.slice(4, 8))?.year ?? null;
}

/** The purchase (its Seoul day) a purchase coupon or survey run on `today` sends for: startDay to endDay days after it. */
export function purchaseOccurrence(latestOrderDay: string | null, today: string, startDay: number, endDay: number): string | null {
  if (!latestOrderDay) return null;
  const since = daysBetween(latestOrderDay, today);
  return since >= startDay && since <= endDay ? latestOrderDay : null;
}

/** The purchase-count condition (spec 3 §9: operation lte by default). */
export function purchaseCountMatches(count: number, purchaseCount: number | null | undefined, op: string): boolean {
  if (purchaseCount == null) return true;
  return op === 'gte' ? count >= purchaseCount : op === 'eq' ? count === purchaseCount : count <= purchaseCount;
}

/** A send time as the list shows it: "매일 11:00" or "조건이 되면 바로". */
export const autoSendLabel = (s: { sendType: string; sendTime: string }): string => (s.sendType === 'IMMEDIATE' ? '조건이 되면 바로 (매시)' : `매일 ${s.sendTime}`);
