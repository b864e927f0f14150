import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { reissueMachine, type ReissueFailure, type ReissueTrip } from '../../machines/reissue';
import type { FlightOffer } from '../../contract/flights';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: xstate/graph walks the change-date machine with every UI event (open, dates, search, pick, back,
 * confirm, retry, close, a reloaded booking) and every way each call can settle (offers or none, a quote paid
 * from the wallet or by our support team, a refusal, a changed quote, a network error); each transition is taken
 * once on a live actor whose calls the test settles, and every step must land where the model says, same context.
 */
type Snap = SnapshotFrom<typeof reissueMachine>;
const CALLS = ['searchOffers', 'loadQuote', 'confirmReissue'] as const;

const trip = (over: Partial<ReissueTrip> = {}): ReissueTrip => ({
  id: 42, status: 'ticketed', kind: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-12-16' }], cabin: 'Y', adults: 1, children: 0, infants: 0, ...over,
});
const legs = (...dates: string[]) => dates.map((date, i) => ({ origin: ['KHI', 'DXB', 'IST'][i], destination: ['DXB', 'IST', 'KHI'][i], date }));
const money = (amount: string) => ({ amount, currency: 'PKR' });
const OFFER = { id: 'FK9-PK901-2026-12-20', supplier: 'fake', price: money('50000.00') } as unknown as FlightOffer;
const QUOTE = {
  flight_id: OFFER.id, departure_date: '2026-12-20', old_fare: money('45000.00'), new_fare: money('50000.00'), fare_difference: money('5000.00'),
  change_fee: money('3000.00'), service_charge: money('1000.00'), total: money('9000.00'), cheaper: false, pay_by: 'wallet' as const,
};
const NEW_QUOTE = { ...QUOTE, new_fare: money('52000.00'), fare_difference: money('7000.00'), total: money('11000.00') };
const SUPPORT_QUOTE = { ...QUOTE, pay_by: 'support' as const };
const refusal: ReissueFailure = { notice: { status: 'error', text: 'This fare does not allow changes: its rules carry no change fee.' }, fieldErrors: {}, status: 409 };
const changed: ReissueFailure = { notice: { status: 'error', text: 'The date change quote has changed since you saw it.' }, fieldErrors: {}, status: 409, code: 'quote_changed', quote: NEW_QUOTE };
const offline: ReissueFailure = { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} };

const ALL_EVENTS: AnyEventObject[] = [
  { type: 'OPEN' }, { type: 'CLOSE' }, { type: 'SEARCH' }, { type: 'BACK' }, { type: 'CONFIRM' }, { type: 'RETRY' },
  { type: 'DATE', leg: 0, date: '2026-12-20' }, { type: 'DATE', leg: 0, date: '' },
  { type: 'PICK', offer: OFFER },
  { type: 'LOADED', trip: trip({ legs: legs('2026-12-20') }) },
  done('searchOffers', [OFFER]), done('searchOffers', []), fail('searchOffers', offline), fail('searchOffers', refusal),
  done('loadQuote', QUOTE), done('loadQuote', SUPPORT_QUOTE), fail('loadQuote', refusal), fail('loadQuote', offline),
  done('confirmReissue', { message: 'Date changed: the new ticket is issued.' }), fail('confirmReissue', changed), fail('confirmReissue', refusal), fail('confirmReissue', offline),
];
const serializeState = (s: Snap) => {
  const c = s.context;
  return `${JSON.stringify(s.value)} dates=${c.dates.join(',') || '-'} offers=${c.offers.length} offer=${c.offer ? 'y' : 'n'} quote=${c.quote ? `${c.quote.total.amount}/${c.quote.pay_by}` : '-'} changed=${c.quoteChanged} failure=${c.failure?.status ?? (c.failure ? 'x' : '-')} failed=${c.failed ?? '-'} trip=${c.trip.legs.map((l) => l.date).join(',')}`;
};
const input = { trip: trip() };
const model = modelOf(reissueMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input });
const harness = () => liveActor(reissueMachine, CALLS, input);

describe('reissue machine: every state is reachable', () => {
  it('reaches closed, choosing, searching, results, quoting, quoted, confirming, done, refused and error', () => {
    for (const v of ['closed', 'choosing', 'searching', 'results', 'quoting', 'quoted', 'confirming', 'done', 'refused', 'error']) expect(model.reached, v).toContain(v);
  });
});

describe('reissue machine: every transition', () => {
  testEveryTransition(model);
});

