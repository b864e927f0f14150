import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { Money } from '../contract/money';

/**
 * The agent's wallet balance, one for the tab: the top bar and every screen that shows the balance read it. It
 * hears the balance after every movement: the server names it in its answer to each change the agent makes (a
 * booking paid, a date change, a refund...) and to the bell's poll (what staff moved meanwhile), and the client
 * hands it here (HEARD), so no screen asks. It also asks again whenever the balance may have changed unseen (the
 * agent moved in the agent area or came back to the window). Each ask aborts the one before, so an old answer
 * never overwrites a newer one; a figure heard aborts the ask in flight, whose answer may predate it. A failed ask
 * keeps the last figure and says nothing (the balance is a hint here, the ledger screen is the place for errors).
 * Pure: the app provides `fetchBalance`.
 *
 *   idle ─REFRESH→ loading ─done→ idle (new figure)
 *    ↑               │ └─fail→ idle (last figure kept)
 *    │               └─REFRESH→ loading (the call in flight is aborted)
 *    ├──────HEARD (from any state: an answer named the balance) — idle with that figure, call aborted
 *    └──────CLEAR (from any state: signed out or not an agent) — figure forgotten, call aborted
 */

export interface WalletBalanceContext { balance: Money | null }
export type WalletBalanceEvent = { type: 'REFRESH' } | { type: 'CLEAR' } | { type: 'HEARD'; balance: Money };

export const walletBalanceMachine = setup({
  types: { context: {} as WalletBalanceContext, events: {} as WalletBalanceEvent },
  actors: {
    fetchBalance: fromPromise<Money, void>(async () => { throw new Error('wallet balance: provide "fetchBalance"'); }) as PromiseActorLogic<Money, void>,
  },
}).createMachine({
  id: 'walletBalance',
  context: { balance: null },
  initial: 'idle',
  on: {
    CLEAR: { target: '.idle', actions: assign({ balance: null }) },
    HEARD: { target: '.idle', actions: assign({ balance: ({ event }) => event.balance }) },
  },
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
