import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { flightLifecycle } from '../../machines/lifecycle/flight';
import { flowsExplorerMachine, type ExplorerCatalogue, type LoadedTrace, type TraceQuery } from '../../machines/flows-explorer';
import { toGraph } from '../../src/features/flows/graph';
import type { BookingTrace } from '../../contract/lifecycle';
import { kindsToTry, nodeOf, overlayOf } from '../../src/features/flows/trace';
import { bookingOf } from '../../src/features/flows/address';
import { traceHref } from '../../src/features/flows/TraceLink';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/client', () => ({ request }));
vi.mock('virtual:flows-layouts', () => ({ default: {} }));
const { lifecycleEntryOf, loadTrace } = await import('../../src/features/flows/api');

/**
 * A booking on its lifecycle chart: which kinds a reference is asked as, the trace laid over the chart, the call that
 * reads it, and the explorer's machine taking each answer (shown, not found, forbidden, failed) to its state.
 */
const flight = toGraph(flightLifecycle);
const TRACE: BookingTrace = {
  machine: 'flight-lifecycle',
  state: 'requested',
  steps: [
    // The step that made the booking comes from no state: drawn from the initial one.
    { from: null, event: 'HOLD', to: 'booked', at: '2026-11-29T10:00:00.000Z', by: 'agent #5' },
    { from: 'booked', event: 'PAY', to: 'ticketed', at: '2026-11-29T10:05:00.000Z', by: 'provider' },
    { from: 'ticketed', event: 'REQUEST_VOID', to: 'requested', at: '2026-11-29T11:00:00.000Z', by: 'agent #5' },
  ],
  next: [{ event: 'VOID', to: 'voided' }, { event: 'REJECT_VOID', to: 'ticketed' }, { event: 'VOID_WINDOW_CLOSES', to: 'requested' }],
  deadlines: [{ event: 'VOID_WINDOW_CLOSES', at: '2026-11-29T19:00:00.000Z' }],
};

describe('which kind a reference is', () => {
  it('follows the kind named, else the reference’s shape, else asks every kind', () => {
    expect(kindsToTry('Q7M4KD', null)).toEqual(['flight']);
    expect(kindsToTry('htl-7q2kxm', null)).toEqual(['hotel']);
    expect(kindsToTry('PK-26-000012', null)).toEqual(['package']);
    expect(kindsToTry(' VA-26-000045 ', null)).toEqual(['visa']);
    expect(kindsToTry('SI-26-000003', null)).toEqual(['insurance']);
    expect(kindsToTry('Q7M4KD', 'hotel')).toEqual(['hotel']);
    expect(kindsToTry('12345', null)).toEqual(['flight', 'hotel', 'package', 'visa', 'insurance']);
    expect(kindsToTry('12345', 'deposit-ish')).toHaveLength(5);
  });

  it('reads the booking from the address and links to it', () => {
    expect(bookingOf('?booking=Q7M4KD&kind=flight')).toEqual({ reference: 'Q7M4KD', kind: 'flight' });
    expect(bookingOf('?booking=%20&machine=auth')).toBeNull();
    expect(traceHref('VA-26-000045', 'visa')).toBe('/admin/flows?booking=VA-26-000045&kind=visa');
  });

  it('opens the catalogue’s lifecycle machine of the kind, whatever id the trace gives it', () => {
    expect(lifecycleEntryOf('flight', 'flightLifecycle')).toBe('flight-lifecycle');
    expect(lifecycleEntryOf('visa', 'visa-lifecycle')).toBe('visa-lifecycle');
  });
});

