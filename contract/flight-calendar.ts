/**
 * The flexible-dates price calendar: a month of lowest one-way prices per day, and the return-trip grid of ±3 days
 * around a chosen departure and return. The airports, travellers and cabin follow the flight search's own rules
 * and messages (validateFlightSearch), so a calendar never accepts what the search would refuse.
 */
import * as v from 'valibot';
import type { Money } from './money';
import { validateFlightSearch, todayInZone, type FlightSearchQuery } from './flights';

/** A calendar reaches this many months after the current one. */
export const CALENDAR_MONTHS_AHEAD = 12;
/** The grid spans this many days either side of the chosen departure and return dates. */
export const GRID_SPREAD = 3;

export const CALENDAR_MESSAGES = {
  monthFormat: 'Enter a month as YYYY-MM.',
  pastMonth: 'The month cannot be in the past.',
  monthTooFar: 'Price calendars reach 12 months ahead.',
} as const;

/** Where a day's lowest price sits in the route's own spread: the lowest quarter, the middle half, the top quarter. */
export type PriceMark = 'low' | 'typical' | 'high';

export interface CalendarDay { date: string; price: Money | null; mark: PriceMark | null }
export interface FlightCalendar { origin: string; destination: string; month: string; adults: number; cabin_class: FlightSearchQuery['cabin_class']; days: CalendarDay[] }
export interface GridCell { departure_date: string; return_date: string; price: Money | null; mark: PriceMark | null }
export interface FlightGrid { origin: string; destination: string; adults: number; cabin_class: FlightSearchQuery['cabin_class']; cells: GridCell[] }

export interface CalendarQuery { month: string; search: FlightSearchQuery }
export type CalendarValidation<T> = { success: true; output: T } | { success: false; errors: Record<string, string[]> };

interface Options { isAirport?: (code: string) => boolean; now?: Date }

export const month = v.pipe(v.string(CALENDAR_MESSAGES.monthFormat), v.trim(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, CALENDAR_MESSAGES.monthFormat));
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** The search's shared fields: a one-way search on today checks them with the search's own rules. */
const searchFields = (input: Record<string, unknown>) => ({
  origin: input.origin, destination: input.destination, adults: input.adults, children: input.children, infants: input.infants,
  cabin_class: input.cabin_class,
});

/** GET /flights/calendar: `month` (YYYY-MM, this month up to 12 ahead), airports, party and cabin as the search has them. */
export function validateCalendar(input: Record<string, unknown>, opts: Options = {}): CalendarValidation<CalendarQuery> {
  const today = todayInZone('Etc/GMT+12', opts.now);
  const checked = validateFlightSearch({ ...searchFields(input), departure_date: today }, { isAirport: opts.isAirport, today });
  const errors: Record<string, string[]> = checked.success ? {} : { ...checked.errors };
  delete errors.departure_date; // today was put there only to check the other fields
  const m = v.safeParse(month, input.month ?? '');
  if (!m.success) errors.month = [CALENDAR_MESSAGES.monthFormat];
  else if (monthIndex(m.output) < monthIndex(today)) errors.month = [CALENDAR_MESSAGES.pastMonth];
  else if (monthIndex(m.output) > monthIndex(today) + CALENDAR_MONTHS_AHEAD) errors.month = [CALENDAR_MESSAGES.monthTooFar];
  if (Object.keys(errors).length > 0 || !checked.success || !m.success) return { success: false, errors };
  return { success: true, output: { month: m.output, search: checked.output } };
}

/** GET /flights/calendar/grid: `depart` and `return` follow a return search's date rules; errors keep those names. */
export function validateGrid(input: Record<string, unknown>, opts: Options = {}): CalendarValidation<FlightSearchQuery> {
  const today = todayInZone('Etc/GMT+12', opts.now);
  const checked = validateFlightSearch(
    { ...searchFields(input), flightType: 'return', departure_date: input.depart, return_date: input.return ?? '' },
    { isAirport: opts.isAirport, today });
  if (checked.success) return checked;
  const renamed: Record<string, string> = { departure_date: 'depart', return_date: 'return' };
  return { success: false, errors: Object.fromEntries(Object.entries(checked.errors).map(([k, e]) => [renamed[k] ?? k, e])) };
}

/**
 * Marks from the quartiles of the prices present: at or under the first quartile is low, at or over the third is
 * high, the rest typical. Fewer than four prices make no spread, so those are all typical.
 */
export function priceMarks(prices: (number | null)[]): (PriceMark | null)[] {
  const known = prices.filter((p): p is number => p !== null).sort((a, b) => a - b);
  const at = (q: number) => known[Math.min(known.length - 1, Math.floor(q * (known.length - 1)))];
  const low = at(0.25), high = at(0.75);
  return prices.map((p) => {
    if (p === null) return null;
    if (known.length < 4 || low === high) return 'typical';
    return p <= low ? 'low' : p >= high ? 'high' : 'typical';
  });
}
