/**
 * Price calendar benchmark: p50/p95 of a month's lowest prices per day (what GET /flights/calendar computes on a
 * cold cache) and of a ±3-day return grid, over random pairs of large airports and months up to ten ahead, in
 * process. The goal is a month drawn as the date picker opens. Run: npm run bench:calendar [-- --n 200 --seed 7]
 */
import os from 'node:os';
import type { FlightSearchQuery } from '../contract/flights';
import { addDays, todayInZone } from '../contract/flights';
import { buildNetwork, EmbeddedFlightSupplier, PUBLIC } from '../server/suppliers/flight';
import { lowestOneWay, lowestReturn } from '../server/suppliers/flight/calendar';
import { mulberry32 } from '../server/suppliers/flight/prng';
import { airports } from '../server/reference';
import { percentile } from './search';

const GOAL_P95_MS = 300;

interface Case { q: FlightSearchQuery; days: string[] }

function randomMonths(n: number, seed: number): Case[] {
  const large = airports().filter((a) => a.size === 'large').map((a) => a.iata);
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const today = todayInZone('UTC');
  const out: Case[] = [];
  while (out.length < n) {
    const origin = pick(large), destination = pick(large);
    if (origin === destination) continue;
    const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() + Math.floor(rnd() * 11));
    const month = first.toISOString().slice(0, 7);
    const days: string[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
    out.push({
      days,
      q: {
        flightType: 'one-way', legs: [{ origin, destination, date: days[0] }], adults: 1 + Math.floor(rnd() * 2), children: 0, infants: 0,
        cabin_class: pick(['Y', 'Y', 'Y', 'C'] as const), stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
      },
    });
  }
  return out;
}

async function timed(cases: Case[], run: (c: Case) => Promise<unknown>) {
  const times: number[] = [];
  for (const c of cases) {
    const t = performance.now();
    await run(c);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const n = arg('n', 200), seed = arg('seed', 7);
const supplier = new EmbeddedFlightSupplier({ network: buildNetwork() });
const deps = () => ({ net: supplier.net, seats: supplier.seats, now: Date.now() });
const month = (c: Case) => lowestOneWay(deps(), c.q, c.days, PUBLIC);
const grid = (c: Case) => {
  const around = (day: string) => Array.from({ length: 7 }, (_, i) => addDays(day, i - 3));
  const depart = c.days[10];
  return lowestReturn(deps(), c.q, around(depart), around(addDays(depart, 7)), PUBLIC);
};

await timed(randomMonths(20, seed + 1), month); // JIT warm-up
const m = await timed(randomMonths(n, seed), month);
const g = await timed(randomMonths(Math.ceil(n / 2), seed + 2), grid);
const f = (x: number) => `${x.toFixed(1)} ms`;
console.log(`price calendar over ${n} random large-airport months (cold, in process):`);
console.log(`  month: p50 ${f(m.p50)}  p95 ${f(m.p95)}  max ${f(m.max)}   goal p95 ≤ ${GOAL_P95_MS} ms: ${m.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`);
console.log(`  return grid (7 × 7): p50 ${f(g.p50)}  p95 ${f(g.p95)}  max ${f(g.max)}`);
console.log(`  (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
