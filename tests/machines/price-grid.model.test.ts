import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { priceGridMachine, type GridRequest } from '../../machines/price-grid';
import type { FlightGrid } from '../../contract/flight-calendar';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the return-trip price grid walked with two trips asked in every state and every way its load
 * settles; then its effects (what is asked, that the same trip is not asked twice, that a failure says nothing aloud).
 */
type Snap = SnapshotFrom<typeof priceGridMachine>;
const CALLS = ['loadGrid'] as const;
const route = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y' as const };
const MARCH: GridRequest = { route, depart: '2027-03-10', ret: '2027-03-17' };
const APRIL: GridRequest = { route, depart: '2027-04-10', ret: '2027-04-17' };
const grid = (r: GridRequest): FlightGrid => ({
  ...route, cells: [{ departure_date: r.depart, return_date: r.ret, price: { amount: '96400.00', currency: 'PKR' }, mark: 'typical' }],
});
const down: Failure = { notice: { status: 'error', text: 'Something went wrong.' }, fieldErrors: {} };

const EVENTS: AnyEventObject[] = [
  { type: 'LOAD', request: MARCH }, { type: 'LOAD', request: APRIL },
  done('loadGrid', grid(MARCH)), fail('loadGrid', down),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('price grid', () => {
  const model = modelOf(priceGridMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches its states', () => { for (const v of ['idle', 'loading', 'shown', 'unavailable']) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('price grid: effects', () => {
  it('asks for the trip, keeps its grid, and does not ask again for the same trip', async () => {
    const h = liveActor(priceGridMachine, CALLS);
    await h.step({ type: 'LOAD', request: MARCH });
    await h.step({ type: 'LOAD', request: MARCH });
    expect(h.calls).toEqual([{ id: 'loadGrid', input: MARCH }]);
    await h.step(done('loadGrid', grid(MARCH)));
    await h.step({ type: 'LOAD', request: MARCH });
    expect([h.snapshot().value, h.calls.length]).toEqual(['shown', 1]);
    expect(h.snapshot().context.grid?.cells[0].departure_date).toBe('2027-03-10');
  });

  it('another trip asked while one loads replaces it and drops what was held', async () => {
    const h = liveActor(priceGridMachine, CALLS);
    await h.step({ type: 'LOAD', request: MARCH });
    await h.step({ type: 'LOAD', request: APRIL });
    expect(h.aborted).toEqual(['loadGrid']);
    expect(h.calls[1].input).toEqual(APRIL);
    await h.step(done('loadGrid', grid(APRIL)));
    await h.step({ type: 'LOAD', request: MARCH });
    expect([h.snapshot().value, h.snapshot().context.grid]).toEqual(['loading', null]);
  });

  it('a failed load says nothing aloud, holds no grid, and asking again tries again', async () => {
    const h = liveActor(priceGridMachine, CALLS);
    await h.step({ type: 'LOAD', request: MARCH });
    await h.step(fail('loadGrid', down));
    expect([h.snapshot().value, h.emitted, h.snapshot().context.grid]).toEqual(['unavailable', [], null]);
    await h.step({ type: 'LOAD', request: MARCH });
    expect([h.snapshot().value, h.calls.length, h.snapshot().context.failure]).toEqual(['loading', 2, null]);
  });
});
