/**
 * Requests per second over HTTP against the real server in its own process: flight search, airport
 * autocomplete, hotel search and its destination autocomplete, an agent's reads and holds, each printed beside its
 * goal. PGlite on a fresh folder by default; with DATABASE_URL, PostgreSQL on a database of its own made on that
 * server and dropped after.
 * Run: npm run bench:http [-- --seconds 10 --connections 16 --only search,airports,hotels,destinations,reads,holds --cpu-prof DIR]. Loopback only.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { scratchDatabase, startServer, LIFTED_LIMITS } from './server';
import { agentToken, airportLoad, airportLoadAt, FLIGHT_SEARCH_GOAL, holdLoad, offersToHold, readLoad, searchLoad, warmSearches, type LoadResult } from './load';
import { hotelDestinationLoad, hotelSearchLoad, warmHotelSearches } from './hotel-load';
import { floorServer } from './floor';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' }, port: { type: 'string', default: '8199' },
    only: { type: 'string', default: 'search,airports,hotels,destinations,reads,holds' },
    /** Write a V8 CPU profile of the server to this folder (read it with bench/cpuprofile.ts). */
    'cpu-prof': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const only = new Set(values.only.split(','));
const databaseUrl = process.env.DATABASE_URL || undefined;
const pgDb = databaseUrl ? await scratchDatabase(databaseUrl) : null;
const driver = pgDb ? 'postgres' : 'pglite';
/** Airport autocomplete at a steady rate: a busy day's keystrokes, each answered within the p99. */
const AIRPORTS_SENT_PER_SECOND = 10_000;

/** Goals per driver: what a person or an agency's tools would feel at peak, on this two-core machine. */
const GOALS: Record<string, { rps: number; p99?: number; kb?: number; sent?: boolean }> = {
  'flight search': FLIGHT_SEARCH_GOAL,
  'airports ?q=kar': { rps: 5000, p99: 5 },
  /** `sent`: a fixed rate, met when (nearly) all of it is answered (autocannon's ticks drop a few) within the p99. */
  [`airports ?q=kar, ${AIRPORTS_SENT_PER_SECOND}/s sent`]: { rps: AIRPORTS_SENT_PER_SECOND, p99: 2, sent: true },
  /** Hotel search in a dense city, and its autocomplete held to the airports' goal. */
  'hotel search': { rps: 1000 },
  'hotel destinations ?q=mak': { rps: 5000, p99: 5 },
  'agent GET /api/get-bookings': { rps: driver === 'postgres' ? 2000 : 800 },
  'agent GET /api/agent-statment': { rps: driver === 'postgres' ? 2000 : 800 },
  'agent GET /api/visas': { rps: driver === 'postgres' ? 2000 : 800 },
  'agent POST /api/bookings (hold)': { rps: driver === 'postgres' ? 500 : 200 },
};

function report(r: LoadResult) {
  const g = GOALS[r.name];
  const goal = g ? [g.sent ? 'all answered' : `≥ ${g.rps}/s`, g.p99 ? `p99 ≤ ${g.p99} ms` : '', g.kb ? `≤ ${g.kb} KB` : ''].filter(Boolean).join(', ') : '';
  // A run with failed requests meets nothing: their quick error answers would count as throughput.
  const rateMet = g && (g.sent ? r.rps >= g.rps * 0.99 : r.rps >= g.rps);
  const met = g ? r.non2xx === 0 && r.errors === 0 && rateMet && (!g.p99 || r.p99 <= g.p99) && (!g.kb || r.bytes / 1024 <= g.kb) : true;
  console.log(
    `  ${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)}/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ` +
    `${(r.bytes / 1024).toFixed(1).padStart(5)} KB  cpu ${r.cpuMsPerReq.toFixed(2)} ms/req  ` +
    `(2xx ${r.ok}, non-2xx ${r.non2xx}, errors ${r.errors})  goal ${goal || '-'} ${g ? (met ? 'MET' : 'NOT MET') : ''}  load ${os.loadavg()[0].toFixed(1)}`,
  );
}

const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
const server = await startServer({ port: Number(values.port), databaseUrl: pgDb?.url, env: LIFTED_LIMITS, nodeArgs });
try {
  console.log(`bench:http on ${driver}, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  // startServer has waited for the work a start leaves until after listening (the flight network); these warm the
  // search caches and the JIT for the parts that measure searches.
  if (only.has('search') || only.has('airports')) await warmSearches(server);
  if (only.has('search')) report(await searchLoad(server, seconds, connections));
  if (only.has('airports')) {
    report(await airportLoad(server, seconds, connections));
    report(await airportLoadAt(server, AIRPORTS_SENT_PER_SECOND, seconds, connections));
    // The same bytes from a server that does nothing else: the p99 this machine allows at that rate.
    const floor = await floorServer(server, '/api/airports?q=kar', Number(values.port) + 1);
    try {
      report({ ...(await airportLoadAt(floor, AIRPORTS_SENT_PER_SECOND, seconds, connections)), name: '  floor: bare node:http, same bytes' });
    } finally {
      await floor.stop();
    }
    report(await airportLoad(server, seconds, connections, true));
  }
  if (only.has('hotels')) {
    await warmHotelSearches(server);
    report(await hotelSearchLoad(server, seconds, connections));
  }
  if (only.has('destinations')) {
    report(await hotelDestinationLoad(server, seconds, connections));
    report(await hotelDestinationLoad(server, seconds, connections, true));
  }
  const token = only.has('reads') || only.has('holds') ? await agentToken(server) : '';
  if (only.has('reads')) {
    for (const path of ['/api/get-bookings', '/api/agent-statment', '/api/visas']) report(await readLoad(server, path, token, seconds, connections));
  }
  if (only.has('holds')) {
    const offers = await offersToHold(server, Math.max(2000, seconds * 500));
    const before = await pgDb?.transactions({ settled: true });
    const holds = await holdLoad(server, token, offers, seconds, connections);
    report(holds);
    // Each of a hold's statements runs outside a transaction, so PostgreSQL's count of transactions is its round trips.
    if (pgDb && before !== undefined && holds.ok > 0) {
      const trips = ((await pgDb.transactions({ settled: true })) - before) / holds.ok;
      console.log(`  ${'  statements per hold'.padEnd(34)} ${trips.toFixed(2).padStart(6)}  (PostgreSQL's count of transactions in the bench's database over the holds, background jobs included)`);
    }
  }
} finally {
  await server.stop();
  await pgDb?.drop();
}
