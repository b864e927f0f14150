/**
 * POST bookings end to end: the offer priced again, the idempotency key and duplicate check, the supplier's order,
 * the hold written, and an agent's wallet payment in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { isStaff } from '../../contract/auth';
import { BM, passengerTravelErrors, paxCounts, type Booking, type BookingInput, type FareSummary } from '../../contract/bookings';
import { parseMinor } from '../../contract/money';
import { encodeEventNote } from '../../contract/event-notes';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { ApiError, conflict, forbidden, notFound, validationError } from '../http/errors';
import { enqueueMail, outboxRow } from '../mail/outbox';
import { assertAffordable, debitWallet } from '../ledger/service';
import { agencyOf, purchaseAgency } from '../agency/of';
import { agencyActionRow, recordAgencyAction } from '../agency/audit';
import type { BookResult, FlightSupplier, Order, Passenger, PriceResult } from '../suppliers/flight/types';
import { agentMarkup, bookingPricing, withAgentMarkup } from '../pricing';
import { flightSuppliers } from './suppliers';
import { bookingMail } from './mails';
import { localOrder, OFFLINE_SUPPLIER } from '../booking-ops/offline';
import { getBookingSettings } from '../booking-ops/settings';
import { capUnpaidHolds, isCappedHold, limitBookingRate } from './hold-limits';
import { findByIdempotencyKey, keyedBooking, keyOrDuplicate } from './idempotency';
import { writeHold, type BookingRider, type HoldWrite, type HoldWritten } from './hold-write';
import { actorOf, dayOf, duplicateKey, eventRow, fareSummary, loadBooking, serializeBooking, transition, type BookingRow, type PassengerRow } from './records';
import { issueTickets } from './tickets';
import { statusAtCreation } from '../lifecycle/tables';
import { describeExtras, holdBookingExtras, priceBookingExtras } from '../flight-extras/at-booking';
import { extrasTotal, type PricedExtra } from '../flight-extras/choose';
import { activeExtras } from '../flight-extras/store';



/** 409 with the new fare summary: the client shows it and resubmits with the new expected_total. */
export class PriceChangedError extends ApiError {
  constructor(readonly fare: FareSummary) {
    super(409, BM.priceChanged);
  }
}
/** An agent's own markup on this booking (see pricing/booking.ts); nobody else adds one. */
function markupMinor(input: BookingInput, user: SessionUser | null, ownMarkupMinor: number, offerTotal: number): number {
  if (user?.role !== 'agent') return 0;
  return agentMarkup(input.agent_markup, ownMarkupMinor, offerTotal);
}

function expectedMinor(e: BookingInput['expected_total']): number | null {
  if (e === undefined || e === null || e === '') return null;
  return parseMinor(typeof e === 'object' ? e.amount : e);
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A hold lasts the booking settings' hold time, and no longer than the supplier holds the order unpaid (a remote supplier's deadline). */
function holdEnds(now: Date, order: Order, holdMinutes: number): Date {
  const ours = now.getTime() + holdMinutes * 60_000;
  const theirs = order.remote?.payment_required_by ? Date.parse(order.remote.payment_required_by) : Infinity;
  return new Date(Math.min(ours, theirs));
}

export interface CreateResult { booking: Booking; created: boolean; order?: Order }

