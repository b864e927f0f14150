import { assign } from 'xstate';
import { flightBookingSetup } from './flight-booking-setup';
import { filteredQuery, initialContext, paymentFor } from './flight-booking-types';

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
 *              │  ▲              │  ▲  └─done(0)─► noResults        │   (agent: loadingSaved; SET_* edits)      │ ⇄ extras (CHOOSE_EXTRAS / SET_EXTRAS, BACK)
 *              │  └──MODIFY──────┘  └FILTERS_SETTLED─ results …     ├─expired─► offerExpired                     CONFIRM
 *              │                 └─error─► searchFailed ─RETRY─┘    └─error─► offerFailed ─RETRY─┘               ▼
 *   (any) ─VIEW_OFFER─► loadingDetails ─done─► offerDetails ─BOOK─► passengers           booking ─┬► confirmed
 *                          └─error─► detailsFailed ─RETRY─┘                                        ├► held ─PAY_CARD─► startingPayment ─► redirecting
 *                                                                                                  ├► redirecting ─PAYMENT_RETURNED─► checkingPayment
 *         priceChanged / insufficientBalance / bookingFailed / offerExpired / passengers ◄─error──┘
 *   checkingPayment ─► paymentSucceeded | paymentFailed | paymentCancelled | paymentPending | paymentUnknown
 *   paymentFailed / paymentCancelled ─PAY_CARD─► retryingPayment ─► redirecting | paymentUnknown
 */

/** A passenger form edit is kept in the form (each field sends its change). */
const edit = { actions: 'edit' } as const;
/** The panel's choice is kept at once and settles after a pause (each change restarts the wait). */
const filter = { actions: 'debounceFilters' } as const;
/** Settled filters that differ from the applied ones search again with the same typed query. */
const settled = { guard: 'filtersChanged', target: 'searching', actions: 'setFilters' } as const;

export const flightBookingMachine = flightBookingSetup.createMachine({
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
        CHOOSE_EXTRAS: 'extras',
        BACK: 'passengers',
      },
    },
    /** Optional: seats and bags for the passengers (the seat-selection machine); back to the review with or without. */
    extras: { on: { SET_EXTRAS: { target: 'review', actions: 'setExtras' }, BACK: 'review' } },
    booking: {
      invoke: {
        id: 'createBooking', src: 'createBooking',
        input: ({ context }) => ({
          offer: context.selected!, travellers: context.travellers, contact: context.contact!, payment_method: context.method ?? 'hold', pay_with: context.payWith,
          agent_markup: context.agentMarkup, expected_total: context.expectedTotal, idempotencyKey: context.idempotencyKey ?? '', extras: context.extras,
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
