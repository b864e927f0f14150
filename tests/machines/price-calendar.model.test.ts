import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { monthShown, priceCalendarMachine, type CalendarRoute } from '../../machines/price-calendar';
import type { FlightCalendar } from '../../contract/flight-calendar';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the price calendar walked with opening on two routes, paging between two months, closing, and every
 * way its load settles; then its effects (what is asked, what is kept, that a failure says nothing aloud).
 */
type Snap = SnapshotFrom<typeof priceCalendarMachine>;
const CALLS = ['loadCalendar'] as const;
const KHI_DXB: CalendarRoute = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y' };
const LHE_JED: CalendarRoute = { origin: 'LHE', destination: 'JED', adults: 2, cabin_class: 'Y' };
const calendar = (month: string): FlightCalendar => ({
  ...KHI_DXB, month, days: [{ date: `${month}-01`, price: { amount: '50000.00', currency: 'PKR' }, mark: 'typical' }],
});
const down: Failure = { notice: { status: 'error', text: 'Something went wrong.' }, fieldErrors: {} };

const EVENTS: AnyEventObject[] = [
  { type: 'OPEN', route: KHI_DXB, month: '2027-01' }, { type: 'OPEN', route: LHE_JED, month: '2027-01' },
  { type: 'MONTH', month: '2027-01' }, { type: 'MONTH', month: '2027-02' }, { type: 'CLOSE' },
  done('loadCalendar', calendar('2027-01')), done('loadCalendar', calendar('2027-02')), fail('loadCalendar', down),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('price calendar', () => {
  const model = modelOf(priceCalendarMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches its states', () => { for (const v of ['idle', 'loading', 'shown', 'unavailable']) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('price calendar: effects', () => {
  it('asks for the month on show, keeps it, and pages back without asking again', async () => {
    const h = liveActor(priceCalendarMachine, CALLS);
    await h.step({ type: 'OPEN', route: KHI_DXB, month: '2027-01' });
    expect(h.calls).toEqual([{ id: 'loadCalendar', input: { route: KHI_DXB, month: '2027-01' } }]);
    await h.step(done('loadCalendar', calendar('2027-01')));
    expect(monthShown(h.snapshot().context)?.month).toBe('2027-01');
    await h.step({ type: 'MONTH', month: '2027-02' });
    await h.step(done('loadCalendar', calendar('2027-02')));
    await h.step({ type: 'MONTH', month: '2027-01' });
    expect(h.snapshot().value).toBe('shown');
    expect(h.calls).toHaveLength(2);
    await h.step({ type: 'CLOSE' });
    await h.step({ type: 'OPEN', route: KHI_DXB, month: '2027-02' });
    expect([h.snapshot().value, h.calls.length]).toEqual(['shown', 2]);
  });

  it('a newer month asked while one loads replaces it; another route starts afresh', async () => {
    const h = liveActor(priceCalendarMachine, CALLS);
    await h.step({ type: 'OPEN', route: KHI_DXB, month: '2027-01' });
    await h.step({ type: 'MONTH', month: '2027-02' });
    expect(h.aborted).toEqual(['loadCalendar']);
    expect(h.calls[1].input).toEqual({ route: KHI_DXB, month: '2027-02' });
    await h.step(done('loadCalendar', calendar('2027-02')));
    await h.step({ type: 'OPEN', route: LHE_JED, month: '2027-02' });
    expect(h.snapshot().value).toBe('loading');
    expect(h.snapshot().context.months).toEqual({});
  });

  it('a failed load leaves the dates pickable, says nothing aloud, and the next month tries again', async () => {
    const h = liveActor(priceCalendarMachine, CALLS);
    await h.step({ type: 'OPEN', route: KHI_DXB, month: '2027-01' });
    await h.step(fail('loadCalendar', down));
    expect(h.snapshot().value).toBe('unavailable');
    expect(h.emitted).toEqual([]);
    expect(monthShown(h.snapshot().context)).toBeNull();
    await h.step({ type: 'MONTH', month: '2027-02' });
    expect(h.snapshot().value).toBe('loading');
    expect(h.snapshot().context.failure).toBeNull();
  });
});
