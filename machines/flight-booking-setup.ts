/**
 * The flight booking flow's guards, actions, calls and delays (machines/flight-booking.ts holds the chart).
 * Pure: every call is a placeholder the app replaces with .provide({ actors }).
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { Booking } from '../contract/bookings';
import type { FlightOfferDetail, FlightSearchResponse } from '../contract/flights';
import {
  expectedTotalOf, initialContext, sameFilters, type BookingFailure, type BookingFailureCode,
  type BookingRequest, type FlightBookingContext, type FlightBookingEmitted, type FlightBookingEvent, type FlightBookingInput,
  type OfferRef, type PaymentFor, type PaymentResult, type SavedTraveller, type SearchParams,
} from './flight-booking-types';
import { afterEdit, formErrorsOf, formForOffer, isFormEdit, submitted } from './flight-passengers';
import { missing } from './request';

const failureOf = (error: unknown): BookingFailure => {
  const f = error as Partial<BookingFailure> | null;
  if (f && typeof f === 'object' && 'code' in f && 'notice' in f) return f as BookingFailure;
  return { code: 'other', notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
};
const codeIs = (code: BookingFailureCode) => ({ event }: { event: unknown }) => failureOf((event as { error: unknown }).error).code === code;

/** The passenger form's fields (flight-passengers.ts holds its rules): a refusal naming one returns to the form. */
const PASSENGER_FIELDS = /^(travellers|main_contact|agent_markup)\b/;

/** Reached from the result screens: the app moves to the checkout. */
const toCheckout = { type: 'show', screen: 'checkout' } as const;

export const flightBookingSetup = setup({
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
      // The panel lists the answer's airlines, each from a fare the answer holds (the other filters applied, the
      // airline filter not); an airline still ticked that no longer has any stays listed, without a fare, to untick.
      const listed = new Set(results.available_airlines.map((a) => a.code));
      const ticked = (context.airlineChoices ?? []).filter((a) => context.filters.airlines.includes(a.code) && !listed.has(a.code)).map((a) => ({ ...a, count: 0 }));
      const airlineChoices = [...results.available_airlines, ...ticked];
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
      // Seats and bags belong to one offer: another offer starts without them.
      const extras = context.offer?.id === offer.id ? {} : { extras: null, extrasTotal: null };
      return { offer, passengerForm: formForOffer(offer, context.passengerForm), fieldErrors: {}, failure: null, ...extras };
    }),
    edit: assign(({ context, event }) => (isFormEdit(event) ? afterEdit(context, event) : {})),
    // The form passed every check: the request's passengers are the schemas' output (trimmed, in capitals).
    setPassengers: assign(({ event, context }) => {
      if (event.type !== 'SUBMIT_PASSENGERS' || !context.passengerForm) return {};
      const p = submitted(context.passengerForm, context.role);
      // Extras name passengers by their place: a different party (an adult now an infant) drops them.
      const sameParty = p.travellers.map((t) => t.type).join() === context.travellers.map((t) => t.type).join();
      const extras = sameParty ? {} : { extras: null, extrasTotal: null };
      return { ...p, ...extras, today: event.today, idempotencyKey: event.idempotencyKey, expectedTotal: expectedTotalOf(context.offer, p.agentMarkup), fieldErrors: {}, failure: null };
    }),
    refusePassengers: assign(({ event, context }) => (event.type === 'SUBMIT_PASSENGERS'
      ? { today: event.today, fieldErrors: formErrorsOf(context, context.passengerForm, event.today) } : {})),
    setExtras: assign(({ event }) => (event.type === 'SET_EXTRAS'
      ? (event.extras.seats.length + event.extras.bags.length ? { extras: event.extras, extrasTotal: event.total } : { extras: null, extrasTotal: null }) : {})),
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
});
