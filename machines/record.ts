import { assign, emit, setup } from 'xstate';
import { requestActions, missing, NO_FAILURE, type NotifyEmitted, type RequestState } from './request';
import type { ItemId } from './resource-list';

/**
 * Any details screen (a user, a booking, a deposit...): one record loaded, shown, reloaded on demand, with
 * actions on it (suspend, resend, recalculate...) that are confirmed first when they ask to be and reload the
 * record after they succeed. Pure: the app provides the two calls and shows the emitted notices.
 *
 *   loading ─done→ shown ─RELOAD→ loading          (the record stays on screen while it reloads)
 *      └─fail→ loadFailed ─RETRY→ loading
 *   shown ─ACT{confirm}→ confirming ─CONFIRM→ acting ─done→ loading   (notice, then reload)
 *              └──CANCEL→ shown                    └─fail→ shown      (failure and toast)
 *   shown ─ACT→ acting
 *   OPEN{id} from loading, loadFailed or shown → loading that record (a statement's new date range, say)
 */

export interface RecordAction { action: string; payload?: Record<string, unknown> }
export interface RecordActionInput extends RecordAction { id: ItemId }

export interface RecordContext<T = unknown> extends RequestState {
  id: ItemId;
  data: T | null;
  pending: RecordAction | null;
}

export type RecordEvent =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'OPEN'; id: ItemId }
  | { type: 'ACT'; action: string; payload?: Record<string, unknown>; confirm?: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type RecordEmitted = NotifyEmitted | { type: 'acted'; action: string };

export const recordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    emitted: {} as RecordEmitted,
    /** `data`: what to show until the load answers (an answer that had already arrived before the screen rendered). */
    input: {} as { id: ItemId; data?: unknown },
  },
  actors: {
    loadRecord: missing<unknown, { id: ItemId }>('record', 'loadRecord'),
    runAction: missing<{ message?: string }, RecordActionInput>('record', 'runAction'),
  },
  guards: {
    asksConfirmation: ({ event }) => event.type === 'ACT' && !!event.confirm,
  },
  actions: {
    ...requestActions,
    hold: assign({ pending: ({ event }) => (event.type === 'ACT' ? { action: event.action, payload: event.payload } : null) }),
    release: assign({ pending: null }),
    setId: assign({ id: ({ context, event }) => (event.type === 'OPEN' ? event.id : context.id) }),
  },
}).createMachine({
  id: 'record',
  context: ({ input }) => ({ id: input.id, data: input.data ?? null, pending: null, ...NO_FAILURE }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: 'failAndNotify' },
      },
      on: { OPEN: { target: 'loading', reenter: true, actions: 'setId' } },
    },
    loadFailed: { on: { RETRY: 'loading', OPEN: { target: 'loading', actions: 'setId' } } },
    shown: {
      on: {
        RELOAD: 'loading',
        OPEN: { target: 'loading', actions: 'setId' },
        ACT: [
          { guard: 'asksConfirmation', target: 'confirming', actions: ['hold', 'clearErrors'] },
          { target: 'acting', actions: 'hold' },
        ],
      },
    },
    confirming: {
      on: { CONFIRM: 'acting', CANCEL: { target: 'shown', actions: 'release' } },
    },
    acting: {
      entry: 'clearErrors',
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ id: context.id, ...context.pending! }),
        onDone: { target: 'loading', actions: ['notifySuccess', emit(({ context }) => ({ type: 'acted' as const, action: context.pending!.action })), 'release'] },
        onError: { target: 'shown', actions: ['failAndNotify', 'release'] },
      },
    },
  },
});
