/**
 * The owner's answers to an airline's change (staff who manage bookings may answer on the owner's behalf):
 *  - accept: the booking's segment takes the new times (and number); documents read the booking, so they show them;
 *  - refund: a full refund of what was paid, no penalty and no charge, through the refund path: ticketed →
 *    refund_requested with that quote, which staff approve as any refund (the money moves there, once);
 *  - rebook (rebook.ts): another flight at no cost (a held booking is held again on it, still unpaid);
 *  - cancel: a held booking drops its hold (nothing was paid, so nothing is refunded), its seats given back.
 * Each answer locks the booking and the change and refuses a change already answered (409), so a double click
 * or a retried request answers once.
 */
import { and, asc, eq } from 'drizzle-orm';
import { encodeEventNote } from '../../contract/event-notes';
import { toMoney } from '../../contract/money';
import type { FlightOfferDetail } from '../../contract/flights';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookingPassengers, bookings, scheduleChanges, supplierOrders, type ChangedSegment } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { payableMinor } from '../pricing';
import { duplicateKey, recordEvent, transition, type BookingRow } from '../bookings/records';
import { accessOf, actorOf, directOf, must, OPS } from '../booking-ops/service';
import { refundMail } from '../booking-ops/refund-mails';
import { releaseSeats } from '../bookings/tickets';
import type { Order } from '../suppliers/flight/types';
import { SC, toWire } from './lists';

type ChangeRow = typeof scheduleChanges.$inferSelect;

/** The booking and its change, both locked; refused unless the user owns the booking or manages bookings. */
export async function lockChange(tx: DbOrTx, user: SessionUser, pnr: string, id: number): Promise<{ b: BookingRow; c: ChangeRow }> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.pnr, pnr.toUpperCase())).for('update');
  const access = b ? accessOf(b, user) : null;
  if (!b || !access) throw notFound(OPS.notFound);
  if (access === 'read') throw forbidden(OPS.readOnly);
  const [c] = await tx.select().from(scheduleChanges).where(and(eq(scheduleChanges.id, id), eq(scheduleChanges.bookingId, b.id))).for('update');
  if (!c) throw notFound(SC.notFound);
  if (c.answer !== null) throw conflict(SC.answered);
  return { b, c };
}

export const markAnswered = (tx: DbOrTx, id: number, answer: 'accepted' | 'rebooked' | 'refunded' | 'canceled', user: SessionUser, at: Date) =>
  tx.update(scheduleChanges).set({ answer, answeredBy: user.id, answeredAt: at }).where(eq(scheduleChanges.id, id));

/** The offer with the changed segment at its new times, its journey's ends and duration following. */
export function withNewSegment(offer: FlightOfferDetail, old: ChangedSegment, now: ChangedSegment): FlightOfferDetail {
  const minutes = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 60_000);
  return {
    ...offer,
    journeys: offer.journeys.map((j) => {
      if (!j.segments.some((s) => s.flight_number === old.flight_number && s.departure_at === old.departure_at)) return j;
      const segments = j.segments.map((s) => (s.flight_number === old.flight_number && s.departure_at === old.departure_at
        ? { ...s, flight_number: now.flight_number, departure_at: now.departure_at, arriving_at: now.arriving_at, duration_minutes: minutes(now.departure_at, now.arriving_at) }
        : s));
      const first = segments[0], last = segments[segments.length - 1];
      return { ...j, segments, departure_at: first.departure_at, arriving_at: last.arriving_at, duration_minutes: minutes(first.departure_at, last.arriving_at) };
    }),
  };
}

