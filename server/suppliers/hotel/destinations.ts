/** The destination look-up: cities by name (English or Arabic) and hotels by name, for the autocomplete. */
import type { HotelDestination } from '../../../contract/hotels';
import { cityById, fold, hotelCities, suggestCities } from './cities';
import { cityProperties, hotelCount, propertyById, propertyNames } from './properties';
import { cityAr } from './arabic';
import type { HotelCity } from './types';

export const cityDestination = (c: HotelCity): HotelDestination => ({
  id: `city:${c.id}`, kind: 'city', name: c.name, name_ar: cityAr(c), city: c.name, country: c.country, country_code: c.country, hotel_count: hotelCount(c),
});

/**
 * Hotel names with what an autocomplete entry shows (some ten thousand short rows), built on the first hotel
 * look-up; the hotels themselves are built per city only when searched.
 */
let names: { id: string; name: string; name_ar: string; folded: string; city: HotelCity }[] | null = null;
function hotelNames() {
  if (!names) {
    names = [];
    for (const c of hotelCities()) {
      for (let n = 0; n < hotelCount(c); n++) {
        const { name, name_ar } = propertyNames(c, n);
        names.push({ id: `${c.id}-${n}`, name, name_ar, folded: `${fold(name)}|${fold(name_ar)}`, city: c });
      }
    }
  }
  return names;
}

export function suggestDestinations(q: string, limit = 10): HotelDestination[] {
  const cities = suggestCities(q, limit).map(cityDestination);
  const needle = fold(q);
  if (needle.length < 3 || cities.length >= limit) return cities;
  const hotels: HotelDestination[] = [];
  for (const h of hotelNames()) {
    if (hotels.length >= limit - cities.length) break;
    if (!h.folded.startsWith(needle) && !h.folded.includes(` ${needle}`) && !h.folded.includes(`|${needle}`)) continue;
    hotels.push({ id: `hotel:${h.id}`, kind: 'hotel', name: h.name, name_ar: h.name_ar, city: h.city.name, country: h.city.country, country_code: h.city.country });
  }
  return [...cities, ...hotels];
}

/** "city:<geonameid>" or "hotel:<id>" → the city and, for a hotel, that hotel only. */
export function resolveDestination(id: string): { city: HotelCity; hotelId: string | null } | null {
  const city = /^city:(\d{1,9})$/.exec(id);
  if (city) { const c = cityById(Number(city[1])); return c ? { city: c, hotelId: null } : null; }
  const hotel = /^hotel:(\d{1,9}-\d{1,3})$/.exec(id);
  const p = hotel ? propertyById(hotel[1]) : undefined;
  return p ? { city: p.city, hotelId: p.id } : null;
}

/** The destination searched, its city named in the reader's language (`lang`) too. */
export function destinationOf(id: string, lang?: string): HotelDestination | null {
  const r = resolveDestination(id);
  if (!r) return null;
  if (!r.hotelId) return cityDestination(r.city);
  const p = cityProperties(r.city).find((h) => h.id === r.hotelId)!;
  return { id, kind: 'hotel', name: p.name, name_ar: p.name_ar, city: lang === 'ar' ? cityAr(p.city) : p.city.name, country: p.city.country, country_code: p.city.country };
}
