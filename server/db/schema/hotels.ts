import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HOTEL_BOOKING_STATUSES, HOTEL_PAYMENT_METHODS } from '../../../contract/hotels';
import { users } from './auth';
import { statusChangeColumns } from './status-events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Room nights sold through us, per hotel, room type and night. A sale is one conditional upsert per night
 * (sold + n <= capacity, capacity passed by the supplier), so two clients racing for the last room cannot both
 * have it. `city_id` lets one query read a whole city's sold counts for a search.
 */
export const hotelRoomNights = pgTable(
  'hotel_room_nights',
  {
    cityId: integer('city_id').notNull(),
    hotelId: text('hotel_id').notNull(),
    roomCode: text('room_code').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.roomCode, t.date] }), index('hotel_room_nights_city_idx').on(t.cityId, t.date), check('hotel_room_nights_sold_nonneg', sql`${t.sold} >= 0`)],
);

export const HOTEL_PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;

/**
 * A hotel booking: the re-priced rate as booked (amounts in integer minor units, never a client's), its guests
 * and the room nights it holds. pending_payment → confirmed → canceled; pending_payment → expired (the job).
 */
export const hotelBookings = pgTable(
  'hotel_bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    status: text('status', { enum: HOTEL_BOOKING_STATUSES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The agency an agent bought it for (a branch user's agency, or the agent itself); none for a customer. */
    agencyId: integer('agency_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['agent', 'customer', 'guest'] }).notNull(),
    supplier: text('supplier').notNull(),
    rateId: text('rate_id').notNull(),
    hotelId: text('hotel_id').notNull(),
    cityId: integer('city_id').notNull(),
    /** The hotel and room as shown when booked (name, address, times), so a booking reads the same later. */
    hotel: jsonb('hotel').notNull(),
    room: jsonb('room').notNull(),
    board: text('board').notNull(),
    refundable: boolean('refundable').notNull(),
    freeCancellationUntil: text('free_cancellation_until'),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    rooms: jsonb('rooms').notNull(),
    guests: jsonb('guests').notNull(),
    contactEmail: text('contact_email').notNull(), // lower-cased
    contactPhone: text('contact_phone').notNull(),
    contactCountry: text('contact_country').notNull(),
    specialRequests: text('special_requests').notNull().default(''),
    nightly: jsonb('nightly').notNull(),
    taxesMinor: bigint('taxes_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    penaltyMinor: bigint('penalty_minor', { mode: 'number' }).notNull(),
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('PKR'),
    paymentMethod: text('payment_method', { enum: HOTEL_PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: HOTEL_PAYMENT_STATUSES }).notNull().default('pending'),
    /** An unpaid card booking expires at this instant and its rooms go back. */
    holdExpiresAt: ts('hold_expires_at'),
    /** Set once the room nights of a canceled or expired booking have been given back. */
    roomsReleasedAt: ts('rooms_released_at'),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    uniqueIndex('hotel_bookings_reference_uq').on(t.reference),
    uniqueIndex('hotel_bookings_idempotency_uq').on(t.idempotencyKey),
    index('hotel_bookings_user_idx').on(t.userId, t.createdAt),
    index('hotel_bookings_hold_idx').on(t.status, t.holdExpiresAt),
  ],
);

/** The hotel margin staff set (one row, id 1): a markup or discount as basis points of the supplier's net. */
export const hotelMargins = pgTable('hotel_margins', {
  id: integer('id').primaryKey().default(1),
  type: text('type', { enum: ['markup', 'discount'] }).notNull().default('markup'),
  percentBp: integer('percent_bp').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Every status change of a hotel booking, written in the transaction of the change: who (null actor = the system,
 * a guest or the payment provider, as `actor_kind` says), when, from what to what. The shape of booking_events,
 * whose booking_id belongs to flight bookings.
 */
export const hotelBookingEvents = pgTable(
  'hotel_booking_events',
  {
    id: serial('id').primaryKey(),
    hotelBookingId: integer('hotel_booking_id').notNull().references(() => hotelBookings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ...statusChangeColumns(),
  },
  (t) => [index('hotel_booking_events_booking_idx').on(t.hotelBookingId, t.id)],
);
