/**
 * The flight supplier interface, modelled on offer → order APIs, and the stores a supplier needs.
 * Routes and screens talk to suppliers only through this file and the registry, so a GDS, an NDC aggregator
 * or our own group-ticket inventory ("sooper" fares) plugs in without touching them.
 *
 * Lifecycle: search → offers (each expires 30 minutes after it was made) → getOffer/price (confirmed price or
 * expired/unknown) → book (order with a PNR, seats held) → ticket | cancel; a ticketed order may be voided.
 */
import type {
  AvailableAirline, Cabin, FlexibleDay, FlightOffer, FlightOfferDetail, FlightSearchQuery, PaxType,
} from '../../../contract/flights';
import type { WireOffers } from '../../../contract/flight-wire';
import type { ExternalOffice } from '../../../contract/pnr-console';
import type { PricingContext } from '../../pricing/margins';

export type { PricingContext } from '../../pricing/margins';

export const OFFER_TTL_MS = 30 * 60_000;

export interface SearchContext {
  /** Who is asking decides the margins; the caller reads them from the database. */
  pricing: PricingContext;
  /** At most this many offers per supplier (default 50). */
  limit?: number;
  /**
   * book() only: the offer as this asker's price() confirmed it a moment ago, so the supplier need not price it
   * again (a supplier may anyway). Seats are still taken as book() finds them.
   */
  priced?: FlightOfferDetail;
  /** book() only: the booker's record of the hold, for stores that can write it with the sale (see HoldRider). */
  rider?: HoldRider;
  /** Aborts a supplier's call that is no longer waited for (a search past its time budget). */
  signal?: AbortSignal;
}

export interface SupplierSearchResult {
  offers: FlightOffer[];
  available_airlines: AvailableAirline[];
  flexible_dates?: FlexibleDay[];
  /** Offers matching the query's filters, of which `offers` is the page answered (its length when absent). */
  total?: number;
}

/** searchWire's answer: search()'s, with its page written as GET /flights sends it. */
export interface SupplierWireResult extends Omit<SupplierSearchResult, 'offers'> { wire: WireOffers }

/** getOffer: 'unknown' → 404, 'expired' → 410. */
export type OfferLookup =
  | { status: 'ok'; offer: FlightOfferDetail }
  | { status: 'expired' }
  | { status: 'unknown' };

/** price: the offer re-priced now (availability and fare may have moved since search). */
export type PriceResult =
  | { status: 'confirmed'; offer: FlightOfferDetail; price_changed: boolean }
  | { status: 'unavailable'; reason: string }
  | { status: 'expired' }
  | { status: 'unknown' };

export interface Passenger {
  type: PaxType;
  title: string;
  first_name: string;
  last_name: string;
  gender: string;
  dob: string;
  nationality: string;
  document_type: string;
  document_no: string;
  expiry_date: string;
  issue_country: string;
}
export interface Contact { email: string; phone: string; country: string }

export type OrderStatus = 'booked' | 'ticketed' | 'canceled' | 'voided';
export interface Order {
  pnr: string;
  supplier: string;
  offer_id: string;
  status: OrderStatus;
  offer: FlightOfferDetail;
  passengers: Passenger[];
  contact: Contact;
  tickets: { passenger: number; number: string }[];
  /** The flights this order holds seats on, where the supplier counts seats per flight (quotas on unpaid holds). */
  seat_keys?: SeatKey[];
  /**
   * Set when the order was booked through another channel (an agency's own GDS terminal, the supplier console),
   * not by Safar's booking service: who it is for. Absent on Safar's own orders.
   */
  office?: ExternalOffice;
  /**
   * A remote supplier's own order: its id (null until one exists: an offer that must be paid at once is ordered
   * when it is paid), what it costs in the supplier's currency, the rate it was sold at in PKR, and until when the
   * supplier holds it unpaid.
   */
  remote?: RemoteOrder;
  created_at: string;
  updated_at: string;
}

