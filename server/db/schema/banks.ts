import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Bank accounts agents pay deposits into. */
export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  accountTitle: text('account_title').notNull(),
  accountNumber: text('account_number').notNull(),
  iban: text('iban'),
  branch: text('branch'),
  /** The bank's logo: an uploaded image's generated name. */
  logoFile: text('logo_file'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
