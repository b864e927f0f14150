/**
 * Aircraft types by range, their cabins and seat maps, and the bags and rules of each fare family.
 * Configurations are typical of the type, not of one airline.
 */
import type { Cabin } from '../../../contract/flights';

export interface CabinLayout { seats: number; rows: number; letters: string; pitch_in: number }
export interface AircraftType {
  code: string;
  name: string;
  rangeKm: number;
  /** Average block speed in km/h over the airborne part (climb and descent folded in). */
  speedKmh: number;
  widebody: boolean;
  cabins: Partial<Record<Cabin, CabinLayout>>;
}

const layout = (rows: number, letters: string, pitch_in: number): CabinLayout =>
  ({ rows, letters, seats: rows * letters.replace(/ /g, '').length, pitch_in });

export const AIRCRAFT: AircraftType[] = [
  { code: 'AT7', name: 'ATR 72-600', rangeKm: 1500, speedKmh: 460, widebody: false, cabins: { Y: layout(18, 'AC DF', 30) } },
  { code: '320', name: 'Airbus A320neo', rangeKm: 6000, speedKmh: 790, widebody: false, cabins: { C: layout(3, 'AC DF', 38), Y: layout(24, 'ABC DEF', 30) } },
  { code: '738', name: 'Boeing 737-800', rangeKm: 5400, speedKmh: 790, widebody: false, cabins: { C: layout(3, 'AC DF', 38), Y: layout(25, 'ABC DEF', 30) } },
  { code: '321', name: 'Airbus A321neo', rangeKm: 7400, speedKmh: 800, widebody: false, cabins: { C: layout(4, 'AC DF', 40), Y: layout(30, 'ABC DEF', 30) } },
  { code: '789', name: 'Boeing 787-9', rangeKm: 13500, speedKmh: 850, widebody: true, cabins: { C: layout(7, 'A DG K', 74), S: layout(3, 'AB DEF JK', 38), Y: layout(26, 'ABC DEF GHK', 31) } },
  { code: '359', name: 'Airbus A350-900', rangeKm: 15300, speedKmh: 860, widebody: true, cabins: { C: layout(9, 'A DG K', 76), S: layout(3, 'AC DEF HK', 38), Y: layout(28, 'ABC DEF GHK', 31) } },
  { code: '77W', name: 'Boeing 777-300ER', rangeKm: 13600, speedKmh: 860, widebody: true, cabins: { F: layout(2, 'A DG K', 80), C: layout(10, 'AC DG JK', 74), S: layout(4, 'AC DEF HK', 38), Y: layout(30, 'ABC DEFG HJK', 31) } },
];
export const aircraftByCode = new Map(AIRCRAFT.map((a) => [a.code, a]));

/**
 * Picks a type for a route: turboprops on short thin routes, narrowbodies up to their range, widebodies on
 * long or heavy routes. `pref` (0..1, per carrier) splits Airbus and Boeing fleets.
 */
export function chooseAircraft(km: number, demand: number, pref: number, lcc: boolean): number {
  const choice = preferredAircraft(km, demand, pref, lcc);
  if (AIRCRAFT[choice].rangeKm >= km) return choice;
  // Out of range for the preferred type: the smallest type that makes it.
  const able = AIRCRAFT.map((a, i) => ({ a, i })).filter(({ a }) => a.rangeKm >= km).sort((x, y) => x.a.rangeKm - y.a.rangeKm);
  return able.length ? able[0].i : AIRCRAFT.length - 1;
}

function preferredAircraft(km: number, demand: number, pref: number, lcc: boolean): number {
  const idx = (code: string) => AIRCRAFT.findIndex((a) => a.code === code);
  if (km < 700 && demand < 4) return idx('AT7');
  if (lcc) return km < 2500 || pref < 0.5 ? idx(pref < 0.5 ? '320' : '738') : idx('321');
  if (km > 12500) return idx('359');
  if (km > 6500 || (km > 2500 && demand >= 12)) return idx(km > 9000 && pref >= 0.5 ? '77W' : pref < 0.4 ? '359' : pref < 0.7 ? '789' : '77W');
  if (km > 4500) return idx('321');
  return idx(pref < 0.5 ? '320' : '738');
}

/** Taxi out and in, plus the fixed climb/approach allowance, in minutes. */
export const TAXI_MIN: Record<'large' | 'medium' | 'small', number> = { large: 18, medium: 12, small: 8 };
export const FIXED_AIR_MIN = 12;

export interface FareFamily {
  name: string;
  carryOnKg: number;
  carryOnPieces: number;
  checkedPieces: number;
  checkedKg: number;
  refundable: boolean;
  /** Fees as a share of the base fare (min fixed amounts are in fares.ts). */
  changeFeePct: number | null;
  cancelFeePct: number | null;
}

/** Families by cabin; low-cost carriers sell economy without a checked bag. */
export const FAMILIES: Record<Cabin | 'YL', FareFamily> = {
  YL: { name: 'Economy Basic', carryOnKg: 7, carryOnPieces: 1, checkedPieces: 0, checkedKg: 0, refundable: false, changeFeePct: 0.25, cancelFeePct: null },
  Y: { name: 'Economy', carryOnKg: 7, carryOnPieces: 1, checkedPieces: 1, checkedKg: 23, refundable: true, changeFeePct: 0.1, cancelFeePct: 0.25 },
  S: { name: 'Premium Economy', carryOnKg: 10, carryOnPieces: 1, checkedPieces: 2, checkedKg: 23, refundable: true, changeFeePct: 0.05, cancelFeePct: 0.15 },
  C: { name: 'Business', carryOnKg: 14, carryOnPieces: 2, checkedPieces: 2, checkedKg: 32, refundable: true, changeFeePct: 0, cancelFeePct: 0.1 },
  F: { name: 'First', carryOnKg: 14, carryOnPieces: 2, checkedPieces: 3, checkedKg: 32, refundable: true, changeFeePct: 0, cancelFeePct: 0 },
};
/** Infants (no seat): a 10 kg checked allowance in every family, no cabin bag of their own. */
export const INFANT_BAGS = { carryOnKg: 0, carryOnPieces: 0, checkedPieces: 1, checkedKg: 10 };

/** Booking classes from cheapest to dearest within a cabin (fare buckets that open as seats sell). */
export const BOOKING_CLASSES: Record<Cabin, string> = { Y: 'VQMHBY', S: 'EPW', C: 'IDCJ', F: 'AF' };
