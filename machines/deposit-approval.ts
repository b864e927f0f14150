import { assign, emit, setup } from 'xstate';
import type { Deposit } from '../contract/agents';
import type { Failure, Notice } from './notice';
import { missing, requestActions } from './request';

/**
 * Deposit approval (the generic form of this flow is machines/decision.ts, which new screens use): staff open a top-up request, review it, approve it or reject it
 * with a reason, and the decision is saved. Pure: the app provides the two calls (with abort signals) and
 * shows the emitted notices.
 *
 *   loading → review ⇄ confirmingApproval | rejecting → saving → done
 *                                                        ↘ failed → (retry) saving | (back) review
 *   loading ↘ loadFailed → (retry) loading;  a deposit already decided opens in `decided`.
 */

export interface DecisionInput { id: number; status: 'approved' | 'rejected'; reason: string | null }
export interface DecisionResult { message: string; deposit: Deposit }

export interface DepositApprovalContext {
  depositId: number;
  deposit: Deposit | null;
  decision: 'approved' | 'rejected' | null;
  reason: string;
  fieldErrors: Record<string, string>;
  failure: Failure | null;
}

export type DepositApprovalEvent =
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export type DepositApprovalEmitted = { type: 'notify'; notice: Notice } | { type: 'decided'; deposit: Deposit };

export const REASON_REQUIRED = 'Give a reason for the rejection.';

export const depositApprovalMachine = setup({
  types: {
    context: {} as DepositApprovalContext,
    events: {} as DepositApprovalEvent,
    emitted: {} as DepositApprovalEmitted,
    input: {} as { depositId: number },
  },
  actors: {
    loadDeposit: missing<Deposit, { id: number }>('deposit approval', 'loadDeposit'),
    saveDecision: missing<DecisionResult, DecisionInput>('deposit approval', 'saveDecision'),
  },
  guards: {
    isPending: (_, deposit: Deposit) => deposit.status === 'pending',
    hasReason: ({ context }) => context.reason.trim().length > 0,
    wasRejecting: ({ context }) => context.decision === 'rejected',
  },
  actions: {
    ...requestActions,
  },
}).createMachine({
  id: 'depositApproval',
  context: ({ input }) => ({ depositId: input.depositId, deposit: null, decision: null, reason: '', fieldErrors: {}, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDeposit',
        src: 'loadDeposit',
        input: ({ context }) => ({ id: context.depositId }),
        onDone: [
          { guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'review', actions: assign({ deposit: ({ event }) => event.output }) },
          { target: 'decided', actions: assign({ deposit: ({ event }) => event.output }) },
        ],
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearErrors' } },
    },
    review: {
      entry: assign({ decision: null }),
      on: {
        APPROVE: { target: 'confirmingApproval', actions: 'clearErrors' },
        REJECT: { target: 'rejecting', actions: 'clearErrors' },
      },
    },
    confirmingApproval: {
      entry: assign({ decision: 'approved' as const }),
      on: {
        CONFIRM: 'saving',
        CANCEL: 'review',
      },
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
        input: ({ context }) => ({
          id: context.depositId,
          status: context.decision!,
          reason: context.decision === 'rejected' ? context.reason.trim() : null,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ deposit: ({ event }) => event.output.deposit }),
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: event.output.message } })),
            emit(({ event }) => ({ type: 'decided' as const, deposit: event.output.deposit })),
          ],
        },
        onError: {
          target: 'failed',
          actions: 'failAndNotify',
        },
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
