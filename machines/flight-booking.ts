import { assign, emit, enqueueActions, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { Booking, ContactInput, FareSummary, PassengerInput, PaymentMethod } from '../contract/bookings';
import type { AvailableAirline, FlightOfferDetail, FlightSearchResponse, SortKey, StopsFilter, TimeOfDay } from '../contract/flights';
import { parseMinor, toMoney, type Money } from '../contract/money';
import type { Failure, Notice } from './notice';

/**
 * One flow from search to payment result (issue 5): search → results → offer → passengers → review →
 * hold / pay → result. Pure: the app provides every call (fromPromise actors with abort signals) and acts on
 * the emitted events (redirect to the hosted checkout, toasts). Every outcome of every call has a state.
 */

/** The search as the API takes it (brief §7 query); the form owns its shape. */
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
}

export interface BookingRequest {
  offer: OfferRef;
  travellers: PassengerInput[];
  contact: ContactInput;
  payment_method: PaymentMethod;
  agent_markup: string | null;
  expected_total: Money | null;
  idempotencyKey: string;
}

export type Role = 'guest' | 'customer' | 'agent';
/** Which booking to pay: the owner asks by id, a guest by PNR and contact email. */
export interface PaymentFor { booking_id: number; pnr: string; email: string }

const paymentFor = (c: FlightBookingContext): PaymentFor => c.booking
  ? { booking_id: c.booking.id, pnr: c.booking.pnr, email: c.booking.main_contact.email }
  : { booking_id: c.payment?.booking?.id ?? 0, pnr: c.payment?.booking?.pnr ?? '', email: c.payment?.booking?.email ?? '' };

export interface FlightBookingContext {
  role: Role;
  /** The search as typed (the URL's); the filters travel separately so the form and URL keep it. */
  query: SearchParams | null;
  filters: SearchFilters;
  results: FlightSearchResponse | null;
  /** The filter panel's airlines, from the unfiltered search, so choosing filters never shrinks the choice. */
  airlineChoices: AvailableAirline[] | null;
  selected: OfferRef | null;
  offer: FlightOfferDetail | null;
  travellers: PassengerInput[];
  contact: ContactInput | null;
  agentMarkup: string | null;
  expectedTotal: Money | null;
  idempotencyKey: string | null;
  method: PaymentMethod | null;
  booking: Booking | null;
  /** The server's fare after a price change, until accepted. */
  newFare: FareSummary | null;
  paymentUrl: string | null;
  tracker: string | null;
  payment: PaymentResult | null;
  failure: BookingFailure | null;
  fieldErrors: Record<string, string>;
}

export interface FlightBookingInput { role: Role; tracker?: string | null }

export type FlightBookingEvent =
  | { type: 'SEARCH'; query: SearchParams }
  | { type: 'MODIFY' }
  | { type: 'FILTER'; filters: SearchFilters }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'SELECT'; offer: OfferRef }
  | { type: 'SUBMIT_PASSENGERS'; travellers: PassengerInput[]; contact: ContactInput; agentMarkup?: string | null; idempotencyKey: string }
  | { type: 'CONFIRM'; method: PaymentMethod }
  | { type: 'ACCEPT_PRICE' }
  | { type: 'HOLD_INSTEAD' }
  | { type: 'PAY_CARD' }
  | { type: 'PAYMENT_RETURNED'; tracker: string }
  | { type: 'REFRESH' }
  | { type: 'NEW_SEARCH' };

export type FlightBookingEmitted = { type: 'redirect'; url: string } | { type: 'notify'; notice: Notice };

function missing<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`flight-booking actor "${name}" was not provided`);
  });
}

