import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { FlightOffer } from '../../contract/flights';
import { quotationMachine, type SentQuote } from '../../machines/quotation';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: xstate/graph walks the quotation machine (search → pick up to five → send → sent / failed,
 * beside the recent quotes list) with every UI event and every way each call settles; each transition is taken
 * once on a live actor whose calls the test settles, and every step must land where the model says, same context.
 */
type Snap = SnapshotFrom<typeof quotationMachine>;
const CALLS = ['searchOffers', 'sendQuote', 'loadRecent'] as const;
const IDS = ['A', 'B', 'C', 'D', 'E', 'F'];
/** The walk picks at most two of three (the same rule as five of many, with fewer states); the effects pick five. */
const walkIds = IDS.slice(0, 3);
const walkInput = { maxPicked: 2 };
const offers = IDS.map((id) => ({ id, supplier: 'safar', price: { amount: '100.00', currency: 'PKR' } }) as unknown as FlightOffer);
const quote: SentQuote = { id: 1, reference: 'Q0123456789AB', email: 'c@example.com', name: null, note: null, offers: [], locale: 'en', from_price: { amount: '100.00', currency: 'PKR' }, created_at: '2030-01-01T10:00:00.000Z', print_url: '/q/1' };
const invalid: Failure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { email: 'Enter a valid email address.' } };
const offline: Failure = { notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
const query = { origin: 'KHI', destination: 'DXB', date: '2030-01-10', adults: '1' };
const recipient = { email: 'c@example.com', name: '', note: '', markup: '0' };

const ALL_EVENTS: AnyEventObject[] = [
  { type: 'SEARCH', query },
  ...walkIds.map((id) => ({ type: 'TOGGLE', id })),
  { type: 'SEND', recipient },
  { type: 'RELOAD_RECENT' },
  done('searchOffers', offers.slice(0, 3)), done('searchOffers', []), fail('searchOffers', invalid),
  done('sendQuote', { quote, notice: { status: 'success', text: 'Quotation sent successfully' } }), fail('sendQuote', invalid),
  done('loadRecent', [quote]), fail('loadRecent', offline),
];

const keys = (o: object) => Object.keys(o).join(',');
const serializeState = (s: Snap) => {
  const c = s.context;
  return `${JSON.stringify(s.value)} picked=${c.picked.join('')} offers=${c.offers?.length ?? '-'} sent=${!!c.sent} recent=${c.recent?.length ?? '-'} errors=${keys(c.searchErrors)}/${keys(c.sendErrors)}`;
};
const model = modelOf(quotationMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input: walkInput });
const harness = () => liveActor(quotationMachine, CALLS);

describe('quotation machine: every state is reachable', () => {
  it('reaches every state of both regions, and five picks', () => {
    const values = [...model.reached].map((v) => JSON.parse(v) as { flow: string; recent: string });
    for (const f of ['idle', 'searching', 'searchFailed', 'picking', 'sending', 'sent', 'sendFailed']) expect(values.map((v) => v.flow), f).toContain(f);
    for (const r of ['loading', 'shown', 'failed']) expect(values.map((v) => v.recent), r).toContain(r);
    expect(model.states.some((s) => s.context.picked.length === walkInput.maxPicked)).toBe(true);
  });
});

describe('quotation machine: every transition', () => {
  testEveryTransition(model);
});

describe('quotation machine: effects', () => {
  it('searches with the typed query, picks at most five, sends the picked offers and reloads the recent list', async () => {
    const h = harness();
    await h.step(done('loadRecent', []));
    await h.step({ type: 'SEARCH', query });
    expect(h.calls.at(-1)).toEqual({ id: 'searchOffers', input: query });
    await h.step(done('searchOffers', offers));
    for (const id of IDS) await h.step({ type: 'TOGGLE', id });
    expect(h.snapshot().context.picked).toEqual(['A', 'B', 'C', 'D', 'E']);
    await h.step({ type: 'TOGGLE', id: 'B' });
    await h.step({ type: 'TOGGLE', id: 'F' });
    expect(h.snapshot().context.picked).toEqual(['A', 'C', 'D', 'E', 'F']);
    await h.step({ type: 'SEND', recipient });
    expect(h.calls.at(-1)).toEqual({ id: 'sendQuote', input: { offers: ['A', 'C', 'D', 'E', 'F'].map((id) => ({ id, supplier: 'safar' })), recipient } });
    await h.step(done('sendQuote', { quote, notice: { status: 'success', text: 'Quotation sent successfully' } }));
    expect(h.snapshot().value).toEqual({ flow: 'sent', recent: 'loading' });
    expect(h.snapshot().context.sent).toEqual(quote);
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'Quotation sent successfully' } }]);
    expect(h.calls.filter((c) => c.id === 'loadRecent')).toHaveLength(2);
  });

  it('a failed send keeps the picks and shows the field errors; a new search starts clean; a search waits for a send', async () => {
    const h = harness();
    await h.step({ type: 'SEARCH', query });
    await h.step(done('searchOffers', offers));
    await h.step({ type: 'TOGGLE', id: 'A' });
    await h.step({ type: 'SEND', recipient });
    await h.step({ type: 'SEARCH', query });
    expect(h.snapshot().matches({ flow: 'sending' })).toBe(true);
    await h.step(fail('sendQuote', invalid));
    expect(h.snapshot().context).toMatchObject({ picked: ['A'], sendErrors: invalid.fieldErrors });
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: invalid.notice });
    await h.step({ type: 'SEARCH', query });
    expect(h.snapshot().context).toMatchObject({ offers: null, picked: [], sendErrors: {} });
    await h.step(fail('searchOffers', invalid));
    expect(h.snapshot().context.searchErrors).toEqual(invalid.fieldErrors);
  });
});
