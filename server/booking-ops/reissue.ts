/**
 * Reissue (date change): the owner of a ticketed flight booking moves it onto another flight of the same route,
 * party and cabin before the first flight leaves. The quote (pricing/reissueQuoteMinor) is the fare difference
 * (never negative), the airline's change fee from the booked fare rules and our service charge.
 *
 * An agent's booking is paid from its wallet: the supplier books the new order first (seats held), then one
 * transaction locks the booking, checks it is still the booking quoted, debits `re_issue:<PNR>:<n>` and moves
 * the booking onto the new itinerary (ticketed → ticketed, action `reissued`, the old itinerary in the note).
 * If that transaction refuses (a race, the balance, a changed quote) the new order is canceled: no orphan seats.
 * After commit the new order is ticketed and the old one closed. Card bookings are changed by our support team
 * (docs/domain.md): they can read the quote, not confirm it here.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { BM, type ReissueQuote } from '../../contract/bookings';
import type { FlightOfferDetail } from '../../contract/flights';
import { parseMinor, toMoney } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookingEvents, bookingPassengers, bookings, users } from '../db/schema';
import { ApiError, conflict, forbidden, notFound, validationError } from '../http/errors';
import { postBookingCharge } from '../ledger/charges';
import { enqueueMail } from '../mail/outbox';
import { encodeEventNote } from '../../contract/event-notes';
import { notifyAgent, notifyStaff } from '../notifications/service';
import { dayOf, fareSummary, duplicateKey, transition, type BookingRow } from '../bookings/records';
import { activeExtras } from '../flight-extras/store';
import { fareExtrasOn } from '../flight-extras/refunds';
import { issueTickets } from '../bookings/tickets';
import { bookingMail } from '../bookings/mails';
import { attachOrder, releaseReplacedOrder } from '../bookings/orphan-orders';
import { flightSuppliers } from '../bookings/suppliers';
import { pricingFor, reissueQuoteMinor, type ReissueQuoteMinor } from '../pricing';
import type { FlightSupplier, Order, Passenger, PricingContext } from '../suppliers/flight/types';
import { getBookingSettings } from './settings';
import { departsAt } from './refunds';
import { accessOf, actorOf, isUniqueViolation, money, must, OPS, walletAgent, type Expected } from './service';

export const REISSUE = {
  notTicketed: (s: string) => `Only a ticketed booking can change its date; this one is ${s}.`,
  voidRequested: 'A void has been requested for this booking; its date cannot be changed meanwhile.',
  refundRequested: 'A refund has been requested for this booking; its date cannot be changed meanwhile.',
  departed: 'The first flight has already departed; the date can no longer be changed here.',
  notAllowed: 'This fare does not allow changes: its rules carry no change fee.',
  byHand: 'This booking was issued by hand; our staff change its date.',
  byCard: 'Date changes of bookings paid by card are made by our support team: contact us with this quote.',
  sameRoute: 'Choose a flight on the same route as the booking.',
  sameParty: 'Choose a flight for the same travellers.',
  sameCabin: 'Choose a flight in the same cabin.',
  sameCurrency: 'Choose a flight priced in the booking currency.',
  sameSupplier: 'Choose a flight from the same supplier as the booking.',
  sameFlights: 'The booking is already on these flights.',
  quoteChanged: 'The date change quote has changed since you saw it. Check the new figures and confirm again.',
  reissued: 'Date changed: the new ticket is issued.',
} as const;

/** 409 when the quote the user saw is no longer the quote: the route answers it with the new figures. */
export class ReissueQuoteChangedError extends Error {
  constructor(readonly quote: ReissueQuote) { super(REISSUE.quoteChanged); }
}

/** Why this booking cannot change date now (409), or nothing. Inside the void window a change is allowed. */
function refusal(b: BookingRow, now: Date): string | null {
  if (b.status === 'requested') return REISSUE.voidRequested;
  if (b.status === 'refund_requested') return REISSUE.refundRequested;
  if (b.status !== 'ticketed') return REISSUE.notTicketed(b.status);
  if (now >= departsAt(b)) return REISSUE.departed;
  if (!(b.itinerary as Partial<FlightOfferDetail>).fare_rules?.change_fee) return REISSUE.notAllowed;
  return null;
}

/** Whether the owner may change the date now (the detail screens offer the button). */
export const reissueOpen = (b: BookingRow, now: Date) => refusal(b, now) === null && b.supplier !== 'offline';

