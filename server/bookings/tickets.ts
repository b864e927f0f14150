/**
 * After the booking is written: ticketing (card callbacks, the supplier's ticket numbers), cancelling, giving
 * seats back, and the job that expires unpaid holds.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { encodeEventNote } from '../../contract/event-notes';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bookingPassengers, bookings, type BookingStatus } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import type { Order } from '../suppliers/flight/types';
import { flightSuppliers } from './suppliers';
import { bookingMail } from './mails';
import { tripAirports } from './route';
import { notifyStaff } from '../notifications/service';
import { recordEvent, transition, type Actor, type BookingRow } from './records';
import { getBookingSettings } from '../booking-ops/settings';


/** Ticket a paid booking inside the caller's transaction (card callbacks); the supplier is told after commit. */
export async function markTicketed(tx: DbOrTx, ctx: AppContext, bookingId: number, actor: Actor, note: string): Promise<BookingRow | null> {
  const t = await transition(tx, ctx, bookingId, ['booked'], 'PAY', actor, { action: 'pay_card', note, set: { holdExpiresAt: null } });
  if (t) await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, 'ticketed', t, ctx.config.appUrl));
  return t;
}

/** Ask the supplier for ticket numbers and keep them; a failure is logged, the booking stays ticketed. */
export async function issueTickets(ctx: AppContext, row: BookingRow): Promise<void> {
  const supplier = flightSuppliers(ctx).get(row.supplier);
  if (!supplier) return;
  try {
    const order = await supplier.ticket(row.supplierOrder as Order);
    await ctx.db.transaction(async (tx) => {
      await tx.update(bookings).set({ supplierOrder: order, updatedAt: ctx.now() }).where(eq(bookings.id, row.id));
      for (const t of order.tickets) {
        await tx.update(bookingPassengers).set({ ticketNumber: t.number })
          .where(and(eq(bookingPassengers.bookingId, row.id), eq(bookingPassengers.position, t.passenger)));
      }
    });
  } catch (err) {
    ctx.log.error({ err, pnr: row.pnr }, 'ticket issue failed');
    // Paid for but not ticketed at the supplier: staff are told at once, to issue it with the supplier or refund.
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    await ctx.db.transaction(async (tx) => {
      await recordEvent(tx, row.id, 'ticket_issue_failed', row.status, row.status, { kind: 'system' }, ctx.now(), reason);
      await notifyStaff(tx, ctx, 'bookings.manage', {
        kind: 'ticket_issue_failed', subject: { type: 'booking', id: row.id }, dedupeKey: `ticket-issue-failed:${row.id}`,
        link: row.channel === 'agent' ? `/admin/booking-details?id=${row.id}` : `/admin/customer-booking-details?id=${row.id}`,
        params: { pnr: row.pnr, route: `${tripAirports(row).join('-')} ${row.departureDate}`, reason },
      });
    }).catch((e) => ctx.log.error({ err: e, pnr: row.pnr }, 'could not tell staff of the failed ticket issue'));
  }
}

// ---- canceling and seats -------------------------------------------------------------------------------

/** A held booking canceled by a person (CANCEL) or by its hold's deadline (EXPIRE), then its seats given back. */
export async function cancelBooking(ctx: AppContext, bookingId: number, actor: Actor, opts: { event?: 'CANCEL' | 'EXPIRE'; action?: string; note?: string; from?: BookingStatus[] } = {}) {
  const row = await ctx.db.transaction((tx) => transition(tx, ctx, bookingId, opts.from ?? ['booked'], opts.event ?? 'CANCEL', actor, { action: opts.action ?? 'cancel', note: opts.note }));
  if (row) await releaseSeats(ctx, row.id);
  return row;
}

/** Gives a canceled/voided booking's seats back to the supplier, once (claimed by a conditional update). */
export async function releaseSeats(ctx: AppContext, bookingId: number): Promise<boolean> {
  const [claimed] = await ctx.db.update(bookings).set({ seatsReleasedAt: ctx.now() })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['canceled', 'voided', 'rejected']), isNull(bookings.seatsReleasedAt)))
    .returning();
  if (!claimed) return false;
  const supplier = flightSuppliers(ctx).get(claimed.supplier);
  if (!supplier) return false;
  try {
    const order = await supplier.cancel(claimed.supplierOrder as Order);
    await ctx.db.update(bookings).set({ supplierOrder: order }).where(eq(bookings.id, bookingId));
  } catch (err) {
    // Let the job try again.
    await ctx.db.update(bookings).set({ seatsReleasedAt: null }).where(eq(bookings.id, bookingId));
    ctx.log.error({ err, bookingId }, 'seat release failed');
    return false;
  }
  return true;
}

/**
 * The hold job: cancels holds past their deadline and releases seats still held by canceled bookings.
 * Safe on several servers (conditional updates) and across restarts (the deadline is a column).
 */
export async function expireHolds(ctx: AppContext, limit = 100): Promise<{ expired: number; released: number }> {
  const now = ctx.now();
  const due = await ctx.db.select({ id: bookings.id }).from(bookings)
    .where(and(eq(bookings.status, 'booked'), lte(bookings.holdExpiresAt, now))).orderBy(asc(bookings.holdExpiresAt)).limit(limit);
  let expired = 0;
  const minutes = due.length ? (await getBookingSettings(ctx.db)).holdMinutes : 0;
  for (const { id } of due) {
    if (await cancelBooking(ctx, id, { kind: 'system' }, { event: 'EXPIRE', action: 'hold_expired', note: encodeEventNote({ key: 'hold_expired', params: { minutes } }) })) expired++;
  }
  const stuck = await ctx.db.select({ id: bookings.id }).from(bookings)
    .where(and(inArray(bookings.status, ['canceled', 'voided']), isNull(bookings.seatsReleasedAt))).limit(limit);
  let released = 0;
  for (const { id } of stuck) if (await releaseSeats(ctx, id)) released++;
  return { expired, released: released + expired };
}
