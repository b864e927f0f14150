/**
 * Group tickets as bookable own inventory (the isSooperFlight fares of the flight-detail path).
 *
 *   groupTicketOffers(db, query, now?)  → FlightOffer[] for a validated FlightSearchQuery (one-way or return;
 *                                         economy only; enough seats for adults + children)
 *   new GroupTicketSupplier(ctx)         → a FlightSupplier (code "sooper", isSooper true) to register with
 *                                         the flight suppliers: search / getOffer / price / book consume seats
 *                                         atomically from group_tickets.seats_available; cancel and void give them back.
 *                                         Seats and the order change in one transaction (no seat without an order).
 *
 * Offer ids are stateless ("gt-<ticketId>-<legs>-<adults>.<children>.<infants>-<issuedAtMs>"), so any app server
 * can answer for them; the fare is always read from the ticket row at the time of the call.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type {
  FlightOffer, FlightOfferDetail, FlightSearchQuery, Journey, PaxFareDetail, PaxType, Segment,
} from '../../contract/flights';
import { toMoney } from '../../contract/money';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { groupTickets } from '../db/schema';
import { airlineByCode, airportByCode } from '../reference';
import type {
  BookResult, Contact, FlightSupplier, OfferLookup, Order, OrderStatus, OrderStore, Passenger, PriceResult, SearchContext, SupplierSearchResult,
} from '../suppliers/flight/types';
import { OFFER_TTL_MS } from '../suppliers/flight/types';
import { MemoryOrderStore } from '../suppliers/flight/stores';
import { signId, verifiedBody } from '../suppliers/flight/offer-ids';

const DEVELOPMENT_SECRET = 'safar-group-offers-development';
import { isoLocal, localToUtc } from '../suppliers/flight/time';

export const GROUP_SUPPLIER_CODE = 'sooper';
type Row = typeof groupTickets.$inferSelect;
interface Party { adults: number; children: number; infants: number }
/** Children pay the adult group fare less 25 %, infants 10 % (no seat). */
const SHARE: Record<PaxType, number> = { ADT: 1, CNN: 0.75, INF: 0.1 };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const addDay = (day: string, n: number) => { const d = new Date(`${day}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };

function airportRef(code: string) {
  const a = airportByCode(code);
  return { code, name: a?.name ?? code, city: a?.city ?? code, country: a?.country ?? '', terminal: null, tz: a?.tz ?? 'UTC' };
}

function journey(row: Row, back: boolean, seatsLeft: number): Journey {
  const from = airportRef(back ? row.destination : row.origin);
  const to = airportRef(back ? row.origin : row.destination);
  const day = back ? row.returnDate! : row.departureDate;
  const depUtc = localToUtc(day, minutesOf(back ? row.returnDepartureTime! : row.departureTime), from.tz);
  const arrDay = addDay(day, back ? row.returnArrivalDayOffset : row.arrivalDayOffset);
  const arrUtc = localToUtc(arrDay, minutesOf(back ? row.returnArrivalTime! : row.arrivalTime), to.tz);
  const minutes = Math.max(30, Math.round((arrUtc - depUtc) / 60_000));
  const airline = { code: row.airlineCode, name: airlineByCode(row.airlineCode)?.name ?? row.airlineCode };
  const checkedKg = Number(/(\d+)\s*kg/i.exec(row.baggage)?.[1] ?? 20);
  const pieces = Number(/(\d+)\s*[×x]/i.exec(row.baggage)?.[1] ?? 1);
  const { tz: _a, ...origin } = from;
  const { tz: _b, ...destination } = to;
  const seg: Segment = {
    airline, flight_number: `${row.airlineCode} ${back ? row.returnFlightNumber : row.flightNumber}`, aircraft: { code: '', name: '' },
    origin, destination, departure_at: isoLocal(depUtc, from.tz), arriving_at: isoLocal(arrUtc, to.tz), duration_minutes: minutes,
    cabin: 'Y', booking_class: 'G', seats_left: seatsLeft,
    bags: { carry_on: '1 × 7 kg', checked: row.baggage, carry_on_kg: 7, checked_pieces: pieces, checked_kg: checkedKg },
  };
  return { origin: from.code, destination: to.code, departure_at: seg.departure_at, arriving_at: seg.arriving_at, duration_minutes: minutes, stops: 0, layovers: [], segments: [seg] };
}

export function encodeGroupOfferId(ticketId: number, legs: number, party: Party, issuedAt: number, secret: string) {
  return signId(`gt-${ticketId}-${legs}-${party.adults}.${party.children}.${party.infants}-${issuedAt}`, secret);
}
export function decodeGroupOfferId(signed: string, secret: string): { ticketId: number; legs: number; party: Party; issuedAt: number } | null {
  const id = verifiedBody(signed, secret);
  if (id === null) return null;
  const m = /^gt-(\d{1,9})-([12])-(\d)\.(\d)\.(\d)-(\d{10,15})$/.exec(id);
  if (!m) return null;
  return { ticketId: Number(m[1]), legs: Number(m[2]), party: { adults: Number(m[3]), children: Number(m[4]), infants: Number(m[5]) }, issuedAt: Number(m[6]) };
}

/** A group ticket named for its detail page ("group-12-2.1.0": ticket 12, two adults, a child, no infant). */
export const groupTicketRef = (ticketId: number, party: Party) => `group-${ticketId}-${party.adults}.${party.children}.${party.infants}`;
function parseTicketRef(id: string): { ticketId: number; party: Party } | null {
  const m = /^group-(\d{1,9})-(\d)\.(\d)\.(\d)$/.exec(id);
  if (!m) return null;
  const party = { adults: Number(m[2]), children: Number(m[3]), infants: Number(m[4]) };
  return party.adults >= 1 && party.infants <= party.adults && party.adults + party.children <= 9 ? { ticketId: Number(m[1]), party } : null;
}

/** The offer for one ticket and party. */
export function groupTicketDetail(row: Row, legs: 1 | 2, party: Party, issuedAt: number, secret: string): FlightOfferDetail {
  const journeys = [journey(row, false, row.seatsAvailable)];
  if (legs === 2) journeys.push(journey(row, true, row.seatsAvailable));
  const counts: [PaxType, number][] = [['ADT', party.adults], ['CNN', party.children], ['INF', party.infants]];
  const cur = row.currency;
  const bags = journeys[0].segments[0].bags;
  const fares: PaxFareDetail[] = counts.filter(([, n]) => n > 0).map(([type, count]) => {
    const base = Math.round(row.priceMinor * SHARE[type]);
    return { type, count, base: toMoney(base, cur), taxes: toMoney(0, cur), total_per_person: toMoney(base, cur), total: toMoney(base * count, cur), taxes_breakdown: [], bags };
  });
  const total = counts.reduce((s, [type, n]) => s + Math.round(row.priceMinor * SHARE[type]) * n, 0);
  const airline = { code: row.airlineCode, name: airlineByCode(row.airlineCode)?.name ?? row.airlineCode };
  return {
    id: encodeGroupOfferId(row.id, legs, party, issuedAt, secret), supplier: GROUP_SUPPLIER_CODE, is_sooper_flight: true,
    expires_at: new Date(issuedAt + OFFER_TTL_MS).toISOString(), validating_airline: airline, airlines: [row.airlineCode], cabin_class: 'Y',
    fare_family: 'Group fare', refundable: row.refundable, journeys, stops: 0, duration_minutes: journeys.reduce((m, j) => m + j.duration_minutes, 0),
    seats_left: row.seatsAvailable, price: toMoney(total, cur), price_per_adult: toMoney(row.priceMinor, cur), fares,
    fare_rules: {
      refundable: row.refundable, cancellation_fee: row.refundable ? toMoney(Math.round(row.priceMinor * 0.1), cur) : null, change_fee: null,
      no_show_fee: toMoney(row.priceMinor, cur), notes: ['Group fare: name changes are not permitted.', ...(row.notes ? [row.notes] : [])],
    },
    passengers: { ...party },
  };
}

const summary = (d: FlightOfferDetail): FlightOffer => {
  const { fare_rules: _r, passengers: _p, fares, ...rest } = d;
  return { ...rest, fares: fares.map(({ taxes_breakdown: _t, bags: _b, ...f }) => f) };
};

/**
 * Which origin, destination and date have a published group ticket with seats, so that the many searches
 * without one skip the database. Re-read every ROUTES_TTL_MS and at once after a catalogue save on this server.
 */
const ROUTES_TTL_MS = 1000;
const routeIndex = new WeakMap<object, { at: number; keys: Promise<Set<string>> }>();
const routeKey = (origin: string, destination: string, date: string) => `${origin}|${destination}|${date}`;

export function invalidateGroupRoutes(db: DbOrTx) {
  routeIndex.delete(db);
}

async function mayHaveTickets(db: DbOrTx, origin: string, destination: string, date: string): Promise<boolean> {
  const now = Date.now();
  let hit = routeIndex.get(db);
  if (!hit || now - hit.at > ROUTES_TTL_MS || now < hit.at) {
    const keys = db.selectDistinct({ o: groupTickets.origin, d: groupTickets.destination, day: groupTickets.departureDate }).from(groupTickets)
      .where(and(eq(groupTickets.isPublished, true), gte(groupTickets.seatsAvailable, 1)))
      .then((rows) => new Set(rows.map((r) => routeKey(r.o, r.d, r.day))));
    hit = { at: now, keys };
    routeIndex.set(db, hit);
    keys.catch(() => routeIndex.get(db) === hit && routeIndex.delete(db));
  }
  return (await hit.keys).has(routeKey(origin, destination, date));
}

/** Group-ticket offers matching a validated search (merge them with the other suppliers' offers). */
/** `secret` signs the offer ids (the app key; tests may leave the development one). */
export async function groupTicketOffers(db: DbOrTx, q: FlightSearchQuery, now: Date = new Date(), secret = DEVELOPMENT_SECRET): Promise<FlightOffer[]> {
  if (q.cabin_class !== 'Y' || q.flightType === 'multi-city' || q.legs.length === 0) return [];
  const seated = q.adults + q.children;
  const [out, back] = q.legs;
  if (!(await mayHaveTickets(db, out.origin, out.destination, out.date))) return [];
  const conds = [
    eq(groupTickets.isPublished, true), eq(groupTickets.origin, out.origin), eq(groupTickets.destination, out.destination),
    eq(groupTickets.departureDate, out.date), gte(groupTickets.seatsAvailable, seated),
  ];
  if (back) conds.push(eq(groupTickets.returnDate, back.date));
  const rows = await db.select().from(groupTickets).where(and(...conds));
  const party = { adults: q.adults, children: q.children, infants: q.infants };
  return rows
    .filter((r) => !back || (r.returnFlightNumber && r.returnDepartureTime && r.returnArrivalTime))
    .map((r) => summary(groupTicketDetail(r, back ? 2 : 1, party, now.getTime(), secret)))
    .filter((o) => !q.airlines.length || q.airlines.includes(o.validating_airline.code))
    .filter((o) => q.max_price === undefined || Number(o.price.amount) <= q.max_price)
    .filter(() => q.stops !== '1+');
}

/** Takes seats from a ticket in one statement; false when not enough are left (concurrent bookings never oversell). */
export async function consumeGroupSeats(db: DbOrTx, ticketId: number, seats: number): Promise<boolean> {
  const rows = await db.update(groupTickets).set({ seatsAvailable: sql`${groupTickets.seatsAvailable} - ${seats}` })
    .where(and(eq(groupTickets.id, ticketId), gte(groupTickets.seatsAvailable, seats))).returning({ id: groupTickets.id });
  return rows.length === 1;
}
export async function releaseGroupSeats(db: DbOrTx, ticketId: number, seats: number): Promise<void> {
  await db.update(groupTickets).set({ seatsAvailable: sql`least(${groupTickets.seatsTotal}, ${groupTickets.seatsAvailable} + ${seats})` }).where(eq(groupTickets.id, ticketId));
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class GroupTicketSupplier implements FlightSupplier {
  readonly code = GROUP_SUPPLIER_CODE;
  readonly isSooper = true;
  private readonly secret: string;
  /** `orders.bind(tx)`, when given (the database store), keeps orders in the transaction that moves seats. */
  constructor(private readonly ctx: AppContext, private readonly orders: OrderStore & { bind?(tx: DbOrTx): OrderStore } = new MemoryOrderStore()) {
    this.secret = ctx.config.appKey;
  }

  async search(q: FlightSearchQuery, _ctx: SearchContext): Promise<SupplierSearchResult> {
    // The airline list is made before the airline filter, as the other suppliers make theirs.
    const unchosen = await groupTicketOffers(this.ctx.db, { ...q, airlines: [] }, this.ctx.now(), this.secret);
    const offers = q.airlines.length ? unchosen.filter((o) => q.airlines.includes(o.validating_airline.code)) : unchosen;
    const byAirline = new Map<string, { code: string; name: string; logo: string; min_price: FlightOffer['price']; count: number }>();
    for (const o of unchosen) {
      const a = byAirline.get(o.validating_airline.code);
      if (!a) byAirline.set(o.validating_airline.code, { ...o.validating_airline, logo: `/img/airlines/${o.validating_airline.code}.png`, min_price: o.price, count: 1 });
      else { a.count++; if (Number(o.price.amount) < Number(a.min_price.amount)) a.min_price = o.price; }
    }
    return { offers, available_airlines: [...byAirline.values()] };
  }

  /**
   * "Book" on a group ticket opens its fare itself: the detail page asks for `group-<ticket>-<a>.<c>.<i>` and gets
   * the offer for that party, issued now (its signed id is what checkout books). Unknown, unpublished, departed or
   * too few seats: not found.
   */
  private async freshOffer(ticketId: number, party: Party): Promise<OfferLookup> {
    const [row] = await this.ctx.db.select().from(groupTickets).where(eq(groupTickets.id, ticketId)).limit(1);
    const now = this.ctx.now();
    if (!row || !row.isPublished || row.departureDate < now.toISOString().slice(0, 10) || row.seatsAvailable < party.adults + party.children) return { status: 'unknown' };
    return { status: 'ok', offer: groupTicketDetail(row, row.returnDate ? 2 : 1, party, now.getTime(), this.secret) };
  }

  private async load(id: string): Promise<{ status: 'ok'; row: Row; d: NonNullable<ReturnType<typeof decodeGroupOfferId>> } | { status: 'unknown' | 'expired' }> {
    const d = decodeGroupOfferId(id, this.secret);
    if (!d) return { status: 'unknown' };
    const [row] = await this.ctx.db.select().from(groupTickets).where(eq(groupTickets.id, d.ticketId)).limit(1);
    if (!row || !row.isPublished || (d.legs === 2 && !row.returnDate)) return { status: 'unknown' };
    if (d.issuedAt + OFFER_TTL_MS <= this.ctx.now().getTime()) return { status: 'expired' };
    return { status: 'ok', row, d };
  }

  async getOffer(id: string, _ctx?: SearchContext): Promise<OfferLookup> {
    const ticket = parseTicketRef(id);
    if (ticket) return this.freshOffer(ticket.ticketId, ticket.party);
    const l = await this.load(id);
    if (l.status !== 'ok') return { status: l.status };
    return { status: 'ok', offer: groupTicketDetail(l.row, l.d.legs as 1 | 2, l.d.party, l.d.issuedAt, this.secret) };
  }

  async price(id: string, _ctx?: SearchContext): Promise<PriceResult> {
    const l = await this.load(id);
    if (l.status !== 'ok') return { status: l.status };
    if (l.row.seatsAvailable < l.d.party.adults + l.d.party.children) return { status: 'unavailable', reason: 'No seats left on this flight.' };
    return { status: 'confirmed', offer: groupTicketDetail(l.row, l.d.legs as 1 | 2, l.d.party, l.d.issuedAt, this.secret), price_changed: false };
  }

  async book(id: string, passengers: Passenger[], contact: Contact, _ctx?: SearchContext): Promise<BookResult> {
    const l = await this.load(id);
    if (l.status !== 'ok') return { status: l.status };
    const seated = passengers.filter((p) => p.type !== 'INF').length;
    const at = this.ctx.now().toISOString();
    const row = { ...l.row, seatsAvailable: l.row.seatsAvailable - seated };
    const order: Order = {
      pnr: Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join(''), supplier: this.code, offer_id: id, status: 'booked',
      offer: groupTicketDetail(row, l.d.legs as 1 | 2, l.d.party, l.d.issuedAt, this.secret), passengers, contact, tickets: [], created_at: at, updated_at: at,
    };
    return this.ctx.db.transaction(async (tx): Promise<BookResult> => {
      if (!(await consumeGroupSeats(tx, l.row.id, seated))) return { status: 'unavailable', reason: 'No seats left on this flight.' };
      await this.ordersIn(tx).save(order);
      return { status: 'booked', order };
    });
  }

  async ticket(order: Order): Promise<Order> {
    const tickets = order.passengers.map((_, i) => ({ passenger: i, number: `214${String(randomInt(1e9)).padStart(10, '0')}` }));
    const next = this.stamped({ ...order, status: 'ticketed', tickets });
    if (!(await this.orders.update(next, ['booked']))) throw new Error(`Cannot ticket order ${order.pnr}: it changed meanwhile.`);
    return next;
  }
  cancel(order: Order): Promise<Order> { return this.close(order, 'canceled'); }
  void(order: Order): Promise<Order> { return this.close(order, 'voided'); }
  async retrieve(pnr: string): Promise<Order | undefined> { return this.orders.get(pnr); }

  private ordersIn(tx: DbOrTx): OrderStore { return this.orders.bind?.(tx) ?? this.orders; }
  private stamped(o: Order): Order { return { ...o, updated_at: this.ctx.now().toISOString() }; }

  /** The order closes and its seats go back in one transaction, once: a second call finds it closed. */
  private async close(order: Order, to: OrderStatus): Promise<Order> {
    const next = this.stamped({ ...order, status: to });
    const done = await this.ctx.db.transaction(async (tx) => {
      if (!(await this.ordersIn(tx).update(next, ['booked', 'ticketed']))) return false;
      const d = decodeGroupOfferId(order.offer_id, this.secret);
      if (d) await releaseGroupSeats(tx, d.ticketId, order.passengers.filter((p) => p.type !== 'INF').length);
      return true;
    });
    if (done) return next;
    const stored = await this.orders.get(order.pnr);
    if (stored && (stored.status === 'canceled' || stored.status === 'voided')) return stored;
    throw new Error(`Cannot close order ${order.pnr}: it is ${stored?.status ?? 'unknown'}.`);
  }
}
