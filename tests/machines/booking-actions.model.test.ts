import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import {
  availableActions, BOOKING_ACTIONS, bookingActionsMachine, callOf, type ActionFailure, type BookingActionsEmitted, type BookingActionsEvent, type BookingFacts,
} from '../../machines/booking-actions';

/**
 * Model-based: xstate/graph walks the booking actions machine with every UI event (each action chosen, reasons,
 * confirm, cancel, retry, dismiss, a reloaded booking) and every way the call can settle (success, a refusal such
 * as 409, a network error); each path is replayed on a live actor whose call the test settles, and every step must
 * land where the model says with the same context.
 */
type Snap = SnapshotFrom<typeof bookingActionsMachine>;

const facts = (status: BookingFacts['status'], over: Partial<BookingFacts> = {}): BookingFacts => ({ id: 42, status, access: 'manage', void_window_open: true, ...over });
const refusal: ActionFailure = { notice: { status: 'error', text: 'Only a held booking can be canceled; this one is ticketed.' }, fieldErrors: {}, status: 409 };
const offline: ActionFailure = { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} };
const done = (output: unknown) => ({ type: 'xstate.done.actor.runAction', output });
const error = (err: unknown) => ({ type: 'xstate.error.actor.runAction', error: err });

const ALL_EVENTS: AnyEventObject[] = [
  ...BOOKING_ACTIONS.map((action) => ({ type: 'CHOOSE', action })),
  { type: 'REASON', reason: 'Passenger changed plans' },
  { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }, { type: 'DISMISS' },
  { type: 'LOADED', booking: facts('booked') },
  { type: 'LOADED', booking: facts('requested') },
  done({ message: 'Booking has been voided successfully.' }),
  error(refusal),
  error(offline),
];
const settles = (e: AnyEventObject) => e.type.startsWith('xstate.');
const EVENTS = (s: Snap) => ALL_EVENTS.filter((e) => !settles(e) || 'runAction' in s.children);
const serializeState = (s: Snap) =>
  `${JSON.stringify(s.value)} booking=${s.context.booking.status} action=${s.context.action} reason=${JSON.stringify(s.context.reason)} message=${s.context.message ? 'y' : 'n'} failure=${s.context.failure?.status ?? (s.context.failure ? 'x' : '-')}`;
const serializeEvent = (e: AnyEventObject) => JSON.stringify(e);
const input = { booking: facts('booked') };
const options = { events: EVENTS, serializeState, serializeEvent, input } as never;
const paths = getShortestPaths(bookingActionsMachine, options) as StatePath<Snap, AnyEventObject>[];
const adjacency = getAdjacencyMap(bookingActionsMachine as never, options) as AdjacencyMap<Snap, AnyEventObject>;

function harness() {
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const calls: unknown[] = [];
  const aborted: boolean[] = [];
  const actor = createActor(bookingActionsMachine.provide({
    actors: {
      runAction: fromPromise(({ input, signal }) => {
        calls.push(input);
        signal.addEventListener('abort', () => aborted.push(true));
        return new Promise((resolve, reject) => { pending = { resolve, reject }; });
      }),
    } as never,
  }), { input });
  const emitted: BookingActionsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as BookingActionsEmitted));
  actor.start();
  async function step(event: AnyEventObject) {
    const m = /^xstate\.(done|error)\.actor\.runAction$/.exec(event.type);
    if (m && actor.getSnapshot().children.runAction) {
      if (m[1] === 'done') pending!.resolve(event.output);
      else pending!.reject(event.error);
      await new Promise((r) => setTimeout(r, 0));
    } else actor.send(event as BookingActionsEvent);
  }
  return { actor, calls, emitted, aborted, step, snapshot: () => actor.getSnapshot() };
}

async function replay(steps: { event: AnyEventObject; state: Snap }[]) {
  const h = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.init') continue;
    await h.step(event);
    expect(serializeState(h.snapshot()), `after ${event.type}`).toBe(serializeState(state));
    expect(h.snapshot().context).toEqual(state.context);
  }
  return h;
}

