import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** An agent's company profile. Filled at registration and on add-agent-details. */
export const agentProfiles = pgTable('agent_profiles', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  phone: text('phone').notNull(),
  licenceNo: text('licence_no'),
  address: text('address'),
  city: text('city'),
  country: text('country'),
  contactPerson: text('contact_person'),
  logoFile: text('logo_file'),
  website: text('website'),
  /** Why staff turned the application down (shown to the agent on the pending screen). */
  rejectionReason: text('rejection_reason'),
  reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
