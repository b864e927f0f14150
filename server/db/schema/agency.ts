import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What happened in an agency and who did it: bookings, void requests, payments, branch users added or
 * deactivated. Rows are only ever added, so the history stays after a branch user is deactivated.
 */
export const agencyAudit = pgTable(
  'agency_audit',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['booking', 'void_request', 'payment', 'user_added', 'user_deactivated', 'user_reactivated'] }).notNull(),
    /** What the action was on: a PNR, or the branch user's email. */
    subject: text('subject').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('agency_audit_agency_idx').on(t.agencyId, t.createdAt)],
);