describe('reissue machine: effects', () => {
  it('searches the new date for the same trip, quotes the picked flight and confirms with the total shown and the status seen', async () => {
    const h = harness();
    await h.step({ type: 'OPEN' });
    expect(h.snapshot().context.dates).toEqual(['2026-12-16']);
    await h.step({ type: 'DATE', leg: 0, date: '' });
    await h.step({ type: 'SEARCH' });
    expect(h.snapshot().value).toBe('choosing'); // no date, no search
    await h.step({ type: 'DATE', leg: 0, date: '2026-12-20' });
    await h.step({ type: 'SEARCH' });
    await h.step(done('searchOffers', [OFFER]));
    await h.step({ type: 'PICK', offer: OFFER });
    await h.step(done('loadQuote', QUOTE));
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.map((c) => [c.id, c.input])).toEqual([
      ['searchOffers', { trip: trip(), dates: ['2026-12-20'] }],
      ['loadQuote', { id: 42, flight_id: OFFER.id, supplier: 'fake' }],
      ['confirmReissue', { id: 42, flight_id: OFFER.id, supplier: 'fake', expected_total: '9000.00', status: 'ticketed' }],
    ]);
    await h.step(done('confirmReissue', { message: 'Date changed: the new ticket is issued.' }));
    expect(h.snapshot().value).toBe('done');
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'Date changed: the new ticket is issued.' } }, { type: 'reload' }]);
  });

  it('a changed quote shows the new figures to confirm again; Insufficient Balance or a refused fare is final and reloads', async () => {
    const h = harness();
    for (const e of [{ type: 'OPEN' }, { type: 'SEARCH' }, done('searchOffers', [OFFER]), { type: 'PICK', offer: OFFER }, done('loadQuote', QUOTE), { type: 'CONFIRM' }]) await h.step(e);
    await h.step(fail('confirmReissue', changed));
    expect([h.snapshot().value, h.snapshot().context.quote, h.snapshot().context.quoteChanged]).toEqual(['quoted', NEW_QUOTE, true]);
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.at(-1)?.input).toMatchObject({ expected_total: '11000.00' });
    const balance: ReissueFailure = { notice: { status: 'error', text: 'Insufficient Balance' }, fieldErrors: {}, status: 422 };
    await h.step(fail('confirmReissue', balance));
    expect(h.snapshot().value).toBe('refused');
    expect(h.emitted).toEqual([{ type: 'notify', notice: balance.notice }, { type: 'reload' }]);
  });

  it('a card booking reads the quote but has nothing to confirm; a network error retries the call that failed', async () => {
    const h = harness();
    for (const e of [{ type: 'OPEN' }, { type: 'SEARCH' }, fail('searchOffers', offline)]) await h.step(e);
    expect(h.snapshot().value).toBe('error');
    await h.step({ type: 'RETRY' });
    expect(h.snapshot().value).toBe('searching');
    await h.step(done('searchOffers', [OFFER]));
    await h.step({ type: 'PICK', offer: OFFER });
    await h.step(fail('loadQuote', offline));
    await h.step({ type: 'RETRY' });
    expect(h.snapshot().value).toBe('quoting');
    await h.step(done('loadQuote', SUPPORT_QUOTE));
    await h.step({ type: 'CONFIRM' });
    expect(h.snapshot().value).toBe('quoted');
    expect(h.calls.filter((c) => c.id === 'confirmReissue')).toEqual([]);
  });

  it('a return trip needs both dates; closing while confirming aborts the call', async () => {
    const h = liveActor(reissueMachine, CALLS, { trip: trip({ kind: 'return', legs: [...legs('2026-12-16'), { origin: 'DXB', destination: 'KHI', date: '2026-12-30' }] }) });
    await h.step({ type: 'OPEN' });
    await h.step({ type: 'DATE', leg: 0, date: '2026-12-20' });
    await h.step({ type: 'DATE', leg: 1, date: '' });
    await h.step({ type: 'SEARCH' });
    expect(h.snapshot().value).toBe('choosing');
    await h.step({ type: 'DATE', leg: 1, date: '2027-01-02' });
    await h.step({ type: 'SEARCH' });
    expect(h.calls[0].input).toMatchObject({ dates: ['2026-12-20', '2027-01-02'] });
    await h.step(done('searchOffers', [OFFER]));
    await h.step({ type: 'PICK', offer: OFFER });
    await h.step(done('loadQuote', QUOTE));
    await h.step({ type: 'CONFIRM' });
    h.actor.stop();
    expect(h.aborted).toEqual(['confirmReissue']);
  });

  it('a multi-city trip takes a date for each flight, none before the flight before it; a leg it does not have changes nothing', async () => {
    const h = liveActor(reissueMachine, CALLS, { trip: trip({ kind: 'multi-city', legs: legs('2026-12-16', '2026-12-20', '2026-12-28') }) });
    await h.step({ type: 'OPEN' });
    await h.step({ type: 'DATE', leg: 5, date: '2027-01-01' });
    expect(h.snapshot().context.dates).toEqual(['2026-12-16', '2026-12-20', '2026-12-28']);
    await h.step({ type: 'DATE', leg: 1, date: '2026-12-30' }); // after the third flight's date
    await h.step({ type: 'SEARCH' });
    expect(h.snapshot().value).toBe('choosing');
    await h.step({ type: 'DATE', leg: 2, date: '2027-01-04' });
    await h.step({ type: 'SEARCH' });
    expect(h.calls[0].input).toMatchObject({ dates: ['2026-12-16', '2026-12-30', '2027-01-04'] });
  });
});