export async function createBooking(
  ctx: AppContext, user: SessionUser | null, input: BookingInput, idempotencyKey: string | null,
  hooks: { checkoutUrl?: (bookingId: number) => Promise<string>; ip?: string } = {},
): Promise<CreateResult> {
  if (user && isStaff(user.role)) throw forbidden('Staff enter bookings for agents as direct bookings.');
  if (user?.role === 'agent' && (!user.isApproved || !user.emailVerifiedAt)) throw forbidden('Your agent account is waiting for approval.');
  if (input.payment_method === 'wallet' && user?.role !== 'agent') throw validationError({ payment_method: [BM.walletAgentsOnly] });
  const actor = actorOf(user);
  const ip = hooks.ip ?? 'unknown';
  const capped = isCappedHold(user, input.payment_method);
  const named = flightSuppliers(ctx).get(input.supplier);

  // The offer is priced before the Idempotency-Key is looked up, so that one read answers both the key and the
  // duplicate check (which needs the offer's sectors). What pricing found is acted on where it always was: a
  // known key answers its booking whatever became of the offer since, and the rate limit comes before it.
  const { pricing, ownMarkupMinor } = await bookingPricing(ctx.db, user);
  const priced: PriceResult | { status: 'failed'; err: unknown } | null = named
    ? await named.price(input.flight_id, { pricing }).catch((err: unknown) => ({ status: 'failed' as const, err }))
    : null;
  const dupKey = priced?.status === 'confirmed' ? duplicateKey(input.travellers, priced.offer) : null;
  const wallet = input.payment_method === 'wallet';
  // Offline (booking-status setting): a local PNR, no supplier reservation; staff ticket by hand.
  const settings = await getBookingSettings(ctx.db);
  const offline = settings.mode === 'offline';
  // A plain hold or card booking (no caps to count, no wallet to debit, no extras) on a supplier whose stores write
  // it with the sale is not looked up first: the booking's unique keys (its Idempotency-Key, a live duplicate)
  // refuse that one statement whole, seats and all, and the refusal is answered as the look-up would have been.
  const rides = !capped && !wallet && !offline && !wantsExtras(input) && named?.writesHolds === true;
  const seen = rides ? null : await keyOrDuplicate(ctx.db, idempotencyKey, dupKey);

  // The same key answers the same booking, never a second one.
  if (seen?.keyed) return { booking: await keyedBooking(ctx, seen.keyed, user, input.main_contact.email), created: false };
  if (capped) await limitBookingRate(ctx, ip, input.main_contact.email);

  // Not looked up first, a known key still answers its booking whatever became of the offer since.
  const checked = await checkOffer(ctx, user, input, named, priced, ownMarkupMinor).catch(async (err: unknown) => {
    const twin = seen === null && idempotencyKey ? await findByIdempotencyKey(ctx, idempotencyKey, user, input.main_contact.email) : null;
    if (twin) return { twin };
    throw err;
  });
  if ('twin' in checked) return { booking: checked.twin, created: false };
  const { supplier, offer, firstTravel, lastTravel, currency, markup, fare, extras, total } = checked;

  // A twin request with the same Idempotency-Key may have committed since the check above: its booking (or its
  // held seats) then looks like a duplicate or a sold-out flight, and the answer is that booking, not a 409.
  const twinOr = async (message: string): Promise<{ booking: Booking; created: false }> => {
    const twin = idempotencyKey ? await findByIdempotencyKey(ctx, idempotencyKey, user, input.main_contact.email) : null;
    if (twin) return { booking: twin, created: false };
    throw conflict(message);
  };
  if (seen?.duplicate) return twinOr(BM.duplicate);
  // A wallet the total does not fit is refused before any seat is held or row written.
  if (wallet) await assertAffordable(ctx.db, agencyOf(user!), total);

  const passengers: Passenger[] = input.travellers.map((t) => ({ ...t }));
  const now = ctx.now();
  const locale = input.locale ?? user?.locale ?? 'en';
  const seats = input.travellers.filter((t) => t.type !== 'INF').length;

  /** The hold's rows for the supplier's order: all but how the order is taken, which depends on who writes them. */
  const holdRows = async (order: Order) => {
    // Every column but the id, so the booking is known without reading its 8 KB back (RETURNING * cost about a
    // tenth of a hold on PGlite: the row's JSON out of the database and parsed again).
    const fresh: Omit<BookingRow, 'id'> = {
      pnr: order.pnr, supplier: offline ? OFFLINE_SUPPLIER : supplier.code, offerId: input.flight_id, isSooper: supplier.isSooper,
      userId: user?.id ?? null, agencyId: purchaseAgency(user), channel: user ? (user.role === 'agent' ? 'agent' : 'customer') : 'guest',
      status: statusAtCreation('flight', 'HOLD'), paymentMethod: input.payment_method,
      contactEmail: input.main_contact.email, contactPhone: input.main_contact.phone, contactCountry: input.main_contact.country,
      flightType: offer.journeys.length === 1 ? 'one-way' : offer.journeys.length === 2 && offer.journeys[0].origin === offer.journeys[1].destination ? 'return' : 'multi-city',
      origin: offer.journeys[0].origin, destination: offer.journeys[0].destination, departureDate: firstTravel, lastTravelDate: lastTravel,
      cabin: offer.cabin_class, itinerary: order.offer, supplierOrder: order,
      baseMinor: parseMinor(fare.base.amount)!, taxesMinor: parseMinor(fare.taxes.amount)!, agentMarkupMinor: markup, totalMinor: total, currency,
      holdExpiresAt: holdEnds(now, order, settings.holdMinutes), ticketedAt: null, reissuedAt: null, canceledAt: null, seatsReleasedAt: null,
      dupKey: dupKey!, idempotencyKey, locale, clientIp: ip, seats, refundQuote: null, createdAt: now, updatedAt: now,
    };
    const paxRows = input.travellers.map((t, i) => ({
      position: i, type: t.type, title: t.title, firstName: t.first_name, lastName: t.last_name, gender: t.gender, dob: t.dob,
      nationality: t.nationality, documentType: t.document_type, documentNo: t.document_no, expiryDate: t.expiry_date, issueCountry: t.issue_country,
    }));
    // Only a hold chosen as such is news: a card payer is paying right now and hears once, when it is ticketed. The
    // mail names the passengers as the booking's statement writes them (no tickets yet) and no booking id, so it is
    // written before the statement runs rather than after it.
    const held = input.payment_method === 'hold'
      ? await bookingMail(ctx.db, locale, 'held', { id: 0, ...fresh }, ctx.config.appUrl, paxRows.map((p) => ({ ...p, ticketNumber: null })))
      : null;
    const write = {
      booking: fresh, passengers: paxRows, mail: held ? outboxRow(fresh.contactEmail, held) : null,
      audit: user?.role === 'agent' ? agencyActionRow(user, 'booking', fresh.pnr, now, { total_minor: fresh.totalMinor, currency: fresh.currency, payment: input.payment_method }) : null,
      event: eventRow('create', null, statusAtCreation('flight', 'HOLD'), actor, now, encodeEventNote({ key: `created_${input.payment_method}`, params: {} })),
    };
    return { fresh, paxRows, write };
  };
  const written = (fresh: Omit<BookingRow, 'id'>, paxRows: Awaited<ReturnType<typeof holdRows>>['paxRows'], w: NonNullable<HoldWritten>) => ({
    row: { id: w.bookingId, ...fresh },
    pax: paxRows.map((p, i): PassengerRow => ({ ...p, id: w.passengerIds[i], bookingId: w.bookingId, ticketNumber: null })),
  });
  // Lost a race: to the same Idempotency-Key (answer that booking) or to a duplicate booking (409).
  const lostRace = async (): Promise<{ booking: Booking; created: false }> => {
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(ctx, idempotencyKey, user, input.main_contact.email);
      if (existing) return { booking: existing, created: false };
    }
    throw conflict(BM.duplicate);
  };

  // Such a plain hold is written by the supplier's stores in the statement that sells its seats: one round trip.
  let rode: Awaited<ReturnType<typeof holdRows>> | null = null;
  const rider: BookingRider | undefined = rides ? { rows: async (order) => (rode = await holdRows(order)).write } : undefined;
  let booked: BookResult;
  try {
    booked = offline
      ? { status: 'booked' as const, order: localOrder(input.flight_id, offer, passengers, input.main_contact, ctx.now()) }
      : await supplier.book(input.flight_id, passengers, input.main_contact, { pricing, priced: offer, rider });
  } catch (err) {
    // The sale's statement was undone whole, seats and order too: nothing to give back.
    if (rider && isUniqueViolation(err)) return lostRace();
    throw err;
  }
  if (booked.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (booked.status === 'expired') throw new ApiError(410, BM.expired);
  if (booked.status === 'unavailable') return twinOr(BM.unavailable);
  const order = booked.order;

  let row: BookingRow;
  let pax: PassengerRow[];
  let paid: BookingRow | null = null;
  const sold = rider?.written !== undefined ? rode as Awaited<ReturnType<typeof holdRows>> | null : null;
  if (sold) {
    if (!rider!.written || sold.fresh.pnr !== order.pnr) throw conflict(BM.unavailable);
    ({ row, pax } = written(sold.fresh, sold.paxRows, rider!.written));
  } else {
    const { fresh, paxRows, write: rows } = await holdRows(order);
    try {
      const write: HoldWrite = { ...rows, order: offline ? null : { supplier: supplier.code, pnr: order.pnr, at: now } };
      // One statement, all or nothing: only a capped hold needs a transaction, for the locks and counts of its caps,
      // and a wallet payment, whose debit decides: refused, it takes the booking with it (nothing is left behind).
      const w = capped || wallet || extras.length > 0
        ? await ctx.db.transaction(async (tx) => {
          if (capped) await capUnpaidHolds(tx, ctx, { email: input.main_contact.email, ip, seats, seatKeys: order.seat_keys ?? [] });
          const w = await writeHold(ctx.db, tx, write);
          if (w) await holdBookingExtras(tx, { id: w.bookingId, passengerIds: w.passengerIds, at: now }, extras);
          if (w && wallet) paid = await payFromWallet(tx, ctx, w.bookingId, user!, extras);
          return w;
        })
        : await writeHold(ctx.db, null, write);
      // Too slow (past the orphan-order grace period): the job gave these seats back, so no booking.
      if (!w) throw conflict(BM.unavailable);
      ({ row, pax } = written(fresh, paxRows, w));
    } catch (err) {
      if (!isUniqueViolation(err)) { if (!offline) await supplier.cancel(order).catch(() => undefined); throw err; }
      if (!offline) await supplier.cancel(order).catch((e) => ctx.log.error({ err: e, pnr: order.pnr }, 'seat release failed'));
      return lostRace();
    }
  }

  // A hold or card booking is as the transaction wrote it (the answer shows no events); a wallet payment has
  // ticketed it since, so that one is issued with the supplier and read again.
  let loaded: { row: BookingRow; pax: PassengerRow[]; extras?: Awaited<ReturnType<typeof activeExtras>> } = { row, pax };
  if (paid) {
    await issueTickets(ctx, paid);
    loaded = (await loadBooking(ctx.db, { id: row.id }))!;
  } else if (extras.length) loaded.extras = await activeExtras(ctx.db, row.id);
  const booking = serializeBooking(loaded);
  if (input.payment_method === 'card' && hooks.checkoutUrl) booking.payment_url = await hooks.checkoutUrl(row.id);
  return { booking, created: true, order };
}

