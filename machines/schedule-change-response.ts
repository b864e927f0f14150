import { assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { toFailure, type Failure, type Notice } from './notice';
import type { RebookOption, ScheduleChange } from '../contract/schedule-changes';

/**
 * The owner's answer to an airline's change of a booked flight. Pure: the app provides the calls and reloads.
 *
 *   pending ─ACCEPT→ accepting ───────────────────────────→ answered
 *      │    ─CHOOSE→ loadingOptions ─→ choosing ─PICK→ rebooking ─→ answered
 *      │                                 └BACK→ pending
 *      │    ─REFUND→ refunding ──────────────────────────→ answered
 *      └──── ─CANCEL→ confirmingCancel ─CONFIRM→ canceling ─→ answered   (BACK→ pending)
 *   a failed call: refused (4xx: the server said no, e.g. answered meanwhile: emit reload) or error ─RETRY→ that call
 *   refused | error ─BACK→ pending;  CHANGED (the change as reloaded) updates what is offered
 *
 * Each answer is offered only where the change allows it (a canceled flight cannot be accepted; a held booking has
 * nothing to refund but may drop its hold, which is asked twice as it cannot be undone), as the server decides
 * again; a second answer is refused there (409), never applied twice. Staff answering for the owner use the same.
 */

export interface AnswerInput { pnr: string; id: number }
export interface RebookInput extends AnswerInput { offer_id: string }
export type ResponseFailure = Failure & { status?: number };

export interface ResponseContext {
  pnr: string;
  change: ScheduleChange;
  options: RebookOption[];
  failure: ResponseFailure | null;
  /** The call to try again from the error state. */
  failed: 'accept' | 'options' | 'rebook' | 'refund' | 'cancel' | null;
  /** The flight picked to move to (kept to retry the move). */
  picked: RebookOption | null;
}

export type ResponseEvent =
  | { type: 'ACCEPT' }
  | { type: 'CHOOSE' }
  | { type: 'PICK'; option: RebookOption }
  | { type: 'REFUND' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CHANGED'; change: ScheduleChange };

export type ResponseEmitted = { type: 'notify'; notice: Notice } | { type: 'reload' };

function missing<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`schedule-change-response actor "${name}" was not provided`);
  });
}

const failureOf = (error: unknown) => toFailure(error) as ResponseFailure;
const isRefusal = (f: ResponseFailure) => f.status !== undefined && f.status >= 400 && f.status < 500;
const answerInput = ({ context }: { context: ResponseContext }): AnswerInput => ({ pnr: context.pnr, id: context.change.id });
type Answered = { message: string; data: ScheduleChange };

export const scheduleChangeResponseMachine = setup({
  types: {
    context: {} as ResponseContext,
    events: {} as ResponseEvent,
    emitted: {} as ResponseEmitted,
    input: {} as { pnr: string; change: ScheduleChange },
  },
  actors: {
    accept: missing<Answered, AnswerInput>('accept'),
    loadOptions: missing<RebookOption[], AnswerInput>('loadOptions'),
    rebook: missing<Answered, RebookInput>('rebook'),
    refund: missing<Answered, AnswerInput>('refund'),
    cancel: missing<Answered, AnswerInput>('cancel'),
  },
  guards: {
    canAccept: ({ context }) => context.change.can.accept,
    canRebook: ({ context }) => context.change.can.rebook,
    canRefund: ({ context }) => context.change.can.refund,
    canCancel: ({ context }) => context.change.can.cancel,
    refused: (_, f: ResponseFailure) => isRefusal(f),
    retryAccept: ({ context }) => context.failed === 'accept',
    retryOptions: ({ context }) => context.failed === 'options',
    retryRebook: ({ context }) => context.failed === 'rebook',
    retryRefund: ({ context }) => context.failed === 'refund',
  },
  actions: {
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    notifyFailure: emit(({ event }) => ({ type: 'notify' as const, notice: toFailure((event as { error?: unknown }).error).notice ?? { status: 'error' as const, key: 'errors.generic' } })),
    reload: emit({ type: 'reload' as const }),
    takeAnswer: assign({ change: ({ event, context }) => (event as { output?: Answered }).output?.data ?? context.change, failure: null, failed: null }),
    notifyAnswer: emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: (event as unknown as { output: Answered }).output.message } })),
  },
}).createMachine({
  id: 'scheduleChangeResponse',
  context: ({ input }) => ({ pnr: input.pnr, change: input.change, options: [], failure: null, failed: null, picked: null }),
  initial: 'pending',
  on: {
    CHANGED: { actions: assign({ change: ({ event }) => event.change }) },
  },
  states: {
    // Back here, nothing of an abandoned answer is kept.
    pending: {
      entry: assign({ options: [], picked: null, failure: null, failed: null }),
      on: {
        ACCEPT: { guard: 'canAccept', target: 'accepting' },
        CHOOSE: { guard: 'canRebook', target: 'loadingOptions' },
        REFUND: { guard: 'canRefund', target: 'refunding' },
        CANCEL: { guard: 'canCancel', target: 'confirmingCancel' },
      },
    },
    accepting: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'accept', src: 'accept', input: answerInput,
        onDone: { target: 'answered', actions: ['takeAnswer', 'notifyAnswer', 'reload'] },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', assign({ failed: 'accept' as const })] },
        ],
      },
    },
    loadingOptions: {
      entry: assign({ failure: null, options: [], picked: null }),
      invoke: {
        id: 'loadOptions', src: 'loadOptions', input: answerInput,
        onDone: { target: 'choosing', actions: assign({ options: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', assign({ failed: 'options' as const })] },
        ],
      },
      on: { BACK: 'pending' },
    },
    choosing: {
      on: {
        PICK: { target: 'rebooking', actions: assign({ picked: ({ event }) => event.option }) },
        BACK: 'pending',
      },
    },
    rebooking: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'rebook', src: 'rebook',
        input: ({ context }) => ({ pnr: context.pnr, id: context.change.id, offer_id: context.picked!.offer_id }),
        onDone: { target: 'answered', actions: ['takeAnswer', 'notifyAnswer', 'reload'] },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', assign({ failed: 'rebook' as const })] },
        ],
      },
    },
    refunding: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'refund', src: 'refund', input: answerInput,
        onDone: { target: 'answered', actions: ['takeAnswer', 'notifyAnswer', 'reload'] },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', assign({ failed: 'refund' as const })] },
        ],
      },
    },
    confirmingCancel: { on: { CONFIRM: 'canceling', BACK: 'pending' } },
    canceling: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'cancel', src: 'cancel', input: answerInput,
        onDone: { target: 'answered', actions: ['takeAnswer', 'notifyAnswer', 'reload'] },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => failureOf(event.error) }, target: 'refused', actions: ['keepFailure', 'notifyFailure', 'reload'] },
          { target: 'error', actions: ['keepFailure', assign({ failed: 'cancel' as const })] },
        ],
      },
    },
    answered: { type: 'final' },
    refused: { on: { BACK: 'pending' } },
    error: {
      on: {
        RETRY: [
          { guard: 'retryAccept', target: 'accepting' }, { guard: 'retryOptions', target: 'loadingOptions' },
          { guard: 'retryRebook', target: 'rebooking' }, { guard: 'retryRefund', target: 'refunding' }, { target: 'canceling' },
        ],
        BACK: 'pending',
      },
    },
  },
});
