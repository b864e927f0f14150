import { assign, setup } from 'xstate';
import type { FlightCalendar } from '../contract/flight-calendar';
import { missing, NO_FAILURE, requestActions, type RequestState } from './request';

/**
 * The lowest prices beside a flight search's date picker: a month of prices per day for the route the form holds.
 * Months already fetched for the same route and party are kept, so paging back and forth asks nothing again; a
 * new route starts afresh. The prices help choose a day and never stand in its way: a failed load leaves the
 * dates pickable, without a toast, and the next month or opening tries again.
 *
 *   idle ─OPEN{route, month}→ loading ─done→ shown ─MONTH, month kept→ shown
 *                               │                 └─MONTH, not kept→ loading
 *                               ├─MONTH→ loading (the newer month asked, the older answer dropped)
 *                               └─fail→ unavailable ─MONTH→ loading
 *   OPEN on the same route with its month kept → shown; CLOSE anywhere → idle (what was fetched is kept)
 */

/** A priced route: the party as the search has it (no children or infants when left out) and the cabin. */
export interface CalendarRoute { origin: string; destination: string; adults: number; children?: number; infants?: number; cabin_class: FlightCalendar['cabin_class'] }

/** The same travellers: a left-out count is none. */
export const sameParty = (a: CalendarRoute, b: CalendarRoute) =>
  a.adults === b.adults && (a.children ?? 0) === (b.children ?? 0) && (a.infants ?? 0) === (b.infants ?? 0);
export interface CalendarRequest { route: CalendarRoute; month: string }

export interface PriceCalendarContext extends RequestState {
  route: CalendarRoute | null;
  month: string | null;
  /** Months fetched for `route`, by YYYY-MM. */
  months: Record<string, FlightCalendar>;
}

export type PriceCalendarEvent =
  | { type: 'OPEN'; route: CalendarRoute; month: string }
  | { type: 'MONTH'; month: string }
  | { type: 'CLOSE' };

const sameRoute = (a: CalendarRoute | null, b: CalendarRoute) =>
  !!a && a.origin === b.origin && a.destination === b.destination && sameParty(a, b) && a.cabin_class === b.cabin_class;

/** The month on show, once it has arrived. */
export const monthShown = (c: PriceCalendarContext): FlightCalendar | null => (c.month ? c.months[c.month] ?? null : null);

export const priceCalendarMachine = setup({
  types: {
    context: {} as PriceCalendarContext,
    events: {} as PriceCalendarEvent,
  },
  actors: {
    loadCalendar: missing<FlightCalendar, CalendarRequest>('price calendar', 'loadCalendar'),
  },
  guards: {
    openKept: ({ context, event }) => event.type === 'OPEN' && sameRoute(context.route, event.route) && event.month in context.months,
    monthKept: ({ context, event }) => event.type === 'MONTH' && event.month in context.months,
  },
  actions: {
    ...requestActions,
    open: assign(({ context, event }) => {
      if (event.type !== 'OPEN') return {};
      const kept = sameRoute(context.route, event.route);
      return { route: event.route, month: event.month, months: kept ? context.months : {} };
    }),
    showMonth: assign({ month: ({ event }) => (event.type === 'MONTH' ? event.month : null) }),
    keepMonth: assign({
      months: ({ context, event }) => {
        const got = (event as unknown as { output: FlightCalendar }).output;
        return { ...context.months, [got.month]: got };
      },
    }),
  },
}).createMachine({
  id: 'priceCalendar',
  context: { route: null, month: null, months: {}, ...NO_FAILURE },
  initial: 'idle',
  on: {
    OPEN: [{ guard: 'openKept', target: '.shown', actions: 'open' }, { target: '.loading', actions: 'open', reenter: true }],
    CLOSE: '.idle',
  },
  states: {
    idle: {},
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: ({ context }) => ({ route: context.route!, month: context.month! }),
        onDone: { target: 'shown', actions: 'keepMonth' },
        onError: { target: 'unavailable', actions: 'fail' },
      },
      on: { MONTH: { target: 'loading', actions: 'showMonth', reenter: true } },
    },
    shown: {
      on: { MONTH: [{ guard: 'monthKept', actions: 'showMonth' }, { target: 'loading', actions: 'showMonth' }] },
    },
    unavailable: {
      on: { MONTH: { target: 'loading', actions: 'showMonth' } },
    },
  },
});
