/**
 * A traveller's choice of extras checked against what each segment sells and priced: every seat on the aircraft,
 * free, one per passenger and segment and never shared, exit rows only for adults; no seat and no bag for an
 * infant on a lap; a bag only as an option the segment sells, at most three per passenger and segment (with those
 * already bought). Bad choices are 422 with the field of each; a seat someone else holds is 409.
 */
import type { ExtrasInput } from '../../contract/flight-extras';
import { ApiError, validationError } from '../http/errors';
import type { SegmentExtras } from './catalogue';
import { XM } from './messages';

export interface PricedSeat { kind: 'seat'; passenger: number; segmentId: string; flightNo: string; date: string; designator: string; priceMinor: number }
export interface PricedBag {
  kind: 'bag'; passenger: number; segmentId: string; flightNo: string; date: string;
  serviceId: string; weightKg: number; quantity: number; priceMinor: number;
}
export type PricedExtra = PricedSeat | PricedBag;

/** What a booking already holds: each passenger's seat and bag count per segment, keyed `${segment}|${passenger}`. */
export interface Holding { seats: Map<string, string>; bags: Map<string, number> }
export const NOTHING_HELD: Holding = { seats: new Map(), bags: new Map() };
export const holdingKey = (segmentId: string, passenger: number) => `${segmentId}|${passenger}`;

export const extrasTotal = (lines: readonly PricedExtra[]) => lines.reduce((s, l) => s + l.priceMinor, 0);

/**
 * The priced lines of `input` (a seat the passenger already holds is left out: nothing changes). `prefix` is
 * where the choice sits in the request body ("extras." within a booking).
 */
export function priceExtras(
  input: ExtrasInput, travellers: readonly { type: string }[], segments: readonly SegmentExtras[], held: Holding, prefix = '',
): PricedExtra[] {
  const errors: Record<string, string[]> = {};
  const fail = (path: string, message: string) => { errors[`${prefix}${path}`] ??= [message]; };
  const bySegment = new Map(segments.map((s) => [s.segmentId, s]));
  const lines: PricedExtra[] = [];
  const taken: string[] = [];
  const seatOf = new Set<string>();
  const seatsChosen = new Set<string>();

  input.seats.forEach((c, i) => {
    const at = (f: string) => `seats.${i}.${f}`;
    const pax = travellers[c.passenger];
    const seg = bySegment.get(c.segment_id);
    if (!pax) return fail(at('passenger'), XM.noPassenger);
    if (!seg) return fail(at('segment_id'), XM.noSegment);
    if (pax.type === 'INF') return fail(at('passenger'), XM.infantSeat);
    const key = holdingKey(c.segment_id, c.passenger);
    if (seatOf.has(key)) return fail(at('designator'), XM.twoSeats);
    seatOf.add(key);
    const seat = seg.seats.get(c.designator);
    if (!seat) return fail(at('designator'), XM.notOnAircraft);
    if (seat.exit && pax.type !== 'ADT') return fail(at('designator'), XM.exitRow);
    const seatKey = `${c.segment_id}|${c.designator}`;
    if (seatsChosen.has(seatKey)) return fail(at('designator'), XM.sameSeat);
    seatsChosen.add(seatKey);
    if (held.seats.get(key) === c.designator) return;
    if (seg.seating.taken.has(c.designator)) taken.push(at('designator'));
    lines.push({ kind: 'seat', passenger: c.passenger, segmentId: seg.segmentId, flightNo: seg.flightNo, date: seg.date, designator: c.designator, priceMinor: seat.priceMinor });
  });

  const bagCount = new Map(held.bags);
  input.bags.forEach((c, i) => {
    const at = (f: string) => `bags.${i}.${f}`;
    const pax = travellers[c.passenger];
    const seg = bySegment.get(c.segment_id);
    if (!pax) return fail(at('passenger'), XM.noPassenger);
    if (!seg) return fail(at('segment_id'), XM.noSegment);
    if (pax.type === 'INF') return fail(at('passenger'), XM.infantBag);
    const option = seg.bags.find((b) => b.id === c.service_id);
    if (!option) return fail(at('service_id'), XM.bagNotSold);
    const key = holdingKey(c.segment_id, c.passenger);
    const count = (bagCount.get(key) ?? 0) + c.quantity;
    if (count > option.maximum) return fail(at('quantity'), XM.tooManyBags);
    bagCount.set(key, count);
    lines.push({
      kind: 'bag', passenger: c.passenger, segmentId: seg.segmentId, flightNo: seg.flightNo, date: seg.date,
      serviceId: option.id, weightKg: option.weightKg, quantity: c.quantity, priceMinor: option.priceMinor * c.quantity,
    });
  });

  if (Object.keys(errors).length) throw validationError(errors);
  if (taken.length) throw new ApiError(409, XM.taken, Object.fromEntries(taken.map((p) => [`${prefix}${p}`, [XM.taken]])));
  return lines;
}
