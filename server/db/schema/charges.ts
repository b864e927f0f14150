import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransactions } from './ledger';

/** Other charges staff post to an agent: debits charge, ok_to_board, re_issue, umrah, visa; credits refund, void. */
export const CHARGE_TYPES = ['charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CREDIT_CHARGE_TYPES: readonly ChargeType[] = ['refund', 'void'];

/**
 * What a charge the system posts is made of, in minor units, so a booking's documents can list each part on its
 * line: a date change is the fare difference (fare, folded into the ticket's fare), the airline's change fee and
 * our service charge.
 */
export interface ChargeParts { fare_difference: number; change_fee: number; service_charge: number }

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
    /** Null for a charge staff typed; the parts of one the system posted (a date change). */
    parts: jsonb('parts').$type<ChargeParts>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_charges_agent_idx').on(t.agentId, t.id)],
);
