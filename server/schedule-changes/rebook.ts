/**
 * Another flight at no cost after an airline's change: the same trip for the same travellers and cabin, with the
 * changed journey on its day or a day either side. The move is the reissue's (booking-ops/reissue.ts): the supplier
 * books the new order first (seats sold), one transaction moves the booking onto it (ticketed → ticketed through
 * the lifecycle machine) and attaches it; a refusal cancels the new order, so no seats are orphaned; after commit
 * the new order is ticketed and the old one closed (its seats released). Unlike a date change, nothing is charged:
 * no fare difference, no fee, and the booking's totals stay what was paid. A held booking is held again on the new
 * flight (a new hold at the supplier, the old one canceled): nothing was paid, so nothing is charged or refunded, and
 * it keeps its deadline to pay. Seats and extras chosen on flights the booking no longer takes are released
 * (seats.ts) and what was paid for them recorded as due back.
 */
import { and, asc, eq } from 'drizzle-orm';
import { BM } from '../../contract/bookings';
import type { FlightOffer, FlightOfferDetail, FlightSearchQuery } from '../../contract/flights';
import type { RebookOption } from '../../contract/schedule-changes';
import type { AppContext, SessionUser } from '../context';
import { bookingPassengers, bookings, scheduleChanges, users } from '../db/schema';
import { ApiError, conflict, notFound, validationError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { pricingFor } from '../pricing';
import { duplicateKey, recordEvent, transition, type BookingRow } from '../bookings/records';
import { bookingMail } from '../bookings/mails';
import { issueTickets } from '../bookings/tickets';
import { attachOrder, releaseReplacedOrder } from '../bookings/orphan-orders';
import { flightSuppliers } from '../bookings/suppliers';
import { actorOf, isUniqueViolation, must, OPS } from '../booking-ops/service';
import type { FlightSupplier, Order, Passenger } from '../suppliers/flight/types';
import { addDays } from '../suppliers/flight/time';
import { lockChange, markAnswered } from './answers';
import { SC, toWire, visibleByPnr } from './lists';
import { flightsOfOffer, releaseExtrasOffFlights } from './seats';

/** A held booking moves to another hold, a paid one is reissued; any other has moved on (void, refund asked). */
const MOVABLE: readonly string[] = ['booked', 'ticketed'];

type ChangeRow = typeof scheduleChanges.$inferSelect;

const legsOf = (o: Pick<FlightOffer, 'journeys'>) => o.journeys.map((j) => `${j.origin}-${j.destination}`).join(',');
const flightsOf = (o: Pick<FlightOffer, 'journeys'>) => o.journeys.flatMap((j) => j.segments.map((s) => `${s.flight_number}@${s.departure_at}`)).join(',');

/** Which journey the changed segment is on. */
const changedJourney = (it: FlightOfferDetail, c: ChangeRow) =>
  it.journeys.findIndex((j) => j.segments.some((s) => s.flight_number === c.oldSegment.flight_number && s.departure_at === c.oldSegment.departure_at));

/** The offer may replace the booking: same legs, party and cabin; other journeys as booked; the changed one within a day. */
function fits(b: BookingRow, c: ChangeRow, offer: Pick<FlightOfferDetail, 'journeys' | 'cabin_class'> & { passengers?: FlightOfferDetail['passengers'] }): boolean {
  const it = b.itinerary as FlightOfferDetail;
  const at = changedJourney(it, c);
  if (legsOf(offer) !== legsOf(it) || offer.cabin_class !== it.cabin_class || flightsOf(offer) === flightsOf(it)) return false;
  if (offer.passengers && JSON.stringify(offer.passengers) !== JSON.stringify(it.passengers)) return false;
  if (offer.journeys.some((j) => j.segments.some((s) => s.flight_number === c.oldSegment.flight_number && s.departure_at.slice(0, 10) === c.date && !c.newSegment))) return false;
  return offer.journeys.every((j, i) => {
    const day = j.departure_at.slice(0, 10), booked = it.journeys[i].departure_at.slice(0, 10);
    if (i !== at) return flightsOf({ journeys: [j] }) === flightsOf({ journeys: [it.journeys[i]] });
    return day >= addDays(c.date, -1) && day <= addDays(c.date, 1) && booked.length > 0;
  });
}

async function ownerPricing(ctx: AppContext, b: BookingRow) {
  const [u] = b.userId ? await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, b.userId)).limit(1) : [];
  return pricingFor(ctx.db, u ?? null);
}

