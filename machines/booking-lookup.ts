import { assign, emit, setup } from 'xstate';
import type { Booking } from '../contract/bookings';
import { requestActions, missing, NO_FAILURE, type NavigateEmitted, type NotifyEmitted, type RequestState } from './request';

/**
 * A flight booking's details and e-ticket, opened by its owner by id or by anyone who has its PNR and contact
 * email (a guest has no account, so the pair is the proof). The address holds the query, so a look-up is a
 * navigation: the screen starts again with the new address, and the back button returns to the form. A held
 * booking can be paid from here: the card checkout's address is asked for and the browser leaves for it.
 *
 *   start ─has id, or PNR and email→ loading ─done→ shown ─PAY→ paying ─done→ shown (emits leave {url})
 *     └─otherwise→ asking                │             ↑                 └─fail→ shown (failure kept, toast)
 *   asking ─LOOKUP{pnr,email}→ asking    └─fail→ asking (the failure under the form)
 *     (emits navigate to the look-up address)
 *   loading ─done, ?print=1→ shown (emits print, once)
 *   shown ─RELOAD→ refreshing ─done→ shown (the new booking)
 *                             └─fail→ shown (the old one kept, toast)
 *
 * RELOAD comes after an owner's action on the booking (a hold canceled, a void asked for): the booking on screen
 * stays while the changed one loads, and a failed reload says so rather than dropping the reader on the form.
 *
 * Why the failure of a look-up is kept rather than toasted: the form stays on screen and says under itself why
 * nothing was found, which is where a guest looks.
 */

export interface BookingLookupInput {
  id?: string | null;
  pnr?: string | null;
  email?: string | null;
  /** Open the print dialog once the booking is shown. */
  print?: boolean;
}
export interface BookingQuery { id?: string; pnr?: string; email?: string }

export interface BookingLookupContext extends RequestState {
  query: BookingQuery | null;
  print: boolean;
  booking: Booking | null;
}

export type BookingLookupEvent = { type: 'LOOKUP'; pnr: string; email: string } | { type: 'PAY' } | { type: 'RELOAD' };
export type BookingLookupEmitted = NavigateEmitted | NotifyEmitted | { type: 'leave'; url: string } | { type: 'print' };

/** The address of the look-up a guest asked for. */
export const lookupPath = (pnr: string, email: string) => `/booking?pnr=${encodeURIComponent(pnr.trim())}&email=${encodeURIComponent(email.trim())}`;

function queryOf(input: BookingLookupInput): BookingQuery | null {
  if (input.id) return { id: input.id };
  if (input.pnr && input.email) return { pnr: input.pnr, email: input.email };
  return null;
}

export const bookingLookupMachine = setup({
  types: {
    context: {} as BookingLookupContext,
    events: {} as BookingLookupEvent,
    input: {} as BookingLookupInput,
    emitted: {} as BookingLookupEmitted,
  },
  actors: {
    loadBooking: missing<Booking, BookingQuery>('booking lookup', 'loadBooking'),
    getPaymentUrl: missing<{ url: string }, Booking>('booking lookup', 'getPaymentUrl'),
  },
  guards: {
    hasQuery: ({ context }) => context.query !== null,
    // Asked for once: coming back to the booking after a payment attempt does not print again.
    wantsPrint: ({ context }) => context.print,
  },
  actions: {
    ...requestActions,
    keepBooking: assign({ booking: ({ event }) => (event as unknown as { output: Booking }).output }),
  },
}).createMachine({
  id: 'bookingLookup',
  context: ({ input }) => ({ query: queryOf(input), print: !!input.print, booking: null, ...NO_FAILURE }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasQuery', target: 'loading' }, { target: 'asking' }] },
    asking: {
      on: { LOOKUP: { actions: emit(({ event }) => ({ type: 'navigate' as const, to: lookupPath(event.pnr, event.email) })) } },
    },
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => context.query!,
        onDone: [
          { guard: 'wantsPrint', target: 'shown', actions: ['keepBooking', emit({ type: 'print' as const }), assign({ print: false })] },
          { target: 'shown', actions: 'keepBooking' },
        ],
        onError: { target: 'asking', actions: 'fail' },
      },
    },
    shown: { on: { PAY: 'paying', RELOAD: 'refreshing' } },
    refreshing: {
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => context.query!,
        onDone: { target: 'shown', actions: 'keepBooking' },
        onError: { target: 'shown', actions: 'failAndNotify' },
      },
    },
    paying: {
      entry: 'clearErrors',
      invoke: {
        id: 'getPaymentUrl',
        src: 'getPaymentUrl',
        input: ({ context }) => context.booking!,
        onDone: { target: 'shown', actions: emit(({ event }) => ({ type: 'leave' as const, url: event.output.url })) },
        onError: { target: 'shown', actions: 'failAndNotify' },
      },
    },
  },
});
