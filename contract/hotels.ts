/**
 * Hotels: the destination look-up, the search query, results, a hotel's rooms and rates, the booking request and
 * the booking as the API answers it. Shared by the hotel screens and the server; nothing here needs Node.
 *
 * API (snake_case, lists as {data, meta}, errors as {message, errors} with 422):
 *   GET  /api/hotel-destinations?q=            → {data: HotelDestination[]}
 *   GET  /api/hotels?destination=&check_in=&check_out=&rooms=[…]&stars=&board=&free_cancellation=&amenities=
 *        &price_min=&price_max=&max_distance_km=&sort=&page=&per_page=   → {data: HotelSummary[], meta: HotelSearchMeta}
 *   GET  /api/hotels/{id}?check_in=&check_out=&rooms=   → {data: HotelDetail}
 *   POST /api/hotel-bookings (Idempotency-Key header)  → 201 {message, data: HotelBooking}
 *   GET  /api/hotel-bookings/{id}                       → {data: HotelBooking}
 *   POST /api/hotel-bookings/{id}/cancel                → {message, data: HotelBooking}
 */
import * as v from 'valibot';
import type { AgentContact } from './agents';
import type { Money } from './money';
import { ContactInput } from './bookings';
import { HOTEL_LIMITS, HOTEL_MESSAGES as HM, stayRuleErrors } from './hotel-rules';

export { HOTEL_LIMITS, HOTEL_MESSAGES, nightsBetween, stayRuleErrors, type RoomFields, type StayFields } from './hotel-rules';

/** Room only, bed and breakfast, half board, full board. */
export const BOARDS = ['RO', 'BB', 'HB', 'FB'] as const;
export type Board = (typeof BOARDS)[number];
export const ROOM_TYPES = ['single', 'double', 'twin', 'triple', 'quad', 'suite'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const AMENITIES = [
  'wifi', 'air_conditioning', 'restaurant', 'room_service', 'parking', 'pool', 'gym', 'spa', 'airport_shuttle',
  'haram_shuttle', 'family_rooms', 'non_smoking', 'accessible', 'business_centre', 'laundry', 'front_desk_24h',
] as const;
export type Amenity = (typeof AMENITIES)[number];
export const HOTEL_SORTS = ['price', 'stars', 'distance', 'rating'] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number];
export const HOTEL_PAYMENT_METHODS = ['card', 'wallet'] as const;
export type HotelPaymentMethod = (typeof HOTEL_PAYMENT_METHODS)[number];

// ---- query-string tolerant pieces ----------------------------------------------------------------------------

const date = v.pipe(v.string(HM.dateFormat), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, HM.dateFormat));
const num = (message: string) => v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/, message), v.transform(Number))], message);
const bool = v.optional(v.pipe(v.union([v.boolean(), v.string(), v.number()]), v.transform((x) => x === true || x === 1 || x === '1' || x === 'true')), false);
const list = <T extends string>(item: v.GenericSchema<string, T>, message: string) => v.optional(v.pipe(
  v.union([v.string(), v.array(v.string())], message),
  v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
  v.array(item, message)));

export const RoomRequest = v.object({
  adults: v.pipe(v.number(HM.adultsMin), v.integer(HM.adultsMin), v.minValue(1, HM.adultsMin), v.maxValue(HOTEL_LIMITS.maxGuestsPerRoom, HM.roomGuests)),
  children_ages: v.optional(v.array(v.pipe(v.number(HM.childAge), v.integer(HM.childAge), v.minValue(0, HM.childAge), v.maxValue(HOTEL_LIMITS.maxChildAge, HM.childAge)), HM.childAge), []),
});
export type RoomRequest = v.InferOutput<typeof RoomRequest>;

/** `rooms` arrives as a JSON string in a query (`[{"adults":2,"children_ages":[5]}]`) or as a list in a body. */
export const RoomsField = v.pipe(
  v.union([v.array(v.unknown()), v.string()], HM.roomsFormat),
  v.transform((x): unknown => { if (typeof x !== 'string') return x; try { return JSON.parse(x); } catch { return null; } }),
  v.array(RoomRequest, HM.roomsFormat),
  v.minLength(1, HM.roomsCount), v.maxLength(HOTEL_LIMITS.maxRooms, HM.roomsCount));

/** The stay: where, when, who. A hotel's detail takes the same fields without `destination`. */
export const StayQuery = v.object({
  check_in: date,
  check_out: date,
  rooms: RoomsField,
});
export type StayQuery = v.InferOutput<typeof StayQuery>;