function supplierOf(ctx: AppContext, b: BookingRow): FlightSupplier {
  const s = flightSuppliers(ctx).get(b.supplier);
  if (!s) throw conflict(SC.notMovable);
  return s;
}

/** GET .../options: flights the owner may move to, cheapest first, on the changed journey's day and a day either side. */
export async function rebookOptions(ctx: AppContext, user: SessionUser, pnr: string, id: number): Promise<RebookOption[]> {
  const { b } = await visibleByPnr(ctx.db, user, pnr);
  const [c] = await ctx.db.select().from(scheduleChanges).where(and(eq(scheduleChanges.id, id), eq(scheduleChanges.bookingId, b.id))).limit(1);
  if (!c) throw notFound(SC.notFound);
  if (c.answer !== null) throw conflict(SC.answered);
  if (!MOVABLE.includes(b.status)) throw conflict(SC.notMovable);
  const it = b.itinerary as FlightOfferDetail;
  const at = changedJourney(it, c);
  const supplier = supplierOf(ctx, b);
  const pricing = await ownerPricing(ctx, b);
  const found: FlightOffer[] = [];
  for (const delta of [0, -1, 1]) {
    const legs = it.journeys.map((j, i) => ({ origin: j.origin, destination: j.destination, date: i === at ? addDays(c.date, delta) : j.departure_at.slice(0, 10) }));
    if (legs[at].date < ctx.now().toISOString().slice(0, 10)) continue;
    const query: FlightSearchQuery = {
      flightType: legs.length === 1 ? 'one-way' : legs.length === 2 && legs[0].origin === legs[1].destination ? 'return' : 'multi-city', legs,
      adults: it.passengers.adults, children: it.passengers.children, infants: it.passengers.infants, cabin_class: it.cabin_class,
      stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
    };
    const res = await supplier.search(query, { pricing, limit: 8 }).catch(() => ({ offers: [] as FlightOffer[] }));
    found.push(...res.offers.filter((o) => fits(b, c, o)));
  }
  return found.slice(0, 20).map((o) => ({
    offer_id: o.id, price: o.price,
    journeys: o.journeys.map((j) => ({
      origin: j.origin, destination: j.destination, departure_at: j.departure_at, arriving_at: j.arriving_at,
      segments: j.segments.map((s) => ({ flight_number: s.flight_number, departure_at: s.departure_at, arriving_at: s.arriving_at, origin: s.origin.code, destination: s.destination.code })),
    })),
  }));
}

