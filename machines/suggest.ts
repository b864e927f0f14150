import { assign, enqueueActions, setup } from 'xstate';
import { missing } from './request';

/**
 * The suggestions under a look-up field (an airport, a hotel destination). Asking on every keystroke would flood
 * the server and flicker the list, so the machine waits for a short pause in typing, then asks; a new keystroke
 * cancels both the pause and a question already asked, so an old answer never replaces a newer one. Fewer than
 * two letters (or a chosen entry) clears the list. A failed question clears it quietly: the form says what is
 * wrong if the field ends without a choice.
 *
 *   idle ─TYPE{≥ 2 letters}→ idle (pause restarted) ─SETTLED→ loading ─done→ idle (suggestions)
 *     ↑                                                         │  └─fail→ idle (no suggestions)
 *     └──────────── TYPE (call aborted, pause restarted) ───────┘
 *   any ─TYPE{< 2 letters} / CLEAR→ idle (no suggestions, no pause)
 *
 * One chart for every such field: each gets its machine from `suggestMachine(id)` and the app provides its
 * look-up as the `lookUp` actor.
 */

export interface SuggestContext<T> { text: string; suggestions: T[] }
export type SuggestEvent = { type: 'TYPE'; text: string } | { type: 'SETTLED' } | { type: 'CLEAR' };

/** Fewer letters than this match too many entries to be of use. */
export const MIN_LETTERS = 2;
const longEnough = (text: string) => text.trim().length >= MIN_LETTERS;

export function suggestMachine<T>(id: string) {
  return setup({
    types: { context: {} as SuggestContext<T>, events: {} as SuggestEvent },
    actors: {
      lookUp: missing<T[], { q: string }>(id, 'lookUp'),
    },
    delays: {
      /** Long enough to skip the letters of a word typed at speed, short enough to feel immediate. */
      typingPause: 150,
    },
    guards: {
      longEnough: ({ event }) => event.type === 'TYPE' && longEnough(event.text),
      hasText: ({ context }) => longEnough(context.text),
    },
    actions: {
      waitForPause: enqueueActions(({ event, enqueue }) => {
        if (event.type !== 'TYPE') return;
        enqueue.assign({ text: event.text.trim() });
        enqueue.cancel('typingPause');
        enqueue.raise({ type: 'SETTLED' }, { id: 'typingPause', delay: 'typingPause' });
      }),
      forget: enqueueActions(({ enqueue }) => {
        enqueue.cancel('typingPause');
        enqueue.assign({ text: '', suggestions: [] });
      }),
    },
  }).createMachine({
    id,
    context: { text: '', suggestions: [] },
    initial: 'idle',
    on: {
      TYPE: [
        { guard: 'longEnough', target: '.idle', actions: 'waitForPause' },
        { target: '.idle', actions: 'forget' },
      ],
      CLEAR: { target: '.idle', actions: 'forget' },
    },
    states: {
      idle: { on: { SETTLED: { guard: 'hasText', target: 'loading' } } },
      loading: {
        invoke: {
          id: 'lookUp',
          src: 'lookUp',
          input: ({ context }) => ({ q: context.text }),
          onDone: { target: 'idle', actions: assign({ suggestions: ({ event }) => event.output }) },
          onError: { target: 'idle', actions: assign({ suggestions: [] }) },
        },
      },
    },
  });
}
