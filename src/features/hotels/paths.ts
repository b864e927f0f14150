import type { HotelRole } from '../../../machines/hotel-booking';
import type { HotelSearchParams } from '../../../machines/hotel-search-form';

/** Where each hotel screen is for who books: an approved agent's screens are in the agent area. */
export const hotelSearchPath = (role: HotelRole) => (role === 'agent' ? '/agent/hotels' : '/hotel/search');
export const hotelResultsPath = (role: HotelRole) => (role === 'agent' ? '/agent/hotel-results' : '/hotel/search');
export const hotelDetailsPath = (role: HotelRole) => (role === 'agent' ? '/agent/hotel-details' : '/hotel/details');
export const hotelCheckoutPath = (role: HotelRole) => (role === 'agent' ? '/agent/hotel-checkout' : '/hotel/checkout');

/** The stay as a shareable address: `rooms` as JSON, the label along so the page can name the place. */
export function stayHref(base: string, q: HotelSearchParams, extra: Record<string, string> = {}): string {
  const qs = new URLSearchParams({ ...extra, destination: q.destination, check_in: q.check_in, check_out: q.check_out, rooms: JSON.stringify(q.rooms) });
  if (q.destination_label) qs.set('label', q.destination_label);
  return `${base}?${qs}`;
}

/** The stay an address names, or null when it names none. */
export function stayFromUrl(search: string): HotelSearchParams | null {
  const qs = new URLSearchParams(search);
  const destination = qs.get('destination');
  const rooms = (() => { try { return JSON.parse(qs.get('rooms') ?? ''); } catch { return null; } })();
  if (!destination || !Array.isArray(rooms)) return null;
  return { destination, destination_label: qs.get('label') ?? undefined, check_in: qs.get('check_in') ?? '', check_out: qs.get('check_out') ?? '', rooms };
}

export const sameStay = (a: HotelSearchParams | null, b: HotelSearchParams | null) =>
  !!a && !!b && a.destination === b.destination && a.check_in === b.check_in && a.check_out === b.check_out && JSON.stringify(a.rooms) === JSON.stringify(b.rooms);
