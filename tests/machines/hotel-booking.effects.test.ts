import { describe, expect, it } from 'vitest';
import { done, fail } from '../support/model';
import { hotelBookingMachine } from '../../machines/hotel-booking';
import { NO_HOTEL_FILTERS, visibleHotels, filterParams } from '../../machines/hotel-filters';
import { allResults, badGuests, cardBooking, expiredBooking, failures, goodGuests, harness, hotel, newCheckout, pageResults, query, summary, walletBooking } from './hotel-booking-harness';

/** What the hotel flow does besides moving between states: the calls' inputs, what it emits, what it keeps. */
const toDetails = async (role: 'guest' | 'agent') => {
  const h = harness({ role });
  await h.step({ type: 'SEARCH', query });
  await h.step(done('searchHotels', allResults));
  await h.step({ type: 'SELECT', hotelId: 'h1' });
  await h.step(done('loadHotel', hotel));
  return h;
};
const toReview = async (role: 'guest' | 'agent') => {
  const h = await toDetails(role);
  await h.step({ type: 'CHOOSE_RATE', roomCode: 'DBL', rateId: 'rate-1' });
  await h.step({ type: 'SUBMIT_GUESTS', form: goodGuests, idempotencyKey: 'key-1' });
  return h;
};

describe('hotel booking: effects', () => {
  it('filters of fully loaded results answer at once and never ask the server', async () => {
    const h = harness({ role: 'guest' }, hotelBookingMachine);
    await h.step({ type: 'SEARCH', query });
    await h.step(done('searchHotels', allResults));
    const filters = { ...NO_HOTEL_FILTERS, stars: [5] };
    await h.step({ type: 'FILTER', filters });
    expect(visibleHotels(h.snapshot().context.results!.data, h.snapshot().context.filters).map((x) => x.id)).toEqual(['h2']);
    await new Promise((r) => setTimeout(r, 400));
    expect(h.calls.filter((c) => c.id === 'searchHotels')).toHaveLength(1);
    expect(h.snapshot().value).toBe('results');
  });

  it('a dense city asks the server once the clicks pause, with the filters as parameters', async () => {
    const h = harness({ role: 'guest' }, hotelBookingMachine.provide({ delays: { filterDebounce: 20 } }));
    await h.step({ type: 'SEARCH', query });
    await h.step(done('searchHotels', pageResults));
    await h.step({ type: 'FILTER', filters: { ...NO_HOTEL_FILTERS, stars: [5] } });
    await h.step({ type: 'FILTER', filters: { ...NO_HOTEL_FILTERS, stars: [5, 4], freeCancellation: true, sort: 'distance' } });
    await new Promise((r) => setTimeout(r, 60));
    const searches = h.calls.filter((c) => c.id === 'searchHotels');
    expect(searches).toHaveLength(2);
    expect(searches[1].input).toEqual({ query, filters: { stars: '4,5', free_cancellation: '1', sort: 'distance' } });
  });

  it('sorts and filters the loaded hotels', () => {
    const list = [summary('a', '300.00', { stars: 3, guest_rating: 9 }), summary('b', '100.00', { stars: 5, distance_haram_m: 1500 }), summary('c', '200.00', { free_cancellation: false, distance_haram_m: 90 })];
    expect(visibleHotels(list, NO_HOTEL_FILTERS).map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(visibleHotels(list, { ...NO_HOTEL_FILTERS, sort: 'distance' }).map((x) => x.id)).toEqual(['c', 'a', 'b']);
    expect(visibleHotels(list, { ...NO_HOTEL_FILTERS, sort: 'rating' }).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(visibleHotels(list, { ...NO_HOTEL_FILTERS, freeCancellation: true, priceMax: 25000 }).map((x) => x.id)).toEqual(['b']);
    expect(visibleHotels(list, { ...NO_HOTEL_FILTERS, maxDistanceKm: 1 }).map((x) => x.id)).toEqual(['c', 'a']);
    expect(filterParams({ ...NO_HOTEL_FILTERS, priceMin: 10000, priceMax: 25050, maxDistanceKm: 2 })).toEqual({ price_min: '100.00', price_max: '250.50', max_distance_km: '2' });
  });

  it('a guest form with a missing name stays, naming the field; the right one books with the stay, guests and expected total', async () => {
    const h = await toDetails('guest');
    expect(h.emitted).toContainEqual({ type: 'show', screen: 'details' });
    await h.step({ type: 'CHOOSE_RATE', roomCode: 'DBL', rateId: 'rate-1' });
    expect(h.emitted).toContainEqual({ type: 'show', screen: 'checkout' });
    await h.step({ type: 'SUBMIT_GUESTS', form: badGuests, idempotencyKey: 'key-1' });
    expect(h.snapshot().value).toBe('guests');
    expect(h.snapshot().context.fieldErrors).toEqual({ 'guests.1.last_name': 'Enter the last name as in the passport.' });
    // The message follows the field: it stays while the name is still missing and goes once it is typed, before any submit.
    await h.step({ type: 'EDIT_GUESTS', form: { ...badGuests, specialRequests: 'Late arrival' } });
    expect(h.snapshot().context.fieldErrors).toEqual({ 'guests.1.last_name': 'Enter the last name as in the passport.' });
    await h.step({ type: 'EDIT_GUESTS', form: goodGuests });
    expect(h.snapshot().context.fieldErrors).toEqual({});
    // A title is the guest's to choose: none chosen is refused under the field.
    await h.step({ type: 'SUBMIT_GUESTS', form: { ...goodGuests, guests: [{ ...goodGuests.guests[0], title: '' }, goodGuests.guests[1]] }, idempotencyKey: 'key-1' });
    expect(h.snapshot().context.fieldErrors).toEqual({ 'guests.0.title': 'Choose a title.' });
    await h.step({ type: 'SUBMIT_GUESTS', form: goodGuests, idempotencyKey: 'key-1' });
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    expect(h.snapshot().value).toBe('review'); // a guest has no wallet
    await h.step({ type: 'CONFIRM', method: 'card' });
    expect(h.calls.at(-1)).toEqual({ id: 'createBooking', input: {
      rate_id: 'rate-1', check_in: '2030-01-10', check_out: '2030-01-14', rooms: query.rooms, guests: goodGuests.guests, contact: goodGuests.contact,
      special_requests: 'High floor', payment_method: 'card', expected_total: '100000.00', idempotencyKey: 'key-1',
    } });
    await h.step(done('createBooking', cardBooking));
    expect(h.snapshot().value).toBe('redirecting');
    expect(h.emitted).toContainEqual({ type: 'redirect', url: 'http://localhost/sandbox/pay/trk_123456789' });
  });

  it('409 shows the new total and books at it once accepted; 422 puts the messages back on the form', async () => {
    const h = await toReview('guest');
    await h.step({ type: 'CONFIRM', method: 'card' });
    await h.step(fail('createBooking', failures.priceChanged));
    expect(h.snapshot().value).toBe('priceChanged');
    await h.step({ type: 'ACCEPT_PRICE' });
    await h.step({ type: 'CONFIRM', method: 'card' });
    expect((h.calls.at(-1)!.input as { expected_total: string }).expected_total).toBe('104000.00');
    await h.step(fail('createBooking', failures.invalid));
    expect(h.snapshot().value).toBe('guests');
    expect(h.snapshot().context.fieldErrors).toEqual({ 'guests.1.last_name': 'Enter the last name as in the passport.' });
  });

  it('an agent pays from the wallet, is told "Insufficient Balance", and cancels a confirmed booking after confirming', async () => {
    const h = await toReview('agent');
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    await h.step(fail('createBooking', failures.insufficient));
    expect(h.snapshot().value).toBe('insufficientBalance');
    expect(h.emitted.filter((e) => e.type === 'notify')).toEqual([]);
    await h.step({ type: 'BACK' });
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    await h.step(done('createBooking', walletBooking));
    expect(h.snapshot().value).toBe('confirmed');
    await h.step({ type: 'CANCEL_BOOKING' });
    expect(h.calls.at(-1)!.id).toBe('createBooking');
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    expect(h.calls.at(-1)).toEqual({ id: 'cancelBooking', input: { reference: 'HTL-7Q2KXM', email: 'g@example.com' } });
  });

  it('410 loads the hotel again for fresh rates', async () => {
    const h = await toReview('guest');
    await h.step({ type: 'CONFIRM', method: 'card' });
    await h.step(fail('createBooking', failures.expired));
    await h.step({ type: 'RETRY' });
    expect(h.snapshot().value).toBe('loadingHotel');
    expect(h.calls.at(-1)).toEqual({ id: 'loadHotel', input: { hotelId: 'h1', query } });
  });

  it('a declined card pays the same booking again: a new checkout by reference and email, and the browser leaves for it', async () => {
    const h = harness({ role: 'guest', tracker: 'trk_123456789' });
    await h.step(done('fetchPaymentResult', { tracker: 'trk_123456789', status: 'failed', amount: cardBooking.total, booking: cardBooking }));
    expect(h.snapshot().value).toBe('paymentFailed');
    await h.step({ type: 'PAY_CARD' });
    expect(h.calls.at(-1)).toEqual({ id: 'payAgain', input: { reference: 'HTL-7Q2KXM', email: 'g@example.com' } });
    await h.step(fail('payAgain', failures.other));
    expect(h.snapshot().value).toBe('payAgainFailed');
    expect(h.emitted.filter((e) => e.type === 'notify')).toHaveLength(1);
    await h.step({ type: 'RETRY' });
    await h.step(done('payAgain', newCheckout));
    expect(h.snapshot().value).toBe('redirecting');
    expect(h.emitted.at(-1)).toEqual({ type: 'redirect', url: newCheckout.url });
  });

  it('the server refusing (hold expired) shows its reason; a booking no longer pending is not offered a new payment', async () => {
    const h = harness({ role: 'guest', tracker: 'trk_123456789' });
    await h.step(done('fetchPaymentResult', { tracker: 'trk_123456789', status: 'canceled', amount: cardBooking.total, booking: cardBooking }));
    await h.step({ type: 'PAY_CARD' });
    await h.step(fail('payAgain', failures.expired));
    expect(h.snapshot().value).toBe('payRefused');
    expect(h.snapshot().context.failure?.code).toBe('expired');
    const late = harness({ role: 'guest', tracker: 'trk_123456789' });
    await late.step(done('fetchPaymentResult', { tracker: 'trk_123456789', status: 'failed', amount: cardBooking.total, booking: expiredBooking }));
    await late.step({ type: 'PAY_CARD' });
    expect(late.snapshot().value).toBe('paymentFailed');
    expect(late.calls.map((c) => c.id)).not.toContain('payAgain');
  });
});
