import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY_CODE } from '../../../src/domain/guarantee';
import { maskPhone } from '../../../src/domain/lounge';
import {
  ACTIVE_STATUSES, CALL_ARRIVE_MS, CALL_CONFIRM_MS, WAITING_MSG, effectiveState, estimateWaitMinutes, minutesPerTeam, nextStatus,
  registrationRefusal, type EntryAction, type EntryStatus, type StoreState, type WaitingEventRules,
} from '../../../src/domain/waiting';
import { checkAccessAt } from '../../../src/domain/access';
import { seoulToday } from '../../../src/domain/seoulDay';
import { WAITING_RULE } from '../../../src/domain/waiting';
import type { Db } from '../../db/client';
import { brands, customers, loungeKeys, waitingEntries, waitingQueues, waitings } from '../../db/schema';
import { ApiError, conflict, isUniqueViolationOf, notFound, validationFailed } from '../../http/errors';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { loadFeatureSettings, loadSubscription } from '../../plugins/auth';
import { rowsOf } from '../products/service';

/**
 * Waiting (issue 26, docs/api/waiting.md): registrations, the staff's moves, the guest's moves and
 * the no-show sweep. Every move is one conditional UPDATE (or, where a queue number is taken, a
 * transaction that first takes the event's queue row by `INSERT … ON CONFLICT DO UPDATE … RETURNING`,
 * which locks it), so concurrent requests never share a number nor move an entry twice.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;

export type WaitingEventRow = typeof waitings.$inferSelect;

const active = inArray(waitingEntries.status, [...ACTIVE_STATUSES]);
const theEntry = (tenantIdx: number, idx: number) => and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.idx, idx));

export async function eventOf(db: Exec, tenantIdx: number, eventIdx: number): Promise<WaitingEventRow> {
  const [row] = await db.select().from(waitings).where(and(eq(waitings.tenantIdx, tenantIdx), eq(waitings.idx, eventIdx)));
  if (!row) throw notFound(WAITING_MSG.notFound);
  return row;
}

export const rulesOf = (e: WaitingEventRow): WaitingEventRules => ({
  startAt: e.startAt as string, endAt: e.endAt as string, startTime: e.startTime as number, endTime: e.endTime as number,
  maxGuests: (e.maxGuests as number | null) ?? 1,
  mon: e.mon as 'Y' | 'N', tue: e.tue as 'Y' | 'N', wed: e.wed as 'Y' | 'N', thu: e.thu as 'Y' | 'N', fri: e.fri as 'Y' | 'N', sat: e.sat as 'Y' | 'N', sun: e.sun as 'Y' | 'N',
});

/** The queue's state in force (a pause past its time reads as open) and when a pause ends. */
export async function queueStateOf(db: Exec, tenantIdx: number, eventIdx: number, now: Date): Promise<{ state: StoreState; pausedUntil: string | null }> {
  const [q] = await db.select({ state: waitingQueues.state, pausedUntil: waitingQueues.pausedUntil }).from(waitingQueues)
    .where(and(eq(waitingQueues.tenantIdx, tenantIdx), eq(waitingQueues.eventIdx, eventIdx)));
  const state = effectiveState((q?.state ?? 'open') as StoreState, q?.pausedUntil?.getTime() ?? null, now.getTime());
  return { state, pausedUntil: state === 'paused' && q?.pausedUntil ? q.pausedUntil.toISOString() : null };
}

export async function setQueueState(db: Db, tenantIdx: number, eventIdx: number, state: StoreState, pauseMinutes: number | null, now: Date) {
  await eventOf(db, tenantIdx, eventIdx);
  const pausedUntil = state === 'paused' && pauseMinutes ? new Date(now.getTime() + pauseMinutes * 60_000) : null;
  await db.insert(waitingQueues).values({ tenantIdx, eventIdx, state, pausedUntil })
    .onConflictDoUpdate({ target: [waitingQueues.tenantIdx, waitingQueues.eventIdx], set: { state, pausedUntil } });
  return queueStateOf(db, tenantIdx, eventIdx, now);
}