const failureOf = (error: unknown): BookingFailure => {
  const f = error as Partial<BookingFailure> | null;
  if (f && typeof f === 'object' && 'code' in f && 'notice' in f) return f as BookingFailure;
  return { code: 'other', notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
};
const codeIs = (code: BookingFailureCode) => ({ event }: { event: unknown }) => failureOf((event as { error: unknown }).error).code === code;

/** The offer total plus the agent's markup, as the client expects the server to charge it. */
export function expectedTotalOf(offer: FlightOfferDetail | null, markup: string | null): Money | null {
  if (!offer) return null;
  const base = parseMinor(offer.price.amount) ?? 0;
  const m = markup ? parseMinor(markup) ?? 0 : 0;
  return toMoney(base + m, offer.price.currency);
}

/** Changed filters search again with the same typed query (the results screen's panel). */
const filter = { guard: 'filtersChanged', target: 'searching', actions: 'setFilters' } as const;

export const flightBookingMachine = setup({
  types: {
    context: {} as FlightBookingContext,
    events: {} as FlightBookingEvent,
    input: {} as FlightBookingInput,
    emitted: {} as FlightBookingEmitted,
  },
  actors: {
    searchFlights: missing<FlightSearchResponse, { query: SearchParams }>('searchFlights'),
    loadOffer: missing<FlightOfferDetail, { offer: OfferRef }>('loadOffer'),
    createBooking: missing<Booking, BookingRequest>('createBooking'),
    getPaymentUrl: missing<{ url: string; tracker: string }, PaymentFor>('getPaymentUrl'),
    fetchPaymentResult: missing<PaymentResult, { tracker: string }>('fetchPaymentResult'),
  },
  guards: {
    hasFlights: ({ event }) => ((event as unknown as { output: FlightSearchResponse }).output?.flights?.length ?? 0) > 0,
    hasTracker: ({ context }) => !!context.tracker,
    filtersChanged: ({ context, event }) => event.type === 'FILTER' && !sameFilters(context.filters, event.filters),
    hasBookingOrPayment: ({ context }) => !!(context.booking ?? context.payment?.booking),
    canUseWallet: ({ context, event }) => event.type !== 'CONFIRM' || event.method !== 'wallet' || context.role === 'agent',
    isExpired: codeIs('expired'),
    isPriceChanged: codeIs('price_changed'),
    isInsufficient: ({ context, event }) => context.method === 'wallet' && codeIs('insufficient_balance')({ event }),
    bookedTicketed: ({ event }) => (event as unknown as { output: Booking }).output.status === 'ticketed',
    bookedWithCheckout: ({ event }) => !!(event as unknown as { output: Booking }).output.payment_url,
    paid: ({ event }) => (event as unknown as { output: PaymentResult }).output.status === 'paid',
    paymentFailed: ({ event }) => ['failed', 'refund_due', 'refunded'].includes((event as unknown as { output: PaymentResult }).output.status),
    paymentCanceled: ({ event }) => (event as unknown as { output: PaymentResult }).output.status === 'canceled',
  },
  actions: {
    setQuery: assign(({ context, event }) => ({ ...initialContext({ role: context.role }), query: event.type === 'SEARCH' ? event.query : context.query })),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    setResults: assign(({ context, event }) => {
      const results = (event as unknown as { output: FlightSearchResponse }).output;
      // A filtered answer only fills the panel when nothing unfiltered has (a filter chosen during the first search).
      const airlineChoices = !hasFilters(context.filters) || !context.airlineChoices ? results.available_airlines : context.airlineChoices;
      return { results, airlineChoices, failure: null };
    }),
    setFilters: assign({ filters: ({ context, event }) => (event.type === 'FILTER' ? event.filters : context.filters) }),
    select: assign({ selected: ({ event }) => (event.type === 'SELECT' ? event.offer : null), offer: null, failure: null }),
    setOffer: assign({ offer: ({ event }) => (event as unknown as { output: FlightOfferDetail }).output, failure: null }),
    setPassengers: assign(({ event, context }) => {
      if (event.type !== 'SUBMIT_PASSENGERS') return {};
      const agentMarkup = context.role === 'agent' ? event.agentMarkup ?? null : null;
      return {
        travellers: event.travellers, contact: event.contact, agentMarkup, idempotencyKey: event.idempotencyKey,
        expectedTotal: expectedTotalOf(context.offer, agentMarkup), fieldErrors: {}, failure: null,
      };
    }),
    setMethod: assign({ method: ({ event }) => (event.type === 'CONFIRM' ? event.method : 'hold') }),
    setBooking: assign(({ event }) => {
      const booking = (event as unknown as { output: Booking }).output;
      return { booking, paymentUrl: booking.payment_url ?? null, failure: null };
    }),
    setFailure: assign(({ event }) => {
      const failure = failureOf((event as { error?: unknown }).error);
      return { failure, fieldErrors: failure.fieldErrors, newFare: failure.fare ?? null };
    }),
    acceptPrice: assign(({ context }) => ({ expectedTotal: context.newFare?.total ?? context.expectedTotal, newFare: null, failure: null })),
    setCheckout: assign(({ event }) => {
      const out = (event as unknown as { output: { url: string; tracker: string } }).output;
      return { paymentUrl: out.url, tracker: out.tracker, failure: null };
    }),
    setTracker: assign({ tracker: ({ event }) => (event.type === 'PAYMENT_RETURNED' ? event.tracker : null) }),
    setPayment: assign({ payment: ({ event }) => (event as unknown as { output: PaymentResult }).output, failure: null }),
    redirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.paymentUrl ?? '/' })),
    notifyFailure: enqueueActions(({ enqueue, event }) => {
      const notice = failureOf((event as { error?: unknown }).error).notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    reset: assign(({ context }) => ({
      ...initialContext({ role: context.role }), query: context.query,
    })),
  },
}).createMachine({
  id: 'flightBooking',
  context: ({ input }) => initialContext(input),
  initial: 'boot',
  states: {
    /** Transient: the /payment-result page starts with a tracker, every other screen with the form. */
    boot: { always: [{ guard: 'hasTracker', target: 'checkingPayment' }, { target: 'search' }] },

    /** The form; an offer link (public-flight-details) may select an offer straight away. */
    search: { on: { SEARCH: { target: 'searching', actions: 'setQuery' }, SELECT: { target: 'loadingOffer', actions: 'select' } } },
    searching: {
      invoke: {
        id: 'searchFlights', src: 'searchFlights', input: ({ context }) => ({ query: filteredQuery(context.query, context.filters) }),
        onDone: [{ guard: 'hasFlights', target: 'results', actions: 'setResults' }, { target: 'noResults', actions: 'setResults' }],
        onError: { target: 'searchFailed', actions: ['setFailure', 'notifyFailure'] },
      },
      on: {
        MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery', reenter: true },
        // A newer filter choice replaces the running search (its abort signal cancels the request).
        FILTER: { guard: 'filtersChanged', target: 'searching', actions: 'setFilters', reenter: true },
      },
    },
    results: {
      on: { SELECT: { target: 'loadingOffer', actions: 'select' }, MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' }, FILTER: filter },
    },
    noResults: { on: { MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' }, FILTER: filter } },
    searchFailed: { exit: 'clearFailure', on: { RETRY: 'searching', MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' }, FILTER: filter } },

    loadingOffer: {
      invoke: {
        id: 'loadOffer', src: 'loadOffer', input: ({ context }) => ({ offer: context.selected! }),
        onDone: { target: 'passengers', actions: 'setOffer' },
        onError: [
          { guard: 'isExpired', target: 'offerExpired', actions: 'setFailure' },
          { target: 'offerFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
      on: { BACK: 'results' },
    },
    /** The offer's 30 minutes are over: search again with the same query. */
    offerExpired: { exit: 'clearFailure', on: { SEARCH: { target: 'searching', actions: 'setQuery' }, RETRY: 'searching', MODIFY: 'search', FILTER: filter } },
    offerFailed: { exit: 'clearFailure', on: { RETRY: 'loadingOffer', BACK: 'results', FILTER: filter } },

    passengers: { on: { SUBMIT_PASSENGERS: { target: 'review', actions: 'setPassengers' }, BACK: 'results' } },
    review: {
      on: {
        CONFIRM: { guard: 'canUseWallet', target: 'booking', actions: 'setMethod' },
        BACK: 'passengers',
      },
    },
    booking: {
      invoke: {
        id: 'createBooking', src: 'createBooking',
        input: ({ context }) => ({
          offer: context.selected!, travellers: context.travellers, contact: context.contact!, payment_method: context.method ?? 'hold',
          agent_markup: context.agentMarkup, expected_total: context.expectedTotal, idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          { guard: 'bookedTicketed', target: 'confirmed', actions: 'setBooking' },
          { guard: 'bookedWithCheckout', target: 'redirecting', actions: 'setBooking' },
          { target: 'held', actions: 'setBooking' },
        ],
        onError: [
          { guard: 'isPriceChanged', target: 'priceChanged', actions: 'setFailure' },
          { guard: 'isExpired', target: 'offerExpired', actions: 'setFailure' },
          { guard: 'isInsufficient', target: 'insufficientBalance', actions: 'setFailure' },
          { target: 'bookingFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
    },
    /** The server priced it differently: show the new fare; accepting goes back to review with it. */
    priceChanged: { exit: 'clearFailure', on: { ACCEPT_PRICE: { target: 'review', actions: 'acceptPrice' }, BACK: 'results' } },
    /** "Insufficient Balance": the agent may hold the seats instead, or go back. */
    insufficientBalance: {
      exit: 'clearFailure',
      on: { HOLD_INSTEAD: { target: 'booking', actions: assign({ method: 'hold' as const }) }, BACK: 'review' },
    },
    bookingFailed: { exit: 'clearFailure', on: { RETRY: 'booking', BACK: 'review' } },

    held: { on: { PAY_CARD: 'startingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    confirmed: { on: { NEW_SEARCH: { target: 'search', actions: 'reset' } } },

    startingPayment: {
      invoke: {
        id: 'getPaymentUrl', src: 'getPaymentUrl', input: ({ context }) => paymentFor(context),
        onDone: { target: 'redirecting', actions: 'setCheckout' },
        onError: { target: 'paymentFailed', actions: ['setFailure', 'notifyFailure'] },
      },
    },
    /** The browser leaves for the hosted checkout; it comes back on /payment-result. */
    redirecting: {
      entry: 'redirect',
      on: { PAYMENT_RETURNED: { target: 'checkingPayment', actions: 'setTracker' } },
    },
    checkingPayment: {
      invoke: {
        id: 'fetchPaymentResult', src: 'fetchPaymentResult', input: ({ context }) => ({ tracker: context.tracker ?? '' }),
        onDone: [
          { guard: 'paid', target: 'paymentSucceeded', actions: 'setPayment' },
          { guard: 'paymentFailed', target: 'paymentFailed', actions: 'setPayment' },
          { guard: 'paymentCanceled', target: 'paymentCancelled', actions: 'setPayment' },
          { target: 'paymentPending', actions: 'setPayment' },
        ],
        onError: { target: 'paymentUnknown', actions: ['setFailure', 'notifyFailure'] },
      },
    },
    paymentSucceeded: { on: { NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentFailed: { exit: 'clearFailure', on: { PAY_CARD: { guard: 'hasBookingOrPayment', target: 'retryingPayment' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentCancelled: { on: { PAY_CARD: { guard: 'hasBookingOrPayment', target: 'retryingPayment' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** The provider has not called back yet. */
    paymentPending: { on: { REFRESH: 'checkingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentUnknown: { exit: 'clearFailure', on: { REFRESH: 'checkingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** A new checkout for the same booking (from the result page, where only the payment is known). */
    retryingPayment: {
      invoke: {
        id: 'getPaymentUrl', src: 'getPaymentUrl',
        input: ({ context }) => paymentFor(context),
        onDone: { target: 'redirecting', actions: 'setCheckout' },
        onError: { target: 'paymentUnknown', actions: ['setFailure', 'notifyFailure'] },
      },
    },
  },
});

export function initialContext(input: FlightBookingInput): FlightBookingContext {
  return {
    role: input.role, query: null, filters: NO_FILTERS, results: null, airlineChoices: null, selected: null, offer: null, travellers: [], contact: null, agentMarkup: null,
    expectedTotal: null, idempotencyKey: null, method: null, booking: null, newFare: null, paymentUrl: null,
    tracker: input.tracker ?? null, payment: null, failure: null, fieldErrors: {},
  };
}
