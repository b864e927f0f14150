import { describe, expect, it } from 'vitest';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import type { AnyEventObject } from 'xstate';
import { flightBookingMachine, type FlightBookingInput } from '../../machines/flight-booking';
import { EVENTS, harness, serializeEvent, serializeState, type FlightSnapshot } from '../../machines/flight-booking/testing';

/**
 * Model-based: xstate/graph explores the flow with every UI event and every way each call settles (results,
 * nothing found, error, offer expired, price changed, insufficient balance, payment succeeded, failed,
 * cancelled); each path is replayed on a live actor whose calls the test settles, and every step must land
 * where the model says — for a guest, an agent, and the payment-result page that starts with a tracker.
 */
const INPUTS: Record<string, FlightBookingInput> = {
  guest: { role: 'guest' },
  agent: { role: 'agent' },
  'payment result': { role: 'customer', tracker: 'trk_123456789' },
};

const ALL_STATES = [
  'search', 'searching', 'results', 'noResults', 'searchFailed', 'loadingOffer', 'offerExpired', 'offerFailed', 'passengers', 'review',
  'booking', 'priceChanged', 'insufficientBalance', 'bookingFailed', 'held', 'confirmed', 'startingPayment', 'redirecting', 'checkingPayment',
  'paymentSucceeded', 'paymentFailed', 'paymentCancelled', 'paymentPending', 'paymentUnknown', 'retryingPayment',
];

async function replay(input: FlightBookingInput, steps: { event: AnyEventObject; state: FlightSnapshot }[]) {
  const h = harness(input);
  for (const { event, state } of steps) {
    if (event.type === 'xstate.init') continue;
    await h.step(event);
    const got = h.snapshot();
    expect(serializeState(got), `after ${event.type}`).toBe(serializeState(state));
  }
  return h;
}

for (const [name, input] of Object.entries(INPUTS)) {
  const options = { events: EVENTS, serializeState, serializeEvent, input } as never;
  const paths = getShortestPaths(flightBookingMachine, options) as StatePath<FlightSnapshot, AnyEventObject>[];
  const adjacency = getAdjacencyMap(flightBookingMachine as never, options) as AdjacencyMap<FlightSnapshot, AnyEventObject>;

  describe(`flight booking (${name}): every state is reachable`, () => {
    it('reaches every state of the flow; the boot state never rests', () => {
      const values = new Set(paths.map((p) => p.state.value as string));
      expect(values.has('boot')).toBe(false);
      const expected = name === 'agent' ? ALL_STATES : ALL_STATES.filter((s) => s !== 'insufficientBalance');
      for (const s of expected) expect(values, s).toContain(s);
      // Only agents pay from the wallet: a guest never reaches "Insufficient Balance" or a wallet ticket.
      if (name === 'guest') expect(values.has('insufficientBalance')).toBe(false);
    });

    it.each(paths.map((p) => [serializeState(p.state), p] as const))('shortest path to %s', async (_, path) => {
      const h = await replay(input, path.steps);
      expect(h.snapshot().matches(path.state.value as never)).toBe(true);
    });
  });

  describe(`flight booking (${name}): every event from every state`, () => {
    const byState = new Map(paths.map((p) => [serializeState(p.state), p]));
    const vertices = Object.entries(adjacency) as [string, AdjacencyValue<FlightSnapshot, AnyEventObject>][];
    it.each(vertices)('from %s', async (key, vertex) => {
      const path = byState.get(key)!;
      expect(path, `no path to ${key}`).toBeDefined();
      for (const { event, state } of Object.values(vertex.transitions)) {
        await replay(input, [...path.steps, { event, state }]);
      }
    });
  });
}
