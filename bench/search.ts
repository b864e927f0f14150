/**
 * Flight search benchmark: p50/p95/p99 of in-process searches over random pairs of large airports
 * (one way and return, mixed parties). Run: npm run bench [-- --n 1000 --seed 7]
 *
 * `randomSearches` is the workload to reuse for the HTTP benchmark (the same queries against GET /flights).
 */
import os from 'node:os';
import type { FlightSearchQuery } from '../contract/flights';
import { addDays, todayInZone } from '../contract/flights';
import { buildNetwork, EmbeddedFlightSupplier, PUBLIC } from '../server/suppliers/flight';
import { mulberry32 } from '../server/suppliers/flight/prng';
import { airports } from '../server/reference';

/** A deterministic list of search queries between random large airports. */
export function randomSearches(n: number, seed = 7, today = todayInZone('UTC')): FlightSearchQuery[] {
  const large = airports().filter((a) => a.size === 'large').map((a) => a.iata);
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const out: FlightSearchQuery[] = [];
  while (out.length < n) {
    const origin = pick(large), destination = pick(large);
    if (origin === destination) continue;
    const date = addDays(today, 1 + Math.floor(rnd() * 300));
    const round = rnd() < 0.5;
    const adults = 1 + Math.floor(rnd() * 3);
    const children = Math.floor(rnd() * 3);
    const infants = Math.floor(rnd() * Math.min(2, adults + 1));
    out.push({
      flightType: round ? 'return' : 'one-way',
      legs: round
        ? [{ origin, destination, date }, { origin: destination, destination: origin, date: addDays(date, 3 + Math.floor(rnd() * 14)) }]
        : [{ origin, destination, date }],
      adults, children, infants, cabin_class: pick(['Y', 'Y', 'Y', 'S', 'C', 'F'] as const),
      stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
    });
  }
  return out;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export async function runInProcessBench(n = 1000, seed = 7) {
  const t0 = performance.now();
  const supplier = new EmbeddedFlightSupplier({ network: buildNetwork() });
  const buildMs = performance.now() - t0;
  const queries = randomSearches(n, seed);
  for (const q of randomSearches(50, seed + 1)) await supplier.search(q, { pricing: PUBLIC }); // JIT warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let offers = 0, empty = 0;
  for (const q of queries) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = await supplier.search(q, { pricing: PUBLIC });
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    offers += r.offers.length;
    if (r.offers.length === 0) empty++;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    n, buildMs, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1],
    cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95), meanOffers: offers / n, empty,
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (isMain) {
  const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
  const r = await runInProcessBench(arg('n', 1000), arg('seed', 7));
  const f = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`network build ${f(r.buildMs)}`);
  console.log(`in-process search over ${r.n} random large-airport pairs (one way and return, mixed parties):`);
  console.log(`  wall: p50 ${f(r.p50)}  p95 ${f(r.p95)}  p99 ${f(r.p99)}  max ${f(r.max)}`);
  // CPU time is what the search itself costs; wall time also counts waiting for a busy machine.
  console.log(`  cpu:  p50 ${f(r.cpuP50)}  p95 ${f(r.cpuP95)}   (mean offers ${r.meanOffers.toFixed(1)}, empty ${r.empty}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
}
