/**
 * The cities hotels are sold in: server/reference/data/hotel-cities.json (built by
 * server/reference/build-hotel-cities.ts from GeoNames), parsed on first use. A few thousand rows, never the
 * whole GeoNames list.
 */
import { readFileSync } from 'node:fs';
import { DENSE_CITIES, type DenseCity } from './dense-cities';
import type { HotelCity } from './types';

let loaded: { list: HotelCity[]; byId: Map<number, HotelCity>; folded: string[] } | null = null;

export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9\u0600-\u06ff ]/g, '').trim();

function load() {
  if (loaded) return loaded;
  const file = JSON.parse(readFileSync(new URL('../../reference/data/hotel-cities.json', import.meta.url), 'utf8')) as { rows: unknown[][] };
  const list = file.rows.map((r) => {
    const [id, name, name_ar, country, lat, lon, tz, population, dense] = r as [number, string, string | null, string, number, number, string, number, number];
    return { id, name, name_ar, country, lat, lon, tz, population, dense: dense === 1 };
  });
  // The biggest first, so a prefix shared by many cities suggests the one travellers mean.
  list.sort((a, b) => Number(b.dense) - Number(a.dense) || b.population - a.population);
  loaded = { list, byId: new Map(list.map((c) => [c.id, c])), folded: list.map((c) => `${fold(c.name)}|${c.name_ar ?? ''}`) };
  return loaded;
}

export const hotelCities = (): readonly HotelCity[] => load().list;
export const cityById = (id: number): HotelCity | undefined => load().byId.get(id);

const denseById = new Map(DENSE_CITIES.map((d) => [d.geonameid, d]));
export const denseCity = (id: number): DenseCity | undefined => denseById.get(id);

/** Cities whose name (or Arabic name) starts with the query, or has a word that does. */
export function suggestCities(q: string, limit: number): HotelCity[] {
  const needle = fold(q);
  if (!needle) return [];
  const { list, folded } = load();
  const out: HotelCity[] = [];
  for (let i = 0; i < list.length && out.length < limit; i++) {
    const f = folded[i];
    if (f.startsWith(needle) || f.includes(` ${needle}`) || f.includes(`|${needle}`)) out.push(list[i]);
  }
  return out;
}
