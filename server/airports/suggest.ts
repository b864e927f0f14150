/**
 * The public airport autocomplete (GET /airports?q=): answers, encoded as asked, kept per (query, limit) until staff
 * change an airport. People type the same few hundred prefixes, so nearly every keystroke is a lookup.
 */
import { countryByCode, searchAirports, type Airport } from '../reference';
import { defaultNetwork, trafficScore } from '../suppliers/flight';
import { airportOverlay } from './overlay';
import { EncodedText } from '../http/compress';

export const suggestionJson = (a: Airport) => ({
  code: a.iata, name: a.name, city: a.city, country: a.country, country_name: countryByCode(a.country)?.name ?? a.country,
  lat: a.lat, lon: a.lon, time_zone: a.tz, size: a.size,
});

/** Bounded: past this many distinct queries the cache starts over (a crawler cannot make it grow without end). */
const MAX_ENTRIES = 1000;
let answers = new Map<string, EncodedText>();
let version = -1;

/** `{"data":[...]}` for the query, busiest airports first within each match tier (see searchAirports). */
export function airportSuggestions(q: string, limit: number): EncodedText {
  const o = airportOverlay();
  if (o.version !== version || answers.size >= MAX_ENTRIES) { answers = new Map(); version = o.version; }
  const key = `${limit}:${q}`;
  let body = answers.get(key);
  if (body === undefined) {
    body = new EncodedText(JSON.stringify({ data: searchAirports(q, limit, trafficScore(defaultNetwork())).map(suggestionJson) }));
    answers.set(key, body);
  }
  return body;
}
