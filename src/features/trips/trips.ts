import type { Money } from '../../../contract/money';
import { routeAirports } from '../../../contract/trip-route';
import type { HotelBookingListRow } from '../../../contract/hotels';
import type { BookingRow } from '../bookings/api';
import type { IconName } from '../../ui/Icon';

/** Flights and hotels have cards of their own; every other product (insurance, visa, package) a generic one. */
export type TripKind = 'flight' | 'hotel' | 'insurance' | 'visa' | 'package';

/**
 * A customer's trips, flights and hotels in one shape, and how My trips groups them. A trip is upcoming until
 * its travel is over: a flight until its departure day has passed, a stay until its check-out day has. Ended
 * bookings (canceled, voided, rejected, an unpaid hotel booking that expired) go to a group of their own whatever
 * their dates, so nobody mistakes them for a trip they are taking.
 */
export interface Trip {
  kind: TripKind;
  id: number;
  /** PNR or hotel reference. */
  reference: string;
  status: string;
  /** The day that decides upcoming or past (departure, check-out), YYYY-MM-DD. */
  travelDate: string;
  /** First day of the trip (departure, check-in). */
  startDate: string;
  /** Last day (check-out) when there is one. */
  endDate: string | null;
  total: Money;
  /** Passengers or guests. */
  travellers: number;
  href: string;
  /** airports: the trip's airports in order (a multi-city trip names each; others their origin and destination). */
  flight?: { origin: string; destination: string; airports: string[]; flightType: string; holdExpiresAt: string | null };
  hotel?: { name: string; city: string; cityAr: string | null; nights: number; rooms: number };
  /**
   * Any other product, already in the reader's words: its title (a plan, a visa, a package), a second line, the
   * status label and the line under the dates (e.g. "2 travellers").
   */
  item?: { icon: IconName; title: string; subtitle: string | null; statusLabel: string; detail: string };
}

const ENDED = new Set(['canceled', 'voided', 'rejected', 'expired']);

export function flightTrip(r: BookingRow): Trip {
  return {
    kind: 'flight', id: r.id, reference: r.pnr, status: r.status, travelDate: r.departure_date, startDate: r.departure_date, endDate: null,
    total: r.total, travellers: r.passengers, href: `/booking?id=${r.id}`,
    flight: { origin: r.origin, destination: r.destination, airports: routeAirports(r), flightType: r.flight_type, holdExpiresAt: r.hold_expires_at },
  };
}

export function hotelTrip(r: HotelBookingListRow): Trip {
  const guests = r.rooms.reduce((n, room) => n + room.adults + (room.children_ages?.length ?? 0), 0);
  return {
    kind: 'hotel', id: r.id, reference: r.reference, status: r.status, travelDate: r.check_out, startDate: r.check_in, endDate: r.check_out,
    total: r.total, travellers: guests, href: `/hotel/booking?reference=${encodeURIComponent(r.reference)}`,
    hotel: { name: r.hotel.name, city: r.hotel.city, cityAr: r.hotel.city_ar ?? null, nights: r.nights, rooms: r.rooms.length },
  };
}

export interface TripGroups { upcoming: Trip[]; past: Trip[]; canceled: Trip[] }

/** Newest first: the latest travel date on top, then the later start, then the higher id (booked later). */
const newestFirst = (a: Trip, b: Trip) => b.travelDate.localeCompare(a.travelDate) || b.startDate.localeCompare(a.startDate) || b.id - a.id;
/** Upcoming trips the next one first, as a traveller reads them: by the day they start (a stay under way leads). */
const soonestFirst = (a: Trip, b: Trip) => a.startDate.localeCompare(b.startDate) || a.travelDate.localeCompare(b.travelDate) || a.id - b.id;

/** `today` is the reader's own calendar day (YYYY-MM-DD): a flight today is still upcoming. */
export function groupTrips(trips: Trip[], today: string): TripGroups {
  const groups: TripGroups = { upcoming: [], past: [], canceled: [] };
  for (const trip of trips) {
    if (ENDED.has(trip.status)) groups.canceled.push(trip);
    else if (trip.travelDate >= today) groups.upcoming.push(trip);
    else groups.past.push(trip);
  }
  groups.upcoming.sort(soonestFirst);
  groups.past.sort(newestFirst);
  groups.canceled.sort(newestFirst);
  return groups;
}

/** The reader's calendar day, not UTC's: late in the evening in Karachi is already tomorrow in UTC+0 terms otherwise. */
export function localDay(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
