import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { bookingLookupMachine, lookupPath, type BookingLookupInput } from '../../machines/booking-lookup';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the booking look-up walked from each way the screen can be opened (a bare form, an id, a PNR with
 * its email, a print link), with every UI event and every way both calls settle; then its effects.
 */
type Snap = SnapshotFrom<typeof bookingLookupMachine>;
const CALLS = ['loadBooking', 'getPaymentUrl'] as const;
const notFound: Failure = { notice: { status: 'error', text: 'Booking not found.' }, fieldErrors: {} };
const booking = { id: 7, pnr: 'ABC123', status: 'booked', main_contact: { email: 'g@x.test' } } as never;

const EVENTS: AnyEventObject[] = [
  { type: 'LOOKUP', pnr: ' abc123 ', email: 'g@x.test' }, { type: 'PAY' }, { type: 'RELOAD' },
  done('loadBooking', booking), fail('loadBooking', notFound),
  done('getPaymentUrl', { url: '/sandbox/checkout/t1' }), fail('getPaymentUrl', notFound),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

const OPENINGS: [string, BookingLookupInput, string[]][] = [
  ['a bare form', {}, ['asking']],
  ['an id', { id: '7' }, ['loading', 'asking', 'shown', 'paying', 'refreshing']],
  ['a PNR and email', { pnr: 'ABC123', email: 'g@x.test' }, ['loading', 'asking', 'shown', 'paying', 'refreshing']],
  ['a print link', { id: '7', print: true }, ['loading', 'shown', 'paying', 'refreshing']],
];

describe.each(OPENINGS)('booking look-up opened with %s', (_, input, states) => {
  const model = modelOf(bookingLookupMachine, { events: EVENTS, serializeState, calls: CALLS, input });
  it('reaches its states', () => { for (const v of states) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('booking look-up: effects', () => {
  it('a look-up is a navigation to its own address, trimmed and encoded', async () => {
    const h = liveActor(bookingLookupMachine, CALLS, {});
    await h.step({ type: 'LOOKUP', pnr: ' abc123 ', email: 'a+b@x.test' });
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/booking?pnr=abc123&email=a%2Bb%40x.test' }]);
    expect(lookupPath('X', 'y@z')).toBe('/booking?pnr=X&email=y%40z');
    expect(h.calls).toEqual([]);
  });

  it('asks by id or by PNR and email; a failed look-up is kept under the form without a toast', async () => {
    const h = liveActor(bookingLookupMachine, CALLS, { pnr: 'ABC123', email: 'g@x.test' });
    expect(h.calls).toEqual([{ id: 'loadBooking', input: { pnr: 'ABC123', email: 'g@x.test' } }]);
    await h.step(fail('loadBooking', notFound));
    expect(h.snapshot().value).toBe('asking');
    expect(h.snapshot().context.failure?.notice?.text).toBe('Booking not found.');
    expect(h.emitted).toEqual([]);
    const byId = liveActor(bookingLookupMachine, CALLS, { id: '7', pnr: 'IGNORED', email: 'x@y' });
    expect(byId.calls[0].input).toEqual({ id: '7' });
  });

  it('prints once, and paying sends the browser to the checkout address', async () => {
    const h = liveActor(bookingLookupMachine, CALLS, { id: '7', print: true });
    await h.step(done('loadBooking', booking));
    expect(h.emitted).toEqual([{ type: 'print' }]);
    await h.step({ type: 'PAY' });
    expect(h.calls[1]).toEqual({ id: 'getPaymentUrl', input: booking });
    await h.step(done('getPaymentUrl', { url: '/sandbox/checkout/t1' }));
    expect(h.emitted).toEqual([{ type: 'print' }, { type: 'leave', url: '/sandbox/checkout/t1' }]);
    expect(h.snapshot().value).toBe('shown');
  });

  it('a reload after an action shows the changed booking; a failed one keeps the old booking and says why', async () => {
    const h = liveActor(bookingLookupMachine, CALLS, { id: '7' });
    await h.step(done('loadBooking', booking));
    await h.step({ type: 'RELOAD' });
    expect(h.snapshot().value).toBe('refreshing');
    expect(h.snapshot().context.booking).toBe(booking);
    expect(h.calls[1]).toEqual({ id: 'loadBooking', input: { id: '7' } });
    const canceled = { ...(booking as object), status: 'canceled' } as never;
    await h.step(done('loadBooking', canceled));
    expect(h.snapshot().value).toBe('shown');
    expect(h.snapshot().context.booking).toBe(canceled);
    await h.step({ type: 'RELOAD' });
    await h.step(fail('loadBooking', notFound));
    expect(h.snapshot().value).toBe('shown');
    expect(h.snapshot().context.booking).toBe(canceled);
    expect(h.emitted).toEqual([{ type: 'notify', notice: notFound.notice }]);
  });

  it('a failed payment link keeps the booking on screen and says why', async () => {
    const h = liveActor(bookingLookupMachine, CALLS, { id: '7' });
    await h.step(done('loadBooking', booking));
    await h.step({ type: 'PAY' });
    await h.step(fail('getPaymentUrl', notFound));
    expect(h.snapshot().value).toBe('shown');
    expect(h.snapshot().context.booking).toBe(booking);
    expect(h.emitted).toEqual([{ type: 'notify', notice: notFound.notice }]);
  });
});