/** The brand's name for the messages (its first brand). */
export async function brandNameOf(db: Exec, tenantIdx: number): Promise<string> {
  const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx)).limit(1);
  return b?.name ?? '';
}

/** The tenant whose public lounge key this is, while it may run waiting (404 otherwise, as a closed lounge). */
export async function waitingTenant(db: Db, loungeKey: string, now: Date): Promise<{ tenantIdx: number; brandName: string }> {
  const [row] = await db.select({ tenantIdx: loungeKeys.tenantIdx }).from(loungeKeys).where(eq(loungeKeys.loungeKey, loungeKey)).limit(1);
  if (!row) throw notFound(WAITING_MSG.notFound);
  const [settings, subscription, brandName] = await Promise.all([loadFeatureSettings(db, row.tenantIdx), loadSubscription(db, row.tenantIdx), brandNameOf(db, row.tenantIdx)]);
  if (checkAccessAt({ adminType: 'b2b', isSubAccount: false, settings, subscription }, WAITING_RULE, now) !== null) throw notFound(WAITING_MSG.notFound);
  return { tenantIdx: row.tenantIdx, brandName };
}

/** Active entries before and at `seq` in the event: the entry's 1-based place in line. */
async function positionOf(db: Exec, tenantIdx: number, eventIdx: number, seq: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(waitingEntries)
    .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx), active, sql`${waitingEntries.seq} <= ${seq}`));
  return Number(r.n);
}

/** Minutes per team from the event's last 10 seatings. */
async function perTeamOf(db: Exec, tenantIdx: number, eventIdx: number): Promise<number> {
  const rows = await db.select({ at: waitingEntries.enteredAt }).from(waitingEntries)
    .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx), eq(waitingEntries.status, 'enter')))
    .orderBy(desc(waitingEntries.enteredAt)).limit(10);
  return minutesPerTeam(rows.map((r) => r.at!.getTime()));
}

interface Notice { brandName: string; eventName: string }
function message(tenantIdx: number, phone: string, templateCode: string, entryIdx: number, text: string, ticket: number, n: Notice): OutboundMessage {
  return {
    tenantIdx, channel: 'ALIMTALK', templateCode, countryCode: DEFAULT_COUNTRY_CODE, phone,
    variables: { brandName: n.brandName, eventName: n.eventName, ticketNo: String(ticket), text }, refType: 'waiting_entry', refIdx: entryIdx,
  };
}

/** How many teams wait in the event now, and the minutes per team: what the guest's front page shows (two indexed reads). */
export async function queueSummary(db: Db, tenantIdx: number, eventIdx: number): Promise<{ teamsWaiting: number; minutesPerTeam: number }> {
  const [[r], perTeam] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(waitingEntries)
      .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx), active)),
    perTeamOf(db, tenantIdx, eventIdx),
  ]);
  return { teamsWaiting: Number(r.n), minutesPerTeam: perTeam };
}

export interface RegisterInput { customerIdx: number; partySize: number; agreeMarketing: 'Y' | 'N' }

/**
 * A guest's registration. The reads that need no lock come first, at once (the event's rules, an
 * earlier seating for the revisit, the customer). Then one transaction of two statements: a single
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` on the event's queue row that takes the next queue and
 * ticket numbers only while the store takes waits (row-locking it until commit, so numbers are never
 * shared), feeding the entry's INSERT in the same statement; and the 알림톡 row. The partial unique
 * index (one active entry per customer and event) refuses a second registration. The lock is held for
 * those two statements only, so registrations do not queue behind one another's reads.
 */
