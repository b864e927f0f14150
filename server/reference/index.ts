/**
 * Reference data (airports, airlines, countries, cities) from the compact files build.ts derives.
 * Each file is parsed on first use and indexed once; nothing loads at import time.
 */
import { readFileSync } from 'node:fs';
import { airportOverlay, applyOverride } from '../airports/overlay';
import { airportName, cityName } from '../../contract/names';

export type { Airline, Airport, AirportSize, City, Country } from './types';
import type { Airline, Airport, AirportSize, City, Country } from './types';

interface Table { fields: string[]; rows: unknown[][] }
const read = (file: string): Table => JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as Table;

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Airport code → the Arabic name of its city (GeoNames, derived by build-hotel-cities.ts into locales/places/). */
export const placesAr = lazy((): Readonly<Record<string, string>> =>
  JSON.parse(readFileSync(new URL('../../locales/places/ar.json', import.meta.url), 'utf8')) as Record<string, string>);

/**
 * The city an airport serves in the reader's language, for mails and documents: in Arabic GeoNames' name, else the
 * city the reference data gives the airport written in Arabic letters (callers may pass the code as `english`).
 */
export function placeName(code: string, english: string, lang: string): string {
  if (lang !== 'ar') return english;
  const known = placesAr()[code.toUpperCase()];
  if (known) return known;
  const city = airportByCode(code)?.city;
  return city ? cityName(city, null, lang) : english;
}

/** An airport's name in the reader's language (contract/names), by its code; `english` when the code is unknown. */
export function airportNameIn(code: string, lang: string, english?: string): string {
  const a = airportByCode(code);
  if (!a) return english ?? code;
  return airportName(a.iata, english ?? a.name, { english: a.city, arabic: placesAr()[a.iata] }, lang);
}

const SIZES: Record<string, AirportSize> = { L: 'large', M: 'medium', S: 'small' };

export const airports = lazy((): readonly Airport[] => read('airports.json').rows.map((r) => {
  const [iata, icao, name, city, country, lat, lon, tz, size, runway] = r as [string, string, string, string, string, number, number, string, string, number];
  return { iata, icao, name, city, country, lat, lon, tz, size: SIZES[size], runway_ft: runway };
}));
const airportIndex = lazy(() => new Map(airports().map((a) => [a.iata, a])));

/**
 * The airports the product uses: the reference data with staff changes (server/airports) merged over it,
 * rebuilt when those change. `airports()` above stays the pure reference data: the flight network is built
 * from it once and never rebuilt, so staff-added airports have no scheduled flights (group tickets, direct
 * bookings and PNR import use them) and edits of reference airports do not move the network's schedules.
 */
const current = (() => {
  let version = -1;
  let value: { byCode: Map<string, Airport>; inactive: Set<string>; search: { a: Airport; city: string; name: string; cityAr: string }[] } | null = null;
  return () => {
    const o = airportOverlay();
    if (value && version === o.version) return value;
    const byCode = o.byCode.size ? new Map(airportIndex()) : airportIndex();
    for (const x of o.byCode.values()) byCode.set(x.iata, applyOverride(airportIndex().get(x.iata), x));
    const inactive = new Set([...o.byCode.values()].filter((x) => !x.active).map((x) => x.iata));
    const ar = placesAr();
    const search = [...byCode.values()].filter((a) => !inactive.has(a.iata))
      .map((a) => ({ a, city: fold(a.city), name: fold(a.name), cityAr: ar[a.iata] ? foldArabic(ar[a.iata]) : '' }));
    version = o.version;
    return (value = { byCode, inactive, search });
  };
})();

/** The airport as the reference data has it, without staff changes. */
export const referenceAirport = (iata: string): Airport | undefined => airportIndex().get(iata.toUpperCase());
/** Every known airport with staff changes, deactivated ones too (the back-office list). */
export const allAirports = (): Iterable<Airport> => current().byCode.values();
/** Any known airport, deactivated ones too (existing bookings and tickets still show their names). */
export const airportByCode = (iata: string): Airport | undefined => current().byCode.get(iata.toUpperCase());
/** Valid for new searches, tickets and bookings: known and not deactivated by staff. */
export const isAirport = (iata: string): boolean => {
  const code = iata.toUpperCase();
  const c = current();
  return c.byCode.has(code) && !c.inactive.has(code);
};

