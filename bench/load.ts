/**
 * The HTTP workloads of bench:http, each a bounded autocannon run against a started server on loopback:
 * flight search, airport autocomplete, an agent's reads and holds. Every request asks for compression as a
 * browser does, so the bytes reported are the bytes on the wire.
 */
import autocannon from 'autocannon';
import { cpuMs, type BenchServer } from './server';
import { randomSearches } from './search';

export const BROWSER = { 'accept-encoding': 'br, gzip' };

export interface LoadResult {
  name: string;
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Mean bytes on the wire per response (headers and compressed body). */
  bytes: number;
  cpuMsPerReq: number;
  p50: number;
  p99: number;
}

type Req = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/** `rate`: requests a second sent in all (otherwise as fast as the connections go). */
export async function drive(server: BenchServer, name: string, opts: { seconds: number; connections: number; next: () => Req; rate?: number }): Promise<LoadResult> {
  const cpu0 = cpuMs(server.proc.pid!);
  const result = await autocannon({
    url: server.base,
    connections: opts.connections,
    duration: opts.seconds,
    // At a set rate autocannon "corrects" each latency for coordinated omission with an expected interval of
    // Math.ceil(1 / rate) taken as milliseconds, while rate is per second per connection: 1 ms where 3.2 ms is meant
    // at 5,000/s over 16 connections, so every answer slower than 1 ms also records synthetic ones at each ms below
    // it. Nor is there an interval to correct for: each connection sends its second's share back to back as soon as
    // the second begins, then waits for the next, so what is measured is a burst at full speed, the harder case.
    ...(opts.rate ? { overallRate: opts.rate, ignoreCoordinatedOmission: true } : {}),
    requests: [{ setupRequest: (req) => { const r = opts.next(); return { ...req, method: (r.method ?? 'GET') as 'GET', path: r.path, headers: { ...BROWSER, ...r.headers }, body: r.body }; } }],
  });
  const total = result.requests.total || 1;
  return {
    name,
    rps: result.requests.average,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total / total,
    cpuMsPerReq: (cpuMs(server.proc.pid!) - cpu0) / total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

export function searchPath(q: ReturnType<typeof randomSearches>[number]): string {
  const p = new URLSearchParams({
    flightType: q.flightType, origin: q.legs[0].origin, destination: q.legs[0].destination, departure_date: q.legs[0].date,
    adults: String(q.adults), children: String(q.children), infants: String(q.infants), cabin_class: q.cabin_class, sort: 'price',
  });
  if (q.flightType === 'return') p.set('return_date', q.legs[1].date);
  return `/api/flights?${p}`;
}

/** Warm-up as a running server would be: JIT compiled, network built, sold counts of the dates in play cached. */
export async function warmSearches(server: BenchServer, n = 300) {
  for (const p of randomSearches(n, 12).map(searchPath)) await fetch(server.base + p, { headers: BROWSER });
}

/** bench:http's goal for flight search: answers a second, and the size of one on the wire. */
export const FLIGHT_SEARCH_GOAL = { rps: 600, kb: 20 };

/** `seed` picks the searches: a run that repeats another's (a later turn of bench:baseline) takes another seed. */
export async function searchLoad(server: BenchServer, seconds: number, connections: number, seed = 11) {
  // Never the same search twice in a run (more than it can send), so no answer can come from a cache of answers.
  const paths = randomSearches(seconds * 1500, seed).map(searchPath);
  let i = 0;
  return drive(server, 'flight search', { seconds, connections, next: () => ({ path: paths[i++ % paths.length] }) });
}

/** Prefixes people type into the origin box, cycled (the goal is for `kar`; the others keep it honest). */
const TYPED = ['kar', 'dub', 'lon', 'jed', 'new', 'par', 'isl', 'lah', 'ist', 'del', 'man', 'sin', 'k', 'du', 'lhe', 'khi'];

export async function airportLoad(server: BenchServer, seconds: number, connections: number, mixed = false) {
  let i = 0;
  return drive(server, mixed ? 'airports, 16 prefixes' : 'airports ?q=kar', { seconds, connections, next: () => ({ path: `/api/airports?q=${mixed ? TYPED[i++ % TYPED.length] : 'kar'}` }) });
}

/**
 * The autocomplete at a given rate rather than flat out: the goal is a p99 at 5,000 requests a second, and at full
 * speed the 99th percentile measures the queue 16 busy connections build, not an answer at that rate.
 */
export async function airportLoadAt(server: BenchServer, rate: number, seconds: number, connections: number) {
  return drive(server, `airports ?q=kar, ${rate}/s sent`, { seconds, connections, rate, next: () => ({ path: '/api/airports?q=kar' }) });
}

export async function agentToken(server: BenchServer): Promise<string> {
  // The login form is a cookie-session call, so it carries the CSRF pair; the bearer token it answers needs none.
  const csrf = await fetch(`${server.base}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))![1];
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email: 'agent@demo.safar', password: 'Safar-demo-1' }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`agent login failed: ${res.status}`);
  return body.data.access_token;
}

export async function readLoad(server: BenchServer, path: string, token: string, seconds: number, connections: number) {
  return drive(server, `agent GET ${path}`, { seconds, connections, next: () => ({ path, headers: { authorization: `Bearer ${token}` } }) });
}

/** Letters only (names refuse digits): the n-th distinct surname. */
const nameOf = (n: number) => { let s = ''; do { s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); } while (n); return `Bench${s.toLowerCase()}`; };

/** Offers to hold, one adult each, from one-way searches between large airports (a few per search: they fill up). */
export async function offersToHold(server: BenchServer, n: number): Promise<{ id: string; supplier: string }[]> {
  const out: { id: string; supplier: string }[] = [];
  const queries = randomSearches(Math.ceil(n / 4) + 50, 21).map((q) => searchPath({ ...q, flightType: 'one-way', legs: [q.legs[0]], adults: 1, children: 0, infants: 0, cabin_class: 'Y' }));
  let next = 0;
  const worker = async () => {
    while (out.length < n && next < queries.length) {
      const res = await fetch(server.base + queries[next++], { headers: BROWSER });
      const body = (await res.json()) as { flights?: { id: string; supplier: string }[] };
      for (const f of (body.flights ?? []).slice(0, 4)) out.push({ id: f.id, supplier: f.supplier });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out.slice(0, n);
}

/** POST /api/bookings as an agent, payment_method hold: each a fresh offer, a new passenger and its own Idempotency-Key. */
export async function holdLoad(server: BenchServer, token: string, offers: { id: string; supplier: string }[], seconds: number, connections: number) {
  let i = 0;
  const run = Date.now().toString(36);
  return drive(server, 'agent POST /api/bookings (hold)', {
    seconds, connections,
    next: () => {
      const n = i++;
      const o = offers[n % offers.length];
      const traveller = {
        type: 'ADT', title: 'Mr', first_name: nameOf(n), last_name: 'Perf', gender: 'M', dob: '1980-06-01', nationality: 'PK',
        document_type: 'passport', document_no: `BP${String(n).padStart(7, '0')}`, expiry_date: '2036-01-01', issue_country: 'PK',
      };
      return {
        method: 'POST', path: '/api/bookings',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${run}-${n}` },
        body: JSON.stringify({ flight_id: o.id, supplier: o.supplier, main_contact: { email: 'bench@example.com', phone: '+92 300 1234567', country: 'PK' }, travellers: [traveller], payment_method: 'hold' }),
      };
    },
  });
}
