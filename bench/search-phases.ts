/**
 * Where a flight search's time goes on the server's one thread, in this process and without sockets: the engine
 * with the wire answer (suppliers searched, offers priced, the page cut and written as rows), its JSON text and
 * brotli, each timed around the same calls GET /flights makes; then the same searches through the app (Hono and its
 * middleware, no sockets).
 * Each total is turned into the most searches a second one thread could answer, beside bench:http's goal: a goal
 * above the ceiling of the work before any socket cannot be met by the HTTP layer alone. Garbage collection falls
 * in whichever phase it interrupts. Same mix as bench:http (random searches between large airports, never one twice).
 * Run: npm run bench:search-phases [-- --searches 2000 --warm 400]. Needs `npm run build` (the database template).
 */
import { parseArgs } from 'node:util';
import { validateFlightSearch, type FlightSearchQuery } from '../contract/flights';
import { searchRegistry } from '../server/flights/registry';
import { encodeOnce } from '../server/http/compress';
import { pricingFor } from '../server/pricing/settings';
import { isAirport } from '../server/reference';
import { inProcessApp, NODE_ENV } from './in-process';
import { BROWSER, FLIGHT_SEARCH_GOAL, searchPath } from './load';
import { randomSearches } from './search';

const ROUNDS = 8;
const { values } = parseArgs({ options: { searches: { type: 'string', default: '2000' }, warm: { type: 'string', default: '400' } } });
const n = Number(values.searches), warm = Number(values.warm);

/** The query the route would have validated from the same path. */
function query(path: string): FlightSearchQuery {
  const checked = validateFlightSearch(Object.fromEntries(new URL(path, 'http://bench').searchParams), { isAirport });
  if (!checked.success) throw new Error(`not a valid search: ${path}`);
  return checked.output;
}

const bench = await inProcessApp();
try {
  const registry = searchRegistry(bench.ctx);
  const phases = { engine: 0, json: 0, brotli: 0 };
  const direct = async (q: FlightSearchQuery, timed: boolean) => {
    const t0 = performance.now();
    const wire = await registry.searchWire(q, { pricing: await pricingFor(bench.ctx.db, null), limit: 50 });
    const t1 = performance.now();
    const raw = Buffer.from(JSON.stringify(wire));
    const t2 = performance.now();
    await encodeOnce(raw, 'br');
    const t3 = performance.now();
    if (!timed) return;
    phases.engine += t1 - t0; phases.json += t2 - t1; phases.brotli += t3 - t2;
  };
  const throughApp = async (path: string) => { await (await bench.app.request(path, { headers: BROWSER }, NODE_ENV)).arrayBuffer(); };
  // Both ways warmed up alike (compiled code, the network, sold counts of the dates in play), on searches of their own.
  const warming = randomSearches(warm, 12).map(searchPath);
  for (const [i, p] of warming.entries()) await (i % 2 ? throughApp(p) : direct(query(p), false));
  // The two ways in alternating rounds, so that both meet the machine's slower and faster minutes alike; the app
  // is given other searches, so that none is answered from what a direct one left in the caches.
  const directPaths = randomSearches(n, 11).map(searchPath), appPaths = randomSearches(n, 13).map(searchPath);
  let appTotal = 0;
  const round = Math.ceil(n / ROUNDS);
  for (let from = 0; from < n; from += round) {
    for (const p of directPaths.slice(from, from + round)) await direct(query(p), true);
    const t0 = performance.now();
    for (const p of appPaths.slice(from, from + round)) await throughApp(p);
    appTotal += performance.now() - t0;
  }
  const appMs = appTotal / n;

  const ms = (total: number) => total / n;
  const ceiling = (perSearch: number) => Math.floor(1000 / perSearch);
  const verdict = (perSearch: number) => `at most ${ceiling(perSearch)}/s on one thread (bench:http's goal ≥ ${FLIGHT_SEARCH_GOAL.rps}/s ${ceiling(perSearch) >= FLIGHT_SEARCH_GOAL.rps ? 'fits under it' : 'is above it'})`;
  const row = (name: string, perSearch: number, tail = '') => console.log(`  ${name.padEnd(58)} ${perSearch.toFixed(3)} ms${tail}`);
  console.log(`flight search in this process, ${n} searches after ${warm} to warm up, wall time per search`);
  row('the engine and the wire answer (registry.searchWire)', ms(phases.engine));
  row('its JSON text (JSON.stringify into a Buffer)', ms(phases.json));
  row('brotli, as the answer is sent', ms(phases.brotli));
  const work = ms(phases.engine + phases.json + phases.brotli);
  row('all three: the work before any socket', work, `  → ${verdict(work)}`);
  row('through the app (Hono, middleware; other searches)', appMs, `  → ${verdict(appMs)}`);
} finally {
  await bench.close();
}
