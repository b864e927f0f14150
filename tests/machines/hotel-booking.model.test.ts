import { describe, expect, it } from 'vitest';
import type { HotelBookingInput } from '../../machines/hotel-booking';
import { modelOf, testEveryTransition } from '../support/model';
import { ALL_EVENTS, CALLS, serializeState, testMachine } from './hotel-booking-harness';

/**
 * Model-based: xstate/graph explores the hotel flow with every UI event and every way each call settles (results,
 * a page of a dense city, nothing found, failures, 409 price changed, 410 rate expired, 422 field errors,
 * Insufficient Balance, each payment result, paying again after a failed one, cancelling); each transition is taken
 * once on a live actor whose calls the test settles — for a guest, an agent, and the payment-result page that
 * starts with a tracker.
 */
const INPUTS: Record<string, HotelBookingInput> = {
  guest: { role: 'guest' },
  agent: { role: 'agent' },
  'payment result': { role: 'customer', tracker: 'trk_123456789' },
};

const ALL_STATES = [
  'search', 'searching', 'results', 'noResults', 'searchFailed', 'loadingHotel', 'hotelFailed', 'details', 'guests', 'review', 'booking',
  'priceChanged', 'rateExpired', 'bookingFailed', 'redirecting', 'checkingPayment', 'paymentFailed', 'paymentCancelled', 'paymentPending',
  'paymentUnknown', 'retryingPayment', 'payRefused', 'payAgainFailed', 'confirmed', 'confirmingCancel', 'cancelling', 'cancelFailed', 'canceled',
];

for (const [name, input] of Object.entries(INPUTS)) {
  const model = modelOf(testMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input, compareContext: false });

  describe(`hotel booking (${name}): every state is reachable`, () => {
    it('reaches every state of the flow; the boot state never rests', () => {
      expect(model.reached.has('boot')).toBe(false);
      for (const s of ALL_STATES) expect(model.reached, s).toContain(s);
      // Only agents pay from the wallet: a guest never reaches "Insufficient Balance".
      expect(model.reached.has('insufficientBalance')).toBe(name === 'agent');
    });
  });

  describe(`hotel booking (${name}): every transition`, () => {
    testEveryTransition(model);
  });
}
