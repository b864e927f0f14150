/**
 * Hotel search benchmark: p50/p95/p99 of in-process searches in the dense cities over stays of up to 30 nights
 * (mixed parties, filters and sorts), beside the goal of p95 ≤ 20 ms. Run: npm run bench (after the flight part)
 * or node --import tsx bench/hotels.ts [--n 500 --seed 7]. Prints figures only; no test asserts them.
 */
import os from 'node:os';
import { addDays, todayInZone } from '../contract/flights';
import { HOTEL_SORTS, type HotelSearchQuery } from '../contract/hotels';
import { PUBLIC } from '../server/pricing';
import { EmbeddedHotelSupplier, MemoryRoomStore } from '../server/suppliers/hotel';
import { DENSE_CITIES } from '../server/suppliers/hotel/dense-cities';
import { mulberry32 } from '../server/suppliers/flight/prng';

export const GOAL_P95_MS = 20;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** A deterministic list of hotel searches in dense cities; `nights` fixed (30) or random (1–30). */
export function randomHotelSearches(n: number, seed = 7, nights?: number, today = todayInZone('UTC')): HotelSearchQuery[] {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  return Array.from({ length: n }, () => {
    const checkIn = addDays(today, 1 + Math.floor(rnd() * 280));
    const rooms = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({ adults: 1 + Math.floor(rnd() * 2), children_ages: rnd() < 0.3 ? [Math.floor(rnd() * 12)] : [] }));
    return {
      destination: `city:${pick(DENSE_CITIES).geonameid}`, check_in: checkIn, check_out: addDays(checkIn, nights ?? 1 + Math.floor(rnd() * 30)), rooms,
      stars: rnd() < 0.2 ? ['4', '5'] : undefined, free_cancellation: rnd() < 0.2, sort: pick(HOTEL_SORTS), page: 1, per_page: 20,
    };
  });
}

export async function runHotelBench(n = 500, seed = 7, nights?: number) {
  const supplier = new EmbeddedHotelSupplier(new MemoryRoomStore());
  for (const q of randomHotelSearches(100, seed + 1, nights)) await supplier.search(q, { pricing: PUBLIC, now: Date.now() }); // JIT and city warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let results = 0;
  for (const q of randomHotelSearches(n, seed, nights)) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = await supplier.search(q, { pricing: PUBLIC, now: Date.now() });
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    results += r.total;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { n, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1], cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95), meanResults: results / n };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (isMain) {
  const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
  const f = (x: number) => `${x.toFixed(1)} ms`;
  for (const nights of [30, undefined]) {
    const r = await runHotelBench(arg('n', 500), arg('seed', 7), nights);
    console.log(`in-process hotel search, ${r.n} searches in dense cities, ${nights ? `${nights}-night stays` : 'stays of 1–30 nights'} (1–3 rooms, mixed filters and sorts):`);
    console.log(`  wall: p50 ${f(r.p50)}  p95 ${f(r.p95)} (goal ≤ ${GOAL_P95_MS} ms)  p99 ${f(r.p99)}  max ${f(r.max)}`);
    // CPU time is what the search itself costs; wall time also counts waiting for a busy machine.
    console.log(`  cpu:  p50 ${f(r.cpuP50)}  p95 ${f(r.cpuP95)}   (mean hotels ${r.meanResults.toFixed(1)}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  }
}
