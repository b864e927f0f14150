import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { SEAT_REFUSALS, seatSelectionMachine, type ExtrasFailure, type SeatSelectionInput } from '../../machines/seat-selection';
import type { BagOption, ExtrasAdded } from '../../contract/flight-extras';
import type { SeatMap, SeatElement } from '../../contract/seat-maps';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';
import { XM } from '../../server/flight-extras/messages';

/**
 * Model-based: the seat and bag picker walked at checkout and after booking, with a small cabin (a free window
 * seat, a taken one, a paid exit-row seat), an adult, a child and an infant, one bag option, and every way the
 * load and the purchase settle; then its effects (what is bought, once, and what is refused with which message).
 */
type Snap = SnapshotFrom<typeof seatSelectionMachine>;
const CALLS = ['loadExtras', 'submitExtras'] as const;
const SEG = 'PK301-2027-01-15';
const money = (amount: string) => ({ amount, currency: 'PKR' });
const seat = (designator: string, over: Partial<SeatElement> = {}): SeatElement => ({
  type: 'seat', designator, available: true, price: money('0.00'), characteristics: ['window'], ...over,
});
const mapWith = (...seats: SeatElement[]): SeatMap => ({
  segment_id: SEG, flight_number: 'PK301', departure_date: '2027-01-15', aircraft: { code: '320', name: 'Airbus A320' },
  cabins: [{ cabin_class: 'Y', deck: 0, aisles: 1, wings: null, rows: [
    { number: 1, sections: [{ elements: seats.filter((s) => s.designator.startsWith('1')) }, { elements: [] }] },
    { number: null, sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [{ type: 'exit_row' }] }] },
    { number: 2, sections: [{ elements: seats.filter((s) => s.designator.startsWith('2')) }, { elements: [] }] },
  ] }],
});
const MAP = mapWith(seat('1A'), seat('1B', { available: false, price: null }), seat('2A', { price: money('2500.00'), characteristics: ['window', 'exit_row', 'extra_legroom'] }));
const MAP_2A_GONE = mapWith(seat('1A'), seat('1B', { available: false, price: null }), seat('2A', { available: false, price: null, characteristics: ['window', 'exit_row'] }));
const BAG: BagOption = { id: 'bag-23-PK301', segment_id: SEG, weight_kg: 23, maximum_quantity: 2, price: money('4000.00') };
const LOADED = { maps: [MAP], bags: [BAG] };
const PASSENGERS: SeatSelectionInput['passengers'] = [{ type: 'ADT', name: 'ALI KHAN' }, { type: 'CNN', name: 'SARA KHAN' }, { type: 'INF', name: 'ZAIN KHAN' }];
const offline: ExtrasFailure = { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} };
const taken: ExtrasFailure = { notice: { status: 'error', text: SEAT_REFUSALS.taken }, fieldErrors: {}, status: 409 };
const invalid: ExtrasFailure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { 'bags.0.service_id': SEAT_REFUSALS.bag }, status: 422 };
const WALLET: ExtrasAdded = { extras: [], charged: money('2500.00') };
const CARD: ExtrasAdded = { extras: [], charged: money('2500.00'), checkout_url: 'https://pay.example/checkout/1' };

