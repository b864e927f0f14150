import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { banks } from './banks';

/** An agent's top-up: pending → approved | rejected. Approval posts a ledger credit. */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['bank', 'cash'] }).notNull(),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    /** The bank's name when the deposit was made, so the history survives a bank's removal. */
    bankName: text('bank_name'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    depositDate: date('deposit_date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    receiptFile: text('receipt_file'),
    note: text('note'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deposits_agent_idx').on(t.agentId, t.id), index('deposits_status_idx').on(t.status, t.id)],
);
