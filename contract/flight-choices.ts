/**
 * The search form's choices and limits, apart from flights.ts's schemas so the app's search form (on the home page)
 * needs no validator; flights.ts re-exports them.
 */
export const CABINS = ['Y', 'S', 'C', 'F'] as const;
export type Cabin = (typeof CABINS)[number];
export const CABIN_NAMES: Record<Cabin, string> = { Y: 'Economy', S: 'Premium Economy', C: 'Business', F: 'First' };
export const FLIGHT_TYPES = ['one-way', 'return', 'multi-city'] as const;
export type FlightType = (typeof FLIGHT_TYPES)[number];
export const STOPS = ['all', '0', '1+'] as const;
export type StopsFilter = (typeof STOPS)[number];
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export const SORTS = ['price', 'duration', 'departure'] as const;
export type SortKey = (typeof SORTS)[number];
export type PaxType = 'ADT' | 'CNN' | 'INF';

export const MAX_SEATED = 9;
export const MAX_LEGS = 6;
/** Schedules exist this many days ahead (the embedded supplier's horizon). */
export const MAX_DAYS_AHEAD = 330;

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