const CHOICES: AnyEventObject[] = [
  { type: 'OPEN' }, { type: 'CLOSE' }, { type: 'PASSENGER', index: 0 }, { type: 'PASSENGER', index: 1 }, { type: 'SEGMENT', segmentId: SEG },
  { type: 'SEAT', designator: '1A' }, { type: 'SEAT', designator: '1B' }, { type: 'SEAT', designator: '2A' }, { type: 'CLEAR_SEAT' },
  { type: 'BAG', passenger: 0, serviceId: BAG.id, quantity: 1 }, { type: 'BAG', passenger: 0, serviceId: BAG.id, quantity: 0 },
  { type: 'BAG', passenger: 2, serviceId: BAG.id, quantity: 1 },
  { type: 'CONFIRM', idempotencyKey: 'k1' }, { type: 'RETRY' }, { type: 'BACK' },
  done('loadExtras', LOADED), fail('loadExtras', offline),
];
const PURCHASES: AnyEventObject[] = [
  done('submitExtras', WALLET), done('submitExtras', CARD), fail('submitExtras', taken), fail('submitExtras', invalid), fail('submitExtras', offline),
];
const serializeState = (s: Snap) => {
  const c = s.context;
  const seats = Object.entries(c.seats).map(([k, d]) => `${k[0]}${d}`).sort().join(',');
  const bags = Object.entries(c.bagQty).map(([k, q]) => `${k[0]}x${q}`).join(',');
  return `${JSON.stringify(s.value)} p=${c.passenger} seats=${seats || '-'} bags=${bags || '-'} maps=${c.maps.length} refusal=${c.refusal ? 'y' : 'n'} failure=${c.failure ? 'y' : 'n'} key=${c.idempotencyKey ?? '-'}`;
};
const booking: SeatSelectionInput = { mode: 'booking', source: { kind: 'booking', pnr: 'ABC123', offerId: 'OF1' }, passengers: PASSENGERS };
const checkout: SeatSelectionInput = { mode: 'checkout', source: { kind: 'offer', offerId: 'OF1' }, passengers: PASSENGERS };