/** The shape of GET /hotels; the rules that compare fields are in stayRuleErrors. */
export const HotelSearchQuerySchema = v.object({
  destination: v.pipe(v.string(HM.destinationRequired), v.trim(), v.nonEmpty(HM.destinationRequired), v.maxLength(80, HM.unknownDestination)),
  ...StayQuery.entries,
  stars: list(v.pipe(v.string(), v.regex(/^[1-5]$/, HM.stars)), HM.stars),
  board: list(v.pipe(v.string(), v.toUpperCase(), v.picklist(BOARDS, HM.board)), HM.board),
  amenities: list(v.pipe(v.string(), v.toLowerCase(), v.picklist(AMENITIES, HM.amenities)), HM.amenities),
  free_cancellation: bool,
  price_min: v.optional(num(HM.price)),
  price_max: v.optional(num(HM.price)),
  max_distance_km: v.optional(num(HM.distance)),
  sort: v.optional(v.pipe(v.string(HM.sort), v.trim(), v.toLowerCase(), v.picklist(HOTEL_SORTS, HM.sort)), 'price'),
  page: v.optional(v.pipe(num(HM.page), v.integer(HM.page), v.minValue(1, HM.page)), 1),
  per_page: v.optional(v.pipe(num(HM.perPage), v.integer(HM.perPage), v.minValue(1, HM.perPage), v.maxValue(100, HM.perPage)), 20),
});
export type HotelSearchQuery = v.InferOutput<typeof HotelSearchQuerySchema>;

/** A field left out of a search, said as what to choose (valibot words a missing key as "Invalid key: …"). */
const MISSING: Record<string, string> = {
  destination: HM.destinationRequired, check_in: HM.checkInRequired, check_out: HM.checkOutRequired, rooms: HM.roomsRequired,
};

/** Schema first, then the rules that compare fields; field paths → first message. */
export function validateHotelSearch(input: unknown, opts: { today: string; isDestination?: (id: string) => boolean }):
  | { ok: true; value: HotelSearchQuery } | { ok: false; errors: Record<string, string> } {
  const parsed = v.safeParse(HotelSearchQuerySchema, input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) {
      const key = v.getDotPath(issue) ?? 'query';
      errors[key] ??= issue.input === undefined && MISSING[key] ? MISSING[key] : issue.message;
    }
    return { ok: false, errors };
  }
  const errors = stayRuleErrors(parsed.output, opts);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: parsed.output };
}

// ---- answers --------------------------------------------------------------------------------------------------

/** An autocomplete entry. `id` is what /hotels takes as `destination`: "city:<geonameid>" or "hotel:<id>". */
export interface HotelDestination {
  id: string;
  kind: 'city' | 'hotel';
  name: string;
  /** Arabic name where the data has one. */
  name_ar?: string | null;
  city: string;
  country: string;
  country_code: string;
  hotel_count?: number;
}

export interface Place { latitude: number; longitude: number }

/** A result card: the hotel and its cheapest rate for the whole stay (every room, every night). */
export interface HotelSummary {
  id: string;
  name: string;
  stars: 1 | 2 | 3 | 4 | 5;
  guest_rating: number; // 0–10, one decimal
  review_count: number;
  address: string;
  city: string;
  country_code: string;
  location: Place;
  distance_km: number; // from the city centre
  /** Makkah and Madinah: metres from the Haram, which umrah travellers choose by. */
  distance_haram_m: number | null;
  photo: string; // a path served by this product, never an external URL
  amenities: Amenity[];
  cheapest: {
    board: Board;
    refundable: boolean;
    nightly: Money; // average per night for all rooms
    total: Money; // all rooms, all nights, taxes and fees included
  };
  free_cancellation: boolean; // some rate is refundable
}

export interface HotelSearchMeta {
  page: number;
  per_page: number;
  total: number;
  nights: number;
  destination: HotelDestination;
  /** Before filters, so the price slider keeps its range while filtering. */
  price_range: { min: Money; max: Money };
}

export interface NightPrice { date: string; price: Money }

export interface HotelRate {
  /** Opaque; names the hotel, room, plan and stay. Expires with `expires_at` (410 after). */
  id: string;
  board: Board;
  refundable: boolean;
  /** Until then (hotel local time, ISO) cancelling refunds in full; null for non-refundable. */
  free_cancellation_until: string | null;
  /** What cancelling after the deadline costs (non-refundable: the whole total). */
  cancellation_penalty: Money;
  /** Per room, per night, before taxes. */
  nightly: NightPrice[];
  taxes_and_fees: Money;
  total: Money; // all rooms, all nights, taxes and fees included
  rooms_left: number;
  expires_at: string;
}

export interface HotelRoom {
  code: string;
  type: RoomType;
  name: string;
  max_adults: number;
  max_guests: number;
  beds: string;
  size_m2: number;
  photo: string;
  rates: HotelRate[];
}

export interface HotelDetail extends HotelSummary {
  description: string;
  photos: string[];
  check_in_time: string; // "15:00"
  check_out_time: string; // "12:00"
  time_zone: string;
  nights: number;
  /** Only rooms that take the requested party; empty when none is free. */
  rooms: HotelRoom[];
}

// ---- booking --------------------------------------------------------------------------------------------------

