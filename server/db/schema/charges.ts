import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransactions } from './ledger';

/** Other charges staff post to an agent: debits charge, ok_to_board, re_issue, umrah, visa; credits refund, void. */
export const CHARGE_TYPES = ['charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CREDIT_CHARGE_TYPES: readonly ChargeType[] = ['refund', 'void'];

export const agentCharges = pgTable(
  'agent_charges',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: CHARGE_TYPES }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    description: text('description').notNull(),
    /** A booking reference or PNR the charge is about, if any. */
    bookingReference: text('booking_reference'),
    transactionId: integer('transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_charges_agent_idx').on(t.agentId, t.id)],
);