/** The offer as priced, checked against the booking asked for: its passengers, their dates, extras and the price the client expects. */
async function checkOffer(
  ctx: AppContext, user: SessionUser | null, input: BookingInput, supplier: FlightSupplier | undefined,
  priced: PriceResult | { status: 'failed'; err: unknown } | null, ownMarkupMinor: number,
) {
  if (!supplier || !priced) throw validationError({ supplier: ['Unknown supplier.'] });
  if (priced.status === 'failed') throw priced.err;
  if (priced.status === 'unknown') throw notFound('This offer was not found. Please search again.');
  if (priced.status === 'expired') throw new ApiError(410, BM.expired);
  if (priced.status === 'unavailable') throw conflict(BM.unavailable);
  const offer = priced.offer;

  // Passengers against the offer and its dates.
  const counts = paxCounts(input.travellers);
  if (counts.adults !== offer.passengers.adults || counts.children !== offer.passengers.children || counts.infants !== offer.passengers.infants) {
    throw validationError({ travellers: [BM.paxCount] });
  }
  const firstTravel = dayOf(offer.journeys[0].departure_at);
  const lastTravel = dayOf(offer.journeys[offer.journeys.length - 1].arriving_at);
  const today = ctx.now().toISOString().slice(0, 10);
  const paxErrors = passengerTravelErrors(input.travellers, firstTravel, lastTravel, today);
  if (Object.keys(paxErrors).length) throw validationError(Object.fromEntries(Object.entries(paxErrors).map(([k, m]) => [k, [m]])));

  const currency = offer.price.currency;
  const offerTotal = parseMinor(offer.price.amount) ?? 0;
  const markup = markupMinor(input, user, ownMarkupMinor, offerTotal);
  const fare = fareSummary(offer, markup, currency);
  // Seats and bags are checked and priced before the supplier is asked for anything, and cost on top of the fare.
  const extras = await priceBookingExtras(ctx, supplier, offer, input);
  const fareTotal = withAgentMarkup(offerTotal, markup);
  const total = fareTotal + extrasTotal(extras);
  const expected = expectedMinor(input.expected_total);
  // The client may show the fare alone or the fare with its extras: either is the price it expects.
  if (expected !== null && expected !== total && expected !== fareTotal) {
    throw new PriceChangedError(fare);
  }

  return { supplier, offer, firstTravel, lastTravel, currency, markup, fare, extras, total };
}

