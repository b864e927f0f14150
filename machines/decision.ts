import { assign, emit, setup } from 'xstate';
import { requestActions, missing, NO_FAILURE, type NotifyEmitted, type RequestState } from './request';
import type { Notice } from './notice';
import type { ItemId } from './resource-list';

/**
 * Approve or reject something with a reason (a top-up deposit, an agent's account): staff review it,
 * approving asks for confirmation, rejecting asks for a reason, and the decision is saved once. Something
 * already decided opens read-only. Pure: the app provides the two calls (with abort signals), may provide
 * `isOpen` (what "still to decide" means for its subject) and shows the emitted notices.
 *
 *   loading → review ⇄ confirmingApproval | rejecting → saving → done
 *                                                        ↘ failed → (retry) saving | (back) review / rejecting
 *   loading ↘ loadFailed → (retry) loading;  a subject already decided opens in `decided`.
 */

export type Verdict = 'approved' | 'rejected';
export interface VerdictInput { id: ItemId; status: Verdict; reason: string | null }
export interface VerdictResult<T = unknown> { message?: string; subject: T }

export interface DecisionContext<T = unknown> extends RequestState {
  id: ItemId;
  subject: T | null;
  decision: Verdict | null;
  reason: string;
  /** i18n keys of the toasts after a decision, when the server's message is not specific enough. */
  notices: Partial<Record<Verdict, string>>;
  /** Put into those toasts as {{name}} (the agent's company, say). */
  label: string;
}

export type DecisionEvent =
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export type DecisionEmitted = NotifyEmitted | { type: 'decided'; subject: unknown; status: Verdict };

export interface DecisionMachineInput { id: ItemId; notices?: Partial<Record<Verdict, string>>; label?: string }

export const REASON_REQUIRED = 'Give a reason for the rejection.';

const decidedNotice = (c: DecisionContext, message: string | undefined): Notice | null => {
  const key = c.decision ? c.notices[c.decision] : undefined;
  if (key) return { status: 'success', key, values: { name: c.label } };
  return message ? { status: 'success', text: message } : null;
};

export const decisionMachine = setup({
  types: {
    context: {} as DecisionContext,
    events: {} as DecisionEvent,
    emitted: {} as DecisionEmitted,
    input: {} as DecisionMachineInput,
  },
  actors: {
    loadSubject: missing<unknown, { id: ItemId }>('decision', 'loadSubject'),
    saveDecision: missing<VerdictResult, VerdictInput>('decision', 'saveDecision'),
  },
  guards: {
    /** Still to decide; a subject with another `status` opens read-only. Apps override it for other shapes. */
    isOpen: (_, subject: unknown) => (subject as { status?: string } | null)?.status === 'pending',
    hasReason: ({ context }) => context.reason.trim().length > 0,
    wasRejecting: ({ context }) => context.decision === 'rejected',
  },
  actions: {
    ...requestActions,
  },
}).createMachine({
  id: 'decision',
  context: ({ input }) => ({ id: input.id, subject: null, decision: null, reason: '', notices: input.notices ?? {}, label: input.label ?? '', ...NO_FAILURE }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSubject',
        src: 'loadSubject',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'isOpen', params: ({ event }: { event: { output: unknown } }) => event.output }, target: 'review', actions: assign({ subject: ({ event }) => event.output }) },
          { target: 'decided', actions: assign({ subject: ({ event }) => event.output }) },
        ],
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: 'clearErrors' } } },
    review: {
      entry: assign({ decision: null }),
      on: {
        APPROVE: { target: 'confirmingApproval', actions: 'clearErrors' },
        REJECT: { target: 'rejecting', actions: 'clearErrors' },
      },
    },
    confirmingApproval: {
      entry: assign({ decision: 'approved' as const }),
      on: { CONFIRM: 'saving', CANCEL: 'review' },
    },
    rejecting: {
      entry: assign({ decision: 'rejected' as const }),
      on: {
        REASON: { actions: assign({ reason: ({ event }) => event.reason, fieldErrors: {} }) },
        CONFIRM: [
          { guard: 'hasReason', target: 'saving' },
          { actions: assign({ fieldErrors: { reason: REASON_REQUIRED } }) },
        ],
        CANCEL: { target: 'review', actions: 'clearErrors' },
      },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        id: 'saveDecision',
        src: 'saveDecision',
        input: ({ context }) => ({ id: context.id, status: context.decision!, reason: context.decision === 'rejected' ? context.reason.trim() : null }),
        onDone: {
          target: 'done',
          actions: [
            assign({ subject: ({ event }) => event.output.subject }),
            emit(({ context, event }) => ({ type: 'notify' as const, notice: decidedNotice(context, event.output.message)! })),
            emit(({ context, event }) => ({ type: 'decided' as const, subject: event.output.subject, status: context.decision! })),
          ],
        },
        onError: { target: 'failed', actions: 'failAndNotify' },
      },
    },
    failed: {
      on: {
        RETRY: 'saving',
        CANCEL: [{ guard: 'wasRejecting', target: 'rejecting' }, { target: 'review' }],
      },
    },
    decided: { type: 'final' },
    done: { type: 'final' },
  },
});
