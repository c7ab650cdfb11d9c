import * as yup from 'yup';
import { addMonths, daysBetween, seoulDate, seoulDayStart, seoulToday } from './seoulDay';
import { deriveSubscriptionState, isActiveState, type PlanGroup, type SubscriptionInfo, type SubscriptionState } from './plans';
import { withVat } from './vat';

/**
 * Subscription prices, proration and renewals (spec 1 sections 3, 4 and 7; issue 12 items 1 and 4).
 *
 * The rules, written once here for the calculator route, the subscribe route, the renewal job and
 * the console:
 * - A plan's `price` is monthly, VAT excluded; a charge adds VAT 10% (`withVat`, src/domain/vat.ts: per item, rounded half up).
 * - A new paid period starts now and ends at 00:00 Seoul on the same day next month (`periodEndFor`):
 *   the day of subscribing is its first day, like the trial.
 * - **Changing plan during a paid period (upgrade or downgrade) keeps the period's end.** Counting
 *   whole Seoul days from today to the end (`remainingDays`, today included) over the period's days
 *   (`periodDays`): the old plan's unused part `round(old × remaining / period)` is credited, the new
 *   plan's part `round(new × remaining / period)` is charged, each plus VAT. The difference is what
 *   is paid now (an upgrade) or refunded (a downgrade: a REFUND_PLAN item).
 * - With no paid period running (none, a trial, an ended one) the new plan is charged in full for a
 *   new month from today.
 * - Cancelling runs to the period's end: the row keeps its end date and `isCanceled`, the derived
 *   state stays CHARGED until then, and the renewal job skips it.
 * - Renewal: tried `RENEWAL_TRIES` times a day apart, the first `RENEWAL_TRIES - 1` days before the
 *   period's end and the last at the end (`renewalAttemptDue`), so a failing card keeps the paid
 *   days. A try also waits most of a day after the one before (RENEWAL_TRY_SPACING_MS): a job that
 *   did not run for days catches up one try a day, not every overdue try at once on the same card. After the last failure no more
 *   tries, and the derived state becomes
 *   CHARGED_PLAN_FINISHED at the end date. A success extends the end by one month from the old end.
 */

export const RENEWAL_TRIES = 3;
/** Plans a brand may subscribe to itself: FREE is no subscription, ENTERPRISE is contracted. */
export const SUBSCRIBABLE_GROUPS: readonly PlanGroup[] = ['STARTER', 'STANDARD', 'PRO'];

export const SUBSCRIPTION_MSG = {
  planRequired: '요금제를 선택해 주세요',
  planNotFound: '요금제를 찾을 수 없어요',
  planNotSubscribable: '이 요금제는 직접 구독할 수 없어요. 고객센터에 문의해 주세요',
  alreadySubscribed: '이미 이용 중인 요금제예요',
  cardRequired: '먼저 결제 카드를 등록해 주세요',
  noSubscription: '해지할 구독이 없어요',
  alreadyCanceled: '이미 해지된 구독이에요',
  notCancelable: '해지할 수 없는 구독이에요',
  idempotencyKey: 'Idempotency-Key는 8~64자의 영문, 숫자, -, _ 로 입력해 주세요',
  chargeFailed: '결제에 실패했습니다. 다시 시도해주세요.',
  billNotFound: '청구서를 찾을 수 없어요',
  billSortInvalid: '정렬은 ASC 또는 DESC 중 하나예요',
} as const;

/** POST /v2/subscription and /v2/subscription/calculator. */
export const subscribeSchema = yup.object({
  planId: yup.string().trim().required(SUBSCRIPTION_MSG.planRequired).max(64, SUBSCRIPTION_MSG.planNotFound),
}).noUnknown().strict(false);
export type SubscribeForm = yup.InferType<typeof subscribeSchema>;

/** The end of a month-long period started at `start`: 00:00 Seoul on the same day next month. */
export const periodEndFor = (start: Date): Date => seoulDayStart(addMonths(seoulToday(start), 1));

