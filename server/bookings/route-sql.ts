import { sql } from 'drizzle-orm';
import { bookings } from '../db/schema';

/**
 * A multi-city trip's airports in order, as "KHI-DXB-IST-KHI", for list rows; null for one-way and return trips,
 * which their origin and destination name. Only multi-city rows read their itinerary (a list never reads the rest).
 */
export const multiCityRoute = sql<string | null>`case when ${bookings.flightType} = 'multi-city' then (select (${bookings.itinerary}->'journeys'->0->>'origin') || '-' || string_agg(j->>'destination', '-' order by n) from json_array_elements(${bookings.itinerary}->'journeys') with ordinality as x(j, n)) end`;

/** The route column as the API gives it. */
export const routeList = (joined: string | null) => (joined ? joined.split('-') : null);
