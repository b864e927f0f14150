import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { priceAlertMachine, type SaveOutcome } from '../../machines/price-alert';
import type { PriceAlert, PriceAlertWatch } from '../../contract/price-alerts';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the watch button walked with watching, removing, another search on screen, and every way its two
 * calls settle; then its effects (what is asked, what is said, that a double press adds nothing).
 */
type Snap = SnapshotFrom<typeof priceAlertMachine>;
const CALLS = ['saveAlert', 'removeAlert'] as const;
const WATCH: PriceAlertWatch = { origin: 'KHI', destination: 'DXB', departure_date: '2027-01-10', return_date: null, month: null, adults: 1, children: 0, infants: 0, cabin_class: 'Y' };
const alert: PriceAlert = {
  ...WATCH, id: 7, price: { amount: '50000.00', currency: 'PKR' }, priced_at: '2026-11-29T10:00:00.000Z', notice_price: { amount: '50000.00', currency: 'PKR' },
  search_path: '/flight/search?flightType=one-way', created_at: '2026-11-29T10:00:00.000Z', checked_at: null, mailed_at: null,
};
const saved: SaveOutcome = { outcome: 'saved', alert };
const down: Failure = { notice: { status: 'error', text: 'Something went wrong.' }, fieldErrors: {} };

const EVENTS: AnyEventObject[] = [
  { type: 'WATCH', watch: WATCH }, { type: 'REMOVE' }, { type: 'RESET' }, { type: 'WATCHED', alert },
  done('saveAlert', saved), done('saveAlert', { outcome: 'already' }), done('saveAlert', { outcome: 'already', alert }), fail('saveAlert', down),
  done('removeAlert', { message: 'Price alert removed.' }), fail('removeAlert', down),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('price alert', () => {
  const model = modelOf(priceAlertMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches its states', () => {
    for (const v of ['idle', 'saving', 'watching', 'removing', 'alreadyWatched', 'failed']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('price alert: effects', () => {
  it('saves the watch once however often it is pressed, says so, and removes it again', async () => {
    const h = liveActor(priceAlertMachine, CALLS);
    await h.step({ type: 'WATCH', watch: WATCH });
    await h.step({ type: 'WATCH', watch: WATCH });
    expect(h.calls).toEqual([{ id: 'saveAlert', input: WATCH }]);
    await h.step(done('saveAlert', saved));
    expect([h.snapshot().value, h.snapshot().context.alert]).toEqual(['watching', alert]);
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', key: 'priceAlerts.watch.saved' } }]);
    await h.step({ type: 'REMOVE' });
    expect(h.calls[1]).toEqual({ id: 'removeAlert', input: 7 });
    await h.step(done('removeAlert', {}));
    expect(h.snapshot().value).toBe('idle');
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: { status: 'success', key: 'priceAlerts.watch.removed' } });
  });

  it('a route already watched is said in place, not as an error', async () => {
    const h = liveActor(priceAlertMachine, CALLS);
    await h.step({ type: 'WATCH', watch: WATCH });
    await h.step(done('saveAlert', { outcome: 'already' }));
    expect([h.snapshot().value, h.snapshot().context.failure, h.emitted]).toEqual(['alreadyWatched', null, []]);
  });

  it('a watch found on opening, or by a 409 with its id, may be stopped in place; without its id it may not', async () => {
    const opened = liveActor(priceAlertMachine, CALLS);
    await opened.step({ type: 'WATCHED', alert });
    expect([opened.snapshot().value, opened.snapshot().context.alert, opened.calls]).toEqual(['alreadyWatched', alert, []]);
    await opened.step({ type: 'REMOVE' });
    expect(opened.calls).toEqual([{ id: 'removeAlert', input: 7 }]);
    await opened.step(done('removeAlert', {}));
    expect(opened.snapshot().value).toBe('idle');

    const saved409 = liveActor(priceAlertMachine, CALLS);
    await saved409.step({ type: 'WATCH', watch: WATCH });
    await saved409.step(done('saveAlert', { outcome: 'already', alert }));
    expect([saved409.snapshot().value, saved409.snapshot().context.alert]).toEqual(['alreadyWatched', alert]);

    const unknown = liveActor(priceAlertMachine, CALLS);
    await unknown.step({ type: 'WATCH', watch: WATCH });
    await unknown.step(done('saveAlert', { outcome: 'already' }));
    await unknown.step({ type: 'REMOVE' });
    expect([unknown.snapshot().value, unknown.calls.length]).toEqual(['alreadyWatched', 1]);
  });

  it('a failed save keeps its message and may be tried again; a failed removal keeps the watch and says why', async () => {
    const h = liveActor(priceAlertMachine, CALLS);
    await h.step({ type: 'WATCH', watch: WATCH });
    await h.step(fail('saveAlert', down));
    expect([h.snapshot().value, h.snapshot().context.failure]).toEqual(['failed', down]);
    await h.step({ type: 'WATCH', watch: WATCH });
    expect([h.snapshot().value, h.snapshot().context.failure]).toEqual(['saving', null]);
    await h.step(done('saveAlert', saved));
    await h.step({ type: 'REMOVE' });
    await h.step(fail('removeAlert', down));
    expect([h.snapshot().value, h.snapshot().context.alert]).toEqual(['watching', alert]);
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: down.notice });
  });

  it('another search on screen drops a save under way', async () => {
    const h = liveActor(priceAlertMachine, CALLS);
    await h.step({ type: 'WATCH', watch: WATCH });
    await h.step({ type: 'RESET' });
    expect([h.snapshot().value, h.aborted]).toEqual(['idle', ['saveAlert']]);
  });
});
