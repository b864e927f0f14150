/**
 * The ticketing queues, computed from the bookings at each read (never stored): a booking is in a queue while its
 * condition holds, so whatever action ends the condition also takes it out. Staff read every booking; an agent
 * reads its own. Each queue is ordered by deadline, nearest first; rows without a deadline come last.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { QueueAction, QueueName, QueueReason, QueueRow, QueueSummary } from '../../contract/queues';
import { QUEUES } from '../../contract/queues';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, payments, scheduleChanges, users } from '../db/schema';
import type { BookingRow } from '../bookings/records';
import { agentBookingsScope } from '../agency/scope';
import { tripAirports } from '../bookings/route';
import { addDays, getBookingSettings, localDay, startOfLocalDay, voidWindowClosesAt } from '../booking-ops/settings';

/** More rows than this in one queue is a backlog to fix elsewhere; the list shows the nearest deadlines. */
const MAX_ROWS = 500;
/** A void window closes by the midnight after issue, so only tickets issued in the last two days can be closing. */
const VOID_LOOKBACK_MS = 2 * 86_400_000;

interface Reader { user: SessionUser; now: Date; ruleZone: string; readerZone: string }
interface Hit { b: BookingRow; reason: QueueReason; deadline: Date | null; action: QueueAction }

const ownScope = (user: SessionUser): SQL | undefined => (can(user.role, 'bookings.read') ? undefined : agentBookingsScope(user));

const staffLink = (b: BookingRow) => (b.channel === 'agent' ? `/admin/booking-details?id=${b.id}` : b.channel === 'staff' ? `/admin/direct-booking-details?id=${b.id}` : `/admin/customer-booking-details?id=${b.id}`);
/** An agent has one page per booking, with its actions, whatever the booking's kind. */
const agentLink = (b: BookingRow) => `/agent/pnr-details?id=${b.id}`;

async function select(db: DbOrTx, user: SessionUser, where: SQL | undefined): Promise<BookingRow[]> {
  return db.select().from(bookings).where(and(where, ownScope(user))).orderBy(asc(bookings.id)).limit(MAX_ROWS * 2);
}

/** Held bookings: the hold lapses (and the seats go) at its expiry unless ticketed or canceled first. */
async function holdsExpiring(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const rows = await select(db, r.user, and(eq(bookings.status, 'booked'), gt(bookings.holdExpiresAt, r.now)));
  return rows.map((b) => ({ b, reason: 'hold_expires', deadline: b.holdExpiresAt, action: 'ticket_or_cancel' }));
}

/**
 * Held bookings whose supplier sets its own deadline to pay and issue (a remote supplier's held order:
 * `payment_required_by`). The embedded supplier keeps no deadline of its own: its order is released by our hold
 * job, so its holds are in holds_expiring only.
 */
async function ticketingTimeLimit(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const limit = sql<string | null>`${bookings.supplierOrder}->'remote'->>'payment_required_by'`;
  const rows = await select(db, r.user, and(eq(bookings.status, 'booked'), sql`${limit} is not null`));
  return rows.flatMap((b) => {
    const at = new Date((b.supplierOrder as { remote?: { payment_required_by?: string } }).remote?.payment_required_by ?? '');
    return Number.isNaN(at.getTime()) || at <= r.now ? [] : [{ b, reason: 'supplier_time_limit' as const, deadline: at, action: 'issue_before_limit' as const }];
  });
}

/** Tickets still voidable whose void window closes before the end of the reader's today (a reissued ticket is not voidable). */
async function voidWindowClosing(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const since = new Date(r.now.getTime() - VOID_LOOKBACK_MS);
  const rows = await select(db, r.user, and(eq(bookings.status, 'ticketed'), isNull(bookings.reissuedAt), isNotNull(bookings.ticketedAt), gt(bookings.ticketedAt, since)));
  const endOfReaderDay = startOfLocalDay(addDays(localDay(r.now, r.readerZone), 1), r.readerZone);
  return rows.flatMap((b) => {
    const closes = voidWindowClosesAt(b.ticketedAt!, r.ruleZone);
    return closes > r.now && closes <= endOfReaderDay ? [{ b, reason: 'void_window_closes' as const, deadline: closes, action: 'check_or_void' as const }] : [];
  });
}

/** Unanswered airline changes, one row per booking; the deadline is the first departure of the trip. */
async function scheduleChangesUnanswered(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const rows = await db.selectDistinctOn([bookings.id], { b: bookings }).from(scheduleChanges)
    .innerJoin(bookings, eq(bookings.id, scheduleChanges.bookingId))
    .where(and(isNull(scheduleChanges.answer), inArray(bookings.status, ['booked', 'ticketed']), ownScope(r.user)))
    .orderBy(asc(bookings.id)).limit(MAX_ROWS * 2);
  return rows.map(({ b }) => ({ b, reason: 'schedule_change_unanswered', deadline: firstDeparture(b), action: 'answer_change' }));
}

