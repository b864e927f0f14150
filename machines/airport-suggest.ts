import { assign, enqueueActions, setup } from 'xstate';
import { missing } from './request';

/**
 * The suggestions under an airport field of the search form. Asking on every keystroke would flood the server
 * and flicker the list, so the machine waits for a short pause in typing, then asks; a new keystroke cancels
 * both the pause and a question already asked, so an old answer never replaces a newer one. Fewer than two
 * letters (or a chosen airport) clears the list. A failed question clears it quietly: the field still takes a
 * typed code, and the search form says what is wrong if that is not an airport.
 *
 *   idle ─TYPE{≥ 2 letters}→ idle (pause restarted) ─SETTLED→ loading ─done→ idle (suggestions)
 *     ↑                                                         │  └─fail→ idle (no suggestions)
 *     └──────────── TYPE (call aborted, pause restarted) ───────┘
 *   any ─TYPE{< 2 letters} / CLEAR→ idle (no suggestions, no pause)
 */

export interface AirportSuggestion { code: string; name: string; city: string; country: string }

export interface AirportSuggestContext { text: string; suggestions: AirportSuggestion[] }
export type AirportSuggestEvent = { type: 'TYPE'; text: string } | { type: 'SETTLED' } | { type: 'CLEAR' };

/** Fewer letters than this match too many airports to be of use. */
export const MIN_LETTERS = 2;
const longEnough = (text: string) => text.trim().length >= MIN_LETTERS;

export const airportSuggestMachine = setup({
  types: { context: {} as AirportSuggestContext, events: {} as AirportSuggestEvent },
  actors: {
    searchAirports: missing<AirportSuggestion[], { q: string }>('airport suggest', 'searchAirports'),
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
  id: 'airportSuggest',
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
        id: 'searchAirports',
        src: 'searchAirports',
        input: ({ context }) => ({ q: context.text }),
        onDone: { target: 'idle', actions: assign({ suggestions: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ suggestions: [] }) },
      },
    },
  },
});
