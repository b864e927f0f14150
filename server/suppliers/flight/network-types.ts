/** The shapes of the synthetic network and its dated flights, apart from the code that builds them. */
import type { Airport } from '../../reference';
import type { FlightNumbers } from './flight-numbers';

export interface Carrier {
  idx: number;
  code: string;
  name: string;
  country: string;
  hubs: number[];
  tier: 1 | 2 | 3;
  lcc: boolean;
  /** 0..1: fleet preference (Airbus or Boeing) and price level. */
  pref: number;
}

/** One timetabled flight on a route, repeated on the weekdays of `days`. */
export interface Service {
  carrier: number;
  flightNo: number;
  /** Departure, minutes after local midnight at the origin. */
  depMin: number;
  /** Weekday mask, bit 0 = Monday. */
  days: number;
  aircraft: number;
  blockMin: number;
  depTerminal: string;
  arrTerminal: string;
}

export interface Route { idx: number; o: number; d: number; km: number; services: Service[] }

export interface Network {
  seed: number;
  airports: readonly Airport[];
  index: Map<string, number>;
  lat: Float64Array;
  lon: Float64Array;
  /** 0 large, 1 medium, 2 small. */
  size: Uint8Array;
  weight: Float64Array;
  carriers: Carrier[];
  carrierByCode: Map<string, Carrier>;
  routes: Route[];
  /** Route indices leaving / reaching each airport. */
  out: Int32Array[];
  inn: Int32Array[];
  /** o * N + d → route index. */
  edge: Map<number, number>;
  /** "EK601" → where that flight number flies. */
  flights: FlightNumbers;
  dist(a: number, b: number): number;
  routeOf(o: number, d: number): Route | undefined;
}

export interface DatedFlight {
  route: number;
  service: number;
  /** Local departure day at the origin, YYYY-MM-DD. */
  day: string;
  dep: number;
  arr: number;
  /** The number an airline gave this one dated flight, when it renumbered it (otherwise the timetable's). */
  no?: string;
}
