import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { Money } from '../contract/money';

/**
 * The agent's wallet balance (and credit limit, for an agent on credit), one for the tab: the top bar and every screen that shows the balance read it. It
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

/** The balance and, for an agent on credit, its credit limit (null: a prepaid wallet). */
export interface WalletFigures { balance: Money; credit: Money | null }
export interface WalletBalanceContext { balance: Money | null; credit: Money | null }
export type WalletBalanceEvent = { type: 'REFRESH' } | { type: 'CLEAR' } | ({ type: 'HEARD' } & WalletFigures);

export const walletBalanceMachine = setup({
  types: { context: {} as WalletBalanceContext, events: {} as WalletBalanceEvent },
  actors: {
    fetchBalance: fromPromise<WalletFigures, void>(async () => { throw new Error('wallet balance: provide "fetchBalance"'); }) as PromiseActorLogic<WalletFigures, void>,
  },
}).createMachine({
  id: 'walletBalance',
  context: { balance: null, credit: null },
  initial: 'idle',
  on: {
    CLEAR: { target: '.idle', actions: assign({ balance: null, credit: null }) },
    HEARD: { target: '.idle', actions: assign(({ event }) => ({ balance: event.balance, credit: event.credit })) },
  },
  states: {
    idle: { on: { REFRESH: 'loading' } },
    loading: {
      on: { REFRESH: { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchBalance',
        src: 'fetchBalance',
        onDone: { target: 'idle', actions: assign(({ event }) => ({ balance: event.output.balance, credit: event.output.credit })) },
        onError: 'idle',
      },
    },
  },
});