/** Whether the booking asks for seats or bags on top of the fare. */
const wantsExtras = (input: BookingInput): boolean => !!input.extras && (input.extras.seats.length > 0 || input.extras.bags.length > 0);

// ---- paying and ticketing ------------------------------------------------------------------------------

/**
 * Agent wallet payment of the booking just written, in the transaction that wrote it: ledger debit and `ticketed`
 * (the wallet row lock serialises an agent's payments, so parallel bookings never overdraw). Too little money
 * throws 422 "Insufficient Balance" and so rolls the booking back; the caller gives the seats back.
 */
async function payFromWallet(tx: DbOrTx, ctx: AppContext, bookingId: number, user: SessionUser, extras: readonly PricedExtra[]): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  await debitWallet(tx, {
    agentId: agencyOf(user), amountMinor: b.totalMinor, currency: b.currency, type: 'booking', reference: `booking:${b.pnr}`,
    description: `Flight ${b.origin}-${b.destination} ${b.departureDate}, PNR ${b.pnr}${extras.length ? `, with ${describeExtras(extras)}` : ''}`, createdBy: user.id, at: ctx.now(),
  });
  await recordAgencyAction(tx, user, 'payment', b.pnr, ctx.now(), { amount_minor: b.totalMinor, currency: b.currency });
  const t = await transition(tx, ctx, b.id, ['booked'], 'PAY', { kind: 'user', user }, { action: 'pay_wallet', set: { paymentMethod: 'wallet', holdExpiresAt: null } });
  if (!t) throw conflict('This booking changed meanwhile.');
  await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, 'ticketed', t, ctx.config.appUrl));
  return t;
}
