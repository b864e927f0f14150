/**
 * The hotel workloads of bench:http: GET /api/hotels in the dense cities as the app asks it (one page of up to
 * 100 hotels, mixed parties, stays, filters and sorts) and the destination autocomplete as people type.
 */
import type { HotelSearchQuery } from '../contract/hotels';
import { randomHotelSearches } from './hotels';
import { BROWSER, drive } from './load';
import type { BenchServer } from './server';

export function hotelSearchPath(q: HotelSearchQuery): string {
  const p = new URLSearchParams({ destination: q.destination, check_in: q.check_in, check_out: q.check_out, rooms: JSON.stringify(q.rooms), sort: q.sort, per_page: '100' });
  if (q.stars?.length) p.set('stars', q.stars.join(','));
  if (q.free_cancellation) p.set('free_cancellation', '1');
  return `/api/hotels?${p}`;
}

/** JIT compiled and every dense city's hotels built, as on a server that has been up a while. */
export async function warmHotelSearches(server: BenchServer, n = 300) {
  for (const p of randomHotelSearches(n, 13).map((q) => hotelSearchPath(q))) await fetch(server.base + p, { headers: BROWSER });
}

export async function hotelSearchLoad(server: BenchServer, seconds: number, connections: number) {
  // Never the same search twice in a run (more than it can send), so no answer can come from a cache of answers.
  const paths = randomHotelSearches(seconds * 1500, 17).map((q) => hotelSearchPath(q));
  let i = 0;
  return drive(server, 'hotel search', { seconds, connections, next: () => ({ path: paths[i++ % paths.length] }) });
}

/** What people type into the destination box: city prefixes in English and Arabic, and hotel-name words. */
const TYPED = ['mak', 'dub', 'ist', 'lon', 'mad', 'kua', 'bak', 'ban', 'مكة', 'دب', 'gra', 'pal', 'ro', 'hil', 'jed', 'k'];

export async function hotelDestinationLoad(server: BenchServer, seconds: number, connections: number, mixed = false) {
  let i = 0;
  return drive(server, mixed ? 'hotel destinations, 16 prefixes' : 'hotel destinations ?q=mak', {
    seconds, connections, next: () => ({ path: `/api/hotel-destinations?q=${encodeURIComponent(mixed ? TYPED[i++ % TYPED.length] : 'mak')}` }),
  });
}