export async function register(db: Db, messaging: MessagingProvider, tenant: { tenantIdx: number; brandName: string }, eventIdx: number, input: RegisterInput, now: Date) {
  const { tenantIdx } = tenant;
  const [event, [visited], [customer], queue] = await Promise.all([
    eventOf(db, tenantIdx, eventIdx),
    db.select({ idx: waitingEntries.idx }).from(waitingEntries)
      .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.customerIdx, input.customerIdx), eq(waitingEntries.status, 'enter'))).limit(1),
    db.select({ phone: customers.phone, agreeMarketing: customers.agreeMarketing }).from(customers)
      .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, input.customerIdx))),
    queueStateOf(db, tenantIdx, eventIdx, now),
  ]);
  const rules = rulesOf(event);
  if (input.partySize > rules.maxGuests) throw validationFailed({ partySize: WAITING_MSG.partySizeInvalid(rules.maxGuests) });
  const refusal = registrationRefusal(rules, queue.state, now.getTime());
  if (refusal) throw new ApiError(409, 'CONFLICT', refusal);
  const at = sql`${now.toISOString()}::timestamptz`;
  // Ticket numbers restart each Seoul day: the first registration of a new day takes ticket 1.
  const day = seoulToday(now);
  let entry: { idx: number; seq: number; ticketNo: number } | undefined;
  try {
    entry = await db.transaction(async (tx) => {
      const [row] = rowsOf<{ idx: number; seq: number; ticketNo: number }>(await tx.execute(sql`
        with q as (
          insert into waiting_queues (tenant_idx, event_idx, next_seq, next_ticket, ticket_day) values (${tenantIdx}, ${eventIdx}, 1, 1, ${day})
          on conflict (tenant_idx, event_idx) do update set next_seq = waiting_queues.next_seq + 1,
            next_ticket = case when waiting_queues.ticket_day = ${day} then waiting_queues.next_ticket + 1 else 1 end,
            ticket_day = ${day}
          where waiting_queues.state = 'open' or (waiting_queues.state = 'paused' and waiting_queues.paused_until <= ${at})
          returning next_seq, next_ticket
        )
        insert into waiting_entries (tenant_idx, event_idx, customer_idx, party_size, seq, ticket_no, agree_marketing, is_revisit, created_at)
        select ${tenantIdx}, ${eventIdx}, ${input.customerIdx}, ${input.partySize}, q.next_seq, q.next_ticket, ${input.agreeMarketing}, ${visited ? 'Y' : 'N'}, ${at} from q
        returning idx, seq, ticket_no as "ticketNo"`));
      if (!row) return undefined;
      const ticket = Number(row.ticketNo);
      const notice = { brandName: tenant.brandName, eventName: event.name as string };
      await messaging.queue([message(tenantIdx, customer.phone, 'WAITING_REGISTERED', Number(row.idx), WAITING_MSG.registeredText(notice.brandName, notice.eventName, ticket, await positionOf(tx, tenantIdx, eventIdx, Number(row.seq))), ticket, notice)], tx);
      return { idx: Number(row.idx), seq: Number(row.seq), ticketNo: ticket };
    });
  } catch (err) {
    if (isUniqueViolationOf(err, 'waiting_entries_one_active')) throw conflict('CONFLICT', 'partySize', WAITING_MSG.alreadyWaiting);
    throw err;
  }
  if (!entry) {
    // The store changed its state between the read and the statement: its refusal.
    const { state } = await queueStateOf(db, tenantIdx, eventIdx, now);
    throw new ApiError(409, 'CONFLICT', registrationRefusal(rules, state, now.getTime()) ?? WAITING_MSG.statePaused);
  }
  if (input.agreeMarketing === 'Y' && customer.agreeMarketing !== 'Y') {
    await db.update(customers).set({ agreeMarketing: 'Y', agreeMarketingAt: now, updatedAt: now })
      .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, input.customerIdx), eq(customers.agreeMarketing, 'N')));
  }
  return entry;
}

