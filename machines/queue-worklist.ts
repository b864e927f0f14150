import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { QueueName, QueueRow, QueueSummary } from '../contract/queues';
import { QUEUES } from '../contract/queues';

/**
 * The ticketing-queue screen (/admin/queues, /agent/queues): the counts of every queue as tabs, and the rows of the
 * chosen one. The rows are computed by the server at each read, so the screen shows a booking leaving its queue
 * by loading again: after an action on the booking's page (REFRESH when the reader comes back) or on demand.
 *
 *      loading ─done→ ready ─SELECT→ loading          ready | failed ─REFRESH→ loading
 *         └─fail→ failed ─RETRY→ loading             loading ─SELECT→ loading (the earlier load is dropped)
 *
 * Pure: the screen provides `load` (both reads for one queue) from the feature's api.ts.
 */

export interface QueueLoad { summaries: QueueSummary[]; rows: QueueRow[] }
export interface QueueWorklistContext { queue: QueueName; summaries: QueueSummary[]; rows: QueueRow[]; failed: boolean }
export type QueueWorklistEvent = { type: 'SELECT'; queue: QueueName } | { type: 'REFRESH' } | { type: 'RETRY' };

const known = (q: unknown): q is QueueName => (QUEUES as readonly unknown[]).includes(q);

export const queueWorklistMachine = setup({
  types: { context: {} as QueueWorklistContext, events: {} as QueueWorklistEvent, input: {} as { queue?: QueueName } | undefined },
  actors: {
    load: fromPromise<QueueLoad, { queue: QueueName }>(async () => { throw new Error('queue-worklist: provide "load"'); }) as PromiseActorLogic<QueueLoad, { queue: QueueName }>,
  },
  guards: {
    /** Choosing another queue, never the one shown or a name the server does not know. */
    otherQueue: ({ context, event }) => event.type === 'SELECT' && known(event.queue) && event.queue !== context.queue,
  },
}).createMachine({
  id: 'queueWorklist',
  initial: 'loading',
  context: ({ input }) => ({ queue: input?.queue && known(input.queue) ? input.queue : QUEUES[0], summaries: [], rows: [], failed: false }),
  states: {
    loading: {
      entry: assign({ failed: false }),
      on: { SELECT: { guard: 'otherQueue', target: 'loading', reenter: true, actions: assign({ queue: ({ event }) => event.queue, rows: [] }) } },
      invoke: {
        id: 'load', src: 'load',
        input: ({ context }) => ({ queue: context.queue }),
        onDone: { target: 'ready', actions: assign({ summaries: ({ event }) => event.output.summaries, rows: ({ event }) => event.output.rows }) },
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    ready: {
      on: {
        SELECT: { guard: 'otherQueue', target: 'loading', actions: assign({ queue: ({ event }) => event.queue, rows: [] }) },
        REFRESH: 'loading',
      },
    },
    failed: {
      on: {
        RETRY: 'loading',
        REFRESH: 'loading',
        SELECT: { guard: 'otherQueue', target: 'loading', actions: assign({ queue: ({ event }) => event.queue, rows: [] }) },
      },
    },
  },
});
