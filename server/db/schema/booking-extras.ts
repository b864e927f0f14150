import { date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { bookingPassengers, bookings } from './bookings';

/** How a purchase of extras is paid: with the booking's own fare, from the agent's wallet, by card, or free. */
export const EXTRA_PAID_WITH = ['booking', 'wallet', 'card', 'free'] as const;
/** refunded: given back with its booking's void, refund or cancel (refunded_minor says how much in all). */
export const EXTRA_PURCHASE_STATUSES = ['confirmed', 'awaiting_payment', 'failed', 'refunded'] as const;
/** replaced: a later seat took its place; released: unpaid in time, or its booking closed. */
export const BOOKING_EXTRA_STATUSES = ['confirmed', 'awaiting_payment', 'replaced', 'released'] as const;

/**
 * One purchase of extras for a flight booking: chosen with the booking (paid with its fare) or after it. The
 * booking and Idempotency-Key pair is unique, so a retried request finds its first purchase instead of paying twice.
 */
export const extraPurchases = pgTable(
  'extra_purchases',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key'),
    paidWith: text('paid_with', { enum: EXTRA_PAID_WITH }).notNull(),
    status: text('status', { enum: EXTRA_PURCHASE_STATUSES }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** Of what was charged, what has been given back (a cheaper seat in place of a paid one, the booking's close). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('extra_purchases_booking_key').on(t.bookingId, t.idempotencyKey), index('extra_purchases_status_idx').on(t.status, t.createdAt)],
);

/**
 * A seat or checked bags for one passenger on one segment (flight number and local departure date), as bought.
 * A seat's hold itself is its seat_assignments row; this row is what was sold and at what price.
 */
export const bookingExtras = pgTable(
  'booking_extras',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id').notNull().references(() => extraPurchases.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id').notNull().references(() => bookingPassengers.id, { onDelete: 'cascade' }),
    /** The passenger's index in the booking, as the wire names passengers. */
    passenger: integer('passenger').notNull(),
    flightNo: text('flight_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['seat', 'bag'] }).notNull(),
    designator: text('designator'),
    serviceId: text('service_id'),
    weightKg: integer('weight_kg'),
    quantity: integer('quantity').notNull(),
    priceMinor: integer('price_minor').notNull(),
    /**
     * Of the price, the part the booking's fare pays: all of a seat chosen with the booking, and what of it a seat
     * bought in its place took over. That part comes back with the fare, never as an extras refund.
     */
    fareMinor: integer('fare_minor').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: BOOKING_EXTRA_STATUSES }).notNull(),
    /** The purchase whose seat replaced this one (to put it back if that purchase is never paid). */
    replacedBy: integer('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('booking_extras_booking_idx').on(t.bookingId), index('booking_extras_purchase_idx').on(t.purchaseId)],
);
