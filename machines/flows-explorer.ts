import { assign, setup } from 'xstate';
import { missing } from './request';

/**
 * The statechart explorer: reads every machine of the product (and what the model-based tests reach), then
 * draws the one the analyst opens. Drawing lays a chart out, which takes a moment for a large machine, so it
 * runs as its own call: opening another machine meanwhile abandons the old layout, and a failed layout leaves
 * the catalogue usable with a way to try again. The machines are only read here, never run.
 *
 *   loading ─done→ ready ─────────────────────────────────────────────────────────────┐
 *     └─fail→ failed ─RETRY→ loading                                                   │
 *   ready: start ─a machine named in the address→ drawing ─done→ drawn                 │
 *            └─otherwise→ closed ─OPEN{id}→ drawing     └─fail→ drawFailed ─RETRY→ drawing
 *          OPEN{id} from any of them draws that machine (a layout under way is dropped)
 */

/** What the catalogue call answers: the machines (each with an id) and the tests' coverage, if generated. */
export interface ExplorerCatalogue<TMachine extends { id: string } = { id: string }, TCoverage = unknown> {
  machines: TMachine[];
  coverage: TCoverage | null;
}

export interface FlowsExplorerContext {
  catalogue: ExplorerCatalogue | null;
  /** The machine open in the view. */
  open: string | null;
  /** Its laid-out chart, once drawn. */
  drawing: unknown;
}

export type FlowsExplorerEvent = { type: 'OPEN'; id: string } | { type: 'RETRY' };

export const flowsExplorerMachine = setup({
  types: {
    context: {} as FlowsExplorerContext,
    events: {} as FlowsExplorerEvent,
    input: {} as { open?: string | null },
  },
  actors: {
    loadCatalogue: missing<ExplorerCatalogue, void>('flows explorer', 'loadCatalogue'),
    drawMachine: missing<unknown, { machine: { id: string } }>('flows explorer', 'drawMachine'),
  },
  guards: {
    opensKnownMachine: ({ context }) => !!context.open && !!context.catalogue?.machines.some((m) => m.id === context.open),
    isKnown: ({ context, event }) => event.type === 'OPEN' && !!context.catalogue?.machines.some((m) => m.id === event.id),
  },
  actions: {
    openIt: assign({ open: ({ event }) => (event.type === 'OPEN' ? event.id : null), drawing: null }),
  },
}).createMachine({
  id: 'flowsExplorer',
  context: ({ input }) => ({ catalogue: null, open: input.open ?? null, drawing: null }),
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
      on: { OPEN: { guard: 'isKnown', target: '.drawing', reenter: true, actions: 'openIt' } },
      states: {
        start: { always: [{ guard: 'opensKnownMachine', target: 'drawing' }, { target: 'closed', actions: assign({ open: null }) }] },
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
});
