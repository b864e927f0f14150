import { assign, fromPromise, raise, setup, type PromiseActorLogic } from 'xstate';
import type { Notice, NoticePage } from '../contract/notifications';

/**
 * The bell in the agent and back-office top bars. Two regions side by side:
 *
 *  count: the unread figure, asked for at start and every POLL (30 s) after each answer; a hidden tab stops
 *         asking until it is shown again (then asks at once). A failed ask keeps the last figure, silently.
 *
 *      fetching ─done/fail→ waiting ─after POLL→ fetching         (any) ─HIDDEN→ paused ─VISIBLE→ fetching
 *                           waiting ─REFRESH→ fetching       fetching ─MARKED→ fetching (asked again)
 *
 *  panel: the list of notices behind the bell.
 *
 *      closed ─OPEN→ loading ─done→ open ─READ_ALL→ markingAll ─done/fail→ open
 *                       └─fail→ failed ─RETRY→ loading       open ─OPEN_NOTICE→ reading ─done/fail→ closed
 *      loading | open | failed ─CLOSE→ closed
 *
 *  Opening a notice follows its link (the view's link does that) and closes the panel while the notice is marked
 *  read; the answer brings the new unread figure. A count asked for before a notice was marked read (the link's
 *  navigation asks for one at the same moment) may answer after it with the old figure, so marking raises MARKED,
 *  which drops a count in flight and asks again. Pure: the bar provides the four calls from the feature's api.ts.
 */

export interface NotificationsContext { unread: number; items: Notice[]; failed: boolean }
export type NotificationsEvent =
  | { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' } | { type: 'READ_ALL' }
  | { type: 'OPEN_NOTICE'; id: number }
  | { type: 'REFRESH' } | { type: 'HIDDEN' } | { type: 'VISIBLE' }
  /** Raised by the panel when notices were marked read. */
  | { type: 'MARKED' };

export const POLL_MS = 30_000;

export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: {
    fetchUnread: fromPromise<number, void>(async () => { throw new Error('notifications: provide "fetchUnread"'); }) as PromiseActorLogic<number, void>,
    fetchNotices: fromPromise<NoticePage, void>(async () => { throw new Error('notifications: provide "fetchNotices"'); }) as PromiseActorLogic<NoticePage, void>,
    /** Marks one read; answers the unread figure after it. */
    markRead: fromPromise<number, { id: number }>(async () => { throw new Error('notifications: provide "markRead"'); }) as PromiseActorLogic<number, { id: number }>,
    /** Marks all read; answers the time it was done (ISO). */
    markAllRead: fromPromise<string, void>(async () => { throw new Error('notifications: provide "markAllRead"'); }) as PromiseActorLogic<string, void>,
  },
  delays: { POLL: POLL_MS },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: { unread: 0, items: [], failed: false },
  states: {
    count: {
      initial: 'fetching',
      on: { HIDDEN: '.paused' },
      states: {
        fetching: {
          invoke: {
            id: 'fetchUnread', src: 'fetchUnread',
            onDone: { target: 'waiting', actions: assign({ unread: ({ event }) => event.output }) },
            onError: 'waiting',
          },
          on: { MARKED: { target: 'fetching', reenter: true } },
        },
        waiting: { after: { POLL: 'fetching' }, on: { REFRESH: 'fetching' } },
        paused: { on: { VISIBLE: 'fetching' } },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN: 'loading' } },
        loading: {
          entry: assign({ failed: false }),
          on: { CLOSE: 'closed' },
          invoke: {
            id: 'fetchNotices', src: 'fetchNotices',
            onDone: { target: 'open', actions: assign({ items: ({ event }) => event.output.data, unread: ({ event }) => event.output.meta.unread }) },
            onError: { target: 'failed', actions: assign({ failed: true }) },
          },
        },
        failed: { on: { RETRY: 'loading', CLOSE: 'closed' } },
        open: {
          on: {
            CLOSE: 'closed',
            READ_ALL: 'markingAll',
            OPEN_NOTICE: { target: 'reading', guard: ({ context, event }) => context.items.some((n) => n.id === event.id) },
          },
        },
        markingAll: {
          on: { CLOSE: 'closed' },
          invoke: {
            id: 'markAllRead', src: 'markAllRead',
            onDone: {
              target: 'open',
              actions: [assign({ unread: 0, items: ({ context, event }) => context.items.map((n) => ({ ...n, read_at: n.read_at ?? event.output })) }), raise({ type: 'MARKED' })],
            },
            onError: 'open',
          },
        },
        reading: {
          invoke: {
            id: 'markRead', src: 'markRead',
            input: ({ event }) => ({ id: (event as { id: number }).id }),
            onDone: { target: 'closed', actions: [assign({ unread: ({ event }) => event.output }), raise({ type: 'MARKED' })] },
            onError: 'closed',
          },
        },
      },
    },
  },
});
