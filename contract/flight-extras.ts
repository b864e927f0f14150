/**
 * A flight's extras: a chosen seat and checked bags, per passenger and segment. Chosen with the booking (the
 * `extras` of POST bookings) or after it (POST /api/bookings/flight/{pnr}/extras), priced by the server, paid
 * through the booking's own path (the agent's wallet, the customer's card) and shown on the e-ticket, invoice and
 * ledger. Passengers are indexes into the booking's passengers, in order; segments are seat-map segment keys.
 */
import * as v from 'valibot';
import type { Money } from './money';

/**
 * Which suppliers sell seats and bags: the embedded supplier with the booking and after it; Duffel only with the
 * booking (it books services on the order it makes at payment).
 */
export const sellsExtrasWithBooking = (supplier: string | undefined) => supplier === 'safar' || supplier === 'duffel';
export const sellsExtrasAfterBooking = (supplier: string | undefined) => supplier === 'safar';

export const EXTRAS_MESSAGES = {
  passenger: 'Choose the passenger.',
  segment: 'Choose the flight.',
  seat: 'Choose a seat such as 14C.',
  bag: 'Choose a bag option.',
  quantity: 'Bags go from 1 to 3 per passenger and flight.',
  nothing: 'Choose a seat or a bag.',
} as const;

/** Why a seat or bag is refused: the server answers these and the picker's guards say the same before asking. */
export const SEAT_REFUSALS = {
  taken: 'This seat has just been taken. Please choose another.',
  shared: 'Two passengers cannot share a seat.',
  exitRow: 'Exit-row seats are only for adults.',
  infantSeat: 'An infant travels on a lap and has no seat of their own.',
  infantBag: 'An infant has no bag allowance to add to.',
  seat: 'This seat is not on this aircraft.',
  bag: 'This flight does not sell this bag.',
  quantity: 'At most three bags per passenger and flight.',
  nothing: EXTRAS_MESSAGES.nothing,
} as const;

const passenger = v.pipe(v.number(EXTRAS_MESSAGES.passenger), v.integer(EXTRAS_MESSAGES.passenger), v.minValue(0, EXTRAS_MESSAGES.passenger), v.maxValue(8, EXTRAS_MESSAGES.passenger));
const segmentId = v.pipe(v.string(EXTRAS_MESSAGES.segment), v.regex(/^[A-Z0-9]{2,8}-\d{4}-\d{2}-\d{2}$/, EXTRAS_MESSAGES.segment));

export const SeatChoice = v.object({
  passenger,
  segment_id: segmentId,
  designator: v.pipe(v.string(EXTRAS_MESSAGES.seat), v.trim(), v.toUpperCase(), v.regex(/^\d{1,2}[A-K]$/, EXTRAS_MESSAGES.seat)),
});
export type SeatChoice = v.InferOutput<typeof SeatChoice>;

export const BagChoice = v.object({
  passenger,
  segment_id: segmentId,
  service_id: v.pipe(v.string(EXTRAS_MESSAGES.bag), v.regex(/^[A-Za-z0-9._~-]{1,200}$/, EXTRAS_MESSAGES.bag)),
  quantity: v.pipe(v.number(EXTRAS_MESSAGES.quantity), v.integer(EXTRAS_MESSAGES.quantity), v.minValue(1, EXTRAS_MESSAGES.quantity), v.maxValue(3, EXTRAS_MESSAGES.quantity)),
});
export type BagChoice = v.InferOutput<typeof BagChoice>;

/** What a traveller picks: at most one seat per passenger and segment, bags by option. */
export const ExtrasInput = v.object({
  seats: v.optional(v.pipe(v.array(SeatChoice), v.maxLength(36)), []),
  bags: v.optional(v.pipe(v.array(BagChoice), v.maxLength(36)), []),
});
export type ExtrasInput = v.InferOutput<typeof ExtrasInput>;

/** A checked-bag option on one segment, sold per passenger who has a seat (an infant on a lap has none). */
export interface BagOption {
  id: string;
  segment_id: string;
  weight_kg: number;
  maximum_quantity: number;
  price: Money;
}
/** GET /api/offers/{offer_id}/services. */
export interface OfferServicesResponse { data: { bags: BagOption[] } }

export type ExtraStatus = 'confirmed' | 'awaiting_payment';
/** One extra a booking holds, as the booking's answer lists them. */
export type BookingExtra =
  | { kind: 'seat'; passenger: number; segment_id: string; designator: string; price: Money; status: ExtraStatus }
  | { kind: 'bag'; passenger: number; segment_id: string; service_id: string; weight_kg: number; quantity: number; price: Money; status: ExtraStatus };

/** POST /api/bookings/flight/{pnr}/extras answers what was added, what it cost and, for a card, where to pay. */
export interface ExtrasAdded {
  extras: BookingExtra[];
  charged: Money;
  /** Set when a customer pays by card: the hosted payment page; the extras stay awaiting payment until it succeeds. */
  checkout_url?: string;
}
