import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { hotelBookings } from './hotels';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'canceled', 'refund_due', 'refunded', 'refund_failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One hosted-checkout attempt (a "tracker") for a booking. It moves out of `created` once, by a verified
 * callback whose amount and currency match; every later callback for it changes nothing.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    tracker: text('tracker').notNull(),
    /**
     * What is paid: a flight booking, a hotel booking, or another product (subject_kind + subject_id: an
     * insurance policy, a visa application, a package booking); exactly one of the three is set.
     */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    hotelBookingId: integer('hotel_booking_id').references(() => hotelBookings.id, { onDelete: 'restrict' }),
    subjectKind: text('subject_kind'),
    subjectId: integer('subject_id'),
    provider: text('provider').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** A card refund the provider refused (`refund_failed`): the amount still owed and the tries so far (the jobs loop retries it). */
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    refundTries: integer('refund_tries').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('payments_tracker_uq').on(t.tracker), index('payments_booking_idx').on(t.bookingId), index('payments_hotel_booking_idx').on(t.hotelBookingId),
    index('payments_subject_idx').on(t.subjectKind, t.subjectId),
    check('payments_subject_pair', sql`(${t.subjectKind} is null) = (${t.subjectId} is null)`),
    check('payments_one_booking', sql`(case when ${t.bookingId} is null then 0 else 1 end) + (case when ${t.hotelBookingId} is null then 0 else 1 end) + (case when ${t.subjectId} is null then 0 else 1 end) = 1`),
  ],
);

/** Every callback received, verified or not (audit of forged and replayed ones). */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: serial('id').primaryKey(),
    tracker: text('tracker'),
    payload: jsonb('payload').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_tracker_idx').on(t.tracker)],
);
