import type { SearchParams } from '../../../machines/flight-booking';

/** The previous search; apart from the flow so the search form needs no machine. */
const KEY = 'previous_search';
export function loadPreviousSearch(): SearchParams | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SearchParams) : null;
  } catch {
    return null;
  }
}
export function savePreviousSearch(q: SearchParams) {
  try { localStorage.setItem(KEY, JSON.stringify(q)); } catch { /* storage unavailable */ }
}
