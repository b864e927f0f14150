/**
 * The synthetic route network: real airports and carriers, invented routes and timetables.
 *
 * Carriers fly from their home hubs: domestic spokes, then international destinations chosen by a gravity
 * score (bigger and nearer first) within the range of their tier. Airports nobody picked get a feeder to the
 * nearest served airport, and every large airport is tied to nearby global hubs, so any two large airports
 * connect in at most two stops. Everything is a pure function of the reference data and the seed.
 */
import { airports as loadAirports } from '../../reference';
import { AIRCRAFT, chooseAircraft, FIXED_AIR_MIN, TAXI_MIN } from './aircraft';
import { connectLargeAirports } from './connectivity';
import { FlightNumbers, type NumberedFlight } from './flight-numbers';
import { bearing } from './geo';
import { airportGeometry, assembleNetwork } from './network-assemble';
import { buildCarriers, countryIndex } from './network-carriers';
import { hashInts, unit } from './prng';
import type { Carrier, Network, Route, Service } from './network-types';

export type { Carrier, Network, Route, Service } from './network-types';

const BASE_WEIGHT = [10, 3, 1];
const TIER_RANGE_KM = { 1: 14500, 2: 7000, 3: 4200 } as const;
const TIER_INTL = { 1: 170, 2: 60, 3: 14 } as const;
const TIER_DOMESTIC = { 1: 90, 2: 60, 3: 25 } as const;

export function buildNetwork(seed = 1): Network {
  return finish(networkSteps(seed));
}

