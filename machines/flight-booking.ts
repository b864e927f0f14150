import { assign, emit, enqueueActions, setup } from 'xstate';
import type { Booking } from '../contract/bookings';
import type { FlightOfferDetail, FlightSearchResponse } from '../contract/flights';
import {
  expectedTotalOf, filteredQuery, hasFilters, initialContext, paymentFor, sameFilters, type BookingFailure, type BookingFailureCode,
  type BookingRequest, type FlightBookingContext, type FlightBookingEmitted, type FlightBookingEvent, type FlightBookingInput,
  type OfferRef, type PaymentFor, type PaymentResult, type SavedTraveller, type SearchParams,
} from './flight-booking-types';
import { afterEdit, formErrorsOf, formForOffer, isFormEdit, submitted } from './flight-passengers';
import { missing } from './request';

export * from './flight-booking-types';

/**
 * One flow from search to payment result: search → results → offer → passengers → review →
 * hold / pay → result. Pure: the app provides every call (fromPromise actors with abort signals) and acts on
 * the emitted events (show the checkout, redirect to the hosted checkout, toasts). Every outcome of every call
 * has a state. The filter panel's debounce lives here too (FILTER → after a pause FILTERS_SETTLED → search), so
 * rapid clicks make one request and a test can walk it without a browser. So does the passenger form: its fields
 * send each change, SUBMIT passes only a form that meets every rule (flight-passengers.ts), and a field the server
 * refuses (422) brings the form back with the message under it.
 *
 *   boot ─┬─────────────────────────────────────────────────────────────► checkingPayment (a tracker)
 *         └► search ─SEARCH─► searching ─done─► results ─SELECT─► loadingOffer ─done─► passengers ─SUBMIT─► review
 *              │  ▲              │  ▲  └─done(0)─► noResults        │   (agent: loadingSaved; SET_* edits)      │
 *              │  └──MODIFY──────┘  └FILTERS_SETTLED─ results …     ├─expired─► offerExpired                     CONFIRM
 *              │                 └─error─► searchFailed ─RETRY─┘    └─error─► offerFailed ─RETRY─┘               ▼
 *   (any) ─VIEW_OFFER─► loadingDetails ─done─► offerDetails ─BOOK─► passengers           booking ─┬► confirmed
 *                          └─error─► detailsFailed ─RETRY─┘                                        ├► held ─PAY_CARD─► startingPayment ─► redirecting
 *                                                                                                  ├► redirecting ─PAYMENT_RETURNED─► checkingPayment
 *         priceChanged / insufficientBalance / bookingFailed / offerExpired / passengers ◄─error──┘
 *   checkingPayment ─► paymentSucceeded | paymentFailed | paymentCancelled | paymentPending | paymentUnknown
 *   paymentFailed / paymentCancelled ─PAY_CARD─► retryingPayment ─► redirecting | paymentUnknown
 */

