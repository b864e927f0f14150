import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** B2C margin values: one row (id 1). Percentages in basis points (1250 = 12.5%). */
export const customerMargins = pgTable('customer_margins', {
  id: integer('id').primaryKey(),
  discountBp: integer('discount_bp').notNull().default(0),
  marginBp: integer('margin_bp').notNull().default(0),
  otherChargesMinor: bigint('other_charges_minor', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('PKR'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** B2B margins per agent: markup and discount per passenger set by staff, and the agent's own per-booking markup. */
export const agentMargins = pgTable('agent_margins', {
  agentId: integer('agent_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  markupPerPaxMinor: bigint('markup_per_pax_minor', { mode: 'number' }).notNull().default(0),
  discountPerPaxMinor: bigint('discount_per_pax_minor', { mode: 'number' }).notNull().default(0),
  ownMarkupMinor: bigint('own_markup_minor', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('PKR'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one unit of a supplier's currency is worth in PKR, as staff set it: `rate_micros` is the rate × 1,000,000
 * (279.85 → 279850000), so conversions stay exact integers. PKR itself has no row (1:1).
 */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a rate: who, when, from what to what (null: the rate was added). */
export const exchangeRateChanges = pgTable('exchange_rate_changes', {
  id: serial('id').primaryKey(),
  currency: text('currency').notNull(),
  fromMicros: bigint('from_micros', { mode: 'number' }),
  toMicros: bigint('to_micros', { mode: 'number' }).notNull(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
