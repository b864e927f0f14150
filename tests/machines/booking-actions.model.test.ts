import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { availableActions, BOOKING_ACTIONS, bookingActionsMachine, callOf, type ActionFailure, type BookingFacts } from '../../machines/booking-actions';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: xstate/graph walks the booking actions machine with every UI event (each action chosen, reasons,
 * confirm, cancel, retry, dismiss, a reloaded booking) and every way the call can settle (success, a refusal such
 * as 409, a network error); each transition is taken once on a live actor whose call the test settles, and every
 * step must land where the model says with the same context.
 */
type Snap = SnapshotFrom<typeof bookingActionsMachine>;
const CALLS = ['runAction', 'loadQuote'] as const;

const facts = (status: BookingFacts['status'], over: Partial<BookingFacts> = {}): BookingFacts => ({ id: 42, status, access: 'manage', void_window_open: true, ...over });
const refusal: ActionFailure = { notice: { status: 'error', text: 'Only a held booking can be canceled; this one is ticketed.' }, fieldErrors: {}, status: 409 };
const offline: ActionFailure = { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} };
const money = (amount: string) => ({ amount, currency: 'PKR' });
const QUOTE = { paid: money('45000.00'), airline_penalty: money('5000.00'), service_charge: money('1500.00'), refund: money('38500.00'), refundable: true };

const ALL_EVENTS: AnyEventObject[] = [
  ...BOOKING_ACTIONS.map((action) => ({ type: 'CHOOSE', action })),
  { type: 'REASON', reason: 'Passenger changed plans' },
  { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }, { type: 'DISMISS' },
  { type: 'LOADED', booking: facts('booked') },
  { type: 'LOADED', booking: facts('requested') },
  { type: 'LOADED', booking: facts('ticketed', { access: 'owner', void_window_open: false, refund_open: true }) },
  { type: 'LOADED', booking: facts('ticketed', { void_window_open: false, refund_open: true }) },
  { type: 'LOADED', booking: facts('refund_requested') },
  { type: 'LOADED', booking: facts('pending', { access: 'owner', owner_may_ticket: true }) },
  done('loadQuote', QUOTE),
  fail('loadQuote', refusal),
  fail('loadQuote', offline),
  done('runAction', { message: 'Booking has been voided successfully.' }),
  fail('runAction', refusal),
  fail('runAction', offline),
];
const serializeState = (s: Snap) =>
  `${JSON.stringify(s.value)} booking=${s.context.booking.status}/${s.context.booking.access} action=${s.context.action} quote=${s.context.quote ? 'y' : 'n'} reason=${JSON.stringify(s.context.reason)} message=${s.context.message ? 'y' : 'n'} failure=${s.context.failure?.status ?? (s.context.failure ? 'x' : '-')}`;
const input = { booking: facts('booked') };
const model = modelOf(bookingActionsMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input });
const harness = () => liveActor(bookingActionsMachine, CALLS, input);

describe('booking actions machine: every state is reachable', () => {
  it('reaches idle, quoting, confirming, working, done, refused and error', () => {
    for (const v of ['idle', 'quoting', 'confirming', 'working', 'done', 'refused', 'error']) expect(model.reached, v).toContain(v);
  });
});

describe('booking actions machine: every transition', () => {
  testEveryTransition(model);
});

