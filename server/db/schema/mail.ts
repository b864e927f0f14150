import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every email is written here first (in the transaction of the change that caused it) and sent by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text('kind').notNull(),
    /**
     * What to attach, as descriptors (`{kind: 'e-ticket', id: 12, lang: 'ar'}`) rendered when the mail is sent:
     * the outbox stays small, and a retried send renders the document again as it then is.
     */
    attachments: jsonb('attachments').$type<{ kind: string; id: number; lang: 'en' | 'ar' }[]>().notNull().default([]),
    /**
     * A mail written again when sent (`{kind: 'booking-ticketed', id, lang}`): the ticket mail is queued with the
     * change that tickets, before the airline has given the ticket numbers it should list. Null: sent as stored.
     */
    refresh: jsonb('refresh').$type<{ kind: string; id: number; lang: 'en' | 'ar'; totalMinor?: number; chargeId?: number }>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A server that claimed the row sends it until then; past it (that server died) another may. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id)],
);