/** The guest's latest entry in the event, with its place, the teams ahead's estimate and the moves left. */
export async function guestEntry(db: Db, tenantIdx: number, eventIdx: number, customerIdx: number) {
  const [e] = await db.select().from(waitingEntries)
    .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx), eq(waitingEntries.customerIdx, customerIdx)))
    .orderBy(desc(waitingEntries.idx)).limit(1);
  if (!e) return null;
  const waiting = e.status === 'request' || e.status === 'called';
  const [position, perTeam] = waiting ? await Promise.all([positionOf(db, tenantIdx, eventIdx, e.seq), perTeamOf(db, tenantIdx, eventIdx)]) : [null, null];
  return {
    idx: e.idx, ticketNo: e.ticketNo, status: e.status, cancelReason: e.cancelReason, partySize: e.partySize, pushBacks: e.pushBacks,
    position, estimateMinutes: position !== null && perTeam !== null ? estimateWaitMinutes(position, perTeam) : null,
    calledAt: e.calledAt?.toISOString() ?? null, confirmedAt: e.confirmedAt?.toISOString() ?? null,
    confirmBy: e.calledAt && !e.confirmedAt ? new Date(e.calledAt.getTime() + CALL_CONFIRM_MS).toISOString() : null,
    arriveBy: e.calledAt ? new Date(e.calledAt.getTime() + CALL_ARRIVE_MS).toISOString() : null,
    createdAt: e.createdAt.toISOString(),
  };
}

async function activeEntryOf(db: Exec, tenantIdx: number, eventIdx: number, customerIdx: number) {
  const [e] = await db.select().from(waitingEntries)
    .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx), eq(waitingEntries.customerIdx, customerIdx), active)).limit(1);
  if (!e) throw notFound(WAITING_MSG.noEntry);
  return e;
}

const refuse = (message: string) => new ApiError(409, 'ILLEGAL_TRANSITION', message);

/** Checks the move on the entry as read (for its message); the UPDATE's condition is what guards it. */
function checkMove(e: { status: string; pushBacks: number; confirmedAt: Date | null }, action: EntryAction) {
  const next = nextStatus({ status: e.status as EntryStatus, pushBacks: e.pushBacks, confirmedAt: e.confirmedAt }, action);
  if ('refused' in next) throw refuse(next.refused);
}

/** The guest confirms a call: only while called and within 3 minutes of it. */
export async function guestConfirm(db: Db, tenantIdx: number, eventIdx: number, customerIdx: number, now: Date) {
  const e = await activeEntryOf(db, tenantIdx, eventIdx, customerIdx);
  checkMove(e, 'confirm');
  const cut = new Date(now.getTime() - CALL_CONFIRM_MS);
  const [done] = await db.update(waitingEntries).set({ confirmedAt: now })
    .where(and(theEntry(tenantIdx, e.idx), eq(waitingEntries.status, 'called'), sql`${waitingEntries.calledAt} > ${cut.toISOString()}::timestamptz`))
    .returning({ idx: waitingEntries.idx });
  if (!done) throw refuse(WAITING_MSG.moveRefused);
}

/**
 * The guest pushes back to the end of the queue (at most twice): a new `seq` taken under the queue
 * row's lock, set by a conditional UPDATE (still waiting, push-backs left) in the same transaction.
 */
export async function guestPushBack(db: Db, tenantIdx: number, eventIdx: number, customerIdx: number) {
  const e = await activeEntryOf(db, tenantIdx, eventIdx, customerIdx);
  checkMove(e, 'pushBack');
  await db.transaction(async (tx) => {
    const [q] = await tx.update(waitingQueues).set({ nextSeq: sql`${waitingQueues.nextSeq} + 1` })
      .where(and(eq(waitingQueues.tenantIdx, tenantIdx), eq(waitingQueues.eventIdx, eventIdx))).returning({ seq: waitingQueues.nextSeq });
    const [done] = await tx.update(waitingEntries).set({ seq: q.seq, status: 'request', pushBacks: sql`${waitingEntries.pushBacks} + 1`, calledAt: null, confirmedAt: null })
      .where(and(theEntry(tenantIdx, e.idx), active, sql`${waitingEntries.pushBacks} < 2`)).returning({ idx: waitingEntries.idx });
    if (!done) throw refuse(WAITING_MSG.pushBackLimit);
  });
}

