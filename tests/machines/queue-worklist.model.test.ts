import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { queueWorklistMachine, type QueueLoad } from '../../machines/queue-worklist';
import type { QueueRow } from '../../contract/queues';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: loading a queue, switching queues (also mid-load), failing, retrying and refreshing after an action. */
type Snap = SnapshotFrom<typeof queueWorklistMachine>;
const CALLS = ['load'] as const;
const row: QueueRow = {
  booking_id: 7, pnr: 'ABC123', route: 'KHI-DXB', who: 'Demo Agent', channel: 'agent', status: 'booked', reason: 'hold_expires',
  deadline: '2026-05-10T10:15:00.000Z', action: 'ticket_or_cancel', link: '/admin/booking-details?id=7',
};
const loaded: QueueLoad = { summaries: [{ queue: 'holds_expiring', count: 1, oldest_deadline: row.deadline }], rows: [row] };
const emptied: QueueLoad = { summaries: [{ queue: 'holds_expiring', count: 0, oldest_deadline: null }], rows: [] };

// Two queues bound the walk: switching between them covers every transition that a third would repeat.
const EVENTS: AnyEventObject[] = [
  { type: 'SELECT', queue: 'holds_expiring' }, { type: 'SELECT', queue: 'refunds_pending' }, { type: 'SELECT', queue: 'no_such_queue' },
  { type: 'REFRESH' }, { type: 'RETRY' },
  done('load', loaded), done('load', emptied), fail('load', new Error('offline')),
];
const serializeState = (s: Snap) => `${JSON.stringify(s.value)} q=${s.context.queue} rows=${s.context.rows.map((r) => r.booking_id).join(',')} n=${s.context.summaries.map((x) => x.count).join(',')}${s.context.failed ? ' failed' : ''}`;

describe('queue worklist machine', () => {
  const model = modelOf(queueWorklistMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => {
    const values = [...model.reached].join(' ');
    for (const v of ['loading', 'ready', 'failed']) expect(values, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('queue worklist machine: effects', () => {
  it('loads the first queue, then the chosen one, dropping a load overtaken by another choice', async () => {
    const h = liveActor(queueWorklistMachine, CALLS);
    expect(h.calls).toEqual([{ id: 'load', input: { queue: 'holds_expiring' } }]);
    await h.step({ type: 'SELECT', queue: 'refunds_pending' });
    expect(h.aborted).toEqual(['load']);
    expect(h.calls.at(-1)).toEqual({ id: 'load', input: { queue: 'refunds_pending' } });
    await h.step(done('load', loaded));
    expect(h.snapshot().matches('ready')).toBe(true);
    expect(h.snapshot().context.rows).toEqual([row]);
  });

  it('a refresh after an action loads the same queue again, and a booking acted on is gone', async () => {
    const h = liveActor(queueWorklistMachine, CALLS);
    await h.step(done('load', loaded));
    await h.step({ type: 'REFRESH' });
    expect(h.calls).toEqual([{ id: 'load', input: { queue: 'holds_expiring' } }, { id: 'load', input: { queue: 'holds_expiring' } }]);
    await h.step(done('load', emptied));
    expect(h.snapshot().context.rows).toEqual([]);
    expect(h.snapshot().context.summaries[0].count).toBe(0);
  });

  it('a failed load says so and is tried again on RETRY; an unknown queue is never asked for', async () => {
    const h = liveActor(queueWorklistMachine, CALLS);
    await h.step(fail('load', new Error('offline')));
    expect(h.snapshot().context.failed).toBe(true);
    await h.step({ type: 'SELECT', queue: 'no_such_queue' });
    expect(h.calls).toHaveLength(1);
    await h.step({ type: 'RETRY' });
    expect(h.calls).toHaveLength(2);
    expect(h.snapshot().context.failed).toBe(false);
  });
});