/** The next period's end after a renewal: one month after the old end, on the Seoul calendar. */
export const nextPeriodEnd = (end: Date): Date => seoulDayStart(addMonths(seoulDate(end), 1));

/** Seoul days of the period from start to end (at least 1). */
export const periodDays = (start: Date, end: Date): number => Math.max(1, daysBetween(seoulDate(start), seoulDate(end)));

/** Seoul days left in the period, today included (0 once ended). */
export const remainingDays = (end: Date, now: Date): number => Math.max(0, daysBetween(seoulToday(now), seoulDate(end)));

export interface PricedPlan { planId: string; groupId: PlanGroup; name: string; price: number }
export interface PaidPeriod { plan: PricedPlan; startDate: Date; endDate: Date }

export type QuoteKind = 'NEW' | 'UPGRADE' | 'DOWNGRADE' | 'SAME';
export interface QuoteItem {
  itemType: 'PLAN' | 'REFUND_PLAN';
  itemName: string;
  /** Monthly price of the plan (VAT excluded). */
  originPrice: number;
  /** This item's price, VAT excluded (negative for a refund). */
  price: number;
  vat: number;
  totalAmount: number;
  count: number;
  startDate: string;
  endDate: string;
}
export interface Quote {
  kind: QuoteKind;
  planId: string;
  startDate: string;
  endDate: string;
  remainingDays: number | null;
  periodDays: number | null;
  items: QuoteItem[];
  /** VAT excluded; negative when money is refunded. */
  price: number;
  vat: number;
  /** What is charged now (positive) or refunded (negative), VAT included. */
  totalAmount: number;
}

const item = (itemType: QuoteItem['itemType'], plan: PricedPlan, price: number, start: Date, end: Date): QuoteItem => {
  // A refund's VAT mirrors the same charge's (src/domain/vat.ts), so a credit and its charge cancel out exactly.
  const { vat, total } = withVat(price);
  return {
    itemType, itemName: plan.name, originPrice: plan.price, price, vat, totalAmount: total, count: 1,
    startDate: start.toISOString(), endDate: end.toISOString(),
  };
};

/**
 * The price of moving to `plan` now. `current` is the running paid period (not a trial, not
 * ended); without one it is a new month at the full price.
 */
export function quote(plan: PricedPlan, current: PaidPeriod | null, now: Date): Quote {
  if (!current || current.endDate.getTime() <= now.getTime()) {
    const end = periodEndFor(now);
    const it = item('PLAN', plan, plan.price, now, end);
    return { kind: 'NEW', planId: plan.planId, startDate: now.toISOString(), endDate: end.toISOString(), remainingDays: null, periodDays: null, items: [it], price: it.price, vat: it.vat, totalAmount: it.totalAmount };
  }
  const days = periodDays(current.startDate, current.endDate);
  const left = Math.min(days, remainingDays(current.endDate, now));
  const kind: QuoteKind = plan.planId === current.plan.planId ? 'SAME' : plan.price >= current.plan.price ? 'UPGRADE' : 'DOWNGRADE';
  const base = { kind, planId: plan.planId, startDate: now.toISOString(), endDate: current.endDate.toISOString(), remainingDays: left, periodDays: days };
  if (kind === 'SAME') return { ...base, items: [], price: 0, vat: 0, totalAmount: 0 };
  const credit = Math.round((current.plan.price * left) / days);
  const charge = Math.round((plan.price * left) / days);
  const items = [item('PLAN', plan, charge, now, current.endDate), item('REFUND_PLAN', current.plan, -credit, now, current.endDate)];
  const price = charge - credit;
  const totalAmount = items.reduce((s, i) => s + i.totalAmount, 0);
  return { ...base, items, price, vat: totalAmount - price, totalAmount };
}

/**
 * When renewal attempt `attempt` (0-based) of a period ending at `end` may run: the first
 * `RENEWAL_TRIES - 1` days before the end, one a day, the last at the end. null once all were tried.
 */