export async function guestCancel(db: Db, tenantIdx: number, eventIdx: number, customerIdx: number, now: Date) {
  const e = await activeEntryOf(db, tenantIdx, eventIdx, customerIdx);
  const [done] = await db.update(waitingEntries).set({ status: 'cancel', cancelReason: 'guest', cancelledAt: now })
    .where(and(theEntry(tenantIdx, e.idx), active)).returning({ idx: waitingEntries.idx });
  if (!done) throw refuse(WAITING_MSG.moveRefused);
}

/**
 * A staff move (call, enter, cancel) on an entry of the event: one conditional UPDATE (the entry
 * still waiting); a call or a cancel queues its 알림톡 in the same transaction.
 */
export async function staffMove(db: Db, messaging: MessagingProvider, tenantIdx: number, eventIdx: number, entryIdx: number, action: 'call' | 'enter' | 'cancel', now: Date) {
  const event = await eventOf(db, tenantIdx, eventIdx);
  const [e] = await db.select().from(waitingEntries).where(and(theEntry(tenantIdx, entryIdx), eq(waitingEntries.eventIdx, eventIdx)));
  if (!e) throw notFound(WAITING_MSG.entryNotFound);
  checkMove(e, action);
  const set = action === 'call' ? { status: 'called' as const, calledAt: now, confirmedAt: null }
    : action === 'enter' ? { status: 'enter' as const, enteredAt: now }
      : { status: 'cancel' as const, cancelReason: 'staff' as const, cancelledAt: now };
  return db.transaction(async (tx) => {
    const [done] = await tx.update(waitingEntries).set(set).where(and(theEntry(tenantIdx, entryIdx), active)).returning();
    if (!done) throw refuse(WAITING_MSG.moveRefused);
    if (action !== 'enter') {
      const [c] = await tx.select({ phone: customers.phone }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, done.customerIdx)));
      const notice = { brandName: await brandNameOf(tx, tenantIdx), eventName: event.name as string };
      const text = action === 'call' ? WAITING_MSG.calledText(notice.brandName, notice.eventName, done.ticketNo) : WAITING_MSG.cancelledText(notice.brandName, notice.eventName, done.ticketNo);
      await messaging.queue([message(tenantIdx, c.phone, action === 'call' ? 'WAITING_CALLED' : 'WAITING_CANCELLED', done.idx, text, done.ticketNo, notice)], tx);
    }
    return { idx: done.idx, status: done.status, ticketNo: done.ticketNo };
  });
}

export type ListTab = 'waiting' | 'entered' | 'cancelled';