/** POST .../accept */
export async function acceptChange(ctx: AppContext, user: SessionUser, pnr: string, id: number) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { b, c } = await lockChange(tx, user, pnr, id);
    if (!c.newSegment) throw conflict(SC.canceledFlight);
    const itinerary = withNewSegment(b.itinerary as FlightOfferDetail, c.oldSegment, c.newSegment);
    const order = b.supplierOrder as Order | null;
    const supplierOrder = order?.offer ? { ...order, offer: withNewSegment(order.offer, c.oldSegment, c.newSegment) } : order;
    const pax = await tx.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, b.id)).orderBy(asc(bookingPassengers.position));
    const last = itinerary.journeys[itinerary.journeys.length - 1];
    await tx.update(bookings).set({
      itinerary, supplierOrder, departureDate: itinerary.journeys[0].departure_at.slice(0, 10), lastTravelDate: last.arriving_at.slice(0, 10),
      dupKey: duplicateKey(pax.map((p) => ({ first_name: p.firstName, last_name: p.lastName, dob: p.dob })), itinerary), updatedAt: now,
    }).where(eq(bookings.id, b.id));
    // The supplier's own copy of the order flies the same flight.
    if (order?.pnr && supplierOrder) {
      await tx.update(supplierOrders).set({ order: supplierOrder as Order, updatedAt: now }).where(and(eq(supplierOrders.supplier, order.supplier), eq(supplierOrders.pnr, order.pnr)));
    }
    await recordEvent(tx, b.id, 'schedule_change_accepted', b.status, b.status, actorOf(user), now,
      `${c.oldSegment.flight_number} ${c.oldSegment.departure_at} → ${c.newSegment.flight_number} ${c.newSegment.departure_at}`);
    await markAnswered(tx, c.id, 'accepted', user, now);
    return toWire({ ...c, answer: 'accepted', answeredBy: user.id, answeredAt: now }, b);
  });
}

/**
 * POST .../refund: everything paid comes back (the fare, taxes and any margin the customer paid), nothing kept;
 * the request waits for staff like any refund, who pay it back through the same approval.
 */
export async function refundChange(ctx: AppContext, user: SessionUser, pnr: string, id: number) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { b, c } = await lockChange(tx, user, pnr, id);
    if (b.status !== 'ticketed') throw conflict(SC.notRefundable);
    const paid = payableMinor(b.totalMinor, (await directOf(tx, b.id))?.marginMinor);
    const q = { paid, airlinePenalty: 0, serviceCharge: 0, refund: paid };
    const note = encodeEventNote({ key: 'refund_quote', params: { paid_minor: q.paid, penalty_minor: 0, charge_minor: 0, refund_minor: q.refund, currency: b.currency } }, `schedule change: ${c.oldSegment.flight_number}`);
    const t = await must(transition(tx, ctx, b.id, ['ticketed'], 'REQUEST_REFUND', actorOf(user), { action: 'refund_requested', note, set: { refundQuote: q } }));
    await enqueueMail(tx, t.contactEmail, refundMail(t, 'requested', q));
    await markAnswered(tx, c.id, 'refunded', user, now);
    return { change: toWire({ ...c, answer: 'refunded', answeredBy: user.id, answeredAt: now }, t), refund: toMoney(q.refund, b.currency) };
  });
}

/** POST .../cancel: a held booking drops its hold; the supplier's seats go back after commit (the hold job retries). */
export async function cancelHoldChange(ctx: AppContext, user: SessionUser, pnr: string, id: number) {
  const now = ctx.now();
  const out = await ctx.db.transaction(async (tx) => {
    const { b, c } = await lockChange(tx, user, pnr, id);
    if (b.status !== 'booked') throw conflict(SC.notHeld);
    const t = await must(transition(tx, ctx, b.id, ['booked'], 'CANCEL', actorOf(user), { action: 'schedule_change_hold_canceled', note: `schedule change: ${c.oldSegment.flight_number}` }));
    await markAnswered(tx, c.id, 'canceled', user, now);
    return toWire({ ...c, answer: 'canceled', answeredBy: user.id, answeredAt: now }, t);
  });
  await releaseSeats(ctx, out.booking_id);
  return out;
}
