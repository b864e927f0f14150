/** What owners and staff read of schedule changes: a booking's changes, and the staff worklist. */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ScheduleChange, ScheduleChangeRow } from '../../contract/schedule-changes';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, scheduleChanges, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { BookingRow } from '../bookings/records';
import { tripAirports } from '../bookings/route';
import { accessOf, OPS, type Access } from '../booking-ops/service';

export const SC = {
  notFound: 'Schedule change not found.',
  answered: 'This schedule change has already been answered.',
  canceledFlight: 'The airline canceled this flight: choose another flight or ask for a refund.',
  notMovable: 'Only a held or paid booking can move to another flight.',
  notHeld: 'Only a held (unpaid) booking can be dropped here; a paid booking can ask for a refund.',
  notRefundable: 'Only a paid (ticketed) booking can be refunded; a held booking can move to another flight or drop the hold.',
  sameRoute: 'Choose a flight on the same route, for the same travellers and cabin, within a day of the changed flight.',
  accepted: 'The new flight times are accepted.',
  rebooked: 'The booking is moved to the new flight at no cost.',
  refundRequested: 'Full refund requested. Our staff will pay it back.',
  holdCanceled: 'The hold is canceled; nothing was charged.',
} as const;

type Row = typeof scheduleChanges.$inferSelect;

/**
 * What may be answered depends on the booking: a paid one accepts, moves or is refunded; a held one (nothing paid)
 * accepts, moves to another held flight or drops the hold; a flight that no longer flies cannot be accepted.
 */
export function answersFor(r: Pick<Row, 'answer' | 'newSegment'>, status: string): ScheduleChange['can'] {
  const open = r.answer === null;
  const paid = status === 'ticketed', held = status === 'booked';
  return { accept: open && r.newSegment !== null, rebook: open && (paid || held), refund: open && paid, cancel: open && held };
}

export function toWire(r: Row, b: Pick<BookingRow, 'pnr' | 'status'>): ScheduleChange {
  return {
    id: r.id, booking_id: r.bookingId, pnr: b.pnr, kind: r.kind, old_segment: r.oldSegment, new_segment: r.newSegment,
    created_at: r.createdAt.toISOString(), answer: r.answer, answered_at: r.answeredAt?.toISOString() ?? null,
    can: answersFor(r, b.status),
  };
}

/** The booking by its PNR as this user may see it (owner or staff), or 404. */
export async function visibleByPnr(db: DbOrTx, user: SessionUser, pnr: string): Promise<{ b: BookingRow; access: Access }> {
  const [b] = await db.select().from(bookings).where(eq(bookings.pnr, pnr.toUpperCase())).limit(1);
  const access = b ? accessOf(b, user) : null;
  if (!b || !access) throw notFound(OPS.notFound);
  return { b, access };
}

/** GET /bookings/flight/{pnr}/schedule-changes: newest first. */
export async function changesOfBooking(ctx: AppContext, user: SessionUser, pnr: string): Promise<ScheduleChange[]> {
  const { b } = await visibleByPnr(ctx.db, user, pnr);
  const rows = await ctx.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, b.id)).orderBy(desc(scheduleChanges.id));
  return rows.map((r) => toWire(r, b));
}

/**
 * GET /schedule-changes: the staff worklist, oldest unanswered first (they waited longest); a customer or agent
 * gets the changes of its own bookings (My trips marks the trips waiting for an answer).
 */
export async function worklist(ctx: AppContext, user: SessionUser, status: 'unanswered' | 'answered' | 'all'): Promise<ScheduleChangeRow[]> {
  const where = status === 'unanswered' ? isNull(scheduleChanges.answer) : status === 'answered' ? isNotNull(scheduleChanges.answer) : undefined;
  const own = can(user.role, 'bookings.manage') ? undefined : eq(bookings.userId, user.id);
  const rows = await ctx.db.select({ c: scheduleChanges, b: bookings }).from(scheduleChanges)
    .innerJoin(bookings, eq(bookings.id, scheduleChanges.bookingId)).where(and(where, own))
    .orderBy(status === 'unanswered' ? scheduleChanges.createdAt : desc(scheduleChanges.createdAt), scheduleChanges.id).limit(500);
  const ids = [...new Set(rows.map((r) => r.b.userId).filter((x): x is number => x !== null))];
  const owners = ids.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  return rows.map(({ c, b }) => ({
    ...toWire(c, b), owner: owners.find((o) => o.id === b.userId)?.name ?? b.contactEmail, channel: b.channel,
    route: tripAirports(b).join('-'), status: b.status,
  }));
}