/** The margins of whoever owns the booking: staff changing an agent's booking see the agent's fares. */
async function ownerPricing(db: DbOrTx, b: BookingRow): Promise<PricingContext> {
  const [u] = b.userId ? await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, b.userId)).limit(1) : [];
  return pricingFor(db, u ?? null);
}

const flightsOf = (o: FlightOfferDetail) => o.journeys.flatMap((j) => j.segments.map((s) => `${s.flight_number}@${s.departure_at}`)).join(',');

/** The new flight must be the same trip for the same people: same legs, party, cabin, currency. */
function sameTrip(b: BookingRow, offer: FlightOfferDetail) {
  const old = b.itinerary as FlightOfferDetail;
  const legs = (o: FlightOfferDetail) => o.journeys.map((j) => `${j.origin}-${j.destination}`).join(',');
  const party = (o: FlightOfferDetail) => `${o.passengers.adults}/${o.passengers.children}/${o.passengers.infants}`;
  const bad = (m: string) => validationError({ flight_id: [m] });
  if (legs(old) !== legs(offer)) throw bad(REISSUE.sameRoute);
  if (party(old) !== party(offer)) throw bad(REISSUE.sameParty);
  if (old.cabin_class !== offer.cabin_class) throw bad(REISSUE.sameCabin);
  if (offer.price.currency !== b.currency) throw bad(REISSUE.sameCurrency);
  if (flightsOf(old) === flightsOf(offer)) throw conflict(REISSUE.sameFlights);
}

