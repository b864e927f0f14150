/**
 * Connections: which airport sequences make a sensible journey (route paths, cached per pair), and which
 * dated flights join up on a day (minimum connection time, maximum layover, total duration).
 */
import { detourLimitKm, RULES } from './rules';
import type { Network } from './network-types';
import { flightsOn, flightsOnDay, serviceOf, type DatedFlight } from './schedule';
import { localDayNumber } from './time';

export { detourLimitKm, RULES } from './rules';


export interface RoutePath { routes: number[]; km: number }
export interface Itinerary { flights: DatedFlight[]; dep: number; arr: number; km: number }

const MCT_BY_SIZE = [60, 45, 30];
/** Minimum connection time in minutes at `at`: by airport size, longer when international or interline. */
export function mctMinutes(net: Network, at: number, inbound: DatedFlight, outbound: DatedFlight): number {
  const base = MCT_BY_SIZE[net.size[at]];
  const country = net.airports[at].country;
  const from = net.airports[net.routes[inbound.route].o].country;
  const to = net.airports[net.routes[outbound.route].d].country;
  const international = from !== country || to !== country ? 15 : 0;
  const interline = serviceOf(net, inbound).carrier !== serviceOf(net, outbound).carrier ? 30 : 0;
  return base + international + interline;
}

/**
 * A pair's paths are ~3 KB of small objects: 20k pairs were ~30 MB of the heap after 10,000 searches of different
 * pairs, while a miss costs ~0.1 ms of a search (the two-stop search reads flat arrays). 4k keep the popular pairs.
 */
const PATH_CACHE_LIMIT = 4_000;
const pathCache = new Map<number, RoutePath[]>();

/**
 * Per network, what path finding reads, in flat arrays aligned with `net.out` and `net.inn`: each airport's route
 * destinations and lengths, and its incoming routes' origins; each route's km; and one mark per airport (-1, or a
 * route into the destination being searched, set and cleared within one routePaths call). Route objects lie all
 * over the heap, and reading them for each airport's hundreds of routes was most of a path search's time.
 */
interface FlatRoutes { outDest: Int32Array[]; outKm: Float64Array[]; innOrigin: Int32Array[]; km: Float64Array; into: Int32Array }
const flat = new WeakMap<Network, FlatRoutes>();
function flatRoutes(net: Network): FlatRoutes {
  let f = flat.get(net);
  if (!f) {
    f = {
      outDest: net.out.map((rs) => rs.map((r) => net.routes[r].d)), outKm: net.out.map((rs) => Float64Array.from(rs, (r) => net.routes[r].km)),
      innOrigin: net.inn.map((rs) => rs.map((r) => net.routes[r].o)), km: Float64Array.from(net.routes, (r) => r.km), into: new Int32Array(net.airports.length).fill(-1),
    };
    flat.set(net, f);
  }
  return f;
}

/** Route paths from o to d with up to two stops, shortest first, without backtracking. */
export function routePaths(net: Network, o: number, d: number): RoutePath[] {
  const N = net.airports.length;
  const key = o * N + d;
  const hit = pathCache.get(key);
  if (hit) return hit;
  const limit = detourLimitKm(net.dist(o, d));
  const direct: RoutePath[] = [];
  const one: RoutePath[] = [];
  const two: RoutePath[] = [];
  const r0 = net.edge.get(key);
  if (r0 !== undefined && net.routes[r0].services.length > 0) direct.push({ routes: [r0], km: net.routes[r0].km });
  // The airports with a route into d are marked with it (set and cleared within this call), so a stop x is one
  // array read where a Map look-up per first hop, and for two stops per (first hop, onward hop), cost more.
  // `out` and `inn` hold only routes with services, so every route read from them below flies.
  const { outDest, outKm, innOrigin, km: routeKm, into } = flatRoutes(net);
  const inn = net.inn[d], innO = innOrigin[d];
  for (let k = 0; k < inn.length; k++) if (innO[k] !== o) into[innO[k]] = inn[k];
  const out = net.out[o], xs = outDest[o], firstKm = outKm[o];
  for (let k = 0; k < out.length; k++) {
    const r2 = into[xs[k]];
    if (r2 < 0) continue;
    const km = firstKm[k] + routeKm[r2];
    if (km <= limit) one.push({ routes: [out[k], r2], km });
  }
  if (direct.length + one.length < RULES.twoStopBelow) {
    // Each first hop's onward destinations are read against the marks from flat arrays, and only the shortest
    // paths are kept as they come. There is at most one route per airport pair and byKm is a total order, so
    // these are the paths a full enumeration sorted would give, in the same order. A first hop is skipped when
    // even a straight line on from its end would pass the limit: route lengths are great-circle distances, so
    // the two hops after it fly at least that far (1 km spares the rounding of the haversine).
    for (let i = 0; i < out.length; i++) {
      const x = xs[i], km1 = firstKm[i];
      if (x === d || km1 > limit || km1 + net.dist(x, d) > limit + 1) continue;
      const ys = outDest[x], onward = net.out[x], onwardKm = outKm[x];
      for (let k = 0; k < ys.length; k++) {
        const r3 = into[ys[k]];
        if (r3 < 0 || km1 + routeKm[r3] > limit) continue;
        const km = km1 + onwardKm[k] + routeKm[r3];
        if (km <= limit) keepShortest(two, RULES.maxTwoStopPaths, km, out[i], onward[k], r3);
      }
    }
  }
  for (let k = 0; k < inn.length; k++) into[innO[k]] = -1;
  const byKm = (p: RoutePath, q: RoutePath) => p.km - q.km || p.routes[0] - q.routes[0] || p.routes[1] - q.routes[1];
  one.sort(byKm);
  const paths = [...direct, ...one.slice(0, RULES.maxOneStopPaths), ...two];
  if (pathCache.size >= PATH_CACHE_LIMIT) pathCache.clear();
  pathCache.set(key, paths);
  return paths;
}

