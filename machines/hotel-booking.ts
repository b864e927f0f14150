import { assign, emit, enqueueActions, setup } from 'xstate';
import type { HotelBooking, HotelDetail } from '../contract/hotels';
import { missing } from './request';
import { recheck } from './field-errors';
import { filterParams, NO_HOTEL_FILTERS, sameHotelFilters } from './hotel-filters';
import {
  guestFormErrors, initialHotelContext, type HotelBookingContext, type HotelBookingEmitted, type HotelBookingEvent, type HotelBookingInput,
  type HotelBookingRequest, type HotelFailure, type HotelFailureCode, type HotelPaymentResult, type HotelSearchResult,
} from './hotel-booking-types';
import type { HotelSearchParams } from './hotel-search-form';

export * from './hotel-booking-types';

/**
 * One hotel booking from search to the voucher: search → results → hotel → guests → review → pay →
 * result, and cancelling by the rate's policy. Pure: the app provides every call (abortable promise actors) and
 * acts on what is emitted (move to a screen, leave for the card checkout, toasts). Every outcome of every call has
 * a state: nothing found, a failed search or hotel, 409 price changed, 410 rate expired, 422 field errors back on
 * the guest form, "Insufficient Balance" for the wallet, each payment result.
 *
 * Filters answer at once: the view shows the loaded hotels through the panel's choice. Only a search that
 * matched more hotels than it answered asks the server again, once the clicks pause (FILTER → FILTERS_SETTLED).
 *
 *   boot ─┬──────────────────────────────────────────────────────────► checkingPayment (a tracker)
 *         └► search ─SEARCH─► searching ─done─► results ─SELECT─► loadingHotel ─done─► details ─CHOOSE_RATE─► guests
 *                               │  ▲ └done(0)► noResults                 └fail─► hotelFailed                    │ SUBMIT_GUESTS
 *                               │  └FILTERS_SETTLED (not all loaded)                                             ▼
 *                               └fail─► searchFailed                   review ─CONFIRM─► booking ─┬► confirmed ─CANCEL_BOOKING─► confirmingCancel
 *   (any) ─VIEW_HOTEL─► loadingHotel                                                              ├► redirecting ─PAYMENT_RETURNED─► checkingPayment
 *   booking fails: priceChanged (409) · rateExpired (410) · guests (422 fields) · insufficientBalance · bookingFailed
 *   checkingPayment ─► confirmed | paymentFailed | paymentCancelled | paymentPending | paymentUnknown
 *   paymentFailed | paymentCancelled ─PAY_CARD (still held)─► retryingPayment ─┬► redirecting (a new checkout, same booking)
 *                                                                              ├► payRefused (409/410: no longer payable)
 *                                                                              └► payAgainFailed ─RETRY─► retryingPayment
 *   confirmingCancel ─CONFIRM─► cancelling ─► canceled | cancelFailed
 */