export function renewalAttemptAt(end: Date, attempt: number): Date | null {
  if (attempt < 0 || attempt >= RENEWAL_TRIES) return null;
  return new Date(end.getTime() - (RENEWAL_TRIES - 1 - attempt) * 24 * 60 * 60 * 1000);
}

/**
 * The least time between two tries of one renewal: under a day, so a try on its daily schedule is never
 * put off by the job's own timing (it runs hourly, and a run a few minutes earlier than the day
 * before must still make its try), yet far more than one run, so a late job never repeats a
 * declined card at once.
 */
export const RENEWAL_TRY_SPACING_MS = 20 * 60 * 60 * 1000;

/** Whether attempt `attempt` is due at `now`: its time has come, and RENEWAL_TRY_SPACING_MS have passed since the last try (`lastTriedAt`). */
export function renewalAttemptDue(end: Date, attempt: number, now: Date, lastTriedAt: Date | null = null): boolean {
  const at = renewalAttemptAt(end, attempt);
  if (at === null || at.getTime() > now.getTime()) return false;
  return lastTriedAt === null || lastTriedAt.getTime() + RENEWAL_TRY_SPACING_MS <= now.getTime();
}

/**
 * What the console shows of a subscription (issue 23 item 11): one status, computed on the server with
 * its clock (GET /v2/subscription `status`) and only displayed by the console. A cancelled subscription
 * whose period still runs is CANCEL_SCHEDULED (해지 예약됨); once the period ended it is
 * CHARGED_PLAN_FINISHED (구독 종료) only, never both.
 */
export type SubscriptionStatus = SubscriptionState | 'CANCEL_SCHEDULED';
export function subscriptionStatusOf(sub: SubscriptionInfo | null, now: Date): SubscriptionStatus | null {
  const state = deriveSubscriptionState(sub, now);
  return state === 'CHARGED' && sub?.isCanceled ? 'CANCEL_SCHEDULED' : state;
}

/** Whether the plan of a subscription in this status is in use (the plan card's 이용 중): not once a trial or a paid period ended. */
export const isPlanInUse = (status: SubscriptionStatus | null): boolean => status === 'CANCEL_SCHEDULED' || isActiveState(status);

/**
 * Which way the money of a quote goes (issue 23 item 10): PAY when the card is charged, REFUND when money
 * comes back (a downgrade), NONE when nothing moves (resuming a cancelled plan). The dialog says 결제 only for PAY.
 */
export type QuoteDirection = 'PAY' | 'REFUND' | 'NONE';
export const quoteDirection = (q: Pick<Quote, 'totalAmount'>): QuoteDirection => (q.totalAmount > 0 ? 'PAY' : q.totalAmount < 0 ? 'REFUND' : 'NONE');

/** One line of a plan change's proration (issue 23 item 12), VAT included so the lines add up to the total. */
export interface ProrationLine {
  /** CHARGE: the new plan for the days left; CREDIT: the unused part of the current plan. */
  kind: 'CHARGE' | 'CREDIT';
  planName: string;
  /** The plan's monthly price, VAT excluded. */
  monthlyPrice: number;
  days: number;
  periodDays: number;
  /** Won, VAT included, never negative (a CREDIT line is subtracted). */
  amount: number;
}

/** The lines of a change (UPGRADE or DOWNGRADE): the new plan for the remaining days, minus the unused part of the old. Empty otherwise. */
export function prorationLines(q: Pick<Quote, 'kind' | 'items' | 'remainingDays' | 'periodDays'>): ProrationLine[] {
  if ((q.kind !== 'UPGRADE' && q.kind !== 'DOWNGRADE') || q.remainingDays === null || q.periodDays === null) return [];
  const days = q.remainingDays;
  const periodDays = q.periodDays;
  return q.items.map((i) => ({
    kind: i.itemType === 'REFUND_PLAN' ? 'CREDIT' : 'CHARGE',
    planName: i.itemName, monthlyPrice: i.originPrice, days, periodDays, amount: Math.abs(i.totalAmount),
  }));
}
