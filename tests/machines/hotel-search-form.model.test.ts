import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { hotelFormErrors, hotelSearchFormMachine, NO_AGE } from '../../machines/hotel-search-form';
import { liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the hotel search form walked with a destination, dates, rooms added and removed, a child without
 * an age, too many guests, and searching, from a blank form and from a previous search; states told apart by
 * which fields carry a message and how many rooms there are. Then the effects.
 */
type Snap = SnapshotFrom<typeof hotelSearchFormMachine>;
const today = '2029-12-20';
const makkah = { id: 'city:104515', label: 'Makkah' };

const EVENTS: AnyEventObject[] = [
  { type: 'SET', patch: { destination: makkah } }, { type: 'SET', patch: { checkIn: '2030-01-10', checkOut: '2030-01-14' } },
  { type: 'SET', patch: { checkIn: '2030-01-10', checkOut: '2030-01-09' } },
  { type: 'SET_ROOM', index: 0, room: { adults: 2, children_ages: [NO_AGE] } }, { type: 'SET_ROOM', index: 0, room: { adults: 2, children_ages: [7] } },
  { type: 'SET_ROOM', index: 0, room: { adults: 4, children_ages: [3] } },
  { type: 'ADD_ROOM' }, { type: 'REMOVE_ROOM', index: 1 }, { type: 'SUBMIT' },
];
// What a search would refuse is part of the state: two forms alike in their shown messages differ in what SUBMIT does.
const serializeState = (s: Snap) => `${JSON.stringify(s.value)} rooms=${s.context.form.rooms.length} errors=${Object.keys(s.context.errors).sort().join(',')}${s.context.incomplete ? ' incomplete' : ''} wrong=${Object.keys(hotelFormErrors(s.context.form, s.context.today)).sort().join(',')}`;

describe.each([
  ['blank', { initial: null, today }],
  ['from a previous search', { initial: { destination: 'city:104515', destination_label: 'Makkah', check_in: '2030-01-10', check_out: '2030-01-14', rooms: [{ adults: 2, children_ages: [] }] }, today }],
])('hotel search form, %s', (_, input) => {
  const model = modelOf(hotelSearchFormMachine, { events: EVENTS, serializeState, calls: [], input, compareContext: false });
  it('reaches both states', () => { expect(model.reached).toContain('filling'); expect(model.reached).toContain('correcting'); });
  testEveryTransition(model);
});

describe('hotel search form: effects', () => {
  it('a refused search names each problem under its field; a message goes as soon as its field is right', async () => {
    const h = liveActor(hotelSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { checkIn: '2030-01-10', checkOut: '2030-01-10' } });
    await h.step({ type: 'SET_ROOM', index: 0, room: { adults: 4, children_ages: [NO_AGE] } });
    expect(h.snapshot().context.errors).toEqual({});
    await h.step({ type: 'SUBMIT' });
    const c = h.snapshot().context;
    expect(c.incomplete).toBe(true);
    expect(c.errors).toEqual({
      destination: { text: 'Choose a city or hotel from the list.' },
      checkOut: { text: 'Check-out must be after check-in.' },
      'rooms.0.adults': { text: 'A room takes at most 4 guests.' },
      'rooms.0.children_ages.0': { key: 'hotels.search.chooseAge' },
    });
    await h.step({ type: 'SET', patch: { checkOut: '2030-01-14' } });
    expect(h.snapshot().context.errors.checkOut).toBeUndefined();
    expect(h.snapshot().context.errors.destination).toBeDefined();
    expect(h.snapshot().context.incomplete).toBe(false);
    expect(h.emitted).toEqual([]);
  });

  it('a valid form emits its stay once per search; rooms stay between one and nine', async () => {
    const h = liveActor(hotelSearchFormMachine, [], { initial: null, today });
    await h.step({ type: 'SET', patch: { destination: makkah, checkIn: '2030-01-10', checkOut: '2030-01-14' } });
    for (let i = 0; i < 12; i++) await h.step({ type: 'ADD_ROOM' });
    expect(h.snapshot().context.form.rooms).toHaveLength(9);
    for (let i = 0; i < 12; i++) await h.step({ type: 'REMOVE_ROOM', index: 0 });
    expect(h.snapshot().context.form.rooms).toHaveLength(1);
    await h.step({ type: 'SET_ROOM', index: 0, room: { adults: 2, children_ages: [5] } });
    await h.step({ type: 'SUBMIT' });
    expect(h.emitted).toEqual([{ type: 'search', query: { destination: 'city:104515', destination_label: 'Makkah', check_in: '2030-01-10', check_out: '2030-01-14', rooms: [{ adults: 2, children_ages: [5] }] } }]);
  });

  it('a previous search with past dates keeps the place and the rooms, not the dates', () => {
    const h = liveActor(hotelSearchFormMachine, [], { initial: { destination: 'city:1', destination_label: 'Dubai', check_in: '2029-01-01', check_out: '2030-01-03', rooms: [{ adults: 1, children_ages: [4, 9] }] }, today });
    expect(h.snapshot().context.form).toEqual({ destination: { id: 'city:1', label: 'Dubai' }, checkIn: null, checkOut: '2030-01-03', rooms: [{ adults: 1, children_ages: [4, 9] }] });
  });
});
