/**
 * What selling Duffel's offers adds to a flight search: the same searches through the supplier registry with the
 * embedded supplier alone, then with Duffel too (its official client against the Duffel simulator, run as its own
 * process on this machine), in turns. Prints p50/p95 wall time and this process's CPU per search for each, and the
 * difference. Run: npm run bench:merged [-- --n 200]
 *
 * The simulator answers in about a millisecond; the real Duffel answers in seconds, bounded by DUFFEL_SEARCH_BUDGET_MS
 * (default 8 s). So the wall figure here is our own added cost (the request, mapping and pricing of Duffel's offers,
 * merging and sorting), not the wait a user will see with the real service.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import { buildNetwork, EmbeddedFlightSupplier, PUBLIC } from '../server/suppliers/flight';
import { FlightSupplierRegistry } from '../server/suppliers/flight/registry';
import { DuffelFlightSupplier } from '../server/suppliers/duffel/supplier';
import { DEVELOPMENT_RATES, rateMicrosOf } from '../server/pricing';
import type { PricingContext } from '../server/pricing';
import { percentile, randomSearches } from './search';

const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const n = arg('n', 200);

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

const port = await freePort();
const sim = spawn(process.execPath, ['--import', 'tsx', 'tests/support/duffel-sim.ts', '--port', String(port), '--token', 'duffel_test_sim'], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve, reject) => {
  sim.stdout!.on('data', (d: Buffer) => { if (String(d).includes('127.0.0.1')) resolve(); });
  sim.once('exit', (code) => reject(new Error(`the Duffel simulator exited (${code})`)));
});

try {
  const embedded = new EmbeddedFlightSupplier({ network: buildNetwork() });
  const duffel = new DuffelFlightSupplier({ token: 'duffel_test_sim', apiUrl: `http://127.0.0.1:${port}`, searchBudgetMs: 8000 });
  const alone = new FlightSupplierRegistry([embedded]);
  const merged = new FlightSupplierRegistry([embedded, duffel]);
  const rates = new Map(Object.entries(DEVELOPMENT_RATES).map(([c, r]) => [c, rateMicrosOf(r)!]));
  const pricing: PricingContext = { ...PUBLIC, rates };

  const queries = randomSearches(n, 11);
  for (const q of randomSearches(20, 12)) { await alone.search(q, { pricing }); await merged.search(q, { pricing }); } // warm-up (JIT, the client's connection)

  const runs = { alone: { wall: [] as number[], cpu: [] as number[], offers: 0 }, merged: { wall: [] as number[], cpu: [] as number[], offers: 0, duffel: 0, leftOut: 0 } };
  for (const q of queries) {
    for (const [name, reg] of [['alone', alone], ['merged', merged]] as const) {
      const t = performance.now();
      const c = process.cpuUsage();
      const r = await reg.search(q, { pricing, limit: 200 });
      const used = process.cpuUsage(c);
      runs[name].wall.push(performance.now() - t);
      runs[name].cpu.push((used.user + used.system) / 1000);
      runs[name].offers += r.flights.length;
      if (name === 'merged') {
        runs.merged.duffel += r.flights.filter((f) => f.supplier === 'duffel').length;
        if (r.left_out?.length) runs.merged.leftOut++;
      }
    }
  }
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const stats = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return { p50: percentile(s, 50), p95: percentile(s, 95) }; };
  const a = { wall: stats(runs.alone.wall), cpu: stats(runs.alone.cpu) };
  const m = { wall: stats(runs.merged.wall), cpu: stats(runs.merged.cpu) };
  console.log(`merged flight search, ${n} random large-airport searches, in turns (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores):`);
  console.log(`  embedded alone        wall p50 ${ms(a.wall.p50)}  p95 ${ms(a.wall.p95)}   cpu p50 ${ms(a.cpu.p50)}  p95 ${ms(a.cpu.p95)}   mean offers ${(runs.alone.offers / n).toFixed(1)}`);
  console.log(`  embedded + Duffel     wall p50 ${ms(m.wall.p50)}  p95 ${ms(m.wall.p95)}   cpu p50 ${ms(m.cpu.p50)}  p95 ${ms(m.cpu.p95)}   mean offers ${(runs.merged.offers / n).toFixed(1)} (Duffel ${(runs.merged.duffel / n).toFixed(1)}), left out ${runs.merged.leftOut}`);
  console.log(`  added by Duffel       wall p50 ${ms(m.wall.p50 - a.wall.p50)}  p95 ${ms(m.wall.p95 - a.wall.p95)}   cpu p50 ${ms(m.cpu.p50 - a.cpu.p50)}  p95 ${ms(m.cpu.p95 - a.cpu.p95)}`);
  console.log('  (against the simulator on this machine: the real Duffel adds its own answer time, up to DUFFEL_SEARCH_BUDGET_MS)');
} finally {
  sim.kill();
}
