import { describe, expect, it } from 'vitest';
import { defaultNetwork, EmbeddedFlightSupplier, PUBLIC } from '../../server/suppliers/flight';
import { detourLimitKm, itinerariesOn, mctMinutes, routePaths, RULES } from '../../server/suppliers/flight/connections';
import { flightsOn } from '../../server/suppliers/flight/schedule';
import type { FlightSearchQuery } from '../../contract/flights';

const net = defaultNetwork();
const idx = (c: string) => net.index.get(c)!;
const NOW = Date.UTC(2026, 5, 1);
const query = (origin: string, destination: string, date: string, extra: Partial<FlightSearchQuery> = {}): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin, destination, date }], adults: 1, children: 0, infants: 0, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false, ...extra,
});

/** routePaths' rule written plainly (every candidate built, then sorted): the fast search must agree with it. */
function pathsByRule(o: number, d: number) {
  const N = net.airports.length, limit = detourLimitKm(net.dist(o, d));
  const route = (r: number) => net.routes[r];
  const direct = net.edge.get(o * N + d);
  const out: { routes: number[]; km: number }[] = direct !== undefined && route(direct).services.length > 0 ? [{ routes: [direct], km: route(direct).km }] : [];
  const one: typeof out = [], two: typeof out = [];
  for (const r1 of net.out[o]) {
    const r2 = route(r1).d === d ? undefined : net.edge.get(route(r1).d * N + d);
    if (r2 !== undefined && route(r2).services.length > 0 && route(r1).km + route(r2).km <= limit) one.push({ routes: [r1, r2], km: route(r1).km + route(r2).km });
  }
  if (out.length + one.length < RULES.twoStopBelow) {
    for (const r1 of net.out[o]) for (const r3 of net.inn[d]) {
      const a = route(r1), c = route(r3);
      if (a.d === d || a.km > limit || c.o === o || c.o === a.d || a.km + c.km > limit) continue;
      const r2 = net.edge.get(a.d * N + c.o);
      if (r2 === undefined || route(r2).services.length === 0) continue;
      const km = a.km + route(r2).km + c.km;
      if (km <= limit) two.push({ routes: [r1, r2, r3], km });
    }
  }
  const byKm = (p: { routes: number[]; km: number }, q: { routes: number[]; km: number }) => p.km - q.km || p.routes[0] - q.routes[0] || p.routes[1] - q.routes[1];
  return [...out, ...one.sort(byKm).slice(0, RULES.maxOneStopPaths), ...two.sort(byKm).slice(0, RULES.maxTwoStopPaths)];
}

