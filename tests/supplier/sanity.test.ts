import { describe, expect, it } from 'vitest';
import {
  defaultNetwork, EmbeddedFlightSupplier, FlightSupplierRegistry, MemoryOfferStore, MemorySeatStore, PUBLIC,
  OFFER_TTL_MS, type Passenger, type SeatStore,
} from '../../server/suppliers/flight';
import { greatCircleKm } from '../../server/suppliers/flight/geo';
import { airportByCode } from '../../server/reference';
import type { FlightSearchQuery } from '../../contract/flights';

const net = defaultNetwork();
const NOW = Date.UTC(2026, 5, 1, 8);
const ctx = { pricing: PUBLIC };
const oneWay = (origin: string, destination: string, date = '2026-07-15', extra: Partial<FlightSearchQuery> = {}): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin, destination, date }], adults: 1, children: 0, infants: 0, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false, ...extra,
});
/** Rule-of-thumb block time: 40 minutes on the ground and in climb/descent, plus 800 km/h. */
const estimateMin = (km: number) => 40 + (km / 800) * 60;

describe('sanity: real pairs', () => {
  const supplier = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });

  for (const [o, d] of [['KHI', 'DXB'], ['LHE', 'JED'], ['ISB', 'LHR'], ['JFK', 'LHR'], ['SYD', 'SIN'], ['DXB', 'JED']]) {
    it(`${o}-${d} has non-stop options with block times near the great-circle estimate`, async () => {
      const r = await supplier.search(oneWay(o, d, '2026-07-15', { stops: '0' }), ctx);
      expect(r.offers.length).toBeGreaterThan(0);
      const a = airportByCode(o)!, b = airportByCode(d)!;
      const est = estimateMin(greatCircleKm(a.lat, a.lon, b.lat, b.lon));
      for (const offer of r.offers) {
        const s = offer.journeys[0].segments[0];
        expect(offer.stops).toBe(0);
        expect(Math.abs(s.duration_minutes - est) / est).toBeLessThanOrEqual(0.15);
        // Every label the search results show is there.
        expect(s.airline.name).toBeTruthy();
        expect(s.aircraft.name).toBeTruthy();
        expect(s.origin.terminal).toBeTruthy();
        expect(s.departure_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
        expect(s.arriving_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
        expect(s.bags.carry_on).toMatch(/kg/);
        expect(s.bags.checked).toBeTruthy();
      }
    });
  }

  it('connects a remote pair (Corvo in the Azores to Gilgit)', async () => {
    const r = await supplier.search(oneWay('CVU', 'GIL'), ctx);
    expect(r.offers.length).toBeGreaterThan(0);
    expect(r.offers.every((o) => o.stops >= 1 && o.stops <= 2)).toBe(true);
    expect(r.offers[0].journeys[0].layovers.length).toBe(r.offers[0].stops);
  });
});

