/**
 * What each segment of a flight sells as extras: its seats (with their price, and which are exit-row seats) and
 * which are taken now, and its bag options. Seats and bags exist for the embedded supplier's flights; any other
 * supplier's segment sells none.
 */
import { toMoney } from '../../contract/money';
import type { BagOption } from '../../contract/flight-extras';
import type { Segment } from '../../contract/flights';
import { segmentKey } from '../../contract/seat-maps';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bagPricesMinor, MAX_BAGS, seatPriceMinor } from '../pricing';
import { chosenSeats } from '../seat-maps/store';
import type { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { seatingOf, type SegmentSeating } from '../suppliers/flight/seat-occupancy';

export const EXTRAS_CURRENCY = 'PKR';

export interface SeatOffer { priceMinor: number; exit: boolean }
export interface BagOffer { id: string; weightKg: number; priceMinor: number; maximum: number }
export interface SegmentExtras {
  segmentId: string;
  flightNo: string;
  date: string;
  seating: SegmentSeating;
  seats: Map<string, SeatOffer>;
  bags: BagOffer[];
}

export const bagOptionId = (weightKg: number, segmentId: string) => `bag${weightKg}-${segmentId}`;

export function bagOffers(s: Segment, segmentId: string): BagOffer[] {
  return bagPricesMinor({ cabin: s.cabin, aircraftCode: s.aircraft.code, durationMinutes: s.duration_minutes })
    .map((b) => ({ id: bagOptionId(b.weightKg, segmentId), weightKg: b.weightKg, priceMinor: b.priceMinor, maximum: MAX_BAGS }));
}

/** Each segment's seats, taken seats and bags at this moment (`db` may be the transaction that will hold seats). */
export async function segmentExtras(ctx: AppContext, db: DbOrTx, supplier: EmbeddedFlightSupplier, segments: readonly Segment[]): Promise<SegmentExtras[]> {
  const chosen = await chosenSeats(db, segments.map((s) => ({ flightNo: s.flight_number, date: s.departure_at.slice(0, 10) })));
  const seating = await seatingOf(supplier, segments, chosen, ctx.now().getTime());
  return seating.map((st, i) => {
    const seats = new Map<string, SeatOffer>();
    for (const row of st.layout?.rows ?? []) {
      if (row.type !== 'seats') continue;
      for (const seat of row.sections.flat()) seats.set(seat.designator, { priceMinor: seatPriceMinor(st.cabin, seat.kind), exit: seat.kind === 'exit' });
    }
    return { segmentId: st.segmentId, flightNo: st.flightNo, date: st.date, seating: st, seats, bags: bagOffers(segments[i], st.segmentId) };
  });
}

/** The wire's bag options of these segments. */
export function bagOptions(segments: readonly Segment[]): BagOption[] {
  return segments.flatMap((s) => {
    const segmentId = segmentKey(s.flight_number, s.departure_at.slice(0, 10));
    return bagOffers(s, segmentId).map((b) => ({ id: b.id, segment_id: segmentId, weight_kg: b.weightKg, maximum_quantity: b.maximum, price: toMoney(b.priceMinor, EXTRAS_CURRENCY) }));
  });
}
