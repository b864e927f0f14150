import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { pnrImportMachine, type ShortFailure } from '../../machines/pnr-import';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: PNR import from a look-up and by hand, with every event and every way both calls settle; then the effects. */
type Snap = SnapshotFrom<typeof pnrImportMachine>;
const CALLS = ['lookUp', 'checkBooking', 'submitBooking'] as const;
const preview = { source: 'display', pnr: 'X7K2QM', supplier: null, supplier_status: null, passengers: [], segments: [], fares: [], total: null, warnings: [], errors: [], booking_id: null } as const;
const notFound: Failure = { notice: { status: 'error', text: 'No booking was found for this PNR.' }, fieldErrors: { pnr: 'No booking was found for this PNR.' } };
const invalid: Failure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { agent_id: 'Choose an agent.' } };
const pkr = (amount: string) => ({ amount, currency: 'PKR' });
const wallet = { needed: pkr('45000.00'), available: pkr('1000.00'), shortfall: pkr('44000.00') };
const short: ShortFailure = { notice: { status: 'error', text: 'Insufficient Balance' }, fieldErrors: { amount: 'Insufficient Balance' }, wallet };

const EVENTS: AnyEventObject[] = [
  { type: 'LOOK_UP', how: 'locator', value: 'X7K2QM' }, { type: 'SUBMIT', body: { margin: '0' } },
  done('lookUp', { preview }), done('lookUp', { booking: { id: 4, pnr: 'X7K2QM' } }), fail('lookUp', notFound),
  done('checkBooking', { margin: '0' }), fail('checkBooking', invalid),
  done('submitBooking', { id: 9, message: 'Booking saved.' }), fail('submitBooking', invalid), fail('submitBooking', short),
  { type: 'SAVE_UNTICKETED' }, { type: 'EDIT' },
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe.each([['from a look-up', { detailsBase: '/admin/direct-booking-details' }, ['asking', 'lookingUp', 'existing', 'filling', 'checking', 'submitting', 'short', 'submitted']],
  ['by hand', { detailsBase: '/admin/direct-booking-details', byHand: true }, ['filling', 'checking', 'submitting', 'short', 'submitted', 'lookingUp']]] as const)('pnr import %s', (_, input, states) => {
  const model = modelOf(pnrImportMachine, { events: EVENTS, serializeState, calls: CALLS, input });
  it('reaches its states', () => { for (const v of states) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('pnr import: effects', () => {
  it('a booking the contract refuses is not sent; its fields say why', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/x', byHand: true });
    await h.step({ type: 'SUBMIT', body: {} });
    await h.step(fail('checkBooking', invalid));
    expect(h.snapshot().value).toBe('filling');
    expect(h.snapshot().context.fieldErrors).toEqual({ agent_id: 'Choose an agent.' });
    expect(h.calls.map((c) => c.id)).toEqual(['checkBooking']);
  });

  it('a failed look-up replaces the last one without a toast; a new look-up forgets the last result', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/x' });
    await h.step({ type: 'LOOK_UP', how: 'locator', value: 'NOPE1' });
    expect(h.calls[0]).toEqual({ id: 'lookUp', input: { how: 'locator', value: 'NOPE1' } });
    await h.step(fail('lookUp', notFound));
    expect(h.snapshot().context.fieldErrors).toEqual({ pnr: 'No booking was found for this PNR.' });
    const other: Failure = { notice: { status: 'error', text: 'No supplier knows PNR NOPE2.' }, fieldErrors: {} };
    await h.step({ type: 'LOOK_UP', how: 'locator', value: 'NOPE2' });
    await h.step(fail('lookUp', other));
    // One message stands: the second failure's, in place of the first; neither was toasted.
    expect(h.snapshot().context).toMatchObject({ fieldErrors: {}, failure: other });
    expect(h.emitted.filter((e) => e.type === 'notify')).toEqual([]);
    await h.step({ type: 'LOOK_UP', how: 'paste', value: 'RP/…' });
    expect(h.snapshot().context.fieldErrors).toEqual({});
    await h.step(done('lookUp', { preview }));
    expect(h.snapshot().context).toMatchObject({ preview, existing: null });
  });

  it('a PNR already in Safar opens its booking instead of a preview', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/agent/direct-agent-booking-details' });
    await h.step({ type: 'LOOK_UP', how: 'locator', value: 'Q7M4KD' });
    await h.step(done('lookUp', { booking: { id: 12, pnr: 'Q7M4KD' } }));
    expect(h.snapshot().value).toBe('existing');
    expect(h.snapshot().context.preview).toBeNull();
    expect(h.emitted).toEqual([
      { type: 'notify', notice: { status: 'info', key: 'pnr.opening', values: { pnr: 'Q7M4KD' } } },
      { type: 'navigate', to: '/agent/direct-agent-booking-details?id=12' },
    ]);
  });

  it('a submitted booking opens its details', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/admin/direct-booking-details', byHand: true });
    await h.step({ type: 'SUBMIT', body: { pnr: 'ABC123' } });
    expect(h.calls[0]).toEqual({ id: 'checkBooking', input: { body: { pnr: 'ABC123' } } });
    await h.step(done('checkBooking', { pnr: 'ABC123' }));
    expect(h.calls[1]).toEqual({ id: 'submitBooking', input: { body: { pnr: 'ABC123' } } });
    await h.step(done('submitBooking', { id: 9, message: 'Booking saved.' }));
    expect(h.emitted).toContainEqual({ type: 'navigate', to: '/admin/direct-booking-details?id=9' });
  });

  it('a wallet short of the fare: the figures stand, no toast; saving unticketed sends the same booking with issue off', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/agent/pnr-details', byHand: true });
    await h.step({ type: 'SUBMIT', body: { source: 'supplier', pnr: 'Q7M4KD', issue: true } });
    await h.step(done('checkBooking', { source: 'supplier', pnr: 'Q7M4KD', issue: true }));
    await h.step(fail('submitBooking', short));
    expect(h.snapshot().value).toBe('short');
    expect(h.snapshot().context.short).toEqual(wallet);
    expect(h.emitted.filter((e) => e.type === 'notify')).toEqual([]);
    await h.step({ type: 'SAVE_UNTICKETED' });
    expect(h.calls.at(-1)).toEqual({ id: 'submitBooking', input: { body: { source: 'supplier', pnr: 'Q7M4KD', issue: false } } });
    expect(h.snapshot().context.short).toBeNull();
    await h.step(done('submitBooking', { id: 31, message: 'Booking saved without ticketing.' }));
    expect(h.emitted).toContainEqual({ type: 'navigate', to: '/agent/pnr-details?id=31' });
  });

  it('a wallet short of the fare: back to the form keeps what was typed and forgets the figures', async () => {
    const h = liveActor(pnrImportMachine, CALLS, { detailsBase: '/x', byHand: true });
    await h.step({ type: 'SUBMIT', body: { issue: true } });
    await h.step(done('checkBooking', { issue: true }));
    await h.step(fail('submitBooking', short));
    await h.step({ type: 'EDIT' });
    expect(h.snapshot().value).toBe('filling');
    expect(h.snapshot().context).toMatchObject({ short: null, body: { issue: true } });
  });
});