describe('the trace over the chart', () => {
  it('fills the current state, draws the steps taken and places the next events', () => {
    const o = overlayOf(flight, TRACE);
    expect(o.current).toBe('flightLifecycle.requested');
    expect([...o.active]).toEqual(['flightLifecycle.requested']);
    const edge = (id: string | null) => flight.edges.find((e) => e.id === id);
    expect(o.steps.map((id) => [edge(id)?.source, edge(id)?.event, edge(id)?.target])).toEqual([
      ['flightLifecycle.new', 'HOLD', 'flightLifecycle.booked'],
      ['flightLifecycle.booked', 'PAY', 'flightLifecycle.ticketed'],
      ['flightLifecycle.ticketed', 'REQUEST_VOID', 'flightLifecycle.requested'],
    ]);
    expect(o.taken.size).toBe(3);
    expect(o.next.map((id) => edge(id)?.target)).toEqual(['flightLifecycle.voided', 'flightLifecycle.ticketed', 'flightLifecycle.requested']);
    expect(o.upcoming.size).toBe(3);
  });

  it('lists a step the chart cannot place without drawing it', () => {
    const o = overlayOf(flight, { ...TRACE, state: 'gone', steps: [{ from: 'booked', event: 'IMPORT', to: 'ticketed', at: TRACE.steps[0]!.at, by: 'system' }] });
    expect(o.current).toBeNull();
    expect(o.active.size).toBe(0);
    expect(o.steps).toEqual([null]);
    expect(nodeOf(flight, 'flightLifecycle.ticketed')).toBe('flightLifecycle.ticketed');
    expect(nodeOf(flight, null)).toBeNull();
  });
});

describe('reading a trace', () => {
  afterEach(() => request.mockReset());
  const notFound = Object.assign(new Error('404'), { status: 404, data: { message: 'Not found' } });

  it('asks the kind the reference’s shape says and opens that kind’s machine', async () => {
    request.mockResolvedValueOnce({ data: TRACE });
    await expect(loadTrace({ reference: 'Q7M4KD', kind: null })).resolves.toEqual({ machine: 'flight-lifecycle', kind: 'flight', trace: TRACE });
    expect(request.mock.calls[0]![0]).toBe('/bookings/flight/Q7M4KD/trace');
  });

  it('asks each kind in turn for a reference of no known shape, 404 only when none knows it', async () => {
    request.mockRejectedValueOnce(notFound).mockResolvedValueOnce({ data: { ...TRACE, machine: 'hotelLifecycle' } });
    await expect(loadTrace({ reference: '42', kind: null })).resolves.toMatchObject({ machine: 'hotel-lifecycle', kind: 'hotel' });
    request.mockReset().mockRejectedValue(notFound);
    await expect(loadTrace({ reference: '42', kind: null })).rejects.toMatchObject({ status: 404 });
    expect(request).toHaveBeenCalledTimes(5);
  });

  it('stops at a refusal, with its status and the server’s message', async () => {
    request.mockRejectedValueOnce(Object.assign(new Error('403'), { status: 403, data: { message: 'Forbidden' } }));
    await expect(loadTrace({ reference: '42', kind: null })).rejects.toMatchObject({ status: 403, notice: { text: 'Forbidden' } });
    expect(request).toHaveBeenCalledTimes(1);
  });
});

describe('the explorer machine reading a booking', () => {
  const run = (answer: () => Promise<unknown>) => {
    const actor = createActor(flowsExplorerMachine.provide({
      actors: {
        loadCatalogue: fromPromise<ExplorerCatalogue, void>(async () => ({ machines: [{ id: 'flight-lifecycle' }], coverage: null })),
        drawMachine: fromPromise<unknown, { machine: { id: string } }>(async () => ({ drawn: true })),
        loadTrace: fromPromise<LoadedTrace, TraceQuery>(answer as () => Promise<LoadedTrace>),
      },
    }), { input: { booking: { reference: 'Q7M4KD', kind: 'flight' } } });
    actor.start();
    return actor;
  };

  it('is loading until the trace is in, then shows it on its drawn chart', async () => {
    let answer!: (v: unknown) => void;
    const actor = run(() => new Promise((r) => { answer = r; }));
    expect(actor.getSnapshot().matches({ booking: 'loading' })).toBe(true);
    answer({ machine: 'flight-lifecycle', kind: 'flight', trace: TRACE });
    const s = await waitFor(actor, (x) => x.matches({ machines: { ready: 'drawn' } }));
    expect(s.matches({ booking: 'shown' })).toBe(true);
    expect(s.context.open).toBe('flight-lifecycle');
  });

  it.each([[404, 'notFound'], [403, 'forbidden'], [500, 'failed'], [undefined, 'failed']] as const)('answered %s: %s, and no chart', async (status, state) => {
    const actor = run(() => Promise.reject({ notice: null, fieldErrors: {}, status }));
    const s = await waitFor(actor, (x) => x.matches({ booking: state }) && x.matches({ machines: { ready: 'closed' } }));
    expect(s.context.trace).toBeNull();
    expect(s.context.open).toBeNull();
  });
});
