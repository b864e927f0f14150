import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { datesReversed, flightSearchFormMachine } from '../../machines/flight-search-form';
import { liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the search form walked with filling, swapping, adding and removing legs and searching, from a
 * blank form and from a previous search; states told apart by which fields carry a message. Then the effects.
 */
type Snap = SnapshotFrom<typeof flightSearchFormMachine>;
const today = '2029-12-20';
const khi = { code: 'KHI', label: 'Karachi (KHI)' };
const dxb = { code: 'DXB', label: 'Dubai (DXB)' };

const EVENTS: AnyEventObject[] = [
  { type: 'SET', patch: { origin: khi } }, { type: 'SET', patch: { destination: khi } }, { type: 'SET', patch: { destination: dxb } },
  { type: 'SET', patch: { departure: '2030-01-05', ret: '2030-01-09' } }, { type: 'SET', patch: { departure: '2030-01-09', ret: '2030-01-05' } },
  { type: 'SET', patch: { flightType: 'multi-city' } }, { type: 'SWAP' }, { type: 'SWAP_DATES' }, { type: 'ADD_LEG' }, { type: 'REMOVE_LEG', index: 2 }, { type: 'SUBMIT' },
];
const serializeState = (s: Snap) => `${JSON.stringify(s.value)} ${s.context.form.flightType} legs=${s.context.form.trips.length} errors=${Object.keys(s.context.errors).sort().join(',')}${s.context.incomplete ? ' incomplete' : ''}`;

describe.each([
  ['blank', { initial: null, today }],
  ['from a previous search', { initial: { flightType: 'one-way' as const, origin: 'KHI', destination: 'DXB', departure_date: '2030-01-05', adults: 1, children: 0, infants: 0, cabin_class: 'Y' as const }, today }],
])('flight search form, %s', (_, input) => {
  // States are told apart coarsely (which fields carry a message), so two paths to one may hold different forms: compare states, not contexts.
  const model = modelOf(flightSearchFormMachine, { events: EVENTS, serializeState, calls: [], input, compareContext: false });
  it('reaches both states', () => { expect(model.reached).toContain('filling'); expect(model.reached).toContain('correcting'); });
  testEveryTransition(model);
});

describe('flight search form: effects', () => {
  it('a refused search names the real problem; a message goes as soon as its field is right', async () => {
    const h = liveActor(flightSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { origin: khi, destination: khi } });
    expect(h.snapshot().context.errors).toEqual({});
    await h.step({ type: 'SUBMIT' });
    const c = h.snapshot().context;
    expect(c.incomplete).toBe(true);
    expect(c.errors.destination).toEqual({ text: 'Origin and destination must be different.' });
    expect(c.errors.departure).toEqual({ key: 'flights.search.required' });
    await h.step({ type: 'SET', patch: { destination: dxb } });
    expect(h.snapshot().context.errors.destination).toBeUndefined();
    expect(h.snapshot().context.errors.departure).toBeDefined();
    expect(h.snapshot().context.incomplete).toBe(false);
    expect(h.emitted).toEqual([]);
  });

  it('a valid form emits its query once per search', async () => {
    const h = liveActor(flightSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { flightType: 'one-way', origin: khi, destination: dxb, departure: '2030-01-05' } });
    await h.step({ type: 'SWAP' });
    await h.step({ type: 'SUBMIT' });
    expect(h.emitted).toEqual([{ type: 'search', query: expect.objectContaining({ flightType: 'one-way', origin: 'DXB', destination: 'KHI', departure_date: '2030-01-05' }) }]);
  });

  it('a return before the departure stays as picked, is refused at search, and is swapped only when asked', async () => {
    const h = liveActor(flightSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { flightType: 'return', origin: khi, destination: dxb, departure: '2030-01-09', ret: '2030-01-05' } });
    expect(datesReversed(h.snapshot().context.form)).toBe(true);
    await h.step({ type: 'SUBMIT' });
    expect(h.snapshot().context.errors.ret).toEqual({ text: 'The return date cannot be before the departure date.' });
    expect(h.emitted).toEqual([]);
    await h.step({ type: 'SWAP_DATES' });
    expect(h.snapshot().context.form).toMatchObject({ departure: '2030-01-05', ret: '2030-01-09' });
    expect(h.snapshot().context.errors.ret).toBeUndefined();
    expect(h.snapshot().value).toBe('filling');
    await h.step({ type: 'SWAP_DATES' }); // dates in order: nothing to swap
    expect(h.snapshot().context.form).toMatchObject({ departure: '2030-01-05', ret: '2030-01-09' });
  });

  it('a past date from a previous search is dropped; legs stay between two and six', async () => {
    const h = liveActor(flightSearchFormMachine, [], { initial: { flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: '2029-01-01', return_date: '2030-01-01' } as never, today });
    expect(h.snapshot().context.form.departure).toBeNull();
    expect(h.snapshot().context.form.ret).toBe('2030-01-01');
    await h.step({ type: 'REMOVE_LEG', index: 0 });
    expect(h.snapshot().context.form.trips).toHaveLength(2);
    for (let i = 0; i < 6; i++) await h.step({ type: 'ADD_LEG' });
    expect(h.snapshot().context.form.trips).toHaveLength(6);
  });

  it('multi-city: leg 2 starts where leg 1 arrives, and follows it until the traveller picks its own departure', async () => {
    const h = liveActor(flightSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { flightType: 'multi-city' } });
    const legs = () => h.snapshot().context.form.trips;
    const setLeg = (i: number, patch: object) => h.step({ type: 'SET', patch: { trips: legs().map((l, j) => (j === i ? { ...l, ...patch } : l)) } });
    await setLeg(0, { origin: khi, destination: dxb });
    expect(legs()[1].origin).toEqual(dxb);
    await setLeg(0, { destination: khi });
    expect(legs()[1].origin).toEqual(khi);
    await setLeg(1, { origin: dxb });
    await setLeg(0, { destination: { code: 'IST', label: 'Istanbul' } });
    expect(legs()[1].origin).toEqual(dxb);
  });
});
