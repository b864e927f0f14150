import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { statusChangeColumns } from './status-events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Booking lifecycle (booked → ticketed | canceled; ticketed → requested → voided | ticketed; after the void window
 * ticketed → refund_requested → refunded | ticketed; see docs/domain.md). `pending`/`rejected` are for direct
 * (offline) bookings entered by staff.
 */
export const BOOKING_STATUSES = ['booked', 'ticketed', 'canceled', 'requested', 'voided', 'pending', 'rejected', 'refund_requested', 'refunded'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses in which the same passengers on the same sector and date count as a duplicate (409). */
export const LIVE_STATUSES = ['booked', 'ticketed', 'requested', 'pending', 'refund_requested'] as const;
export const PAYMENT_METHODS = ['hold', 'wallet', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A flight order. Amounts in integer minor units of `currency`, computed on the server from the re-priced
 * offer (client totals are never read). `itinerary` is the priced offer as booked; `supplier_order` is the
 * supplier's order, handed back to it to ticket, cancel or void.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    pnr: text('pnr').notNull(),
    supplier: text('supplier').notNull(),
    offerId: text('offer_id').notNull(),
    isSooper: boolean('is_sooper').notNull().default(false),
    /** Null for a guest; the agent or customer otherwise. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The agency whose wallet pays (a branch user books for its agency); null: the user's own (older rows, customers). */
    agencyId: integer('agency_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['agent', 'customer', 'guest', 'staff'] }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    contactEmail: text('contact_email').notNull(), // lower-cased
    contactPhone: text('contact_phone').notNull(),
    contactCountry: text('contact_country').notNull(),
    flightType: text('flight_type').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    lastTravelDate: date('last_travel_date', { mode: 'string' }).notNull(),
    cabin: text('cabin').notNull(),
    itinerary: json('itinerary').notNull(),
    supplierOrder: jsonb('supplier_order').notNull(),
    baseMinor: bigint('base_minor', { mode: 'number' }).notNull(),
    taxesMinor: bigint('taxes_minor', { mode: 'number' }).notNull(),
    agentMarkupMinor: bigint('agent_markup_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    /** A held booking is canceled by the hold job at this instant unless ticketed first. */
    holdExpiresAt: ts('hold_expires_at'),
    ticketedAt: ts('ticketed_at'),
    /** The last reissue (date change) onto a new flight; a reissued ticket is no longer voidable (docs/domain.md). */
    reissuedAt: ts('reissued_at'),
    canceledAt: ts('canceled_at'),
    /** Set once the supplier has been told to release the seats of a canceled/voided booking. */
    seatsReleasedAt: ts('seats_released_at'),
    /** sha256 of passengers + journeys: one live booking per value (partial unique index). */
    dupKey: text('dup_key').notNull(),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    /** The address that created it: unpaid holds are capped per address as well as per contact email. */
    clientIp: text('client_ip'),
    /** Seats taken on each flight (passengers less infants), for the cap on unpaid holds per flight. */
    seats: integer('seats').notNull().default(0),
    /** The refund quote the owner confirmed when asking for a refund (minor units): staff approve what was seen. */
    refundQuote: jsonb('refund_quote').$type<{ paid: number; airlinePenalty: number; serviceCharge: number; refund: number }>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_pnr_uq').on(t.pnr),
    uniqueIndex('bookings_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('bookings_live_dup_uq').on(t.dupKey).where(sql`${t.status} in ('booked', 'ticketed', 'requested', 'pending', 'refund_requested')`),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_hold_idx').on(t.status, t.holdExpiresAt),
    index('bookings_release_idx').on(t.status, t.seatsReleasedAt),
    // Closed bookings whose supplier order still holds seats (a crash between claiming the release and the
    // supplier's cancel): the orphan-order job finishes them. Empty in normal running.
    index('bookings_unreleased_order_idx').on(t.seatsReleasedAt)
      .where(sql`${t.status} in ('canceled', 'voided', 'refunded') and ${t.supplierOrder}->>'status' in ('booked', 'ticketed')`),
  ],
);

export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['ADT', 'CNN', 'INF'] }).notNull(),
    title: text('title').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    nationality: text('nationality').notNull(),
    documentType: text('document_type').notNull(),
    documentNo: text('document_no').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    issueCountry: text('issue_country').notNull(),
    ticketNumber: text('ticket_number'),
  },
  (t) => [uniqueIndex('booking_passengers_pos_uq').on(t.bookingId, t.position)],
);

/** Every status change: who (null actor = the system or a guest), when, from what to what. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ...statusChangeColumns(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.id)],
);

/**
 * Seats sold through us per flight cabin and local departure day (the SeatStore of the flight supplier).
 * Consumed by one conditional upsert, so concurrent bookings can never sell more than `capacity`.
 */
export const flightSeats = pgTable(
  'flight_seats',
  {
    flightNo: text('flight_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    cabin: text('cabin').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.flightNo, t.date, t.cabin] }), check('flight_seats_sold_nonneg', sql`${t.sold} >= 0`),
    // Search reads a day's sold counts for all flights at once; the primary key starts with the flight.
    index('flight_seats_date_idx').on(t.date),
  ],
);
