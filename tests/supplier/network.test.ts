import { describe, expect, it } from 'vitest';
import { buildNetwork, defaultCarriers, defaultNetwork, networkSteps, type Network } from '../../server/suppliers/flight';
import { detourLimitKm, routePaths } from '../../server/suppliers/flight/connections';
import { CARRIER_SEEDS } from '../../server/suppliers/flight/carriers';
import { hashString } from '../../server/suppliers/flight/prng';
import { airlineByCode } from '../../server/reference';

/** A fingerprint of everything the network decided: routes, carriers, timetables. */
function fingerprint(net: Network): number {
  let h = 0;
  for (const r of net.routes) for (const s of r.services) {
    h = hashString(`${r.o}>${r.d}:${s.carrier}:${s.flightNo}:${s.depMin}:${s.days}:${s.aircraft}:${s.blockMin}:${s.depTerminal}`, h);
  }
  return h;
}

describe('route network', () => {
  const net = defaultNetwork();
  const idx = (code: string) => net.index.get(code)!;

  it('is deterministic for a seed and differs for another seed', () => {
    const again = buildNetwork(1);
    expect(again.routes.length).toBe(net.routes.length);
    expect(fingerprint(again)).toBe(fingerprint(net));
    expect(fingerprint(buildNetwork(2))).not.toBe(fingerprint(net));
  });

  it('builds the same network in steps as at once, with many steps to run between requests', () => {
    const steps = networkSteps(1);
    let count = 0;
    let r = steps.next();
    while (!r.done) { count++; r = steps.next(); }
    expect(count).toBeGreaterThan(20);
    expect(fingerprint(r.value)).toBe(fingerprint(net));
  });

  it("names the default network's carriers without building its routes", () => {
    expect(defaultCarriers()).toEqual(net.carriers.map((c) => ({ code: c.code, name: c.name, country: c.country })));
  });

  it('serves every airport it knows', () => {
    const unserved = net.airports.filter((_, i) => net.out[i].length === 0 || net.inn[i].length === 0).map((a) => a.iata);
    expect(unserved).toEqual([]);
  });

  it('bases seeded airlines at hubs in their home countries', () => {
    const pk = net.carrierByCode.get('PK')!;
    expect(pk.hubs.map((h) => net.airports[h].iata)).toEqual(['KHI', 'ISB', 'LHE']);
    let checked = 0;
    for (const seed of CARRIER_SEEDS) {
      const c = net.carrierByCode.get(seed.code);
      if (!c) continue;
      // The reference data (OpenFlights) agrees on the home country wherever it knows the airline.
      const ref = airlineByCode(seed.code);
      const word = seed.name.toLowerCase().split(/\s+/).find((w) => w.length >= 4 && !/^(air|airlines?|airways)$/.test(w));
      if (ref?.active && ref.country && word && ref.name.toLowerCase().includes(word)) {
        expect(c.country, seed.code).toBe(ref.country);
        checked++;
      }
      // Every carrier flies out of its first hub.
      expect(net.out[c.hubs[0]].some((r) => net.routes[r].services.some((s) => s.carrier === c.idx)), seed.code).toBe(true);
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('gives bigger airports more routes and more daily flights', () => {
    const mean = (size: number, f: (i: number) => number) => {
      const ids = net.airports.map((_, i) => i).filter((i) => net.size[i] === size);
      return ids.reduce((s, i) => s + f(i), 0) / ids.length;
    };
    const routes = (i: number) => net.out[i].length;
    const flights = (i: number) => Array.from(net.out[i]).reduce((s, r) => s + net.routes[r].services.length, 0);
    expect(mean(0, routes)).toBeGreaterThan(mean(1, routes));
    expect(mean(1, routes)).toBeGreaterThan(mean(2, routes));
    expect(mean(0, flights)).toBeGreaterThan(mean(1, flights) * 3);
    expect(net.out[idx('DXB')].length).toBeGreaterThan(100);
  });

  it('connects every large airport to every other in at most two stops without backtracking', () => {
    // Shortest paths of up to three sectors from each large airport (by distance), checked against the
    // same detour limit the search applies.
    const N = net.airports.length;
    const large = net.airports.map((_, i) => i).filter((i) => net.size[i] === 0);
    const best2 = new Float64Array(N);
    const failures: string[] = [];
    for (const o of large) {
      best2.fill(Infinity);
      for (const r1 of net.out[o]) {
        const a = net.routes[r1];
        if (a.km < best2[a.d]) best2[a.d] = a.km;
        for (const r2 of net.out[a.d]) {
          const b = net.routes[r2];
          if (a.km + b.km < best2[b.d]) best2[b.d] = a.km + b.km;
        }
      }
      for (const d of large) {
        if (d === o) continue;
        const limit = detourLimitKm(net.dist(o, d));
        let ok = best2[d] <= limit;
        for (const r3 of net.inn[d]) if (!ok) ok = net.routes[r3].o !== o && best2[net.routes[r3].o] + net.routes[r3].km <= limit;
        if (!ok) failures.push(`${net.airports[o].iata}-${net.airports[d].iata}`);
      }
    }
    expect(large.length).toBeGreaterThan(700);
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('finds the same connectivity through the search path finder (sample)', () => {
    const large = net.airports.map((_, i) => i).filter((i) => net.size[i] === 0);
    let missing = 0;
    for (let k = 0; k < 2000; k++) {
      const o = large[(k * 7919) % large.length], d = large[(k * 104_729 + 13) % large.length];
      if (o !== d && routePaths(net, o, d).length === 0) missing++;
    }
    expect(missing).toBe(0);
  });
});

describe('airport ranking for autocomplete', () => {
  it('puts the busiest airports of a city first', async () => {
    const { searchAirports } = await import('../../server/reference');
    const { trafficScore } = await import('../../server/suppliers/flight');
    const score = trafficScore(defaultNetwork());
    expect(searchAirports('london', 3, score)[0].iata).toBe('LHR');
    expect(searchAirports('KHI', 1, score)[0].iata).toBe('KHI');
    expect(score(searchAirports('DXB', 1)[0])).toBeGreaterThan(score(searchAirports('MUX', 1)[0]));
  });
});
