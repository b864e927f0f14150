/**
 * The two-stop guarantee between large airports, run on the airport-pair graph before timetables exist.
 */
import type { Airport } from '../../reference';
import { detourLimitKm } from './rules';
import type { Carrier } from './network-types';

/** The longest sector any aircraft flies (the A350's range, less a reserve). */
const MAX_SECTOR_KM = 15_000;

/**
 * Guarantees that every large airport reaches every other in at most two stops within the detour limit.
 * Per origin, the shortest paths of one, two and three sectors are found on the pair graph (a bounded
 * Bellman-Ford on precomputed sector lengths); for a destination still out of reach, the origin gets a
 * route to the destination's neighbour that makes the shortest detour-free path (or to the destination).
 */
export function* connectLargeAirports(
  N: number, pairs: Map<number, Set<number>>, addPair: (a: number, b: number, c: number) => void,
  dist: (a: number, b: number) => number, size: Uint8Array, airports: readonly Airport[], carriers: Carrier[],
): Generator<void, void> {
  // Adjacency in CSR form (typed arrays keep the inner loops fast), plus small lists for repair links.
  const deg = new Int32Array(N + 1);
  const carriersAt: number[][] = Array.from({ length: N }, () => []);
  for (const [key, set] of pairs) {
    const a = Math.floor(key / N), b = key % N;
    deg[a + 1]++; deg[b + 1]++;
    for (const c of set) { carriersAt[a].push(c); carriersAt[b].push(c); }
  }
  for (let i = 0; i < N; i++) deg[i + 1] += deg[i];
  const to = new Int32Array(deg[N]), km = new Float64Array(deg[N]), fill = deg.slice(0, N);
  for (const key of pairs.keys()) {
    const a = Math.floor(key / N), b = key % N, k = dist(a, b);
    to[fill[a]] = b; km[fill[a]++] = k;
    to[fill[b]] = a; km[fill[b]++] = k;
  }
  const extra: { to: number; km: number }[][] = Array.from({ length: N }, () => []);
  const neighbours = (x: number, f: (y: number, k: number) => void) => {
    for (let e = deg[x]; e < deg[x + 1]; e++) f(to[e], km[e]);
    for (const l of extra[x]) f(l.to, l.km);
  };
  const hubOf = new Map<number, Carrier>();
  for (const c of carriers) for (const h of c.hubs) if (!hubOf.has(h)) hubOf.set(h, c);

  yield;
  const large = [...Array(N).keys()].filter((i) => size[i] === 0);
  const km1 = new Float64Array(N).fill(Infinity), km2 = new Float64Array(N).fill(Infinity);
  for (let n = 0; n < large.length; n++) {
    if (n % 20 === 19) yield; // a step of a network build (networkSteps)
    const o = large[n];
    km1.fill(Infinity); km2.fill(Infinity);
    neighbours(o, (x, k) => { if (k < km1[x]) km1[x] = k; });
    neighbours(o, (x) => {
      const base = km1[x];
      for (let e = deg[x]; e < deg[x + 1]; e++) { const v = base + km[e]; if (v < km2[to[e]]) km2[to[e]] = v; }
      for (const l of extra[x]) { const v = base + l.km; if (v < km2[l.to]) km2[l.to] = v; }
    });
    for (let i = 0; i < N; i++) if (km1[i] < km2[i]) km2[i] = km1[i]; // km2: best with one or two sectors
    for (const d of large) {
      if (d === o) continue;
      const limit = detourLimitKm(dist(o, d));
      if (km2[d] <= limit) continue;
      let ok = false;
      for (let e = deg[d]; e < deg[d + 1] && !ok; e++) ok = to[e] !== o && km2[to[e]] + km[e] <= limit;
      for (const l of extra[d]) ok ||= l.to !== o && km2[l.to] + l.km <= limit;
      if (ok) continue;
      // Repair: one new route x-y, with x the origin or one of its neighbours and y the destination or one of
      // its neighbours, chosen for the shortest resulting path within range.
      let bx = -1, by = -1, bestKm = Infinity;
      const ends = (a: number): [number, number][] => {
        const l: [number, number][] = [[a, 0]];
        for (let e = deg[a]; e < deg[a + 1]; e++) l.push([to[e], km[e]]);
        for (const x of extra[a]) l.push([x.to, x.km]);
        return l;
      };
      const fromO = ends(o), toD = ends(d);
      for (const [x, kx] of fromO) for (const [y, ky] of toD) {
        if (x === y || x === d || y === o) continue;
        const xy = dist(x, y);
        const total = kx + xy + ky;
        if (xy <= MAX_SECTOR_KM && total < bestKm && (x === o || y === d)) { bx = x; by = y; bestKm = total; }
      }
      if (bx < 0 || bestKm > limit) {
        for (const [x, kx] of fromO) for (const [y, ky] of toD) {
          if (x === y || x === d || y === o || x === o || y === d) continue;
          const xy = dist(x, y);
          if (xy <= MAX_SECTOR_KM && kx + xy + ky < bestKm) { bx = x; by = y; bestKm = kx + xy + ky; }
        }
      }
      if (bx < 0) continue;
      const best = by;
      const first = bx;
      const pick = hubOf.get(first) ?? hubOf.get(best)
        ?? carriers[carriersAt[best].find((c) => carriers[c].country === airports[first].country || carriers[c].country === airports[best].country) ?? carriersAt[best][0] ?? carriersAt[first][0]];
      if (!pick) continue;
      addPair(first, best, pick.idx);
      const k = dist(first, best);
      extra[first].push({ to: best, km: k }); extra[best].push({ to: first, km: k });
      carriersAt[first].push(pick.idx); carriersAt[best].push(pick.idx);
      const via = first === o ? k : km2[first] + k;
      if (via < km2[best]) km2[best] = via;
    }
  }
}