/** Adds the path r1, r2, r3 of `km` to `kept` (in byKm order, at most `max`) if it is among the `max` shortest. */
function keepShortest(kept: RoutePath[], max: number, km: number, r1: number, r2: number, r3: number): void {
  const before = (p: RoutePath) => km - p.km || r1 - p.routes[0] || r2 - p.routes[1];
  if (kept.length === max && before(kept[max - 1]) >= 0) return;
  let i = kept.length;
  while (i > 0 && before(kept[i - 1]) < 0) i--;
  kept.splice(i, 0, { routes: [r1, r2, r3], km });
  if (kept.length > max) kept.pop();
}

/**
 * Itineraries from o to d leaving on local `day` (at o), departing no earlier than `notBefore`
 * (a booking cut-off), with at most `maxStops` stops.
 */
export function itinerariesOn(net: Network, o: number, d: number, day: string, notBefore: number, maxStops: number = RULES.maxStops): Itinerary[] {
  const result: Itinerary[] = [];
  // One chain, grown and shrunk as the search goes; an itinerary found gets a copy of it. A new array for every
  // flight tried was the largest share of what a search allocated, most of it for chains that led nowhere.
  const chain: DatedFlight[] = [];
  for (const path of routePaths(net, o, d)) {
    if (path.routes.length - 1 > maxStops) continue;
    for (const f1 of flightsOn(net, path.routes[0], day)) {
      if (f1.dep < notBefore) continue;
      chain.push(f1);
      extend(net, path, chain, result);
      chain.pop();
    }
  }
  return result;
}

/** Extends `chain` (given back as it came) along `path`, adding every itinerary it completes to `out`. */
function extend(net: Network, path: RoutePath, chain: DatedFlight[], out: Itinerary[]): void {
  const last = chain[chain.length - 1];
  if (chain.length === path.routes.length) {
    if (last.arr - chain[0].dep <= RULES.maxTripMin * 60_000) out.push({ flights: chain.slice(), dep: chain[0].dep, arr: last.arr, km: path.km });
    return;
  }
  const next = path.routes[chain.length];
  const at = net.routes[next].o;
  const tz = net.airports[at].tz;
  const from = last.arr, to = last.arr + RULES.maxLayoverMin * 60_000;
  // Onward flights leave within the layover window, on the local days it spans; each day's list is in departure
  // order, so the search stops at the window's end or once enough connections are taken.
  let taken = 0;
  const lastDay = localDayNumber(to, tz);
  for (let day = localDayNumber(from, tz); day <= lastDay && taken < RULES.connectionsPerFlight; day++) {
    for (const f of flightsOnDay(net, next, day)) {
      if (f.dep < from) continue;
      if (f.dep > to) break;
      if (f.dep < last.arr + mctMinutes(net, at, last, f) * 60_000) continue;
      chain.push(f);
      extend(net, path, chain, out);
      chain.pop();
      if (++taken >= RULES.connectionsPerFlight) break;
    }
  }
}