/** Refunds and voids asked for and not yet decided; a void must be decided before its window closes. */
async function refundsPending(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const rows = await select(db, r.user, inArray(bookings.status, ['refund_requested', 'requested']));
  return rows.map((b) => b.status === 'requested'
    ? { b, reason: 'void_requested', deadline: b.ticketedAt ? voidWindowClosesAt(b.ticketedAt, r.ruleZone) : null, action: 'decide_void' }
    : { b, reason: 'refund_requested', deadline: null, action: 'decide_refund' });
}

/**
 * A card refund the provider refused (still owed), or a hold whose latest card payment failed and is still unpaid
 * (paying again before the hold lapses clears it).
 */
async function failedPayments(db: DbOrTx, r: Reader): Promise<Hit[]> {
  const latest = db.selectDistinctOn([payments.bookingId], { bookingId: payments.bookingId, status: payments.status }).from(payments)
    .where(isNotNull(payments.bookingId)).orderBy(payments.bookingId, sql`${payments.id} desc`).as('latest');
  const refundFailed = () => db.select({ id: payments.bookingId }).from(payments).where(eq(payments.status, 'refund_failed'));
  const rows = await db.select({ b: bookings }).from(bookings).leftJoin(latest, eq(latest.bookingId, bookings.id))
    .where(and(ownScope(r.user), or(inArray(bookings.id, refundFailed()), and(eq(bookings.status, 'booked'), eq(latest.status, 'failed')))))
    .orderBy(asc(bookings.id)).limit(MAX_ROWS * 2);
  const owed = new Set((await refundFailed()).map((p) => p.id));
  return rows.map(({ b }) => owed.has(b.id)
    ? { b, reason: 'refund_failed', deadline: null, action: 'settle_refund' }
    : { b, reason: 'payment_failed', deadline: b.holdExpiresAt, action: 'pay_again' });
}

const COLLECT: Record<QueueName, (db: DbOrTx, r: Reader) => Promise<Hit[]>> = {
  holds_expiring: holdsExpiring, ticketing_time_limit: ticketingTimeLimit, void_window_closing: voidWindowClosing,
  schedule_changes: scheduleChangesUnanswered, refunds_pending: refundsPending, failed_payments: failedPayments,
};

function firstDeparture(b: BookingRow): Date | null {
  const at = (b.itinerary as { journeys?: { departure_at?: string }[] } | null)?.journeys?.[0]?.departure_at;
  const d = at ? new Date(at) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const byDeadline = (a: Hit, b: Hit) => (a.deadline?.getTime() ?? Infinity) - (b.deadline?.getTime() ?? Infinity) || a.b.id - b.b.id;

async function reader(ctx: AppContext, user: SessionUser, tz: string | undefined): Promise<Reader> {
  const ruleZone = (await getBookingSettings(ctx.db)).timeZone;
  return { user, now: ctx.now(), ruleZone, readerZone: tz ?? ruleZone };
}

async function ownerNames(db: DbOrTx, hits: Hit[]): Promise<Map<number, string>> {
  const ids = [...new Set(hits.map((h) => h.b.userId).filter((x): x is number => x !== null))];
  const rows = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** GET /queues/{queue}: its rows, nearest deadline first. */
export async function queueRows(ctx: AppContext, user: SessionUser, queue: QueueName, tz?: string): Promise<QueueRow[]> {
  const hits = (await COLLECT[queue](ctx.db, await reader(ctx, user, tz))).sort(byDeadline).slice(0, MAX_ROWS);
  const names = await ownerNames(ctx.db, hits);
  const staff = can(user.role, 'bookings.read');
  return hits.map(({ b, reason, deadline, action }) => ({
    booking_id: b.id, pnr: b.pnr, route: tripAirports(b).join('-'), who: (b.userId !== null ? names.get(b.userId) : undefined) ?? b.contactEmail,
    channel: b.channel, status: b.status, reason, deadline: deadline?.toISOString() ?? null, action, link: staff ? staffLink(b) : agentLink(b),
  }));
}

/** GET /queues: every queue with its count and nearest deadline, in the fixed order of QUEUES. */
export async function queueSummaries(ctx: AppContext, user: SessionUser, tz?: string): Promise<QueueSummary[]> {
  const r = await reader(ctx, user, tz);
  return Promise.all(QUEUES.map(async (queue) => {
    const hits = await COLLECT[queue](ctx.db, r);
    const first = hits.filter((h) => h.deadline).sort(byDeadline)[0];
    return { queue, count: hits.length, oldest_deadline: first?.deadline?.toISOString() ?? null };
  }));
}
