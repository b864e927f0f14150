import { assign, setup } from 'xstate';
import { SUPPORT_EVENTS_KEPT, type FollowedSession, type SupportEventsPage, type SupportMessage } from '../contract/support-sessions';
import { missing, NO_FAILURE, requestActions, type NotifyEmitted, type RequestState } from './request';

/**
 * The analyst's side of a support session, in the explorer's live panel. The analyst enters the code the user read
 * out; a refusal (wrong, used by someone else, ended, expired) stays on the panel and nothing is shown. Joined, it
 * asks the server for the messages after the last it has, one long poll after another, keeping the newest, until
 * the session is over: ended by either side or by time. A poll that fails ends the following (the same analyst
 * may join again with the code).
 *
 *   idle ─JOIN{code}→ joining ─done→ following ─done(joined)→ following (next poll)
 *     ↑                  └─fail→ idle     ├─done(ended)/fail→ ended
 *     │                                   └─LEAVE→ leaving ─done/fail→ ended
 *     └─DISMISS─ ended ─JOIN{code}→ joining
 */

export interface SupportFollowContext extends RequestState {
  session: FollowedSession | null;
  /** The number of the last message received. */
  seq: number;
  /** The newest messages, oldest first. */
  messages: SupportMessage[];
}

export type SupportFollowEvent = { type: 'JOIN'; code: string } | { type: 'LEAVE' } | { type: 'DISMISS' };

const fresh = { session: null, seq: 0, messages: [] };
const pageOf = (event: unknown) => (event as { output: SupportEventsPage }).output;

export const supportFollowMachine = setup({
  types: {
    context: {} as SupportFollowContext,
    events: {} as SupportFollowEvent,
    emitted: {} as NotifyEmitted,
  },
  actors: {
    join: missing<FollowedSession, { code: string }>('support follow', 'join'),
    poll: missing<SupportEventsPage, { id: string; after: number }>('support follow', 'poll'),
    leave: missing<FollowedSession, { id: string }>('support follow', 'leave'),
  },
  guards: {
    stillJoined: ({ event }) => pageOf(event).status === 'joined',
  },
  actions: {
    ...requestActions,
    add: assign(({ context, event }) => {
      const { events, seq, ...session } = pageOf(event);
      const messages = events.length ? [...context.messages, ...events.map(({ seq: _seq, ...m }) => m)].slice(-SUPPORT_EVENTS_KEPT) : context.messages;
      return { session, seq: Math.max(seq, context.seq), messages };
    }),
    close: assign({ session: ({ context }) => context.session && { ...context.session, status: 'ended' as const } }),
  },
}).createMachine({
  id: 'supportFollow',
  context: { ...fresh, ...NO_FAILURE },
  initial: 'idle',
  states: {
    idle: { on: { JOIN: 'joining' } },
    joining: {
      entry: ['clearErrors', assign(fresh)],
      invoke: {
        id: 'join', src: 'join',
        input: ({ event }) => ({ code: event.type === 'JOIN' ? event.code : '' }),
        onDone: { target: 'following', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    following: {
      on: { LEAVE: 'leaving' },
      invoke: {
        id: 'poll', src: 'poll',
        input: ({ context }) => ({ id: context.session!.id, after: context.seq }),
        onDone: [{ guard: 'stillJoined', target: 'following', reenter: true, actions: 'add' }, { target: 'ended', actions: 'add' }],
        onError: { target: 'ended', actions: ['close', 'fail'] },
      },
    },
    leaving: {
      invoke: {
        id: 'leave', src: 'leave',
        input: ({ context }) => ({ id: context.session!.id }),
        onDone: { target: 'ended', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'ended', actions: 'close' },
      },
    },
    ended: { on: { JOIN: 'joining', DISMISS: { target: 'idle', actions: assign(fresh) } } },
  },
});
