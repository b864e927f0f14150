import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * In-app notices, one row per recipient. The words are not stored: the app words `kind` with `params` in the
 * reader's language, so switching language re-words old notices too. `dedupeKey` makes a notice that a job
 * may try to write twice (two servers, a restart) exist once per recipient.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    link: text('link').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
    // A notice about work is marked done for every recipient once the work is handled (settleNotices).
    index('notifications_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
