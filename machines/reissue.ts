import { assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { toFailure, type Failure, type Notice } from './notice';
import type { ReissueQuote } from '../contract/bookings';
import type { FlightOffer } from '../contract/flights';
import type { BookingStatus } from './booking-actions';

/**
 * Change date (reissue) of a ticketed flight booking. Pure: the app provides the calls and reloads the booking.
 *
 *   closed ─OPEN→ choosing ─SEARCH(dates)→ searching ─→ results ─PICK→ quoting ─→ quoted ─CONFIRM→ confirming ─→ done
 *                    ↑ DATE        (no flights: results, empty)  ↑ BACK ←──────────┘   ↑ 409 quote_changed: the new quote
 *   any step ─CLOSE→ closed;  a failed call: refused (4xx, the server said no: emit reload) or error ─RETRY→ that call
 *
 * The confirm carries the total the quote showed and the status the user saw: a quote or booking that changed
 * meanwhile is refused by the server instead of charged. A card booking's quote says our support team makes the
 * change (pay_by 'support'): there is nothing to confirm.
 */

/** One flight of the trip, from where to where and on which day. */
export interface ReissueLeg { origin: string; destination: string; date: string }
/** What the machine needs of the booking: the trip, searched again with a new date for each of its flights. */
export interface ReissueTrip {
  id: number; status: BookingStatus; kind: 'one-way' | 'return' | 'multi-city'; legs: ReissueLeg[]; cabin: string;
  adults: number; children: number; infants: number;
}
export interface SearchInput { trip: ReissueTrip; dates: string[] }
export interface QuoteInput { id: number; flight_id: string; supplier: string }
export interface ConfirmInput extends QuoteInput { expected_total: string; status: BookingStatus }
/** A failed call, with the HTTP status, and the new quote when the server says the quote changed. */
export type ReissueFailure = Failure & { status?: number; code?: string; quote?: ReissueQuote };

export interface ReissueContext {
  trip: ReissueTrip;
  /** The new date of each leg, in the trip's order. */
  dates: string[];
  offers: FlightOffer[];
  offer: FlightOffer | null;
  quote: ReissueQuote | null;
  /** The quote shown is a new one: the server refused the one confirmed. */
  quoteChanged: boolean;
  failure: ReissueFailure | null;
  /** The call to try again from the error state. */
  failed: 'search' | 'quote' | 'confirm' | null;
}

export type ReissueEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'DATE'; leg: number; date: string }
  | { type: 'SEARCH' }
  | { type: 'PICK'; offer: FlightOffer }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  /** The booking as reloaded. */
  | { type: 'LOADED'; trip: ReissueTrip };

export type ReissueEmitted = { type: 'notify'; notice: Notice } | { type: 'reload' };

function missing<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`reissue actor "${name}" was not provided`);
  });
}

