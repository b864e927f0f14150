/**
 * Holiday and umrah packages booked online: a departure (a date with seats counted), a room sharing priced per
 * person as the package is (umrah: quad / triple / double; a holiday has one price per person, offered as
 * "standard"), the travellers with their passports, and the booking as the API answers it. The data has no child
 * prices, so every traveller pays the per-person price (no child or infant rules).
 */
import * as v from 'valibot';
import { dateField, M } from './fields';
import { TITLES } from './travellers';
import { ContactInput } from './bookings';
import type { Money } from './money';

export const PACKAGE_KINDS = ['holiday', 'umrah'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
export const SHARINGS = ['quad', 'triple', 'double', 'standard'] as const;
export type Sharing = (typeof SHARINGS)[number];
export const PACKAGE_PAYMENT_METHODS = ['card', 'wallet'] as const;
/**
 * pending_payment (card: waiting for the provider) → paid (awaiting the back office) → confirmed; paid or
 * confirmed → canceled (refunded); pending_payment → expired (the job) or canceled, the seats given back.
 */
export const PACKAGE_BOOKING_STATUSES = ['pending_payment', 'paid', 'confirmed', 'canceled', 'expired'] as const;
export type PackageBookingStatus = (typeof PACKAGE_BOOKING_STATUSES)[number];
export const PACKAGE_LIMITS = { maxTravellers: 9 } as const;

/** Server messages (locales/*.json `server` holds their Arabic). */
export const PKM = {
  kind: 'Choose a holiday or an umrah package.',
  packageId: 'Choose a package.',
  departure: 'Choose a departure date.',
  sharing: 'Choose a room sharing.',
  sharingUnavailable: 'This room sharing is not offered for this package.',
  travellers: 'Add the travellers.',
  tooManyTravellers: 'At most 9 travellers in one booking.',
  paymentMethod: 'Choose card or wallet.',
  walletAgentsOnly: 'Only agents can pay from the wallet.',
  staffBook: 'Staff cannot book packages for themselves.',
  pendingAgent: 'Your agent account is waiting for approval.',
  packageNotFound: 'Package not found.',
  departureNotFound: 'This departure was not found. Please choose another date.',
  departurePast: 'This departure has already left. Please choose another date.',
  notEnoughPlaces: 'There are not enough places left on this departure.',
  dobPast: 'The date of birth must be in the past.',
  passportOnReturn: 'The passport must be valid on the return date.',
  idempotencyReuse: 'This Idempotency-Key was used for another booking.',
  idempotencyFormat: 'The Idempotency-Key must be 8 to 100 letters, digits or -_.:',
  notFound: 'Package booking not found.',
  lookup: 'Enter the booking reference and email.',
  created: 'Package booking created.',
  paid: 'Package booking paid.',
  confirmed: 'Package booking confirmed.',
  canceled: 'Package booking canceled.',
  notConfirmable: 'Only a paid booking can be confirmed.',
  notCancelable: 'This booking can no longer be canceled.',
  paidAlready: 'This booking is already paid.',
  holdExpired: 'The hold on this booking has expired.',
  notPayable: 'This booking is no longer waiting for payment.',
  seatsBelowBooked: 'The seats cannot be fewer than those already booked.',
  departureSaved: 'Departure saved.',
  departureDeleted: 'Departure deleted.',
  departureBooked: 'A departure with bookings cannot be deleted.',
  departureExists: 'This package already has a departure on this date.',
  seats: 'Enter the seats, from 1 to 500.',
} as const;

const name = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(60, message), v.regex(/^[\p{L}][\p{L} '.-]*$/u, message));
const country = v.pipe(v.string(M.country), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, M.country));

export const PackageTravellerInput = v.object({
  title: v.picklist(TITLES, M.title),
  first_name: name('Enter the first name as in the passport.'),
  last_name: name('Enter the last name as in the passport.'),
  dob: dateField(M.dob),
  nationality: country,
  passport_no: v.pipe(v.string(M.documentNo), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/, M.documentFormat)),
  passport_expiry: dateField(M.expiry),
});
export type PackageTravellerInput = v.InferOutput<typeof PackageTravellerInput>;

const id = (message: string) => v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,9}$/, message), v.transform(Number))], message), v.integer(message), v.minValue(1, message), v.maxValue(999_999_999, message));

