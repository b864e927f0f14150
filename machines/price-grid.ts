import { assign, setup } from 'xstate';
import type { FlightGrid } from '../contract/flight-calendar';
import { sameParty, type CalendarRoute } from './price-calendar';
import { missing, NO_FAILURE, requestActions, type RequestState } from './request';

/**
 * The lowest return prices around a return search's dates: each pairing of departure and return days, three either
 * side of the chosen ones, for the strip above the results and the grid it opens. The same trip asked again is
 * answered from what is held; another trip replaces it. Like the calendar, the prices help choose dates and never
 * stand in their way: a failed load says nothing aloud and leaves the search as it is; asking again tries again.
 *
 *   idle ─LOAD→ loading ─done→ shown ─LOAD, same trip→ shown
 *                 │                  └─LOAD, another trip→ loading
 *                 ├─LOAD, another trip→ loading (the older answer dropped); the same trip changes nothing
 *                 └─fail→ unavailable ─LOAD→ loading
 */

export interface GridRequest { route: CalendarRoute; depart: string; ret: string }

export interface PriceGridContext extends RequestState {
  request: GridRequest | null;
  /** The grid of `request`, once it has arrived. */
  grid: FlightGrid | null;
}

export type PriceGridEvent = { type: 'LOAD'; request: GridRequest };

export const sameTrip = (a: GridRequest | null, b: GridRequest): boolean =>
  !!a && a.depart === b.depart && a.ret === b.ret && a.route.origin === b.route.origin && a.route.destination === b.route.destination
  && sameParty(a.route, b.route) && a.route.cabin_class === b.route.cabin_class;

export const priceGridMachine = setup({
  types: {
    context: {} as PriceGridContext,
    events: {} as PriceGridEvent,
  },
  actors: {
    loadGrid: missing<FlightGrid, GridRequest>('price grid', 'loadGrid'),
  },
  guards: {
    sameTripAsked: ({ context, event }) => sameTrip(context.request, event.request),
  },
  actions: {
    ...requestActions,
    ask: assign({ request: ({ event }) => event.request, grid: null }),
    keepGrid: assign({ grid: ({ event }) => (event as unknown as { output: FlightGrid }).output }),
  },
}).createMachine({
  id: 'priceGrid',
  context: { request: null, grid: null, ...NO_FAILURE },
  initial: 'idle',
  states: {
    idle: { on: { LOAD: { target: 'loading', actions: 'ask' } } },
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        input: ({ context }) => context.request!,
        onDone: { target: 'shown', actions: 'keepGrid' },
        onError: { target: 'unavailable', actions: 'fail' },
      },
      on: { LOAD: [{ guard: 'sameTripAsked' }, { target: 'loading', actions: 'ask', reenter: true }] },
    },
    shown: {
      on: { LOAD: [{ guard: 'sameTripAsked' }, { target: 'loading', actions: 'ask' }] },
    },
    unavailable: { on: { LOAD: { target: 'loading', actions: 'ask' } } },
  },
});
