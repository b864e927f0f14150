import { describe, expect, it } from 'vitest';
import type { Booking } from '../../contract/bookings';
import { reissueSearch, tripOf } from '../../src/features/bookings/reissue-api';

/** A ticketed booking of two adults and a child in economy over the given flights. */
const booking = (flight_type: string, journeys: [string, string, string][]) => ({
  id: 7, status: 'ticketed', flight_type, origin: journeys[0][0], destination: journeys[0][1], departure_date: journeys[0][2],
  itinerary: {
    cabin_class: 'Y', passengers: { adults: 2, children: 1, infants: 0 },
    journeys: journeys.map(([origin, destination, day]) => ({ origin, destination, departure_at: `${day}T09:30:00+05:00` })),
  },
}) as unknown as Booking;
const party = { adults: 2, children: 1, infants: 0, cabin_class: 'Y', limit: 20 };

describe('change date: the trip searched again', () => {
  it('a one-way trip searches its route on the new day', () => {
    const trip = tripOf(booking('one-way', [['KHI', 'DXB', '2026-12-16']]))!;
    expect(trip).toMatchObject({ id: 7, kind: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-12-16' }] });
    expect(reissueSearch({ trip, dates: ['2026-12-20'] })).toEqual({ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2026-12-20', ...party });
  });

  it('a return trip searches both days', () => {
    const trip = tripOf(booking('return', [['KHI', 'DXB', '2026-12-16'], ['DXB', 'KHI', '2026-12-30']]))!;
    expect(trip.legs.map((l) => l.date)).toEqual(['2026-12-16', '2026-12-30']);
    expect(reissueSearch({ trip, dates: ['2026-12-18', '2027-01-02'] }))
      .toEqual({ flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: '2026-12-18', return_date: '2027-01-02', ...party });
  });

  it('a multi-city trip searches each of its flights on its own new day', () => {
    const trip = tripOf(booking('multi-city', [['KHI', 'DXB', '2026-12-16'], ['DXB', 'IST', '2026-12-20'], ['IST', 'LHE', '2026-12-28']]))!;
    expect(trip.kind).toBe('multi-city');
    expect(reissueSearch({ trip, dates: ['2026-12-16', '2026-12-22', '2027-01-03'] })).toEqual({
      flightType: 'multi-city', ...party,
      trips: [{ origin: 'KHI', destination: 'DXB', date: '2026-12-16' }, { origin: 'DXB', destination: 'IST', date: '2026-12-22' }, { origin: 'IST', destination: 'LHE', date: '2027-01-03' }],
    });
  });

  it('a booking without an itinerary (made by hand) has no trip to search', () => {
    expect(tripOf({ ...booking('one-way', [['KHI', 'DXB', '2026-12-16']]), itinerary: null } as unknown as Booking)).toBeNull();
  });
});
