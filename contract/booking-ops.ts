/**
 * What staff and owners send to act on a booking: the actions with the status the user saw (refused if the
 * booking changed since), a void decision, a direct booking's correction, and the booking settings.
 */
import * as v from 'valibot';
import { idSchema } from './ids';
import { MAX_AMOUNT_MINOR, parseMinor } from './money';

const id = idSchema('Booking id is required.');
const reason = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.'))));
/** The status the user saw; the action is refused if the booking has changed since. */
const expected = v.optional(v.nullable(v.picklist(['booked', 'ticketed', 'canceled', 'requested', 'voided', 'pending', 'rejected', 'refund_requested', 'refunded'], 'Unknown status.')));
/** Cancel, confirm or ask to void a booking (POST /cancel-pnr, /confirm-pnr, /void-booking). */
export const BookingActionBody = v.object({ id, reason, status: expected });
/** Staff decide a void request (POST /approve-booking). */
export const BookingApproveBody = v.object({ id, reason, status: expected, decision: v.optional(v.picklist(['approve', 'reject'], 'Choose approve or reject.'), 'approve') });
const money = v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Send the refund amount of the quote.');
/** The owner asks for a refund after the void window, with the refund the quote showed (POST /bookings/{id}/request-refund). */
export const RefundRequestBody = v.object({
  expected_refund: v.pipe(money, v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))), v.check((n) => n !== null && n >= 0, 'Send the refund amount of the quote.')),
  reason,
});
/** The new flight of a reissue (GET /bookings/{id}/reissue-quote): an offer id from the flight search, and its supplier. */
export const ReissueQuoteQuery = v.object({
  flight_id: v.pipe(v.string('Choose the new flight.'), v.trim(), v.nonEmpty('Choose the new flight.'), v.maxLength(500)),
  supplier: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
});
/** The owner (or staff for an agent) confirms a reissue with the total the quote showed (POST /bookings/{id}/reissue). */
export const ReissueBody = v.object({
  flight_id: v.pipe(v.string('Choose the new flight.'), v.trim(), v.nonEmpty('Choose the new flight.'), v.maxLength(500)),
  supplier: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  expected_total: v.pipe(v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Send the total of the quote.'), v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))), v.check((n) => n !== null && n >= 0, 'Send the total of the quote.')),
  reason,
  status: expected,
});
/** Staff approve a refund request, with the status they saw (POST /bookings/{id}/refund). */
export const RefundApproveBody = v.object({ status: expected });
/** Staff decline a refund request, saying why (POST /bookings/{id}/reject-refund). */
export const RefundRejectBody = v.object({ status: expected, reason: v.pipe(v.string('Say why the refund is declined.'), v.trim(), v.nonEmpty('Say why the refund is declined.'), v.maxLength(500, 'At most 500 characters.')) });

/** Staff correct or decide a direct booking (POST /update-booking). */
export const DirectUpdateBody = v.object({
  id,
  reason,
  status: v.optional(v.picklist(['ticketed', 'rejected'], 'A direct booking can be ticketed or rejected.')),
  airline_pnr: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(12)))),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000)))),
  ticket_numbers: v.optional(v.array(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^[0-9-]{0,20}$/, 'A ticket number is digits and dashes.'))))),
});


/** The booking-status setting (online or offline), the void charge and the back office's time zone. */
/** A hold lasts between 5 minutes and a day: shorter gives no time to pay, longer keeps seats from others. */
export const MIN_HOLD_MINUTES = 5;
export const MAX_HOLD_MINUTES = 1440;
const HOLD_MINUTES_MESSAGE = `Enter the hold time in whole minutes, from ${MIN_HOLD_MINUTES} to ${MAX_HOLD_MINUTES}.`;

export const bookingSettingsInput = (isValidTimeZone: (tz: string) => boolean = () => true) => v.object({
  mode: v.picklist(['online', 'offline'], 'Choose online or offline.'),
  void_charge: v.optional(v.pipe(
    v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Enter the void charge such as 2500.00.'),
    v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))),
    v.check((n) => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, 'Enter the void charge such as 2500.00.'),
  )),
  /** Our charge kept from a refund after the void window. */
  refund_charge: v.optional(v.pipe(
    v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Enter the refund service charge such as 1500.00.'),
    v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))),
    v.check((n) => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, 'Enter the refund service charge such as 1500.00.'),
  )),
  /** Our charge on a reissue (date change), on top of the fare difference and the airline's change fee. */
  reissue_charge: v.optional(v.pipe(
    v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Enter the reissue service charge such as 1000.00.'),
    v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))),
    v.check((n) => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, 'Enter the reissue service charge such as 1000.00.'),
  )),
  time_zone: v.optional(v.pipe(v.string(), v.trim(), v.check(isValidTimeZone, 'Unknown time zone.'))),
  /** How long a flight or hotel hold lasts unpaid, in minutes. */
  hold_minutes: v.optional(v.pipe(
    v.union([v.string(), v.number()], HOLD_MINUTES_MESSAGE),
    v.transform((x) => (String(x).trim() === '' ? NaN : Number(x))),
    v.check((n) => Number.isInteger(n) && n >= MIN_HOLD_MINUTES && n <= MAX_HOLD_MINUTES, HOLD_MINUTES_MESSAGE),
  )),
});
export const BookingSettingsInput = bookingSettingsInput();
export type BookingSettingsInput = v.InferOutput<typeof BookingSettingsInput>;

