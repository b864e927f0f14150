import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Staff changes to the airport reference data (server/reference/data is read-only): an edit of a reference
 * airport is a full copy of its values with the change; a staff-added airport has is_custom. Deleting a row
 * restores the reference airport (or removes the custom one). server/airports merges these over the data.
 */
export const airportOverrides = pgTable(
  'airport_overrides',
  {
    iata: text('iata').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(), // ISO 3166-1 alpha-2
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    tz: text('tz').notNull(), // IANA
    size: text('size', { enum: ['large', 'medium', 'small'] }).notNull(),
    active: boolean('active').notNull().default(true),
    isCustom: boolean('is_custom').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('airport_overrides_iata_ck', sql`${t.iata} ~ '^[A-Z]{3}$'`)],
);