export interface RemoteOrder {
  order_id: string | null;
  mode: 'hold' | 'instant';
  /** Supplier currency, major units as a decimal string; the rate in PKR millionths per unit. */
  amount: string;
  currency: string;
  rate_micros: number;
  /** The supplier's deadline to pay a held order (the booking's hold ends no later). */
  payment_required_by: string | null;
  /** The airline's own locator, once the supplier has one. */
  booking_reference: string | null;
  /** The cancellation quote the customer was shown, for void() to confirm (a stale one is quoted again). */
  cancellation_id?: string | null;
  /**
   * Seats and bags chosen with the booking, as the supplier's service ids, booked with its order (`amount` then
   * includes them); each with its amount for the quantity, in the supplier's currency.
   */
  services?: { id: string; quantity: number; amount: string }[];
}

/** A supplier's quote to cancel a ticketed order: what it refunds, in its currency and in PKR at the order's rate. */
export interface CancellationQuote { id: string; refund: { amount: string; currency: string }; refund_minor_pkr: number; expires_at: string | null }

/** Before money moves, the supplier confirms the order can still be paid at its price. */
export type PaymentCheck = { status: 'ok' } | { status: 'price_changed'; offer: FlightOfferDetail } | { status: 'unavailable'; reason: string };
export type BookResult =
  | { status: 'booked'; order: Order }
  | { status: 'unavailable'; reason: string }
  | { status: 'expired' }
  | { status: 'unknown' };

export interface FlightSupplier {
  /** Path segment of GET /flight/{flight_id}/{supplier}/{isSooperFlight}. */
  readonly code: string;
  /** Own inventory (group tickets) answers true. */
  readonly isSooper: boolean;
  /**
   * How long a search may wait for this supplier before answering without it (a remote supplier's network and
   * speed are not ours); unset: as long as it takes (suppliers in this process).
   */
  readonly searchBudgetMs?: number;
  search(query: FlightSearchQuery, ctx: SearchContext): Promise<SupplierSearchResult>;
  /**
   * Optional: search() with its page written straight into the wire form of GET /flights, for a supplier that can
   * do that for less than making offers to be compacted. The rows in the order search() gives its offers (by the
   * query's sort, then price, then departure, cut as pageKeepingEachCheapest cuts), and the same offers.
   */
  searchWire?(query: FlightSearchQuery, ctx: SearchContext): Promise<SupplierWireResult>;
  getOffer(offerId: string, ctx: SearchContext): Promise<OfferLookup>;
  price(offerId: string, ctx: SearchContext): Promise<PriceResult>;
  /** Holds seats and creates the order; payment and ledger are the booking service's job. */
  book(offerId: string, passengers: Passenger[], contact: Contact, ctx: SearchContext): Promise<BookResult>;
  /** Whether book() hands a rider to stores that write it with the sale (see HoldRider); it may still not, when it falls back. */
  readonly writesHolds?: boolean;
  ticket(order: Order): Promise<Order>;
  cancel(order: Order): Promise<Order>;
  void(order: Order): Promise<Order>;
  retrieve(pnr: string): Promise<Order | undefined>;
  /**
   * Optional, for suppliers whose price may move while a booking waits for its money (a remote supplier's offer):
   * checked before the wallet is debited or the card checkout opens.
   */
  checkBeforePayment?(order: Order, ctx: SearchContext): Promise<PaymentCheck>;
  /**
   * Optional, for suppliers that refund by their own quote: what cancelling a ticketed order gives back now. Void and
   * refund then show and credit that amount, and void() confirms it.
   */
  cancellationQuote?(order: Order): Promise<CancellationQuote>;
}

/** A flight's cabin on a day: the unit of seat inventory. `date` is the local departure day at the origin. */
export interface SeatKey { flight_no: string; date: string; cabin: Cabin }

/**
 * Seats sold through us. The DB-backed implementation needs one table:
 *   flight_seats(flight_no text, date date, cabin char(1), capacity int, sold int, primary key (flight_no, date, cabin))
 * consume = INSERT … ON CONFLICT DO UPDATE SET sold = flight_seats.sold + n WHERE flight_seats.sold + n <= capacity
 * (one statement, so concurrent bookings cannot oversell); release = UPDATE … SET sold = greatest(0, sold - n).
 * `capacity` is what the supplier may still sell on top of the market's own sales, passed on every consume.
 */
