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

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const two = (x: number) => (x < 10 ? `0${x}` : `${x}`);

/**
 * The calendar date `n` days after `day` (YYYY-MM-DD). Built from numbers, not by parsing and printing an ISO
 * string, which cost three times as much, and search works out every night of a stay with it.
 */
export function addDays(day: string, n: number): string {
  const month = Number(day.slice(5, 7)), date = Number(day.slice(8, 10));
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), month - 1, date + n));
  // What Date's own parser refuses (a 31st of February rolls over in both).
  if (!ISO_DAY.test(day) || month < 1 || month > 12 || date < 1 || date > 31 || Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${day}`);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}
