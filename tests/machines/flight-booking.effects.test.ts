import { describe, expect, it } from 'vitest';
import type { FlightBookingInput } from '../../machines/flight-booking';
import { done, fail } from '../support/model';
import { flightBookingMachine } from '../../machines/flight-booking';
import { ALL_EVENTS, cardBooking, emptyResults, failures, filledForm, harness, heldBooking, offerFixture, resultsFixture, savedTraveller, ticketedBooking } from './flight-booking-harness';

/** What the flow hands to the calls and to the app: payloads, idempotency keys, redirects, toasts. */
const ev = (type: string) => ALL_EVENTS.find((e) => e.type === type)!;

/** At the review, the passenger form filled as the user would have (the form's own rules: flight-passengers.test.ts). */
async function atReview(input: FlightBookingInput) {
  const h = harness({ passengerForm: filledForm, ...input });
  for (const e of [ev('SEARCH'), done('searchFlights', resultsFixture), ev('SELECT'), done('loadOffer', offerFixture), ev('SUBMIT_PASSENGERS')]) await h.step(e);
  expect(h.snapshot().value).toBe('review');
  return h;
}
/** The panel changes, then the pause passes (the test machine's timer never fires on its own). */
async function filter(h: ReturnType<typeof harness>, filters: unknown) {
  await h.step({ type: 'FILTER', filters });
  await h.step({ type: 'FILTERS_SETTLED' });
}
const bookingCalls = (h: ReturnType<typeof harness>) => h.calls.filter((c) => c.id === 'createBooking').map((c) => c.input as Record<string, unknown>);