describe('booking actions machine: effects', () => {
  it('the owner tickets an import it saved unticketed, only when the server says it may, through its own route', async () => {
    expect(availableActions(facts('pending', { access: 'owner' }))).toEqual([]);
    expect(availableActions(facts('pending', { access: 'owner', owner_may_ticket: true }))).toEqual(['ticket']);
    expect(callOf('ticket', 7)).toEqual({ path: '/import-pnr/7/ticket', body: {} });
  });

  it('a chosen action is confirmed, called with the status the user saw and the reason, then reloads', async () => {
    const h = harness();
    await h.step({ type: 'LOADED', booking: facts('requested') });
    await h.step({ type: 'CHOOSE', action: 'cancel' }); // not offered for a requested booking
    expect(h.snapshot().value).toBe('idle');
    await h.step({ type: 'CHOOSE', action: 'rejectVoid' });
    await h.step({ type: 'REASON', reason: '  Ticket stands  ' });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.map((c) => c.input)).toEqual([{ action: 'rejectVoid', id: 42, status: 'requested', reason: 'Ticket stands' }]);
    await h.step(done('runAction', { message: 'The void request was declined; the ticket stands.' }));
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'The void request was declined; the ticket stands.' } }, { type: 'reload' }]);
    expect(h.snapshot().value).toBe('done');
  });

  it('a refusal (409) shows the server message and reloads; a network error offers retry and does not reload', async () => {
    const h = harness();
    await h.step({ type: 'CHOOSE', action: 'cancel' });
    await h.step({ type: 'CONFIRM' });
    await h.step(fail('runAction', refusal));
    expect(h.snapshot().value).toBe('refused');
    expect(h.emitted).toEqual([{ type: 'notify', notice: refusal.notice }, { type: 'reload' }]);
    await h.step({ type: 'DISMISS' });
    await h.step({ type: 'CHOOSE', action: 'confirm' });
    await h.step({ type: 'CONFIRM' });
    await h.step(fail('runAction', offline));
    expect(h.snapshot().value).toBe('error');
    expect(h.emitted.filter((e) => e.type === 'reload')).toHaveLength(1);
    await h.step({ type: 'RETRY' });
    expect(h.calls).toHaveLength(3);
  });

  it('a refund request loads the quote first and sends the refund it showed; a failed quote load retries the quote', async () => {
    const h = harness();
    await h.step({ type: 'LOADED', booking: facts('ticketed', { access: 'owner', void_window_open: false, refund_open: true }) });
    await h.step({ type: 'CHOOSE', action: 'requestRefund' });
    expect(h.snapshot().value).toBe('quoting');
    await h.step(fail('loadQuote', offline));
    expect(h.snapshot().value).toBe('error');
    await h.step({ type: 'RETRY' });
    expect(h.snapshot().value).toBe('quoting');
    await h.step(done('loadQuote', QUOTE));
    expect(h.snapshot().context.quote).toEqual(QUOTE);
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.filter((c) => c.id === 'runAction').map((c) => c.input)).toEqual([{ action: 'requestRefund', id: 42, status: 'ticketed', reason: null, expected_refund: '38500.00' }]);
  });

  it("staff start a refund on the owner's behalf: the quote first, then the same call with the refund shown", async () => {
    const h = harness();
    await h.step({ type: 'LOADED', booking: facts('ticketed', { void_window_open: false, refund_open: true }) });
    await h.step({ type: 'CHOOSE', action: 'requestRefund' }); // the owner's action: not offered to staff
    expect(h.snapshot().value).toBe('idle');
    await h.step({ type: 'CHOOSE', action: 'startRefund' });
    expect(h.snapshot().value).toBe('quoting');
    await h.step(done('loadQuote', QUOTE));
    await h.step({ type: 'REASON', reason: 'Agent phoned: passenger ill' });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.filter((c) => c.id === 'runAction').map((c) => c.input)).toEqual([{ action: 'startRefund', id: 42, status: 'ticketed', reason: 'Agent phoned: passenger ill', expected_refund: '38500.00' }]);
  });

  it('stopping the actor while working aborts the call', async () => {
    const h = harness();
    await h.step({ type: 'CHOOSE', action: 'confirm' });
    await h.step({ type: 'CONFIRM' });
    h.actor.stop();
    expect(h.aborted).toEqual(['runAction']);
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
    ['manage', 'refund_requested', false, ['approveRefund', 'rejectRefund']],
    ['manage', 'refunded', false, []],
    ['read', 'booked', true, []],
    [null, 'booked', true, []],
  ] as const)('%s on %s (window open: %s)', (access, status, open, expected) => {
    expect(availableActions({ id: 1, status, access, void_window_open: open })).toEqual(expected);
  });
  it('the owner may ask for a refund once the void window has closed and while the refund is open; staff who manage may start it for them', () => {
    expect(availableActions({ id: 1, status: 'ticketed', access: 'owner', void_window_open: false, refund_open: true })).toEqual(['requestRefund']);
    expect(availableActions({ id: 1, status: 'ticketed', access: 'manage', void_window_open: false, refund_open: true })).toEqual(['startRefund']);
    expect(availableActions({ id: 1, status: 'ticketed', access: 'manage', void_window_open: true, refund_open: false })).toEqual(['void']);
    expect(availableActions({ id: 1, status: 'ticketed', access: 'read', void_window_open: false, refund_open: true })).toEqual([]);
    expect(availableActions({ id: 1, status: 'refund_requested', access: 'owner', void_window_open: false })).toEqual([]);
  });
  it('maps actions to the spec calls', () => {
    expect(BOOKING_ACTIONS.map((a) => callOf(a, 7).path)).toEqual(['/cancel-pnr', '/confirm-pnr', '/void-booking', '/void-booking', '/approve-booking', '/approve-booking', '/approve-booking', '/approve-booking',
      '/bookings/7/request-refund', '/bookings/7/refund', '/bookings/7/reject-refund', '/bookings/7/request-refund', '/import-pnr/7/ticket']);
  });
});
