import { describe, expect, it } from 'vitest';
import {
  agentMarginAmount, airlineMarginAmount, applyMargins, customerMarginAmount, defaultNetwork, EmbeddedFlightSupplier,
  PUBLIC, type PricingContext,
} from '../../server/suppliers/flight';
import { advanceFactor, bookingClass, journeyTaxes, journeyTaxTotal, sectorBase } from '../../server/suppliers/flight/fares';
import { itinerariesOn } from '../../server/suppliers/flight/connections';
import { parseMinor } from '../../contract/money';
import type { FlightSearchQuery } from '../../contract/flights';

const net = defaultNetwork();
const idx = (c: string) => net.index.get(c)!;
const NOW = Date.UTC(2026, 5, 1);
const minor = (m: { amount: string }) => parseMinor(m.amount)!;
const query = (extra: Partial<FlightSearchQuery> = {}): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15' }], adults: 2, children: 1, infants: 1,
  cabin_class: 'Y', stops: '0', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false, ...extra,
});

describe('fare construction', () => {
  it('grows with distance and cabin', () => {
    expect(sectorBase(3000, 'Y')).toBeGreaterThan(sectorBase(1000, 'Y'));
    expect(sectorBase(1000, 'S')).toBeGreaterThan(sectorBase(1000, 'Y'));
    expect(sectorBase(1000, 'C')).toBeGreaterThan(sectorBase(1000, 'S'));
    expect(sectorBase(1000, 'F')).toBeGreaterThan(sectorBase(1000, 'C'));
    expect(sectorBase(1000, 'Y') % 100).toBe(0); // whole rupees
  });

  it('rises as seats sell and as departure nears', () => {
    expect(bookingClass('Y', 0.1)).toMatchObject({ code: 'V' });
    expect(bookingClass('Y', 0.99)).toMatchObject({ code: 'Y' });
    expect(bookingClass('Y', 0.9).factor).toBeGreaterThan(bookingClass('Y', 0.2).factor);
    expect(advanceFactor(1)).toBeGreaterThan(advanceFactor(10));
    expect(advanceFactor(10)).toBeGreaterThan(advanceFactor(30));
    expect(advanceFactor(30)).toBeGreaterThan(advanceFactor(90));
  });

  it('prices the same flight higher close to departure', async () => {
    const early = new EmbeddedFlightSupplier({ network: net, clock: () => Date.UTC(2026, 0, 5) });
    const late = new EmbeddedFlightSupplier({ network: net, clock: () => Date.UTC(2026, 6, 14) });
    const a = await early.search(query(), { pricing: PUBLIC });
    const b = await late.search(query(), { pricing: PUBLIC });
    const fare = (r: typeof a, no: string) => r.offers.find((o) => o.journeys[0].segments[0].flight_number === no)?.price_per_adult;
    const no = b.offers[0].journeys[0].segments[0].flight_number;
    expect(minor(fare(b, no)!)).toBeGreaterThan(minor(fare(a, no)!));
  });

  it('charges children 75 % and infants 10 % of the adult base, with taxes as separate lines', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const r = await s.search(query(), { pricing: PUBLIC });
    const detail = await s.getOffer(r.offers[0].id, { pricing: PUBLIC });
    if (detail.status !== 'ok') throw new Error(detail.status);
    const [adt, cnn, inf] = detail.offer.fares;
    expect([adt.type, cnn.type, inf.type]).toEqual(['ADT', 'CNN', 'INF']);
    expect(adt.count).toBe(2);
    expect(Math.abs(minor(cnn.base) - minor(adt.base) * 0.75)).toBeLessThanOrEqual(100);
    expect(Math.abs(minor(inf.base) - minor(adt.base) * 0.1)).toBeLessThanOrEqual(100);
    for (const f of detail.offer.fares) {
      expect(minor(f.total_per_person)).toBe(minor(f.base) + minor(f.taxes));
      expect(f.taxes_breakdown.reduce((s, l) => s + minor(l.amount), 0)).toBe(minor(f.taxes));
    }
    expect(adt.taxes_breakdown.map((l) => l.code)).toEqual(['PSC', 'SEC', 'INT', 'DUT']);
    expect(inf.taxes_breakdown.map((l) => l.code)).toEqual(['DUT']); // infants pay no airport charges
    expect(minor(detail.offer.price)).toBe(detail.offer.fares.reduce((s, f) => s + minor(f.total), 0));
    expect(detail.offer.price.currency).toBe('PKR');
    expect(inf.bags.checked).toBe('1 × 10 kg');
  });

  it('taxes domestic journeys at the lower duty and without the international departure tax', () => {
    const [it] = itinerariesOn(net, idx('KHI'), idx('ISB'), '2026-07-15', NOW, 0);
    const lines = journeyTaxes(net, it.flights, 'ADT', 1_000_000);
    expect(lines.map((l) => l.code)).toEqual(['PSC', 'SEC', 'DUT']);
    expect(lines.find((l) => l.code === 'DUT')!.amount).toBe(50_000);
  });

  it('totals taxes without spelling the lines to the same amount as the lines, for every passenger type', () => {
    let checked = 0;
    for (const [o, d] of [['KHI', 'ISB'], ['KHI', 'LHR'], ['ISB', 'JFK'], ['LHE', 'DXB']] as const) {
      for (const it of itinerariesOn(net, idx(o), idx(d), '2026-07-15', NOW, 2).slice(0, 20)) {
        for (const pax of ['ADT', 'CNN', 'INF'] as const) {
          const base = 1_234_500 * (it.flights.length + 1);
          expect(journeyTaxTotal(net, it.flights, pax, base)).toBe(journeyTaxes(net, it.flights, pax, base).reduce((s, l) => s + l.amount, 0));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives low-cost economy no free checked bag, full-service economy one', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const r = await s.search(query(), { pricing: PUBLIC });
    const fz = r.offers.find((o) => o.validating_airline.code === 'FZ')!;
    const ek = r.offers.find((o) => o.validating_airline.code === 'EK')!;
    expect(fz.fare_family).toBe('Economy Basic');
    expect(fz.journeys[0].segments[0].bags.checked_pieces).toBe(0);
    expect(ek.journeys[0].segments[0].bags).toMatchObject({ carry_on: '1 × 7 kg', checked: '1 × 23 kg' });
    const business = await s.search(query({ cabin_class: 'C' }), { pricing: PUBLIC });
    expect(business.offers[0].journeys[0].segments[0].bags.checked_pieces).toBe(2);
  });
});

describe('margins', () => {
  it('applies airline markups and discounts, fixed per passenger or percent of base', () => {
    const m = [
      { airline: 'EK', type: 'markup', mode: 'percent', value: 10 },
      { airline: 'EK', type: 'discount', mode: 'fixed', value: 50_000 },
      { airline: 'PK', type: 'markup', mode: 'fixed', value: 100_000 },
    ] as const;
    expect(airlineMarginAmount(1_000_000, 'ADT', 'EK', m)).toBe(100_000 - 50_000);
    expect(airlineMarginAmount(1_000_000, 'INF', 'EK', m)).toBe(100_000); // fixed amounts skip infants
    expect(airlineMarginAmount(1_000_000, 'ADT', 'PK', m)).toBe(100_000);
    expect(airlineMarginAmount(1_000_000, 'ADT', 'QR', m)).toBe(0);
  });

  it('applies customer margin values: margin %, discount %, other charges', () => {
    const c = { margin_percent: 5, discount_percent: 2, other_charges: 150_000 };
    expect(customerMarginAmount(1_000_000, 'ADT', c)).toBe(50_000 - 20_000 + 150_000);
    expect(customerMarginAmount(1_000_000, 'INF', c)).toBe(30_000);
    expect(customerMarginAmount(1_000_000, 'ADT', null)).toBe(0);
  });

  it('applies agent markup and discount per seated passenger', () => {
    const a = { markup_per_pax: 200_000, discount_per_pax: 50_000 };
    expect(agentMarginAmount('ADT', a)).toBe(150_000);
    expect(agentMarginAmount('CNN', a)).toBe(150_000);
    expect(agentMarginAmount('INF', a)).toBe(0);
  });

  it('orders airline then channel margins, only the asker’s channel, never below zero', () => {
    const ctx: PricingContext = {
      kind: 'public',
      airlineMargins: [{ airline: 'EK', type: 'markup', mode: 'percent', value: 10 }],
      customerMargin: { margin_percent: 10, discount_percent: 0, other_charges: 0 },
      agentMargin: { markup_per_pax: 999_999, discount_per_pax: 0 },
    };
    expect(applyMargins(1_000_000, 'ADT', 'EK', ctx)).toEqual({ supplier: 1_000_000, airline: 100_000, channel: 110_000, base: 1_210_000 });
    // Whole rupees like every price: a markup of 9,999.99 is 10,000.
    expect(applyMargins(1_000_000, 'ADT', 'EK', { ...ctx, kind: 'agent' }).channel).toBe(1_000_000);
    expect(applyMargins(100_000, 'ADT', 'EK', { kind: 'agent', agentMargin: { markup_per_pax: 0, discount_per_pax: 500_000 } }).base).toBe(0);
  });

  it('every price is whole rupees, whatever the margins: fares, taxes, totals per person and per offer', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const pricing: PricingContext = {
      kind: 'public', airlineMargins: [{ airline: 'EK', type: 'markup', mode: 'percent', value: 3.7 }],
      customerMargin: { margin_percent: 7.3, discount_percent: 1.1, other_charges: 12_345 },
    };
    const { offers } = await s.search(query({ adults: 2, children: 1, infants: 1 }), { pricing });
    expect(offers.length).toBeGreaterThan(0);
    const cents = offers.flatMap((o) => [o.price, ...o.fares.flatMap((f) => [f.base, f.taxes, f.total_per_person, f.total])]).filter((m) => !m.amount.endsWith('.00'));
    expect(cents).toEqual([]);
  });

  it('prices the same offer differently for a customer and an agent, taxes unchanged', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const publicCtx = { pricing: { kind: 'public', customerMargin: { margin_percent: 8, discount_percent: 0, other_charges: 100_000 } } as PricingContext };
    const agentCtx = { pricing: { kind: 'agent', agentMargin: { markup_per_pax: 0, discount_per_pax: 200_000 } } as PricingContext };
    const q = query({ airlines: ['EK'] });
    const pub = await s.search(q, publicCtx);
    const agt = await s.search(q, agentCtx);
    const no = pub.offers[0].journeys[0].segments[0].flight_number;
    const p = pub.offers.find((o) => o.journeys[0].segments[0].flight_number === no)!;
    const a = agt.offers.find((o) => o.journeys[0].segments[0].flight_number === no)!;
    expect(minor(p.price)).toBeGreaterThan(minor(a.price));
    expect(p.fares.map((f) => f.taxes.amount)).toEqual(a.fares.map((f) => f.taxes.amount));
    // The offer id is tied to the asker: the other asker gets it re-priced for them.
    const asAgent = await s.getOffer(p.id, agentCtx);
    expect(asAgent.status === 'ok' && asAgent.offer.price.amount).toBe(a.price.amount);
  });
});