export interface SeatStore {
  /** Sold counts, in the order of `keys` (0 for keys never sold). One round trip per search. */
  sold(keys: readonly SeatKey[]): Promise<number[]>;
  /**
   * Optional: every sold count on some departure dates, as date → `${flight_no}|${cabin}` → sold (a date with
   * none sold may be absent or empty). Search reads counts this way: most dates have no sales, so it builds no key
   * for the thousand or so flight cabins it might price. The maps are the store's: read them, never change them.
   */
  soldOnDates?(dates: readonly string[]): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>>;
  /** Atomically adds `seats` if the total stays within `capacity`; false when it would not. */
  consume(key: SeatKey, seats: number, capacity: number): Promise<boolean>;
  /**
   * Optional: `seats` on every flight of an itinerary, each within its own capacity, or on none. Answers null, or
   * the first flight (in the order given) without enough seats. The database store does it in one statement
   * instead of one per flight.
   */
  consumeAll?(flights: readonly { key: SeatKey; capacity: number }[], seats: number): Promise<SeatKey | null>;
  release(key: SeatKey, seats: number): Promise<void>;
}

/** An offer as handed out; once expired it may be dropped (its id alone answers 410). */
/**
 * An offer as search handed it out: the price shown (booking compares against it) and its full detail, built
 * only when asked for (most results are never opened). A database-backed store would keep the built detail.
 */
export interface StoredOffer { id: string; supplier: string; pricing_key: string; expires_at: number; price: string; detail: () => FlightOfferDetail }

/**
 * Offers handed out by search. In memory for one process now; with several app servers it must live in the
 * database (table flight_offers(id text primary key, supplier, pricing_key, expires_at timestamptz, offer jsonb),
 * purged after expiry). Offer ids also carry their issue time and flights, so a server that never saw
 * an offer can still tell "expired" from "unknown" and re-price it.
 */
export interface OfferStore {
  put(offers: readonly StoredOffer[]): Promise<void>;
  get(id: string): Promise<StoredOffer | undefined>;
}

export interface OrderStore {
  save(order: Order): Promise<void>;
  /** Saves a new order unless its PNR is taken (false): the check and the write are one step. */
  create(order: Order): Promise<boolean>;
  get(pnr: string): Promise<Order | undefined>;
  /** Saves `next` only if the stored order is still in one of `from` (two cancels release seats once). */
  update(next: Order, from: readonly OrderStatus[]): Promise<boolean>;
}

/** The stores a sale or a release changes together: seat counts and the order. */
export interface OrderStores { seats: SeatStore; orders: OrderStore }
/**
 * Runs `work` so that its changes to the stores all happen or none do: one database transaction, so a crash
 * can never leave seats sold without an order or an order canceled with its seats still sold.
 */
export type InTransaction = <T>(work: (stores: OrderStores) => Promise<T>) => Promise<T>;
/**
 * Sells `seats` on every flight and saves the new `order` as one step: all of it or none. 'held' when done;
 * 'short' when a flight had too few seats (nothing changed); 'pnr-taken' when the order's PNR was (nothing
 * changed either). The database stores do it in one statement, so without BEGIN and COMMIT.
 */
export type HoldSeats = (flights: readonly { key: SeatKey; capacity: number }[], seats: number, order: Order, rider?: HoldRider) => Promise<'held' | 'short' | 'pnr-taken'>;

/**
 * The booker's record of a hold (its booking, passengers, event...), which stores that sell in one statement may
 * write in that same statement, so that the sale and the booking are one write, all or nothing, and one round
 * trip. Opaque to the supplier, which passes it on to HoldSeats: `rows` makes the record for the order being
 * saved, and `written` is what the stores answered once they wrote it. Left unwritten, the booker writes its own.
 */
export interface HoldRider {
  rows(order: Order): Promise<unknown>;
  written?: unknown;
}
