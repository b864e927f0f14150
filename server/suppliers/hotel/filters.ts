/**
 * Filters and sort over a search's hotels. The price range is taken before filtering, so the app's price slider
 * keeps its ends while the traveller filters. Prices compared are the cheapest stay's average per night (all
 * rooms, taxes and fees included), the figure a result card shows first.
 */
import type { HotelSearchQuery, HotelSummary } from '../../../contract/hotels';
import { parseMinor, toMoney } from '../../../contract/money';
import { CURRENCY } from './stay';

const nightly = (h: HotelSummary) => parseMinor(h.cheapest.nightly.amount) ?? 0;
/** In Makkah and Madinah "distance" means from the Haram, which travellers there choose by. */
const distanceM = (h: HotelSummary) => h.distance_haram_m ?? Math.round(h.distance_km * 1000);

const SORTS: Record<HotelSearchQuery['sort'], (a: HotelSummary, b: HotelSummary) => number> = {
  price: (a, b) => nightly(a) - nightly(b),
  stars: (a, b) => b.stars - a.stars,
  distance: (a, b) => distanceM(a) - distanceM(b),
  rating: (a, b) => b.guest_rating - a.guest_rating,
};

export function filterAndSort(all: HotelSummary[], q: HotelSearchQuery) {
  const prices = all.map(nightly);
  const price_range = { min: toMoney(prices.length ? Math.min(...prices) : 0, CURRENCY), max: toMoney(prices.length ? Math.max(...prices) : 0, CURRENCY) };
  const stars = q.stars?.map(Number) ?? [];
  const min = q.price_min !== undefined ? Math.round(q.price_min * 100) : null;
  const max = q.price_max !== undefined ? Math.round(q.price_max * 100) : null;
  const kept = all.filter((h) =>
    (!stars.length || stars.includes(h.stars))
    && (!q.amenities?.length || q.amenities.every((a) => h.amenities.includes(a)))
    && (q.max_distance_km === undefined || distanceM(h) <= q.max_distance_km * 1000)
    && (min === null || nightly(h) >= min) && (max === null || nightly(h) <= max));
  const by = SORTS[q.sort];
  kept.sort((a, b) => by(a, b) || nightly(a) - nightly(b) || a.id.localeCompare(b.id));
  const start = (q.page - 1) * q.per_page;
  return { page: kept.slice(start, start + q.per_page), total: kept.length, price_range };
}
