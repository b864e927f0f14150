import { assign, emit, setup } from 'xstate';
import { CREDIT_M, type CreditAccount } from '../contract/credit';
import { missing, NO_FAILURE, requestActions, type NotifyEmitted, type RequestState } from './request';

/**
 * The credit panel on an agent's page in the back office: it reads the agent's funds and limit history, and lets
 * accounts staff set a new limit. The typed limit stays as typed until saved; an empty one is refused in place
 * without a call; a save under way takes no second press; a refusal (a limit below the credit in use, with the
 * figure) keeps what was typed with the server's words on the field. A saved limit replaces the figures shown.
 *
 *   loading ─done→ ready ─SAVE (a limit typed)→ saving ─done→ ready (new figures, toast)
 *      └─fail→ loadFailed ─RETRY→ loading      │        └─fail→ ready (field error, toast)
 *                                              └─SAVE (nothing typed)→ ready (field error)
 *   RELOAD (a ledger change seen elsewhere) → loading from ready or loadFailed
 */

export interface CreditSettingsInput { agentId: number }
export interface SaveLimitInput { agentId: number; limit: string }

export interface CreditSettingsContext extends RequestState {
  agentId: number;
  account: CreditAccount | null;
  /** The limit as typed in the form ("250000.00"). */
  draft: string;
}

export type CreditSettingsEvent = { type: 'EDIT'; limit: string } | { type: 'SAVE' } | { type: 'RETRY' } | { type: 'RELOAD' };

export const creditSettingsMachine = setup({
  types: {
    context: {} as CreditSettingsContext,
    events: {} as CreditSettingsEvent,
    input: {} as CreditSettingsInput,
    emitted: {} as NotifyEmitted,
  },
  actors: {
    loadCredit: missing<CreditAccount, number>('credit settings', 'loadCredit'),
    saveLimit: missing<CreditAccount, SaveLimitInput>('credit settings', 'saveLimit'),
  },
  guards: {
    limitTyped: ({ context }) => context.draft.trim() !== '',
  },
  actions: {
    ...requestActions,
    keepAccount: assign(({ event }) => {
      const account = (event as unknown as { output: CreditAccount }).output;
      return { account, draft: account.credit_limit.amount };
    }),
    edit: assign({ draft: ({ event }) => (event.type === 'EDIT' ? event.limit : '') }),
    limitRequired: assign({ fieldErrors: { limit: CREDIT_M.limitRequired }, failure: null }),
    saidSaved: emit({ type: 'notify', notice: { status: 'success', key: 'ledger.creditLine.saved' } } as const),
  },
}).createMachine({
  id: 'creditSettings',
  context: ({ input }) => ({ agentId: input.agentId, account: null, draft: '', ...NO_FAILURE }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadCredit',
        src: 'loadCredit',
        input: ({ context }) => context.agentId,
        onDone: { target: 'ready', actions: 'keepAccount' },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading', RELOAD: 'loading' },
    },
    ready: {
      on: {
        EDIT: { actions: 'edit' },
        SAVE: [
          { guard: 'limitTyped', target: 'saving' },
          { actions: 'limitRequired' },
        ],
        RELOAD: 'loading',
      },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        id: 'saveLimit',
        src: 'saveLimit',
        input: ({ context }) => ({ agentId: context.agentId, limit: context.draft.trim() }),
        onDone: { target: 'ready', actions: ['keepAccount', 'saidSaved'] },
        onError: { target: 'ready', actions: 'failAndNotify' },
      },
    },
  },
});
