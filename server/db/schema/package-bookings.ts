import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PACKAGE_BOOKING_STATUSES, PACKAGE_KINDS, PACKAGE_PAYMENT_METHODS, SHARINGS } from '../../../contract/package-bookings';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A bookable departure of a holiday or an umrah package (the package by kind and id, as the two catalogue tables
 * stay apart). Seats are taken by a conditional update (available >= n) and given back when a booking ends; the
 * check keeps a bug from ever selling a seat that is not there.
 */
export const packageDepartures = pgTable(
  'package_departures',
  {
    id: serial('id').primaryKey(),
    packageKind: text('package_kind', { enum: PACKAGE_KINDS }).notNull(),
    packageId: integer('package_id').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    seatsTotal: integer('seats_total').notNull(),
    seatsAvailable: integer('seats_available').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('package_departures_date_uq').on(t.packageKind, t.packageId, t.departureDate),
    check('package_departures_seats_ck', sql`${t.seatsAvailable} >= 0 and ${t.seatsAvailable} <= ${t.seatsTotal}`),
  ],
);

export const PACKAGE_PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;

/** A package booking: the package as booked, its departure's seats held, the server's price in minor units. */
export const packageBookings = pgTable(
  'package_bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    status: text('status', { enum: PACKAGE_BOOKING_STATUSES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The agency an agent bought it for (a branch user's agency, or the agent itself); none for a customer. */
    agencyId: integer('agency_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['agent', 'customer', 'guest'] }).notNull(),
    packageKind: text('package_kind', { enum: PACKAGE_KINDS }).notNull(),
    packageId: integer('package_id').notNull(),
    departureId: integer('departure_id').notNull().references(() => packageDepartures.id, { onDelete: 'restrict' }),
    /** Title (both languages), place and length as shown when booked, so the booking reads the same later. */
    package: jsonb('package').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    returnDate: date('return_date', { mode: 'string' }).notNull(),
    sharing: text('sharing', { enum: SHARINGS }).notNull(),
    travellers: jsonb('travellers').notNull(),
    seats: integer('seats').notNull(),
    perPersonMinor: bigint('per_person_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('PKR'),
    contactEmail: text('contact_email').notNull(), // lower-cased
    contactPhone: text('contact_phone').notNull(),
    contactCountry: text('contact_country').notNull(),
    paymentMethod: text('payment_method', { enum: PACKAGE_PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PACKAGE_PAYMENT_STATUSES }).notNull().default('pending'),
    holdExpiresAt: ts('hold_expires_at'),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    confirmedAt: ts('confirmed_at'),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    uniqueIndex('package_bookings_reference_uq').on(t.reference),
    uniqueIndex('package_bookings_idempotency_uq').on(t.idempotencyKey),
    index('package_bookings_user_idx').on(t.userId, t.createdAt),
    index('package_bookings_hold_idx').on(t.status, t.holdExpiresAt),
    check('package_bookings_seats_ck', sql`${t.seats} > 0`),
  ],
);
