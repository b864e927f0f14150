/**
 * Flight search: the query, its validation rules, and the shapes of results and offer details.
 * Imported by the app and the server alike, so nothing here may need Node: the airport check is a
 * function the caller passes (the server knows the airports, the app may pass its loaded list or nothing).
 */
import type { PayWith } from './pay-with';
import * as v from 'valibot';
import type { Money } from './money';

export {
  CABINS, CABIN_NAMES, FLIGHT_TYPES, MAX_DAYS_AHEAD, MAX_LEGS, MAX_SEATED, SORTS, STOPS, TIMES_OF_DAY,
  type Cabin, type FlightType, type PaxType, type SortKey, type StopsFilter, type TimeOfDay,
} from './flight-choices';
import { CABINS, TIMES_OF_DAY, type Cabin, type FlightType, type PaxType, type SortKey, type StopsFilter, type TimeOfDay } from './flight-choices';
export { addDays } from './flight-choices';

export { MESSAGES } from './flight-rules';
import { MESSAGES, searchRuleErrors } from './flight-rules';

// ---- query-string tolerant pieces -------------------------------------------------------------

const code = v.pipe(v.string(MESSAGES.airportRequired), v.trim(), v.toUpperCase(), v.nonEmpty(MESSAGES.airportRequired), v.regex(/^[A-Z]{3}$/, MESSAGES.unknownAirport));
const date = v.pipe(v.string(MESSAGES.dateFormat), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateFormat), v.check(isRealDate, MESSAGES.dateFormat));
const count = (min: number, message: string = MESSAGES.count) => v.optional(v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, MESSAGES.count), v.transform(Number))], MESSAGES.count),
  v.integer(MESSAGES.count), v.minValue(min, message), v.maxValue(99, MESSAGES.tooMany)), min);
const bool = v.optional(v.pipe(v.union([v.boolean(), v.string(), v.number()]), v.transform((x) => x === true || x === 1 || x === '1' || x === 'true')), false);
/** Comma lists ("EK,QR") or repeated query keys (["EK","QR"]) both arrive as a list. */
const list = <T extends string>(item: v.GenericSchema<string, T>, message: string) => v.optional(v.pipe(
  v.union([v.string(), v.array(v.string())], message),
  v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
  v.array(item, message)));

const STOP_ALIASES: Record<string, StopsFilter> = { all: 'all', '0': '0', 'non-stop': '0', nonstop: '0', direct: '0', '1+': '1+', '1': '1+', 'with-stops': '1+', stops: '1+' };
const SORT_ALIASES: Record<string, SortKey> = { price: 'price', cheapest: 'price', duration: 'duration', fastest: 'duration', departure: 'departure', earliest: 'departure' };
const TYPE_ALIASES: Record<string, FlightType> = { 'one-way': 'one-way', oneway: 'one-way', 'return': 'return', 'round-trip': 'return', roundtrip: 'return', 'multi-city': 'multi-city', multicity: 'multi-city' };
const alias = <T extends string>(table: Record<string, T>, message: string) => v.pipe(
  v.string(message), v.trim(), v.toLowerCase(), v.check((s) => s in table, message), v.transform((s) => table[s]));

const trip = v.object({ origin: code, destination: code, date });
const trips = v.optional(v.pipe(
  v.union([v.array(v.unknown()), v.string()], MESSAGES.tripsCount),
  v.transform((x): unknown => { if (typeof x !== 'string') return x; try { return JSON.parse(x); } catch { return null; } }),
  v.array(trip, MESSAGES.tripsCount)));