const failureOf = (error: unknown): HotelFailure => {
  const f = error as Partial<HotelFailure> | null;
  if (f && typeof f === 'object' && 'code' in f && 'notice' in f) return f as HotelFailure;
  return { code: 'other', notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
};
type ErrorEvent = { error?: unknown };
const codeIs = (code: HotelFailureCode) => ({ event }: { event: unknown }) => failureOf((event as ErrorEvent).error).code === code;
const output = <T>(event: unknown) => (event as { output: T }).output;

/** The panel's choice shows at once; the server is asked only after a pause, and only when needed. */
const filter = { actions: 'filter' } as const;
const settled = { guard: 'askServer', target: 'searching', actions: 'askWithFilters' } as const;
const newSearch = { target: 'searching', actions: 'setQuery' } as const;

export const hotelBookingMachine = setup({
  types: {
    context: {} as HotelBookingContext,
    events: {} as HotelBookingEvent,
    input: {} as HotelBookingInput,
    emitted: {} as HotelBookingEmitted,
  },
  actors: {
    searchHotels: missing<HotelSearchResult, { query: HotelSearchParams; filters: Record<string, string> }>('hotel-booking', 'searchHotels'),
    loadHotel: missing<HotelDetail, { hotelId: string; query: HotelSearchParams }>('hotel-booking', 'loadHotel'),
    createBooking: missing<HotelBooking, HotelBookingRequest>('hotel-booking', 'createBooking'),
    fetchPaymentResult: missing<HotelPaymentResult, { tracker: string }>('hotel-booking', 'fetchPaymentResult'),
    cancelBooking: missing<HotelBooking, { reference: string; email: string | null }>('hotel-booking', 'cancelBooking'),
    payAgain: missing<{ url: string; tracker: string }, { reference: string; email: string | null }>('hotel-booking', 'payAgain'),
  },
  delays: {
    /** Rapid clicks (ticking three amenities) make one request. */
    filterDebounce: 300,
  },
  guards: {
    hasTracker: ({ context }) => !!context.tracker,
    hasHotels: ({ event }) => (output<HotelSearchResult>(event).data?.length ?? 0) > 0,
    hasResults: ({ context }) => !!context.results?.data.length,
    askServer: ({ context }) => !context.complete && !sameHotelFilters(context.filters, context.askedFilters),
    rateExists: ({ context, event }) => event.type === 'CHOOSE_RATE'
      && !!context.hotel?.rooms.some((r) => r.code === event.roomCode && r.rates.some((x) => x.id === event.rateId)),
    guestsValid: ({ context, event }) => event.type === 'SUBMIT_GUESTS' && Object.keys(guestFormErrors(event.form, context.query?.rooms.length ?? 1)).length === 0,
    canUseMethod: ({ context, event }) => event.type === 'CONFIRM' && (event.method === 'card' || context.role === 'agent'),
    isPriceChanged: codeIs('price_changed'),
    isExpired: codeIs('expired'),
    isInsufficient: ({ context, event }) => context.method === 'wallet' && codeIs('insufficient_balance')({ event }),
    hasFieldErrors: ({ event }) => codeIs('invalid')({ event }) && Object.keys(failureOf((event as ErrorEvent).error).fieldErrors).length > 0,
    bookedConfirmed: ({ event }) => output<HotelBooking>(event).status === 'confirmed',
    bookedWithCheckout: ({ event }) => !!output<HotelBooking>(event).payment?.checkout_url,
    paid: ({ event }) => output<HotelPaymentResult>(event).status === 'paid',
    paymentFailed: ({ event }) => ['failed', 'refund_due', 'refunded'].includes(output<HotelPaymentResult>(event).status),
    paymentCanceled: ({ event }) => output<HotelPaymentResult>(event).status === 'canceled',
    canCancel: ({ context }) => context.booking?.status === 'confirmed' && !!context.booking.cancellation_quote,
    /** Only a booking still waiting for its payment is paid again (the server also checks the hold has not expired). */
    canPayAgain: ({ context }) => context.booking?.status === 'pending_payment',
    /** 410 the hold expired, 409 the booking was paid, canceled or expired meanwhile: trying again cannot help. */
    payRefused: ({ event }) => codeIs('expired')({ event }) || codeIs('unavailable')({ event }),
  },
  actions: {
    setQuery: enqueueActions(({ context, event, enqueue }) => {
      enqueue.cancel('filterDebounce');
      enqueue.assign({ ...initialHotelContext({ role: context.role }), query: event.type === 'SEARCH' ? event.query : context.query });
    }),
    setResults: assign(({ context, event }) => {
      const results = output<HotelSearchResult>(event);
      const unfiltered = sameHotelFilters(context.askedFilters, NO_HOTEL_FILTERS);
      return { results, complete: unfiltered && results.meta.total <= results.data.length, failure: null };
    }),
    filter: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'FILTER') return;
      enqueue.assign({ filters: event.filters });
      enqueue.cancel('filterDebounce');
      if (!context.complete) enqueue.raise({ type: 'FILTERS_SETTLED' }, { id: 'filterDebounce', delay: 'filterDebounce' });
    }),
    askWithFilters: assign({ askedFilters: ({ context }) => context.filters }),
    viewHotel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'VIEW_HOTEL') return;
      enqueue.cancel('filterDebounce');
      enqueue.assign({ ...initialHotelContext({ role: context.role }), query: event.query, hotelId: event.hotelId });
    }),
    select: assign({ hotelId: ({ event }) => (event.type === 'SELECT' ? event.hotelId : null), hotel: null, chosen: null, failure: null }),
    setHotel: assign({ hotel: ({ event }) => output<HotelDetail>(event), failure: null }),
    choose: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE_RATE') return {};
      const rate = context.hotel?.rooms.find((r) => r.code === event.roomCode)?.rates.find((x) => x.id === event.rateId);
      return { chosen: { hotelId: context.hotel!.id, roomCode: event.roomCode, rateId: event.rateId }, expectedTotal: rate?.total.amount ?? null };
    }),
    setGuests: assign(({ event }) => (event.type === 'SUBMIT_GUESTS'
      ? { guests: event.form, idempotencyKey: event.idempotencyKey, fieldErrors: {}, failure: null } : {})),
    refuseGuests: assign(({ context, event }) => (event.type === 'SUBMIT_GUESTS'
      ? { guests: event.form, fieldErrors: guestFormErrors(event.form, context.query?.rooms.length ?? 1) } : {})),
    editGuests: assign(({ context, event }) => (event.type === 'EDIT_GUESTS'
      ? { guests: event.form, fieldErrors: recheck(context.fieldErrors, context.guests, event.form, (f) => (f ? guestFormErrors(f, context.query?.rooms.length ?? 1) : {})) } : {})),
    setMethod: assign({ method: ({ event }) => (event.type === 'CONFIRM' ? event.method : null) }),
    setBooking: assign({ booking: ({ event }) => output<HotelBooking>(event), failure: null }),
    setFailure: assign(({ event }) => {
      const failure = failureOf((event as ErrorEvent).error);
      return { failure, fieldErrors: failure.fieldErrors };
    }),
    clearFailure: assign({ failure: null }),
    acceptPrice: assign(({ context }) => ({ expectedTotal: context.failure?.total?.amount ?? context.expectedTotal, failure: null })),
    setCheckout: assign(({ context, event }) => {
      const { url } = output<{ url: string; tracker: string }>(event);
      return context.booking ? { booking: { ...context.booking, payment: { ...context.booking.payment, checkout_url: url } }, failure: null } : {};
    }),
    setTracker: assign({ tracker: ({ event }) => (event.type === 'PAYMENT_RETURNED' ? event.tracker : null) }),
    setPayment: assign(({ context, event }) => {
      const payment = output<HotelPaymentResult>(event);
      return { payment, booking: payment.booking ?? context.booking, failure: null };
    }),
    redirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.booking?.payment.checkout_url ?? '/' })),
    showDetails: emit({ type: 'show', screen: 'details' } as const),
    showCheckout: emit({ type: 'show', screen: 'checkout' } as const),
    showResults: emit({ type: 'show', screen: 'results' } as const),
    notifyFailure: enqueueActions(({ enqueue, event }) => {
      const notice = failureOf((event as ErrorEvent).error).notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    notifyCanceled: emit({ type: 'notify', notice: { status: 'success', key: 'hotels.voucher.canceledToast' } } as const),
    reset: assign(({ context }) => ({ ...initialHotelContext({ role: context.role }), query: context.query })),
  },
}).createMachine({
  id: 'hotelBooking',
  context: ({ input }) => initialHotelContext(input),
  initial: 'boot',
  // A hotel's page may open from anywhere (a shared link), even mid-flow.
  on: { VIEW_HOTEL: { target: '.loadingHotel', actions: 'viewHotel', reenter: true } },
  states: {
    /** Transient: the payment-result page starts with a tracker, every other screen with the form. */
    boot: { always: [{ guard: 'hasTracker', target: 'checkingPayment' }, { target: 'search' }] },
    search: { on: { SEARCH: newSearch } },
    searching: {
      invoke: {
        id: 'searchHotels', src: 'searchHotels', input: ({ context }) => ({ query: context.query!, filters: filterParams(context.askedFilters) }),
        onDone: [{ guard: 'hasHotels', target: 'results', actions: 'setResults' }, { target: 'noResults', actions: 'setResults' }],
        onError: { target: 'searchFailed', actions: ['setFailure', 'notifyFailure'] },
      },
      on: {
        MODIFY: 'search', SEARCH: { ...newSearch, reenter: true }, FILTER: filter,
        // A newer filter choice replaces the running search (its abort signal cancels the request).
        FILTERS_SETTLED: { ...settled, reenter: true },
      },
    },
    results: {
      on: {
        SELECT: { target: 'loadingHotel', actions: ['select', 'showDetails'] }, MODIFY: 'search', SEARCH: newSearch, FILTER: filter, FILTERS_SETTLED: settled,
      },
    },
    noResults: { on: { MODIFY: 'search', SEARCH: newSearch, FILTER: filter, FILTERS_SETTLED: settled } },
    searchFailed: { exit: 'clearFailure', on: { RETRY: 'searching', MODIFY: 'search', SEARCH: newSearch } },

    loadingHotel: {
      invoke: {
        id: 'loadHotel', src: 'loadHotel', input: ({ context }) => ({ hotelId: context.hotelId!, query: context.query! }),
        onDone: { target: 'details', actions: 'setHotel' },
        // The page says what went wrong in place of the hotel: no toast on top.
        onError: { target: 'hotelFailed', actions: 'setFailure' },
      },
      on: { BACK: { guard: 'hasResults', target: 'results', actions: 'showResults' } },
    },
    hotelFailed: { exit: 'clearFailure', on: { RETRY: 'loadingHotel', BACK: { guard: 'hasResults', target: 'results', actions: 'showResults' } } },
    details: {
      on: {
        CHOOSE_RATE: { guard: 'rateExists', target: 'guests', actions: ['choose', 'showCheckout'] },
        BACK: { guard: 'hasResults', target: 'results', actions: 'showResults' },
      },
    },
    /** The lead guest of each room, the contact and requests; refused with a message per field. */
    guests: {
      on: {
        SUBMIT_GUESTS: [{ guard: 'guestsValid', target: 'review', actions: 'setGuests' }, { actions: 'refuseGuests' }],
        EDIT_GUESTS: { actions: 'editGuests' },
        BACK: { target: 'details', actions: 'showDetails' },
      },
    },
    review: {
      on: {
        CONFIRM: { guard: 'canUseMethod', target: 'booking', actions: 'setMethod' },
        BACK: 'guests',
      },
    },
    booking: {
      invoke: {
        id: 'createBooking', src: 'createBooking',
        input: ({ context }) => ({
          rate_id: context.chosen!.rateId, check_in: context.query!.check_in, check_out: context.query!.check_out, rooms: context.query!.rooms,
          guests: context.guests!.guests as HotelBookingRequest['guests'], contact: context.guests!.contact as HotelBookingRequest['contact'],
          special_requests: context.guests!.specialRequests.trim(), payment_method: context.method ?? 'card', expected_total: context.expectedTotal,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          { guard: 'bookedConfirmed', target: 'confirmed', actions: 'setBooking' },
          { guard: 'bookedWithCheckout', target: 'redirecting', actions: 'setBooking' },
          { target: 'confirmed', actions: 'setBooking' },
        ],
        onError: [
          { guard: 'isPriceChanged', target: 'priceChanged', actions: 'setFailure' },
          { guard: 'isExpired', target: 'rateExpired', actions: 'setFailure' },
          { guard: 'isInsufficient', target: 'insufficientBalance', actions: 'setFailure' },
          // The server named the fields: back to the form with each message under its field.
          { guard: 'hasFieldErrors', target: 'guests', actions: ['setFailure', 'notifyFailure'] },
          { target: 'bookingFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
    },
    /** 409: the new total is shown; accepting books at it, or the traveller chooses another room. */
    priceChanged: { on: { ACCEPT_PRICE: { target: 'review', actions: 'acceptPrice' }, BACK: { target: 'loadingHotel', actions: 'showDetails' } } },
    /** 410: the rate's time is over; the hotel's rooms load again with fresh rates. */
    rateExpired: { exit: 'clearFailure', on: { RETRY: { target: 'loadingHotel', actions: 'showDetails' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** "Insufficient Balance": the agent pays by card instead, or goes back. */
    insufficientBalance: { exit: 'clearFailure', on: { BACK: 'review' } },
    bookingFailed: { exit: 'clearFailure', on: { RETRY: 'booking', BACK: 'review' } },

    /** The browser leaves for the hosted checkout; it comes back on /payment-result. */
    redirecting: { entry: 'redirect', on: { PAYMENT_RETURNED: { target: 'checkingPayment', actions: 'setTracker' } } },
    checkingPayment: {
      invoke: {
        id: 'fetchPaymentResult', src: 'fetchPaymentResult', input: ({ context }) => ({ tracker: context.tracker ?? '' }),
        onDone: [
          { guard: 'paid', target: 'confirmed', actions: 'setPayment' },
          { guard: 'paymentFailed', target: 'paymentFailed', actions: 'setPayment' },
          { guard: 'paymentCanceled', target: 'paymentCancelled', actions: 'setPayment' },
          { target: 'paymentPending', actions: 'setPayment' },
        ],
        onError: { target: 'paymentUnknown', actions: ['setFailure', 'notifyFailure'] },
      },
    },
    paymentFailed: { on: { PAY_CARD: { guard: 'canPayAgain', target: 'retryingPayment' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentCancelled: { on: { PAY_CARD: { guard: 'canPayAgain', target: 'retryingPayment' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** A new checkout for the same booking while its hold lasts (the result page knows the booking, not the form). */
    retryingPayment: {
      invoke: {
        id: 'payAgain', src: 'payAgain',
        input: ({ context }) => ({ reference: context.booking!.reference, email: context.booking!.contact?.email ?? null }),
        onDone: { target: 'redirecting', actions: 'setCheckout' },
        onError: [{ guard: 'payRefused', target: 'payRefused', actions: 'setFailure' }, { target: 'payAgainFailed', actions: ['setFailure', 'notifyFailure'] }],
      },
    },
    /** The server's reason is shown in place of the button: the hold expired, or the booking was settled meanwhile. */
    payRefused: { on: { NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    payAgainFailed: { exit: 'clearFailure', on: { RETRY: 'retryingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** The provider has not called back yet. */
    paymentPending: { on: { REFRESH: 'checkingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    paymentUnknown: { exit: 'clearFailure', on: { REFRESH: 'checkingPayment', NEW_SEARCH: { target: 'search', actions: 'reset' } } },

    /** Booked (paid from the wallet, or by card once the provider said so): the voucher. */
    confirmed: { on: { CANCEL_BOOKING: { guard: 'canCancel', target: 'confirmingCancel' }, NEW_SEARCH: { target: 'search', actions: 'reset' } } },
    /** What cancelling refunds now is shown before it happens. */
    confirmingCancel: { on: { CONFIRM: 'cancelling', BACK: 'confirmed' } },
    cancelling: {
      invoke: {
        id: 'cancelBooking', src: 'cancelBooking', // By reference and contact email: that finds the booking for a guest as well as for its owner.
        input: ({ context }) => ({ reference: context.booking!.reference, email: context.booking!.contact?.email ?? null }),
        onDone: { target: 'canceled', actions: ['setBooking', 'notifyCanceled'] },
        onError: { target: 'cancelFailed', actions: ['setFailure', 'notifyFailure'] },
      },
    },
    cancelFailed: { exit: 'clearFailure', on: { RETRY: 'cancelling', BACK: 'confirmed' } },
    canceled: { on: { NEW_SEARCH: { target: 'search', actions: 'reset' } } },
  },
});