const name = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(60, message), v.regex(/^[\p{L}][\p{L} '.-]*$/u, message));

export const HotelGuestInput = v.object({
  title: v.picklist(['MR', 'MRS', 'MS', 'MSTR', 'MISS'], 'Choose a title.'),
  first_name: name('Enter the first name as in the passport.'),
  last_name: name('Enter the last name as in the passport.'),
});
export type HotelGuestInput = v.InferOutput<typeof HotelGuestInput>;

export const HotelBookingInput = v.object({
  rate_id: v.pipe(v.string('Choose a room.'), v.trim(), v.nonEmpty('Choose a room.'), v.maxLength(400, 'Choose a room.')),
  check_in: date,
  check_out: date,
  rooms: RoomsField,
  /** One lead guest per room, in the order of `rooms`. */
  guests: v.pipe(v.array(HotelGuestInput, 'Add a lead guest for each room.'), v.minLength(1, 'Add a lead guest for each room.'), v.maxLength(HOTEL_LIMITS.maxRooms, 'Add a lead guest for each room.')),
  contact: ContactInput,
  special_requests: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Special requests are at most 500 characters.')), ''),
  payment_method: v.picklist(HOTEL_PAYMENT_METHODS, 'Choose card or wallet.'),
  /** The total the client showed; compared with the server's price to answer 409 when it moved. */
  expected_total: v.optional(v.nullable(v.string())),
  locale: v.optional(v.picklist(['en', 'ar'])),
});
export type HotelBookingInput = v.InferOutput<typeof HotelBookingInput>;

/**
 * pending_payment (card: waiting for the provider) → confirmed (paid) → canceled (by the rate's policy);
 * pending_payment → expired (payment never came; the rooms are released).
 */
export const HOTEL_BOOKING_STATUSES = ['pending_payment', 'confirmed', 'canceled', 'expired'] as const;
export type HotelBookingStatus = (typeof HOTEL_BOOKING_STATUSES)[number];

export interface HotelBooking {
  id: number;
  reference: string; // e.g. "HTL-7Q2KXM"
  status: HotelBookingStatus;
  hotel: Pick<HotelSummary, 'id' | 'name' | 'stars' | 'address' | 'city' | 'country_code' | 'photo'> & { check_in_time: string; check_out_time: string; city_ar?: string | null; time_zone?: string };
  room: { code: string; name: string; type: RoomType };
  board: Board;
  check_in: string;
  check_out: string;
  nights: number;
  rooms: RoomRequest[];
  guests: HotelGuestInput[];
  contact: { email: string; phone: string; country: string };
  special_requests: string;
  refundable: boolean;
  free_cancellation_until: string | null;
  nightly: NightPrice[];
  taxes_and_fees: Money;
  total: Money;
  /** What cancelling now refunds, by the rate's policy (null once canceled or expired). */
  cancellation_quote: { refund: Money; penalty: Money } | null;
  refund: Money | null;
  /**
   * An unpaid card booking's open checkout: where to pay and its tracker, which the provider's return to
   * /payment-result names (absent where no checkout was opened for this answer).
   */
  payment: { method: HotelPaymentMethod; status: 'pending' | 'paid' | 'refunded'; checkout_url?: string | null; tracker?: string | null };
  agent_id: number | null;
  /** Until then an unpaid card booking keeps its rooms (null once paid, canceled or expired, and for the wallet). */
  hold_expires_at?: string | null;
  created_at: string;
  canceled_at: string | null;
  /** Its status changes, oldest first: for staff and the agent who booked it only. */
  events?: HotelBookingEvent[];
  /** An agent's booking, to staff who read bookings: how to reach the agency. */
  agent_contact?: AgentContact | null;
}

/** GET /featured-hotels: a few hotels of popular cities priced for one default stay, which their links open. */
export interface FeaturedHotels {
  data: (HotelSummary & { destination: HotelDestination })[];
  meta: { check_in: string; check_out: string; rooms: RoomRequest[] };
}

/** One status change: the flight booking events' shape (`actor` the role, or system, guest, payment) and who by name. */
export interface HotelBookingEvent { action: string; from_status: string | null; to_status: string; actor: string; actor_name: string | null; at: string; note: string | null }

// ---- hotel margin (back office) --------------------------------------------------------------------------------

/**
 * The hotel margin staff set (GET /api/get-hotel-margin, POST /api/save-hotel-margin, margins.manage): a markup
 * or discount as a percentage of the supplier's net, for everyone, before the customer or agent margin.
 */
export const HotelMarginInput = v.object({
  type: v.picklist(['markup', 'discount'], 'Choose markup or discount.'),
  percent: v.pipe(num('Enter a percentage between 0 and 100.'), v.minValue(0, 'Enter a percentage between 0 and 100.'), v.maxValue(100, 'Enter a percentage between 0 and 100.')),
});
export type HotelMarginInput = v.InferOutput<typeof HotelMarginInput>;
export interface HotelMarginSetting { type: 'markup' | 'discount'; percent: number; updated_at: string | null }

/** GET /api/hotel-bookings (staff: every booking; customers and agents: their own) → {data: HotelBookingListRow[], meta}. */
export interface HotelBookingListMeta { page: number; per_page: number; total: number }
/** A row of the lists: the booking and, for an agent's booking, who the agent is. */
export interface HotelBookingListRow extends HotelBooking {
  agent: { id: number; name: string; company_name: string | null; agent_code: string | null } | null;
}
