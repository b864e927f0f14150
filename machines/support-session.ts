import { assign, enqueueActions, setup } from 'xstate';
import type { MySupportSession } from '../contract/support-sessions';
import { missing, NO_FAILURE, requestActions, type NotifyEmitted, type RequestState } from './request';

/**
 * The user's side of a support session, from the account menu. Starting asks the server for a code the user reads
 * out; the tab then waits for an analyst to join, and while joined relays its machines' masked messages (the
 * `relay` call runs as long as the session does and answers when it is over: ended by either side or by time).
 * The user may end it at any moment. An end the user did not ask for is said in a notice. A tab that loads while
 * the user has a session open (a reload, a link opened in full) picks it up where it stands.
 *
 *   start ─resume→ resuming ─done(waiting)→ open.waiting, ─done(joined)→ open.joined, otherwise/fail→ idle
 *     └─otherwise→ idle
 *   idle ─START→ starting ─done→ open.waiting ─done(joined)→ open.joined ─done/fail→ ended
 *     ↑              └─fail→ idle        └─done(ended)/fail→ ended
 *     │          open ─END→ ending ─done/fail→ ended
 *     └─DISMISS─ ended ─START→ starting
 */

export interface SupportSessionContext extends RequestState {
  session: MySupportSession | null;
  /** The tab had a session open when it loaded: ask the server where it stands. */
  resume: boolean;
}

export type SupportSessionEvent = { type: 'START' } | { type: 'END' } | { type: 'DISMISS' };

const over = (session: MySupportSession): MySupportSession => (session.status === 'ended' ? session : { ...session, status: 'ended', ended: session.ended ?? 'user' });

export const supportSessionMachine = setup({
  types: {
    context: {} as SupportSessionContext,
    events: {} as SupportSessionEvent,
    emitted: {} as NotifyEmitted,
    input: {} as { resume?: boolean },
  },
  actors: {
    /** The user's session as the server has it (null when none). */
    resume: missing<MySupportSession | null, void>('support session', 'resume'),
    start: missing<MySupportSession, void>('support session', 'start'),
    /** Answers once the session is no longer waiting (joined, or over). */
    waitForJoin: missing<MySupportSession, void>('support session', 'waitForJoin'),
    /** Relays the tab's machines while joined; answers once the session is over. */
    relay: missing<MySupportSession, void>('support session', 'relay'),
    end: missing<MySupportSession, void>('support session', 'end'),
  },
  guards: {
    joined: ({ event }) => (event as { output?: MySupportSession | null }).output?.status === 'joined',
    resumes: ({ context }) => context.resume,
    waiting: ({ event }) => (event as { output?: MySupportSession | null }).output?.status === 'waiting',
  },
  actions: {
    ...requestActions,
    keep: assign({ session: ({ event }) => (event as unknown as { output: MySupportSession }).output }),
    /** Over, as far as this tab knows (a call that failed leaves the session to run out on the server). */
    close: assign({ session: ({ context }) => context.session && over(context.session) }),
    /** The user ended it and knows; an end by the analyst or by time is news. */
    sayEnded: enqueueActions(({ context, enqueue }) => {
      const ended = context.session?.ended;
      if (ended === 'analyst' || ended === 'expired') enqueue.emit({ type: 'notify', notice: { status: 'info', key: `support.endedBy.${ended}` } });
    }),
  },
}).createMachine({
  id: 'supportSession',
  context: ({ input }) => ({ session: null, resume: !!input?.resume, ...NO_FAILURE }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'resumes', target: 'resuming' }, { target: 'idle' }] },
    resuming: {
      invoke: {
        id: 'resume', src: 'resume',
        onDone: [
          { guard: 'waiting', target: 'open.waiting', actions: 'keep' },
          { guard: 'joined', target: 'open.joined', actions: 'keep' },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    idle: { on: { START: 'starting' } },
    starting: {
      entry: 'clearErrors',
      invoke: { id: 'start', src: 'start', onDone: { target: 'open', actions: 'keep' }, onError: { target: 'idle', actions: 'failAndNotify' } },
    },
    open: {
      initial: 'waiting',
      on: { END: 'ending' },
      states: {
        waiting: {
          invoke: {
            id: 'waitForJoin', src: 'waitForJoin',
            onDone: [{ guard: 'joined', target: 'joined', actions: 'keep' }, { target: '#supportSession.ended', actions: 'keep' }],
            onError: { target: '#supportSession.ended', actions: ['close', 'fail'] },
          },
        },
        joined: {
          invoke: {
            id: 'relay', src: 'relay',
            onDone: { target: '#supportSession.ended', actions: 'keep' },
            onError: { target: '#supportSession.ended', actions: ['close', 'fail'] },
          },
        },
      },
    },
    ending: {
      invoke: { id: 'end', src: 'end', onDone: { target: 'ended', actions: 'keep' }, onError: { target: 'ended', actions: 'close' } },
    },
    ended: {
      entry: 'sayEnded',
      on: { START: 'starting', DISMISS: { target: 'idle', actions: assign({ session: null }) } },
    },
  },
});
