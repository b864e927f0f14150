/**
 * The embedded supplier: the synthetic world network behind the FlightSupplier interface.
 * Booking methods hold and release real seats in the SeatStore; payment, ledger and status rules belong to
 * the booking service that calls them.
 */
import { randomInt } from 'node:crypto';
import type { FlightOfferDetail, FlightSearchQuery } from '../../../contract/flights';
import { AIRCRAFT } from './aircraft';
import type { Itinerary } from './connections';
import { marketSold, priceJourney } from './fares';
import type { Network } from './network';
import { defaultNetwork } from './network-default';
import { decodeOfferId, encodeOfferId } from './offer-ids';
import {
  buildDetail, buildSummary, journeyMemo, priceOffer, pricingKey, type PricedJourney, type PricedOffer,
} from './offers';
import { flexibleDays, searchLegs } from './search';
import { flightByNumber, serviceOf, type DatedFlight } from './schedule';
import { renumberedFrom } from './schedule-overrides';
import { MemoryOrderStore, MemorySeatStore } from './stores';
import {
  OFFER_TTL_MS, type BookResult, type Contact, type FlightSupplier, type HoldSeats, type InTransaction, type OfferLookup, type OfferStore, type Order,
  type OrderStatus, type OrderStore, type Passenger, type PriceResult, type SearchContext, type SeatKey, type SeatStore, type SupplierSearchResult,
  type SupplierWireResult,
} from './types';
import { writeWireOffers } from './wire-offers';

export interface EmbeddedSupplierOptions {
  network?: Network;
  seats?: SeatStore;
  /**
   * Where handed-out offers are kept. Optional: an embedded offer id names its flights, party, pricing and issue
   * time, so without a store every lookup prices the offer again from its id (with current seats). Keeping
   * thousands of offers a second only for that made the garbage collector the busiest part of a search.
   */
  offers?: OfferStore;
  orders?: OrderStore;
  /** Signs offer ids (the app key in the server); every server answering for the same offers needs the same. */
  secret?: string;
  /** Milliseconds since the epoch; injectable so tests can stand on a fixed day. */
  clock?: () => number;
  /**
   * Seats and orders changed in one transaction (the server's database stores). Without it they are changed
   * one after the other, which is only safe in memory.
   */
  transaction?: InTransaction;
  /** Optional: a sale and its order saved in one step (see HoldSeats); a short flight is then named by `transaction`'s way. */
  holdSeats?: HoldSeats;
}

