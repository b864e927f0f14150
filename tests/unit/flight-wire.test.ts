/**
 * GET /flights leaves out of each row and journey what arrival can work out again (the answer's common expiry and
 * cabin, the validating airline's name, the carriers, duration and seats a row's journeys already say, a journey's
 * ends), and send a segment that journeys share once. These pin both halves: an offer whose values follow its
 * journeys travels without them, and one whose values do not (as another supplier's may) keeps every one, and the
 * app reads both back as the search made them.
 */
import { describe, expect, it } from 'vitest';
import type { Bags, FlightOffer, FlightSearchQuery, FlightSearchResponse, Journey, Segment } from '../../contract/flights';
import { compactSearchResponse, expandSearchResponse, type FlightSearchWire } from '../../contract/flight-wire';
import { toMoney } from '../../contract/money';

const BAGS: Bags = { carry_on: '7 kg', checked: '1 × 23 kg', carry_on_kg: 7, checked_pieces: 1, checked_kg: 23 };
const place = (code: string, city: string, terminal: string | null = null) => ({ code, name: `${city} International`, city, country: 'AE', terminal });

function segment(airline: string, from: string, to: string, dep: string, arr: string, seats: number): Segment {
  return {
    airline: { code: airline, name: `${airline} Airways` }, flight_number: `${airline}101`, aircraft: { code: '320', name: 'Airbus A320' },
    origin: place(from, from), destination: place(to, to), departure_at: dep, arriving_at: arr, duration_minutes: 120, cabin: 'Y',
    booking_class: 'Q', seats_left: seats, bags: BAGS,
  };
}

const out: Journey = {
  origin: 'KHI', destination: 'DXB', departure_at: '2026-12-23T19:45:00+05:00', arriving_at: '2026-12-24T08:00:00+04:00', duration_minutes: 795, stops: 1,
  layovers: [{ airport: 'AUH', city: 'AUH', duration_minutes: 595, change_of_terminal: true, overnight: true }],
  segments: [
    segment('9P', 'KHI', 'AUH', '2026-12-23T19:45:00+05:00', '2026-12-23T21:10:00+04:00', 9),
    segment('FZ', 'AUH', 'DXB', '2026-12-24T07:05:00+04:00', '2026-12-24T08:00:00+04:00', 4),
  ],
};
const back: Journey = {
  origin: 'DXB', destination: 'KHI', departure_at: '2026-12-30T10:00:00+04:00', arriving_at: '2026-12-30T14:10:00+05:00', duration_minutes: 190, stops: 0,
  layovers: [], segments: [segment('9P', 'DXB', 'KHI', '2026-12-30T10:00:00+04:00', '2026-12-30T14:10:00+05:00', 6)],
};
/** A journey named by its city, not its first airport, as a supplier might: its ends travel as they are. */
const byCity: Journey = { ...back, origin: 'DXB-CITY', departure_at: '2026-12-30T09:59:00+04:00' };

const pkr = (minor: number) => toMoney(minor, 'PKR');
function offer(id: string, journeys: Journey[], extra: Partial<FlightOffer> = {}): FlightOffer {
  return {
    id, supplier: 'safar', is_sooper_flight: false, expires_at: '2026-12-03T07:00:00.000Z', validating_airline: { code: '9P', name: '9P Airways' },
    airlines: ['9P', 'FZ'], cabin_class: 'Y', fare_family: 'Economy Basic', refundable: false, journeys, stops: 1, duration_minutes: 985, seats_left: 4,
    price: pkr(23_702_400), price_per_adult: pkr(8_416_300),
    fares: [{ type: 'ADT', count: 2, base: pkr(5_898_300), taxes: pkr(2_518_000), total_per_person: pkr(8_416_300), total: pkr(16_832_600) }],
    ...extra,
  };
}

const query = { flightType: 'return', legs: [], adults: 2, children: 0, infants: 0, cabin_class: 'Y' } as unknown as FlightSearchQuery;
const answer = (flights: FlightOffer[]): FlightSearchResponse => ({ flights, available_airlines: [], total: flights.length, previous_search: query });
const travel = (r: FlightSearchResponse) => JSON.parse(JSON.stringify(compactSearchResponse(r))) as FlightSearchWire;

describe('the flight search answer on the wire', () => {
  it('leaves out what a row and its journeys already say, and gives it back on arrival', () => {
    const r = answer([offer('a', [out, back])]);
    const wire = travel(r);
    const row = wire.flights[0] as unknown as Record<string, unknown>;
    for (const left of ['expires_at', 'cabin_class', 'airlines', 'duration_minutes', 'seats_left']) expect(row).not.toHaveProperty(left);
    expect(row.validating_airline).toEqual({ code: '9P' });
    expect(row.price_per_adult).toEqual({ amount: '84163.00' });
    expect(wire.row_defaults).toEqual({ expires_at: '2026-12-03T07:00:00.000Z', cabin_class: 'Y' });
    expect(wire.journeys.j1.slice(0, 4)).toEqual([null, null, null, null]);
    expect(expandSearchResponse(wire)).toEqual(r);
  });

  it('keeps every value arrival could not work out', () => {
    const odd = offer('b', [out, byCity], {
      expires_at: '2026-12-03T07:05:00.000Z', cabin_class: 'C', validating_airline: { code: '9P', name: 'Fly Jinnah' }, airlines: ['FZ', '9P'],
      duration_minutes: 1000, seats_left: 2, price_per_adult: toMoney(8_416_300, 'USD'),
    });
    const r = answer([offer('a', [out, back]), odd]);
    const wire = travel(r);
    const row = wire.flights[1];
    expect(row).toMatchObject({
      expires_at: '2026-12-03T07:05:00.000Z', cabin_class: 'C', validating_airline: { code: '9P', name: 'Fly Jinnah' }, airlines: ['FZ', '9P'],
      duration_minutes: 1000, seats_left: 2, price_per_adult: { amount: '84163.00', currency: 'USD' },
    });
    const [origin, destination, departure] = wire.journeys[row.journey_ids[1]];
    expect([origin, destination, departure]).toEqual(['DXB-CITY', null, '2026-12-30T09:59:00+04:00']);
    expect(expandSearchResponse(wire)).toEqual(r);
  });

  it('sends a segment that journeys share once, and gives each journey it back', () => {
    const later = segment('FZ', 'AUH', 'DXB', '2026-12-24T09:05:00+04:00', '2026-12-24T10:00:00+04:00', 3);
    const other: Journey = { ...out, arriving_at: '2026-12-24T10:00:00+04:00', duration_minutes: 915, segments: [out.segments[0], later] };
    const r = answer([offer('a', [out, back]), offer('b', [other, back])]);
    const wire = travel(r);
    expect(wire.segments).toHaveLength(4); // out's two, back's one and the later connection
    const first = (row: number) => wire.journeys[wire.flights[row].journey_ids[0]][7];
    expect(first(1)[0]).toBe(first(0)[0]);
    expect(first(1)[1]).not.toBe(first(0)[1]);
    expect(expandSearchResponse(wire)).toEqual(r);
  });

  it('carries an answer with no offers', () => {
    const r = answer([]);
    const wire = travel(r);
    expect(wire.row_defaults).toBeUndefined();
    expect(expandSearchResponse(wire)).toEqual(r);
  });
});