const failureOf = (error: unknown) => toFailure(error) as ReissueFailure;
const isRefusal = (f: ReissueFailure) => f.status !== undefined && f.status >= 400 && f.status < 500;
export const reissueMachine = setup({
  types: {
    context: {} as ReissueContext,
    events: {} as ReissueEvent,
    emitted: {} as ReissueEmitted,
    input: {} as { trip: ReissueTrip },
  },
  actors: {
    searchOffers: missing<FlightOffer[], SearchInput>('searchOffers'),
    loadQuote: missing<ReissueQuote, QuoteInput>('loadQuote'),
    confirmReissue: missing<{ message: string }, ConfirmInput>('confirmReissue'),
  },
  guards: {
    // A date for every leg, none before the one of the leg before it (the search would refuse them).
    hasDates: ({ context }) => context.dates.length === context.trip.legs.length
      && context.dates.every((d, i) => /^\d{4}-\d{2}-\d{2}$/.test(d) && (i === 0 || d >= context.dates[i - 1])),
    payable: ({ context }) => context.quote?.pay_by === 'wallet',
    refused: (_, f: ReissueFailure) => isRefusal(f),
    quoteChanged: (_, f: ReissueFailure) => f.status === 409 && f.code === 'quote_changed' && !!f.quote,
    retrySearch: ({ context }) => context.failed === 'search',
    retryQuote: ({ context }) => context.failed === 'quote',
  },
  actions: {
    reset: assign(({ context }) => ({ dates: context.trip.legs.map((l) => l.date), offers: [], offer: null, quote: null, quoteChanged: false, failure: null, failed: null })),
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    notifyFailure: emit(({ event }) => ({ type: 'notify' as const, notice: toFailure((event as { error?: unknown }).error).notice ?? { status: 'error' as const, key: 'errors.generic' } })),
    takeNewQuote: assign({ quote: ({ event, context }) => failureOf((event as { error?: unknown }).error).quote ?? context.quote, quoteChanged: true, failure: null }),
    reload: emit({ type: 'reload' as const }),
    setDate: assign({ dates: ({ context, event }) => (event.type === 'DATE' && event.leg >= 0 && event.leg < context.dates.length ? context.dates.map((d, i) => (i === event.leg ? event.date : d)) : context.dates) }),
    failedSearch: assign({ failed: 'search' as const }),
    failedQuote: assign({ failed: 'quote' as const }),
    failedConfirm: assign({ failed: 'confirm' as const }),
  },
}).createMachine({
  id: 'reissue',
  context: ({ input }) => ({ trip: input.trip, dates: input.trip.legs.map((l) => l.date), offers: [], offer: null, quote: null, quoteChanged: false, failure: null, failed: null }),
  initial: 'closed',
  on: {
    LOADED: { actions: assign({ trip: ({ event }) => event.trip }) },
  },
  states: {
    closed: { on: { OPEN: { target: 'choosing', actions: 'reset' } } },
    choosing: {
      on: {
        DATE: { actions: 'setDate' },
        SEARCH: { guard: 'hasDates', target: 'searching' },
        CLOSE: 'closed',
      },
    },
    searching: {
      entry: assign({ failure: null, offers: [], offer: null, quote: null, quoteChanged: false }),
      invoke: {
        id: 'searchOffers', src: 'searchOffers',
        input: ({ context }) => ({ trip: context.trip, dates: context.dates }),
        onDone: { target: 'results', actions: assign({ offers: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', 'failedSearch'] },
        ],
      },
      on: { CLOSE: 'closed' },
    },
    results: {
      on: {
        PICK: { target: 'quoting', actions: assign({ offer: ({ event }) => event.offer }) },
        DATE: { target: 'choosing', actions: 'setDate' },
        CLOSE: 'closed',
      },
    },
    quoting: {
      entry: assign({ failure: null, quote: null, quoteChanged: false }),
      invoke: {
        id: 'loadQuote', src: 'loadQuote',
        input: ({ context }) => ({ id: context.trip.id, flight_id: context.offer!.id, supplier: context.offer!.supplier }),
        onDone: { target: 'quoted', actions: assign({ quote: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', 'failedQuote'] },
        ],
      },
      on: { CLOSE: 'closed' },
    },
    quoted: {
      on: {
        CONFIRM: { guard: 'payable', target: 'confirming' },
        BACK: { target: 'results', actions: assign({ quote: null, quoteChanged: false }) },
        CLOSE: 'closed',
      },
    },
    confirming: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'confirmReissue', src: 'confirmReissue',
        input: ({ context }) => ({ id: context.trip.id, flight_id: context.offer!.id, supplier: context.offer!.supplier, expected_total: context.quote!.total.amount, status: context.trip.status }),
        onDone: {
          target: 'done',
          actions: [
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: event.output.message } })),
            'reload',
          ],
        },
        onError: [
          // A changed quote: the new figures are shown to confirm again.
          { guard: { type: 'quoteChanged', params: ({ event }) => failureOf(event.error) }, target: 'quoted', actions: 'takeNewQuote' },
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', 'failedConfirm'] },
        ],
      },
      // Leaving the screen stops the actor, which aborts the call.
    },
    done: { on: { CLOSE: 'closed' } },
    refused: { on: { BACK: { target: 'choosing', actions: assign({ failure: null }) }, CLOSE: 'closed' } },
    error: {
      on: {
        RETRY: [{ guard: 'retrySearch', target: 'searching' }, { guard: 'retryQuote', target: 'quoting' }, { target: 'confirming' }],
        CLOSE: 'closed',
      },
    },
  },
});