/** The shape of GET /flights; cross-field rules are in validateFlightSearch. */
export const FlightSearchQuerySchema = v.object({
  flightType: v.optional(alias(TYPE_ALIASES, MESSAGES.flightType), 'one-way'),
  origin: v.optional(code),
  destination: v.optional(code),
  departure_date: v.optional(date),
  return_date: v.optional(v.union([v.literal(''), date], MESSAGES.dateFormat)),
  trips,
  adults: count(1, MESSAGES.adultsMin),
  children: count(0),
  infants: count(0),
  cabin_class: v.optional(v.pipe(v.string(MESSAGES.cabin), v.trim(), v.toUpperCase(), v.picklist(CABINS, MESSAGES.cabin)), 'Y'),
  stops: v.optional(alias(STOP_ALIASES, MESSAGES.stops), 'all'),
  airlines: list(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z0-9]{2}$/, MESSAGES.airlines)), MESSAGES.airlines),
  time_of_day: list(v.pipe(v.string(), v.toLowerCase(), v.picklist(TIMES_OF_DAY, MESSAGES.timeOfDay)), MESSAGES.timeOfDay),
  max_price: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d{1,2})?$/, MESSAGES.maxPrice), v.transform(Number))], MESSAGES.maxPrice), v.minValue(0, MESSAGES.maxPrice))),
  sort: v.optional(alias(SORT_ALIASES, MESSAGES.sort), 'price'),
  flexible_plus_minus_3: bool,
});
type RawQuery = v.InferOutput<typeof FlightSearchQuerySchema>;

export interface Leg { origin: string; destination: string; date: string }

/** A validated search: `legs` is the itinerary whatever the trip type (return = 2 legs, the second reversed). */
export interface FlightSearchQuery {
  flightType: FlightType;
  legs: Leg[];
  adults: number;
  children: number;
  infants: number;
  cabin_class: Cabin;
  stops: StopsFilter;
  airlines: string[];
  time_of_day: TimeOfDay[];
  /** Major units in the offer currency, compared with the offer total for all passengers. */
  max_price?: number;
  sort: SortKey;
  flexible_plus_minus_3: boolean;
}

export interface ValidateOptions {
  /** Does this IATA code name an airport we serve? Omit to skip the check (e.g. in the app before airports load). */
  isAirport?: (code: string) => boolean;
  /** Today's date (YYYY-MM-DD). Default: today where the day ends last (UTC-12), so no traveller's today is "past". */
  today?: string;
}

export type ValidationResult =
  | { success: true; output: FlightSearchQuery }
  | { success: false; errors: Record<string, string[]> };

/** Validates and normalises a search; each field gets at most one message. */
export function validateFlightSearch(input: unknown, opts: ValidateOptions = {}): ValidationResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => { if (!errors[field]) errors[field] = [message]; };
  const parsed = v.safeParse(FlightSearchQuerySchema, input ?? {});
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const path = (issue.path ?? []).map((p) => String(p.key)).join('.') || 'query';
      fail(path, issue.message);
    }
  }
  // Cross-field rules run on whatever parsed; a field that already failed keeps its first message.
  const q = (parsed.success ? parsed.output : partial(input)) as Partial<RawQuery>;
  const today = opts.today ?? todayInZone('Etc/GMT+12');
  for (const [field, message] of Object.entries(searchRuleErrors(q, { today, isAirport: opts.isAirport }))) fail(field, message);
  const flightType = q.flightType ?? 'one-way';
  const legs: Leg[] = flightType === 'multi-city'
    ? (Array.isArray(q.trips) ? q.trips : []).map((t) => ({ origin: t.origin, destination: t.destination, date: t.date }))
    : [{ origin: q.origin ?? '', destination: q.destination ?? '', date: q.departure_date ?? '' }];
  if (flightType === 'return') legs.push({ origin: q.destination ?? '', destination: q.origin ?? '', date: q.return_date ?? '' });

  if (Object.keys(errors).length > 0 || !parsed.success) return { success: false, errors };
  const o = parsed.output;
  return {
    success: true,
    output: {
      flightType, legs, adults: o.adults, children: o.children, infants: o.infants, cabin_class: o.cabin_class,
      stops: o.stops, airlines: o.airlines ?? [], time_of_day: o.time_of_day ?? [], max_price: o.max_price,
      sort: o.sort, flexible_plus_minus_3: o.flexible_plus_minus_3,
    },
  };
}