/** The new offer priced now for the booking's owner, checked against the booking. */
async function newOffer(ctx: AppContext, b: BookingRow, flightId: string, supplierCode?: string) {
  const supplier = flightSuppliers(ctx).get(b.supplier);
  if (!supplier) throw conflict(REISSUE.byHand);
  if (supplierCode && supplierCode !== b.supplier) throw validationError({ supplier: [REISSUE.sameSupplier] });
  const pricing = await ownerPricing(ctx.db, b);
  const priced = await supplier.price(flightId, { pricing });
  if (priced.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (priced.status === 'expired') throw new ApiError(410, BM.expired);
  if (priced.status === 'unavailable') throw conflict(BM.unavailable);
  sameTrip(b, priced.offer);
  return { supplier, pricing, offer: priced.offer };
}

/**
 * What the booking's total paid for seats and bags chosen with it that stay, on flights the new offer keeps: they
 * stay paid for and out of the fare difference. Those on flights left behind are released, and what they cost
 * counts as the old ticket's value.
 */
async function keptExtrasMinor(db: DbOrTx, b: BookingRow, offer: FlightOfferDetail): Promise<number> {
  const flights = offer.journeys.flatMap((j) => j.segments).map((s) => ({ flightNo: s.flight_number, date: dayOf(s.departure_at) }));
  return fareExtrasOn(await activeExtras(db, b.id), flights);
}

/** The figures by the pricing module's rule: the fare paid (without the agent's own markup) against the new fare. */
async function figures(db: DbOrTx, b: BookingRow, offer: FlightOfferDetail): Promise<ReissueQuoteMinor> {
  const s = await getBookingSettings(db);
  const it = b.itinerary as FlightOfferDetail;
  const fee = it.fare_rules?.change_fee ? parseMinor(it.fare_rules.change_fee.amount) : null;
  const q = reissueQuoteMinor({
    oldFareMinor: b.totalMinor - b.agentMarkupMinor - await keptExtrasMinor(db, b, offer), newFareMinor: parseMinor(offer.price.amount) ?? 0,
    // The fare rules price fees per seated passenger (infants hold no seat).
    passengers: it.passengers.adults + it.passengers.children, changeFeeMinor: fee, serviceChargeMinor: s.reissueChargeMinor,
  });
  if (!q) throw conflict(REISSUE.notAllowed);
  return q;
}

const wire = (q: ReissueQuoteMinor, b: BookingRow, flightId: string, offer: FlightOfferDetail): ReissueQuote => {
  const m = (n: number) => toMoney(n, b.currency);
  return {
    flight_id: flightId, departure_date: offer.journeys[0].departure_at.slice(0, 10), old_fare: m(q.oldFare), new_fare: m(q.newFare),
    fare_difference: m(q.fareDifference), change_fee: m(q.changeFee), service_charge: m(q.serviceCharge), total: m(q.total),
    cheaper: q.newFare < q.oldFare, pay_by: walletAgent(b) !== null ? 'wallet' : 'support',
  };
};

async function visible(db: DbOrTx, id: number, user: SessionUser) {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const access = b ? accessOf(b, user) : null;
  if (!b || !access) throw notFound(OPS.notFound);
  return { b, access };
}

/** GET reissue-quote: the owner or staff who read bookings. */
export async function reissueQuote(ctx: AppContext, user: SessionUser, id: number, flightId: string, supplier?: string): Promise<ReissueQuote> {
  const { b } = await visible(ctx.db, id, user);
  const why = refusal(b, ctx.now());
  if (why) throw conflict(why);
  const { offer } = await newOffer(ctx, b, flightId, supplier);
  return wire(await figures(ctx.db, b, offer), b, flightId, offer);
}

export interface ReissueInput { flightId: string; supplier?: string; expectedTotal: number; reason: string | null; expected?: Expected }

/** POST reissue: the owner of an agent booking, or staff with bookings.manage on the agent's behalf. */
export async function confirmReissue(ctx: AppContext, user: SessionUser, id: number, input: ReissueInput): Promise<BookingRow> {
  const { b: seen, access } = await visible(ctx.db, id, user);
  if (access === 'read') throw forbidden(OPS.readOnly);
  if (input.expected && seen.status !== input.expected) throw conflict(`${OPS.changed} It is now ${seen.status}.`);
  const why = refusal(seen, ctx.now());
  if (why) throw conflict(why);
  const agent = walletAgent(seen);
  if (agent === null) throw conflict(REISSUE.byCard);
  const { supplier, pricing, offer } = await newOffer(ctx, seen, input.flightId, input.supplier);
  const before = await figures(ctx.db, seen, offer);
  if (before.total !== input.expectedTotal) throw new ReissueQuoteChangedError(wire(before, seen, input.flightId, offer));

  const pax = await ctx.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, seen.id)).orderBy(asc(bookingPassengers.position));
  const passengers: Passenger[] = pax.map((p) => ({
    type: p.type, title: p.title, first_name: p.firstName, last_name: p.lastName, gender: p.gender, dob: p.dob, nationality: p.nationality,
    document_type: p.documentType, document_no: p.documentNo, expiry_date: p.expiryDate, issue_country: p.issueCountry,
  }));
  const booked = await supplier.book(input.flightId, passengers, { email: seen.contactEmail, phone: seen.contactPhone, country: seen.contactCountry }, { pricing });
  if (booked.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (booked.status === 'expired') throw new ApiError(410, BM.expired);
  if (booked.status === 'unavailable') throw conflict(BM.unavailable);
  const order = booked.order;

  let row: BookingRow;
  try {
    row = await ctx.db.transaction((tx) => apply(tx, ctx, user, seen, order, agent, input));
  } catch (err) {
    // Refused or lost a race: the new seats go back at once.
    await supplier.cancel(order).catch((e) => ctx.log.error({ err: e, pnr: order.pnr }, 'reissue: seat release of the new order failed'));
    if (isUniqueViolation(err)) throw conflict(BM.duplicate);
    throw err;
  }
  await issueTickets(ctx, row);
  await closeOld(ctx, supplier, seen.supplierOrder as Order | null);
  return (await ctx.db.select().from(bookings).where(eq(bookings.id, row.id)))[0];
}

