/**
 * Seat maps: GET /api/offers/{offer_id}/seat-map answers one map per flight segment of the offer, in the shape
 * of Duffel's seat maps so a remote supplier's maps pass through unchanged: each cabin is rows of sections (aisles
 * between them) of elements, a seat or what a renderer draws in its place (lavatory, galley, closet, an exit, an
 * empty space). Wings are indexes into the cabin's rows. A seat carries whether it can be chosen, its price per
 * passenger (zero when free; null when it cannot be chosen) and what it is like.
 */
import * as v from 'valibot';
import type { Cabin } from './flights';
import type { Money } from './money';

export const SEAT_CHARACTERISTICS = ['window', 'aisle', 'middle', 'extra_legroom', 'exit_row', 'front_row', 'bassinet', 'over_wing'] as const;
export type SeatCharacteristic = (typeof SEAT_CHARACTERISTICS)[number];

export const FACILITY_KINDS = ['lavatory', 'galley', 'closet', 'empty'] as const;
export type FacilityKind = (typeof FACILITY_KINDS)[number];

export interface SeatElement {
  type: 'seat';
  /** Row number and letter, e.g. "14C". */
  designator: string;
  available: boolean;
  price: Money | null;
  characteristics: SeatCharacteristic[];
  /** On a booking's map: the index of the booking's own passenger who holds this seat. */
  passenger?: number;
}
export type SeatMapElement = SeatElement | { type: FacilityKind | 'exit_row' };
export interface SeatMapSection { elements: SeatMapElement[] }
/** `number` is the seat row's number; null on a row of facilities or an exit. */
export interface SeatMapRow { number: number | null; sections: SeatMapSection[] }
export interface SeatMapCabin {
  cabin_class: Cabin;
  deck: number;
  aisles: number;
  wings: { first_row_index: number; last_row_index: number } | null;
  rows: SeatMapRow[];
}
export interface SeatMap {
  /** The segment's key: flight number and local departure date, e.g. "EK601-2026-03-15". */
  segment_id: string;
  flight_number: string;
  departure_date: string;
  aircraft: { code: string; name: string };
  cabins: SeatMapCabin[];
}
export interface SeatMapsResponse { data: SeatMap[] }

/** The segment key a seat is held under: one seat per designator per flight and day. */
export const segmentKey = (flightNumber: string, date: string) => `${flightNumber}-${date}`;

/** An offer id as any supplier writes one: URL-safe characters only. */
export const SeatMapOfferId = v.pipe(v.string('Enter the offer.'), v.regex(/^[A-Za-z0-9._~-]{1,600}$/, 'This is not a flight offer id.'));
