/**
 * Pins what GET /flights answers, byte for byte: the same searches (fixed clock, seed, key and sold seats) must
 * give the same offers, prices, ids, order, airline lists and flexible days as when the digests were recorded.
 * Speed work on search (pricing, itinerary building, serialisation) must leave every digest as it is; a change
 * meant to alter results records new ones and says why.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, compactSearchResponse, type Cabin, type FlightSearchQuery, type SortKey } from '../../contract/flights';
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

/** The answer's text as the route sends it, before compression. */
const answerText = (r: Awaited<ReturnType<FlightSupplierRegistry['search']>>) => JSON.stringify(compactSearchResponse(r));
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Recorded before the search speed work of issue 13 (commit 27bdfb6). */
const EXPECTED: string[] = [
  '69ecbb1929f39ba3', '5913e6754a9b78fe', '7da3063674a09bfd', '73d6caae70f01e07', 'c4afc04530a6d4f5', '7eb4f94e4496cb05',
  'fef8d4c4be67e9e8', '0bf5e4693d291f26', '3345e417048b7f79', '65531d864e479fe4', 'baaaf78fd2f27f3a', '6f2c5fd8e4837847',
  '2682922947888c30', '7bd4cc2678709c99', '3bcd857bce07f417', '9ca996e6bf91fe21', 'faa1385f10334df1', 'b4ca9f508cac8642',
  '0cdf9bb55db6f1ea', 'a6dc0527a1823e15', 'bf02aa7d93177ece', '821c1fa96b91ced0', '0844c9b89606064a', '215bc7cb1e09a251',
  '2b60581af40c87b6', '8d450b6df96c8902', '0c956221af2b876f', 'afc85aae24eb2f7b', '41668f04e1ebe321', '3db49ed22ccbaea4',
  '959e953b48b3263b', '541dca2824567349', 'beefa8340be2a039', 'aa9169d41ee8634c', '976b60c427ef654b', '8b78aff2d5897613',
  '447ad45651ef7b8d', '8d6584e928b0e434', '0d26bf718779241f', '0faa1cd6ce2d27f7', 'ccc94047c7926002', 'cc6ac76a0c10cd34',
  '0f5b83ce9228dc61', '47647605674964cd', '4badad5f20e8bd7a', 'a6dc7566dea32790', 'f6b92b9923b6c08f', '3bd4d1d22bf90ad2',
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
      got.push(digest(answerText(r)));
    }
    expect(offers).toBeGreaterThan(500);
    expect(got).toEqual(EXPECTED);
  });
});
