/**
 * Pins what GET /flights answers, byte for byte as the app reads it: the same searches (fixed clock, seed, key and
 * sold seats) must give the same offers, prices, ids, order, airline lists and flexible days as when the digests
 * were recorded. Speed work on search (pricing, itinerary building, serialisation) must leave every digest as it
 * is; a change meant to alter results records new ones and says why. The text on the wire may change shape (it
 * is compacted), so what is pinned is the answer the app gets back from it, and that must be the search's own.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, type Cabin, type FlightSearchQuery, type SortKey } from '../../contract/flights';
import { compactSearchResponse, expandSearchResponse } from '../../contract/flight-wire';
import { airports } from '../../server/reference';
import { EmbeddedFlightSupplier, FlightSupplierRegistry, MemorySeatStore, PUBLIC, defaultNetwork, type PricingContext } from '../../server/suppliers/flight';
import { mulberry32 } from '../../server/suppliers/flight/prng';

const NOW = Date.parse('2026-03-10T06:30:00Z');
const TODAY = '2026-03-10';

const CUSTOMER: PricingContext = {
  kind: 'public',
  customerMargin: { discount_percent: 1.5, margin_percent: 4.25, other_charges: 75_000 },
  airlineMargins: [
    { airline: 'EK', type: 'markup', mode: 'percent', value: 3 },
    { airline: 'PK', type: 'discount', mode: 'fixed', value: 120_000 },
    { airline: 'QR', type: 'markup', mode: 'fixed', value: 50_000 },
  ],
};
const AGENT: PricingContext = {
  kind: 'agent',
  agentMargin: { markup_per_pax: 250_000, discount_per_pax: 40_000 },
  airlineMargins: [{ airline: 'EK', type: 'discount', mode: 'percent', value: 2.5 }],
};
const PRICINGS = [PUBLIC, CUSTOMER, AGENT];

/** Searches over large airports and a few well-served pairs, every trip type, party, cabin, sort and filter. */
function searches(): { q: FlightSearchQuery; pricing: PricingContext; limit: number }[] {
  const large = airports().filter((a) => a.size === 'large').map((a) => a.iata);
  const rnd = mulberry32(20260310);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const out: { q: FlightSearchQuery; pricing: PricingContext; limit: number }[] = [];
  const busy = [['KHI', 'DXB'], ['LHE', 'JED'], ['ISB', 'LHR'], ['DXB', 'LHR'], ['KHI', 'IST'], ['JFK', 'LHR']];
  for (let i = 0; i < 48; i++) {
    const [origin, destination] = i < busy.length * 2 ? busy[i % busy.length] : [pick(large), pick(large)];
    if (origin === destination) continue;
    const date = addDays(TODAY, Math.floor(rnd() * 200));
    const kind = i % 4 === 3 ? 'multi-city' : rnd() < 0.5 ? 'return' : 'one-way';
    const legs = kind === 'one-way' ? [{ origin, destination, date }]
      : kind === 'return' ? [{ origin, destination, date }, { origin: destination, destination: origin, date: addDays(date, 2 + Math.floor(rnd() * 12)) }]
        : [{ origin, destination, date }, { origin: destination, destination: pick(large), date: addDays(date, 4) }];
    const adults = 1 + Math.floor(rnd() * 3);
    const q: FlightSearchQuery = {
      flightType: kind, legs, adults, children: Math.floor(rnd() * 3), infants: Math.floor(rnd() * Math.min(2, adults + 1)),
      cabin_class: pick(['Y', 'Y', 'Y', 'S', 'C', 'F'] as Cabin[]),
      stops: pick(['all', 'all', 'all', '0', '1+'] as const), airlines: i % 7 === 5 ? ['EK', 'PK', 'QR'] : [],
      time_of_day: i % 9 === 4 ? ['morning', 'evening'] : [], max_price: i % 11 === 6 ? 400_000 : undefined,
      sort: pick(['price', 'price', 'duration', 'departure'] as SortKey[]), flexible_plus_minus_3: i % 6 === 2,
    };
    out.push({ q, pricing: PRICINGS[i % PRICINGS.length], limit: i % 5 === 1 ? 200 : i % 5 === 3 ? 10 : 50 });
  }
  return out;
}

type Answer = Awaited<ReturnType<FlightSupplierRegistry['search']>>;
/** The answer as the app has it: the route's text (before compression), read back and expanded. */
const asReceived = (r: Answer) => expandSearchResponse(JSON.parse(JSON.stringify(compactSearchResponse(r))));
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Recorded at 420479a over the expanded answer; there the route's own text still matched the digests recorded
 * before the search was made faster (commit 27bdfb6), so these name the same answers.
 */
const EXPECTED: string[] = [
  'dcc2b8700a99b16c', '2e187ecd3c2145d7', 'b5a01d883cd73728', '756b8999be13c440', 'bf5703759c52f6fb', '684eceb42b745e0d',
  'c1593697642f0934', '7609726aa8e5b852', '013510a47c3b5adc', '9e174b97ac1348ad', '6b168f38ee6083fa', '9fb67835fd5f1dc4',
  '33fcb23c18d8c1cd', '9955ca187f91ff62', 'db28d4cc487f4d8b', '56ee7dfce99713b9', 'ea0ea24ae7522e41', 'c40f563c78c24e3f',
  '4df53358237caf75', '5b1832617ec9a0a8', '4e5e2c9f9b69e6c9', 'eca87d13b4e4e990', '08b689fdfc792ede', '651c935cc907ac00',
  '3c06223a62838027', '59dcb52696e5fbcb', '29e0ae3701e07dc3', 'cd44120c4a0e9aaf', 'f759fa3979287ac1', '4a2d34dba32023a9',
  'fdc8d63ee0e8089a', 'e52a051270bce5be', '37568457295224a0', 'faf16dca3f7b0188', '5df9f9e06152b45d', '02216c9f2e6ea8ab',
  'a1f58f257ca11f98', '64f8ebe9d895f9d9', 'd352b1a3c12122f2', '35df64d6b787e7d3', '6305e2eb02df5fbb', '9ae6af705ad91987',
  '1a4268f939d1b7ad', '7ccf3601a906dd47', '624bea787a631f5e', '8cff239aa1c73881', '9d46d6b50dbe94c2', '1e146d76d4d4bdff',
];

describe('flight search answers', () => {
  it('are the same, byte for byte, for a fixed clock, key and sold seats', async () => {
    const seats = new MemorySeatStore();
    const supplier = new EmbeddedFlightSupplier({ network: defaultNetwork(), seats, clock: () => NOW, secret: 'pinned-answers' });
    const registry = new FlightSupplierRegistry([supplier]);
    const all = searches();
    // Sell seats on the first offers of a few searches, so sold counts move booking classes and seats left.
    for (const { q } of all.slice(0, 6)) {
      const first = (await supplier.search({ ...q, stops: 'all', airlines: [], time_of_day: [], max_price: undefined }, { pricing: PUBLIC, limit: 3 })).offers;
      for (const o of first) {
        for (const j of o.journeys) for (const s of j.segments) await seats.consume({ flight_no: s.flight_number, date: s.departure_at.slice(0, 10), cabin: s.cabin }, 7, 1000);
      }
    }
    const got: string[] = [];
    let offers = 0;
    for (const { q, pricing, limit } of all) {
      const r = await registry.search(q, { pricing, limit });
      offers += r.flights.length;
      const received = asReceived(r);
      expect(received).toEqual(r);
      got.push(digest(JSON.stringify(received)));
    }
    expect(offers).toBeGreaterThan(500);
    expect(got).toEqual(EXPECTED);
  });
});
