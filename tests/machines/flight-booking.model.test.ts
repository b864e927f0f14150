import { describe, expect, it } from 'vitest';
import type { FlightBookingInput } from '../../machines/flight-booking';
import { modelOf, testEveryTransition } from '../support/model';
import { ALL_EVENTS, CALLS, filledForm, serializeState, testMachine } from './flight-booking-harness';

/**
 * Model-based: xstate/graph explores the flow with every UI event and every way each call settles (results,
 * nothing found, error, offer expired, price changed, insufficient balance, payment succeeded, failed,
 * cancelled); each transition is taken once on a live actor whose calls the test settles, and every step must land
 * where the model says — for a guest, an agent, and the payment-result page that starts with a tracker.
 * Only the serialized state is compared: the rest of context is checked by the effect tests.
 */
const INPUTS: Record<string, FlightBookingInput> = {
  guest: { role: 'guest', passengerForm: filledForm },
  agent: { role: 'agent', passengerForm: filledForm },
  // A finished payment's new search starts with a blank passenger form, which no single event fills: the states
  // after the review are walked with the two inputs above.
  'payment result': { role: 'customer', tracker: 'trk_123456789' },
};
const AFTER_REVIEW = ['review', 'extras', 'booking', 'priceChanged', 'bookingFailed', 'held', 'confirmed', 'startingPayment'];

const ALL_STATES = [
  'search', 'searching', 'results', 'noResults', 'searchFailed', 'loadingOffer', 'offerExpired', 'offerFailed', '{"passengers":"ready"}', 'review', 'extras',
  'loadingDetails', 'offerDetails', 'detailsFailed',
  'booking', 'priceChanged', 'bookingFailed', 'held', 'confirmed', 'startingPayment', 'redirecting', 'checkingPayment',
  'paymentSucceeded', 'paymentFailed', 'paymentCancelled', 'paymentPending', 'paymentUnknown', 'retryingPayment',
];

for (const [name, input] of Object.entries(INPUTS)) {
  const model = modelOf(testMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input, compareContext: false });

  describe(`flight booking (${name}): every state is reachable`, () => {
    it('reaches every state of the flow; the boot state never rests', () => {
      expect(model.reached.has('boot')).toBe(false);
      const agentOnly = ['insufficientBalance', '{"passengers":"loadingSaved"}'];
      const expected = name === 'agent' ? [...ALL_STATES, ...agentOnly] : name === 'guest' ? ALL_STATES : ALL_STATES.filter((s) => !AFTER_REVIEW.includes(s));
      for (const s of expected) expect(model.reached, s).toContain(s);
      // Only agents pay from the wallet and have saved travellers: a guest never reaches "Insufficient Balance".
      if (name === 'guest') for (const s of agentOnly) expect(model.reached.has(s), s).toBe(false);
      expect(model.reached.has('{"passengers":"checkingSaved"}'), 'transient state never rests').toBe(false);
    });
  });

  describe(`flight booking (${name}): every transition`, () => {
    testEveryTransition(model);
  });
}
