import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Travel insurance plans. A quote is per traveller: daily rate × days (at least the plan minimum), times the
 * region factor, times the age band factor; travellers older than max_age are not covered by the plan.
 */
export const insurancePlans = pgTable('insurance_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  coverageMinor: integer('coverage_minor').notNull(), // medical cover
  coverageCurrency: text('coverage_currency').notNull().default('USD'),
  dailyRateMinor: integer('daily_rate_minor').notNull(),
  minPremiumMinor: integer('min_premium_minor').notNull().default(0),
  currency: text('currency').notNull().default('PKR'),
  regions: jsonb('regions').$type<string[]>().notNull(),
  maxDays: integer('max_days').notNull().default(180),
  maxAge: integer('max_age').notNull().default(80),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  description: text('description').notNull().default(''),
  isPublished: boolean('is_published').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