describe('flight booking effects', () => {
  it('sends the search query and keeps results; a new search starts clean', async () => {
    const h = harness({ role: 'guest' });
    await h.step(ev('SEARCH'));
    expect(h.calls[0]).toEqual({ id: 'searchFlights', input: { query: (ev('SEARCH') as unknown as { query: unknown }).query } });
    await h.step(done('searchFlights', resultsFixture));
    expect(h.snapshot().context.results).toBe(resultsFixture);
    await h.step(ev('SEARCH'));
    expect(h.snapshot().context.results).toBeNull();
  });

  it('a filter searches again with the typed query plus the filter params; the airline panel lists the answer’s airlines and keeps a ticked one it lost', async () => {
    const h = harness({ role: 'guest' });
    const typed = (ev('SEARCH') as unknown as { query: Record<string, unknown> }).query;
    const full = { ...resultsFixture, available_airlines: [{ code: 'PK' }, { code: 'EK' }, { code: 'QR' }] } as never;
    await h.step(ev('SEARCH'));
    await h.step(done('searchFlights', full));
    await filter(h, { airlines: ['QR', 'EK'], stops: '0', time_of_day: ['morning'], sort: 'duration' });
    expect(h.snapshot().value).toBe('searching');
    expect(h.calls[1]).toEqual({ id: 'searchFlights', input: { query: { ...typed, airlines: 'EK,QR', stops: '0', time_of_day: 'morning', sort: 'duration' } } });
    expect(h.snapshot().context.query).toEqual(typed);
    await h.step(done('searchFlights', { ...resultsFixture, available_airlines: [{ code: 'EK' }, { code: 'PK' }] }));
    expect(h.snapshot().value).toBe('results');
    // Non-stop and mornings left QR no fare: still ticked, it stays listed without one; PK comes from the answer.
    expect(h.snapshot().context.airlineChoices).toEqual([{ code: 'EK' }, { code: 'PK' }, { code: 'QR', count: 0 }]);
    // The same choice again is no new request; a newer one replaces the running search.
    await filter(h, { airlines: ['EK', 'QR'], stops: '0', time_of_day: ['morning'], sort: 'duration' });
    expect(h.calls).toHaveLength(2);
    await filter(h, { airlines: ['EK'], stops: 'all', time_of_day: [], sort: 'price' });
    await filter(h, { airlines: [], stops: 'all', time_of_day: [], sort: 'price' });
    expect(h.aborted).toEqual(['searchFlights']);
    expect(h.calls.slice(2).map((c) => c.input)).toEqual([{ query: { ...typed, airlines: 'EK' } }, { query: typed }]);
    // Nothing matches: the filters stay; a new search starts without them.
    await h.step(done('searchFlights', emptyResults));
    expect(h.snapshot().value).toBe('noResults');
    expect(h.snapshot().context.airlineChoices).toEqual([]);
    await filter(h, { airlines: ['EK'], stops: 'all', time_of_day: [], sort: 'price' });
    await h.step(fail('searchFlights', failures.other));
    await h.step({ type: 'RETRY' });
    expect(h.calls.at(-1)!.input).toEqual({ query: { ...typed, airlines: 'EK' } });
    await h.step(ev('SEARCH'));
    expect(h.snapshot().context.filters).toEqual({ airlines: [], stops: 'all', time_of_day: [], sort: 'price' });
    expect(h.calls.at(-1)!.input).toEqual({ query: typed });
  });

  it('a guest books with the offer, passengers, the expected total and one idempotency key; markup is for agents only', async () => {
    const h = await atReview({ role: 'guest' });
    await h.step({ type: 'CONFIRM', method: 'card' });
    await h.step({ type: 'CONFIRM', method: 'card' }); // double click: ignored while booking
    const calls = bookingCalls(h);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ offer: { id: 'OFF1', supplier: 'safar' }, payment_method: 'card', pay_with: 'card', agent_markup: null, expected_total: { amount: '45000.00', currency: 'PKR' }, idempotencyKey: 'key-00000001' });
    await h.step(done('createBooking', cardBooking));
    expect(h.snapshot().value).toBe('redirecting');
    expect(h.emitted).toContainEqual({ type: 'redirect', url: cardBooking.payment_url });
  });

  it('an agent adds markup to the expected total and pays from the wallet', async () => {
    const h = await atReview({ role: 'agent' });
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    expect(bookingCalls(h)[0]).toMatchObject({ payment_method: 'wallet', agent_markup: '500.00', expected_total: { amount: '45500.00', currency: 'PKR' } });
    await h.step(done('createBooking', ticketedBooking));
    expect(h.snapshot().value).toBe('confirmed');
  });

  it('seats and bags chosen on the optional step go with the booking; none chosen sends none', async () => {
    const h = await atReview({ role: 'guest' });
    await h.step({ type: 'CHOOSE_EXTRAS' });
    expect(h.snapshot().value).toBe('extras');
    await h.step(ev('SET_EXTRAS'));
    const chosen = (ev('SET_EXTRAS') as unknown as { extras: unknown; total: unknown });
    expect([h.snapshot().value, h.snapshot().context.extras, h.snapshot().context.extrasTotal]).toEqual(['review', chosen.extras, chosen.total]);
    await h.step({ type: 'BACK' });
    await h.step(ev('SUBMIT_PASSENGERS')); // the same party keeps its choices
    await h.step({ type: 'CONFIRM', method: 'hold' });
    expect(bookingCalls(h)[0]).toMatchObject({ extras: chosen.extras, expected_total: { amount: '45000.00' } });
    const g = await atReview({ role: 'guest' });
    await g.step({ type: 'CHOOSE_EXTRAS' });
    await g.step({ type: 'SET_EXTRAS', extras: { seats: [], bags: [] }, total: { amount: '0.00', currency: 'PKR' } });
    await g.step({ type: 'CONFIRM', method: 'hold' });
    expect(bookingCalls(g)[0]).toMatchObject({ extras: null });
  });

  it('a guest cannot choose the wallet', async () => {
    const h = await atReview({ role: 'guest' });
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    expect(h.snapshot().value).toBe('review');
    expect(bookingCalls(h)).toHaveLength(0);
  });

  it('a changed price is shown, accepted, and resubmitted with the new total and the same key', async () => {
    const h = await atReview({ role: 'customer' });
    await h.step({ type: 'CONFIRM', method: 'hold' });
    await h.step(fail('createBooking', failures.priceChanged));
    expect(h.snapshot().value).toBe('priceChanged');
    expect(h.snapshot().context.newFare?.total.amount).toBe('49000.00');
    expect(h.emitted.filter((e) => e.type === 'notify')).toHaveLength(0);
    await h.step({ type: 'ACCEPT_PRICE' });
    await h.step({ type: 'CONFIRM', method: 'hold' });
    const calls = bookingCalls(h);
    expect(calls[1]).toMatchObject({ expected_total: { amount: '49000.00' }, idempotencyKey: calls[0].idempotencyKey });
  });

  it('"Insufficient Balance": the agent may hold instead', async () => {
    const h = await atReview({ role: 'agent' });
    await h.step({ type: 'CONFIRM', method: 'wallet' });
    await h.step(fail('createBooking', failures.insufficient));
    expect(h.snapshot().value).toBe('insufficientBalance');
    expect(h.snapshot().context.failure?.notice?.text).toBe('Insufficient Balance');
    await h.step({ type: 'HOLD_INSTEAD' });
    expect(bookingCalls(h)[1]).toMatchObject({ payment_method: 'hold' });
    expect(h.snapshot().context.failure).toBeNull();
  });

  it('an unexpected failure is toasted and kept; a passenger field the server refuses brings the form back with its message', async () => {
    const h = await atReview({ role: 'customer' });
    await h.step({ type: 'CONFIRM', method: 'hold' });
    await h.step(fail('createBooking', { ...failures.other, fieldErrors: { payment_method: 'Choose hold, wallet or card.' } }));
    expect(h.snapshot().value).toBe('bookingFailed');
    expect(h.snapshot().context.fieldErrors).toEqual({ payment_method: 'Choose hold, wallet or card.' });
    expect(h.emitted).toContainEqual({ type: 'notify', notice: failures.other.notice });
    await h.step({ type: 'RETRY' });
    await h.step(fail('createBooking', failures.invalid));
    expect(h.snapshot().matches('passengers')).toBe(true);
    expect(h.snapshot().context.fieldErrors).toEqual(failures.invalid.fieldErrors);
    // The server's word on a field stays while the field is as it was, and goes once it is changed.
    await h.step({ type: 'SET_PASSENGER', index: 0, field: 'last_name', value: 'Khan' });
    expect(h.snapshot().context.fieldErrors).toEqual(failures.invalid.fieldErrors);
    await h.step({ type: 'SET_PASSENGER', index: 0, field: 'document_no', value: 'ab7654321' });
    expect(h.snapshot().context.fieldErrors).toEqual({});
    expect(h.snapshot().context.passengerForm?.travellers[0].document_no).toBe('AB7654321');
  });

  it('the payment-result page checks the tracker with the server, and a failed payment can be retried for the same booking', async () => {
    const h = harness({ role: 'guest', tracker: 'trk_123456789' });
    expect(h.snapshot().value).toBe('checkingPayment');
    expect(h.calls[0]).toEqual({ id: 'fetchPaymentResult', input: { tracker: 'trk_123456789' } });
    await h.step(done('fetchPaymentResult', { tracker: 'trk_123456789', status: 'failed', amount: { amount: '1.00', currency: 'PKR' }, failure_reason: 'Card declined', booking: { id: 9, pnr: 'XYZ789', status: 'booked', email: 'g@example.com', hold_expires_at: null } }));
    expect(h.snapshot().value).toBe('paymentFailed');
    await h.step({ type: 'PAY_CARD' });
    expect(h.calls[1]).toEqual({ id: 'getPaymentUrl', input: { booking_id: 9, pnr: 'XYZ789', email: 'g@example.com', pay_with: 'card' } });
    await h.step(done('getPaymentUrl', { url: 'http://x/sandbox/pay/trk_2', tracker: 'trk_2' }));
    expect(h.emitted).toContainEqual({ type: 'redirect', url: 'http://x/sandbox/pay/trk_2' });
  });

  it('paying with JazzCash: the choice goes with the booking, and with a later try from the held booking', async () => {
    const h = await atReview({ role: 'guest' });
    await h.step({ type: 'CONFIRM', method: 'card', payWith: 'jazzcash' });
    expect(bookingCalls(h)[0]).toMatchObject({ payment_method: 'card', pay_with: 'jazzcash' });
    await h.step(done('createBooking', heldBooking));
    expect(h.snapshot().value).toBe('held');
    await h.step({ type: 'PAY_CARD', payWith: 'jazzcash' });
    expect(h.calls.at(-1)).toMatchObject({ id: 'getPaymentUrl', input: { pay_with: 'jazzcash' } });
    await h.step(fail('getPaymentUrl', failures.other));
    await h.step({ type: 'PAY_CARD', payWith: 'card' });
    expect(h.calls.at(-1)).toMatchObject({ id: 'getPaymentUrl', input: { pay_with: 'card' } });
  });

  it('filter clicks in a quick row make one search, with the last choice, once they pause', async () => {
    const h = harness({ role: 'guest' }, flightBookingMachine.provide({ delays: { filterDebounce: 20 } }));
    await h.step(ev('SEARCH'));
    await h.step(done('searchFlights', resultsFixture));
    await h.step({ type: 'FILTER', filters: { airlines: ['EK'], stops: 'all', time_of_day: [], sort: 'price' } });
    await h.step({ type: 'FILTER', filters: { airlines: ['EK', 'QR'], stops: 'all', time_of_day: [], sort: 'price' } });
    expect(h.snapshot().context.draftFilters.airlines).toEqual(['EK', 'QR']);
    expect(h.snapshot().value).toBe('results');
    await new Promise((r) => setTimeout(r, 60));
    expect(h.snapshot().value).toBe('searching');
    expect(h.calls.filter((c) => c.id === 'searchFlights').map((c) => c.input)).toEqual([
      { query: (ev('SEARCH') as unknown as { query: unknown }).query },
      { query: { ...(ev('SEARCH') as unknown as { query: object }).query, airlines: 'EK,QR' } },
    ]);
    // A new search drops a choice still waiting for its pause.
    await h.step({ type: 'FILTER', filters: { airlines: ['PK'], stops: 'all', time_of_day: [], sort: 'price' } });
    await h.step(ev('SEARCH'));
    await new Promise((r) => setTimeout(r, 60));
    expect(h.snapshot().context.draftFilters.airlines).toEqual([]);
    expect(h.calls.filter((c) => c.id === 'searchFlights')).toHaveLength(3);
  });

  it('choosing an offer shows the checkout once; going back to the passengers does not move the screen again', async () => {
    const h = await atReview({ role: 'guest' });
    expect(h.emitted.filter((e) => e.type === 'show')).toEqual([{ type: 'show', screen: 'checkout' }]);
    await h.step({ type: 'BACK' });
    expect(h.snapshot().matches('passengers')).toBe(true);
    expect(h.emitted.filter((e) => e.type === 'show')).toHaveLength(1);
  });

  it('the offer details page loads the offer once, books it without a second load, and says in place when it fails', async () => {
    const h = harness({ role: 'guest' });
    await h.step({ type: 'VIEW_OFFER', offer: { id: 'OFF1', supplier: 'safar', is_sooper_flight: false } });
    await h.step(fail('loadOffer', failures.expired));
    expect(h.snapshot().value).toBe('detailsFailed');
    expect(h.emitted.filter((e) => e.type === 'notify')).toHaveLength(0);
    await h.step({ type: 'RETRY' });
    await h.step(done('loadOffer', offerFixture));
    expect(h.snapshot().value).toBe('offerDetails');
    await h.step({ type: 'BOOK' });
    expect(h.snapshot().matches('passengers')).toBe(true);
    expect(h.snapshot().context.offer).toBe(offerFixture);
    expect(h.calls.filter((c) => c.id === 'loadOffer')).toHaveLength(2);
    expect(h.emitted).toContainEqual({ type: 'show', screen: 'checkout' });
  });

  it("an agent's saved travellers load once beside the passenger form and are kept for the next booking; a failure only hides the picker", async () => {
    const h = harness({ role: 'agent' });
    for (const e of [ev('SEARCH'), done('searchFlights', resultsFixture), ev('SELECT'), done('loadOffer', offerFixture)]) await h.step(e);
    expect(h.snapshot().value).toEqual({ passengers: 'loadingSaved' });
    await h.step(fail('loadSavedTravellers', failures.other));
    expect(h.snapshot().value).toEqual({ passengers: 'ready' });
    expect(h.emitted.filter((e) => e.type === 'notify')).toHaveLength(0);
    await h.step({ type: 'BACK' });
    await h.step(ev('SELECT'));
    await h.step(done('loadOffer', offerFixture));
    await h.step(done('loadSavedTravellers', [savedTraveller]));
    expect(h.snapshot().context.savedTravellers).toEqual([savedTraveller]);
    await h.step(ev('SEARCH'));
    await h.step(done('searchFlights', resultsFixture));
    await h.step(ev('SELECT'));
    await h.step(done('loadOffer', offerFixture));
    expect(h.snapshot().value).toEqual({ passengers: 'ready' });
    expect(h.calls.filter((c) => c.id === 'loadSavedTravellers')).toHaveLength(2);
  });
});
