/**
 * A seat's price per passenger and segment, in minor units of PKR, by cabin and by the kind of seat its row makes
 * it (server/suppliers/flight/seat-layouts.ts): standard seats are free in every cabin, and so is every seat in
 * business and first; economy sells its front rows, extra legroom and exit rows; premium economy its extra legroom
 * and exit rows. Seats are the airline's own charge: no margin is added, so every channel pays the same.
 */
import type { Cabin } from '../../contract/flights';
import type { SeatKind } from '../suppliers/flight/seat-layouts';

const RUPEES = 100;
const SEAT_PRICES: Record<Cabin, Record<SeatKind, number>> = {
  Y: { standard: 0, front: 2_500 * RUPEES, extra_legroom: 6_000 * RUPEES, exit: 7_500 * RUPEES },
  S: { standard: 0, front: 0, extra_legroom: 5_000 * RUPEES, exit: 5_000 * RUPEES },
  C: { standard: 0, front: 0, extra_legroom: 0, exit: 0 },
  F: { standard: 0, front: 0, extra_legroom: 0, exit: 0 },
};

export const seatPriceMinor = (cabin: Cabin, kind: SeatKind): number => SEAT_PRICES[cabin][kind];
