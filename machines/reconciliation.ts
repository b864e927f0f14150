import { assign, emit, setup } from 'xstate';
import type { ImportResult, MemoState, StatementDetail } from '../contract/reconciliation';
import { missing, NO_FAILURE, requestActions, type NavigateEmitted, type NotifyEmitted, type RequestState } from './request';

/**
 * Reconciling a supplier statement: import the CSV for a period, review its lines by tab (matched, unmatched,
 * variances, memos) and move memos through their dispute, then close the period after a confirmation. A refused
 * import keeps the form with each row's problem; a closed statement is read-only.
 *
 *   start ─no id→ form ─IMPORT{from, to, file}→ importing ─done→ loading (navigate to the statement)
 *     │                        ↑                    └fail→ form (each row's problem)
 *     └id→ loading ─done→ review | closed            └fail→ loadFailed ─RETRY→ loading
 *   review ─TAB→ review; ─MEMO{line, state}→ savingMemo ─done→ loading, fail→ review
 *   review ─CLOSE→ confirming ─CANCEL→ review; ─CONFIRM→ closing ─done→ closed, fail→ review
 */

export type ReconciliationTab = 'matched' | 'unmatched' | 'variances' | 'not_billed' | 'memos';
export interface ImportInput { from: string; to: string; file: unknown }
export interface MemoMove { statementId: number; lineId: number; state: MemoState }

export interface ReconciliationContext extends RequestState {
  statementId: number | null;
  statement: StatementDetail | null;
  tab: ReconciliationTab;
  upload: ImportInput | null;
  move: MemoMove | null;
  /** Where a statement opens: the base path, `?id=` appended. */
  detailsBase: string;
}

export type ReconciliationEvent =
  | { type: 'IMPORT'; from: string; to: string; file: unknown }
  | { type: 'TAB'; tab: ReconciliationTab }
  | { type: 'MEMO'; lineId: number; state: MemoState }
  | { type: 'CLOSE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

export const reconciliationMachine = setup({
  types: {
    context: {} as ReconciliationContext,
    events: {} as ReconciliationEvent,
    emitted: {} as NotifyEmitted | NavigateEmitted,
    input: {} as { statementId: number | null; detailsBase: string },
  },
  actors: {
    importStatement: missing<ImportResult & { message?: string }, ImportInput>('reconciliation', 'importStatement'),
    loadStatement: missing<StatementDetail, { id: number }>('reconciliation', 'loadStatement'),
    setMemo: missing<{ message?: string }, MemoMove>('reconciliation', 'setMemo'),
    closeStatement: missing<StatementDetail & { message?: string }, { id: number }>('reconciliation', 'closeStatement'),
  },
  guards: {
    hasId: ({ context }) => context.statementId !== null,
    isClosed: ({ event }) => !!(event as unknown as { output: StatementDetail }).output.closed_at,
  },
  actions: {
    ...requestActions,
    keepStatement: assign({ statement: ({ event }) => (event as unknown as { output: StatementDetail }).output }),
    pickTab: assign({ tab: ({ event }) => (event.type === 'TAB' ? event.tab : 'matched') }),
  },
}).createMachine({
  id: 'reconciliation',
  context: ({ input }) => ({ statementId: input.statementId, statement: null, tab: 'matched', upload: null, move: null, detailsBase: input.detailsBase, ...NO_FAILURE }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'form' }] },
    form: {
      on: { IMPORT: { target: 'importing', actions: assign({ upload: ({ event }) => ({ from: event.from, to: event.to, file: event.file }) }) } },
    },
    importing: {
      entry: 'clearErrors',
      invoke: {
        id: 'importStatement',
        src: 'importStatement',
        input: ({ context }) => context.upload!,
        onDone: {
          target: 'loading',
          actions: [
            assign({ statementId: ({ event }) => event.output.id, upload: null }),
            'notifySuccess',
            emit(({ context }) => ({ type: 'navigate' as const, to: `${context.detailsBase}?id=${context.statementId}` })),
          ],
        },
        onError: { target: 'form', actions: 'failAndNotify' },
      },
    },
    loading: {
      invoke: {
        id: 'loadStatement',
        src: 'loadStatement',
        input: ({ context }) => ({ id: context.statementId! }),
        onDone: [
          { guard: 'isClosed', target: 'closed', actions: 'keepStatement' },
          { target: 'review', actions: 'keepStatement' },
        ],
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: 'clearErrors' } } },
    review: {
      on: {
        TAB: { actions: 'pickTab' },
        MEMO: { target: 'savingMemo', actions: assign({ move: ({ context, event }) => ({ statementId: context.statementId!, lineId: event.lineId, state: event.state }) }) },
        CLOSE: 'confirming',
      },
    },
    savingMemo: {
      entry: 'clearErrors',
      invoke: {
        id: 'setMemo',
        src: 'setMemo',
        input: ({ context }) => context.move!,
        onDone: { target: 'loading', actions: ['notifySuccess', assign({ move: null })] },
        onError: { target: 'review', actions: ['failAndNotify', assign({ move: null })] },
      },
    },
    confirming: { on: { CONFIRM: 'closing', CANCEL: 'review' } },
    closing: {
      entry: 'clearErrors',
      invoke: {
        id: 'closeStatement',
        src: 'closeStatement',
        input: ({ context }) => ({ id: context.statementId! }),
        onDone: { target: 'closed', actions: ['keepStatement', 'notifySuccess'] },
        onError: { target: 'review', actions: 'failAndNotify' },
      },
    },
    closed: { on: { TAB: { actions: 'pickTab' } } },
  },
});