/** The staff's list of an event: the waiting queue in order with places, or the seated, or the cancelled (newest first). */
export async function staffList(db: Db, tenantIdx: number, eventIdx: number, tab: ListTab, now: Date) {
  const event = await eventOf(db, tenantIdx, eventIdx);
  const where = and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx),
    tab === 'waiting' ? active : eq(waitingEntries.status, tab === 'entered' ? 'enter' : 'cancel'));
  const order = tab === 'waiting' ? [asc(waitingEntries.seq)] : tab === 'entered' ? [desc(waitingEntries.enteredAt)] : [desc(waitingEntries.cancelledAt)];
  const rows = await db.select({
    idx: waitingEntries.idx, ticketNo: waitingEntries.ticketNo, status: waitingEntries.status, partySize: waitingEntries.partySize,
    pushBacks: waitingEntries.pushBacks, cancelReason: waitingEntries.cancelReason, agreeMarketing: waitingEntries.agreeMarketing,
    isRevisit: waitingEntries.isRevisit, calledAt: waitingEntries.calledAt, confirmedAt: waitingEntries.confirmedAt,
    enteredAt: waitingEntries.enteredAt, cancelledAt: waitingEntries.cancelledAt, createdAt: waitingEntries.createdAt,
    phone: customers.phone, customerName: customers.name,
  }).from(waitingEntries)
    .innerJoin(customers, and(eq(customers.tenantIdx, waitingEntries.tenantIdx), eq(customers.idx, waitingEntries.customerIdx)))
    .where(where).orderBy(...order).limit(500);
  const [counts, queue, perTeam] = await Promise.all([
    db.select({ status: waitingEntries.status, n: sql<number>`count(*)::int` }).from(waitingEntries)
      .where(and(eq(waitingEntries.tenantIdx, tenantIdx), eq(waitingEntries.eventIdx, eventIdx))).groupBy(waitingEntries.status),
    queueStateOf(db, tenantIdx, eventIdx, now),
    perTeamOf(db, tenantIdx, eventIdx),
  ]);
  const count = (s: EntryStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    event: { idx: event.idx, name: event.name },
    ...queue,
    minutesPerTeam: perTeam,
    counts: { waiting: count('request') + count('called'), entered: count('enter'), cancelled: count('cancel') },
    list: rows.map((r, i) => ({
      idx: r.idx, ticketNo: r.ticketNo, status: r.status, partySize: r.partySize, pushBacks: r.pushBacks, cancelReason: r.cancelReason,
      agreeMarketing: r.agreeMarketing, isRevisit: r.isRevisit, customerName: r.customerName, phoneMasked: maskPhone(r.phone),
      position: tab === 'waiting' ? i + 1 : null,
      calledAt: iso(r.calledAt), confirmedAt: iso(r.confirmedAt), enteredAt: iso(r.enteredAt), cancelledAt: iso(r.cancelledAt), createdAt: iso(r.createdAt),
    })),
  };
}

export const NO_SHOW_BATCH = 200;

/**
 * The no-show sweep (server/jobs/waitingNoShows.ts): claims called entries past their 3-minute
 * confirmation or 10-minute arrival (`FOR UPDATE SKIP LOCKED`, so processes running it at once
 * take different rows), cancels them and queues each guest's 알림톡, in one transaction a batch.
 */
export async function expireNoShows(db: Db, messaging: MessagingProvider, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select tenant_idx, idx from waiting_entries
        where status = 'called'
          and ((confirmed_at is null and called_at <= ${at} - make_interval(secs => ${CALL_CONFIRM_MS / 1000}))
            or called_at <= ${at} - make_interval(secs => ${CALL_ARRIVE_MS / 1000}))
        order by called_at
        limit ${NO_SHOW_BATCH}
        for update skip locked
      )
      update waiting_entries e set status = 'cancel', cancel_reason = 'noShow', cancelled_at = ${at}
      from due where e.tenant_idx = due.tenant_idx and e.idx = due.idx and e.status = 'called'
      returning e.tenant_idx as "tenantIdx", e.idx, e.event_idx as "eventIdx", e.customer_idx as "customerIdx", e.ticket_no as "ticketNo"`);
    const rows = rowsOf<{ tenantIdx: number; idx: number; eventIdx: number; customerIdx: number; ticketNo: number }>(result);
    const messages: OutboundMessage[] = [];
    for (const r of rows) {
      const tenantIdx = Number(r.tenantIdx);
      const [c] = await tx.select({ phone: customers.phone }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, Number(r.customerIdx))));
      const event = await eventOf(tx, tenantIdx, Number(r.eventIdx));
      const notice = { brandName: await brandNameOf(tx, tenantIdx), eventName: event.name as string };
      messages.push(message(tenantIdx, c.phone, 'WAITING_NO_SHOW', Number(r.idx), WAITING_MSG.noShowText(notice.brandName, notice.eventName, Number(r.ticketNo)), Number(r.ticketNo), notice));
    }
    if (messages.length) await messaging.queue(messages, tx);
    return rows.length;
  });
}