/** Runs the rest of a build at once. */
export function finish(steps: Generator<void, Network>): Network {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The build as steps of a few tens of milliseconds (it yields between them), so a server can build the network
 * between requests instead of holding every request for the second it takes. buildNetwork runs them at once.
 */
export function* networkSteps(seed = 1): Generator<void, Network> {
  const airports = loadAirports();
  const N = airports.length;
  const geo = airportGeometry(airports);
  const { index, lat, lon, size, dist } = geo;
  const weight = Float64Array.from(size, (s) => BASE_WEIGHT[s]);
  const byCountry = countryIndex(airports);
  const carriers = buildCarriers(airports, index, size, byCountry, seed);
  // Hubs draw traffic: weight grows with the tiers of the carriers based there.
  for (const c of carriers) for (const h of c.hubs) weight[h] += c.tier === 1 ? 14 : c.tier === 2 ? 6 : 2;

  // ---- which carrier flies which airport pair ------------------------------------------------------
  const pairs = new Map<number, Set<number>>(); // min*N+max → carriers
  const served = new Uint8Array(N);
  const addPair = (a: number, b: number, carrier: number) => {
    if (a === b) return;
    const key = a < b ? a * N + b : b * N + a;
    let s = pairs.get(key);
    if (!s) pairs.set(key, (s = new Set()));
    s.add(carrier);
    served[a] = served[b] = 1;
  };
  const score = (x: number, km: number, c: Carrier) =>
    weight[x] / (1 + km / 3000) * (0.6 + 0.8 * unit(hashInts(seed, c.idx, x)));

  yield;
  for (const c of carriers) {
    if (c.idx % 8 === 7) yield;
    const range = c.lcc ? Math.min(TIER_RANGE_KM[c.tier], 4800) : TIER_RANGE_KM[c.tier];
    c.hubs.forEach((h, hubNo) => {
      const share = hubNo === 0 ? 1 : 0.5;
      // Domestic spokes: big airports always, smaller ones by score.
      const home = (byCountry.get(c.country) ?? []).filter((x) => x !== h)
        .map((x) => ({ x, s: score(x, dist(h, x), c) + (size[x] === 0 ? 100 : 0) }))
        .sort((p, q) => q.s - p.s || p.x - q.x);
      for (const { x } of home.slice(0, Math.ceil(TIER_DOMESTIC[c.tier] * share))) addPair(h, x, c.idx);
      // International: gravity within range; medium airports only nearby.
      const intl: { x: number; s: number }[] = [];
      for (let x = 0; x < N; x++) {
        if (airports[x].country === c.country || size[x] === 2) continue;
        const km = dist(h, x);
        if (km > range || (size[x] === 1 && km > 3000)) continue;
        intl.push({ x, s: score(x, km, c) });
      }
      intl.sort((p, q) => q.s - p.s || p.x - q.x);
      for (const { x } of intl.slice(0, Math.ceil(TIER_INTL[c.tier] * share))) addPair(h, x, c.idx);
    });
  }
  // Global hubs fly to each other when in range: the backbone of two-stop connectivity.
  const globalHubs = carriers.filter((c) => c.tier === 1).map((c) => ({ h: c.hubs[0], c: c.idx }));
  for (const p of globalHubs) for (const q of globalHubs) {
    if (p.h < q.h && dist(p.h, q.h) <= TIER_RANGE_KM[1]) addPair(p.h, q.h, p.c);
  }
  yield;
  // Every large airport feeds its nearest global hubs (its own region's network carrier flies it).
  for (let x = 0; x < N; x++) {
    if (size[x] !== 0) continue;
    const near = globalHubs.filter((g) => g.h !== x).map((g) => ({ ...g, km: dist(x, g.h) })).sort((p, q) => p.km - q.km || p.c - q.c);
    for (const g of near.slice(0, 3)) addPair(x, g.h, g.c);
  }
  // Airports nobody chose: a feeder to the nearest served bigger airport, flown by a carrier already there
  // (a home-country one if possible).
  const carriersAt = new Map<number, Set<number>>();
  for (const [key, set] of pairs) {
    for (const end of [Math.floor(key / N), key % N]) {
      const s = carriersAt.get(end); if (s) for (const c of set) s.add(c); else carriersAt.set(end, new Set(set));
    }
  }
  const servedBefore = served.slice(); // feeders attach to the network proper, never to another feeder
  yield;
  for (let x = 0; x < N; x++) {
    if (x % 250 === 249) yield;
    if (served[x]) continue;
    let best = -1, bestKm = Infinity;
    for (let y = 0; y < N; y++) {
      if (y === x || !servedBefore[y] || size[y] === 2) continue;
      const km = dist(x, y) * (airports[y].country === airports[x].country ? 1 : 1.6);
      if (km < bestKm) { best = y; bestKm = km; }
    }
    if (best < 0) continue;
    const at = [...(carriersAt.get(best) ?? [])];
    const pick = at.find((c) => carriers[c].country === airports[x].country)
      ?? at.sort((p, q) => carriers[q].tier - carriers[p].tier || p - q)[0];
    if (pick === undefined) continue;
    addPair(x, best, pick);
  }
  yield* connectLargeAirports(N, pairs, addPair, dist, size, airports, carriers);
  yield;

  // ---- routes and timetables ----------------------------------------------------------------------
  const routes: Route[] = [];
  const edge = new Map<number, number>();
  const flights: NumberedFlight[] = [];
  const nextNo = new Int32Array(carriers.length).fill(100);
  const terminals = (x: number) => (size[x] === 0 ? 2 + (hashInts(seed, x, 7) % 3) : size[x] === 1 ? 1 + (hashInts(seed, x, 7) % 2) : 1);
  const terminal = (x: number, c: number) => String(1 + (hashInts(seed, x, c, 11) % terminals(x)));
  const routeFor = (o: number, d: number, km: number) => {
    const key = o * N + d;
    let r = edge.get(key);
    if (r === undefined) { r = routes.length; routes.push({ idx: r, o, d, km, services: [] }); edge.set(key, r); }
    return routes[r];
  };
  const sortedKeys = [...pairs.keys()].sort((a, b) => a - b);
  for (let k = 0; k < sortedKeys.length; k++) {
    if (k % 500 === 499) yield;
    const key = sortedKeys[k];
    const a = Math.floor(key / N), b = key % N;
    const km = dist(a, b);
    const demand = Math.sqrt(weight[a] * weight[b]);
    const ab = routeFor(a, b, km), ba = routeFor(b, a, km);
    const onPair = [...pairs.get(key)!].sort((p, q) => p - q);
    // The pair's daily flights follow demand and shrink with distance; carriers share them by tier.
    const pairPerDay = demand / (1 + km / 2000) * 0.6;
    const shareOf = (ci: number) => (4 - carriers[ci].tier) * (carriers[ci].lcc ? 0.8 : 1);
    const shares = onPair.reduce((s, ci) => s + shareOf(ci), 0);
    for (const ci of onPair) {
      const c = carriers[ci];
      let perDay = pairPerDay * shareOf(ci) / shares;
      if (km > 8000) perDay = Math.min(perDay, 2);
      const aircraft = chooseAircraft(km, demand, c.pref, c.lcc);
      const type = AIRCRAFT[aircraft];
      if (type.rangeKm < km) continue;
      const daily = Math.max(1, Math.min(8, Math.round(perDay)));
      const weeklyDays = perDay >= 0.75 ? 7 : Math.max(2, Math.min(6, Math.round(perDay * 7)));
      for (let i = 0; i < daily; i++) {
        const no = nextNo[ci]; nextNo[ci] = no + 2 > 9998 ? 1000 + (no % 2) : no + 2;
        for (const [r, from, to, num] of [[ab, a, b, no], [ba, b, a, no + 1]] as const) {
          const h = hashInts(seed, ci, from, to, i);
          const spread = km > 7000 ? 1440 : 1020; // long haul leaves at any hour, short haul 06:00-23:00
          const start = km > 7000 ? 0 : 360;
          const depMin = Math.min(1435, Math.max(0, Math.round((start + (i + 0.5) * spread / daily + (unit(h) - 0.5) * spread / daily * 0.8) / 5) * 5));
          const days = weeklyDays === 7 ? 127 : pickDays(weeklyDays, h);
          const heading = bearing(lat[from], lon[from], lat[to], lon[to]);
          // Jet stream: eastbound flights are quicker than westbound on long sectors.
          const wind = km < 1500 ? 1 : 1 - 0.04 * Math.sin((heading * Math.PI) / 180);
          const air = (km / type.speedKmh) * 60 * wind;
          const blockMin = Math.round((TAXI_MIN[airports[from].size] + TAXI_MIN[airports[to].size] + FIXED_AIR_MIN + air) / 5) * 5;
          const service: Service = { carrier: ci, flightNo: num, depMin, days, aircraft, blockMin, depTerminal: terminal(from, ci), arrTerminal: terminal(to, ci) };
          flights.push({ carrier: ci, flightNo: num, route: r.idx, service: r.services.length });
          r.services.push(service);
        }
      }
    }
  }
  return assembleNetwork(geo, { seed, airports, weight, carriers, routes, flights: FlightNumbers.from(carriers, flights) });
}

/** `n` distinct weekdays chosen by hash, as a bit mask. */
function pickDays(n: number, h: number): number {
  const order = [0, 1, 2, 3, 4, 5, 6].sort((a, b) => hashInts(h, a) - hashInts(h, b));
  let mask = 0;
  for (const d of order.slice(0, n)) mask |= 1 << d;
  return mask;
}