/** POST .../rebook: the booking moves to the chosen flight; nothing is charged or given back. */
export async function rebookChange(ctx: AppContext, user: SessionUser, pnr: string, id: number, offerId: string) {
  // Checked before any seat is sold (access, an answer already given, a paid booking); again under the lock.
  const { b: seen, c: c0 } = await ctx.db.transaction((tx) => lockChange(tx, user, pnr, id));
  if (!MOVABLE.includes(seen.status)) throw conflict(SC.notMovable);
  const supplier = supplierOf(ctx, seen);
  const pricing = await ownerPricing(ctx, seen);
  const priced = await supplier.price(offerId, { pricing });
  if (priced.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (priced.status === 'expired') throw new ApiError(410, BM.expired);
  if (priced.status === 'unavailable') throw conflict(BM.unavailable);
  if (!fits(seen, c0, priced.offer)) throw validationError({ offer_id: [SC.sameRoute] });

  const pax = await ctx.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, seen.id)).orderBy(asc(bookingPassengers.position));
  const passengers: Passenger[] = pax.map((p) => ({
    type: p.type, title: p.title, first_name: p.firstName, last_name: p.lastName, gender: p.gender, dob: p.dob, nationality: p.nationality,
    document_type: p.documentType, document_no: p.documentNo, expiry_date: p.expiryDate, issue_country: p.issueCountry,
  }));
  const booked = await supplier.book(offerId, passengers, { email: seen.contactEmail, phone: seen.contactPhone, country: seen.contactCountry }, { pricing, priced: priced.offer });
  if (booked.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (booked.status === 'expired') throw new ApiError(410, BM.expired);
  if (booked.status === 'unavailable') throw conflict(BM.unavailable);
  const order = booked.order;
  const now = ctx.now();
  let moved: { row: BookingRow; change: ReturnType<typeof toWire> };
  try {
    moved = await ctx.db.transaction(async (tx) => {
      const { b, c } = await lockChange(tx, user, pnr, id);
      if (b.status !== seen.status) throw conflict(OPS.changed);
      if ((b.supplierOrder as Order | null)?.pnr !== (seen.supplierOrder as Order | null)?.pnr) throw conflict(OPS.changed);
      if (!(await attachOrder(tx, order.supplier, order.pnr, now))) throw conflict(BM.unavailable);
      const replaced = b.supplierOrder as Order | null;
      if (replaced?.pnr && replaced.supplier) await releaseReplacedOrder(tx, replaced.supplier, replaced.pnr, now);
      const offer = order.offer;
      await releaseExtrasOffFlights(tx, b, flightsOfOffer(offer), now);
      const note = `${c.oldSegment.flight_number} ${c.oldSegment.departure_at} → ${flightsOf(offer)}`;
      // The money stays as paid (or as still to pay): base, taxes, markup and total are the booking's; only the flights change.
      const set = {
        offerId, itinerary: offer, supplierOrder: order,
        departureDate: offer.journeys[0].departure_at.slice(0, 10), lastTravelDate: offer.journeys[offer.journeys.length - 1].arriving_at.slice(0, 10),
        dupKey: duplicateKey(pax.map((p) => ({ first_name: p.firstName, last_name: p.lastName, dob: p.dob })), offer),
      };
      let t: BookingRow;
      if (b.status === 'ticketed') {
        t = await must(transition(tx, ctx, b.id, ['ticketed'], 'REISSUE', actorOf(user), { action: 'schedule_rebooked', note, set: { ...set, ticketedAt: b.ticketedAt, reissuedAt: now } }));
        await tx.update(bookingPassengers).set({ ticketNumber: null }).where(eq(bookingPassengers.bookingId, b.id));
      } else {
        // A hold stays a hold: the lifecycle has no step for it, so the move is an event on the record.
        [t] = await tx.update(bookings).set({ ...set, updatedAt: now }).where(eq(bookings.id, b.id)).returning();
        await recordEvent(tx, b.id, 'schedule_rebooked', b.status, b.status, actorOf(user), now, note);
      }
      await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, t.status === 'ticketed' ? 'reissued' : 'held', t, ctx.config.appUrl));
      await markAnswered(tx, c.id, 'rebooked', user, now);
      return { row: t, change: toWire({ ...c, answer: 'rebooked', answeredBy: user.id, answeredAt: now }, t) };
    });
  } catch (err) {
    await supplier.cancel(order).catch((e) => ctx.log.error({ err: e, pnr: order.pnr }, 'schedule change: seat release of the new order failed'));
    if (isUniqueViolation(err)) throw conflict(BM.duplicate);
    throw err;
  }
  if (moved.row.status === 'ticketed') await issueTickets(ctx, moved.row);
  const old = seen.supplierOrder as Order | null;
  if (old && (old.status === 'booked' || old.status === 'ticketed')) {
    try {
      await (old.status === 'ticketed' ? supplier.void(old) : supplier.cancel(old));
    } catch (err) {
      ctx.log.error({ err, pnr: old.pnr }, 'schedule change: closing the replaced order failed; the supplier-orders job retries it');
    }
  }
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, moved.row.id));
  return { booking: row, change: moved.change };
}
