import type { HotelSearchParams } from '../../../machines/hotel-search-form';

/** The previous hotel search, kept locally (as the flights' previous_search) so a returning traveller finds the form filled. */
const KEY = 'previous_hotel_search';
export function loadPreviousHotelSearch(): HotelSearchParams | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as HotelSearchParams) : null;
  } catch {
    return null;
  }
}
export function savePreviousHotelSearch(q: HotelSearchParams) {
  try { localStorage.setItem(KEY, JSON.stringify(q)); } catch { /* storage unavailable */ }
}
