import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { insurancePurchaseMachine, type PurchaseFailure, type PurchaseInput } from '../../machines/insurance-purchase';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based (adding and removing travellers in the effects below, to keep the graph small): an edit (valid and not), every way the quote and the purchase
 * can settle (eligible or not, issued, a checkout, 409, insufficient balance, fields refused, failed), from every
 * state, for a guest and for an agent; then the effects the page relies on.
 */
type Snap = SnapshotFrom<typeof insurancePurchaseMachine>;
const CALLS = ['quote', 'buy'] as const;

const plan = { id: 7, name: 'Asia Traveller', name_ar: null, coverage: { amount: '50000.00', currency: 'USD' }, benefits: [] };
const quoted = (total: string, eligible = true) => [{ plan, eligible, reason: eligible ? null : 'This plan covers travellers up to 70 years old.', travellers: [], total: eligible ? { amount: total, currency: 'PKR' } : null }];
const traveller = { title: 'MR', first_name: 'Imran', last_name: 'Khan', date_of_birth: '1990-05-01', passport_number: 'AB12345', nationality: 'PK' };
const input = (role: PurchaseInput['role']): PurchaseInput => ({
  role, planId: 7, region: 'asia', days: 7, ages: [30], today: '2030-01-01', idempotencyKey: 'key-12345678',
  draft: { start_date: '2030-01-02', end_date: '2030-01-08', travellers: [traveller], email: 'a@b.co', phone: '+923001234567' },
});
const policy = (status: 'issued' | 'pending_payment') => ({ id: 1, policy_number: 'SI-30-000001', status, total: { amount: '1000.00', currency: 'PKR' }, payment: { method: status === 'issued' ? 'wallet' : 'card', status: 'pending', checkout_url: status === 'issued' ? undefined : 'https://pay.example/t/abc' } });
const failure = (code: PurchaseFailure['code'], extra: Partial<PurchaseFailure> = {}): PurchaseFailure => ({ code, notice: { status: 'error', text: code }, fieldErrors: {}, ...extra });

const EVENTS: AnyEventObject[] = [
  done('quote', quoted('1000.00')), done('quote', quoted('', false)), done('quote', []), fail('quote', new Error('offline')),
  { type: 'RETRY' }, { type: 'SET_TRAVELLER', index: 0, field: 'last_name', value: '' }, { type: 'SET_TRAVELLER', index: 0, field: 'last_name', value: 'Khan' },
  { type: 'SUBMIT' }, { type: 'BACK' }, { type: 'CONFIRM', method: 'card' }, { type: 'CONFIRM', method: 'wallet' }, { type: 'ACCEPT_PRICE' },
  done('buy', policy('issued')), done('buy', policy('pending_payment')),
  // Neither issued nor given a checkout to pay at: nothing bought, so the buyer may try again.
  done('buy', { ...policy('pending_payment'), payment: { method: 'card', status: 'pending' } }),
  fail('buy', failure('price_changed', { total: { amount: '1200.00', currency: 'PKR' } })), fail('buy', failure('insufficient_balance')),
  fail('buy', failure('invalid', { fieldErrors: { 'travellers.0.date_of_birth': 'This plan does not cover a traveller of this age.' } })), fail('buy', failure('other')),
];

const serializeState = (s: Snap) => `${JSON.stringify(s.value)} last=${s.context.form.travellers[0]?.last_name} errors=${Object.keys(s.context.fieldErrors).join(',')} total=${s.context.expectedTotal} quote=${s.context.quote?.total?.amount ?? s.context.quote?.eligible ?? '-'} reason=${!!s.context.reason} method=${s.context.method} failure=${s.context.failure?.code ?? '-'}`;

for (const role of ['guest', 'agent'] as const) {
  describe(`insurance purchase machine (${role})`, () => {
    const model = modelOf(insurancePurchaseMachine, { events: EVENTS, serializeState, calls: CALLS, input: input(role) });
    it('reaches every state node', () => {
      const all = ['loading', 'loadFailed', 'unavailable', 'editing', 'pricing', 'review', 'buying', 'priceChanged', 'buyFailed', 'redirecting', 'issued'];
      for (const v of role === 'agent' ? [...all, 'insufficientBalance'] : all) expect(model.reached, v).toContain(v);
    });
    testEveryTransition(model);
  });
}

