import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { insuranceQuoteMachine, quoteErrors } from '../../machines/insurance-quote';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: every field edit (valid and not), every quote request and both ways the quote call can settle,
 * from every state; then the effects the page relies on (what is sent, what is shown, what is toasted).
 */
type Snap = SnapshotFrom<typeof insuranceQuoteMachine>;
const CALLS = ['quote'] as const;

const plan = { id: 1, name: 'Asia Basic' };
const quotes = [{ plan, eligible: true, reason: null, travellers: [], total: { amount: '1200.00', currency: 'PKR' } }];
const refused: Failure = { notice: { status: 'error', text: 'Each age must be between 0 and 120.' }, fieldErrors: { 'ages.1': 'Each age must be between 0 and 120.' } };

const EVENTS: AnyEventObject[] = [
  { type: 'SET', field: 'days', value: '' }, { type: 'SET', field: 'days', value: '10' }, { type: 'QUOTE' },
  done('quote', quotes), fail('quote', refused), fail('quote', new Error('offline')),
];

const serializeState = (s: Snap) => `${JSON.stringify(s.value)} days=${s.context.fields.days} quotes=${s.context.quotes?.length ?? '-'} errors=${Object.keys(s.context.fieldErrors).join(',')}`;

describe('insurance quote machine', () => {
  const model = modelOf(insuranceQuoteMachine, { events: EVENTS, serializeState, calls: CALLS });

  it('reaches every state node', () => {
    for (const v of ['editing', 'quoting']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('insurance quote machine: effects', () => {
  it('sends the fields as typed and shows the quotes; they stay while the next quote runs', async () => {
    const h = liveActor(insuranceQuoteMachine, CALLS);
    await h.step({ type: 'SET', field: 'ages', value: '30, 4' });
    await h.step({ type: 'QUOTE' });
    expect(h.calls).toEqual([{ id: 'quote', input: { days: '7', region: 'asia', ages: '30, 4' } }]);
    await h.step(done('quote', quotes));
    expect(h.snapshot().context.quotes).toEqual(quotes);
    await h.step({ type: 'QUOTE' });
    expect(h.snapshot().value).toBe('quoting');
    expect(h.snapshot().context.quotes).toEqual(quotes);
  });

  it('checks the form before sending: an empty trip length is refused at once, with the server\'s message', async () => {
    const h = liveActor(insuranceQuoteMachine, CALLS);
    await h.step({ type: 'SET', field: 'days', value: '' });
    await h.step({ type: 'SET', field: 'ages', value: '30, 200' });
    await h.step({ type: 'QUOTE' });
    expect(h.calls).toEqual([]);
    expect(h.snapshot().context.fieldErrors).toEqual({ days: 'The trip length field is required.', ages: 'Each age must be between 0 and 120.' });
    await h.step({ type: 'SET', field: 'days', value: '5' }); // editing a field hides its message
    expect(h.snapshot().context.fieldErrors).toEqual({ ages: 'Each age must be between 0 and 120.' });
  });

  it('a refused quote clears the quotes, shows the first message on the ages field and toasts', async () => {
    const h = liveActor(insuranceQuoteMachine, CALLS);
    await h.step({ type: 'QUOTE' });
    await h.step(done('quote', quotes));
    await h.step({ type: 'QUOTE' });
    await h.step(fail('quote', refused));
    expect(h.snapshot().context).toMatchObject({ quotes: null, fieldErrors: { ages: 'Each age must be between 0 and 120.' } });
    expect(h.emitted).toEqual([{ type: 'notify', notice: refused.notice }]);
    await h.step({ type: 'QUOTE' });
    await h.step(fail('quote', new Error('offline')));
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: { status: 'error', key: 'errors.generic' } });
  });

  it('folds per-age messages into the ages field, the first one winning', () => {
    expect(quoteErrors({ 'ages.2': 'a', 'ages.0': 'b', days: 'c' })).toEqual({ ages: 'a', days: 'c' });
  });
});
