import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Every change of an agent's credit limit: who set it, when, from what to what. Never updated or deleted. */
export const creditLimitChanges = pgTable(
  'credit_limit_changes',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    previousLimitMinor: bigint('previous_limit_minor', { mode: 'number' }).notNull(),
    limitMinor: bigint('limit_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_limit_changes_agent_idx').on(t.agentId, t.id)],
);

/**
 * Low-credit alerts waiting to be told: the posting that crossed a threshold writes one in its own transaction
 * (the ledger has no mailer), and the credit-alerts job turns each into notices and mails exactly once.
 */
export const creditAlerts = pgTable(
  'credit_alerts',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The threshold crossed: 40 or 20 (% of the limit still available). */
    level: integer('level').notNull(),
    availableMinor: bigint('available_minor', { mode: 'number' }).notNull(),
    limitMinor: bigint('limit_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('credit_alerts_unsent_idx').on(t.sentAt, t.id)],
);