/** For tests and tools that build a supplier without the server's key. */
const DEVELOPMENT_SECRET = 'safar-embedded-offers-development';
const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class EmbeddedFlightSupplier implements FlightSupplier {
  readonly code = 'safar';
  readonly isSooper = false;
  private network: Network | undefined;
  readonly seats: SeatStore;
  readonly offers: OfferStore | null;
  readonly orders: OrderStore;
  private readonly clock: () => number;
  private readonly secret: string;
  private readonly inTransaction: InTransaction;
  private readonly holdSeats: HoldSeats | undefined;
  get writesHolds(): boolean { return this.holdSeats !== undefined; }

  constructor(opts: EmbeddedSupplierOptions = {}) {
    this.clock = opts.clock ?? Date.now;
    this.secret = opts.secret ?? DEVELOPMENT_SECRET;
    this.network = opts.network;
    this.seats = opts.seats ?? new MemorySeatStore();
    this.offers = opts.offers ?? null;
    this.orders = opts.orders ?? new MemoryOrderStore();
    this.inTransaction = opts.transaction ?? ((work) => work({ seats: this.seats, orders: this.orders }));
    this.holdSeats = opts.holdSeats;
  }

  /**
   * The route network, built on first use rather than with the supplier: start-up registers the supplier (the
   * order reconciliation job asks for its code) long before anyone searches; main.ts builds it once listening.
   */
  get net(): Network {
    return (this.network ??= defaultNetwork());
  }

  async search(query: FlightSearchQuery, ctx: SearchContext): Promise<SupplierSearchResult> {
    const { main, flex, ids, key, expires, rest } = await this.searched(query, ctx);
    const memo = journeyMemo();
    const offers = main.offers.map((o, i) => buildSummary(this.net, o, ids[i], this.code, this.isSooper, expires, memo));
    await this.keep(main.offers, ids, offers.map((o) => o.price.amount), key, expires);
    return { offers, ...rest, ...(flex ? { flexible_dates: flex } : {}) };
  }

  /** search(), with the page written as GET /flights sends it (see wire-offers.ts). */
  async searchWire(query: FlightSearchQuery, ctx: SearchContext): Promise<SupplierWireResult> {
    const { main, flex, ids, key, expires, rest } = await this.searched(query, ctx);
    const wire = writeWireOffers({ net: this.net, supplier: this.code, isSooper: this.isSooper, expiresAt: expires }, main.offers, ids);
    await this.keep(main.offers, ids, wire.flights.map((r) => r.price.amount), key, expires);
    return { wire, ...rest, ...(flex ? { flexible_dates: flex } : {}) };
  }

  /** The page of priced offers for a query, with their ids, the asker's pricing key and when they expire. */
  private async searched(query: FlightSearchQuery, ctx: SearchContext) {
    const now = this.clock();
    const deps = { net: this.net, seats: this.seats, now };
    const [main, flex] = await Promise.all([
      searchLegs(deps, query, query.legs, ctx.pricing, ctx.limit ?? 50),
      query.flexible_plus_minus_3 ? flexibleDays(deps, query, ctx.pricing) : Promise.resolve(undefined),
    ]);
    const key = pricingKey(ctx.pricing);
    const ids = main.offers.map((o) => encodeOfferId(this.net, now, key, o.cabin, o.party, o.journeys.map((j) => j.itin), this.secret));
    return { main, flex, ids, key, expires: now + OFFER_TTL_MS, rest: { available_airlines: main.airlines, total: main.total } };
  }

  /** The offers handed out, in the offer store when there is one (their details made only if asked for). */
  private async keep(offers: PricedOffer[], ids: string[], prices: string[], key: string, expires: number): Promise<void> {
    if (!this.offers) return;
    await this.offers.put(offers.map((o, i) => {
      const id = ids[i];
      let detail: FlightOfferDetail | undefined;
      return { id, supplier: this.code, pricing_key: key, expires_at: expires, price: prices[i], detail: () => (detail ??= buildDetail(this.net, o, id, this.code, this.isSooper, expires)) };
    }));
  }

  async getOffer(offerId: string, ctx: SearchContext): Promise<OfferLookup> {
    const now = this.clock();
    const stored = await this.offers?.get(offerId);
    const decoded = decodeOfferId(offerId, this.secret);
    if (!stored && !decoded) return { status: 'unknown' };
    const expiresAt = stored?.expires_at ?? decoded!.issuedAt + OFFER_TTL_MS;
    if (expiresAt <= now) return { status: 'expired' };
    if (stored && stored.pricing_key === pricingKey(ctx.pricing)) return { status: 'ok', offer: stored.detail() };
    // Another server made it, or another asker: price it again for this asker, keeping its expiry.
    const priced = decoded && (await this.reprice(offerId, ctx, now));
    if (!priced) return { status: 'unknown' };
    return { status: 'ok', offer: buildDetail(this.net, priced, offerId, this.code, this.isSooper, expiresAt) };
  }

  async price(offerId: string, ctx: SearchContext): Promise<PriceResult> {
    const now = this.clock();
    const decoded = decodeOfferId(offerId, this.secret);
    if (!decoded) return { status: 'unknown' };
    const stored = await this.offers?.get(offerId);
    if ((stored?.expires_at ?? decoded.issuedAt + OFFER_TTL_MS) <= now) return { status: 'expired' };
    const flights = this.flightsOf(offerId);
    if (!flights) return { status: 'unknown' };
    const priced = await this.reprice(offerId, ctx, now);
    if (!priced) return { status: 'unavailable', reason: 'The fare is no longer available on one of these flights.' };
    const offer = buildDetail(this.net, priced, offerId, this.code, this.isSooper, stored?.expires_at ?? decoded.issuedAt + OFFER_TTL_MS);
    const price_changed = stored ? stored.price !== offer.price.amount : false;
    return { status: 'confirmed', offer, price_changed };
  }

  async book(offerId: string, passengers: Passenger[], contact: Contact, ctx: SearchContext): Promise<BookResult> {
    // Priced by the caller just now (the booking service prices before it books), unless it has expired since.
    const fresh = ctx.priced?.id === offerId && Date.parse(ctx.priced.expires_at) > this.clock() ? ctx.priced : null;
    const priced = fresh ? { status: 'confirmed' as const, offer: fresh } : await this.price(offerId, ctx);
    if (priced.status !== 'confirmed') return priced;
    const offer = priced.offer;
    const seated = passengers.filter((p) => p.type !== 'INF').length;
    const now = this.clock();
    const flights: { key: SeatKey; capacity: number }[] = [];
    for (const j of offer.journeys) for (const s of j.segments) {
      const f = flightByNumber(this.net, s.flight_number, s.departure_at.slice(0, 10))!;
      const capacity = (AIRCRAFT[serviceOf(this.net, f).aircraft].cabins[s.cabin]?.seats ?? 0)
        - marketSold(this.net, f, s.cabin, Math.floor((f.dep - now) / 86_400_000));
      flights.push({ key: { flight_no: this.flightNo(f), date: f.day, cabin: s.cabin }, capacity });
    }
    const held = flights.map((f) => f.key);
    const stamp = new Date(now).toISOString();
    const newOrder = (): Order => {
      const pnr = Array.from({ length: 6 }, () => PNR_ALPHABET[randomInt(PNR_ALPHABET.length)]).join('');
      return { pnr, supplier: this.code, offer_id: offerId, status: 'booked', offer, passengers, contact, tickets: [], seat_keys: held, created_at: stamp, updated_at: stamp };
    };
    // One step when the stores can (nearly every hold); a short flight is left to the transaction below, which
    // names it (the step only knows that one was short) and may find seats given back meanwhile.
    if (this.holdSeats) {
      for (;;) {
        const order = newOrder();
        const done = await this.holdSeats(flights, seated, order, ctx.rider);
        if (done === 'held') return { status: 'booked', order };
        if (done === 'short') break;
      }
    }
    // Seats and the order that holds them are saved together: no crash can leave seats sold to no order.
    return this.inTransaction(async ({ seats, orders }): Promise<BookResult> => {
      const unavailable = await this.takeSeats(seats, flights, seated);
      if (unavailable) return { status: 'unavailable', reason: `No seats left on ${unavailable}.` };
      let order: Order;
      do order = newOrder();
      while (!(await orders.create(order)));
      return { status: 'booked', order };
    });
  }

  async ticket(order: Order): Promise<Order> {
    if (order.status !== 'booked') throw new Error(`Cannot ticket an order that is ${order.status}.`);
    const prefix = String(100 + (parseInt(order.pnr, 36) % 900));
    const tickets = order.passengers.map((_, i) => ({ passenger: i, number: `${prefix}-${String(randomInt(1e9)).padStart(10, '0')}` }));
    const next = this.stamped({ ...order, status: 'ticketed', tickets });
    if (!(await this.orders.update(next, ['booked']))) throw new Error(`Cannot ticket order ${order.pnr}: it changed meanwhile.`);
    return next;
  }

  cancel(order: Order): Promise<Order> {
    return this.close(order, 'booked', 'canceled');
  }

  void(order: Order): Promise<Order> {
    return this.close(order, 'ticketed', 'voided');
  }

  retrieve(pnr: string): Promise<Order | undefined> {
    return this.orders.get(pnr);
  }

  // ---- internals ----------------------------------------------------------------------------------

  /** Seats on every flight or on none; the flight number that had too few, or null when all were taken. */
  private async takeSeats(seats: SeatStore, flights: readonly { key: SeatKey; capacity: number }[], seated: number): Promise<string | null> {
    if (seats.consumeAll) return (await seats.consumeAll(flights, seated))?.flight_no ?? null;
    const held: SeatKey[] = [];
    for (const { key, capacity } of flights) {
      if (!(await seats.consume(key, seated, capacity))) {
        for (const k of held) await seats.release(k, seated);
        return key.flight_no;
      }
      held.push(key);
    }
    return null;
  }

  /** The dated flights an offer id names, or null if any does not operate. */
  private flightsOf(offerId: string): DatedFlight[][] | null {
    const d = decodeOfferId(offerId, this.secret);
    if (!d) return null;
    const out: DatedFlight[][] = [];
    for (const j of d.journeys) {
      const list: DatedFlight[] = [];
      for (const s of j) {
        const f = flightByNumber(this.net, s.flightNo, s.day);
        if (!f) return null;
        list.push(f);
      }
      out.push(list);
    }
    return out;
  }

  private async reprice(offerId: string, ctx: SearchContext, now: number): Promise<PricedOffer | null> {
    const d = decodeOfferId(offerId, this.secret);
    const flights = this.flightsOf(offerId);
    if (!d || !flights) return null;
    const keys: SeatKey[] = [];
    for (const list of flights) for (const f of list) for (const c of ['F', 'C', 'S', 'Y'] as const) {
      keys.push({ flight_no: this.flightNo(f), date: f.day, cabin: c });
    }
    const sold = await this.seats.sold(keys);
    const soldOf = (f: DatedFlight, c: string) => sold[keys.findIndex((k) => k.flight_no === this.flightNo(f) && k.date === f.day && k.cabin === c)] ?? 0;
    const seats = d.party.adults + d.party.children;
    const journeys: PricedJourney[] = [];
    for (const list of flights) {
      const p = priceJourney(this.net, list, d.cabin, seats, now, soldOf);
      if (!p) return null;
      const itin: Itinerary = { flights: list, dep: list[0].dep, arr: list[list.length - 1].arr, km: list.reduce((s, f) => s + this.net.routes[f.route].km, 0) };
      journeys.push({ itin, sectors: p.sectors, adultBase: p.adultBase });
    }
    return priceOffer(this.net, journeys, d.cabin, d.party, ctx.pricing);
  }

  /** The timetabled number: seats are counted under it, whatever number an airline gives the flight on a day. */
  private flightNo(f: DatedFlight) {
    const s = serviceOf(this.net, f);
    return `${this.net.carriers[s.carrier].code}${s.flightNo}`;
  }

  /**
   * Cancel or void: the stored order moves `from` → `to` and its seats go back, in one transaction. Asked twice
   * (two servers, a retry after a crash), the second call finds the order already closed and releases nothing.
   */
  private async close(order: Order, from: OrderStatus, to: OrderStatus): Promise<Order> {
    const next = this.stamped({ ...order, status: to });
    const done = await this.inTransaction(async ({ seats, orders }) => {
      if (!(await orders.update(next, [from]))) return false;
      const seated = order.passengers.filter((p) => p.type !== 'INF').length;
      // By the segment's local day and timetabled number: a flight the airline canceled no longer operates, and
      // its seats still go back.
      for (const j of order.offer.journeys) for (const s of j.segments) {
        const day = s.departure_at.slice(0, 10);
        await seats.release({ flight_no: renumberedFrom(this.net, s.flight_number, day) ?? s.flight_number, date: day, cabin: s.cabin }, seated);
      }
      return true;
    });
    if (done) return next;
    const stored = await this.orders.get(order.pnr);
    if (stored?.status === to) return stored;
    throw new Error(`Cannot ${to === 'voided' ? 'void' : 'cancel'} an order that is ${stored?.status ?? 'unknown'}.`);
  }

  private stamped(order: Order): Order {
    return { ...order, updated_at: new Date(this.clock()).toISOString() };
  }
}
