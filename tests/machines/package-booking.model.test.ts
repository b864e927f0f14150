import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PackageBooking, PackageOffer } from '../../contract/package-bookings';
import { packageBookingMachine } from '../../machines/package-booking';
import { PASSPORTS_UNACKNOWLEDGED } from '../../machines/passport-warning';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: every state of the package booking flow reached with every UI event and every way each call
 * settles (an offer, a failed load, a card or wallet booking, 422 field errors, 409 not enough places,
 * Insufficient Balance), for a customer and an agent; each transition taken once on a live actor.
 */
const CALLS = ['loadOffer', 'createBooking'] as const;
const money = (amount: string) => ({ amount, currency: 'PKR' });
const offer: PackageOffer = {
  kind: 'umrah', package_id: 1, title: 'Economy Umrah', title_ar: null, place: 'Karachi', place_ar: null, hotels: null, days: 15,
  sharings: [{ sharing: 'quad', per_person: money('265000.00') }, { sharing: 'double', per_person: money('320000.00') }],
  departures: [{ id: 7, kind: 'umrah', package_id: 1, departure_date: '2030-02-01', return_date: '2030-02-15', seats_total: 40, seats_available: 2 }],
};
const booking = (checkout: string | null) => ({ id: 1, reference: 'PK-26-000001', contact: { email: 'a@b.co', phone: '+923001234567', country: 'PK' }, status: checkout ? 'pending_payment' : 'paid', payment: { method: checkout ? 'card' : 'wallet', status: checkout ? 'pending' : 'paid', checkout_url: checkout } }) as unknown as PackageBooking;
const failure = (text: string, fieldErrors: Record<string, string> = {}) => ({ notice: { status: 'error' as const, text }, fieldErrors });
const traveller = { title: 'Mr' as const, first_name: 'Ali', last_name: 'Khan', dob: '1980-01-01', nationality: 'PK', passport_no: 'AB12345', passport_expiry: '2035-01-01' };
const form = (n: number) => ({ travellers: Array.from({ length: n }, () => traveller), contact: { email: 'a@b.co', phone: '+923001234567', country: 'PK' } });

const EVENTS: AnyEventObject[] = [
  { type: 'SELECT_DEPARTURE', id: 7 }, { type: 'SELECT_SHARING', sharing: 'double' }, { type: 'SET_COUNT', count: 2 }, { type: 'SET_COUNT', count: 3 },
  { type: 'NEXT' }, { type: 'BACK' }, { type: 'RETRY' },
  { type: 'SUBMIT_TRAVELLERS', form: form(2), idempotencyKey: 'key-00000001' }, { type: 'SUBMIT_TRAVELLERS', form: form(1), idempotencyKey: 'key-00000002' },
  { type: 'SUBMIT_TRAVELLERS', form: { ...form(2), travellers: [traveller, { ...traveller, passport_expiry: '2030-02-10' }] }, idempotencyKey: 'key-00000003' },
  { type: 'EDIT_TRAVELLERS', form: form(2) },
  { type: 'CONFIRM', method: 'card' }, { type: 'CONFIRM', method: 'wallet' },
  done('loadOffer', offer), fail('loadOffer', failure('Package not found.')),
  done('createBooking', booking('http://localhost/sandbox/pay/trk_1')), done('createBooking', booking(null)),
  fail('createBooking', failure('Invalid', { 'travellers.0.passport_expiry': 'The passport must be valid on the return date.' })),
  fail('createBooking', failure('There are not enough places left on this departure.')),
  fail('createBooking', failure('Insufficient Balance')),
];
type Snap = SnapshotFrom<typeof packageBookingMachine>;
const serializeState = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, c.departureId, c.sharing, c.count, c.form?.travellers.length ?? 0, Object.keys(c.fieldErrors).length > 0]);
};

