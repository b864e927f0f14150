import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { Money } from '../contract/money';

/**
 * The agent's wallet balance in the top bar: asked for again whenever it may have changed (the agent moved in
 * the agent area, or came back to the window after accounts approved a deposit meanwhile). Each ask aborts the
 * one before, so an old answer never overwrites a newer one; a failed ask keeps the last figure and says nothing
 * (the balance is a hint here, the ledger screen is the place for errors). Pure: the bar provides `fetchBalance`.
 *
 *   idle ─REFRESH→ loading ─done→ idle (new figure)
 *    ↑               │ └─fail→ idle (last figure kept)
 *    │               └─REFRESH→ loading (the call in flight is aborted)
 *    └──────CLEAR (from any state: signed out or not an agent) — figure forgotten, call aborted
 */

export interface WalletBalanceContext { balance: Money | null }
export type WalletBalanceEvent = { type: 'REFRESH' } | { type: 'CLEAR' };

export const walletBalanceMachine = setup({
  types: { context: {} as WalletBalanceContext, events: {} as WalletBalanceEvent },
  actors: {
    fetchBalance: fromPromise<Money, void>(async () => { throw new Error('wallet balance: provide "fetchBalance"'); }) as PromiseActorLogic<Money, void>,
  },
}).createMachine({
  id: 'walletBalance',
  context: { balance: null },
  initial: 'idle',
  on: { CLEAR: { target: '.idle', actions: assign({ balance: null }) } },
  states: {
    idle: { on: { REFRESH: 'loading' } },
    loading: {
      on: { REFRESH: { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchBalance',
        src: 'fetchBalance',
        onDone: { target: 'idle', actions: assign({ balance: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
  },
});