describe('seat selection after booking: every state and transition', () => {
  const model = modelOf(seatSelectionMachine, { events: [...CHOICES, ...PURCHASES], serializeState, calls: CALLS, input: booking });
  it('reaches every state', () => {
    for (const v of ['closed', 'loading', 'loadFailed', 'choosing', 'submitting', 'submitFailed', 'redirecting', 'done']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('seat selection at checkout: every transition', () => {
  const model = modelOf(seatSelectionMachine, { events: CHOICES, serializeState, calls: CALLS, input: checkout });
  it('never buys: confirming hands the choices over and closes', () => {
    for (const v of ['closed', 'loading', 'loadFailed', 'choosing']) expect(model.reached, v).toContain(v);
    expect(model.reached).not.toContain('submitting');
  });
  testEveryTransition(model);
});

describe('seat selection: refusals', () => {
  it('says what the server says, sentence for sentence, so one translation serves both', () => {
    const server = new Set<string>(Object.values(XM));
    expect(Object.values(SEAT_REFUSALS).filter((m) => !server.has(m))).toEqual([]);
  });
});

describe('seat selection: effects', () => {
  const open = async (input: SeatSelectionInput, loaded = LOADED) => {
    const h = liveActor(seatSelectionMachine, CALLS, input);
    await h.step({ type: 'OPEN' });
    await h.step(done('loadExtras', loaded));
    return h;
  };

  it('at checkout hands the chosen seat and bag with their total to the booking and buys nothing; skipping says closed', async () => {
    const h = await open(checkout);
    expect(h.calls).toEqual([{ id: 'loadExtras', input: { source: checkout.source } }]);
    await h.step({ type: 'SEAT', designator: '2A' });
    await h.step({ type: 'BAG', passenger: 0, serviceId: BAG.id, quantity: 2 });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k1' });
    expect(h.snapshot().value).toBe('closed');
    expect(h.emitted).toEqual([
      { type: 'chosen', extras: { seats: [{ passenger: 0, segment_id: SEG, designator: '2A' }], bags: [{ passenger: 0, segment_id: SEG, service_id: BAG.id, quantity: 2 }] }, total: money('10500.00') },
    ]);
    await h.step({ type: 'OPEN' });
    expect([h.snapshot().value, h.calls.length, h.snapshot().context.seats]).toEqual(['choosing', 1, { [`0|${SEG}`]: '2A' }]);
    await h.step({ type: 'CLOSE' });
    expect(h.emitted.at(-1)).toEqual({ type: 'closed' });
  });

  it('refuses a taken seat, an exit row for a child, and a seat or bag for an infant, with the server messages', async () => {
    const h = await open(checkout);
    await h.step({ type: 'SEAT', designator: '1B' });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.taken);
    await h.step({ type: 'PASSENGER', index: 1 });
    await h.step({ type: 'SEAT', designator: '2A' });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.exitRow);
    await h.step({ type: 'SEAT', designator: '1A' });
    expect(h.snapshot().context.refusal).toBeNull();
    await h.step({ type: 'PASSENGER', index: 0 });
    await h.step({ type: 'SEAT', designator: '1A' }); // the child has it
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.shared);
    await h.step({ type: 'PASSENGER', index: 2 });
    await h.step({ type: 'SEAT', designator: '2A' });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.infantSeat);
    await h.step({ type: 'BAG', passenger: 2, serviceId: BAG.id, quantity: 1 });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.infantBag);
    await h.step({ type: 'BAG', passenger: 0, serviceId: BAG.id, quantity: 3 });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.quantity);
    await h.step({ type: 'SEAT', designator: '9Z' });
    expect(Object.values(h.snapshot().context.seats)).toEqual(['1A']);
  });

  it('after booking buys once: a double click sends one request, a retry reuses its key, a wallet purchase reloads', async () => {
    const h = await open(booking);
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k0' });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.nothing);
    await h.step({ type: 'SEAT', designator: '2A' });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k1' });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k2' });
    await h.step(fail('submitExtras', offline));
    await h.step({ type: 'RETRY' });
    const buys = h.calls.filter((c) => c.id === 'submitExtras').map((c) => c.input);
    const extras = { seats: [{ passenger: 0, segment_id: SEG, designator: '2A' }], bags: [] };
    expect(buys).toEqual([{ pnr: 'ABC123', extras, idempotencyKey: 'k1' }, { pnr: 'ABC123', extras, idempotencyKey: 'k1' }]);
    await h.step(done('submitExtras', WALLET));
    expect(h.snapshot().value).toBe('done');
    expect(h.emitted).toEqual([{ type: 'notify', notice: offline.notice }, { type: 'notify', notice: { status: 'success', key: 'extras.bought' } }, { type: 'reload' }]);
  });

  it('a card purchase leaves for the payment page; a seat taken meanwhile reloads the maps and drops it', async () => {
    const h = await open(booking);
    await h.step({ type: 'SEAT', designator: '2A' });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k1' });
    await h.step(fail('submitExtras', taken));
    expect([h.snapshot().value, h.snapshot().context.refusal]).toEqual(['loading', SEAT_REFUSALS.taken]);
    await h.step(done('loadExtras', { maps: [MAP_2A_GONE], bags: [BAG] }));
    expect([h.snapshot().value, h.snapshot().context.seats]).toEqual(['choosing', {}]);
    await h.step({ type: 'SEAT', designator: '1A' });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k2' });
    await h.step(done('submitExtras', CARD));
    expect(h.snapshot().value).toBe('redirecting');
    expect(h.emitted.at(-1)).toEqual({ type: 'redirect', url: CARD.checkout_url });
  });

  it("the booking's own seat is kept, changed or cleared back to it; only the change is bought", async () => {
    const held = mapWith(seat('1A', { available: false, price: null, passenger: 0 }), seat('1B'), seat('2A', { price: money('2500.00'), characteristics: ['exit_row'] }));
    const h = await open(booking, { maps: [held], bags: [] });
    expect(h.snapshot().context.seats).toEqual({ [`0|${SEG}`]: '1A' });
    await h.step({ type: 'SEAT', designator: '1A' });
    expect(h.snapshot().context.refusal).toBeNull();
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k1' });
    expect(h.snapshot().context.refusal).toBe(SEAT_REFUSALS.nothing);
    await h.step({ type: 'SEAT', designator: '1B' });
    await h.step({ type: 'CLEAR_SEAT' });
    expect(h.snapshot().context.seats).toEqual({ [`0|${SEG}`]: '1A' });
    await h.step({ type: 'SEAT', designator: '2A' });
    await h.step({ type: 'CONFIRM', idempotencyKey: 'k2' });
    expect(h.calls.at(-1)?.input).toMatchObject({ extras: { seats: [{ passenger: 0, segment_id: SEG, designator: '2A' }], bags: [] } });
  });
});