/** The booking's move onto the new order, with its debit, under the row lock. */
async function apply(tx: DbOrTx, ctx: AppContext, user: SessionUser, seen: BookingRow, order: Order, agent: number, input: ReissueInput): Promise<BookingRow> {
  const now = ctx.now();
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, seen.id)).for('update');
  if (!b) throw notFound(OPS.notFound);
  const why = refusal(b, now);
  if (why) throw conflict(why);
  // Another change won meanwhile: this confirm was for the itinerary it replaced.
  if ((b.supplierOrder as Order | null)?.pnr !== (seen.supplierOrder as Order | null)?.pnr) throw conflict(OPS.changed);
  const q = await figures(tx, b, order.offer);
  if (q.total !== input.expectedTotal) throw new ReissueQuoteChangedError(wire(q, b, input.flightId, order.offer));
  if (!(await attachOrder(tx, order.supplier, order.pnr, now))) throw conflict(BM.unavailable);
  const replaced = b.supplierOrder as Order | null;
  if (replaced?.pnr && replaced.supplier) await releaseReplacedOrder(tx, replaced.supplier, replaced.pnr, now);

  const [{ n }] = await tx.select({ n: count() }).from(bookingEvents).where(and(eq(bookingEvents.bookingId, b.id), eq(bookingEvents.action, 'reissued')));
  const offer = order.offer;
  const newDate = offer.journeys[0].departure_at.slice(0, 10);
  const figuresText = `fare difference ${money(q.fareDifference, b.currency)}, change fee ${money(q.changeFee, b.currency)}, service charge ${money(q.serviceCharge, b.currency)}`;
  // The debit, and the Other charge that lists it with its parts (the booking's documents read them).
  const paid = q.total > 0 ? await postBookingCharge(tx, {
    agentId: agent, amountMinor: q.total, currency: b.currency, type: 're_issue', reference: `re_issue:${b.pnr}:${n + 1}`,
    description: `Date change of PNR ${b.pnr} (${b.origin}-${b.destination}) from ${b.departureDate} to ${newDate}: ${figuresText}`, createdBy: user.id, at: now,
  }, b.pnr, { fare_difference: q.fareDifference, change_fee: q.changeFee, service_charge: q.serviceCharge }) : null;
  const pax = await tx.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, b.id));
  const fare = fareSummary(offer, b.agentMarkupMinor, b.currency);
  // What the ticket is now paid for: the fare paid plus the difference (fees and charges are not fare), with the
  // extras chosen with the booking that stay on a kept flight. A cheaper flight gives nothing back, so its base
  // fare is what was paid: base, taxes, markup and kept extras still add up to the total.
  const totalMinor = b.totalMinor + q.fareDifference;
  const kept = await keptExtrasMinor(tx, b, offer);
  const taxesMinor = parseMinor(fare.taxes.amount)!;
  // Worded by the app in the reader's language: the first flight before and after (airport time), what was paid.
  const note = encodeEventNote({ key: 'reissued', params: {
    route: offer.journeys.map((j) => `${j.origin}-${j.destination}`).join(', '),
    from_local: (b.itinerary as FlightOfferDetail).journeys[0].departure_at, to_local: offer.journeys[0].departure_at,
    total_minor: q.total, difference_minor: q.fareDifference, fee_minor: q.changeFee, charge_minor: q.serviceCharge, currency: b.currency, ref: order.pnr,
  } }, input.reason);
  const t = await must(transition(tx, ctx, b.id, ['ticketed'], 'REISSUE', actorOf(user), {
    action: 'reissued', note,
    set: {
      // The ticket's issue day stays (the void window ended with the change, see reissuedAt).
      ticketedAt: b.ticketedAt, reissuedAt: now, offerId: input.flightId, itinerary: offer, supplierOrder: order,
      departureDate: newDate, lastTravelDate: offer.journeys[offer.journeys.length - 1].arriving_at.slice(0, 10),
      baseMinor: totalMinor - taxesMinor - b.agentMarkupMinor - kept, taxesMinor, totalMinor,
      dupKey: duplicateKey(pax.map((p) => ({ first_name: p.firstName, last_name: p.lastName, dob: p.dob })), offer),
    },
  }));
  // The old ticket numbers belong to the old order; the new ones arrive when the new order is ticketed.
  await tx.update(bookingPassengers).set({ ticketNumber: null }).where(eq(bookingPassengers.bookingId, b.id));
  await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, 'reissued', t, ctx.config.appUrl, undefined, paid?.charge));
  const m = toMoney(q.total, b.currency);
  const params = { pnr: b.pnr, route: `${b.origin}-${b.destination} ${newDate}`, amount: m.amount, currency: m.currency };
  const subject = { type: 'booking' as const, id: b.id };
  await notifyStaff(tx, ctx, 'bookings.manage', {
    kind: 'booking_reissued', subject, link: b.channel === 'staff' ? `/admin/direct-booking-details?id=${b.id}` : `/admin/booking-details?id=${b.id}`, params,
  });
  // Changed by staff on the agent's behalf: the agent hears it (its wallet paid).
  if (user.id !== agent) {
    await notifyAgent(tx, ctx, agent, {
      kind: 'reissued_by_staff', subject, link: `/agent/pnr-details?id=${b.id}`, params, alreadyMailed: t.contactEmail,
    });
  }
  return t;
}

/** The replaced order is closed with the supplier (a ticketed one voided); after a failure the orphan-order job retries. */
async function closeOld(ctx: AppContext, supplier: FlightSupplier, old: Order | null) {
  if (!old || (old.status !== 'booked' && old.status !== 'ticketed')) return;
  try {
    await (old.status === 'ticketed' ? supplier.void(old) : supplier.cancel(old));
  } catch (err) {
    ctx.log.error({ err, pnr: old.pnr }, 'reissue: closing the replaced order failed; the supplier-orders job retries it');
  }
}