describe('connection rules', () => {
  it('finds the paths the rule names, in its order, between large and small airports alike', () => {
    const large = net.airports.map((a, i) => (a.size === 'large' ? i : -1)).filter((i) => i >= 0);
    let twoStop = 0;
    for (let k = 0; k < 400; k++) {
      const o = k < 300 ? large[(k * 37) % large.length] : (k * 7919) % net.airports.length;
      const d = k < 300 ? large[(k * 101 + 13) % large.length] : (k * 104_729 + 5) % net.airports.length;
      if (o === d) continue;
      const paths = routePaths(net, o, d);
      if (paths.some((p) => p.routes.length === 3)) twoStop++;
      expect(paths, `${net.airports[o].iata}-${net.airports[d].iata}`).toEqual(pathsByRule(o, d));
    }
    expect(twoStop).toBeGreaterThan(100);
  });

  it('never backtracks: KHI-DXB is not offered through Lahore though both sectors exist', () => {
    expect(net.routeOf(idx('KHI'), idx('LHE'))).toBeDefined();
    expect(net.routeOf(idx('LHE'), idx('DXB'))).toBeDefined();
    const paths = routePaths(net, idx('KHI'), idx('DXB'));
    const via = paths.filter((p) => p.routes.length > 1).map((p) => net.airports[net.routes[p.routes[0]].d].iata);
    expect(via).not.toContain('LHE');
    expect(via).not.toContain('ISB');
    for (const p of paths) expect(p.km).toBeLessThanOrEqual(detourLimitKm(net.dist(idx('KHI'), idx('DXB'))));
  });

  it('keeps every path within the detour limit and without repeated airports', () => {
    for (const [o, d] of [['ISB', 'LHR'], ['MUX', 'YYZ'], ['GIL', 'SCL'], ['SYD', 'SIN'], ['CVU', 'GIL']]) {
      for (const p of routePaths(net, idx(o), idx(d))) {
        const stops = p.routes.map((r) => net.routes[r].o).concat(idx(d));
        expect(new Set(stops).size, `${o}-${d}`).toBe(stops.length);
        expect(p.km).toBeLessThanOrEqual(detourLimitKm(net.dist(idx(o), idx(d))));
        expect(p.routes.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it('sets minimum connection times by airport size, border and carrier change', () => {
    const khiDxb = flightsOn(net, net.routeOf(idx('KHI'), idx('DXB'))!.idx, '2026-07-01');
    const dxbLhr = flightsOn(net, net.routeOf(idx('DXB'), idx('LHR'))!.idx, '2026-07-01');
    const ek = (l: typeof khiDxb) => l.find((f) => net.carriers[net.routes[f.route].services[f.service].carrier].code === 'EK')!;
    const ba = dxbLhr.find((f) => net.carriers[net.routes[f.route].services[f.service].carrier].code === 'BA')!;
    expect(mctMinutes(net, idx('DXB'), ek(khiDxb), ek(dxbLhr))).toBe(75); // large, international, same carrier
    expect(mctMinutes(net, idx('DXB'), ek(khiDxb), ba)).toBe(105); // plus interline
    const mux = flightsOn(net, net.routeOf(idx('MUX'), idx('KHI'))!.idx, '2026-07-01');
    const khiIsb = flightsOn(net, net.routeOf(idx('KHI'), idx('ISB'))!.idx, '2026-07-01');
    const pk = (l: typeof mux) => l.find((f) => net.carriers[net.routes[f.route].services[f.service].carrier].code === 'PK')!;
    expect(mctMinutes(net, idx('KHI'), pk(mux), pk(khiIsb))).toBe(60); // large, domestic, same carrier
  });

  it('builds itineraries that respect MCT, the layover limit and the trip limit', () => {
    let connections = 0;
    for (const [o, d] of [['ISB', 'LHR'], ['MUX', 'YYZ'], ['GIL', 'SCL'], ['KOI', 'SKZ']]) {
      for (const it of itinerariesOn(net, idx(o), idx(d), '2026-07-15', NOW)) {
        expect(it.arr - it.dep).toBeLessThanOrEqual(RULES.maxTripMin * 60_000);
        for (let i = 1; i < it.flights.length; i++) {
          const a = it.flights[i - 1], b = it.flights[i];
          const at = net.routes[b.route].o;
          expect(net.routes[a.route].d).toBe(at);
          expect(b.dep - a.arr).toBeGreaterThanOrEqual(mctMinutes(net, at, a, b) * 60_000);
          expect(b.dep - a.arr).toBeLessThanOrEqual(RULES.maxLayoverMin * 60_000);
          connections++;
        }
      }
    }
    expect(connections).toBeGreaterThan(50);
  });

  it('reports layovers in offers with their durations', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const r = await s.search(query('GIL', 'LRH', '2026-07-15'), { pricing: PUBLIC });
    const o = r.offers.find((x) => x.stops > 0)!;
    expect(o.journeys[0].layovers).toHaveLength(o.journeys[0].segments.length - 1);
    o.journeys[0].layovers.forEach((l, i) => {
      const inbound = o.journeys[0].segments[i], outbound = o.journeys[0].segments[i + 1];
      expect(l.airport).toBe(inbound.destination.code);
      expect(l.duration_minutes).toBe((Date.parse(outbound.departure_at) - Date.parse(inbound.arriving_at)) / 60_000);
      expect(l.duration_minutes).toBeGreaterThanOrEqual(30);
    });
  });

  it('applies stops, airline and time-of-day filters, and sorts', async () => {
    const s = new EmbeddedFlightSupplier({ network: net, clock: () => NOW });
    const ctx = { pricing: PUBLIC };
    const nonstop = await s.search(query('KHI', 'DXB', '2026-07-15', { stops: '0' }), ctx);
    expect(nonstop.offers.length).toBeGreaterThan(0);
    expect(nonstop.offers.every((o) => o.stops === 0)).toBe(true);
    const withStops = await s.search(query('KHI', 'DXB', '2026-07-15', { stops: '1+' }), ctx);
    expect(withStops.offers.every((o) => o.stops > 0)).toBe(true);
    const ek = await s.search(query('KHI', 'DXB', '2026-07-15', { airlines: ['EK'] }), ctx);
    expect(ek.offers.length).toBeGreaterThan(0);
    expect(ek.offers.every((o) => o.validating_airline.code === 'EK')).toBe(true);
    expect(ek.available_airlines.map((a) => a.code)).toEqual(expect.arrayContaining(['EK', 'PK', 'FZ']));
    const morning = await s.search(query('KHI', 'DXB', '2026-07-15', { time_of_day: ['morning'] }), ctx);
    for (const o of morning.offers) {
      const h = Number(o.journeys[0].departure_at.slice(11, 13));
      expect(h >= 5 && h < 12).toBe(true);
    }
    const all = await s.search(query('KHI', 'DXB', '2026-07-15'), ctx);
    const cap = Number(all.offers[5].price.amount);
    const capped = await s.search(query('KHI', 'DXB', '2026-07-15', { max_price: cap }), ctx);
    expect(capped.offers.every((o) => Number(o.price.amount) <= cap)).toBe(true);
    const prices = all.offers.map((o) => Number(o.price.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byDuration = await s.search(query('ISB', 'LHR', '2026-07-15', { sort: 'duration' }), ctx);
    const durations = byDuration.offers.map((o) => o.duration_minutes);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    const byDeparture = await s.search(query('ISB', 'LHR', '2026-07-15', { sort: 'departure' }), ctx);
    const deps = byDeparture.offers.map((o) => Date.parse(o.journeys[0].departure_at));
    expect(deps).toEqual([...deps].sort((a, b) => a - b));
  });
});
