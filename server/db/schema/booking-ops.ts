import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const BOOKING_MODES = ['online', 'offline'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

/**
 * The booking-status setting (one row, id 1): online (the supplier books and tickets) or offline (a local PNR,
 * staff ticket by hand), the charge kept back when a ticket is voided, and the zone whose midnight closes the
 * void window of a ticket issued that day.
 */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: BOOKING_MODES }).notNull().default('online'),
    voidChargeMinor: bigint('void_charge_minor', { mode: 'number' }).notNull().default(0),
    /** Kept by us from a refund after the void window (on top of the airline's penalty). */
    refundChargeMinor: bigint('refund_charge_minor', { mode: 'number' }).notNull().default(0),
    /** Kept by us from a reissue (date change), on top of the fare difference and the airline's change fee. */
    reissueChargeMinor: bigint('reissue_charge_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('PKR'),
    timeZone: text('time_zone').notNull().default('Asia/Karachi'),
    /** How long a flight or hotel hold keeps its seats or rooms unpaid. */
    holdMinutes: integer('hold_minutes').notNull().default(15),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('booking_settings_single_row', sql`${t.id} = 1`), check('booking_settings_void_charge_nonneg', sql`${t.voidChargeMinor} >= 0`), check('booking_settings_refund_charge_nonneg', sql`${t.refundChargeMinor} >= 0`), check('booking_settings_reissue_charge_nonneg', sql`${t.reissueChargeMinor} >= 0`), check('booking_settings_hold_minutes_range', sql`${t.holdMinutes} between 5 and 1440`)],
);

export const DIRECT_SOURCES = ['manual', 'supplier', 'display'] as const;
export type DirectSource = (typeof DIRECT_SOURCES)[number];

/**
 * A direct (offline or imported) booking: the `bookings` row (channel 'staff', status pending → ticketed |
 * rejected) plus what only direct bookings have: the agent it is for, the margin added to the fare (the agent
 * pays total + margin when it is ticketed), where it came from and the pasted itinerary display.
 */
export const directBookings = pgTable(
  'direct_bookings',
  {
    bookingId: integer('booking_id').primaryKey().references(() => bookings.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    source: text('source', { enum: DIRECT_SOURCES }).notNull(),
    marginMinor: bigint('margin_minor', { mode: 'number' }).notNull().default(0),
    airlinePnr: text('airline_pnr'),
    rawDisplay: text('raw_display'),
    note: text('note'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('direct_bookings_agent_idx').on(t.agentId, t.createdAt), check('direct_bookings_margin_nonneg', sql`${t.marginMinor} >= 0`)],
);

/** A quotation sent by email: the offers as priced when sent (kept for the printable view). */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    note: text('note'),
    offers: jsonb('offers').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    locale: text('locale').notNull().default('en'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('quotes_created_by_idx').on(t.createdBy, t.createdAt)],
);
