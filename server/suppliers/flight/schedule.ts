/**
 * Dated flights, generated on demand per (route, day) from the weekly timetable and cached: nothing is
 * stored for the whole year. The day is the local calendar day at the origin airport; departure times are
 * local (airlines publish local times), so the UTC time shifts when a clock changes for daylight saving.
 */
import type { DatedFlight, Network, Service } from './network-types';
import { hasOverrides, onOverridesChanged, overridden, renumberedFrom } from './schedule-overrides';
import { dayMs, dayOffset, dayString, localToUtc, weekday } from './time';
import { TwoGenerations } from './two-generations';

export type { DatedFlight } from './network-types';

/**
 * (route, day) lists kept, those in use first: a search touches 50 to 120 of them, and 16k hold ~7 MB. 40k kept
 * by clearing all at the limit held ~19 MB, and 300k ~150 MB that was never given back.
 */
const CACHE_LIMIT = 16_000;
const cache = new TwoGenerations<number, DatedFlight[]>(CACHE_LIMIT);
const dayCache = new Map<string, number>();
onOverridesChanged(() => cache.clear());

const dayNumber = (day: string) => {
  let n = dayCache.get(day);
  if (n === undefined) { n = Math.round(dayMs(day) / 86_400_000); dayCache.set(day, n); }
  return n;
};

/** Flights on a route departing on a local day, sorted by departure. */
export function flightsOn(net: Network, route: number, day: string): DatedFlight[] {
  const key = route * 65_536 + (dayNumber(day) & 0xffff);
  return cache.get(key) ?? datedFlights(net, route, day, key);
}

/**
 * flightsOn by the day's number (days since 1970-01-01): connections walk the days a layover spans as numbers, and
 * spelling each as text to look it up was a third of their work. The text is made only when the day is not cached.
 */
export function flightsOnDay(net: Network, route: number, dayNum: number): DatedFlight[] {
  const key = route * 65_536 + (dayNum & 0xffff);
  return cache.get(key) ?? datedFlights(net, route, dayString(dayNum * 86_400_000), key);
}

/** Makes and caches (under `key`) the flights of a route on a day that is not cached. */
function datedFlights(net: Network, route: number, day: string, key: number): DatedFlight[] {
  const r = net.routes[route];
  const tz = net.airports[r.o].tz;
  const bit = 1 << weekday(day);
  const list: DatedFlight[] = [];
  // A day without a clock change has one offset for all its departures: most of a search's offset look-ups were here.
  const midnight = dayMs(day), offset = dayOffset(day, tz);
  const withOverride = hasOverrides(net);
  for (let i = 0; i < r.services.length; i++) {
    const s: Service = r.services[i];
    if ((s.days & bit) === 0) continue;
    const dep = Number.isNaN(offset) ? localToUtc(day, s.depMin, tz) : midnight + s.depMin * 60_000 - offset;
    // An airline's change to this one dated flight (moved, renumbered or canceled) is laid over the timetable.
    const planned: DatedFlight = { route, service: i, day, dep, arr: dep + s.blockMin * 60_000 };
    const f = withOverride ? overridden(net, planned) : planned;
    if (!f) continue;
    // In place by departure, then timetable entry: a route has a handful a day, and insertion costs less than
    // Array.prototype.sort with a comparator on lists this short (a sixth of this function's time).
    let at = list.length;
    while (at > 0 && list[at - 1].dep > f.dep) at--;
    if (at === list.length) list.push(f); else list.splice(at, 0, f);
  }
  cache.set(key, list);
  return list;
}

/** The timetable entry behind a dated flight. */
export const serviceOf = (net: Network, f: DatedFlight): Service => net.routes[f.route].services[f.service];

/** The number a dated flight flies under: the timetable's, or the one an airline gave it that day. */
export const numberOf = (net: Network, f: DatedFlight): string => {
  if (f.no) return f.no;
  const s = serviceOf(net, f);
  return `${net.carriers[s.carrier].code}${s.flightNo}`;
};

/** A dated flight by its number ("EK601") and local departure day, or undefined if it does not operate. */
export function flightByNumber(net: Network, flightNo: string, day: string): DatedFlight | undefined {
  const ref = net.flights.get(renumberedFrom(net, flightNo, day) ?? flightNo);
  if (!ref) return undefined;
  const f = flightsOn(net, ref.route, day).find((x) => x.service === ref.service);
  // A renumbered flight no longer answers to its old number.
  return f && numberOf(net, f) === flightNo ? f : undefined;
}
