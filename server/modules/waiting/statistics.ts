import { and, desc, eq, sql } from 'drizzle-orm';
import type { FieldErrors } from '../../../src/domain/errors';
import { FIELD_MSG } from '../../../src/domain/messages';
import { addDays, isYmd, seoulDayEnd, seoulDayStart, seoulToday } from '../../../src/domain/seoulDay';
import { isIdx } from '../../../src/domain/integers';
import { dayCount, eventStatusOn, seoulClock, trendGrouping } from '../../../src/domain/waiting';
import type { Db } from '../../db/client';
import { waitingEntries, waitings } from '../../db/schema';
import { validationFailed } from '../../http/errors';

/** The default trend period: the last 14 Seoul days (a date-range preset). */
const DEFAULT_DAYS = 14;

export interface StatisticsQuery { waitingIdx?: number; startDate?: string; endDate?: string; weekday?: number }

export function statisticsQuery(raw: unknown): StatisticsQuery {
  const q = (raw ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const out: StatisticsQuery = {};
  if (q.waitingIdx !== undefined && q.waitingIdx !== '') {
    const n = Number(q.waitingIdx);
    if (/^\d+$/.test(String(q.waitingIdx)) && isIdx(n)) out.waitingIdx = n;
    else errors.waitingIdx = FIELD_MSG.valueInvalid;
  }
  for (const k of ['startDate', 'endDate'] as const) {
    const v = q[k];
    if (v === undefined || v === '') continue;
    if (typeof v === 'string' && isYmd(v)) out[k] = v;
    else errors[k] = FIELD_MSG.dateFormat;
  }
  if (out.startDate && out.endDate && out.startDate > out.endDate) errors.endDate = FIELD_MSG.dateFormat;
  if (q.weekday !== undefined && q.weekday !== '') {
    const n = Number(q.weekday);
    if (/^[0-6]$/.test(String(q.weekday))) out.weekday = n;
    else errors.weekday = FIELD_MSG.valueInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return out;
}

const n = (v: unknown) => Number(v ?? 0);
const SEOUL_DAY = (col: unknown) => sql<string>`to_char(${col} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;

/** Bucket label of a day: the day, its week's Monday ("~주"), or its month, by the period's grouping. */
function bucketOf(day: string, grouping: 'day' | 'week' | 'month'): string {
  if (grouping === 'day') return day.slice(5);
  if (grouping === 'month') return day.slice(0, 7);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return `${addDays(day, -((weekday + 6) % 7)).slice(5)}~`;
}
function buckets(from: string, to: string): { grouping: 'day' | 'week' | 'month'; labels: string[] } {
  const grouping = trendGrouping(dayCount(from, to));
  const labels: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const b = bucketOf(d, grouping);
    if (!labels.includes(b)) labels.push(b);
  }
  return { grouping, labels };
}

/**
 * The channel dashboard's figures (spec 1 "Waiting statistics", "Event statistics", §2.6): today's
 * and the accumulated counts, one event's statistics (the asked one, else the latest), the entry and
 * revisit trends over the period grouped by its length, the hourly registrations and waits of a
 * weekday, and the revisits by event. Every count is one grouped query over the tenant's entries.
 */
export async function waitingStatistics(db: Db, tenantIdx: number, q: StatisticsQuery, now: Date) {
  const today = seoulToday(now);
  const tenant = eq(waitingEntries.tenantIdx, tenantIdx);
  const to = q.endDate ?? today;
  const from = q.startDate ?? addDays(to, -(DEFAULT_DAYS - 1));
  const todayStart = seoulDayStart(today).toISOString();
  const events = await db.select({ idx: waitings.idx, name: waitings.name, startAt: waitings.startAt, endAt: waitings.endAt })
    .from(waitings).where(eq(waitings.tenantIdx, tenantIdx)).orderBy(desc(waitings.startAt), desc(waitings.idx));
  const chosen = events.find((e) => e.idx === q.waitingIdx) ?? events[0] ?? null;

  const [[totals], byEvent, entered, hourly] = await Promise.all([
    db.select({
      waiting: sql`count(*) filter (where ${waitingEntries.status} in ('request', 'called'))`,
      enterToday: sql`count(*) filter (where ${waitingEntries.enteredAt} >= ${todayStart}::timestamptz)`,
      cancelToday: sql`count(*) filter (where ${waitingEntries.cancelledAt} >= ${todayStart}::timestamptz)`,
      visitor: sql`count(*) filter (where ${waitingEntries.status} = 'enter')`,
      agreeMarketing: sql`count(*) filter (where ${waitingEntries.agreeMarketing} = 'Y')`,
      revisit: sql`count(*) filter (where ${waitingEntries.status} = 'enter' and ${waitingEntries.isRevisit} = 'Y')`,
    }).from(waitingEntries).where(tenant),
    db.select({
      eventIdx: waitingEntries.eventIdx,
      request: sql`count(*)`,
      active: sql`count(*) filter (where ${waitingEntries.status} in ('request', 'called'))`,
      enter: sql`count(*) filter (where ${waitingEntries.status} = 'enter')`,
      cancel: sql`count(*) filter (where ${waitingEntries.status} = 'cancel')`,
      agreeMarketing: sql`count(*) filter (where ${waitingEntries.agreeMarketing} = 'Y')`,
      revisit: sql`count(*) filter (where ${waitingEntries.status} = 'enter' and ${waitingEntries.isRevisit} = 'Y')`,
      guests: sql`count(distinct ${waitingEntries.customerIdx})`,
      revisitGuests: sql`count(distinct ${waitingEntries.customerIdx}) filter (where ${waitingEntries.isRevisit} = 'Y')`,
    }).from(waitingEntries).where(tenant).groupBy(waitingEntries.eventIdx),
    db.select({ day: SEOUL_DAY(waitingEntries.enteredAt), enter: sql`count(*)`, revisit: sql`count(*) filter (where ${waitingEntries.isRevisit} = 'Y')` })
      .from(waitingEntries)
      .where(and(tenant, eq(waitingEntries.status, 'enter'), sql`${waitingEntries.enteredAt} >= ${seoulDayStart(from).toISOString()}::timestamptz`, sql`${waitingEntries.enteredAt} < ${seoulDayEnd(to).toISOString()}::timestamptz`))
      .groupBy(SEOUL_DAY(waitingEntries.enteredAt)),
    chosen
      ? db.select({
        dow: sql`extract(dow from ${waitingEntries.createdAt} at time zone 'Asia/Seoul')::int`,
        hour: sql`extract(hour from ${waitingEntries.createdAt} at time zone 'Asia/Seoul')::int`,
        requests: sql`count(*)`,
        waitMinutes: sql`coalesce(round(avg(extract(epoch from ${waitingEntries.enteredAt} - ${waitingEntries.createdAt}) / 60) filter (where ${waitingEntries.status} = 'enter')), 0)`,
      }).from(waitingEntries).where(and(tenant, eq(waitingEntries.eventIdx, chosen.idx)))
        .groupBy(sql`1`, sql`2`)
      : Promise.resolve([] as { dow: unknown; hour: unknown; requests: unknown; waitMinutes: unknown }[]),
  ]);

  const { grouping, labels } = buckets(from, to);
  const entryTrend: Record<string, number> = Object.fromEntries(labels.map((l) => [l, 0]));
  const revisitTrend: Record<string, number> = Object.fromEntries(labels.map((l) => [l, 0]));
  for (const r of entered) {
    const b = bucketOf(r.day, grouping);
    if (b in entryTrend) {
      entryTrend[b] += n(r.enter);
      revisitTrend[b] += n(r.revisit);
    }
  }
  const weekday = q.weekday ?? seoulClock(now.getTime()).weekday;
  const byTime: Record<number, { requestTime: Record<string, number>; waitingMinute: Record<string, number> }> = {};
  for (let d = 0; d < 7; d++) byTime[d] = { requestTime: {}, waitingMinute: {} };
  for (const r of hourly) {
    const t = byTime[n(r.dow)];
    t.requestTime[String(n(r.hour))] = n(r.requests);
    t.waitingMinute[String(n(r.hour))] = n(r.waitMinutes);
  }
  const hoursOf = (d: number) => Object.fromEntries(Object.entries(byTime[d].requestTime).sort(([a], [b]) => Number(a) - Number(b)).map(([h, c]) => [`${h}시`, c]));
  const stat = (idx: number) => byEvent.find((e) => e.eventIdx === idx);
  const s = chosen ? stat(chosen.idx) : undefined;
  return {
    today: { waiting: n(totals?.waiting), enter: n(totals?.enterToday), cancel: n(totals?.cancelToday) },
    accumulation: { visitor: n(totals?.visitor), agreeMarketing: n(totals?.agreeMarketing), revisit: n(totals?.revisit) },
    events: events.map((e) => ({ idx: e.idx, name: e.name, status: eventStatusOn({ startAt: e.startAt as string, endAt: e.endAt as string }, today) })),
    event: chosen ? {
      idx: chosen.idx, name: chosen.name,
      request: n(s?.request), enter: n(s?.enter), agreeMarketing: n(s?.agreeMarketing), revisit: n(s?.revisit),
      accumulateInfo: { request: n(s?.request), enter: n(s?.enter), agreeMarketing: n(s?.agreeMarketing), revisit: n(s?.revisit) },
      byStatus: { request: n(s?.active), enter: n(s?.enter), cancel: n(s?.cancel) },
      byVisit: { all: n(s?.guests), revisit: n(s?.revisitGuests) },
      byTime,
    } : null,
    period: { startDate: from, endDate: to, grouping },
    entryTrend,
    revisitTrend,
    weekday,
    hourly: hoursOf(weekday),
    revisitInfo: events.map((e) => ({ idx: e.idx, name: e.name, count: n(stat(e.idx)?.enter), revisitCount: n(stat(e.idx)?.revisit), startAt: e.startAt, endAt: e.endAt })),
  };
}
