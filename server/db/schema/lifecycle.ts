import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { statusChangeColumns } from './status-events';

/**
 * The steps of the lifecycles whose kind has no event table of its own (package bookings, insurance policies,
 * deposits): the lifecycle machine's event, the status before and after, who sent it and when, written in the
 * transaction of the change. Flight, hotel and visa steps stay in their kinds' event tables.
 */
export const lifecycleSteps = pgTable(
  'lifecycle_steps',
  {
    id: serial('id').primaryKey(),
    /** 'package', 'insurance' or 'deposit'. */
    kind: text('kind').notNull(),
    /** The row's id in its kind's table. */
    subjectId: integer('subject_id').notNull(),
    event: text('event').notNull(),
    ...statusChangeColumns(),
  },
  (t) => [index('lifecycle_steps_subject_idx').on(t.kind, t.subjectId, t.id)],
);
