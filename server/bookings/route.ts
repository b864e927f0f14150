/** How a booking names its route: in list rows (SQL) and on its documents. */
import { sql } from 'drizzle-orm';
import { bookings } from '../db/schema';
import type { FlightOfferDetail } from '../../contract/flights';
import { journeyAirports } from '../../contract/trip-route';

/**
 * A multi-city trip's airports in order, as "KHI-DXB-IST-KHI", for list rows; null for one-way and return trips,
 * which their origin and destination name. Only multi-city rows read their itinerary (a list never reads the rest).
 */
export const multiCityRoute = sql<string | null>`case when ${bookings.flightType} = 'multi-city' then (select (${bookings.itinerary}->'journeys'->0->>'origin') || '-' || string_agg(j->>'destination', '-' order by n) from json_array_elements(${bookings.itinerary}->'journeys') with ordinality as x(j, n)) end`;

/** The route column as the API gives it. */
export const routeList = (joined: string | null) => (joined ? joined.split('-') : null);

/** The airports a booking's documents name: each of a multi-city trip's in order, else its origin and destination. */
export function tripAirports(row: Pick<typeof bookings.$inferSelect, 'flightType' | 'origin' | 'destination' | 'itinerary'>): string[] {
  const journeys = (row.itinerary as FlightOfferDetail | null)?.journeys;
  if (row.flightType !== 'multi-city' || !journeys?.length) return [row.origin, row.destination];
  return journeyAirports(journeys);
}