describe('booking actions machine: every state is reachable', () => {
  it('reaches idle, confirming, working, done, refused and error', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['idle', 'confirming', 'working', 'done', 'refused', 'error']) expect(values, v).toContain(JSON.stringify(v));
  });

  it.each(paths.map((p) => [serializeState(p.state), p] as const))('shortest path to %s', async (_, path) => {
    const h = await replay(path.steps);
    expect(h.snapshot().matches(path.state.value)).toBe(true);
  });
});

describe('booking actions machine: every event from every state', () => {
  const byState = new Map(paths.map((p) => [serializeState(p.state), p]));
  const vertices = Object.entries(adjacency) as [string, AdjacencyValue<Snap, AnyEventObject>][];
  it.each(vertices)('from %s', async (key, vertex) => {
    const path = byState.get(key)!;
    expect(path, `no path to ${key}`).toBeDefined();
    for (const { event, state } of Object.values(vertex.transitions)) await replay([...path.steps, { event, state }]);
  });
});

describe('booking actions machine: effects', () => {
  it('a chosen action is confirmed, called with the status the user saw and the reason, then reloads', async () => {
    const h = harness();
    await h.step({ type: 'LOADED', booking: facts('requested') });
    await h.step({ type: 'CHOOSE', action: 'cancel' }); // not offered for a requested booking
    expect(h.snapshot().value).toBe('idle');
    await h.step({ type: 'CHOOSE', action: 'rejectVoid' });
    await h.step({ type: 'REASON', reason: '  Ticket stands  ' });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls).toEqual([{ action: 'rejectVoid', id: 42, status: 'requested', reason: 'Ticket stands' }]);
    await h.step(done({ message: 'The void request was declined; the ticket stands.' }));
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'The void request was declined; the ticket stands.' } }, { type: 'reload' }]);
    expect(h.snapshot().value).toBe('done');
  });

  it('a refusal (409) shows the server message and reloads; a network error offers retry and does not reload', async () => {
    const h = harness();
    await h.step({ type: 'CHOOSE', action: 'cancel' });
    await h.step({ type: 'CONFIRM' });
    await h.step(error(refusal));
    expect(h.snapshot().value).toBe('refused');
    expect(h.emitted).toEqual([{ type: 'notify', notice: refusal.notice }, { type: 'reload' }]);
    await h.step({ type: 'DISMISS' });
    await h.step({ type: 'CHOOSE', action: 'confirm' });
    await h.step({ type: 'CONFIRM' });
    await h.step(error(offline));
    expect(h.snapshot().value).toBe('error');
    expect(h.emitted.filter((e) => e.type === 'reload')).toHaveLength(1);
    await h.step({ type: 'RETRY' });
    expect(h.calls).toHaveLength(3);
  });

  it('stopping the actor while working aborts the call', async () => {
    const h = harness();
    await h.step({ type: 'CHOOSE', action: 'confirm' });
    await h.step({ type: 'CONFIRM' });
    h.actor.stop();
    expect(h.aborted).toEqual([true]);
  });
});

describe('available actions follow the lifecycle and the role', () => {
  it.each([
    ['owner', 'booked', true, ['confirm', 'cancel']],
    ['owner', 'ticketed', true, ['requestVoid']],
    ['owner', 'ticketed', false, []],
    ['owner', 'requested', true, []],
    ['manage', 'booked', true, ['confirm', 'cancel']],
    ['manage', 'ticketed', true, ['void']],
    ['manage', 'ticketed', false, []],
    ['manage', 'requested', true, ['approveVoid', 'rejectVoid']],
    ['manage', 'requested', false, ['rejectVoid']],
    ['manage', 'pending', true, ['issue', 'reject']],
    ['manage', 'voided', true, []],
    ['manage', 'canceled', true, []],
    ['manage', 'rejected', true, []],
    ['read', 'booked', true, []],
    [null, 'booked', true, []],
  ] as const)('%s on %s (window open: %s)', (access, status, open, expected) => {
    expect(availableActions({ id: 1, status, access, void_window_open: open })).toEqual(expected);
  });
  it('maps actions to the spec calls', () => {
    expect(BOOKING_ACTIONS.map((a) => callOf(a).path)).toEqual(['/cancel-pnr', '/confirm-pnr', '/void-booking', '/void-booking', '/approve-booking', '/approve-booking', '/approve-booking', '/approve-booking']);
  });
});