describe('insurance purchase machine: effects', () => {
  it('quotes the link first, then the travellers\' real ages and dates, and pays at the reviewed price by card', async () => {
    const h = liveActor(insurancePurchaseMachine, CALLS, input('guest'));
    expect(h.calls[0]).toEqual({ id: 'quote', input: { days: 7, region: 'asia', ages: [30] } });
    await h.step(done('quote', quoted('1000.00')));
    await h.step({ type: 'SUBMIT' });
    expect(h.calls[1]).toEqual({ id: 'quote', input: { days: 7, region: 'asia', ages: [39] } });
    await h.step(done('quote', quoted('1100.00')));
    expect(h.snapshot().value).toBe('review');
    await h.step({ type: 'CONFIRM', method: 'wallet' }); // a guest has no wallet
    expect(h.snapshot().value).toBe('review');
    await h.step({ type: 'CONFIRM', method: 'card' });
    expect(h.calls[2].input).toMatchObject({ plan_id: 7, payment_method: 'card', expected_total: '1100.00', idempotencyKey: 'key-12345678', travellers: [traveller], contact: { email: 'a@b.co' } });
    await h.step(done('buy', policy('pending_payment')));
    expect(h.emitted).toEqual([{ type: 'redirect', url: 'https://pay.example/t/abc' }]);
  });

  it('shows every message under its field before sending, and an edited field loses its message', async () => {
    const h = liveActor(insurancePurchaseMachine, CALLS, { ...input('guest'), draft: undefined });
    await h.step(done('quote', quoted('1000.00')));
    expect(h.snapshot().context.form).toMatchObject({ start_date: '2030-01-02', end_date: '2030-01-08', travellers: [{ first_name: '' }] });
    await h.step({ type: 'SUBMIT' });
    expect(h.calls).toHaveLength(1);
    expect(h.snapshot().context.fieldErrors).toMatchObject({ 'travellers.0.first_name': 'Enter the first name as in the passport.', 'contact.email': 'Enter a valid email address.' });
    await h.step({ type: 'SET_TRAVELLER', index: 0, field: 'first_name', value: 'Sara' });
    expect(h.snapshot().context.fieldErrors['travellers.0.first_name']).toBeUndefined();
    expect(h.snapshot().context.form.travellers[0].first_name).toBe('Sara');
    await h.step({ type: 'SET', field: 'email', value: 'sara@example.com' });
    expect(h.snapshot().context.fieldErrors['contact.email']).toBeUndefined();
  });

  it('adds travellers up to ten and keeps at least one', async () => {
    const h = liveActor(insurancePurchaseMachine, CALLS, input('guest'));
    await h.step(done('quote', quoted('1000.00')));
    await h.step({ type: 'REMOVE_TRAVELLER', index: 0 });
    expect(h.snapshot().context.form.travellers).toHaveLength(1);
    for (let i = 0; i < 12; i++) await h.step({ type: 'ADD_TRAVELLER' });
    expect(h.snapshot().context.form.travellers).toHaveLength(10);
    await h.step({ type: 'REMOVE_TRAVELLER', index: 0 });
    expect(h.snapshot().context.form.travellers[0].first_name).toBe('');
    expect(h.snapshot().context.form.travellers).toHaveLength(9);
  });

  it('a plan the travellers do not fit says why and stays on the form; a new price is accepted before paying', async () => {
    const h = liveActor(insurancePurchaseMachine, CALLS, input('agent'));
    await h.step(done('quote', quoted('1000.00')));
    await h.step({ type: 'SUBMIT' });
    await h.step(done('quote', quoted('', false)));
    expect(h.snapshot().context.reason).toBe('This plan covers travellers up to 70 years old.');
    await h.step({ type: 'SUBMIT' });
    await h.step(done('quote', quoted('1000.00')));
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    await h.step(fail('buy', failure('price_changed', { total: { amount: '1200.00', currency: 'PKR' } })));
    await h.step({ type: 'ACCEPT_PRICE' });
    expect(h.snapshot().context.expectedTotal).toBe('1200.00');
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    await h.step(done('buy', policy('issued')));
    expect(h.snapshot().value).toBe('issued');
    expect(h.snapshot().context.policy?.policy_number).toBe('SI-30-000001');
  });
});
