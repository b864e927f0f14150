/**
 * The airport overlay: staff changes (the airport_overrides table) held in memory so the reference lookups in
 * server/reference stay synchronous (contract validation calls isAirport without awaiting). No database here:
 * store.ts loads the rows; server/reference merges them over the reference data whenever `version` moves.
 */
import type { Airport, AirportSize } from '../reference/types';

export interface AirportOverride {
  iata: string; name: string; city: string; country: string; lat: number; lon: number; tz: string; size: AirportSize;
  active: boolean;
  /** Added by staff (not in the reference data). */
  custom: boolean;
  updatedAt: Date;
}

interface Overlay { version: number; byCode: ReadonlyMap<string, AirportOverride> }
let overlay: Overlay = { version: 0, byCode: new Map() };

export const airportOverlay = (): Overlay => overlay;

/** Moves `version` only when the rows changed: the periodic re-read must not rebuild the search index each time. */
export function setAirportOverrides(rows: readonly AirportOverride[]) {
  const same = rows.length === overlay.byCode.size && rows.every((r) => {
    const o = overlay.byCode.get(r.iata);
    return o !== undefined && (Object.keys(r) as (keyof AirportOverride)[]).every((k) => (k === 'updatedAt' ? o.updatedAt.getTime() === r.updatedAt.getTime() : o[k] === r[k]));
  });
  if (!same) overlay = { version: overlay.version + 1, byCode: new Map(rows.map((r) => [r.iata, r])) };
}

/** A reference airport with the staff's values, or a custom one (no ICAO code or runway on record). */
export function applyOverride(base: Airport | undefined, o: AirportOverride): Airport {
  return { iata: o.iata, icao: base?.icao ?? '', name: o.name, city: o.city, country: o.country, lat: o.lat, lon: o.lon, tz: o.tz, size: o.size, runway_ft: base?.runway_ft ?? 0 };
}
