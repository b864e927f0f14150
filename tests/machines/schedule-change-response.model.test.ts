import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { scheduleChangeResponseMachine, type ResponseFailure } from '../../machines/schedule-change-response';
import type { RebookOption, ScheduleChange } from '../../contract/schedule-changes';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: xstate/graph walks the schedule-change answer with every UI event (accept, choose another flight,
 * pick, refund, back, retry, the change as reloaded) and every way each call can settle (answered, a refusal such
 * as an answer given meanwhile, a network error); each transition is taken once on a live actor whose calls the
 * test settles, and every step must land where the model says, same context.
 */
type Snap = SnapshotFrom<typeof scheduleChangeResponseMachine>;
const CALLS = ['accept', 'loadOptions', 'rebook', 'refund', 'cancel'] as const;

const seg = (at: string) => ({ flight_number: 'EK601', departure_at: `2026-12-20T${at}:00+05:00`, arriving_at: `2026-12-20T${at}:00+04:00`, origin: 'KHI', destination: 'DXB' });
const change = (over: Partial<ScheduleChange> = {}): ScheduleChange => ({
  id: 7, booking_id: 42, pnr: 'ABC123', kind: 'time', old_segment: seg('09:00'), new_segment: seg('11:30'), created_at: '2026-12-01T10:00:00Z',
  answer: null, answered_at: null, can: { accept: true, rebook: true, refund: true, cancel: false }, ...over,
});
const CANCELED = change({ kind: 'canceled', new_segment: null, can: { accept: false, rebook: true, refund: true, cancel: false } });
/** A held booking's change: it may move to another hold or drop the hold, never be refunded. */
const HELD = change({ can: { accept: true, rebook: true, refund: false, cancel: true } });
const OPTION: RebookOption = { offer_id: 'offer-1', price: { amount: '45000.00', currency: 'PKR' }, journeys: [{ origin: 'KHI', destination: 'DXB', departure_at: seg('13:00').departure_at, arriving_at: seg('13:00').arriving_at, segments: [seg('13:00')] }] };
const ANSWERED = { message: 'The new flight times are accepted.', data: change({ answer: 'accepted', can: { accept: false, rebook: false, refund: false, cancel: false } }) };
const refusal: ResponseFailure = { notice: { status: 'error', text: 'This schedule change has already been answered.' }, fieldErrors: {}, status: 409 };
const offline: ResponseFailure = { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} };

const ALL_EVENTS: AnyEventObject[] = [
  { type: 'ACCEPT' }, { type: 'CHOOSE' }, { type: 'REFUND' }, { type: 'CANCEL' }, { type: 'CONFIRM' }, { type: 'BACK' }, { type: 'RETRY' }, { type: 'PICK', option: OPTION },
  { type: 'CHANGED', change: CANCELED }, { type: 'CHANGED', change: HELD },
  ...CALLS.filter((c) => c !== 'loadOptions').flatMap((c) => [done(c, ANSWERED), fail(c, refusal), fail(c, offline)]),
  done('loadOptions', [OPTION]), fail('loadOptions', refusal), fail('loadOptions', offline),
];
const serializeState = (s: Snap) => {
  const c = s.context;
  return `${JSON.stringify(s.value)} can=${Object.values(c.change.can).map(Number).join('')} answer=${c.change.answer ?? '-'} options=${c.options.length} picked=${c.picked ? 'y' : 'n'} failure=${c.failure?.status ?? (c.failure ? 'x' : '-')} failed=${c.failed ?? '-'}`;
};
const input = { pnr: 'ABC123', change: change() };
const model = modelOf(scheduleChangeResponseMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input });
const harness = () => liveActor(scheduleChangeResponseMachine, CALLS, input);

describe('schedule-change response machine: every state is reachable', () => {
  it('reaches pending, accepting, loadingOptions, choosing, rebooking, refunding, confirmingCancel, canceling, answered, refused and error', () => {
    for (const v of ['pending', 'accepting', 'loadingOptions', 'choosing', 'rebooking', 'refunding', 'confirmingCancel', 'canceling', 'answered', 'refused', 'error']) expect(model.reached, v).toContain(v);
  });
});

describe('schedule-change response machine: every transition', () => {
  testEveryTransition(model);
});

describe('schedule-change response machine: effects', () => {
  it('accepts with the booking and change, tells the answer and reloads', async () => {
    const h = harness();
    await h.step({ type: 'ACCEPT' });
    expect(h.calls.map((c) => [c.id, c.input])).toEqual([['accept', { pnr: 'ABC123', id: 7 }]]);
    await h.step(done('accept', ANSWERED));
    expect([h.snapshot().value, h.snapshot().context.change.answer]).toEqual(['answered', 'accepted']);
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: ANSWERED.message } }, { type: 'reload' }]);
  });

  it('moves to the flight picked; a network error retries the move with the same flight', async () => {
    const h = harness();
    for (const e of [{ type: 'CHOOSE' }, done('loadOptions', [OPTION]), { type: 'PICK', option: OPTION }, fail('rebook', offline), { type: 'RETRY' }]) await h.step(e);
    expect(h.calls.filter((c) => c.id === 'rebook').map((c) => c.input)).toEqual([{ pnr: 'ABC123', id: 7, offer_id: 'offer-1' }, { pnr: 'ABC123', id: 7, offer_id: 'offer-1' }]);
  });

  it('a canceled flight cannot be accepted; a held booking has nothing to refund; a refusal reloads', async () => {
    const h = liveActor(scheduleChangeResponseMachine, CALLS, { pnr: 'ABC123', change: CANCELED });
    await h.step({ type: 'ACCEPT' });
    expect(h.snapshot().value).toBe('pending');
    await h.step({ type: 'REFUND' });
    await h.step(fail('refund', refusal));
    expect(h.snapshot().value).toBe('refused');
    expect(h.emitted).toEqual([{ type: 'notify', notice: refusal.notice }, { type: 'reload' }]);
    const held = liveActor(scheduleChangeResponseMachine, CALLS, { pnr: 'ABC123', change: HELD });
    await held.step({ type: 'REFUND' });
    expect([held.snapshot().value, held.calls]).toEqual(['pending', []]);
    // A paid booking cannot drop a hold it does not have.
    const paid = harness();
    await paid.step({ type: 'CANCEL' });
    expect(paid.snapshot().value).toBe('pending');
  });

  it('drops a hold only once confirmed; back keeps the hold; a network error retries the cancel', async () => {
    const h = liveActor(scheduleChangeResponseMachine, CALLS, { pnr: 'ABC123', change: HELD });
    for (const e of [{ type: 'CANCEL' }, { type: 'BACK' }]) await h.step(e);
    expect([h.snapshot().value, h.calls]).toEqual(['pending', []]);
    for (const e of [{ type: 'CANCEL' }, { type: 'CONFIRM' }, fail('cancel', offline), { type: 'RETRY' }]) await h.step(e);
    expect(h.calls.map((c) => [c.id, c.input])).toEqual([['cancel', { pnr: 'ABC123', id: 7 }], ['cancel', { pnr: 'ABC123', id: 7 }]]);
    const canceled = { message: 'The hold is canceled; nothing was charged.', data: change({ answer: 'canceled', can: { accept: false, rebook: false, refund: false, cancel: false } }) };
    await h.step(done('cancel', canceled));
    expect([h.snapshot().value, h.snapshot().context.change.answer]).toEqual(['answered', 'canceled']);
  });
});
