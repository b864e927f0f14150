import type { Booking, ContactInput, FareSummary, PassengerInput, PaymentMethod } from '../contract/bookings';
import type { ExtrasInput } from '../contract/flight-extras';
import type { PayWith } from '../contract/pay-with';
import type { Traveller } from '../contract/travellers';
import type { AvailableAirline, FlightOfferDetail, FlightSearchResponse, SortKey, StopsFilter, TimeOfDay } from '../contract/flights';
import { parseMinor, toMoney, type Money } from '../contract/money';
import type { Failure, Notice } from './notice';
import type { PassengerForm, PassengerFormEdit } from './flight-passengers';

/** The flight booking flow's data: what it holds, the events it takes, what it emits, and the filter rules. */

/** The search as the API takes it; the form owns its shape. */
export type SearchParams = Record<string, string | number | boolean | undefined | { origin: string; destination: string; date: string }[]>;
export interface OfferRef { id: string; supplier: string; is_sooper_flight: boolean }

/**
 * The results filters the server applies (GET /flights stops, airlines, time_of_day, sort): the server answers
 * only the best 50, so filtering those in the browser would miss fares an airline in the panel promised.
 */
export interface SearchFilters { airlines: string[]; stops: StopsFilter; time_of_day: TimeOfDay[]; sort: SortKey }
export const NO_FILTERS: SearchFilters = { airlines: [], stops: 'all', time_of_day: [], sort: 'price' };

export const sameFilters = (a: SearchFilters, b: SearchFilters) =>
  a.stops === b.stops && a.sort === b.sort && [...a.airlines].sort().join() === [...b.airlines].sort().join()
  && [...a.time_of_day].sort().join() === [...b.time_of_day].sort().join();
export const hasFilters = (f: SearchFilters) => !sameFilters(f, NO_FILTERS);

/** The query the search call gets: the typed one plus each filter that is not the default (an unfiltered search asks just what was typed). */
export function filteredQuery(query: SearchParams | null, f: SearchFilters): SearchParams {
  const q: SearchParams = { ...(query ?? {}) };
  if (f.airlines.length) q.airlines = [...f.airlines].sort().join(',');
  if (f.stops !== NO_FILTERS.stops) q.stops = f.stops;
  if (f.time_of_day.length) q.time_of_day = [...f.time_of_day].sort().join(',');
  if (f.sort !== NO_FILTERS.sort) q.sort = f.sort;
  return q;
}

export type BookingFailureCode = 'expired' | 'price_changed' | 'insufficient_balance' | 'unavailable' | 'duplicate' | 'invalid' | 'other';
/** A failed call as the app's actors throw it: the usual Failure plus what the flow needs to branch on. */
export interface BookingFailure extends Failure {
  code: BookingFailureCode;
  status?: number;
  /** price_changed: the server's new fare. */
  fare?: FareSummary;
}

export interface PaymentResult {
  tracker: string;
  status: 'created' | 'paid' | 'failed' | 'canceled' | 'refund_due' | 'refunded';
  amount: Money;
  failure_reason: string | null;
  booking: { id: number; pnr: string; status: string; email: string; hold_expires_at: string | null } | null;
  /** Another product paid through the same checkout (insurance, visa, package): its reference and its page. */
  subject?: { kind: string; id: number; reference: string | null; href: string | null } | null;
}

export interface BookingRequest {
  offer: OfferRef;
  travellers: PassengerInput[];
  contact: ContactInput;
  payment_method: PaymentMethod;
  /** Who takes a card checkout's money. */
  pay_with: PayWith;
  agent_markup: string | null;
  expected_total: Money | null;
  idempotencyKey: string;
  /** Seats and bags chosen at checkout, bought with the booking. */
  extras: ExtrasInput | null;
}

export type Role = 'guest' | 'customer' | 'agent';
/** Which booking to pay: the owner asks by id, a guest by PNR and contact email. */
export interface PaymentFor { booking_id: number; pnr: string; email: string; pay_with: PayWith }

export const paymentFor = (c: FlightBookingContext): PaymentFor => c.booking
  ? { booking_id: c.booking.id, pnr: c.booking.pnr, email: c.booking.main_contact.email, pay_with: c.payWith }
  : { booking_id: c.payment?.booking?.id ?? 0, pnr: c.payment?.booking?.pnr ?? '', email: c.payment?.booking?.email ?? '', pay_with: c.payWith };

