import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An airline's change to one dated flight of the embedded supplier, as the supplier console entered it: new
 * departure and arrival instants, a new flight number, or a cancellation. The supplier's schedule answers the
 * flight as changed in every search. A later change to the same flight and day replaces the row.
 */
export const flightScheduleOverrides = pgTable(
  'flight_schedule_overrides',
  {
    /** The timetabled flight number and its local departure day at the origin. */
    flightNo: text('flight_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    canceled: boolean('canceled').notNull().default(false),
    departureAt: ts('departure_at'),
    arrivalAt: ts('arrival_at'),
    newFlightNo: text('new_flight_no'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.flightNo, t.date] })],
);

/** A segment as the owner reads it before and after the change (local times at the airports). */
export interface ChangedSegment { flight_number: string; departure_at: string; arriving_at: string; origin: string; destination: string }

export const SCHEDULE_CHANGE_ANSWERS = ['accepted', 'rebooked', 'refunded', 'canceled', 'superseded'] as const;

/**
 * One booking's share of an airline's change: the segment before and after (null after when the flight is
 * canceled) and how its owner answered. `changeKey` names the change (flight, day and new state), so the same
 * change applied twice records once per booking.
 */
export const scheduleChanges = pgTable(
  'schedule_changes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    flightNo: text('flight_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    changeKey: text('change_key').notNull(),
    kind: text('kind', { enum: ['time', 'number', 'canceled'] }).notNull(),
    oldSegment: jsonb('old_segment').$type<ChangedSegment>().notNull(),
    newSegment: jsonb('new_segment').$type<ChangedSegment | null>(),
    source: text('source', { enum: ['console', 'duffel'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    answer: text('answer', { enum: SCHEDULE_CHANGE_ANSWERS }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    uniqueIndex('schedule_changes_booking_change_uq').on(t.bookingId, t.changeKey),
    index('schedule_changes_booking_idx').on(t.bookingId, t.id),
    index('schedule_changes_unanswered_idx').on(t.createdAt).where(sql`${t.answer} is null`),
  ],
);
