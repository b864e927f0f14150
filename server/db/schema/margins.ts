import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