/** Placeholder logo path by code; the app serves a generic tail for codes without artwork. */
export const airlineLogo = (iata: string) => `/img/airlines/${iata}.png`;

export const airlines = lazy((): readonly Airline[] => read('airlines.json').rows.map((r) => {
  const [iata, icao, name, country, active] = r as [string, string, string, string, number];
  return { iata, icao, name, country, active: active === 1, logo: airlineLogo(iata) };
}));
const airlineIndex = lazy(() => new Map(airlines().map((a) => [a.iata, a])));
export const airlineByCode = (iata: string): Airline | undefined => airlineIndex().get(iata.toUpperCase());

export const countries = lazy((): readonly Country[] => read('countries.json').rows.map((r) => {
  const [code, name, native, name_ar, currency, continent, capital, phone] = r as [string, string, string, string, string, string, string, number];
  return { code, name, native, name_ar, currency, continent, capital, phone };
}));
const countryIndex = lazy(() => new Map(countries().map((c) => [c.code, c])));
export const countryByCode = (code: string): Country | undefined => countryIndex().get(code.toUpperCase());

function fold(s: string) {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
/**
 * Arabic as people type it: without short vowels and tatweel, every alef form as bare alef, alef maqsura as ya,
 * ta marbuta as ha (Makkah is found as مكه or مكة).
 */
export function foldArabic(s: string) {
  return s.replace(/[\u064B-\u065F\u0670\u0640]/g, '').replace(/[أإآٱ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه').trim();
}
const slug = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
export const cities = lazy((): readonly City[] => read('cities.json').rows.map((r) => {
  const [name, country, lat, lon, codes] = r as [string, string, number, number, string];
  return { id: `${country.toLowerCase()}-${slug(name)}`, name, country, lat, lon, airports: codes.split(' ') };
}));

const SIZE_RANK: Record<AirportSize, number> = { large: 3, medium: 2, small: 1 };
/** Busiest first: by size class, then by an optional traffic score (the flight network knows departures). */
export type AirportScore = (a: Airport) => number;


/**
 * Autocomplete over active airports (custom ones included, staff names shown): exact code first, then code/city/name prefixes, then words inside names;
 * within a tier, busiest first.
 */
export function searchAirports(query: string, limit = 20, score: AirportScore = (a) => a.runway_ft / 20000): Airport[] {
  const q = fold(query.trim());
  if (!q) return [];
  // A query in Arabic script is matched against the Arabic city names.
  const qa = /[\u0600-\u06FF]/.test(q) ? foldArabic(q) : '';
  const hits: { a: Airport; tier: number; s: number }[] = [];
  for (const { a, city, name, cityAr } of current().search) {
    const code = a.iata.toLowerCase();
    let tier = -1;
    if (qa) {
      if (!cityAr) continue;
      tier = cityAr === qa ? 1 : cityAr.startsWith(qa) || cityAr.startsWith(`ال${qa}`) ? 2 : qa.length >= 2 && cityAr.includes(qa) ? 4 : -1;
    } else if (code === q) tier = 0;
    else if (city === q) tier = 1;
    else if (city.startsWith(q) || code.startsWith(q)) tier = 2;
    else if (name.startsWith(q) || city.includes(` ${q}`) || name.includes(` ${q}`)) tier = 3;
    else if (q.length >= 3 && (city.includes(q) || name.includes(q))) tier = 4;
    if (tier >= 0) hits.push({ a, tier, s: SIZE_RANK[a.size] * 10 + score(a) });
  }
  hits.sort((x, y) => x.tier - y.tier || y.s - x.s || x.a.iata.localeCompare(y.a.iata));
  return hits.slice(0, limit).map((h) => h.a);
}
