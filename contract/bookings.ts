/**
 * Flight bookings: the POST bookings request, the passenger rules that depend on the travel
 * dates, and the booking as the API answers it. Shared by the checkout screens and the server.
 */
import type { EventNote } from './event-notes';
import { PAY_WITH } from './pay-with';
import * as v from 'valibot';
import { ageOn, titleAgreesWithGender, travellerEntries } from './travellers';
import { M } from './fields';
import type { Money } from './money';
import type { FlightOfferDetail, PaxType } from './flights';
import { ExtrasInput, type BookingExtra } from './flight-extras';

export const BM = {
  flightId: 'Choose a flight.',
  supplier: 'The supplier is missing.',
  paymentMethod: 'Choose hold, wallet or card.',
  payWith: 'Choose card or JazzCash.',
  travellers: 'Add the passengers.',
  contactEmail: 'Enter a valid email address.',
  contactPhone: 'Enter a valid phone number.',
  markup: 'Enter a markup such as 1500.00.',
  ageADTOnTravel: 'An adult must be 12 or older on the travel date.',
  ageCNNOnTravel: 'A child must be between 2 and 11 on the travel date.',
  ageINFOnTravel: 'An infant must be under 2 on every travel date.',
  dobFuture: 'The date of birth must be in the past.',
  expiryBeforeTravel: 'The passport must be valid on the last travel date.',
  paxCount: 'The passengers do not match the offer.',
  insufficient: 'Insufficient Balance',
  expired: 'This offer has expired. Please search again.',
  priceChanged: 'The price of this flight has changed.',
  unavailable: 'This flight is no longer available.',
  duplicate: 'These passengers already have a booking on this flight.',
  walletAgentsOnly: 'Only approved agents can pay from the wallet.',
  idempotencyReuse: 'This Idempotency-Key was already used for another booking.',
} as const;

const email = v.pipe(v.string(BM.contactEmail), v.trim(), v.toLowerCase(), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, BM.contactEmail), v.maxLength(200, BM.contactEmail));
const phone = v.pipe(v.string(BM.contactPhone), v.trim(), v.regex(/^\+?[0-9 ()-]{7,20}$/, BM.contactPhone));

export const ContactInput = v.object({
  email,
  phone,
  country: v.pipe(v.string(M.country), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, M.country)),
});
export type ContactInput = v.InferOutput<typeof ContactInput>;

/** A passenger: the saved-traveller shape without email/phone. */
const { email: _e, phone: _p, ...paxEntries } = travellerEntries;
export const PassengerInput = v.pipe(v.object(paxEntries), v.forward(v.check((i) => titleAgreesWithGender(i), M.titleGender), ['title']));
export type PassengerInput = v.InferOutput<typeof PassengerInput>;