export const PackageBookingInput = v.object({
  kind: v.picklist(PACKAGE_KINDS, PKM.kind),
  package_id: id(PKM.packageId),
  departure_id: id(PKM.departure),
  sharing: v.picklist(SHARINGS, PKM.sharing),
  travellers: v.pipe(v.array(PackageTravellerInput, PKM.travellers), v.minLength(1, PKM.travellers), v.maxLength(PACKAGE_LIMITS.maxTravellers, PKM.tooManyTravellers)),
  contact: ContactInput,
  payment_method: v.picklist(PACKAGE_PAYMENT_METHODS, PKM.paymentMethod),
  locale: v.optional(v.picklist(['en', 'ar'])),
});
export type PackageBookingInput = v.InferOutput<typeof PackageBookingInput>;

/** A departure staff add or change on a package; seats_total may not drop below the seats already booked. */
export const PackageDepartureInput = v.object({
  kind: v.picklist(PACKAGE_KINDS, PKM.kind),
  package_id: id(PKM.packageId),
  departure_date: dateField(M.dateRequired),
  seats_total: v.pipe(v.union([v.number(PKM.seats), v.pipe(v.string(PKM.seats), v.regex(/^\d{1,3}$/, PKM.seats), v.transform(Number))], PKM.seats), v.integer(PKM.seats), v.minValue(1, PKM.seats), v.maxValue(500, PKM.seats)),
});
export type PackageDepartureInput = v.InferOutput<typeof PackageDepartureInput>;

/** The last day of a package that starts on `date` and lasts `days` days (YYYY-MM-DD, UTC calendar). */
export function packageReturnDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.max(days - 1, 0));
  return d.toISOString().slice(0, 10);
}

/** Rules that need the trip's dates: born before today, passport valid on the return date. Field path → message. */
export function packageTravellerErrors(travellers: readonly Pick<PackageTravellerInput, 'dob' | 'passport_expiry'>[], returnDate: string, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  travellers.forEach((t, i) => {
    if (t.dob >= today) errors[`travellers.${i}.dob`] = PKM.dobPast;
    if (t.passport_expiry < returnDate) errors[`travellers.${i}.passport_expiry`] = PKM.passportOnReturn;
  });
  return errors;
}

/** An umrah package's two hotels, each with its Arabic name where one was written. */
export interface PackageHotels { makkah: string; makkah_ar: string | null; madinah: string; madinah_ar: string | null }
/**
 * The package as booked. `place` is a holiday's destination or an umrah package's departure city; `place_ar` and
 * `hotels` are absent from bookings made before they were kept.
 */
export interface BookedPackage { id: number; title: string; title_ar: string | null; place: string; place_ar?: string | null; days: number; hotels?: PackageHotels }

export interface PackageDeparture { id: number; kind: PackageKind; package_id: number; departure_date: string; return_date: string; seats_total: number; seats_available: number }
export interface SharingPrice { sharing: Sharing; per_person: Money }
/** GET /package-departures: a package's bookable departures and its per-person prices by sharing. */
export interface PackageOffer {
  kind: PackageKind; package_id: number; title: string; title_ar: string | null; place: string; place_ar: string | null; days: number;
  hotels: PackageHotels | null;
  sharings: SharingPrice[]; departures: PackageDeparture[];
}

export interface PackageBooking {
  id: number;
  reference: string;
  status: PackageBookingStatus;
  kind: PackageKind;
  package: BookedPackage;
  departure_id: number;
  departure_date: string;
  return_date: string;
  sharing: Sharing;
  travellers: PackageTravellerInput[];
  contact: { email: string; phone: string; country: string };
  per_person: Money;
  total: Money;
  refund: Money | null;
  payment: { method: 'card' | 'wallet'; status: 'pending' | 'paid' | 'refunded'; checkout_url?: string | null };
  hold_expires_at: string | null;
  agent_id: number | null;
  created_at: string;
  confirmed_at: string | null;
  canceled_at: string | null;
}

/** A row of the lists: the booking and which user made it (an agency reads its users' bookings with its own). */
export interface PackageBookingListRow extends PackageBooking {
  booked_by: { id: number; name: string } | null;
}
