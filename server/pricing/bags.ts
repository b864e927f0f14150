/**
 * Checked bags bought beyond the fare's allowance, per piece, passenger and segment, in minor units of PKR. As
 * airlines sell them: a 23 kg or a 32 kg piece, dearer the longer the flight (short up to 2 hours, medium up to
 * 5, long beyond), at most three pieces. A turboprop's hold takes no 32 kg piece; business sells only the 32 kg
 * piece (its 23 kg is in every fare); first class sells none (its allowance covers what the hold takes). Bags are
 * the airline's own charge: no margin is added, so every channel pays the same.
 */
import type { Cabin } from '../../contract/flights';

const RUPEES = 100;
export const BAG_WEIGHTS = [23, 32] as const;
export type BagWeight = (typeof BAG_WEIGHTS)[number];
export const MAX_BAGS = 3;

type Haul = 'short' | 'medium' | 'long';
const BAG_PRICES: Record<Haul, Record<BagWeight, number>> = {
  short: { 23: 4_500 * RUPEES, 32: 7_500 * RUPEES },
  medium: { 23: 8_000 * RUPEES, 32: 12_500 * RUPEES },
  long: { 23: 14_000 * RUPEES, 32: 21_000 * RUPEES },
};
const TURBOPROPS = new Set(['AT7']);

const haulOf = (minutes: number): Haul => (minutes <= 120 ? 'short' : minutes <= 300 ? 'medium' : 'long');

/** The bag pieces a segment sells, with their price each: none in first class. */
export function bagPricesMinor(seg: { cabin: Cabin; aircraftCode: string; durationMinutes: number }): { weightKg: BagWeight; priceMinor: number }[] {
  if (seg.cabin === 'F') return [];
  const prices = BAG_PRICES[haulOf(seg.durationMinutes)];
  return BAG_WEIGHTS
    .filter((w) => !(w === 32 && TURBOPROPS.has(seg.aircraftCode)) && !(w === 23 && seg.cabin === 'C'))
    .map((weightKg) => ({ weightKg, priceMinor: prices[weightKg] }));
}
