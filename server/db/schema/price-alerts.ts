import { date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A signed-in customer's or agent's watch on a flight search: a route with fixed dates (one-way or return) or any
 * day of a month, for a party and cabin. Prices are the owner's own (their role's margins), in integer minor units.
 * `noticeMinor` is the price the owner was last told of (when they started watching, or the last mail): a drop is
 * measured from it. `fareKey` names the cheapest fare's flights and dates, so its selling out is seen.
 * `seenMinor` is the lowest price last priced (at creation, then by the job at `checkedAt`): the list shows it
 * rather than searching again on every read.
 * `checkedOn` is the day the daily job last took the alert: a second run that day (or a second server) skips it.
 * One watch per owner, route and dates (`watchKey`).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    watchKey: text('watch_key').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: date('departure_date', { mode: 'string' }),
    returnDate: date('return_date', { mode: 'string' }),
    month: text('month'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    cabinClass: text('cabin_class').notNull(),
    currency: text('currency').notNull(),
    seenMinor: integer('seen_minor'),
    noticeMinor: integer('notice_minor'),
    fareKey: text('fare_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checkedOn: date('checked_on', { mode: 'string' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('price_alerts_owner_watch_key').on(t.userId, t.watchKey),
    index('price_alerts_checked_idx').on(t.checkedOn),
  ],
);
