import { addDays, addMonths, seoulDate, seoulDayStart, SEOUL_OFFSET_MS } from '../seoulDay';

/**
 * The law and courtesy of advertising messages (정보통신망법 §50; issue 25 "Law and courtesy"),
 * applied by the server at send time and shown by the composer.
 */

/** Ads go out 08:00–20:50 Seoul time on every channel (Kakao's Brand Message blocks 20:50–08:00). */
export const AD_WINDOW_START = { h: 8, m: 0 };
export const AD_WINDOW_END = { h: 20, m: 50 };

const minutesOfSeoulDay = (at: Date) => {
  const s = new Date(at.getTime() + SEOUL_OFFSET_MS);
  return s.getUTCHours() * 60 + s.getUTCMinutes() + s.getUTCSeconds() / 60 + s.getUTCMilliseconds() / 60000;
};
const at0800 = (ymd: string) => new Date(`${ymd}T08:00:00+09:00`);

/** Whether an ad may go at this instant: 08:00 ≤ Seoul time < 20:50. */
export function inAdWindow(at: Date): boolean {
  const m = minutesOfSeoulDay(at);
  return m >= AD_WINDOW_START.h * 60 + AD_WINDOW_START.m && m < AD_WINDOW_END.h * 60 + AD_WINDOW_END.m;
}

/** When an ad meant for `at` goes: `at` inside the window, else the next 08:00 (held). */
export function adSendTime(at: Date): { at: Date; held: boolean } {
  if (inAdWindow(at)) return { at, held: false };
  const day = seoulDate(at);
  const m = minutesOfSeoulDay(at);
  return { at: m < AD_WINDOW_START.h * 60 ? at0800(day) : at0800(addDays(day, 1)), held: true };
}

export interface Sender {
  /** The brand's name, as the sender. */
  name: string;
  /** The brand's contact number. */
  contact: string;
  /** The free 080 opt-out number. */
  optOut: string;
}

export const AD_PREFIX = '(광고)';

/** The fixed frame of an ad: "(광고)" and the sender first, the contact and the free opt-out line last. */
export function adFrame(sender: Sender): { head: string; tail: string } {
  return { head: `${AD_PREFIX} ${sender.name}\n`, tail: `\n\n문의 ${sender.contact}\n무료수신거부 ${sender.optOut}` };
}

/**
 * The body an ad goes out with. The frame is always added (the composer shows it fixed); a "(광고)"
 * the admin typed at the start is dropped rather than doubled.
 */
export function frameAd(content: string, sender: Sender): string {
  const { head, tail } = adFrame(sender);
  const body = content.replace(/^\s*\(광고\)\s*/, '');
  return `${head}${body}${tail}`;
}

export type ConsentChannel = 'SMS' | 'BRAND' | 'ALIMTALK';

export interface ConsentState {
  agreeMarketing: 'Y' | 'N';
  agreeSms: 'Y' | 'N';
  /** Consent that names KakaoTalk (Brand Message M/N targeting). */
  agreeKakao: 'Y' | 'N';
  latestOrderedAt: Date | null;
  /** When the customer opted out by the 080 number (or the channel's own opt-out), if ever. */
  optedOutAt: Date | null;
}

/** A purchase in the last 6 months makes a customer marketable by SMS (spec 3 §3). */
export const RECENT_PURCHASE_MONTHS = 6;

export function purchasedRecently(latestOrderedAt: Date | null, now: Date): boolean {
  if (!latestOrderedAt) return false;
  return seoulDate(latestOrderedAt) >= addMonths(seoulDate(now), -RECENT_PURCHASE_MONTHS);
}

/**
 * Consent at send time. 알림톡 is information only and needs none. An opt-out stops every ad. SMS:
 * marketing or SMS consent, or a purchase within 6 months. Brand Message (M/N targeting): only a
 * consent naming KakaoTalk; a purchase does not count.
 */
export function mayAdvertise(channel: ConsentChannel, c: ConsentState, now: Date): boolean {
  if (channel === 'ALIMTALK') return true;
  if (c.optedOutAt) return false;
  if (channel === 'BRAND') return c.agreeKakao === 'Y';
  return c.agreeMarketing === 'Y' || c.agreeSms === 'Y' || purchasedRecently(c.latestOrderedAt, now);
}

/** Ads a customer may receive per channel per Seoul day (a brand setting). */
export const FREQUENCY_CAP_DEFAULT = 1;
export const FREQUENCY_CAP_MAX = 10;

export const underFrequencyCap = (sentToday: number, cap: number = FREQUENCY_CAP_DEFAULT): boolean => sentToday < cap;

/**
 * Every consenting customer is told of their consent at least once every 2 years (정보통신망법 §50⑧,
 * 시행령 §62-3). The 2 years run from the later of the last notice and the consent (a consent given
 * again after a notice starts them again).
 */
export const CONSENT_NOTICE_YEARS = 2;

/** The day from which the 2 years run: the later of the consent and the last notice; null without a consent. */
export function consentNoticeSince(agreedAt: Date | null, lastNoticeAt: Date | null): Date | null {
  if (!agreedAt) return null;
  return lastNoticeAt && lastNoticeAt.getTime() > agreedAt.getTime() ? lastNoticeAt : agreedAt;
}

/** The first instant the notice is due: the same Seoul day 2 years after `since`. */
export const consentNoticeDueFrom = (since: Date): Date => seoulDayStart(addMonths(seoulDate(since), 12 * CONSENT_NOTICE_YEARS));

export function consentNoticeDue(agreedAt: Date | null, lastNoticeAt: Date | null, now: Date): boolean {
  const since = consentNoticeSince(agreedAt, lastNoticeAt);
  if (!since) return false;
  return now.getTime() >= consentNoticeDueFrom(since).getTime();
}

/** Who may open the messages area and call its API: main accounts only (spec 3 §6: hidden from sub-accounts). */
export const MESSAGE_RULE = { mainOnly: true } as const;
