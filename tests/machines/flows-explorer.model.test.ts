import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom, StateValue } from 'xstate';
import { flowsExplorerMachine } from '../../machines/flows-explorer';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the explorer opened bare, with a machine named in its address and with a booking in it, walked with
 * every event and every way its three calls settle; then the effects.
 */
type Snap = SnapshotFrom<typeof flowsExplorerMachine>;
const CALLS = ['loadCatalogue', 'drawMachine', 'loadTrace'] as const;
const catalogue = { machines: [{ id: 'auth' }, { id: 'quotation' }], coverage: null };
const trace = (machine: string) => ({ machine, kind: 'flight', trace: { state: 'ticketed' } });

const EVENTS: AnyEventObject[] = [
  { type: 'OPEN', id: 'auth' }, { type: 'OPEN', id: 'quotation' }, { type: 'OPEN', id: 'nope' }, { type: 'RETRY' }, { type: 'RETRY_TRACE' },
  done('loadCatalogue', catalogue), fail('loadCatalogue', new Error('chunk failed')),
  done('drawMachine', { width: 1, height: 1 }), fail('drawMachine', new Error('layout failed')),
  done('loadTrace', trace('quotation')), done('loadTrace', trace('gone')),
  fail('loadTrace', { status: 404 }), fail('loadTrace', { status: 403 }), fail('loadTrace', { status: 500 }), fail('loadTrace', new Error('offline')),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

/** The leaf states a value has active, as paths: `{machines: {ready: 'drawn'}, booking: 'none'}` → machines.ready.drawn, booking.none. */
const leaves = (v: StateValue, at = ''): string[] =>
  typeof v === 'string' ? [`${at}${v}`] : Object.entries(v).flatMap(([k, sub]) => leaves(sub as StateValue, `${at}${k}.`));

const MACHINE_STATES = ['machines.loading', 'machines.failed', 'machines.ready.closed', 'machines.ready.drawing', 'machines.ready.drawn', 'machines.ready.drawFailed'];
const BOOKING_STATES = ['booking.none', 'booking.loading', 'booking.shown', 'booking.notFound', 'booking.forbidden', 'booking.failed'];
const booking = { reference: 'Q7M4KD', kind: 'flight' };
const INPUTS = [
  ['bare', {}, [...MACHINE_STATES, 'booking.none']],
  ['with a machine in the address', { open: 'auth' }, [...MACHINE_STATES.filter((s) => s !== 'machines.ready.closed'), 'booking.none']],
  ['with an unknown machine in the address', { open: 'gone' }, [...MACHINE_STATES, 'booking.none']],
  ['with a booking in the address', { booking }, [...MACHINE_STATES, ...BOOKING_STATES.filter((s) => s !== 'booking.none')]],
  ['with a booking and a machine in the address', { open: 'auth', booking }, [...MACHINE_STATES.filter((s) => s !== 'machines.ready.closed'), ...BOOKING_STATES.filter((s) => s !== 'booking.none')]],
] as const;

describe.each(INPUTS)('flows explorer opened %s', (_, input, expected) => {
  const model = modelOf(flowsExplorerMachine, { events: EVENTS, serializeState, calls: CALLS, input });
  it('reaches its states', () => {
    const reached = new Set(model.states.flatMap((s) => leaves(s.value)));
    expect([...reached].sort()).toEqual([...expected].sort());
  });
  testEveryTransition(model);
});

describe('flows explorer: effects', () => {
  it('draws the machine named in the address once the catalogue is read', async () => {
    const h = liveActor(flowsExplorerMachine, CALLS, { open: 'quotation' });
    await h.step(done('loadCatalogue', catalogue));
    expect(h.calls[1]).toEqual({ id: 'drawMachine', input: { machine: { id: 'quotation' } } });
  });

  it('opening another machine drops the layout under way; an unknown id is ignored', async () => {
    const h = liveActor(flowsExplorerMachine, CALLS, {});
    await h.step(done('loadCatalogue', catalogue));
    await h.step({ type: 'OPEN', id: 'auth' });
    await h.step({ type: 'OPEN', id: 'quotation' });
    expect(h.aborted).toEqual(['drawMachine']);
    await h.step({ type: 'OPEN', id: 'nope' });
    expect(h.snapshot().context.open).toBe('quotation');
    await h.step(done('drawMachine', { width: 2 }));
    expect(h.snapshot().context.drawing).toEqual({ width: 2 });
  });

  it('reads the booking at once, beside the machines, and draws its machine whichever answers first', async () => {
    for (const traceFirst of [true, false]) {
      const h = liveActor(flowsExplorerMachine, CALLS, { open: 'auth', booking });
      expect(h.calls.map((c) => c.id).sort()).toEqual(['loadCatalogue', 'loadTrace']);
      expect(h.calls.find((c) => c.id === 'loadTrace')!.input).toEqual(booking);
      if (traceFirst) await h.step(done('loadTrace', trace('quotation')));
      await h.step(done('loadCatalogue', catalogue));
      if (!traceFirst) await h.step(done('loadTrace', trace('quotation')));
      expect(h.snapshot().context.open, `trace first: ${traceFirst}`).toBe('quotation');
      expect(h.snapshot().matches({ machines: { ready: 'drawing' } })).toBe(true);
      expect(h.calls.filter((c) => c.id === 'drawMachine').at(-1)!.input).toEqual({ machine: { id: 'quotation' } });
      expect(h.snapshot().context.trace).toEqual(trace('quotation'));
    }
  });

  it('an unknown booking and one the role may not read open nothing; a failed read can be tried again', async () => {
    for (const [error, state] of [[{ status: 404 }, 'notFound'], [{ status: 403 }, 'forbidden'], [{ status: 500 }, 'failed']] as const) {
      const h = liveActor(flowsExplorerMachine, CALLS, { booking });
      await h.step(done('loadCatalogue', catalogue));
      await h.step(fail('loadTrace', error));
      expect(h.snapshot().matches({ booking: state })).toBe(true);
      expect(h.snapshot().matches({ machines: { ready: 'closed' } })).toBe(true);
      expect(h.calls.some((c) => c.id === 'drawMachine')).toBe(false);
      await h.step({ type: 'RETRY_TRACE' });
      expect(h.snapshot().matches({ booking: 'loading' }), state).toBe(state === 'failed');
    }
  });

  it('a trace whose machine the catalogue lacks is kept, and the chart open stays open', async () => {
    const h = liveActor(flowsExplorerMachine, CALLS, { open: 'auth', booking });
    await h.step(done('loadCatalogue', catalogue));
    await h.step(done('loadTrace', trace('gone')));
    expect(h.snapshot().matches({ booking: 'shown' })).toBe(true);
    expect(h.snapshot().context.open).toBe('auth');
  });
});
