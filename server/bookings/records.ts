/**
 * A flight booking as stored and as answered: its rows, who acts on it, its status changes with their events
 * (`transition`, through the lifecycle module), loading, serializing and who may see it.
 */
import { ownsOrAdministers } from '../agency/scope';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { can } from '../../contract/permissions';
import { type Booking, type FareSummary } from '../../contract/bookings';
import { parseMinor, toMoney } from '../../contract/money';
import type { FlightOfferDetail } from '../../contract/flights';
import { decodeEventNote } from '../../contract/event-notes';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookingMoved } from '../notifications/events';
import { bookingEvents, bookingPassengers, bookings, LIVE_STATUSES, type BookingStatus } from '../db/schema';
import { statusesTaking, stepOf } from '../../machines/lifecycle';
import type { FlightLifecycleEvent } from '../../machines/lifecycle/flight';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { storedActor, type Actor } from '../lifecycle/actor';
import type { Passenger } from '../suppliers/flight/types';
import { activeExtras, releaseBookingSeats, releaseExtrasOffItinerary, toBookingExtra } from '../flight-extras/store';
import { refundExtrasOnClose } from '../flight-extras/refunds';

export type FlightEvent = FlightLifecycleEvent['type'];

export type BookingRow = typeof bookings.$inferSelect;
export type PassengerRow = typeof bookingPassengers.$inferSelect;
export type EventRow = typeof bookingEvents.$inferSelect;

export { actorOf, type Actor } from '../lifecycle/actor';

/** A row of booking_events that is not a step of the lifecycle (a failed ticket issue, an airline's change), or the creation. */
export async function recordEvent(db: DbOrTx, bookingId: number, action: string, from: string | null, to: string, actor: Actor, at: Date, note?: string | null) {
  await db.insert(bookingEvents).values({ bookingId, ...eventRow(action, from, to, actor, at, note) });
}

export function eventRow(action: string, from: string | null, to: string, actor: Actor, at: Date, note?: string | null): Omit<typeof bookingEvents.$inferInsert, 'bookingId'> {
  return { action, fromStatus: from, toStatus: to, ...storedActor(actor), note: note ?? null, createdAt: at };
}

/** Where a flight event leads (each leads to one status whatever the status it leaves). */
const targetOf = (event: FlightEvent): BookingStatus => stepOf('flight', statusesTaking('flight', event)[0]!, event) as BookingStatus;

/**
 * Moves a booking that is still in one of `from` by the lifecycle's `event` (server/lifecycle: the row locked,
 * the machine asked, a conditional UPDATE, so two servers racing on the same booking cannot both succeed), with
 * the ticketing and cancelling instants, records the step and tells whoever hears of the move.
 * Returns the updated row, or null when the booking was no longer in a `from` status.
 */
export async function transition(
  db: DbOrTx, ctx: AppContext, bookingId: number, from: readonly BookingStatus[], event: FlightEvent, actor: Actor,
  opts: { action?: string; note?: string | null; set?: Partial<typeof bookings.$inferInsert>; notice?: Record<string, string> } = {},
): Promise<BookingRow | null> {
  const now = ctx.now();
  const to = targetOf(event);
  const stamps = { ...(to === 'ticketed' ? { ticketedAt: now } : {}), ...(to === 'canceled' ? { canceledAt: now } : {}) };
  const moved = await applyLifecycleEvent(db, ctx, 'flight', bookingId, event, actor, { from, action: opts.action, note: opts.note, set: { ...stamps, ...opts.set } });
  if (!moved) return null;
  // A booking that no longer stands gives its chosen seats back to the flight, and the money of extras bought
  // after booking back to whoever paid (their card refunds are made by the operation after commit).
  if (!(LIVE_STATUSES as readonly string[]).includes(moved.row.status)) {
    await releaseBookingSeats(db, bookingId);
    await refundExtrasOnClose(db, moved.row, moved.row.status, actor.kind === 'user' ? actor.user.id : null, now);
  } else if (opts.set?.itinerary) {
    const flights = (opts.set.itinerary as FlightOfferDetail).journeys.flatMap((j) => j.segments).map((s) => ({ flightNo: s.flight_number, date: dayOf(s.departure_at) }));
    await releaseExtrasOffItinerary(db, bookingId, flights);
  }
  await bookingMoved(db, ctx, moved.from as BookingStatus, moved.row, opts.notice);
  return moved.row;
}

// ---- reading -------------------------------------------------------------------------------------------

