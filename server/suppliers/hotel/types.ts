/**
 * The hotel supplier interface and the stores it needs. Routes and the booking service talk to a hotel supplier
 * only through this file, so a real hotel API (a bed bank, a channel manager) can replace the embedded one.
 *
 * Lifecycle: destinations → search (cheapest rate per hotel) → detail (every room and rate; each rate id expires
 * RATE_TTL_MS after it was issued) → price (the rate re-priced now: 410 when expired) → the booking service
 * sells the room nights and writes the booking in one statement (server/hotels/booking-write.ts), by the same
 * conditional upsert as RoomInventoryStore.consume.
 */
import type {
  HotelDestination, HotelDetail, HotelSearchQuery, HotelSummary, Place, RoomRequest, RoomType, Board, Amenity, NightPrice,
} from '../../../contract/hotels';
import type { Money } from '../../../contract/money';
import type { PricingContext } from '../../pricing/margins';

export type { PricingContext } from '../../pricing/margins';

export const RATE_TTL_MS = 30 * 60_000;

export interface HotelCity {
  id: number; // GeoNames id
  name: string;
  name_ar: string | null;
  country: string;
  lat: number;
  lon: number;
  tz: string;
  population: number;
  dense: boolean;
}

export interface RoomDef {
  code: string;
  type: RoomType;
  name: string;
  name_ar: string;
  max_adults: number;
  max_guests: number;
  beds: string;
  beds_ar: string;
  size_m2: number;
  /** Rooms of this type the hotel sells through us each night, before the market's own sales. */
  allotment: number;
  /** Supplier net per room per night before season, weekday and demand, minor units. */
  base_minor: number;
  /** Hash of the code, kept so prices need not hash it per night. */
  seed: number;
}

export interface Property {
  id: string; // "<geonameid>-<n>"
  /** Hash of the id, kept so prices need not hash it per night. */
  seed: number;
  city: HotelCity;
  name: string;
  /** The Arabic text, made with the English from the same picks (arabic.ts). */
  name_ar: string;
  stars: 1 | 2 | 3 | 4 | 5;
  guest_rating: number;
  review_count: number;
  address: string;
  address_ar: string;
  location: Place;
  distance_km: number;
  distance_haram_m: number | null;
  amenities: Amenity[];
  boards: Board[];
  refundable_days: number; // free cancellation until this many days before check-in
  check_in_time: string;
  check_out_time: string;
  rooms: RoomDef[];
  /** A double room's base: board supplements are a share of it, whatever the room. */
  double_base_minor: number;
  /** Tax as basis points of the net, plus a city fee per room night (minor units). */
  tax_bp: number;
  city_fee_minor: number;
}

/** One room night of one room type: the unit of inventory. */
export interface RoomNightKey { hotel_id: string; room_code: string; date: string }
export const nightKey = (k: RoomNightKey) => `${k.hotel_id}|${k.room_code}|${k.date}`;
/** A room night to sell, with what the hotel may still sell of it. */
export interface NightToSell { key: RoomNightKey; capacity: number }

/**
 * Room nights sold through us. The database-backed one keeps hotel_room_nights(city_id, hotel_id, room_code,
 * date, sold) with consume as one conditional upsert (sold + n <= capacity), so two clients racing for the last
 * room cannot both have it.
 */
export interface RoomInventoryStore {
  /** Sold counts for a city's hotels between two dates (inclusive from, exclusive to), keyed by nightKey. */
  sold(cityId: number, from: string, to: string): Promise<Map<string, number>>;
  /**
   * Sells `rooms` of every night, all asked at once. False when any night is short: the database store has then
   * taken the nights that were not, so its caller sells inside a transaction and rolls back on false. A booking
   * does not come this way: its statement sells the nights with the booking (server/hotels/booking-write.ts).
   */
  consume(cityId: number, nights: NightToSell[], rooms: number): Promise<boolean>;
  /** Gives `rooms` of every night back, never going below zero. */
  release(nights: RoomNightKey[], rooms: number): Promise<void>;
}

/** `lang`: the reader's language, which names, addresses and descriptions are given in (English when absent). */
export interface SearchContext { pricing: PricingContext; now: number; lang?: string }

export interface SearchResult { hotels: HotelSummary[]; total: number; nights: number; destination: HotelDestination; price_range: { min: Money; max: Money } }

/** A rate re-priced now. */
export type PricedRate =
  | { status: 'ok'; property: Property; room: RoomDef; board: Board; refundable: boolean; nightly: NightPrice[]; taxes_minor: number; total_minor: number;
      penalty_minor: number; free_cancellation_until: string | null; nights: RoomNightKey[]; rooms_left: number; currency: string }
  | { status: 'expired' }
  | { status: 'unknown' }
  | { status: 'mismatch'; field: 'check_in' | 'rooms' }
  | { status: 'unavailable' };

export interface HotelSupplier {
  readonly code: string;
  destinations(q: string, limit?: number): HotelDestination[];
  isDestination(id: string): boolean;
  search(query: HotelSearchQuery, ctx: SearchContext): Promise<SearchResult>;
  /** null when the hotel is unknown. */
  detail(hotelId: string, stay: { check_in: string; check_out: string; rooms: RoomRequest[] }, ctx: SearchContext): Promise<HotelDetail | null>;
  price(rateId: string, stay: { check_in: string; check_out: string; rooms: RoomRequest[] }, ctx: SearchContext): Promise<PricedRate>;
  /** What the hotel may still sell of a room night (the market's own sales taken out), for consume. */
  capacity(key: RoomNightKey): number;
  property(hotelId: string): Property | undefined;
}