export const PAYMENT_METHODS = ['hold', 'wallet', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const BookingInput = v.object({
  flight_id: v.pipe(v.string(BM.flightId), v.trim(), v.nonEmpty(BM.flightId), v.maxLength(600, BM.flightId)),
  supplier: v.pipe(v.string(BM.supplier), v.trim(), v.nonEmpty(BM.supplier), v.maxLength(40, BM.supplier)),
  fare_reference: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  main_contact: ContactInput,
  travellers: v.pipe(v.array(PassengerInput, BM.travellers), v.minLength(1, BM.travellers), v.maxLength(18, BM.travellers)),
  payment_method: v.picklist(PAYMENT_METHODS, BM.paymentMethod),
  /** For payment_method card: who takes the money (card when absent). */
  pay_with: v.optional(v.picklist(PAY_WITH, BM.payWith)),
  /** Agent's own per-booking markup, major units ("1500.00"); ignored for others. */
  agent_markup: v.optional(v.nullable(v.union([v.number(), v.string()], BM.markup))),
  /** The total the client showed; only compared with the server's price to tell the user it changed. */
  expected_total: v.optional(v.nullable(v.union([v.number(), v.string(), v.object({ amount: v.string(), currency: v.string() })]))),
  locale: v.optional(v.picklist(['en', 'ar'])),
  /** Seats and checked bags chosen with the booking, priced by the server and paid with the fare. */
  extras: v.optional(ExtrasInput),
});
export type BookingInput = v.InferOutput<typeof BookingInput>;

/**
 * Rules that need the itinerary: age by type on the travel dates, birth in the past, document valid after
 * the last travel date. Returns field paths ("travellers.0.dob") → message.
 */
export function passengerTravelErrors(
  pax: readonly Pick<PassengerInput, 'type' | 'dob' | 'expiry_date'>[],
  firstTravel: string,
  lastTravel: string,
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  pax.forEach((p, i) => {
    const key = (f: string) => `travellers.${i}.${f}`;
    if (p.dob >= today) errors[key('dob')] = BM.dobFuture;
    else {
      const age = ageOn(p.dob, firstTravel);
      if (p.type === 'ADT' && age < 12) errors[key('dob')] = BM.ageADTOnTravel;
      if (p.type === 'CNN' && (age < 2 || age > 11)) errors[key('dob')] = BM.ageCNNOnTravel;
      if (p.type === 'INF' && ageOn(p.dob, lastTravel) >= 2) errors[key('dob')] = BM.ageINFOnTravel;
    }
    if (p.expiry_date < lastTravel) errors[key('expiry_date')] = BM.expiryBeforeTravel;
  });
  return errors;
}

/** `day` moved by whole months, the day of the month kept where the month has it (31 Aug + 6 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * Passports valid on the last travel date but for less than six months after it: many countries refuse entry
 * with less, so the traveller is warned, not stopped. Indexes of the passengers concerned.
 */
export function passportsExpiringSoon(pax: readonly Pick<PassengerInput, 'expiry_date'>[], lastTravel: string): number[] {
  const sixMonths = addMonths(lastTravel, 6);
  return pax.flatMap((p, i) => (/^\d{4}-\d{2}-\d{2}$/.test(p.expiry_date) && p.expiry_date >= lastTravel && p.expiry_date < sixMonths ? [i] : []));
}

export const paxCounts = (pax: readonly { type: PaxType }[]) => ({
  adults: pax.filter((p) => p.type === 'ADT').length,
  children: pax.filter((p) => p.type === 'CNN').length,
  infants: pax.filter((p) => p.type === 'INF').length,
});

export type BookingStatus = 'booked' | 'ticketed' | 'canceled' | 'requested' | 'voided' | 'pending' | 'rejected' | 'refund_requested' | 'refunded';

/** GET /bookings/{id}/refund-quote: what a refund after the void window gives back, and why. */
/** `extras_refund` (when there is some): what comes back besides the fare's refund, in full, for seats and bags bought after booking. */
export interface RefundQuote { paid: Money; airline_penalty: Money; service_charge: Money; refund: Money; refundable: boolean; extras_refund?: Money }

/**
 * GET /bookings/{id}/reissue-quote: what changing to the new flight costs. `cheaper`: the new fare is lower and
 * nothing of the difference comes back. `pay_by`: the agent's wallet, or our support team (card bookings).
 */
export interface ReissueQuote {
  flight_id: string; departure_date: string; old_fare: Money; new_fare: Money; fare_difference: Money; change_fee: Money;
  service_charge: Money; total: Money; cheaper: boolean; pay_by: 'wallet' | 'support';
}

export interface FareSummary {
  base: Money;
  taxes: Money;
  agent_markup: Money;
  total: Money;
  per_type: { type: PaxType; count: number; base: Money; taxes: Money; total_per_person: Money; total: Money }[];
}

export interface BookingPassenger extends PassengerInput { ticket_number: string | null }
/** One change of a booking: `say` words it in the reader's language (contract/event-notes), `note` is a person's text. */
export interface BookingEvent { action: string; from_status: string | null; to_status: string; actor: string; at: string; note: string | null; say?: EventNote | null }

export interface Booking {
  id: number;
  pnr: string;
  status: BookingStatus;
  supplier: string;
  payment_method: PaymentMethod;
  channel: 'agent' | 'customer' | 'guest' | 'staff';
  main_contact: ContactInput;
  flight_type: string;
  origin: string;
  destination: string;
  departure_date: string;
  last_travel_date: string;
  itinerary: FlightOfferDetail;
  travellers: BookingPassenger[];
  fare: FareSummary;
  hold_expires_at: string | null;
  ticketed_at: string | null;
  created_at: string;
  /** Seats and checked bags bought for the booking's passengers, per segment. */
  extras: BookingExtra[];
  events?: BookingEvent[];
  /** Hosted checkout of a card payment, when one was asked for. */
  payment_url?: string | null;
  /** The server's price differed from expected_total (the booking still went through at the server's price). */
  price_changed?: boolean;
}

/** 409 body when expected_total no longer matches: the new summary, to confirm and resubmit. */
export interface PriceChangedBody { message: string; code: 'price_changed'; fare: FareSummary }
