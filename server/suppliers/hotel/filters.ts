/**
 * Filters and sort over a search's hotels. The price range is taken before filtering, so the app's price slider
 * keeps its ends while the traveller filters. Prices compared are the cheapest stay's average per night (all
 * rooms, taxes and fees included), the figure a result card shows first.
 */
import type { Board, HotelSearchQuery } from '../../../contract/hotels';
import { toMoney } from '../../../contract/money';
import { CURRENCY } from './stay';
import type { Property } from './types';

/**
 * A hotel a search found, before its result card is made: only the page's hotels get one. `nightlyMinor`: the
 * cheapest stay's average per night, as the card shows it.
 */
export interface Found { p: Property; board: Board; refundable: boolean; totalMinor: number; nightlyMinor: number }

/** In Makkah and Madinah "distance" means from the Haram, which travellers there choose by. */
const distanceM = (p: Property) => p.distance_haram_m ?? Math.round(p.distance_km * 1000);

const SORTS: Record<HotelSearchQuery['sort'], (a: Found, b: Found) => number> = {
  price: (a, b) => a.nightlyMinor - b.nightlyMinor,
  stars: (a, b) => b.p.stars - a.p.stars,
  distance: (a, b) => distanceM(a.p) - distanceM(b.p),
  rating: (a, b) => b.p.guest_rating - a.p.guest_rating,
};

export function filterAndSort(all: Found[], q: HotelSearchQuery) {
  let low = Infinity, high = -Infinity;
  for (const f of all) { low = Math.min(low, f.nightlyMinor); high = Math.max(high, f.nightlyMinor); }
  const price_range = { min: toMoney(all.length ? low : 0, CURRENCY), max: toMoney(all.length ? high : 0, CURRENCY) };
  const stars = q.stars?.map(Number) ?? [];
  const min = q.price_min !== undefined ? Math.round(q.price_min * 100) : null;
  const max = q.price_max !== undefined ? Math.round(q.price_max * 100) : null;
  const kept = all.filter(({ p, nightlyMinor }) =>
    (!stars.length || stars.includes(p.stars))
    && (!q.amenities?.length || q.amenities.every((a) => p.amenities.includes(a)))
    && (q.max_distance_km === undefined || distanceM(p) <= q.max_distance_km * 1000)
    && (min === null || nightlyMinor >= min) && (max === null || nightlyMinor <= max));
  const by = SORTS[q.sort];
  kept.sort((a, b) => by(a, b) || a.nightlyMinor - b.nightlyMinor || a.p.id.localeCompare(b.p.id));
  const start = (q.page - 1) * q.per_page;
  return { page: kept.slice(start, start + q.per_page), total: kept.length, price_range };
}
