import { date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { bookingPassengers, bookings } from './bookings';

/**
 * Seats chosen on a flight segment (flight number and local departure date), by designator. The unique key on
 * segment and designator is what keeps two bookings off one seat: the second insert fails whatever the timing.
 * A passenger holds at most one seat per segment. Rows go with their booking; a closed booking's seats are
 * deleted by whoever closes it, so the seat is free again.
 */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: serial('id').primaryKey(),
    flightNo: text('flight_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    designator: text('designator').notNull(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id').notNull().references(() => bookingPassengers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('seat_assignments_segment_seat_key').on(t.flightNo, t.date, t.designator),
    unique('seat_assignments_segment_passenger_key').on(t.flightNo, t.date, t.passengerId),
    index('seat_assignments_booking_idx').on(t.bookingId),
  ],
);
