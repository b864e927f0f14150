import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/**
 * Double-entry ledger. A transaction groups entries that sum to zero; an agent's wallet is the
 * account `wallet` with that agent's id, and its balance is the sum of its entries. `wallets` caches that sum
 * and is the row every posting locks (SELECT ... FOR UPDATE), so postings for one agent are serial and a
 * debit can never overdraw.
 */
export const LEDGER_TYPES = ['deposit', 'booking', 'direct_booking', 'charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void', 'adjustment'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
/** Counter-accounts of the wallet: where money came from or went to. */
export const LEDGER_ACCOUNTS = ['wallet', 'bank', 'sales', 'fees', 'refunds', 'adjustments'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** What the movement records ("deposit:12", a PNR, a charge id); (type, reference) posts once. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull().default('PKR'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_tx_type_ref_uq').on(t.type, t.reference), index('ledger_tx_agent_idx').on(t.agentId, t.createdAt, t.id)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull().references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Set for the wallet account; null for the house accounts. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Signed minor units: + increases the account (a wallet credit), − decreases it. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    /** For wallet entries: the wallet balance right after this entry (the statement's running balance). */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_tx_idx').on(t.transactionId), index('ledger_entries_wallet_idx').on(t.agentId, t.createdAt, t.id)],
);

export const wallets = pgTable(
  'wallets',
  {
    agentId: integer('agent_id').primaryKey().references(() => users.id, { onDelete: 'restrict' }),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('PKR'),
    /** How far below zero the balance may go (accounts set it; 0 = prepaid only). Kept on the locked row, so a debit and a limit change never interleave. */
    creditLimitMinor: bigint('credit_limit_minor', { mode: 'number' }).notNull().default(0),
    /** The low-credit alert already sent for the current dip (0 none, 40 or 20 % of the limit left); back to 0 once funds recover. */
    creditAlertLevel: integer('credit_alert_level').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_within_credit', sql`${t.balanceMinor} >= -${t.creditLimitMinor}`),
    check('wallets_credit_not_negative', sql`${t.creditLimitMinor} >= 0`),
  ],
);
