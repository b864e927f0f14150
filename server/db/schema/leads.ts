import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Enquiries from the public pages; staff list them and mark them handled. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['visa', 'holiday', 'umrah', 'group-ticket', 'insurance', 'contact'] }).notNull(),
    itemId: integer('item_id'),
    itemTitle: text('item_title'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    travellers: integer('travellers'),
    travelDate: date('travel_date'),
    locale: text('locale').notNull().default('en'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['new', 'handled'] }).notNull().default('new'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    staffNote: text('staff_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_status_idx').on(t.status, t.id)],
);
