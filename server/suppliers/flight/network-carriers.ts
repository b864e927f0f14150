/**
 * Who flies the synthetic network: the seeded network carriers at their hubs, then one or two national carriers per
 * country from the reference airlines, based at its capital's large airport (or its biggest).
 */
import { airports as loadAirports, airlines as loadAirlines, countries as loadCountries, type Airport } from '../../reference';
import { CARRIER_SEEDS } from './carriers';
import { SIZE_CODE } from './network-assemble';
import type { Carrier } from './network-types';
import { hashString, unit } from './prng';

const NOT_PASSENGER = /cargo|freight|charter|heli|aviation|jet ?s|executive|school|ambulance|private|virtual|air taxi|express|training|services|logistics/i;

export const countryIndex = (airports: readonly Airport[]) => {
  const byCountry = new Map<string, number[]>();
  airports.forEach((a, i) => { const l = byCountry.get(a.country); if (l) l.push(i); else byCountry.set(a.country, [i]); });
  return byCountry;
};

/** The carriers and their hubs: the seeded network carriers, then one or two national carriers per country. */
export function buildCarriers(airports: readonly Airport[], index: Map<string, number>, size: Uint8Array, byCountry: Map<string, number[]>, seed: number): Carrier[] {
  const carriers: Carrier[] = [];
  const addCarrier = (code: string, name: string, hubs: number[], tier: 1 | 2 | 3, lcc: boolean) => {
    if (hubs.length === 0) return;
    carriers.push({ idx: carriers.length, code, name, country: airports[hubs[0]].country, hubs, tier, lcc, pref: unit(hashString(code, seed)) });
  };
  for (const s of CARRIER_SEEDS) {
    addCarrier(s.code, s.name, s.hubs.map((h) => index.get(h)).filter((i): i is number => i !== undefined), s.tier, !!s.lcc);
  }
  const seeded = new Set(carriers.map((c) => c.country));
  const taken = new Set(carriers.map((c) => c.code));
  const capitals = new Map(loadCountries().map((c) => [c.code, c.capital.toLowerCase()]));
  const candidates = new Map<string, { iata: string; name: string }[]>();
  for (const a of loadAirlines()) {
    if (!a.active || !a.icao || taken.has(a.iata) || NOT_PASSENGER.test(a.name) || !a.country) continue;
    const l = candidates.get(a.country); if (l) l.push(a); else candidates.set(a.country, [a]);
  }
  for (const [country, list] of [...byCountry].sort(([a], [b]) => a.localeCompare(b))) {
    if (seeded.has(country)) continue;
    const pool = (candidates.get(country) ?? []).slice().sort((a, b) => hashString(a.iata, seed) - hashString(b.iata, seed));
    if (pool.length === 0) continue;
    // The hub: a large airport in the capital if there is one, else the biggest (size, then runway).
    const cap = capitals.get(country);
    const hub = list.slice().sort((a, b) => size[a] - size[b]
      || Number(airports[b].city.toLowerCase() === cap) - Number(airports[a].city.toLowerCase() === cap)
      || airports[b].runway_ft - airports[a].runway_ft || a - b)[0];
    const large = list.filter((i) => size[i] === 0).length;
    const count = Math.min(pool.length, large >= 3 ? 2 : 1);
    for (let k = 0; k < count; k++) addCarrier(pool[k].iata, pool[k].name, [hub], size[hub] === 0 && large >= 3 ? 2 : 3, false);
  }
  return carriers;
}

let sharedCarriers: { code: string; name: string; country: string }[] | undefined;
/**
 * The carriers of the default network without building its routes (a second of work at start): what a new
 * database's airline list is filled from. The same function builds them inside buildNetwork.
 */
export function defaultCarriers(): { code: string; name: string; country: string }[] {
  if (!sharedCarriers) {
    const airports = loadAirports();
    const size = Uint8Array.from(airports, (a) => SIZE_CODE[a.size]);
    sharedCarriers = buildCarriers(airports, new Map(airports.map((a, i) => [a.iata, i])), size, countryIndex(airports), 1)
      .map((c) => ({ code: c.code, name: c.name, country: c.country }));
  }
  return sharedCarriers;
}
