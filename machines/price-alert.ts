import { assign, emit, setup } from 'xstate';
import type { PriceAlert, PriceAlertWatch } from '../contract/price-alerts';
import { missing, NO_FAILURE, requestActions, type NotifyEmitted, type RequestState } from './request';

/**
 * The "Watch this price" action beside a flight search's results (or a calendar's month): one press starts a
 * watch at the price the owner sees, and the button says what happened. A second press while saving adds nothing
 * (the server also keeps one watch per route and dates, so a retried request cannot add a second). A route and
 * dates already watched say so in place rather than as an error, found on opening (WATCHED) or on saving (409);
 * the owner may stop watching from the same place, once the watch is known by its id.
 *
 *   idle ─WATCH→ saving ─done, saved→ watching ─REMOVE→ removing ─done→ idle
 *    │             │                     ↑                  └─fail→ watching (toast)
 *    │             ├─done, already→ alreadyWatched ─REMOVE (its id known)→ removing
 *    └─WATCHED─────┼──────────────────→ alreadyWatched
 *                  └─fail→ failed ─WATCH→ saving
 *   RESET (another search on screen) → idle from anywhere; a call under way is dropped (its answer ignored)
 */

/** What saving answers: the watch made, or that this owner already watches the route and dates (409), with it when found. */
export type SaveOutcome = { outcome: 'saved'; alert: PriceAlert } | { outcome: 'already'; alert?: PriceAlert | null };

export interface PriceAlertContext extends RequestState {
  watch: PriceAlertWatch | null;
  alert: PriceAlert | null;
}

export type PriceAlertEvent =
  | { type: 'WATCH'; watch: PriceAlertWatch }
  | { type: 'REMOVE' }
  | { type: 'WATCHED'; alert: PriceAlert }
  | { type: 'RESET' };

export type PriceAlertEmitted = NotifyEmitted;

export const priceAlertMachine = setup({
  types: {
    context: {} as PriceAlertContext,
    events: {} as PriceAlertEvent,
    emitted: {} as PriceAlertEmitted,
  },
  actors: {
    saveAlert: missing<SaveOutcome, PriceAlertWatch>('price alert', 'saveAlert'),
    removeAlert: missing<unknown, number>('price alert', 'removeAlert'),
  },
  guards: {
    alreadyWatched: ({ event }) => (event as unknown as { output: SaveOutcome }).output.outcome === 'already',
    knowsAlert: ({ context }) => context.alert !== null,
  },
  actions: {
    ...requestActions,
    setWatch: assign({ watch: ({ event }) => (event.type === 'WATCH' ? event.watch : null), alert: null }),
    keepAlert: assign({
      alert: ({ event }) => (event as unknown as { output: SaveOutcome }).output.alert ?? null,
    }),
    knowWatch: assign({ alert: ({ event }) => (event.type === 'WATCHED' ? event.alert : null) }),
    forget: assign({ watch: null, alert: null, ...NO_FAILURE }),
    saidWatching: emit({ type: 'notify', notice: { status: 'success', key: 'priceAlerts.watch.saved' } } as const),
    saidRemoved: emit({ type: 'notify', notice: { status: 'success', key: 'priceAlerts.watch.removed' } } as const),
  },
}).createMachine({
  id: 'priceAlert',
  context: { watch: null, alert: null, ...NO_FAILURE },
  initial: 'idle',
  on: { RESET: { target: '.idle', actions: 'forget' } },
  states: {
    idle: {
      on: {
        WATCH: { target: 'saving', actions: 'setWatch' },
        WATCHED: { target: 'alreadyWatched', actions: 'knowWatch' },
      },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        id: 'saveAlert',
        src: 'saveAlert',
        input: ({ context }) => context.watch!,
        onDone: [
          { guard: 'alreadyWatched', target: 'alreadyWatched', actions: 'keepAlert' },
          { target: 'watching', actions: ['keepAlert', 'saidWatching'] },
        ],
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    watching: {
      on: { REMOVE: 'removing' },
    },
    removing: {
      entry: 'clearErrors',
      invoke: {
        id: 'removeAlert',
        src: 'removeAlert',
        input: ({ context }) => context.alert!.id,
        onDone: { target: 'idle', actions: ['forget', 'saidRemoved'] },
        onError: { target: 'watching', actions: 'failAndNotify' },
      },
    },
    alreadyWatched: {
      on: { REMOVE: { guard: 'knowsAlert', target: 'removing' } },
    },
    failed: {
      on: { WATCH: { target: 'saving', actions: 'setWatch' } },
    },
  },
});
