import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { notificationsMachine } from '../../machines/notifications';
import type { Notice } from '../../contract/notifications';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: polling (the POLL delay sent as its event), hiding the tab, the panel and every way its calls settle. */
type Snap = SnapshotFrom<typeof notificationsMachine>;
const CALLS = ['fetchUnread', 'fetchNotices', 'markRead', 'markAllRead'] as const;
const notice: Notice = { id: 1, kind: 'deposit_submitted', subject_type: 'deposit', subject_id: 7, link: '/admin/deposit-details?id=7', params: { amount: '10.00', currency: 'PKR' }, created_at: '2026-05-10T10:00:00.000Z', read_at: null };
const page = { data: [notice], meta: { page: 1, per_page: 20, total: 1, unread: 1 } };
const POLL = { type: 'xstate.after.POLL.notifications.count.waiting' };

const EVENTS: AnyEventObject[] = [
  { type: 'OPEN' }, { type: 'CLOSE' }, { type: 'RETRY' }, { type: 'READ_ALL' }, { type: 'OPEN_NOTICE', id: 1 }, { type: 'OPEN_NOTICE', id: 99 },
  { type: 'REFRESH' }, { type: 'HIDDEN' }, { type: 'VISIBLE' }, POLL,
  done('fetchUnread', 3), fail('fetchUnread', new Error('offline')),
  done('fetchNotices', page), fail('fetchNotices', new Error('offline')),
  done('markRead', 0), fail('markRead', new Error('offline')),
  done('markAllRead', '2026-05-10T10:05:00.000Z'), fail('markAllRead', new Error('offline')),
];
const serializeState = (s: Snap) => `${JSON.stringify(s.value)} unread=${s.context.unread} items=${s.context.items.map((n) => `${n.id}${n.read_at ? 'r' : ''}`).join(',')}${s.context.failed ? ' failed' : ''}`;

describe('notifications machine', () => {
  const model = modelOf(notificationsMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => {
    const values = [...model.reached].join(' ');
    for (const v of ['fetching', 'waiting', 'paused', 'closed', 'loading', 'failed', 'open', 'markingAll', 'reading']) expect(values, v).toContain(`"${v}"`);
  });
  testEveryTransition(model);
});

describe('notifications machine: effects', () => {
  it('asks for the count at start and again on each POLL; a hidden tab stops asking until shown', async () => {
    const h = liveActor(notificationsMachine, CALLS);
    await h.step(done('fetchUnread', 2));
    expect(h.snapshot().context.unread).toBe(2);
    await h.step(POLL);
    expect(h.calls.map((c) => c.id)).toEqual(['fetchUnread', 'fetchUnread']);
    await h.step({ type: 'HIDDEN' });
    expect(h.aborted).toEqual(['fetchUnread']);
    await h.step(POLL);
    expect(h.calls).toHaveLength(2);
    await h.step({ type: 'VISIBLE' });
    expect(h.calls).toHaveLength(3);
  });

  it('opening a notice marks that one read and closes the panel; the answer is the new count', async () => {
    const h = liveActor(notificationsMachine, CALLS);
    await h.step({ type: 'OPEN' });
    await h.step(done('fetchNotices', page));
    await h.step({ type: 'OPEN_NOTICE', id: 1 });
    expect(h.calls.at(-1)).toEqual({ id: 'markRead', input: { id: 1 } });
    expect(h.snapshot().matches({ panel: 'reading' })).toBe(true);
    await h.step(done('markRead', 0));
    expect(h.snapshot().matches({ panel: 'closed' })).toBe(true);
    expect(h.snapshot().context.unread).toBe(0);
  });

  it('a count asked for before a notice was marked read is dropped and asked again: its old figure never lands', async () => {
    const h = liveActor(notificationsMachine, CALLS);
    await h.step(done('fetchUnread', 1));
    await h.step({ type: 'OPEN' });
    await h.step(done('fetchNotices', page));
    await h.step({ type: 'OPEN_NOTICE', id: 1 });
    await h.step({ type: 'REFRESH' }); // the link's navigation
    await h.step(done('markRead', 0));
    expect(h.aborted).toEqual(['fetchUnread']);
    expect(h.calls.map((c) => c.id)).toEqual(['fetchUnread', 'fetchNotices', 'markRead', 'fetchUnread', 'fetchUnread']);
    await h.step(done('fetchUnread', 0));
    expect(h.snapshot().context.unread).toBe(0);
  });
});
