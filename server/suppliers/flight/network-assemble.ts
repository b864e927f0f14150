/**
 * The parts of a network that follow from its airports and decisions: the airports' positions and the distance
 * between them, the lookups by code, and the routes leaving and reaching each airport. The build (network.ts) and
 * the saved network (network-snapshot.ts) both finish a network here, so the two cannot differ in them.
 */
import type { Airport } from '../../reference';
import { EARTH_KM } from './geo';
import type { FlightNumbers } from './flight-numbers';
import type { Carrier, Network, Route } from './network-types';

export const SIZE_CODE = { large: 0, medium: 1, small: 2 } as const;

export interface AirportGeometry {
  index: Map<string, number>;
  lat: Float64Array;
  lon: Float64Array;
  /** 0 large, 1 medium, 2 small. */
  size: Uint8Array;
  dist(a: number, b: number): number;
}

export function airportGeometry(airports: readonly Airport[]): AirportGeometry {
  const N = airports.length;
  const index = new Map(airports.map((a, i) => [a.iata, i]));
  const lat = new Float64Array(N), lon = new Float64Array(N), size = new Uint8Array(N);
  airports.forEach((a, i) => { lat[i] = a.lat; lon[i] = a.lon; size[i] = SIZE_CODE[a.size]; });
  // Unit vectors make the many distance computations of the build cheap (chord → arc).
  const xyz = new Float64Array(N * 3);
  for (let i = 0; i < N; i++) {
    const p = (lat[i] * Math.PI) / 180, l = (lon[i] * Math.PI) / 180;
    xyz[3 * i] = Math.cos(p) * Math.cos(l); xyz[3 * i + 1] = Math.cos(p) * Math.sin(l); xyz[3 * i + 2] = Math.sin(p);
  }
  const dist = (a: number, b: number) => {
    const dx = xyz[3 * a] - xyz[3 * b], dy = xyz[3 * a + 1] - xyz[3 * b + 1], dz = xyz[3 * a + 2] - xyz[3 * b + 2];
    return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(dx * dx + dy * dy + dz * dz) / 2));
  };
  return { index, lat, lon, size, dist };
}

export interface NetworkDecisions {
  seed: number;
  airports: readonly Airport[];
  weight: Float64Array;
  carriers: Carrier[];
  /** Every route in index order, those without services too (a flight number's route keeps its index). */
  routes: Route[];
  /**
   * "EK601" → where that flight number flies; or how to make it on first use (only bookings and schedule changes
   * look flights up by number, and indexing a saved network's 142,000 numbers would lengthen every start).
   */
  flights: FlightNumbers | (() => FlightNumbers);
}

export function assembleNetwork(geo: AirportGeometry, d: NetworkDecisions): Network {
  const N = d.airports.length;
  const edge = new Map<number, number>();
  const outL: number[][] = Array.from({ length: N }, () => []);
  const inL: number[][] = Array.from({ length: N }, () => []);
  for (const r of d.routes) {
    edge.set(r.o * N + r.d, r.idx);
    if (r.services.length > 0) { outL[r.o].push(r.idx); inL[r.d].push(r.idx); }
  }
  const { routes } = d;
  let flights = typeof d.flights === 'function' ? undefined : d.flights;
  const makeFlights = d.flights;
  return {
    seed: d.seed, airports: d.airports, index: geo.index, lat: geo.lat, lon: geo.lon, size: geo.size, weight: d.weight,
    carriers: d.carriers, carrierByCode: new Map(d.carriers.map((c) => [c.code, c])), routes,
    out: outL.map((l) => Int32Array.from(l)), inn: inL.map((l) => Int32Array.from(l)), edge, dist: geo.dist,
    get flights() { return (flights ??= typeof makeFlights === 'function' ? makeFlights() : makeFlights); },
    routeOf: (o, d2) => { const r = edge.get(o * N + d2); return r === undefined ? undefined : routes[r]; },
  };
}
