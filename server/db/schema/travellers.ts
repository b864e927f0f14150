import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** An agent's saved travellers, picked at checkout. */
export const travellers = pgTable(
  'travellers',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['ADT', 'CNN', 'INF'] }).notNull(),
    title: text('title').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['M', 'F'] }).notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    nationality: text('nationality').notNull(),
    documentType: text('document_type', { enum: ['passport', 'national_id'] }).notNull(),
    documentNo: text('document_no').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    issueCountry: text('issue_country').notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('travellers_agent_idx').on(t.agentId, t.id)],
);
