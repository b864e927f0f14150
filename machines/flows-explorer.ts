import { assign, raise, setup } from 'xstate';
import { missing } from './request';

/**
 * The statechart explorer: reads every machine of the product (and what the model-based tests reach), then
 * draws the one the analyst opens. Drawing lays a chart out, which takes a moment for a large machine, so it
 * runs as its own call: opening another machine meanwhile abandons the old layout, and a failed layout leaves
 * the catalogue usable with a way to try again. The machines are only read here, never run.
 *
 * Opened on a booking (`?booking=<reference>`), it also reads that booking's trace, at the same time as the
 * machines since neither needs the other: the trace names its lifecycle machine, which is then opened, at once if
 * the machines are in, else as soon as they are. A booking that is unknown, or that the role may not read, opens
 * nothing: the reader is told which, rather than shown a chart without the booking on it.
 *
 *   machines: loading ─done→ ready ───────────────────────────────────────────────────────┐
 *               └─fail→ failed ─RETRY→ loading                                              │
 *     ready: start ─the traced machine, else one named in the address→ drawing ─done→ drawn │
 *              └─otherwise→ closed ─OPEN{id}→ drawing     └─fail→ drawFailed ─RETRY→ drawing
 *            OPEN{id} from any of them draws that machine (a layout under way is dropped)
 *
 *   booking: start ─a booking in the address→ loading ─done→ shown (raises OPEN{its machine})
 *              └─otherwise→ none                  ├─404→ notFound
 *                                                 ├─403→ forbidden
 *                                                 └─fail→ failed ─RETRY_TRACE→ loading
 */

/** What the catalogue call answers: the machines (each with an id) and the tests' coverage, if generated. */
export interface ExplorerCatalogue<TMachine extends { id: string } = { id: string }, TCoverage = unknown> {
  machines: TMachine[];
  coverage: TCoverage | null;
}

/** The booking whose trace to read: its reference as users see it, and its kind when the address says. */
export interface TraceQuery { reference: string; kind: string | null }

/** A booking's trace as the call answers it: the catalogue id of its lifecycle machine, its kind and the trace. */
export interface LoadedTrace<TTrace = unknown> { machine: string; kind: string; trace: TTrace }

export interface FlowsExplorerContext {
  catalogue: ExplorerCatalogue | null;
  /** The machine open in the view. */
  open: string | null;
  /** Its laid-out chart, once drawn. */
  drawing: unknown;
  booking: TraceQuery | null;
  trace: LoadedTrace | null;
}

export type FlowsExplorerEvent = { type: 'OPEN'; id: string } | { type: 'RETRY' } | { type: 'RETRY_TRACE' };

/** The HTTP status a failed call carries, when it got an answer. */
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export const flowsExplorerMachine = setup({
  types: {
    context: {} as FlowsExplorerContext,
    events: {} as FlowsExplorerEvent,
    input: {} as { open?: string | null; booking?: TraceQuery | null },
  },
  actors: {
    loadCatalogue: missing<ExplorerCatalogue, void>('flows explorer', 'loadCatalogue'),
    drawMachine: missing<unknown, { machine: { id: string } }>('flows explorer', 'drawMachine'),
    loadTrace: missing<LoadedTrace, TraceQuery>('flows explorer', 'loadTrace'),
  },
  guards: {
    knows: ({ context }, id: string | null | undefined) => !!id && !!context.catalogue?.machines.some((m) => m.id === id),
    hasBooking: ({ context }) => context.booking !== null,
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    forbidden: ({ event }) => statusOf((event as { error?: unknown }).error) === 403,
  },
  actions: {
    openIt: assign({ open: ({ event }) => (event.type === 'OPEN' ? event.id : null), drawing: null }),
    openTraced: assign({ open: ({ context }) => context.trace!.machine, drawing: null }),
  },
}).createMachine({
  id: 'flowsExplorer',
  context: ({ input }) => ({ catalogue: null, open: input.open ?? null, drawing: null, booking: input.booking ?? null, trace: null }),
  type: 'parallel',
  states: {
    machines: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCatalogue',
            src: 'loadCatalogue',
            onDone: { target: 'ready', actions: assign({ catalogue: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        failed: { on: { RETRY: 'loading' } },
        ready: {
          initial: 'start',
          on: { OPEN: { guard: { type: 'knows', params: ({ event }) => event.id }, target: '.drawing', reenter: true, actions: 'openIt' } },
          states: {
            start: {
              always: [
                { guard: { type: 'knows', params: ({ context }) => context.trace?.machine }, target: 'drawing', actions: 'openTraced' },
                { guard: { type: 'knows', params: ({ context }) => context.open }, target: 'drawing' },
                { target: 'closed', actions: assign({ open: null }) },
              ],
            },
            closed: {},
            drawing: {
              invoke: {
                id: 'drawMachine',
                src: 'drawMachine',
                input: ({ context }) => ({ machine: context.catalogue!.machines.find((m) => m.id === context.open)! }),
                onDone: { target: 'drawn', actions: assign({ drawing: ({ event }) => event.output }) },
                onError: 'drawFailed',
              },
            },
            drawn: {},
            drawFailed: { on: { RETRY: 'drawing' } },
          },
        },
      },
    },
    booking: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'hasBooking', target: 'loading' }, { target: 'none' }] },
        none: {},
        loading: {
          invoke: {
            id: 'loadTrace',
            src: 'loadTrace',
            input: ({ context }) => context.booking!,
            onDone: {
              target: 'shown',
              actions: [assign({ trace: ({ event }) => event.output }), raise(({ event }) => ({ type: 'OPEN' as const, id: event.output.machine }))],
            },
            onError: [{ guard: 'notFound', target: 'notFound' }, { guard: 'forbidden', target: 'forbidden' }, { target: 'failed' }],
          },
        },
        shown: {},
        notFound: {},
        forbidden: {},
        failed: { on: { RETRY_TRACE: 'loading' } },
      },
    },
  },
});
