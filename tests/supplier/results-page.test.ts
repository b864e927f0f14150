import { describe, expect, it } from 'vitest';
import { defaultNetwork, EmbeddedFlightSupplier, FlightSupplierRegistry, PUBLIC } from '../../server/suppliers/flight';
import { pageKeepingEachCheapest } from '../../server/suppliers/flight/page-cut';
import { parseMinor } from '../../contract/money';
import type { FlightSearchQuery, FlightSearchResponse } from '../../contract/flights';

const net = defaultNetwork();
const NOW = Date.UTC(2026, 5, 1, 8);
const query = (extra: Partial<FlightSearchQuery> = {}): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15' }], adults: 1, children: 0, infants: 0, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false, ...extra,
});
const minor = (amount: string) => parseMinor(amount) ?? 0;

/** What the results page shows beside the offers: every airline's "from" fare is an offer there, inside the slider's range. */
function expectAirlinesAgree(r: FlightSearchResponse) {
  const highest = Math.max(...r.flights.map((o) => minor(o.price.amount)));
  for (const a of r.available_airlines) {
    const fares = r.flights.filter((o) => o.validating_airline.code === a.code).map((o) => minor(o.price.amount));
    expect(Math.min(...fares), a.code).toBe(minor(a.min_price.amount));
    expect(minor(a.min_price.amount), a.code).toBeLessThanOrEqual(highest);
  }
}

describe('a search answer’s page, count and airline list', () => {
  const registry = new FlightSupplierRegistry([new EmbeddedFlightSupplier({ network: net, clock: () => NOW })]);

  it('counts what matches the filters, not the page, so Non-stop changes the count', async () => {
    const all = await registry.search(query(), { pricing: PUBLIC, limit: 10 });
    const nonStop = await registry.search(query({ stops: '0' }), { pricing: PUBLIC, limit: 10 });
    expect(all.total).toBeGreaterThan(all.flights.length);
    expect(nonStop.total).toBeGreaterThan(0);
    expect(nonStop.total).toBeLessThan(all.total!);
    expect(nonStop.flights.every((o) => o.stops === 0)).toBe(true);
  });

  it('holds each airline’s cheapest fare after the page, in the asked order', async () => {
    for (const q of [query(), query({ stops: '0' }), query({ sort: 'departure' }), query({ time_of_day: ['evening'] })]) {
      const r = await registry.search(q, { pricing: PUBLIC, limit: 10 });
      expectAirlinesAgree(r);
      expect(r.flights.length).toBeGreaterThanOrEqual(Math.min(10, r.total!));
    }
    const cheapest = await registry.search(query(), { pricing: PUBLIC, limit: 10 });
    // The page is the ten cheapest; the other airlines' cheapest follow, dearer than the tenth.
    const tenth = minor(cheapest.flights[9].price.amount);
    expect(cheapest.flights.length).toBeGreaterThan(10);
    expect(cheapest.flights.slice(10).every((o) => minor(o.price.amount) >= tenth)).toBe(true);
  });

  it('lists the airlines of a return trip at fares the answer holds', async () => {
    const q = query({ flightType: 'return', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15' }, { origin: 'DXB', destination: 'KHI', date: '2026-07-22' }] });
    expectAirlinesAgree(await registry.search(q, { pricing: PUBLIC, limit: 20 }));
    expectAirlinesAgree(await registry.search({ ...q, stops: '0' }, { pricing: PUBLIC, limit: 20 }));
  });

  it('keeps the airline list whole when airlines are chosen', async () => {
    const all = await registry.search(query(), { pricing: PUBLIC, limit: 10 });
    const chosen = await registry.search(query({ airlines: [all.available_airlines.at(-1)!.code] }), { pricing: PUBLIC, limit: 10 });
    expect(chosen.available_airlines.map((a) => a.code)).toEqual(all.available_airlines.map((a) => a.code));
    expect(chosen.flights[0].price.amount).toBe(all.available_airlines.at(-1)!.min_price.amount);
  });
});

describe('pageKeepingEachCheapest', () => {
  const offer = (airline: string, price: number) => ({ airline, price });
  const cut = (list: { airline: string; price: number }[], limit: number) => pageKeepingEachCheapest(list, limit, (o) => o.airline, (o) => o.price);

  it('answers the first ones when every airline is among them', () => {
    const list = [offer('A', 1), offer('B', 2), offer('A', 3), offer('B', 4)];
    expect(cut(list, 2)).toEqual(list.slice(0, 2));
    expect(cut(list, 9)).toBe(list);
  });

  it('adds each airline’s cheapest offer that falls past the page, keeping the order', () => {
    // Sorted by departure: C's cheapest is its later flight, and A's cheapest is past the page though A is on it.
    const list = [offer('A', 5), offer('B', 4), offer('C', 9), offer('B', 8), offer('C', 7), offer('A', 3), offer('B', 6)];
    expect(cut(list, 2)).toEqual([offer('A', 5), offer('B', 4), offer('C', 7), offer('A', 3)]);
  });
});
