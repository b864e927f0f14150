/**
 * Moving the embedded supplier's prices the way the market does: seats sold on a flight raise its booking class
 * (and so its fare), seats released bring it back down, and a flight with no seat left drops out of the search.
 */
import { expect } from 'vitest';
import { expandSearchResponse } from '../../contract/flight-wire';
import type { FlightOffer } from '../../contract/flights';
import { parseMinor } from '../../contract/money';
import type { AppContext } from '../../server/context';
import { flightSuppliers } from '../../server/bookings/suppliers';
import { EmbeddedFlightSupplier } from '../../server/suppliers/flight/embedded';
import type { SeatKey } from '../../server/suppliers/flight/types';
import type { TestClient } from './api';

export const seatStore = (ctx: AppContext) => flightSuppliers(ctx).list().find((s): s is EmbeddedFlightSupplier => s instanceof EmbeddedFlightSupplier)!.seats;

export async function offersOf(c: TestClient, query: Record<string, string | number>): Promise<FlightOffer[]> {
  const res = await c.get('/api/flights', { flightType: 'one-way', adults: 1, cabin_class: 'Y', sort: 'price', limit: 200, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expandSearchResponse(res.body).flights;
}
export const lowestOf = (offers: FlightOffer[]) => Math.min(...offers.map((o) => parseMinor(o.price.amount)!));

export const keysOf = (offers: FlightOffer[]): SeatKey[] => {
  const seen = new Map<string, SeatKey>();
  for (const o of offers) for (const j of o.journeys) for (const s of j.segments) {
    const key = { flight_no: s.flight_number, date: s.departure_at.slice(0, 10), cabin: s.cabin };
    seen.set(`${key.flight_no}|${key.date}|${key.cabin}`, key);
  }
  return [...seen.values()];
};

/** Sells `seats` on each flight (as other travellers would); the returned call gives them back. */
export async function sell(ctx: AppContext, keys: SeatKey[], seats: number): Promise<() => Promise<void>> {
  const store = seatStore(ctx);
  for (const k of keys) expect(await store.consume(k, seats, 100_000)).toBe(true);
  return async () => { for (const k of keys) await store.release(k, seats); };
}