export interface FlightBookingContext {
  role: Role;
  /** The search as typed (the URL's); the filters travel separately so the form and URL keep it. */
  query: SearchParams | null;
  filters: SearchFilters;
  /** The panel's latest choice, shown at once; it becomes `filters` (a new search) once the clicks pause. */
  draftFilters: SearchFilters;
  results: FlightSearchResponse | null;
  /** The filter panel's airlines, from the unfiltered search, so choosing filters never shrinks the choice. */
  airlineChoices: AvailableAirline[] | null;
  selected: OfferRef | null;
  offer: FlightOfferDetail | null;
  /** The passenger form as typed (flight-passengers.ts): made for the offer, kept while the user goes back and forth. */
  passengerForm: PassengerForm | null;
  /** The reader's calendar day when the passengers were last submitted: birth and document dates are checked against it. */
  today: string;
  /** The passengers as submitted and checked, which the booking sends. */
  travellers: PassengerInput[];
  /** An agent's saved travellers for the passenger form's picker; null until loaded (kept across searches). */
  savedTravellers: SavedTraveller[] | null;
  contact: ContactInput | null;
  agentMarkup: string | null;
  expectedTotal: Money | null;
  /** Seats and bags chosen on the optional step, and what they cost on top of the fare; null when none. */
  extras: ExtrasInput | null;
  extrasTotal: Money | null;
  idempotencyKey: string | null;
  method: PaymentMethod | null;
  /** Who takes the money when paying by card: the card provider, or JazzCash where the offer says it is offered. */
  payWith: PayWith;
  booking: Booking | null;
  /** The server's fare after a price change, until accepted. */
  newFare: FareSummary | null;
  paymentUrl: string | null;
  tracker: string | null;
  payment: PaymentResult | null;
  failure: BookingFailure | null;
  fieldErrors: Record<string, string>;
}

export interface FlightBookingInput {
  role: Role; tracker?: string | null;
  /** A passenger form to start from (a test's): kept for an offer whose passengers it fits. */
  passengerForm?: PassengerForm | null;
}

export type FlightBookingEvent =
  | { type: 'SEARCH'; query: SearchParams }
  | { type: 'MODIFY' }
  /** The filter panel changed; the search runs once no change came for the debounce delay. */
  | { type: 'FILTER'; filters: SearchFilters }
  /** Raised by the machine itself after the debounce delay. */
  | { type: 'FILTERS_SETTLED' }
  /** The offer details page (a shared link): show one offer, then BOOK it. */
  | { type: 'VIEW_OFFER'; offer: OfferRef }
  | { type: 'BOOK' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'SELECT'; offer: OfferRef }
  | PassengerFormEdit
  /** `today`: the reader's calendar day, for the birth and document dates. */
  | { type: 'SUBMIT_PASSENGERS'; idempotencyKey: string; today: string }
  | { type: 'CONFIRM'; method: PaymentMethod; payWith?: PayWith }
  /** The optional seats and bags step, from the review; SET_EXTRAS comes back with the choices (none clears them). */
  | { type: 'CHOOSE_EXTRAS' }
  | { type: 'SET_EXTRAS'; extras: ExtrasInput; total: Money }
  | { type: 'ACCEPT_PRICE' }
  | { type: 'HOLD_INSTEAD' }
  | { type: 'PAY_CARD'; payWith?: PayWith }
  | { type: 'PAYMENT_RETURNED'; tracker: string }
  | { type: 'REFRESH' }
  | { type: 'NEW_SEARCH' };

/** `show`: the app moves to that screen (the machine knows screens, the app knows their paths). */
export type FlightBookingEmitted = { type: 'redirect'; url: string } | { type: 'notify'; notice: Notice } | { type: 'show'; screen: 'checkout' };

/** A traveller an agent saved (GET /get-travellers), offered to fill a passenger. */
export type SavedTraveller = Pick<Traveller, 'id' | 'type' | 'title' | 'first_name' | 'last_name' | 'gender' | 'dob' | 'nationality' | 'document_type' | 'document_no' | 'expiry_date' | 'issue_country'>;

/** The offer total plus the agent's markup, as the client expects the server to charge it. */
export function expectedTotalOf(offer: FlightOfferDetail | null, markup: string | null): Money | null {
  if (!offer) return null;
  const base = parseMinor(offer.price.amount) ?? 0;
  const m = markup ? parseMinor(markup) ?? 0 : 0;
  return toMoney(base + m, offer.price.currency);
}

export function initialContext(input: FlightBookingInput): FlightBookingContext {
  return {
    role: input.role, query: null, filters: NO_FILTERS, draftFilters: NO_FILTERS, results: null, airlineChoices: null, selected: null, offer: null,
    passengerForm: input.passengerForm ?? null, today: '', travellers: [], savedTravellers: null, contact: null, agentMarkup: null, expectedTotal: null, extras: null, extrasTotal: null, idempotencyKey: null, method: null, payWith: 'card', booking: null,
    newFare: null, paymentUrl: null, tracker: input.tracker ?? null, payment: null, failure: null, fieldErrors: {},
  };
}