export async function loadBooking(db: DbOrTx, where: { id?: number; pnr?: string }) {
  const cond = where.id !== undefined ? eq(bookings.id, where.id) : eq(bookings.pnr, (where.pnr ?? '').toUpperCase());
  const [row] = await db.select().from(bookings).where(cond).limit(1);
  if (!row) return null;
  const pax = await db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, row.id)).orderBy(asc(bookingPassengers.position));
  const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, row.id)).orderBy(asc(bookingEvents.id));
  const extras = await activeExtras(db, row.id);
  return { row, pax, events, extras };
}

export function fareSummary(offer: FlightOfferDetail, agentMarkupMinor: number, currency: string): FareSummary {
  const minor = (m: { amount: string }) => parseMinor(m.amount) ?? 0;
  let base = 0, taxes = 0;
  for (const f of offer.fares) { base += minor(f.base) * f.count; taxes += minor(f.taxes) * f.count; }
  const total = minor(offer.price) + agentMarkupMinor;
  return {
    base: toMoney(base, currency), taxes: toMoney(taxes, currency), agent_markup: toMoney(agentMarkupMinor, currency), total: toMoney(total, currency),
    per_type: offer.fares.map((f) => ({ type: f.type, count: f.count, base: f.base, taxes: f.taxes, total_per_person: f.total_per_person, total: f.total })),
  };
}

export function serializeBooking(b: { row: BookingRow; pax: PassengerRow[]; events?: EventRow[]; extras?: Awaited<ReturnType<typeof activeExtras>> }, opts: { events?: boolean } = {}): Booking {
  const { row } = b;
  const itinerary = row.itinerary as FlightOfferDetail;
  return {
    id: row.id, pnr: row.pnr, status: row.status, supplier: row.supplier, payment_method: row.paymentMethod, channel: row.channel,
    main_contact: { email: row.contactEmail, phone: row.contactPhone, country: row.contactCountry },
    flight_type: row.flightType, origin: row.origin, destination: row.destination, departure_date: row.departureDate, last_travel_date: row.lastTravelDate,
    itinerary,
    travellers: b.pax.map((p) => ({
      type: p.type, title: p.title as Booking['travellers'][number]['title'], first_name: p.firstName, last_name: p.lastName, gender: p.gender as 'M' | 'F', dob: p.dob,
      nationality: p.nationality, document_type: p.documentType as 'passport' | 'national_id', document_no: p.documentNo, expiry_date: p.expiryDate,
      issue_country: p.issueCountry, ticket_number: p.ticketNumber,
    })),
    // The stored figures, which the ledger was debited by: after a date change they are the fare paid, not the new offer's.
    fare: { ...fareSummary(itinerary, row.agentMarkupMinor, row.currency), base: toMoney(row.baseMinor, row.currency), taxes: toMoney(row.taxesMinor, row.currency), total: toMoney(row.totalMinor, row.currency) },
    hold_expires_at: row.status === 'booked' ? row.holdExpiresAt?.toISOString() ?? null : null,
    ticketed_at: row.ticketedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    extras: (b.extras ?? []).map((e) => toBookingExtra(e, row.status)),
    ...(opts.events && b.events ? {
      events: b.events.map((e) => ({ action: e.action, from_status: e.fromStatus, to_status: e.toStatus, actor: e.actorKind, at: e.createdAt.toISOString(), ...decodeEventNote(e.note) })),
    } : {}),
  };
}

/** May this user (or a guest who gave PNR + email) see the booking? Staff need bookings.read. */
export function canSee(row: BookingRow, user: SessionUser | null, guestEmail?: string): boolean {
  if (guestEmail !== undefined) return row.contactEmail === guestEmail.trim().toLowerCase();
  if (!user) return false;
  // The buyer, or its agency and the agency's admins.
  if (ownsOrAdministers(user, row)) return true;
  return can(user.role, 'bookings.read');
}

// ---- creating ------------------------------------------------------------------------------------------

export const dayOf = (iso: string) => iso.slice(0, 10);

export function duplicateKey(pax: readonly Pick<Passenger, 'first_name' | 'last_name' | 'dob'>[], offer: FlightOfferDetail): string {
  const people = pax.map((p) => `${p.last_name.trim().toUpperCase()}|${p.first_name.trim().toUpperCase()}|${p.dob}`).sort();
  const sectors = offer.journeys.map((j) => `${j.origin}-${j.destination}-${dayOf(j.departure_at)}`);
  return createHash('sha256').update(JSON.stringify([people, sectors])).digest('hex');
}
