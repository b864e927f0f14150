/**
 * An airline's changes to single dated flights, laid over the timetable: a flight moved to new instants, given
 * a new number, or canceled. The server keeps them in a table and hands the whole set here (at start and after
 * each change); the engine itself still reads no database. Kept per network, so a test's network is its own.
 */
import type { DatedFlight, Network } from './network-types';

export interface ScheduleOverride {
  /** The timetabled number and local departure day at the origin. */
  flightNo: string;
  day: string;
  canceled: boolean;
  /** New instants (ms since the epoch), or null to keep the timetable's. */
  dep: number | null;
  arr: number | null;
  newFlightNo: string | null;
}

interface Laid { byService: Map<string, ScheduleOverride>; byNewNumber: Map<string, ScheduleOverride> }

const laid = new WeakMap<Network, Laid>();
const listeners = new Set<() => void>();

const serviceKey = (route: number, service: number, day: string) => `${route}/${service}/${day}`;

/** Replaces the network's overrides; flights already generated and cached are dropped by the listeners. */
export function setScheduleOverrides(net: Network, list: readonly ScheduleOverride[]): void {
  const byService = new Map<string, ScheduleOverride>();
  const byNewNumber = new Map<string, ScheduleOverride>();
  for (const o of list) {
    const ref = net.flights.get(o.flightNo);
    if (!ref) continue;
    byService.set(serviceKey(ref.route, ref.service, o.day), o);
    if (o.newFlightNo && !o.canceled) byNewNumber.set(`${o.newFlightNo}|${o.day}`, o);
  }
  laid.set(net, { byService, byNewNumber });
  for (const l of listeners) l();
}

/** Called when overrides change (the schedule's cache of generated days). */
export const onOverridesChanged = (l: () => void) => { listeners.add(l); };

export const hasOverrides = (net: Network): boolean => (laid.get(net)?.byService.size ?? 0) > 0;

/** The flight as changed: null when canceled, the same object when untouched. */
export function overridden(net: Network, f: DatedFlight): DatedFlight | null {
  const o = laid.get(net)?.byService.get(serviceKey(f.route, f.service, f.day));
  if (!o) return f;
  if (o.canceled) return null;
  return { ...f, dep: o.dep ?? f.dep, arr: o.arr ?? f.arr, ...(o.newFlightNo ? { no: o.newFlightNo } : {}) };
}

/** The timetabled number a new flight number stands for on that day, if an airline renumbered a flight. */
export function renumberedFrom(net: Network, flightNo: string, day: string): string | undefined {
  return laid.get(net)?.byNewNumber.get(`${flightNo}|${day}`)?.flightNo;
}