const failureOf = (error: unknown): BookingFailure => {
  const f = error as Partial<BookingFailure> | null;
  if (f && typeof f === 'object' && 'code' in f && 'notice' in f) return f as BookingFailure;
  return { code: 'other', notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
};
const codeIs = (code: BookingFailureCode) => ({ event }: { event: unknown }) => failureOf((event as { error: unknown }).error).code === code;

/** The passenger form's fields (flight-passengers.ts holds its rules). */
const edit = { actions: 'edit' } as const;
const PASSENGER_FIELDS = /^(travellers|main_contact|agent_markup)\b/;

/** The panel's choice is kept at once and settles after a pause (each change restarts the wait). */
const filter = { actions: 'debounceFilters' } as const;
/** Settled filters that differ from the applied ones search again with the same typed query. */
const settled = { guard: 'filtersChanged', target: 'searching', actions: 'setFilters' } as const;
/** Reached from the result screens: the app moves to the checkout. */
const toCheckout = { type: 'show', screen: 'checkout' } as const;

export const flightBookingMachine = setup({
  types: {
    context: {} as FlightBookingContext,
    events: {} as FlightBookingEvent,
    input: {} as FlightBookingInput,
    emitted: {} as FlightBookingEmitted,
  },
  actors: {
    searchFlights: missing<FlightSearchResponse, { query: SearchParams }>('flight-booking', 'searchFlights'),
    loadOffer: missing<FlightOfferDetail, { offer: OfferRef }>('flight-booking', 'loadOffer'),
    createBooking: missing<Booking, BookingRequest>('flight-booking', 'createBooking'),
    getPaymentUrl: missing<{ url: string; tracker: string }, PaymentFor>('flight-booking', 'getPaymentUrl'),
    fetchPaymentResult: missing<PaymentResult, { tracker: string }>('flight-booking', 'fetchPaymentResult'),
    loadSavedTravellers: missing<SavedTraveller[], void>('flight-booking', 'loadSavedTravellers'),
  },
  delays: {
    /** Rapid clicks (ticking three airlines) make one request. */
    filterDebounce: 300,
  },
  guards: {
    hasFlights: ({ event }) => ((event as unknown as { output: FlightSearchResponse }).output?.flights?.length ?? 0) > 0,
    hasTracker: ({ context }) => !!context.tracker,
    filtersChanged: ({ context }) => !sameFilters(context.filters, context.draftFilters),
    needsSavedTravellers: ({ context }) => context.role === 'agent' && context.savedTravellers === null,
    passengersValid: ({ context, event }) => event.type === 'SUBMIT_PASSENGERS' && Object.keys(formErrorsOf(context, context.passengerForm, event.today)).length === 0,
    /** The server refused a passenger or contact field (422): the form shows its message under the field. */
    passengerRefused: ({ event }) => Object.keys(failureOf((event as { error?: unknown }).error).fieldErrors).some((k) => PASSENGER_FIELDS.test(k)),
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
    // A new search starts without filters; a choice still waiting for its pause is dropped. The passengers typed
    // so far stay for the next offer (the same party searching another day); a finished booking's go (reset).
    setQuery: enqueueActions(({ context, event, enqueue }) => {
      enqueue.cancel('filterDebounce');
      enqueue.assign({ ...initialContext({ role: context.role, passengerForm: context.passengerForm }), savedTravellers: context.savedTravellers, query: event.type === 'SEARCH' ? event.query : context.query });
    }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    setResults: assign(({ context, event }) => {
      const results = (event as unknown as { output: FlightSearchResponse }).output;
      // A filtered answer only fills the panel when nothing unfiltered has (a filter chosen during the first search).
      const airlineChoices = !hasFilters(context.filters) || !context.airlineChoices ? results.available_airlines : context.airlineChoices;
      return { results, airlineChoices, failure: null };
    }),
    debounceFilters: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'FILTER') return;
      enqueue.assign({ draftFilters: event.filters });
      enqueue.cancel('filterDebounce');
      enqueue.raise({ type: 'FILTERS_SETTLED' }, { id: 'filterDebounce', delay: 'filterDebounce' });
    }),
    setFilters: assign({ filters: ({ context }) => context.draftFilters }),
    viewOffer: assign(({ context, event }) => ({
      ...initialContext({ role: context.role, passengerForm: context.passengerForm }), savedTravellers: context.savedTravellers, selected: event.type === 'VIEW_OFFER' ? event.offer : null,
    })),
    setSavedTravellers: assign({ savedTravellers: ({ event }) => (event as unknown as { output: SavedTraveller[] }).output }),
    showCheckout: emit(toCheckout),
    select: assign({ selected: ({ event }) => (event.type === 'SELECT' ? event.offer : null), offer: null, failure: null }),
    setOffer: assign(({ context, event }) => {
      const offer = (event as unknown as { output: FlightOfferDetail }).output;
      return { offer, passengerForm: formForOffer(offer, context.passengerForm), fieldErrors: {}, failure: null };
    }),
    edit: assign(({ context, event }) => (isFormEdit(event) ? afterEdit(context, event) : {})),
    // The form passed every check: the request's passengers are the schemas' output (trimmed, in capitals).
    setPassengers: assign(({ event, context }) => {
      if (event.type !== 'SUBMIT_PASSENGERS' || !context.passengerForm) return {};
      const p = submitted(context.passengerForm, context.role);
      return { ...p, today: event.today, idempotencyKey: event.idempotencyKey, expectedTotal: expectedTotalOf(context.offer, p.agentMarkup), fieldErrors: {}, failure: null };
    }),
    refusePassengers: assign(({ event, context }) => (event.type === 'SUBMIT_PASSENGERS'
      ? { today: event.today, fieldErrors: formErrorsOf(context, context.passengerForm, event.today) } : {})),
    setMethod: assign({ method: ({ event }) => (event.type === 'CONFIRM' ? event.method : 'hold'), payWith: ({ event }) => (event.type === 'CONFIRM' && event.payWith) || 'card' }),
    setPayWith: assign({ payWith: ({ event, context }) => (event.type === 'PAY_CARD' && event.payWith) || context.payWith }),
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
      ...initialContext({ role: context.role }), query: context.query, savedTravellers: context.savedTravellers,
    })),
  },
}).createMachine({
  id: 'flightBooking',
  context: ({ input }) => initialContext(input),
  initial: 'boot',
  // The offer details page may open from anywhere (a shared link), even mid-flow.
  on: { VIEW_OFFER: { target: '.loadingDetails', actions: 'viewOffer', reenter: true } },
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
        MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery', reenter: true }, FILTER: filter,
        // A newer filter choice replaces the running search (its abort signal cancels the request).
        FILTERS_SETTLED: { ...settled, reenter: true },
      },
    },
    results: {
      on: {
        SELECT: { target: 'loadingOffer', actions: 'select' }, MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' },
        FILTER: filter, FILTERS_SETTLED: settled,
      },
    },
    noResults: { on: { MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' }, FILTER: filter, FILTERS_SETTLED: settled } },
    searchFailed: {
      exit: 'clearFailure',
      on: { RETRY: 'searching', MODIFY: 'search', SEARCH: { target: 'searching', actions: 'setQuery' }, FILTER: filter, FILTERS_SETTLED: settled },
    },

    loadingOffer: {
      invoke: {
        id: 'loadOffer', src: 'loadOffer', input: ({ context }) => ({ offer: context.selected! }),
        onDone: { target: 'passengers', actions: ['setOffer', 'showCheckout'] },
        onError: [
          { guard: 'isExpired', target: 'offerExpired', actions: 'setFailure' },
          { target: 'offerFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
      on: { BACK: 'results' },
    },
    /** The offer details page: the offer with its rules, until the user books it. */
    loadingDetails: {
      invoke: {
        id: 'loadOffer', src: 'loadOffer', input: ({ context }) => ({ offer: context.selected! }),
        onDone: { target: 'offerDetails', actions: 'setOffer' },
        // The page says what went wrong in place of the offer (expired included): no toast on top.
        onError: { target: 'detailsFailed', actions: 'setFailure' },
      },
    },
    offerDetails: { on: { BOOK: { target: 'passengers', actions: 'showCheckout' } } },
    detailsFailed: { on: { RETRY: 'loadingDetails' } },
    /** The offer's 30 minutes are over: search again with the same query. */
    offerExpired: {
      exit: 'clearFailure',
      on: { SEARCH: { target: 'searching', actions: 'setQuery' }, RETRY: 'searching', MODIFY: 'search', FILTER: filter, FILTERS_SETTLED: settled },
    },
    offerFailed: { exit: 'clearFailure', on: { RETRY: 'loadingOffer', BACK: 'results', FILTER: filter, FILTERS_SETTLED: settled } },

    /** The passenger form; an agent's saved travellers load beside it once (a failure only hides the picker). */
    passengers: {
      initial: 'checkingSaved',
      states: {
        checkingSaved: { always: [{ guard: 'needsSavedTravellers', target: 'loadingSaved' }, { target: 'ready' }] },
        loadingSaved: {
          invoke: { id: 'loadSavedTravellers', src: 'loadSavedTravellers', onDone: { target: 'ready', actions: 'setSavedTravellers' }, onError: 'ready' },
        },
        ready: {},
      },
      on: {
        SET_PASSENGER: edit, SET_CONTACT: edit, SET_MARKUP: edit, ACKNOWLEDGE_PASSPORTS: edit, USE_SAVED: edit,
        // Refused with a message under each field that is wrong; what was typed stays.
        SUBMIT_PASSENGERS: [{ guard: 'passengersValid', target: 'review', actions: 'setPassengers' }, { actions: 'refusePassengers' }],
        BACK: 'results',
      },
    },
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
          offer: context.selected!, travellers: context.travellers, contact: context.contact!, payment_method: context.method ?? 'hold', pay_with: context.payWith,
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
          { guard: 'passengerRefused', target: 'passengers', actions: ['setFailure', 'notifyFailure'] },
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

    held: { on: { PAY_CARD: { target: 'startingPayment', actions: 'setPayWith' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
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
    paymentFailed: { exit: 'clearFailure', on: { PAY_CARD: { guard: 'hasBookingOrPayment', target: 'retryingPayment', actions: 'setPayWith' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentCancelled: { on: { PAY_CARD: { guard: 'hasBookingOrPayment', target: 'retryingPayment', actions: 'setPayWith' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
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