describe('trip types and offers', () => {
  it('combines return journeys in order and answers flexible dates', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const q: FlightSearchQuery = {
      ...oneWay('LHE', 'JED'), flightType: 'return', flexible_plus_minus_3: true,
      legs: [{ origin: 'LHE', destination: 'JED', date: '2026-07-15' }, { origin: 'JED', destination: 'LHE', date: '2026-07-25' }],
    };
    const r = await s.search(q, ctx);
    expect(r.offers.length).toBeGreaterThan(0);
    for (const o of r.offers) {
      expect(o.journeys.map((j) => [j.origin, j.destination])).toEqual([['LHE', 'JED'], ['JED', 'LHE']]);
      expect(Date.parse(o.journeys[1].departure_at)).toBeGreaterThan(Date.parse(o.journeys[0].arriving_at));
    }
    expect(r.flexible_dates!.map((d) => d.departure_date)).toEqual(['2026-07-12', '2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17', '2026-07-18']);
    expect(r.flexible_dates![3]).toMatchObject({ return_date: '2026-07-25', price: r.offers[0].price });
  });

  it('searches multi-city itineraries of up to six legs', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const legs = [['KHI', 'DXB', '2026-07-01'], ['DXB', 'IST', '2026-07-04'], ['IST', 'LHR', '2026-07-08'], ['LHR', 'JFK', '2026-07-12'], ['JFK', 'DOH', '2026-07-16'], ['DOH', 'KHI', '2026-07-20']]
      .map(([origin, destination, date]) => ({ origin, destination, date }));
    const r = await s.search({ ...oneWay('KHI', 'DXB'), flightType: 'multi-city', legs }, ctx);
    expect(r.offers.length).toBeGreaterThan(0);
    expect(r.offers[0].journeys).toHaveLength(6);
    expect(r.offers[0].journeys.map((j) => j.origin)).toEqual(['KHI', 'DXB', 'IST', 'LHR', 'JFK', 'DOH']);
  });

  it('answers offer details, tells expired from unknown, and re-prices', async () => {
    let now = NOW;
    const offers = new MemoryOfferStore(1000, () => now);
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => now, offers });
    const r = await s.search(oneWay('ISB', 'LHR', '2026-07-15', { adults: 2, children: 1, infants: 1 }), ctx);
    const id = r.offers[0].id;
    expect(Date.parse(r.offers[0].expires_at)).toBe(NOW + OFFER_TTL_MS);
    const ok = await s.getOffer(id, ctx);
    expect(ok.status).toBe('ok');
    if (ok.status === 'ok') {
      expect(ok.offer.fare_rules.refundable).toBe(ok.offer.refundable);
      expect(ok.offer.fare_rules.no_show_fee.currency).toBe("PKR");
      expect(ok.offer.fares.map((f) => f.type)).toEqual(['ADT', 'CNN', 'INF']);
      expect(ok.offer.passengers).toEqual({ adults: 2, children: 1, infants: 1 });
    }
    expect((await s.getOffer('nonsense', ctx)).status).toBe('unknown');
    expect((await s.price(id, ctx)).status).toBe('confirmed');
    // Another server (empty store) still knows the offer from its id.
    const other = new EmbeddedFlightSupplier({ network: net, clock: () => now });
    expect((await other.getOffer(id, ctx)).status).toBe('ok');
    now = NOW + OFFER_TTL_MS + 1000;
    expect((await s.getOffer(id, ctx)).status).toBe('expired');
    expect((await other.getOffer(id, ctx)).status).toBe('expired');
    expect((await s.price(id, ctx)).status).toBe('expired');
  });

  it('books real seats, and releases them on cancel', async () => {
    const seats = new MemorySeatStore();
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW, seats });
    const r = await s.search(oneWay('KHI', 'DXB', '2026-07-15', { adults: 2, stops: '0' }), ctx);
    const offer = r.offers[0];
    const seg = offer.journeys[0].segments[0];
    const pax = (type: Passenger['type'], first: string): Passenger => ({ type, title: 'MR', first_name: first, last_name: 'KHAN', gender: 'M', dob: '1990-01-01', nationality: 'PK', document_type: 'passport', document_no: 'AB1234567', expiry_date: '2030-01-01', issue_country: 'PK' });
    const booked = await s.book(offer.id, [pax('ADT', 'ALI'), pax('ADT', 'OMAR')], { email: 'a@b.pk', phone: '+923001234567', country: 'PK' }, ctx);
    expect(booked.status).toBe('booked');
    if (booked.status !== 'booked') return;
    expect(booked.order.pnr).toMatch(/^[A-Z2-9]{6}$/);
    const key = { flight_no: seg.flight_number, date: seg.departure_at.slice(0, 10), cabin: seg.cabin };
    expect(await seats.sold([key])).toEqual([2]);
    expect((await s.retrieve(booked.order.pnr))?.status).toBe('booked');
    const ticketed = await s.ticket(booked.order);
    expect(ticketed.tickets).toHaveLength(2);
    const voided = await s.void(ticketed);
    expect(voided.status).toBe('voided');
    expect(await seats.sold([key])).toEqual([0]);
    await expect(s.cancel(voided)).rejects.toThrow();
  });

  it('prices with real sales the same whether the store answers by date or by key', async () => {
    const q = oneWay('KHI', 'DXB', '2026-07-15', { adults: 2 });
    const seats = new MemorySeatStore();
    const before = await new EmbeddedFlightSupplier({ network: net, clock: () => NOW, seats }).search(q, ctx);
    // Sell most of the cabin on the first few flights shown: their booking class, price or place must move.
    for (const o of before.offers.slice(0, 5)) {
      const seg = o.journeys[0].segments[0];
      await seats.consume({ flight_no: seg.flight_number, date: seg.departure_at.slice(0, 10), cabin: seg.cabin }, 120, 1000);
    }
    const byDate = await new EmbeddedFlightSupplier({ network: net, clock: () => NOW, seats }).search(q, ctx);
    // The same counts through sold(keys) alone, as a store without soldOnDates gives them.
    const keysOnly: SeatStore = { sold: (k) => seats.sold(k), consume: (k, n, c) => seats.consume(k, n, c), release: (k, n) => seats.release(k, n) };
    const byKey = await new EmbeddedFlightSupplier({ network: net, clock: () => NOW, seats: keysOnly }).search(q, ctx);
    expect(byDate).toEqual(byKey);
    expect(byDate.offers.map((o) => o.price)).not.toEqual(before.offers.map((o) => o.price));
  });

  it('merges suppliers through the registry into the response shape', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const registry = new FlightSupplierRegistry([s]);
    const q = oneWay('KHI', 'DXB');
    const r = await registry.search(q, { pricing: PUBLIC, limit: 10 });
    // The ten best, then each other airline's cheapest.
    expect(r.flights.length).toBe(10 + r.available_airlines.filter((a) => !r.flights.slice(0, 10).some((o) => o.validating_airline.code === a.code)).length);
    expect(r.previous_search).toBe(q);
    expect(r.available_airlines.length).toBeGreaterThan(3);
    expect(registry.get('safar')).toBe(s);
    expect(() => registry.register(s)).toThrow();
  });
});

describe('available airlines on a return trip', () => {
  it('lists every airline flying both legs, each from the fare its filter then shows first', async () => {
    const supplier = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const q: FlightSearchQuery = { ...oneWay('KHI', 'DXB'), flightType: 'return', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15' }, { origin: 'DXB', destination: 'KHI', date: '2026-07-22' }] };
    const r = await supplier.search(q, ctx);
    const codes = r.available_airlines.map((a) => a.code);
    // More airlines than the cheapest combinations alone would show (they are a few low-cost carriers): each other
    // airline's cheapest offer follows the page, at the fare the list gives it.
    expect(new Set(r.offers.slice(0, 50).map((o) => o.validating_airline.code)).size).toBeLessThan(codes.length);
    for (const a of r.available_airlines) {
      expect(r.offers.some((o) => o.validating_airline.code === a.code && o.price.amount === a.min_price.amount), a.code).toBe(true);
    }
    for (const code of ['EK', 'PK']) {
      const listed = r.available_airlines.find((a) => a.code === code);
      expect(listed, code).toBeTruthy();
      const filtered = await supplier.search({ ...q, airlines: [code] }, ctx);
      expect(filtered.offers[0].price.amount).toBe(listed!.min_price.amount);
    }
  });
});
