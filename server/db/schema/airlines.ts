import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Airlines staff manage, with their airline margin (markup or discount, fixed per passenger or a
 * percentage of the base fare). Seeded from the carriers the flight network operates.
 */
export const airlines = pgTable('airlines', {
  code: text('code').primaryKey(), // IATA, two characters
  name: text('name').notNull(),
  country: text('country').notNull(), // ISO 3166-1 alpha-2
  active: boolean('active').notNull().default(true),
  marginType: text('margin_type', { enum: ['markup', 'discount'] }),
  marginMode: text('margin_mode', { enum: ['fixed', 'percent'] }),
  /** fixed: minor units per seated passenger; percent: basis points of the base fare */
  marginValue: integer('margin_value').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
