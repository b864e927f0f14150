import { addDays, MAX_DAYS_AHEAD, MAX_LEGS, MAX_SEATED, type FlightType } from './flight-choices';

/**
 * The flight search's rules that compare fields (the two airports, the dates against today and each other, the
 * travellers), apart from the query's schema so the search form on the home page checks a search with the
 * server's own rules and messages without loading the schema library.
 */

export const MESSAGES = {
  airportRequired: 'Choose an airport.',
  unknownAirport: 'Unknown airport.',
  sameAirport: 'Origin and destination must be different.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  pastDate: 'The date cannot be in the past.',
  tooFar: `Flights can be searched up to ${MAX_DAYS_AHEAD} days ahead.`,
  returnRequired: 'Choose a return date.',
  returnBefore: 'The return date cannot be before the departure date.',
  tripOrder: 'Each flight must be on or after the previous one.',
  tripsCount: `Add between 2 and ${MAX_LEGS} flights.`,
  count: 'Enter a whole number.',
  adultsMin: 'At least one adult must travel.',
  tooMany: `At most ${MAX_SEATED} seated passengers (adults and children).`,
  infants: 'Each infant must travel with an adult.',
  cabin: 'Unknown cabin class.',
  flightType: 'Choose one way, return or multi-city.',
  stops: 'Choose all, non-stop or with stops.',
  timeOfDay: 'Choose morning, afternoon or evening.',
  sort: 'Sort by price, duration or departure.',
  maxPrice: 'Enter a price.',
  airlines: 'Airlines are two-character codes.',
} as const;

/** A search as its fields stand (any of them may be missing). */
export interface SearchFields {
  flightType?: FlightType;
  origin?: string;
  destination?: string;
  departure_date?: string;
  return_date?: string;
  trips?: { origin?: string; destination?: string; date?: string }[];
  adults?: number;
  children?: number;
  infants?: number;
}

/** The first broken rule per field; `today` is YYYY-MM-DD; `isAirport` is left out where airports are not known. */
export function searchRuleErrors(q: SearchFields, opts: { today: string; isAirport?: (code: string) => boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const fail = (field: string, message: string) => { errors[field] ??= message; };
  const { today } = opts;
  const horizon = addDays(today, MAX_DAYS_AHEAD);
  const checkAirport = (field: string, c: string | undefined) => {
    if (!c) fail(field, MESSAGES.airportRequired);
    else if (opts.isAirport && !opts.isAirport(c)) fail(field, MESSAGES.unknownAirport);
  };
  const checkDate = (field: string, d: string | undefined) => {
    if (!d) fail(field, MESSAGES.dateFormat);
    else if (d < today) fail(field, MESSAGES.pastDate);
    else if (d > horizon) fail(field, MESSAGES.tooFar);
  };
  if ((q.flightType ?? 'one-way') === 'multi-city') {
    const list = Array.isArray(q.trips) ? q.trips : [];
    if (list.length < 2 || list.length > MAX_LEGS) fail('trips', MESSAGES.tripsCount);
    list.forEach((t, i) => {
      checkAirport(`trips.${i}.origin`, t?.origin);
      checkAirport(`trips.${i}.destination`, t?.destination);
      if (t?.origin && t.origin === t.destination) fail(`trips.${i}.destination`, MESSAGES.sameAirport);
      checkDate(`trips.${i}.date`, t?.date);
      const prev = list[i - 1]?.date;
      if (prev && t?.date && t.date < prev) fail(`trips.${i}.date`, MESSAGES.tripOrder);
    });
  } else {
    checkAirport('origin', q.origin);
    checkAirport('destination', q.destination);
    if (q.origin && q.origin === q.destination) fail('destination', MESSAGES.sameAirport);
    checkDate('departure_date', q.departure_date);
    if (q.flightType === 'return') {
      if (!q.return_date) fail('return_date', MESSAGES.returnRequired);
      else if (q.departure_date && q.return_date < q.departure_date) fail('return_date', MESSAGES.returnBefore);
      else checkDate('return_date', q.return_date);
    }
  }
  const adults = q.adults ?? 1, children = q.children ?? 0, infants = q.infants ?? 0;
  if (typeof adults === 'number' && typeof children === 'number' && adults + children > MAX_SEATED) fail('adults', MESSAGES.tooMany);
  if (typeof adults === 'number' && typeof infants === 'number' && infants > adults) fail('infants', MESSAGES.infants);
  return errors;
}