/** Best-effort read of the raw fields when the schema failed, so cross-field rules still report. */
function partial(input: unknown): Partial<RawQuery> {
  const out: Record<string, unknown> = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, s] of Object.entries(FlightSearchQuerySchema.entries)) {
    const r = v.safeParse(s as v.GenericSchema, (input as Record<string, unknown>)[k]);
    if (r.success) out[k] = r.output;
  }
  return out as Partial<RawQuery>;
}

export function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** Today's calendar date in an IANA zone, via Intl (works in browsers and Node). */
// Building an Intl.DateTimeFormat costs about half a millisecond and every search validates its dates.
// Formatting costs tens of microseconds, so the answer is also kept for the minute it was asked in.
const dayFormats = new Map<string, { f: Intl.DateTimeFormat; minute: number; day: string }>();
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let z = dayFormats.get(timeZone);
  if (!z) dayFormats.set(timeZone, (z = { f: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, day: '' }));
  if (z.minute !== minute) { z.day = z.f.format(now); z.minute = minute; }
  return z.day;
}

// ---- results ------------------------------------------------------------------------------------

export interface AirportRef { code: string; name: string; city: string; country: string; terminal: string | null }
export interface Bags { carry_on: string; checked: string; carry_on_kg: number; checked_pieces: number; checked_kg: number }

/** One flight of an itinerary; the labels results show (airline, aircraft, terminal, departure at, arriving at, duration). */
export interface Segment {
  airline: { code: string; name: string };
  flight_number: string;
  aircraft: { code: string; name: string };
  origin: AirportRef;
  destination: AirportRef;
  /** Local time at the airport with its UTC offset, e.g. 2026-03-29T02:15:00+01:00. */
  departure_at: string;
  arriving_at: string;
  duration_minutes: number;
  cabin: Cabin;
  booking_class: string;
  seats_left: number;
  bags: Bags;
}
export interface Layover { airport: string; city: string; duration_minutes: number; change_of_terminal: boolean; overnight: boolean }

export interface Journey {
  origin: string;
  destination: string;
  departure_at: string;
  arriving_at: string;
  duration_minutes: number;
  stops: number;
  layovers: Layover[];
  segments: Segment[];
}

export interface PaxFare { type: PaxType; count: number; base: Money; taxes: Money; total_per_person: Money; total: Money }

/** A search result row. */
export interface FlightOffer {
  id: string;
  supplier: string;
  is_sooper_flight: boolean;
  expires_at: string;
  validating_airline: { code: string; name: string };
  airlines: string[];
  cabin_class: Cabin;
  fare_family: string;
  refundable: boolean;
  journeys: Journey[];
  stops: number;
  duration_minutes: number;
  seats_left: number;
  price: Money;
  price_per_adult: Money;
  fares: PaxFare[];
}

export interface FareRules {
  refundable: boolean;
  cancellation_fee: Money | null;
  change_fee: Money | null;
  no_show_fee: Money;
  notes: string[];
}
export interface TaxLine { code: string; name: string; amount: Money }
export interface PaxFareDetail extends PaxFare {
  taxes_breakdown: TaxLine[];
  bags: Bags;
}

/** GET /flight/{flight_id}/{supplier}/{isSooperFlight}. */
export interface FlightOfferDetail extends Omit<FlightOffer, 'fares'> {
  fares: PaxFareDetail[];
  fare_rules: FareRules;
  passengers: { adults: number; children: number; infants: number };
  /** Who may take a card checkout's money here (JazzCash too where it is configured). */
  pay_with?: PayWith[];
}

export interface AvailableAirline { code: string; name: string; logo: string; min_price: Money; count: number }
export interface FlexibleDay { departure_date: string; return_date: string | null; price: Money | null }

/** GET /flights, as the app works with it (see FlightSearchWire for what travels). */
export interface FlightSearchResponse {
  flights: FlightOffer[];
  available_airlines: AvailableAirline[];
  /** How many offers match the search and its filters; `flights` is the page of them answered. */
  total?: number;
  previous_search: FlightSearchQuery;
  flexible_dates?: FlexibleDay[];
  /** Suppliers whose offers are missing from this answer: too slow (past their time budget) or failing. */
  left_out?: { supplier: string; reason: 'timeout' | 'error' }[];
}