for (const role of ['customer', 'agent']) {
  const input = { kind: 'umrah' as const, packageId: 1, role, today: '2026-01-01' };
  const model = modelOf(packageBookingMachine, { events: EVENTS, serializeState, calls: CALLS, input, compareContext: false });
  describe(`package booking (${role})`, () => {
    it('reaches every state; only an agent pays from the wallet', () => {
      for (const s of ['loading', 'loadFailed', 'choosing', 'travellers', 'review', 'booking', 'redirecting', 'done']) expect(model.reached, s).toContain(s);
    });
    testEveryTransition(model);
  });
}

describe('package booking effects', () => {
  it('sends the server the choice and the travellers, and leaves for the card checkout', async () => {
    const h = liveActor(packageBookingMachine, CALLS, { kind: 'umrah', packageId: 1, role: 'customer', today: '2026-01-01' });
    await h.step(done('loadOffer', offer));
    h.actor.send({ type: 'SELECT_DEPARTURE', id: 7 });
    h.actor.send({ type: 'SET_COUNT', count: 3 });
    h.actor.send({ type: 'NEXT' });
    expect(h.snapshot().value).toBe('choosing'); // three travellers, two seats left
    h.actor.send({ type: 'SET_COUNT', count: 2 });
    h.actor.send({ type: 'NEXT' });
    h.actor.send({ type: 'SUBMIT_TRAVELLERS', form: { ...form(2), travellers: [traveller, { ...traveller, passport_expiry: '2030-02-10' }] }, idempotencyKey: 'key-00000001' });
    expect(h.snapshot().context.fieldErrors).toEqual({ 'travellers.1.passport_expiry': 'The passport must be valid on the return date.' });
    h.actor.send({ type: 'SUBMIT_TRAVELLERS', form: form(2), idempotencyKey: 'key-00000001' });
    h.actor.send({ type: 'CONFIRM', method: 'wallet' });
    expect(h.snapshot().value).toBe('review'); // a customer has no wallet
    h.actor.send({ type: 'CONFIRM', method: 'card' });
    expect(h.calls.at(-1)).toMatchObject({ id: 'createBooking', input: { departure_id: 7, sharing: 'quad', payment_method: 'card', idempotencyKey: 'key-00000001' } });
    await h.step(done('createBooking', booking('http://localhost/sandbox/pay/trk_1')));
    expect(h.emitted).toContainEqual({ type: 'checkout', url: 'http://localhost/sandbox/pay/trk_1', reference: 'PK-26-000001', email: 'a@b.co' });
  });

  it('no title is assumed; a passport that runs out within six months of the return needs the traveller\'s word; messages follow their field', async () => {
    const h = liveActor(packageBookingMachine, CALLS, { kind: 'umrah', packageId: 1, role: 'customer', today: '2026-01-01' });
    await h.step(done('loadOffer', offer));
    h.actor.send({ type: 'SELECT_DEPARTURE', id: 7 });
    h.actor.send({ type: 'NEXT' });
    const soon = { ...form(1), travellers: [{ ...traveller, title: '', passport_expiry: '2030-06-01' }] };
    h.actor.send({ type: 'SUBMIT_TRAVELLERS', form: soon, idempotencyKey: 'key-00000001' });
    expect(h.snapshot().context.fieldErrors).toEqual({ 'travellers.0.title': 'Title is required.', passports_acknowledged: PASSPORTS_UNACKNOWLEDGED });
    const titled = { ...soon, travellers: [{ ...soon.travellers[0], title: 'Mrs' }] };
    h.actor.send({ type: 'EDIT_TRAVELLERS', form: titled });
    expect(h.snapshot().context.fieldErrors).toEqual({ passports_acknowledged: PASSPORTS_UNACKNOWLEDGED });
    h.actor.send({ type: 'EDIT_TRAVELLERS', form: { ...titled, passports_acknowledged: true } });
    expect(h.snapshot().context.fieldErrors).toEqual({});
    h.actor.send({ type: 'SUBMIT_TRAVELLERS', form: { ...titled, passports_acknowledged: true }, idempotencyKey: 'key-00000001' });
    expect(h.snapshot().value).toBe('review');
    h.actor.send({ type: 'CONFIRM', method: 'card' });
    expect(Object.keys(h.calls.at(-1)!.input as object)).not.toContain('passports_acknowledged');
  });
});
