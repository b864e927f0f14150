import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The columns every status-change table shares (a flight booking's, a hotel booking's, a visa application's): the
 * status before and after, who made the change (a null actor is the system, a guest or the payment provider, as
 * `actor_kind` says), a note and when. Each table puts its id, the row it belongs to and the change's name first.
 */
export const statusChangeColumns = () => ({
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** 'system', 'guest', 'payment' or the actor's role. */
  actorKind: text('actor_kind').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
