import { describe, expect, it } from 'vitest';
import { flightTrip, groupTrips, hotelTrip, localDay, type Trip } from '../../src/features/trips/trips';
import type { BookingRow } from '../../src/features/bookings/api';
import type { HotelBookingListRow } from '../../contract/hotels';

/** My trips' grouping: upcoming until the travel day has passed (the next first), ended bookings apart, past and ended newest first. */
const money = { amount: '100.00', currency: 'PKR' };
const flight = (id: number, departure_date: string, status = 'ticketed'): BookingRow => ({
  id, pnr: `PNR${id}`, status, channel: 'customer', supplier: 'safar', payment_method: 'card', origin: 'KHI', destination: 'DXB', flight_type: 'one-way',
  departure_date, cabin: 'Y', lead_passenger: 'KHAN/ALI', passengers: 2, total: money, payable: money, agent: null, direct: null, offline: false,
  created_at: '2026-01-01T00:00:00Z', ticketed_at: null, hold_expires_at: null, void_window_closes_at: null,
} as BookingRow);
const hotel = (id: number, check_in: string, check_out: string, status = 'confirmed') => ({
  id, reference: `HTL-${id}`, status, check_in, check_out, nights: 2, total: money,
  rooms: [{ adults: 2, children_ages: [5] }, { adults: 1, children_ages: [] }],
  hotel: { name: 'Palm Inn', city: 'Dubai', city_ar: 'دبي' },
} as unknown as HotelBookingListRow);
const refs = (ts: Trip[]) => ts.map((t) => t.reference);

describe('my trips', () => {
  it('maps a flight and a hotel booking to cards that open their own pages', () => {
    expect(flightTrip(flight(7, '2026-06-01'))).toMatchObject({ kind: 'flight', reference: 'PNR7', travelDate: '2026-06-01', travellers: 2, href: '/booking?id=7', flight: { origin: 'KHI', destination: 'DXB', airports: ['KHI', 'DXB'] } });
    // A multi-city trip names each of its airports.
    expect(flightTrip({ ...flight(8, '2026-06-01'), flight_type: 'multi-city', multi_city_route: ['KHI', 'DXB', 'IST'] }).flight?.airports).toEqual(['KHI', 'DXB', 'IST']);
    expect(hotelTrip(hotel(3, '2026-06-01', '2026-06-03'))).toMatchObject({ kind: 'hotel', reference: 'HTL-3', travelDate: '2026-06-03', startDate: '2026-06-01', travellers: 4, href: '/hotel/booking?reference=HTL-3', hotel: { name: 'Palm Inn', city: 'Dubai', cityAr: 'دبي', rooms: 2 } });
  });

  it('upcoming until the day of travel has passed (a stay until check-out), the next first; past and ended ones newest first', () => {
    const trips = [
      flightTrip(flight(1, '2026-05-09')), // yesterday: past
      flightTrip(flight(2, '2026-05-10')), // today: upcoming
      flightTrip(flight(3, '2026-07-01', 'booked')),
      flightTrip(flight(4, '2026-08-01', 'canceled')),
      flightTrip(flight(5, '2026-04-01', 'voided')),
      hotelTrip(hotel(6, '2026-05-08', '2026-05-11')), // checked in, not out yet: upcoming
      hotelTrip(hotel(7, '2026-05-01', '2026-05-03')),
      hotelTrip(hotel(8, '2026-09-01', '2026-09-03', 'expired')),
    ];
    const g = groupTrips(trips, '2026-05-10');
    expect(refs(g.upcoming)).toEqual(['HTL-6', 'PNR2', 'PNR3']);
    expect(refs(g.past)).toEqual(['PNR1', 'HTL-7']);
    expect(refs(g.canceled)).toEqual(['HTL-8', 'PNR4', 'PNR5']);
  });

  it('the day is the reader\'s own calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
