import type { Amenity, Board, HotelSort, HotelSummary } from '../contract/hotels';
import { parseMinor } from '../contract/money';

/**
 * The results filters and sort. They answer at once on the loaded results (the view shows `visibleHotels`
 * straight from the panel's choice); only when the search answered fewer hotels than it matched does the
 * machine ask the server as well, after a pause, so hotels beyond the loaded page are not missed.
 */

export interface HotelFilters {
  /** Average nightly price for all rooms, minor units; null = no bound. */
  priceMin: number | null;
  priceMax: number | null;
  stars: number[];
  boards: Board[];
  freeCancellation: boolean;
  amenities: Amenity[];
  maxDistanceKm: number | null;
  sort: HotelSort;
}
export const NO_HOTEL_FILTERS: HotelFilters = { priceMin: null, priceMax: null, stars: [], boards: [], freeCancellation: false, amenities: [], maxDistanceKm: null, sort: 'price' };

const key = (f: HotelFilters) => JSON.stringify([f.priceMin, f.priceMax, [...f.stars].sort(), [...f.boards].sort(), f.freeCancellation, [...f.amenities].sort(), f.maxDistanceKm, f.sort]);
export const sameHotelFilters = (a: HotelFilters, b: HotelFilters) => key(a) === key(b);
export const activeHotelFilterCount = (f: HotelFilters) =>
  (f.priceMin !== null || f.priceMax !== null ? 1 : 0) + f.stars.length + f.boards.length + (f.freeCancellation ? 1 : 0) + f.amenities.length + (f.maxDistanceKm !== null ? 1 : 0);

export const nightlyMinor = (h: HotelSummary) => parseMinor(h.cheapest.nightly.amount) ?? 0;
/** Makkah and Madinah hotels are chosen by the walk to the Haram; elsewhere by the distance from the centre. */
export const distanceKm = (h: HotelSummary) => (h.distance_haram_m !== null ? h.distance_haram_m / 1000 : h.distance_km);

const SORTS: Record<HotelSort, (a: HotelSummary, b: HotelSummary) => number> = {
  price: (a, b) => nightlyMinor(a) - nightlyMinor(b),
  stars: (a, b) => b.stars - a.stars || nightlyMinor(a) - nightlyMinor(b),
  distance: (a, b) => distanceKm(a) - distanceKm(b),
  rating: (a, b) => b.guest_rating - a.guest_rating || b.review_count - a.review_count,
};

/** The loaded hotels that pass the filters, in the chosen order. */
export function visibleHotels(list: readonly HotelSummary[], f: HotelFilters): HotelSummary[] {
  return list.filter((h) => {
    const price = nightlyMinor(h);
    return (f.priceMin === null || price >= f.priceMin) && (f.priceMax === null || price <= f.priceMax)
      && (!f.stars.length || f.stars.includes(h.stars))
      && (!f.boards.length || f.boards.includes(h.cheapest.board))
      && (!f.freeCancellation || h.free_cancellation)
      && f.amenities.every((a) => h.amenities.includes(a))
      && (f.maxDistanceKm === null || distanceKm(h) <= f.maxDistanceKm);
  }).sort(SORTS[f.sort]);
}

/** The filters as GET /hotels parameters (prices in major units), only those that are set. */
export function filterParams(f: HotelFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.priceMin !== null) out.price_min = (f.priceMin / 100).toFixed(2);
  if (f.priceMax !== null) out.price_max = (f.priceMax / 100).toFixed(2);
  if (f.stars.length) out.stars = [...f.stars].sort().join(',');
  if (f.boards.length) out.board = [...f.boards].sort().join(',');
  if (f.freeCancellation) out.free_cancellation = '1';
  if (f.amenities.length) out.amenities = [...f.amenities].sort().join(',');
  if (f.maxDistanceKm !== null) out.max_distance_km = String(f.maxDistanceKm);
  if (f.sort !== 'price') out.sort = f.sort;
  return out;
}
